// Asymmetric Men (after the Maya game Puluc): both sides on the narrow lines, stacks led by
// their top piece, two whites capture a black and a black captures two whites; most points
// wins. The board is the one both Men rule sets share (../men/).

import { mountBoard } from '../men/mount.js';
import { boardModel } from './model.js';
import { eventText, phaseText, seatLines } from './words.js';
import { howToPlay } from './how.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Event} Event */

const RULES = 'The top piece of a stack controls it; the gold arrow shows the way it travels. Line numbers: white’s count on the light chips, black’s on the dark ones.';

/** @type {import('../../types.js').GameModule<State, Event>} */
export default {
  ruleSet: 'men-asymmetric',
  mount(el, ctx) {
    return mountBoard(el, ctx, (/** @type {State} */ state) => boardModel(state, ctx), RULES);
  },
  eventText,
  phaseText,
  seatLines,
  howToPlay,
  guides: [
    {
      title: 'Asymmetric Men: stacks, captures and points',
      points: [
        'Two players. White has five small squares and enters at the narrow end; Black has five large rectangles and enters at the wide end. Both move on the sixteen narrow lines, towards the far end.',
        'Throw four sticks: one to four flat sides up score 1 to 4, none flat scores 5.',
        'Bring a piece in from your start onto your own line equal to the throw, or move a stack whose top piece is yours that many lines: the whole stack moves with it.',
        'Landing on a line puts your pieces on top. Two or more whites landing directly on a black capture it (1 point); a black landing directly on two or more whites captures the top two (2 points). A capture earns another throw.',
        'A stack leaving the far end scores a point for each of its top side’s pieces in it; the other side’s pieces in it go back to their start. No exact throw is needed.',
        'When one side has nothing left to play, the game ends: most points wins, equal points are a draw.',
      ],
    },
  ],
};
