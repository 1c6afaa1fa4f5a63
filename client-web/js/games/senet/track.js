// Where the thirty squares lie: three rows of ten, numbered along the inverted S (1–10 left
// to right on top, 11–20 right to left in the middle, 21–30 left to right at the bottom),
// and the houses printed on the board. Units: one square is 10 wide.

export const SIZE = 10;
export const ROWS = 3;
export const COLUMNS = 10;
export const SQUARES = ROWS * COLUMNS;

/**
 * The top-left corner of square `n` (1–30).
 * @param {number} n
 * @returns {{x: number, y: number, row: number}}
 */
export function corner(n) {
  const row = Math.floor((n - 1) / COLUMNS);
  const along = (n - 1) % COLUMNS;
  const column = row % 2 === 0 ? along : COLUMNS - 1 - along;
  return { x: column * SIZE, y: row * SIZE, row };
}

export const REBIRTH = 15;
export const BEAUTY = 26;
export const WATER = 27;

/**
 * A square with a name, what it means, the sign the board paints on it and its ground.
 * @typedef {{name: string, meaning: string, mark: 'ankh' | 'nefer' | 'water', tint: string}} House
 */

/** @type {Record<number, House>} */
export const HOUSES = {
  [REBIRTH]: { name: 'House of Rebirth', meaning: 'a drowned piece comes back here', mark: 'ankh', tint: '#cfe8df' },
  [BEAUTY]: { name: 'House of Beauty', meaning: 'every piece must stop here before it goes on', mark: 'nefer', tint: '#f6e2a4' },
  [WATER]: { name: 'House of Water', meaning: 'a piece that stops here drowns', mark: 'water', tint: '#bcd3f0' },
};

/**
 * The last three squares, with the throw that takes a piece off from each (painted as strokes).
 * @type {Record<number, number>}
 */
export const EXITS = { 28: 3, 29: 2, 30: 1 };
export const EXIT_TINT = '#ead8b0';

/** How far below a row's top the track line runs, near the squares' lower edge. */
const LINE = 8.6;
/** How far in from the board's edge the track turns from one row to the next. */
const TURN = 1.2;
/** Where the track leaves the board: below square 30, into the box of pieces off. */
export const TRACK_END = { x: COLUMNS * SIZE - TURN, y: ROWS * SIZE + 3 };

/**
 * The track as one path: along each row, down at the row's end, and off below square 30.
 * @returns {string}
 */
export function trackPath() {
  const right = COLUMNS * SIZE - TURN;
  let d = `M${TURN} ${LINE}`;
  for (let row = 0; row < ROWS; row++) {
    const y = row * SIZE + LINE;
    const end = row % 2 === 0 ? right : TURN;
    d += `H${end}`;
    if (row < ROWS - 1) d += `V${y + SIZE}`;
  }
  return `${d}V${TRACK_END.y}`;
}

/**
 * Small arrowheads along the track, one per square, pointing the way pieces go.
 * @returns {Array<{x: number, y: number, angle: number}>}
 */
export function trackArrows() {
  return Array.from({ length: SQUARES }, (_, i) => {
    const { x, y, row } = corner(i + 1);
    return { x: x + SIZE / 2, y: y + LINE, angle: row % 2 === 0 ? 0 : 180 };
  });
}
