// The Senet board as an SVG tree: thirty numbered squares in three rows, the houses painted
// on them, the inverted-S track with its arrows, the pieces, the trays of pieces off the
// board, and, on the viewer's move, the pieces that can move and where each lands.

import { houseMark, pieceShape, strokes } from './shapes.js';
import { pieceAt, target } from './picking.js';
import { COLUMNS, EXITS, EXIT_TINT, HOUSES, ROWS, SIZE, SQUARES, corner, TRACK_END, trackArrows, trackPath } from './track.js';
import { el } from './tree.js';
import { pieceOf, piecesOf, sideOf, squareWords } from './words.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Plan} Plan */
/** @typedef {import('./types.js').Place} Place */
/** @typedef {import('./tree.js').Element} Element */
/**
 * What one drawing shows.
 * @typedef {{
 *   view: View,
 *   color: (seat: number) => string,
 *   possessive: (seat: number) => string,
 *   plans: Plan[],
 *   picked: number | null,
 *   arrived: Set<number>,
 * }} Scene
 */

const INK = '#2b2118';
const INK_SOFT = '#5e4d3b';
const MARK = '#7a5a2b';
const CHOICE = '#1f4fa3';
const GOLD = '#9a6b00';
const FONT = 'system-ui, sans-serif';
const WIDTH = COLUMNS * SIZE;
/** The strip under the board: trays of pieces off, and the exit box under square 30. */
const TRAY = { y: ROWS * SIZE + 2, height: 10 };
const OFF_BOX = { x: WIDTH - 20, width: 20 };

/** The centre of a place. @param {Place} place */
function centre(place) {
  if (place === 'off') return { x: OFF_BOX.x + OFF_BOX.width / 2, y: TRAY.y + TRAY.height / 2 };
  const { x, y } = corner(place);
  return { x: x + SIZE / 2, y: y + SIZE / 2 + 0.4 };
}

/** What a square looks like: its ground colour and the sign painted on it. @param {number} n */
function paint(n) {
  const house = HOUSES[n];
  const exit = EXITS[n];
  const ground = house ? house.tint : exit ? EXIT_TINT : (corner(n).row + n) % 2 === 0 ? '#f8ecd0' : '#efdcb2';
  return { ground, sign: house ? houseMark(house.mark) : exit ? strokes(exit) : null };
}

/** One square: its ground and its house sign. @param {number} n */
function square(n) {
  const { x, y } = corner(n);
  const { ground, sign } = paint(n);
  return el(
    'g',
    { class: 'senet-square' },
    el('rect', { x, y, width: SIZE, height: SIZE, fill: ground, stroke: '#b9975a', 'stroke-width': 0.3 }),
    sign ? el('g', { transform: `translate(${x + SIZE / 2} ${y + SIZE / 2 + 0.2})`, opacity: 0.75 }, sign) : null,
  );
}

/** The number in a square's corner, drawn above everything else so it always reads. @param {number} n */
function number(n) {
  const { x, y } = corner(n);
  const { ground, sign } = paint(n);
  return el(
    'text',
    {
      class: 'senet-number',
      x: x + 0.6,
      y: y + 2.7,
      'font-size': 2.7,
      'font-family': FONT,
      'font-weight': sign ? 700 : 500,
      fill: INK_SOFT,
      stroke: ground,
      'stroke-width': 0.6,
      'paint-order': 'stroke',
      'aria-hidden': 'true',
    },
    String(n),
  );
}

/** The line pieces travel along, with an arrowhead in every square and one into the exit. */
function track() {
  const arrows = [...trackArrows(), { x: TRACK_END.x, y: TRACK_END.y - 0.6, angle: 90 }];
  return el(
    'g',
    { class: 'senet-track', 'aria-hidden': 'true' },
    el('path', { d: trackPath(), fill: 'none', stroke: MARK, 'stroke-width': 0.45, 'stroke-opacity': 0.7, 'stroke-linejoin': 'round' }),
    arrows.map((a) =>
      el('path', { d: 'M-0.6 -0.7L0.5 0L-0.6 0.7', transform: `translate(${a.x} ${a.y}) rotate(${a.angle})`, fill: 'none', stroke: MARK, 'stroke-width': 0.45, 'stroke-opacity': 0.85 }),
    ),
  );
}

