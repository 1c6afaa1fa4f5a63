// The board of sixteen narrow and sixteen wide lines, drawn from a rule set's board model:
// the stripes and their numbers, the pieces on them, the pieces waiting at each start, each
// side's scoring pile, and what the viewer may move now (outlined), the one picked (blue)
// and where it lands (dashed).

import { LINES, middle, r, rectAttrs } from './layout.js';
import { movable, moverSide } from './pick.js';
import { BASE, EDGE, FILL, LENGTH, WIDTH, pieceIn, pieceShape, spread, wayArrow } from './pieces.js';
import { s } from './svg.js';

/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').Column} Column */
/** @typedef {import('./types.js').Start} Start */
/** @typedef {import('./types.js').Pile} Pile */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./layout.js').Layout} Layout */
/** @typedef {import('./layout.js').Box} Box */
/** @typedef {import('./svg.js').Tree} Tree */
/**
 * What was tapped.
 * @typedef {{kind: 'column', column: Column} | {kind: 'start', start: Start} | {kind: 'pile', pile: Pile}
 *   | {kind: 'line', line: number} | {kind: 'landing'}} Tap
 */

const INK = '#2b2118';
const PICKED = '#1f4fa3';
const MOVABLE = '#c9971c';
const BLOCK = '#b3362b';
const FONT = 0.62;
/**
 * The page's focus outline is sized in pixels, which inside the board are board units and
 * would be far too thick: the board draws its own ring, shown by the mount on keyboard focus.
 */
const FOCUS = 'outline:none';

/**
 * @param {BoardModel} model @param {Layout} lay
 * @param {string | null} selected the key of the picked column or start
 * @param {(tap: Tap) => void} onTap
 * @returns {Tree}
 */
export function drawBoard(model, lay, selected, onTap) {
  const picked = movable(model, selected);
  return s(
    'svg',
    {
      class: 'men-board',
      viewBox: `0 0 ${r(lay.width)} ${r(lay.height)}`,
      role: 'group',
      'aria-label': 'The board',
      'font-family': 'system-ui, sans-serif',
    },
    s('rect', { class: 'men-wood', ...rectAttrs(lay.box({ u0: 0, u1: LINES, v0: -lay.band, v1: lay.length + lay.band })), rx: 0.3, fill: '#d9b478' }),
    stripes(lay),
    model.labels.map((l) => lineLabel(lay, l.line, l.side, l.text)),
    model.lines.map((line) =>
      s('rect', {
        class: 'men-hit',
        'data-line': line,
        ...rectAttrs(lay.box({ u0: middle(line) - reach(model), u1: middle(line) + reach(model), v0: 0, v1: lay.length })),
        fill: 'transparent',
        onclick: () => onTap({ kind: 'line', line }),
      }),
    ),
    model.columns.map((c) => column(lay, model.stacks, c, c.key === selected, onTap)),
    model.starts.map((st) => start(lay, st, st.key === selected, onTap)),
    model.piles.map((p) => pile(lay, p, onTap)),
    picked && picked.move ? landing(lay, picked.move, moverSide(picked), reach(model), onTap) : null,
  );
}

/** How far across a line its tappable place reaches: stacks stand on every other line. @param {BoardModel} model */
const reach = (model) => (model.stacks ? 0.95 : 0.5);

/** Narrow lines thin and dark, wide lines broad: narrow first at the white end. @param {Layout} lay */
function stripes(lay) {
  return Array.from({ length: LINES }, (_, line) => {
    const narrow = line % 2 === 0;
    const half = narrow ? 0.07 : 0.24;
    const u = middle(line);
    return s('rect', {
      class: narrow ? 'men-line men-narrow' : 'men-line men-wide',
      'data-line': line,
      ...rectAttrs(lay.box({ u0: u - half, u1: u + half, v0: 0, v1: lay.length })),
      fill: narrow ? '#4a2f14' : '#9c7440',
    });
  });
}

