// The pieces waiting off the board at each side's start, as both Men rule sets show them:
// the viewer's own may enter when `state.legal` says so.

import { sideName } from './words.js';

/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Start} Start */
/** @typedef {import('./types.js').Move} Move */

/**
 * @param {Array<{side: Side, at_start: number}>} sides the view's sides
 * @param {Side | null} you the viewer's side
 * @param {Map<string, Move>} moves the viewer's moves now
 * @param {string | null} notNow why the viewer cannot move now, if so
 * @param {string} cannotEnter why none of the viewer's waiting pieces can enter this throw
 * @returns {Start[]}
 */
export function starts(sides, you, moves, notNow, cannotEnter) {
  return sides.map((sv) => {
    const move = sv.side === you ? moves.get('enter') ?? null : null;
    const why =
      sv.side !== you
        ? `Those are ${sv.side}’s pieces waiting to enter.`
        : sv.at_start === 0
          ? 'None of your pieces is waiting to enter.'
          : cannotEnter;
    return {
      key: `start:${sv.side}`,
      side: sv.side,
      waiting: sv.at_start,
      move,
      why: notNow ?? why,
      label: `${sideName(sv.side)} ${sv.at_start} waiting at the start${move ? `: one enters on ${move.words}` : ''}.`,
    };
  });
}
