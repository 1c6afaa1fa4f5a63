// Senet for a player who has never seen it: the turn, the goal and the pieces.

import { HOUSES } from './track.js';
import { houseMark, icon, pieceShape } from './shapes.js';
import { el, toDom } from './tree.js';

/** @typedef {import('./tree.js').Element} Element */

const CONES = '#b3362b';
const SPOOLS = '#1f4fa3';

/** A drawing of this game's for the page. @param {Element} tree */
const drawn = (tree) => toDom(tree, document);

/** Three rows of ten squares with pieces on the first row. */
function board() {
  const squares = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 10; col++) squares.push(el('rect', { x: col * 10 + 0.5, y: row * 10 + 0.5, width: 9, height: 9, rx: 1, fill: '#f6e8c6', stroke: '#9c7a3c', 'stroke-width': 0.4 }));
  }
  const pieces = Array.from({ length: 10 }, (_, i) => pieceShape(i % 2 ? 'Spools' : 'Cones', i % 2 ? SPOOLS : CONES, i * 10 + 5, 5, 1));
  return el('svg', { viewBox: '0 0 100 30', class: 'picture', 'aria-hidden': 'true' }, ...squares, ...pieces);
}

/** @type {import('../../types.js').HowToPlay} */
export const howToPlay = {
  summary: 'Throw four sticks and race your five pieces along thirty squares and off the board, past the House of Water.',
  picture: () => drawn(board()),
  conceals: false,
  turn: [
    'Throw the sticks: each flat side up counts 1, and none up counts 6. There is no 5.',
    'Move one of your pieces exactly that many squares along the track. If any piece can move, you must move one.',
    'A 1, 4 or 6 gives you another throw.',
    'Land on a lone piece of the other side and you swap places. Two of a side side by side cannot be hit; three cannot be passed.',
  ],
  win: 'Be the first to bring all five pieces off the board: exactly 3 from square 28, 2 from 29 or 1 from 30.',
  pieces: [
    { picture: () => drawn(icon(pieceShape('Cones', CONES, 0, 0))), words: 'A Cone. The Cones throw first.' },
    { picture: () => drawn(icon(pieceShape('Spools', SPOOLS, 0, 0))), words: 'A Spool.' },
    { picture: () => drawn(icon(houseMark(HOUSES[26].mark))), words: 'Square 26, the House of Beauty: every piece must stop here before going on.' },
    { picture: () => drawn(icon(houseMark(HOUSES[27].mark))), words: 'Square 27, the House of Water: a piece that stops here goes back to 15, the House of Rebirth.' },
  ],
};
