// Words both Men modules speak: who acts (with the verb agreeing: "Ada moves", "You
// move"), sides, pieces, lines, throws, and why a tap does nothing outside one's own move.

import { awaitedSeats } from '../../room/context.js';
export { capital } from '../../words.js';

/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {{side: Side, seat: number}} SideSeat */
/** @typedef {{sides: SideSeat[], phase: {phase: string}}} SidesView */
/** @typedef {import('../../types.js').RoomView<SidesView>} State */

/** @param {Side} side */
export const sideName = (side) => (side === 'white' ? 'White' : 'Black');

/** @param {Side} side @returns {Side} */
export const otherSide = (side) => (side === 'white' ? 'black' : 'white');

/** The side of piece `id` (0–4 white, 5–9 black). @param {number} id @returns {Side} */
export const sideOfPiece = (id) => (id < 5 ? 'white' : 'black');

/** @param {SidesView} view @param {Side} side */
export function seatOf(view, side) {
  return view.sides.find((s) => s.side === side)?.seat ?? (side === 'white' ? 0 : 1);
}

/** The viewer's side, or null for a spectator. @param {State} state @returns {Side | null} */
export function yourSide(state) {
  return state.game.sides.find((s) => s.seat === state.you)?.side ?? null;
}

/**
 * "Ada moves" or "You move": the name of `side`'s player and the verb agreeing with it.
 * @param {State} state @param {Ctx} ctx @param {Side} side @param {string} verb third person ("moves") @param {string} base ("move")
 */
export function does(state, ctx, side, verb, base) {
  const seat = seatOf(state.game, side);
  return `${ctx.name(seat)} ${seat === state.you ? base : verb}`;
}

/**
 * "Ada threw" or "You threw": what `side`'s player did, for the log (in the past tense, so one
 * form of the verb serves everyone).
 * @param {State} state @param {Ctx} ctx @param {Side} side @param {string} past ("threw")
 */
export function did(state, ctx, side, past) {
  return `${ctx.name(seatOf(state.game, side))} ${past}`;
}

/** "a white piece", "2 black pieces". @param {number} n @param {Side} side */
export function pieces(n, side) {
  const colour = side === 'white' ? 'white' : 'black';
  return n === 1 ? `a ${colour} piece` : `${n} ${colour} pieces`;
}


/** @param {number} n @param {string} one @param {string} [many] */
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where a reach of the server's view takes a piece, in words. @param {{line: number} | 'off'} to */
export const reachWords = (to) => (to === 'off' ? 'off the board' : `line ${to.line}`);

/** Where a reach takes a piece, after a verb: "to line 6" or "off the board". @param {{line: number} | 'off'} to */
export const goesTo = (to) => (to === 'off' ? 'off the board' : `to line ${to.line}`);

/** Where a move goes, after a verb. @param {import('./types.js').Move} move */
export const goes = (move) => (move.landing === null ? 'off the board' : `to ${move.words}`);

/** A throw of the four sticks: its score and how the sticks fell. @param {number} faces @param {number} score */
export function throwWords(faces, score) {
  let flat = 0;
  for (let i = 0; i < 4; i++) if (faces & (1 << i)) flat++;
  const how = flat === 0 ? 'no flat side up' : `${plural(flat, 'flat side')} up`;
  return `${score} (${how})`;
}

/**
 * Why the viewer cannot move right now, or null when it is the viewer's move.
 * @param {State} state @param {Ctx} ctx
 */
export function notYourMove(state, ctx) {
  if (state.status === 'waiting') return 'The game has not started: it waits for the other player.';
  if (state.status === 'over' || state.awaiting.kind === 'over') return 'The game is over.';
  if (state.you === null) return 'You are watching: only the players move pieces.';
  const seats = awaitedSeats(state);
  if (!seats.includes(state.you)) return `It is ${ctx.possessive(seats[0] ?? 0)} turn.`;
  if (state.awaiting.kind === 'throw') return 'Throw the sticks first.';
  return null;
}
