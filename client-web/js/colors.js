// Seat colours, shared by every board, the seat list and the players panel: a side's own
// colour where the game has one, else its team's.

/** @typedef {import('./types.js').SeatView} SeatView */

export const SIDE_COLOR = /** @type {Record<string, string>} */ ({
  Carnelian: '#b3362b',
  Lapis: '#1f4fa3',
  Lions: '#c98a12',
  Lionesses: '#11806f',
  Turquoise: '#1b9aaa',
  Malachite: '#2e7d32',
  Gold: '#c9971c',
  Ivory: '#e9dfc8',
  White: '#d9c9a0',
  Black: '#231a12',
});

/** Teams beyond the named sides, in order. */
const TEAM_COLOR = ['#b3362b', '#1f4fa3', '#c98a12', '#11806f'];

/**
 * The colour of a seat's pieces.
 * @param {Array<Pick<SeatView, 'seat' | 'team' | 'side'>>} seats
 * @param {number} seat
 */
export function seatColor(seats, seat) {
  const s = seats.find((q) => q.seat === seat);
  if (!s) return '#555';
  return SIDE_COLOR[s.side] || TEAM_COLOR[s.team % TEAM_COLOR.length];
}
