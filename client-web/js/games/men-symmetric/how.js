// Symmetric Men for a player who has never seen it: the turn, the goal and the pieces.

import { board, pieces } from '../men/picture.js';

/** @type {import('../../types.js').HowToPlay} */
export const howToPlay = {
  summary: 'A race in opposite directions on sixteen lines: block the other side and trap its pieces between yours.',
  picture: board,
  conceals: false,
  turn: [
    'Throw four sticks: 1 to 4 flat sides up count 1 to 4, and none up counts 5.',
    'Move one piece: onto your own line of that number, or that many of your lines forward. Past your sixteenth line it leaves the board.',
    'Two of your pieces on one line block it: the other side cannot cross there.',
    'Land next to a piece of the other side with another of yours just beyond it: that piece is trapped, goes back to its start, and you throw again.',
  ],
  win: 'Be the first to bring all five of your pieces off the board.',
  pieces,
};
