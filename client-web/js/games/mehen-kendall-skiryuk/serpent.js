// The serpent of Kendall–Skiryuk Mehen as SVG markup: the shared coil (spiralLayout) with
// cells 1 to the centre, the tail end where pieces enter and come home, every piece on the
// track (a piece heading back points its way), and the viewer's legal moves: glowing pieces
// and dashed rings where they land.

import { HEAD, spiralLayout } from '../../board.js';
import { esc } from './markup.js';
import { initialOf, pieceMarkup } from './pieces.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').PieceView} PieceView */
/** @typedef {{x: number, y: number, angle: number}} Point */
/**
 * What the board shows beyond the view: the seats' colours, the viewer's movable pieces and
 * the one picked up, and the keys of the places they land on (`placeKey`).
 * @typedef {{colors: string[], movable: number[], selected: number | null, landings: string[],
 *   chosen: string[], labels: Record<string, string>}} Look
 */

const PIECE_R = 0.36;
/** How far beyond cell 1 the tail end (home) lies, in cell widths. */
const HOME_GAP = 1.05;
/** Pieces shown in the centre before a count stands for the rest. */
const CENTRE_SHOWN = 7;

/** @type {Map<number, ReturnType<typeof spiralLayout>>} */
const layouts = new Map();

/** The coil for a serpent of `cells` cells, computed once per length. @param {number} cells */
export function layoutOf(cells) {
  let layout = layouts.get(cells);
  if (!layout) {
    layout = spiralLayout(cells);
    layouts.set(cells, layout);
  }
  return layout;
}

/** @param {number} n */
const f = (n) => n.toFixed(3);

/** Where pieces come home: just past cell 1, away from the coil. @param {Point[]} points */
function homePoint(points) {
  const tail = points[0];
  const rad = (tail.angle * Math.PI) / 180;
  return { x: tail.x - Math.cos(rad) * HOME_GAP, y: tail.y - Math.sin(rad) * HOME_GAP };
}

/**
 * The point of every board key: cells, the centre and home.
 * @param {number} cells
 * @returns {Map<string, {x: number, y: number}>}
 */
export function keyPoints(cells) {
  const { points } = layoutOf(cells);
  /** @type {Map<string, {x: number, y: number}>} */
  const at = new Map();
  for (let cell = 1; cell < cells; cell++) at.set(`cell-${cell}`, points[cell - 1]);
  at.set('centre', points[cells - 1]);
  at.set('home', homePoint(points));
  return at;
}

/**
 * The coil, its numbered cells, the centre (the head, named while empty) and the tail end.
 * @param {number} cells @param {boolean} centreTaken
 */
function serpentMarkup(cells, centreTaken) {
  const { points, body } = layoutOf(cells);
  const home = homePoint(points);
  const tail = points[0];
  let out = `<path class="body-edge" d="${body}"/><path class="body" d="${body}"/>`;
  out += `<path class="body-edge mk-tail" d="M${f(tail.x)} ${f(tail.y)}L${f(home.x)} ${f(home.y)}"/>`;
  out += `<path class="body mk-tail" d="M${f(tail.x)} ${f(tail.y)}L${f(home.x)} ${f(home.y)}"/>`;
  for (let cell = 1; cell < cells; cell++) {
    const p = points[cell - 1];
    out +=
      `<g class="mk-cell" data-place="cell-${cell}" transform="translate(${f(p.x)} ${f(p.y)})">` +
      `<circle class="cell${cell === 1 ? ' tail-cell' : ''}" r="0.43"/>` +
      `<text class="num" y="0.12">${cell}</text></g>`;
  }
  // The centre is the serpent's head, as the seed has it, facing along the last stretch.
  const into = points[cells - 1].angle;
  out += `<g class="mk-cell" data-place="centre"><g class="head" transform="rotate(${f(into)}) scale(1.2)">${HEAD}</g><circle class="cell head-cell" r="0.82"/>`;
  if (!centreTaken) out += `<text class="num head-num mk-centre-word" y="0.11">centre</text>`;
  out += '</g>';
  out +=
    `<g class="mk-cell mk-home" data-place="home" transform="translate(${f(home.x)} ${f(home.y)})">` +
    `<rect x="-0.5" y="-0.3" width="1" height="0.6" rx="0.3"/><text class="num" y="0.11">home</text></g>`;
  return out;
}

