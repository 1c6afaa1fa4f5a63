// Symmetric Men (on the pattern of Senet): a race, white on the narrow lines from the narrow
// end, black on the wide lines from the wide end; two or more pieces on a line block it, and
// a piece caught between two opposing ones goes back to its start. The board is the one both
// Men rule sets share (../men/).

import { mountBoard } from '../men/mount.js';
import { boardModel } from './model.js';
import { eventText, phaseText, seatLines } from './words.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('../men/types.js').Ctx} Ctx */

const RULES = 'White moves on the narrow lines, black on the wide ones, each counting its lines from its own start (white’s numbers on the light chips, black’s on the dark ones). A red outline marks a block: two or more pieces on one line.';

export default {
  ruleSet: 'men-symmetric',
  /** @param {HTMLElement} el @param {Ctx} ctx */
  mount(el, ctx) {
    return mountBoard(el, ctx, (/** @type {State} */ state) => boardModel(state, ctx), RULES);
  },
  eventText,
  phaseText,
  seatLines,
};