/** White's numbers along the far edge on light chips, black's along the base on dark ones. @param {Layout} lay @param {number} line @param {Side} side @param {string} text */
function lineLabel(lay, line, side, text) {
  const v = side === 'white' ? lay.length + lay.band / 2 : -lay.band / 2;
  const u = middle(line);
  const chip = lay.box({ u0: u - 0.48, u1: u + 0.48, v0: v - 0.4, v1: v + 0.4 });
  const at = lay.point(u, v);
  return s(
    'g',
    { class: `men-label men-label-${side}`, 'aria-hidden': 'true' },
    s('rect', { ...rectAttrs(chip), rx: 0.2, fill: FILL[side], stroke: EDGE[side], 'stroke-width': 0.04 }),
    s('text', { x: r(at.x), y: r(at.y), 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 0.5, 'font-weight': 700, fill: side === 'white' ? INK : '#fbf6ea' }, text),
  );
}

/** Attributes that make a mover a button, or only tappable (to say why not). @param {Column | Start} m @param {boolean} picked @param {() => void} tap */
function tappable(m, picked, tap) {
  return m.move
    ? { role: 'button', tabindex: 0, 'aria-label': m.label, 'aria-pressed': picked ? 'true' : 'false', 'data-key': m.key, cursor: 'pointer', style: FOCUS, onclick: tap }
    : { 'data-key': m.key, onclick: tap };
}

/** The keyboard focus ring around `box`, hidden until focused. @param {Box} box */
function ring(box) {
  const d = 0.12;
  return s('rect', { class: 'men-ring', ...rectAttrs({ x: box.x - d, y: box.y - d, width: box.width + 2 * d, height: box.height + 2 * d }), rx: 0.25, fill: 'none', stroke: INK, 'stroke-width': 0.1, visibility: 'hidden' });
}

/** An outline: blue when picked, gold when it may move, red for a block. @param {Box} box @param {string} color @param {number} width */
function outline(box, color, width, dashed = false) {
  return s('rect', {
    ...rectAttrs(box),
    rx: 0.15,
    fill: color === PICKED ? 'rgb(31 79 163 / 22%)' : color === MOVABLE ? 'rgb(255 236 170 / 55%)' : 'none',
    stroke: color,
    'stroke-width': width,
    'stroke-dasharray': dashed ? '0.3 0.18' : null,
  });
}

/** @param {Layout} lay @param {boolean} stacked @param {Column} c @param {boolean} picked @param {(tap: Tap) => void} onTap */
function column(lay, stacked, c, picked, onTap) {
  const u = middle(c.line);
  const places = spread(c.pieces, lay.length - 2 * BASE);
  const top = places[places.length - 1].v1;
  const around = lay.box({ u0: u - WIDTH / 2 - 0.14, u1: u + WIDTH / 2 + 0.14, v0: BASE - 0.14, v1: top + 0.14 });
  const block = !stacked && c.pieces.length >= 2;
  const controller = c.pieces[c.pieces.length - 1].side;
  return s(
    'g',
    { class: `men-column${block ? ' men-block' : ''}${c.move ? ' men-movable' : ''}`, 'data-line': c.line, ...tappable(c, picked, () => onTap({ kind: 'column', column: c })) },
    c.move ? outline(around, picked ? PICKED : MOVABLE, picked ? 0.16 : 0.1) : null,
    c.move ? ring(around) : null,
    block ? outline(lay.box({ u0: u - WIDTH / 2 - 0.08, u1: u + WIDTH / 2 + 0.08, v0: BASE - 0.08, v1: top + 0.08 }), BLOCK, 0.09) : null,
    c.pieces.map((p, i) => pieceShape(lay, p.side, u, places[i].v0)),
    stacked && c.pieces.length > 1 ? wayArrow(lay, c.line, top + 0.1, controller) : null,
    s('title', {}, c.label),
  );
}

/**
 * The two places at each end: a side's start (its waiting pieces) and the other side's
 * scoring pile, which lies at that side's far end.
 * @param {Layout} lay @param {'start' | 'pile'} what @param {Side} side
 */
function endBox(lay, what, side) {
  const atWhiteEnd = (what === 'start') === (side === 'white');
  const [u0, u1] = atWhiteEnd ? [-lay.end + 0.15, -0.25] : [LINES + 0.25, LINES + lay.end - 0.15];
  const mid = lay.length / 2;
  const [v0, v1] = what === 'start' ? [-lay.band, mid - 0.1] : [mid + 0.1, lay.length + lay.band];
  return lay.box({ u0, u1, v0, v1 });
}

/**
 * Pieces in rows inside `box` under its caption, as they lie on the board.
 * @param {Layout} lay @param {Box} box @param {Side[]} sides @param {number} captionLines
 */