/** Where pieces leave the board; a landing place when a piece may leave. */
function offBox() {
  const { x, width } = OFF_BOX;
  return el(
    'g',
    { class: 'senet-exit' },
    el('rect', { x: x + 0.5, y: TRAY.y, width: width - 0.5, height: TRAY.height, rx: 1.5, fill: '#ead8b0', stroke: MARK, 'stroke-width': 0.35, 'stroke-dasharray': '1 0.6' }),
    el('text', { x: x + width / 2 - 1.5, y: TRAY.y + 4.2, 'font-size': 2.5, 'font-family': FONT, 'text-anchor': 'middle', fill: INK, 'aria-hidden': 'true' }, 'Off the'),
    el('text', { x: x + width / 2 - 1.5, y: TRAY.y + 7.4, 'font-size': 2.5, 'font-family': FONT, 'text-anchor': 'middle', fill: INK, 'aria-hidden': 'true' }, 'board'),
  );
}

/** A side's tray: its pieces off the board, and empty places for the rest. @param {Scene} scene @param {number} index */
function tray(scene, index) {
  const side = scene.view.sides[index];
  const total = piecesOf(scene.view, side.seat);
  const x = index * (OFF_BOX.x / 2);
  const width = OFF_BOX.x / 2 - 1.5;
  const step = Math.min(6, (width - 4) / Math.max(1, total - 1));
  return el(
    'g',
    { class: 'senet-tray' },
    el('rect', { x, y: TRAY.y, width, height: TRAY.height, rx: 1.5, fill: '#f8ecd0', stroke: '#b9975a', 'stroke-width': 0.3 }),
    el('text', { x: x + 1.2, y: TRAY.y + 3.2, 'font-size': 2.8, 'font-family': FONT, fill: INK, 'aria-hidden': 'true' }, `${side.side} off: ${side.off} of ${total}`),
    Array.from({ length: total }, (_, i) => {
      const cx = x + 3 + i * step;
      const cy = TRAY.y + 7;
      return i < side.off
        ? pieceShape(side.side, scene.color(side.seat), cx, cy, 0.5)
        : el('circle', { cx, cy, r: 1.3, fill: 'none', stroke: '#b9975a', 'stroke-width': 0.3, 'stroke-dasharray': '0.6 0.5' });
    }),
  );
}

/** @param {Scene} scene */
function pieces(scene) {
  const { view, picked } = scene;
  return Object.entries(view.pieces).flatMap(([id, p]) => {
    if (p.square === null) return [];
    const c = centre(p.square);
    const lift = Number(id) === picked ? -0.7 : 0;
    return [pieceShape(sideOf(view, p.owner), scene.color(p.owner), c.x + 0.5, c.y + 0.6 + lift, 0.8)];
  });
}

/** The outline of a square, inset a little. @param {number} n @param {Record<string, string | number>} paint */
function outline(n, paint) {
  const { x, y } = corner(n);
  return el('rect', { x: x + 0.5, y: y + 0.5, width: SIZE - 1, height: SIZE - 1, rx: 1, fill: 'none', ...paint });
}

/** Glows under pieces that just arrived, rings around those that can move. @param {Scene} scene */
function underlays(scene) {
  const glows = [...scene.arrived].map((n) => {
    const { x, y } = corner(n);
    return el('rect', { class: 'senet-arrived', x: x + 0.3, y: y + 0.3, width: SIZE - 0.6, height: SIZE - 0.6, rx: 1, fill: '#f0d27a', 'fill-opacity': 0.75 });
  });
  const rings = scene.plans.map((p) =>
    p.piece === scene.picked
      ? outline(p.from, { stroke: CHOICE, 'stroke-width': 0.9, class: 'senet-picked' })
      : outline(p.from, { stroke: GOLD, 'stroke-width': 0.8, 'stroke-dasharray': '1.4 0.8', class: 'senet-movable' }),
  );
  return el('g', { 'aria-hidden': 'true' }, glows, rings);
}

/**
 * Rings where the picked piece (or, with none picked, each piece that can move) would land,
 * and an arrow from the picked piece to its landing.
 * @param {Scene} scene
 */
