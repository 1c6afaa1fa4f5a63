// The pieces as the Tomb of Hesy paints them: small light squares for white, large dark
// rectangles (twice as long) for black, lying along the line they stand on.

import { s } from './svg.js';
import { middle, r, rectAttrs } from './layout.js';

/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Piece} Piece */
/** @typedef {import('./layout.js').Layout} Layout */
/** @typedef {import('./svg.js').Tree} Tree */

/** Across the line, every piece. */
export const WIDTH = 0.8;
/** Along the line, per side: black is twice white. */
export const LENGTH = { white: 0.8, black: 1.6 };
const GAP = 0.1;
/** Where the first piece of a line is laid, above the base. */
export const BASE = 0.3;

export const FILL = { white: '#fbf6ea', black: '#231a12' };
export const EDGE = { white: '#3b2a16', black: '#e6d3a8' };

/**
 * Where each of `pieces` lies along its line, bottom first, squeezed together (overlapping
 * a little) when they would not fit in `room`.
 * @param {Piece[]} pieces @param {number} room
 * @returns {Array<{v0: number, v1: number}>}
 */
export function spread(pieces, room) {
  const sizes = pieces.map((p) => LENGTH[p.side]);
  const natural = sizes.reduce((a, b) => a + b, 0) + GAP * Math.max(0, pieces.length - 1);
  const last = sizes[sizes.length - 1] ?? 0;
  const squeeze = natural > room ? (room - last) / (natural - last) : 1;
  let at = BASE;
  return sizes.map((size) => {
    const here = { v0: at, v1: at + size };
    at += (size + GAP) * squeeze;
    return here;
  });
}

/**
 * One piece, centred across `u` from `v0` along the line.
 * @param {Layout} lay @param {Side} side @param {number} u @param {number} v0
 * @returns {Tree}
 */
export function pieceShape(lay, side, u, v0) {
  return pieceIn(side, lay.box({ u0: u - WIDTH / 2, u1: u + WIDTH / 2, v0, v1: v0 + LENGTH[side] }));
}

/** A piece filling `box` on the screen. @param {Side} side @param {import('./layout.js').Box} box */
export function pieceIn(side, box) {
  return s('rect', { class: `men-piece men-${side}`, ...rectAttrs(box), rx: 0.08, fill: FILL[side], stroke: EDGE[side], 'stroke-width': 0.07 });
}

/**
 * The little arrow beside a stack's top piece, pointing the way the stack travels: white
 * towards the wide end, black towards the narrow end.
 * @param {Layout} lay @param {number} line @param {number} v @param {Side} controller
 */
export function wayArrow(lay, line, v, controller) {
  const dir = controller === 'white' ? 1 : -1;
  const u = middle(line);
  const points = [
    [u + dir * 0.42, v + 0.33],
    [u - dir * 0.3, v + 0.08],
    [u - dir * 0.3, v + 0.58],
  ].map(([pu, pv]) => {
    const p = lay.point(pu, pv);
    return `${r(p.x)},${r(p.y)}`;
  });
  return s('polygon', { class: 'men-way', points: points.join(' '), fill: '#c9971c', stroke: '#5c3f06', 'stroke-width': 0.05 });
}
