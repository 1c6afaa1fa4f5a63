// What the room page gives a rule-set module (docs/client-games.md): names in the viewer's
// words, seat colours, and the one way to send a move.

import { seatColor } from '../colors.js';
import { announce, toast } from '../dom.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').GameContext} GameContext */

/**
 * @param {() => RoomView | null} current the state the page shows now
 * @param {(action: object) => void} send sends one of `state.legal` as a move
 * @returns {GameContext}
 */
export function gameContext(current, send) {
  /** @param {number} seat */
  const name = (seat) => {
    const state = current();
    if (state && seat === state.you) return 'You';
    return state?.seats.find((s) => s.seat === seat)?.name || `Seat ${seat + 1}`;
  };
  return {
    send,
    name,
    possessive: (seat) => (seat === current()?.you ? 'your' : `${name(seat)}’s`),
    color: (seat) => seatColor(current()?.seats || [], seat),
    announce: (text) => announce(text),
    explain: (text) => toast(text),
  };
}

/** The seats the game waits on now. @param {RoomView} state @returns {number[]} */
export function awaitedSeats(state) {
  if (state.status !== 'playing') return [];
  const a = state.awaiting;
  if (a.kind === 'over') return [];
  return 'seats' in a ? a.seats : [a.seat];
}

/** The seats on the viewer's team, the viewer included (none for a spectator). @param {RoomView} state */
export function myTeam(state) {
  const team = state.seats.find((s) => s.seat === state.you)?.team;
  return team === undefined ? [] : state.seats.filter((s) => s.team === team);
}
