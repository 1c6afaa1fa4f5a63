// Symmetric Men (on the pattern of Senet): a race, white on the narrow lines from the narrow
// end, black on the wide lines from the wide end; two or more pieces on a line block it, and
// a piece caught between two opposing ones goes back to its start. The board is the one both
// Men rule sets share (../men/).

import { mountBoard } from '../men/mount.js';
import { boardModel } from './model.js';
import { eventText, phaseText, seatLines } from './words.js';
import { howToPlay } from './how.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Event} Event */

const RULES = 'White moves on the narrow lines, black on the wide ones, each counting its lines from its own start (white’s numbers on the light chips, black’s on the dark ones). A red outline marks a block: two or more pieces on one line.';

/** @type {import('../../types.js').GameModule<State, Event>} */
export default {
  ruleSet: 'men-symmetric',
  mount(el, ctx) {
    return mountBoard(el, ctx, (/** @type {State} */ state) => boardModel(state, ctx), RULES);
  },
  eventText,
  phaseText,
  seatLines,
  howToPlay,
  guides: [
    {
      title: 'Symmetric Men: a race on the lines',
      points: [
        'Two players race in opposite directions. White has five small squares on the narrow lines, from the narrow end; Black has five large rectangles on the wide lines, from the wide end.',
        'Throw four sticks: one to four flat sides up score 1 to 4, none flat scores 5.',
        'Each throw moves one piece: in from your start onto your own line equal to the throw, or that many of your lines forward. Past your sixteenth line it leaves the board; no exact throw is needed.',
        'Two or more of your pieces on one line are a block: the other side cannot cross that line, unless its piece moves from a block of its own.',
        'A piece of yours landing next to an opposing piece with another of yours just beyond it traps that piece: it goes back to its start, and you throw again.',
        'The first side with all five pieces off the board wins.',
      ],
    },
  ],
};
