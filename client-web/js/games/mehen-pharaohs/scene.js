// Where everything stands on the board, as plain numbers: the serpent's spaces (the spiral
// every Mehen board shares, one point longer than the spaces: point 0 is the tail's end,
// where no space of this game lies, point k is space k, the last the head), the pharaohs on
// it, those waiting by the tail and those delivered, and each attacking lion set across the
// track, facing the pharaoh it attacks. No DOM here, so tests can read it.

import { spiralLayout } from '../../board.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').PharaohView} PharaohView */
/** @typedef {{x: number, y: number, angle: number}} Point */
/**
 * @typedef {{kind: 'pharaoh', id: number, team: number, x: number, y: number}} PharaohPiece
 * @typedef {{kind: 'lion', target: number, team: number, x: number, y: number, facing: number}} LionPiece
 * @typedef {{points: Point[], box: {x: number, y: number, width: number, height: number},
 *   waiting: {x: number, y: number}, afterlife: {x: number, y: number},
 *   pharaohs: PharaohPiece[], lions: LionPiece[]}} Scene
 */

/** Height of the bands above (the afterlife) and below (waiting by the tail) the coil. */
export const BAND = 1.3;
/** Distance between pieces side by side in a band. */
const SLOT = 1.12;
/** Where the first piece of a band stands, right of the band's caption: six fit in. */
const BAND_START = -0.6;
/** How far an attacking lion sits from its pharaoh, across the track. */
const LION_OFFSET = 0.68;

/** @type {Map<number, ReturnType<typeof spiralLayout>>} */
const layouts = new Map();

/** The spiral of a serpent of `spaces` spaces, and the tail's end before them, computed once. @param {number} spaces */
export function layoutOf(spaces) {
  let layout = layouts.get(spaces);
  if (!layout) {
    layout = spiralLayout(spaces + 1);
    layouts.set(spaces, layout);
  }
  return layout;
}

/**
 * The scene of one view.
 * @param {View} view
 * @returns {Scene}
 */
export function sceneOf(view) {
  const { points, extent } = layoutOf(view.spaces);
  const box = { x: -extent, y: -extent - BAND, width: 2 * extent, height: 2 * extent + 2 * BAND };
  const waiting = { x: -extent + 0.25, y: extent + BAND / 2 };
  const afterlife = { x: -extent + 0.25, y: -extent - BAND / 2 };
  const entries = Object.entries(view.pharaohs)
    .map(([id, p]) => /** @type {[number, PharaohView]} */ ([Number(id), p]))
    .sort((a, b) => a[0] - b[0]);
  /** @type {PharaohPiece[]} */
  const pharaohs = [];
  /** @type {LionPiece[]} */
  const lions = [];
  /** @type {Record<string, number>} pieces already in each band */
  const inBand = { waiting: 0, delivered: 0 };
  for (const [id, p] of entries) {
    if (p.place === 'serpent') {
      const at = points[Math.min(p.space, view.spaces)];
      pharaohs.push({ kind: 'pharaoh', id, team: p.team, x: at.x, y: at.y });
      if (p.attacked_by !== null) lions.push(lionBeside(id, at, teamOfSeat(view, p.attacked_by)));
    } else {
      const band = p.place === 'waiting' ? waiting : afterlife;
      const k = inBand[p.place]++;
      // Right of the band's caption, one slot per pharaoh.
      pharaohs.push({ kind: 'pharaoh', id, team: p.team, x: BAND_START + k * SLOT, y: band.y });
    }
  }
  return { points, box, waiting, afterlife, pharaohs, lions };
}

/** @param {View} view @param {number} seat */
function teamOfSeat(view, seat) {
  return view.teams.find((t) => t.seats.includes(seat))?.team ?? 0;
}

/**
 * A lion set across the track beside `at`, on the side away from the head (outside the
 * board on the outer coil), facing the pharaoh.
 * @param {number} target @param {Point} at @param {number} team
 * @returns {LionPiece}
 */
function lionBeside(target, at, team) {
  const rad = (at.angle * Math.PI) / 180;
  let nx = -Math.sin(rad);
  let ny = Math.cos(rad);
  if (nx * at.x + ny * at.y < 0) {
    nx = -nx;
    ny = -ny;
  }
  const facing = (Math.atan2(-ny, -nx) * 180) / Math.PI;
  return { kind: 'lion', target, team, x: at.x + nx * LION_OFFSET, y: at.y + ny * LION_OFFSET, facing };
}

/**
 * One short label per seat for the pieces: the initial of each name, or the seat numbers
 * when two names share an initial.
 * @param {Array<{seat: number, name: string | null}>} seats
 * @returns {Record<number, string>}
 */
export function pieceLabels(seats) {
  const initials = seats.map((s) => (s.name || '').trim().charAt(0).toUpperCase());
  const unique = initials.every((c, i) => c !== '' && initials.indexOf(c) === i);
  return Object.fromEntries(seats.map((s, i) => [s.seat, unique ? initials[i] : String(s.seat + 1)]));
}
