// Pharaohs and lions Mehen for a player who has never seen it: the turn, the goal and the pieces.

import { picture, serpentPicture } from '../../board.js';
import { SIDE_COLOR } from '../../colors.js';
import { beastMarkup, pharaohShape } from './svg.js';

/** A team's pharaoh in its colour. @param {number} team @param {string} color */
const pharaoh = (team, color) => `<g style="fill:${color}">${pharaohShape(team)}</g>`;

/** @type {import('../../types.js').HowToPlay} */
export const howToPlay = {
  summary: 'Two teams race their pharaohs up the serpent by guessing each other’s hidden marbles; lions bar the way.',
  picture: () => serpentPicture(71, [[9, pharaoh(0, SIDE_COLOR.Lions)], [23, pharaoh(1, SIDE_COLOR.Lionesses)], [40, pharaoh(0, SIDE_COLOR.Lions)]]),
  conceals: true,
  turn: [
    'Your team picks which of its pharaohs moves. Its owner hides 1 to 5 marbles and the other team guesses.',
    'A wrong guess moves that pharaoh as many spaces as were hidden. A right guess moves the guesser’s pharaoh instead, and lets the guesser set a lion on the pharaoh that hid.',
    'A pharaoh with a lion on it must beat the lion first: the lion’s owner hides 1 to 3 marbles and the pharaoh’s owner guesses.',
    'Land on an opponent and you swap places; land on a teammate and you step one space on.',
  ],
  win: 'The first team to bring all its pharaohs through the serpent’s head wins.',
  pieces: [
    { picture: () => picture('-0.5 -0.5 1 1', pharaoh(0, SIDE_COLOR.Lions)), words: 'A pharaoh of the Lions: a gold square with its player’s initial.' },
    { picture: () => picture('-0.5 -0.5 1 1', pharaoh(1, SIDE_COLOR.Lionesses)), words: 'A pharaoh of the Lionesses: a green diamond.' },
    { picture: () => picture('-0.4 -0.3 0.8 0.55', beastMarkup(0, SIDE_COLOR.Lions)), words: 'A lion (the Lionesses have lionesses): set on an enemy pharaoh, it holds it still.' },
  ],
};
