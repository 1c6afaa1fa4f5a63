// Men's board and pieces as small pictures, for the player's guides of both rule sets.

import { picture } from '../../board.js';
import { EDGE, FILL } from './pieces.js';

/** @typedef {import('./types.js').Side} Side */

/** A piece of `side` lying at (x, y): white a small square, black twice as long. @param {Side} side @param {number} x @param {number} y */
const piece = (side, x, y) => `<rect x="${x}" y="${y}" width="${side === 'white' ? 4 : 8}" height="4" rx="0.5" fill="${FILL[side]}" stroke="${EDGE[side]}" stroke-width="0.5"/>`;

/** The sixteen lines with a few pieces on them. */
export function board() {
  const lines = Array.from({ length: 16 }, (_, i) => `<path d="M2 ${3 + i * 3.4}H62" stroke="#3b2a16" stroke-width="0.5"/>`).join('');
  return picture('0 0 64 58', `<rect width="64" height="58" rx="2" fill="#d9b77a"/>${lines}${piece('white', 10, 1)}${piece('white', 30, 11.2)}${piece('black', 44, 38.4)}${piece('black', 20, 45.2)}`);
}

/** The two sides' pieces, as the board draws them. */
export const pieces = [
  { picture: () => picture('0 0 10 6', piece('white', 3, 1)), words: 'White’s pieces: small light squares, starting at the narrow end.' },
  { picture: () => picture('0 0 10 6', piece('black', 1, 1)), words: 'Black’s pieces: large dark rectangles, starting at the wide end.' },
];
