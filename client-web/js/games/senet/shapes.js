// The shapes the board paints: the two sides' pieces, told apart by shape as well as colour
// (the Cones are cones, the Spools are spools, reels), and the signs on the houses. Each is
// drawn around (0, 0), about 7 units tall.

import { el } from './tree.js';

/** @typedef {import('./tree.js').Element} Element */

const OUTLINE = '#2b2118';
const LINE = { stroke: '#7a5a2b', 'stroke-width': 0.55, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };

/** @param {string} fill */
function cone(fill) {
  return el(
    'g',
    {},
    el('path', { d: 'M-3 2.9L-0.5 -3.2Q0 -3.9 0.5 -3.2L3 2.9Q0 4.3 -3 2.9Z', fill, stroke: OUTLINE, 'stroke-width': 0.45, 'stroke-linejoin': 'round' }),
    el('path', { d: 'M-1.2 -0.6L-0.3 -2.8', stroke: '#fff', 'stroke-opacity': 0.6, 'stroke-width': 0.5, 'stroke-linecap': 'round' }),
  );
}

/** @param {string} fill */
function spool(fill) {
  const cap = { fill, stroke: OUTLINE, 'stroke-width': 0.45, rx: 0.6, width: 6.4, height: 1.5, x: -3.2 };
  return el(
    'g',
    {},
    el('path', { d: 'M-2.3 -2.2Q-0.7 0 -2.3 2.2H2.3Q0.7 0 2.3 -2.2Z', fill, stroke: OUTLINE, 'stroke-width': 0.45 }),
    el('rect', { ...cap, y: -3.6 }),
    el('rect', { ...cap, y: 2.1 }),
    el('path', { d: 'M-0.9 -1.1V1.1', stroke: '#fff', 'stroke-opacity': 0.6, 'stroke-width': 0.5, 'stroke-linecap': 'round' }),
  );
}

/** @type {Record<string, (fill: string) => Element>} */
const SHAPES = { Cones: cone, Spools: spool };

/**
 * A piece of `side` ("Cones" or "Spools") in `fill`, at (x, y), `scale` times the board size.
 * @param {string} side
 * @param {string} fill
 * @param {number} x
 * @param {number} y
 * @param {number} [scale]
 */
export function pieceShape(side, fill, x, y, scale = 1) {
  const shape = (SHAPES[side] || cone)(fill);
  shape.attrs.transform = `translate(${x} ${y})${scale === 1 ? '' : ` scale(${scale})`}`;
  shape.attrs.class = `senet-piece senet-${side.toLowerCase()}`;
  return shape;
}

/** The sign painted on a house. @param {import('./track.js').House['mark']} mark */
export function houseMark(mark) {
  if (mark === 'ankh') return el('path', { ...LINE, d: 'M0 -0.6C-1.8 -1.6 -1.3 -3.6 0 -3.6C1.3 -3.6 1.8 -1.6 0 -0.6ZM-2 -0.5H2M0 -0.6V3.6' });
  if (mark === 'nefer') return el('path', { ...LINE, d: 'M0 -3.6V-0.2M-1 -2.6H1M0 -0.2C-2.4 -0.2 -2.4 3.4 0 3.4C2.4 3.4 2.4 -0.2 0 -0.2Z' });
  const wave = (/** @type {number} */ y) => `M-3 ${y}l1 -0.7l1 0.7l1 -0.7l1 0.7l1 -0.7l1 0.7`;
  return el('path', { ...LINE, stroke: '#2f5f9e', d: [-1.8, 0, 1.8].map(wave).join('') });
}

/** The strokes painted on an exit: as many as the throw that takes a piece off from it. @param {number} count */
export function strokes(count) {
  const gap = 1.4;
  const d = Array.from({ length: count }, (_, i) => `M${(i - (count - 1) / 2) * gap} -2.4V2.4`).join('');
  return el('path', { ...LINE, 'stroke-width': 0.7, d });
}

/**
 * A shape as a small stand-alone image, for the legend.
 * @param {Element} shape
 */
export function icon(shape) {
  return el('svg', { viewBox: '-4.5 -4.5 9 9', width: 24, height: 24, 'aria-hidden': 'true', class: 'senet-icon' }, shape);
}
