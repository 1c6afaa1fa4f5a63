// "Your games" in words: the seats this browser holds as the server sums them up (POST
// /api/rooms/mine), put in the order a player looks for them (their turn first, soonest
// deadline first), each told in a few words: who else plays, whose turn, how long is left,
// who won. No DOM here, so the unit tests read it.

import { spanInWords } from './clock.js';

/** @typedef {import('./types.js').MyRoom} MyRoom */
/** @typedef {import('./types.js').SeatSummary} SeatSummary */
/** @typedef {import('./types.js').SeatView} SeatView */

/** How a game stands for this player, in the order the list shows them. */
export const STANDING = /** @type {const} */ (['yours', 'theirs', 'waiting', 'over', 'gone']);

/** @typedef {typeof STANDING[number]} Standing */

/** @param {MyRoom} room @returns {Standing} */
export function standing(room) {
  if (room.answer !== 'seated') return 'gone';
  if (room.status === 'waiting') return 'waiting';
  if (room.status === 'over') return 'over';
  return room.your_turn ? 'yours' : 'theirs';
}

/** The rooms in the list's order: by standing, then the soonest deadline, then by code. @param {MyRoom[]} rooms */
export function inOrder(rooms) {
  const deadline = (/** @type {MyRoom} */ r) => (r.answer === 'seated' && r.deadline_ms !== null ? r.deadline_ms : Infinity);
  return [...rooms].sort(
    (a, b) =>
      STANDING.indexOf(standing(a)) - STANDING.indexOf(standing(b)) || deadline(a) - deadline(b) || a.room.localeCompare(b.room),
  );
}

/** How many of the rooms wait on this player. @param {MyRoom[]} rooms */
export const yourTurns = (rooms) => rooms.filter((r) => standing(r) === 'yours').length;

/** The page's title: `base`, or "(2) Your turn · Hesy" when games wait on this player. @param {number} turns @param {string} base */
export const titleWith = (turns, base) => (turns > 0 ? `(${turns}) Your turn · Hesy` : base);

/** "Ada", "Ada and Ben", "Ada, Ben and Cy". @param {string[]} names */
export function listed(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] ?? '';
}

/** The names at `seats`, in seat order (a free seat has none). @param {SeatSummary} s @param {(seat: SeatView) => boolean} which */
const namesOf = (s, which) => s.seats.filter((q) => q.name && which(q)).map((q) => /** @type {string} */ (q.name));

/** The team of the seat this browser holds. @param {SeatSummary} s */
const yourTeam = (s) => s.seats.find((q) => q.seat === s.you)?.team;

/**
 * Who else sits at the table: "against Ben", or "with Cy and Dee, against Ben, Eve and Fay";
 * '' while nobody else does.
 * @param {SeatSummary} s
 */
export function players(s) {
  const team = yourTeam(s);
  const partners = namesOf(s, (q) => q.team === team && q.seat !== s.you);
  const opponents = namesOf(s, (q) => q.team !== team);
  return [partners.length ? `with ${listed(partners)}` : '', opponents.length ? `against ${listed(opponents)}` : ''].filter(Boolean).join(', ');
}

/** Whose turn it is, or how the game stands: "Your turn", "Ben to play", "You won". @param {MyRoom} room */
export function turnInWords(room) {
  if (room.answer !== 'seated') return 'This game is no longer on the server';
  const s = room;
  switch (standing(s)) {
    case 'waiting': {
      const free = s.seats.filter((q) => !q.name).length;
      return `Waiting for ${free} more player${free === 1 ? '' : 's'}`;
    }
    case 'yours':
      return 'Your turn';
    case 'over': {
      if (s.winner === null) return 'Over: nobody won';
      if (s.winner === yourTeam(s)) return 'Over: you won';
      return `Over: ${listed(namesOf(s, (q) => q.team === s.winner))} won`;
    }
    default:
      return `${listed(namesOf(s, (q) => s.waiting_on.includes(q.seat))) || 'The server'} to play`;
  }
}

/** How long the step under way has left, on the server's clock `nowMs`: "2 d 4 h left"; '' without a timer. @param {MyRoom} room @param {number} nowMs */
export function timeLeft(room, nowMs) {
  if (room.answer !== 'seated' || room.status !== 'playing' || room.deadline_ms === null) return '';
  const seconds = (room.deadline_ms - nowMs) / 1000;
  return seconds >= 1 ? `${spanInWords(seconds)} left` : 'time is up';
}
