// What the room page gives a rule-set module (docs/client-games.md): names in the viewer's
// words, seat colours, and the one way to send a move.

import { seatColor } from '../colors.js';
import { announce, toast } from '../dom.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').GameContext} GameContext */

/**
 * Every sentence of `text` begins with a capital: a name that starts one may be written in
 * lower case ("the strong computer").
 * @param {string} text
 */
export const sentences = (text) => text.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, before, first) => before + first.toUpperCase());

/**
 * A seat's name in a sentence: a computer player is "the strong computer" (with its seat
 * when the table has two of a kind), a person their display name.
 * @param {RoomView | null} state @param {number} seat
 */
export function seatName(state, seat) {
  const s = state?.seats.find((q) => q.seat === seat);
  if (!s) return `Seat ${seat + 1}`;
  if (!s.computer) return s.name || `Seat ${seat + 1}`;
  const alike = state?.seats.filter((q) => q.computer === s.computer).length ?? 1;
  return `the ${s.computer} computer${alike > 1 ? ` at seat ${seat + 1}` : ''}`;
}

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
    return seatName(state, seat);
  };
  return {
    send,
    name,
    possessive: (seat) => (seat === current()?.you ? 'your' : `${name(seat)}’s`),
    color: (seat) => seatColor(current()?.seats || [], seat),
    announce: (text) => announce(sentences(text)),
    explain: (text) => toast(sentences(text)),
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
