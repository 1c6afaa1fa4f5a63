// Asymmetric Men for a player who has never seen it: the turn, the goal and the pieces.

import { board, pieces } from '../men/picture.js';

/** @type {import('../../types.js').HowToPlay} */
export const howToPlay = {
  summary: 'Stack, capture and score: five small white pieces against five large black ones on sixteen lines.',
  picture: board,
  conceals: false,
  turn: [
    'Throw four sticks: 1 to 4 flat sides up count 1 to 4, and none up counts 5.',
    'Bring a piece onto your own line of that number, or move a stack with your piece on top that many lines: the whole stack goes.',
    'Landing on a line puts your piece on top. Two or more whites landing on a black capture it; a black landing on two or more whites captures the top two. A capture earns another throw.',
    'A stack that runs off the far end scores a point for each piece of its top side in it.',
  ],
  win: 'When one side has nothing left to play, the side with more points wins.',
  pieces,
};