function heap(lay, box, sides, captionLines) {
  const upright = !lay.orientation.vertical;
  let x = box.x + 0.2;
  let y = box.y + 0.25 + captionLines * FONT * 1.2;
  let rowHeight = 0;
  return sides.map((side) => {
    const [w, hgt] = upright ? [WIDTH, LENGTH[side]] : [LENGTH[side], WIDTH];
    if (x + w > box.x + box.width - 0.1) {
      x = box.x + 0.2;
      y += rowHeight + 0.15;
      rowHeight = 0;
    }
    const shape = pieceIn(side, { x, y, width: w, height: hgt });
    x += w + 0.15;
    rowHeight = Math.max(rowHeight, hgt);
    return shape;
  });
}

/** Caption lines at the top of `box`: stacked on a wide screen, one line on a narrow one. @param {Layout} lay @param {Box} box @param {string[]} lines */
function caption(lay, box, lines) {
  const shown = lay.orientation.vertical ? [lines.join(' · ')] : lines;
  const x = r(box.x + 0.2);
  // One text, a line a tspan; a space ends each line but the last, so the words read apart.
  return s(
    'text',
    { 'font-size': FONT, fill: INK },
    shown.map((line, i) =>
      s('tspan', { x, y: r(box.y + 0.1 + FONT * (i + 1) * 1.1), 'font-weight': i === 0 ? 700 : 400 }, i < shown.length - 1 ? `${line} ` : line),
    ),
  );
}

/** @param {Side} side */
const title = (side) => (side === 'white' ? 'White' : 'Black');

/** @param {Layout} lay @param {Start} st @param {boolean} picked @param {(tap: Tap) => void} onTap */
function start(lay, st, picked, onTap) {
  const box = endBox(lay, 'start', st.side);
  const lines = [title(st.side), `${st.waiting} waiting`];
  return s(
    'g',
    { class: `men-start men-start-${st.side}${st.move ? ' men-movable' : ''}`, ...tappable(st, picked, () => onTap({ kind: 'start', start: st })) },
    st.move ? outline(box, picked ? PICKED : MOVABLE, picked ? 0.16 : 0.1) : s('rect', { ...rectAttrs(box), rx: 0.15, fill: 'rgb(255 255 255 / 30%)' }),
    st.move ? ring(box) : null,
    caption(lay, box, lines),
    heap(lay, box, Array(st.waiting).fill(st.side), lay.orientation.vertical ? 1 : lines.length),
    s('title', {}, st.label),
  );
}

/** @param {Layout} lay @param {Pile} p @param {(tap: Tap) => void} onTap */
function pile(lay, p, onTap) {
  const box = endBox(lay, 'pile', p.side);
  const other = p.side === 'white' ? 'black' : 'white';
  const lines = [`${title(p.side)}’s pile`, p.points === null ? `${p.off} of 5 off` : `${p.points} point${p.points === 1 ? '' : 's'}`];
  return s(
    'g',
    { class: `men-pile men-pile-${p.side}`, onclick: () => onTap({ kind: 'pile', pile: p }) },
    s('rect', { ...rectAttrs(box), rx: 0.15, fill: 'rgb(255 255 255 / 30%)', stroke: '#b89a63', 'stroke-width': 0.05 }),
    caption(lay, box, lines),
    heap(lay, box, [...Array(p.off).fill(p.side), ...Array(p.captured).fill(other)], lay.orientation.vertical ? 1 : lines.length),
    s('title', {}, p.label),
  );
}

/**
 * Where the picked mover lands: its landing line, dashed, or its side's scoring pile when it
 * leaves the board.
 * @param {Layout} lay @param {import('./types.js').Move} move @param {Side} side @param {number} half
 * @param {(tap: Tap) => void} onTap
 */
function landing(lay, move, side, half, onTap) {
  const box =
    move.landing === null
      ? endBox(lay, 'pile', side)
      : lay.box({ u0: middle(move.landing) - half, u1: middle(move.landing) + half, v0: 0.05, v1: lay.length - 0.05 });
  return s(
    'g',
    { class: 'men-landing', role: 'button', tabindex: 0, 'aria-label': move.landing === null ? 'Move off the board' : `Move to ${move.words}`, 'data-key': 'landing', cursor: 'pointer', style: FOCUS, onclick: () => onTap({ kind: 'landing' }) },
    outline(box, PICKED, 0.14, true),
    ring(box),
  );
}
