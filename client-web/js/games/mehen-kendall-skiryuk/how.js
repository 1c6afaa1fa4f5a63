// Kendall–Skiryuk Mehen for a player who has never seen it: the turn, the goal and the pieces.

import { picture, serpentPicture } from '../../board.js';
import { SIDE_COLOR } from '../../colors.js';
import { pieceMarkup } from './pieces.js';

/** A piece of seat `seat` in its side's colour, as the board draws it. @param {number} seat @param {boolean} lion */
const piece = (seat, lion) => pieceMarkup({ lion, color: seat ? SIDE_COLOR.Lapis : SIDE_COLOR.Carnelian, letter: seat ? 'L' : 'C', r: 0.36 });

/** @type {import('../../types.js').HowToPlay} */
export const howToPlay = {
  summary: 'Two to six players run balls in to the serpent’s head and back out; your first ball home earns a lion that eats the others’ balls.',
  picture: () => serpentPicture(40, [[4, piece(0, false)], [15, piece(1, false)], [27, piece(0, true)]]),
  conceals: false,
  turn: [
    'Throw the three sticks: 1, 2 or 3 flat sides up count that many, and none up counts 6. One throw a turn.',
    'A 1 brings a ball (or your lion, once earned) onto cell 1, or is saved for later.',
    'A 2, 3 or 6 moves one of your pieces in towards the head, then back out to the tail; a lion goes twice as far. The head takes an exact throw (saved ones make up the rest), and leaving it costs 4 saved ones (a lion 10).',
    'Land on another player’s piece and you swap places. A lion on its way home eats the balls it lands on.',
  ],
  win: 'When every lion is home, the lion that ate the most balls wins; on a tie, the first lion home.',
  pieces: [
    { picture: () => picture('-0.5 -0.5 1 1', piece(0, false)), words: 'A ball, in its player’s colour and initial. Everyone starts with six waiting at the tail.' },
    { picture: () => picture('-0.6 -0.6 1.2 1.2', piece(0, true)), words: 'A lion: earned when your first ball comes home; it moves twice as far.' },
  ],
};