/** Offsets of the pieces sharing the centre: one in the middle, six around it. @param {number} count */
function centreSpots(count) {
  if (count === 1) return [{ x: 0, y: 0 }];
  const around = Math.min(count, CENTRE_SHOWN) - 1;
  const spots = [{ x: 0, y: 0 }];
  for (let i = 0; i < around; i++) {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / around;
    spots.push({ x: 0.5 * Math.cos(a), y: 0.5 * Math.sin(a) });
  }
  return spots;
}

/**
 * One piece: its shape, its letter, an arrow when it heads back, its highlight.
 * @param {string} id @param {PieceView} piece @param {{x: number, y: number}} at @param {number} r
 * @param {number} angle the track's inward direction here, in degrees
 * @param {View} view @param {Look} look
 */
function pieceAt(id, piece, at, r, angle, view, look) {
  const n = Number(id);
  const side = view.players.find((p) => p.seat === piece.owner)?.side ?? '';
  const movable = look.movable.includes(n);
  const classes = ['mk-piece', movable ? 'mk-movable' : '', look.selected === n ? 'mk-selected' : ''].filter(Boolean);
  const label = look.labels[id] ?? '';
  const button = movable ? ` role="button" tabindex="0" aria-label="${esc(label)}"` : '';
  const ring = movable ? `<circle class="mk-ring" r="${f(r * 1.45)}"/>` : '';
  const back =
    piece.place.kind === 'outward'
      ? `<path class="mk-back" transform="rotate(${f(angle + 180)}) translate(${f(r * 1.45)} 0)" d="M-0.12 -0.18L0.12 0L-0.12 0.18"/>`
      : '';
  return (
    `<g class="${classes.join(' ')}" data-piece="${n}"${button} transform="translate(${f(at.x)} ${f(at.y)})">` +
    ring +
    pieceMarkup({ lion: piece.kind === 'lion', color: look.colors[piece.owner] ?? '#555', letter: initialOf(side), r }) +
    back +
    '</g>'
  );
}

/** Every piece on the track and in the centre. @param {View} view @param {Look} look */
function piecesMarkup(view, look) {
  const { points } = layoutOf(view.cells);
  let out = '';
  /** @type {Array<[string, PieceView]>} */
  const centre = [];
  for (const [id, piece] of Object.entries(view.pieces)) {
    const place = piece.place;
    if (place.kind === 'centre') centre.push([id, piece]);
    if (place.kind !== 'inward' && place.kind !== 'outward') continue;
    const p = points[place.cell - 1];
    if (p) out += pieceAt(id, piece, p, PIECE_R, p.angle, view, look);
  }
  const spots = centreSpots(centre.length);
  const r = centre.length > 1 ? 0.22 : PIECE_R;
  centre.slice(0, spots.length).forEach(([id, piece], i) => (out += pieceAt(id, piece, spots[i], r, 0, view, look)));
  if (centre.length > spots.length) {
    out += `<text class="num mk-more" x="0" y="0.95">+${centre.length - spots.length}</text>`;
  }
  return out;
}

/** Dashed rings on the places the viewer's pieces land on; each is a button. @param {View} view @param {Look} look */
function landingsMarkup(view, look) {
  const at = keyPoints(view.cells);
  return look.landings
    .map((key) => {
      const p = at.get(key);
      if (!p) return '';
      const big = key === 'centre' ? 0.95 : key === 'home' ? 0.62 : 0.55;
      const chosen = look.chosen.includes(key) ? ' mk-chosen' : '';
      return (
        `<g class="mk-target${chosen}" data-place="${esc(key)}" role="button" tabindex="0" aria-label="${esc(look.labels[key] ?? key)}">` +
        `<circle class="mk-landing" cx="${f(p.x)}" cy="${f(p.y)}" r="${big}"/></g>`
      );
    })
    .join('');
}

/**
 * The whole board as one SVG element's markup.
 * @param {View} view @param {Look} look @param {string} title
 */
export function boardSvg(view, look, title) {
  const { extent } = layoutOf(view.cells);
  const e = f(extent);
  const size = f(extent * 2);
  return (
    `<svg class="serpent mk-board" viewBox="-${e} -${e} ${size} ${size}" role="group" aria-label="${esc(title)}">` +
    `<g class="mk-serpent">${serpentMarkup(view.cells, Object.values(view.pieces).some((p) => p.place.kind === 'centre'))}</g>` +
    `<g class="mk-pieces">${piecesMarkup(view, look)}</g>` +
    `<g class="mk-landings">${landingsMarkup(view, look)}</g>` +
    '</svg>'
  );
}
