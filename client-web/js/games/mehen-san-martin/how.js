// San Martin Mehen for a player who has never seen it: the turn, the goal and the pieces.

import { picture, serpentPicture } from '../../board.js';
import { SIDE_COLOR } from '../../colors.js';
import { lionSvg } from './seats.js';

/** A marble of `color`, drawn as the board draws one. @param {string} color */
const marble = (color) => `<circle r="0.36" fill="${color}" stroke="rgb(0 0 0 / 45%)" stroke-width="0.04"/>`;

/** @type {import('../../types.js').HowToPlay} */
export const howToPlay = {
  summary: 'Hide marbles in your hand; when the other side guesses wrong, race up the coiled serpent.',
  picture: () => serpentPicture(49, [[7, marble(SIDE_COLOR.Carnelian)], [19, marble(SIDE_COLOR.Lapis)], [31, marble(SIDE_COLOR.Carnelian)]]),
  conceals: true,
  turn: [
    'Hide some of your reserve marbles in your closed hand. The other side guesses how many.',
    'A wrong guess is yours to use: move a marble on the serpent exactly that many spaces, bring a new one in at the tail, or stand a fallen lion back up.',
    'A right guess knocks one of your lions down (in the team game, it freezes you) and the turn passes.',
    'Land exactly on a marble of the other side to capture it. Passing it is safe.',
  ],
  win: 'Bring two marbles to the serpent’s head, or knock down all three lions of the other side. In the team game: two different teammates reach the head, or all three opponents are frozen at once.',
  pieces: [
    { picture: () => picture('-0.5 -0.5 1 1', marble(SIDE_COLOR.Carnelian)), words: 'A marble: each side has its colour. Two of yours may be on the serpent at once.' },
    { picture: () => lionSvg('standing'), words: 'A standing lion. You have three; a right guess against you knocks one down.' },
    { picture: () => lionSvg('fallen'), words: 'A fallen lion: a wrong guess can stand it up again.' },
  ],
};
