// Asymmetric Men (after the Maya game Puluc): both sides on the narrow lines, stacks led by
// their top piece, two whites capture a black and a black captures two whites; most points
// wins. The board is the one both Men rule sets share (../men/).

import { mountBoard } from '../men/mount.js';
import { boardModel } from './model.js';
import { eventText, phaseText, seatLines } from './words.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('../men/types.js').Ctx} Ctx */

const RULES = 'The top piece of a stack controls it; the gold arrow shows the way it travels. Line numbers: white’s count on the light chips, black’s on the dark ones.';

export default {
  ruleSet: 'men-asymmetric',
  /** @param {HTMLElement} el @param {Ctx} ctx */
  mount(el, ctx) {
    return mountBoard(el, ctx, (/** @type {State} */ state) => boardModel(state, ctx), RULES);
  },
  eventText,
  phaseText,
  seatLines,
};
