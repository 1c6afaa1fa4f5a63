// Side and team colours, shared by the board, the seat list and the log.

/** @typedef {import('./types.js').View} View */

export const SIDE_COLOR = /** @type {Record<string, string>} */ ({
  Carnelian: '#b3362b',
  Lapis: '#1f4fa3',
  Lions: '#c98a12',
  Lionesses: '#11806f',
});

/**
 * The fill for a seat's marbles.
 * @param {View} view
 * @param {number} seat
 */
export function seatColor(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return SIDE_COLOR[p ? p.side : ''] || '#555';
}
