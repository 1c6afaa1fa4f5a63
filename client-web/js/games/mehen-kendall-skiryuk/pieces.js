// How a piece looks: each seat's balls have their own shape and carry the side's initial, so
// the six sides differ by more than colour; a lion is its seat's shape inside a spiky mane.

import { esc } from './markup.js';

/** The shape of each seat's pieces, in seat order, in words and as a path maker. */
const SHAPES = [
  { word: 'circle', path: (/** @type {number} */ r) => circle(r) },
  { word: 'square', path: (/** @type {number} */ r) => polygon(4, r * 1.2, 45) },
  { word: 'triangle', path: (/** @type {number} */ r) => polygon(3, r * 1.35, -90) },
  { word: 'diamond', path: (/** @type {number} */ r) => polygon(4, r * 1.3, 0) },
  { word: 'hexagon', path: (/** @type {number} */ r) => polygon(6, r * 1.12, 0) },
  { word: 'upside-down triangle', path: (/** @type {number} */ r) => polygon(3, r * 1.35, 90) },
];

/** @param {number} r */
function circle(r) {
  const d = (2 * r).toFixed(3);
  return `M${(-r).toFixed(3)} 0a${r.toFixed(3)} ${r.toFixed(3)} 0 1 0 ${d} 0a${r.toFixed(3)} ${r.toFixed(3)} 0 1 0 -${d} 0Z`;
}

/** A regular polygon of `n` corners at radius `r`, the first at `start` degrees. @param {number} n @param {number} r @param {number} start */
function polygon(n, r, start) {
  return star(n, r, r, start);
}

/**
 * Corners alternating between radius `outer` and `inner` (equal radii: a polygon).
 * @param {number} n @param {number} outer @param {number} inner @param {number} start
 */
function star(n, outer, inner, start) {
  const corners = [];
  const step = outer === inner ? 360 / n : 180 / n;
  const count = outer === inner ? n : 2 * n;
  for (let i = 0; i < count; i++) {
    const a = ((start + i * step) * Math.PI) / 180;
    const r = i % 2 && outer !== inner ? inner : outer;
    corners.push(`${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`);
  }
  return `M${corners.join('L')}Z`;
}

/** The seat's shape in words ("square"). @param {number} seat */
export function shapeWord(seat) {
  return SHAPES[seat % SHAPES.length].word;
}

/** The side's initial, written on its pieces. @param {string} side */
export function initialOf(side) {
  return side.slice(0, 1).toUpperCase();
}

/**
 * One piece as SVG markup, centred on (0, 0) with radius about `r`.
 * @param {{seat: number, lion: boolean, color: string, letter: string, r: number}} piece
 */
export function pieceMarkup({ seat, lion, color, letter, r }) {
  const body = SHAPES[seat % SHAPES.length].path(lion ? r * 0.78 : r);
  const mane = lion ? `<path class="mk-mane" d="${star(10, r * 1.3, r * 0.95, -90)}"/>` : '';
  const size = (lion ? r * 0.95 : r * 1.1).toFixed(3);
  return (
    `${mane}<path class="mk-shape" d="${body}" fill="${esc(color)}"/>` +
    `<text class="mk-letter" y="${(r * 0.36).toFixed(3)}" font-size="${size}">${esc(letter)}</text>`
  );
}
