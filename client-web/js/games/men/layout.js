// Where things go on the board. Everything is placed in one frame of the board's own: `u`
// runs across the lines (board line b is the stripe from b to b + 1; the white end lies
// below 0, the black end beyond 32) and `v` runs along them (0 is the base pieces are laid
// from, `length` the far edge). A layout turns that frame into the picture: lines upright
// on a wide screen, lying down on a narrow one, the viewer's own start first (left or at
// the bottom).

/** Board lines, from the narrow (white) end to the wide (black) end. */
export const LINES = 32;

/**
 * @typedef {{vertical: boolean, flip: boolean}} Orientation
 * @typedef {{x: number, y: number, width: number, height: number}} Box
 * @typedef {{u0: number, u1: number, v0: number, v1: number}} Area
 * @typedef {{orientation: Orientation, width: number, height: number, length: number, band: number, end: number,
 *   box(area: Area): Box, point(u: number, v: number): {x: number, y: number}}} Layout
 */

/** How long the lines are, how deep the number bands and the ends, per orientation. */
const SIZES = {
  upright: { length: 11, band: 1.1, end: 5.5 },
  lying: { length: 16.6, band: 1.2, end: 3.4 },
};

/** @param {Orientation} orientation @returns {Layout} */
export function layout(orientation) {
  const { length, band, end } = orientation.vertical ? SIZES.lying : SIZES.upright;
  const across = LINES + 2 * end;
  const along = length + 2 * band;
  /** Screen position of a frame point. @param {number} u @param {number} v */
  const point = (u, v) => {
    const forward = (orientation.flip ? LINES - u : u) + end;
    return orientation.vertical ? { x: v + band, y: across - forward } : { x: forward, y: along - band - v };
  };
  return {
    orientation,
    width: orientation.vertical ? along : across,
    height: orientation.vertical ? across : along,
    length,
    band,
    end,
    point,
    box({ u0, u1, v0, v1 }) {
      const a = point(u0, v0);
      const b = point(u1, v1);
      return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
    },
  };
}

/** The middle of board line `line` across the board. @param {number} line */
export const middle = (line) => line + 0.5;

/** Rounds for the SVG text, to keep it short. @param {number} n */
export const r = (n) => Math.round(n * 1000) / 1000;

/** `box` as SVG attributes. @param {Box} b */
export const rectAttrs = (b) => ({ x: r(b.x), y: r(b.y), width: r(b.width), height: r(b.height) });
