// The key under the board: which side plays which pieces, what each house means and which
// way the track runs; and, for screen readers, where every piece stands.

import { houseMark, icon, pieceShape, strokes } from './shapes.js';
import { EXITS, HOUSES } from './track.js';
import { el } from './tree.js';
import { pieceOf, squareWords } from './words.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Ctx} Ctx */

/** "a piece leaves the board with a 3 from 28, a 2 from 29, a 1 from 30 (the strokes)" */
function exitWords() {
  const each = Object.entries(EXITS).map(([square, throwOf]) => `a ${throwOf} from ${square}`);
  return `a piece leaves the board with ${each.join(', ')} (the strokes)`;
}

/**
 * @param {View} view
 * @param {Pick<Ctx, 'name' | 'color'>} ctx
 */
export function drawLegend(view, ctx) {
  return el(
    'div',
    { class: 'senet-legend' },
    el(
      'ul',
      { class: 'senet-key senet-sides', 'aria-label': 'Sides' },
      view.sides.map((s) => el('li', {}, icon(pieceShape(s.side, ctx.color(s.seat), 0, 0)), el('span', {}, el('strong', {}, s.side), `: ${ctx.name(s.seat)}`))),
    ),
    el(
      'ul',
      { class: 'senet-key', 'aria-label': 'Houses' },
      Object.entries(HOUSES).map(([n, house]) =>
        el('li', {}, icon(houseMark(house.mark)), el('span', {}, el('strong', {}, `${n} ${house.name}`), `: ${house.meaning}`)),
      ),
      el('li', {}, icon(strokes(3)), el('span', {}, el('strong', {}, `${Object.keys(EXITS).join(', ')} the exits`), `: ${exitWords()}`)),
    ),
    el('p', { class: 'senet-way' }, 'Pieces go from 1 to 10 along the top, from 11 to 20 back along the middle, from 21 to 30 along the bottom, then off the board.'),
  );
}

/**
 * Where every piece stands, one line each, for screen readers.
 * @param {View} view
 * @param {Pick<Ctx, 'possessive'>} ctx
 */
export function drawPosition(view, ctx) {
  const standing = Object.values(view.pieces)
    .flatMap((p) => (p.square === null ? [] : [{ owner: p.owner, square: p.square }]))
    .sort((a, b) => a.square - b.square);
  return el(
    'ul',
    { class: 'sr-only', 'aria-label': 'Pieces on the board' },
    standing.map((p) => el('li', {}, `${squareWords(p.square)}: ${ctx.possessive(p.owner)} ${pieceOf(view, p.owner)}`)),
    view.sides.map((s) => el('li', {}, `${s.side} off the board: ${s.off}`)),
  );
}