function landings(scene) {
  const shown = scene.plans.filter((p) => scene.picked === null || p.piece === scene.picked);
  return el(
    'g',
    { 'aria-hidden': 'true' },
    shown.map((p) => {
      const to = centre(target(p));
      const strong = p.piece === scene.picked;
      const ring = { cx: to.x, cy: to.y, r: 3.8, fill: 'none' };
      return el(
        'g',
        { class: strong ? 'senet-landing senet-landing-picked' : 'senet-landing' },
        strong ? arrow(centre(p.from), to) : null,
        el('circle', { ...ring, fill: '#fff', 'fill-opacity': strong ? 0.35 : 0.2, stroke: '#fff', 'stroke-width': 1.5, 'stroke-opacity': 0.9 }),
        el('circle', { ...ring, stroke: CHOICE, 'stroke-width': strong ? 0.9 : 0.6, 'stroke-dasharray': strong ? 'none' : '1.2 0.8' }),
      );
    }),
  );
}

/** An arrow from one centre to another, stopping short of the landing ring. @param {{x: number, y: number}} a @param {{x: number, y: number}} b */
function arrow(a, b) {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const f = Math.max(0, (length - 4.3) / length);
  const end = { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
  const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const paint = { fill: 'none', stroke: CHOICE, 'stroke-width': 0.7, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  return el(
    'g',
    {},
    el('path', { ...paint, d: `M${a.x} ${a.y}L${end.x} ${end.y}`, stroke: '#fff', 'stroke-width': 1.5 }),
    el('path', { ...paint, d: `M${a.x} ${a.y}L${end.x} ${end.y}` }),
    el('path', { ...paint, d: 'M-1.3 -1.1L0 0L-1.3 1.1', transform: `translate(${end.x} ${end.y}) rotate(${angle})` }),
  );
}

/**
 * What a place holds and what tapping it does, for screen readers.
 * @param {Scene} scene @param {Place} place @param {Plan | undefined} from @param {Plan | undefined} to
 */
function placeLabel(scene, place, from, to) {
  const { view } = scene;
  const name = place === 'off' ? 'Off the board' : `Square ${squareWords(place)}`;
  const holder = pieceAt(view, place);
  const holds = holder ? `, ${scene.possessive(holder.owner)} ${pieceOf(view, holder.owner)}` : '';
  if (to) return `${name}${holds}: move the piece on ${to.from} here`;
  return `${name}${holds}: ${from?.piece === scene.picked ? 'picked' : 'can move'}`;
}

/** The transparent buttons over every place: they take the taps. @param {Scene} scene */
function hits(scene) {
  /** @type {Place[]} */
  const places = [...Array.from({ length: SQUARES }, (_, i) => i + 1), 'off'];
  return el(
    'g',
    { class: 'senet-hits' },
    places.map((place) => {
      const from = place === 'off' ? undefined : scene.plans.find((p) => p.from === place);
      const to = scene.plans.find((p) => target(p) === place && (scene.picked === null || p.piece === scene.picked));
      const box = place === 'off' ? { x: OFF_BOX.x + 0.5, y: TRAY.y, width: OFF_BOX.width - 0.5, height: TRAY.height } : { ...corner(place), width: SIZE, height: SIZE };
      const live = !!(from || to);
      return el('rect', {
        class: 'senet-hit',
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        fill: 'transparent',
        'data-place': String(place),
        role: live ? 'button' : null,
        tabindex: live ? 0 : null,
        'aria-label': live ? placeLabel(scene, place, from, to) : null,
      });
    }),
  );
}

/**
 * The whole board for one scene.
 * @param {Scene} scene
 * @returns {Element}
 */
export function drawBoard(scene) {
  const height = TRAY.y + TRAY.height;
  return el(
    'svg',
    { class: 'senet-board', viewBox: `-1 -1 ${WIDTH + 2} ${height + 2}`, role: 'group', 'aria-label': 'Senet board' },
    Array.from({ length: SQUARES }, (_, i) => square(i + 1)),
    track(),
    offBox(),
    scene.view.sides.map((_, i) => tray(scene, i)),
    underlays(scene),
    pieces(scene),
    landings(scene),
    Array.from({ length: SQUARES }, (_, i) => number(i + 1)),
    hits(scene),
  );
}

/**
 * The squares where a piece stands now that did not stand there before: what just moved.
 * @param {View} before
 * @param {View} after
 * @returns {Set<number>}
 */
export function arrivals(before, after) {
  const arrived = new Set();
  for (const [id, p] of Object.entries(after.pieces)) {
    if (p.square !== null && before.pieces[id]?.square !== p.square) arrived.add(p.square);
  }
  return arrived;
}
