// Senet in words: whose turn and what they decide, every event of the log, the players'
// lines, and the names of pieces, squares and landings the board and the hints share.

import { BEAUTY, HOUSES, REBIRTH, WATER } from './track.js';
import { capital } from '../../words.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./types.js').Event} Event */
/** @typedef {import('./types.js').Plan} Plan */
/** @typedef {import('./types.js').Outcome} Outcome */
/** @typedef {Pick<Ctx, 'name' | 'possessive'>} Names */


/** The side a seat plays, plural ("Cones"). @param {View} view @param {number} seat */
export function sideOf(view, seat) {
  return view.sides.find((s) => s.seat === seat)?.side ?? `seat ${seat + 1}`;
}

/** One piece of a seat's side ("Cone"). @param {View} view @param {number} seat */
export function pieceOf(view, seat) {
  return sideOf(view, seat).replace(/s$/, '');
}

/** How many pieces a seat plays with. @param {View} view @param {number} seat */
export function piecesOf(view, seat) {
  return Object.values(view.pieces).filter((p) => p.owner === seat).length;
}

/** The houses a square's number is said with. */
const NAMED = new Set([REBIRTH, BEAUTY, WATER]);

/** A square with its house, if it is one: "26, the House of Beauty". @param {number} square */
export function squareWords(square) {
  return NAMED.has(square) ? `${square}, the ${HOUSES[square].name}` : String(square);
}

/** Where a plan lands, in words. @param {Plan} plan */
export function landingWords(plan) {
  const l = plan.landing;
  if (l.kind === 'leaves') return 'off the board';
  if (l.kind === 'drowns') return `${squareWords(WATER)}, and drowns: back to ${l.rebirth}`;
  return squareWords(l.square);
}

/**
 * What moving a piece by a plan does: "Your Cone on 8 lands on 11 and bumps Ben's Spool back to 8."
 * @param {View} view
 * @param {Pick<Ctx, 'possessive'>} ctx
 * @param {Plan} plan
 */
export function planWords(view, ctx, plan) {
  const mover = view.pieces[String(plan.piece)]?.owner ?? 0;
  const start = `${capital(ctx.possessive(mover))} ${pieceOf(view, mover)} on ${plan.from}`;
  const l = plan.landing;
  if (l.kind === 'leaves') return `${start} leaves the board.`;
  if (l.kind === 'drowns') return `${start} lands on ${squareWords(WATER)}, drowns and goes back to ${l.rebirth}.`;
  const bumped = l.swaps === null ? undefined : view.pieces[String(l.swaps)];
  const bump = bumped ? ` and bumps ${ctx.possessive(bumped.owner)} ${pieceOf(view, bumped.owner)} back to ${plan.from}` : '';
  return `${start} lands on ${squareWords(l.square)}${bump}.`;
}

/**
 * The words for the seats, as the viewer `you` reads them.
 * @param {State} state
 * @param {Names} ctx
 */
function speaker(state, ctx) {
  const view = state.game;
  /** @param {number} seat */
  const mine = (seat) => seat === state.you;
  return {
    view,
    mine,
    /** "Ada (Cones)", or "You". @param {number} seat */
    who: (seat) => (mine(seat) ? 'You' : `${ctx.name(seat)} (${sideOf(view, seat)})`),
    /** "Ada's Cone", "Your Spool". @param {number} seat */
    whosePiece: (seat) => `${capital(ctx.possessive(seat))} ${pieceOf(view, seat)}`,
    /** "Ada throws", "You throw". @param {number} seat @param {string} verb */
    does: (seat, verb) => (mine(seat) ? `you ${verb}` : `${ctx.name(seat)} ${verb}s`),
  };
}

/** @param {State} state @param {Names} ctx @param {Outcome} outcome */
function outcomeText(state, ctx, outcome) {
  const { view, mine, who } = speaker(state, ctx);
  const side = view.sides.find((s) => s.team === outcome.winner);
  if (!side) return 'The game ended without a winner.';
  const all = piecesOf(view, side.seat);
  return `${who(side.seat)} ${mine(side.seat) ? 'win' : 'wins'}: all ${all} ${side.side} are off the board.`;
}

/**
 * Whose turn it is and what they decide.
 * @param {State} state
 * @param {Names} ctx
 */
export function phaseText(state, ctx) {
  const { view, mine, who } = speaker(state, ctx);
  const ph = view.phase;
  if (ph.phase === 'over') return view.outcome ? `Game over. ${outcomeText(state, ctx, view.outcome)}` : 'Game over.';
  if (ph.phase === 'throw') {
    if (mine(ph.seat)) return ph.again ? 'Extra throw! Throw the sticks again.' : 'Your throw: throw the sticks.';
    return `${who(ph.seat)} ${ph.again ? 'throws again (an extra throw)' : 'throws the sticks'}.`;
  }
  if (mine(ph.seat)) return `You threw ${ph.score}: move one of your ${sideOf(view, ph.seat)}${ph.throws_again ? ', then throw again' : ''}.`;
  return `${who(ph.seat)} threw ${ph.score} and moves a ${pieceOf(view, ph.seat)}${ph.throws_again ? ', then throws again' : ''}.`;
}

/**
 * One line of the log for one event; null for none.
 * @param {Event} event
 * @param {State} state
 * @param {Names} ctx
 * @returns {string | null}
 */
export function eventText(event, state, ctx) {
  const { whosePiece, does } = speaker(state, ctx);
  switch (event.type) {
    case 'thrown':
      return `${ctx.name(event.seat)} threw ${event.score}${event.faces === 0 ? ' (no flat face up)' : ''}.`;
    case 'no_move':
      return `None of ${ctx.possessive(event.seat)} pieces can use the ${event.score}: the throw is lost.`;
    case 'moved':
      return `${whosePiece(event.seat)} moved from ${event.from} to ${squareWords(event.to)}.`;
    case 'swapped':
      return `${whosePiece(event.owner)} on ${event.from} was bumped back to ${event.to}.`;
    case 'drowned':
      return event.to === REBIRTH
        ? `${whosePiece(event.seat)} drowned and went back to ${squareWords(REBIRTH)}.`
        : `${whosePiece(event.seat)} drowned and went back to ${event.to} (the House of Rebirth was taken).`;
    case 'left_board':
      return `${whosePiece(event.seat)} left the board from ${event.from}.`;
    case 'throw_again':
      return `Extra throw: ${does(event.seat, 'throw')} again.`;
    case 'turn_passed':
      return `Turn ${event.turn}: ${ctx.possessive(event.seat)} throw.`;
    case 'game_over':
      return outcomeText(state, ctx, event.outcome);
  }
}

/**
 * Short lines under a seat in the players panel.
 * @param {State} state
 * @param {number} seat
 * @returns {string[]}
 */
export function seatLines(state, seat) {
  const view = state.game;
  const side = view.sides.find((s) => s.seat === seat);
  if (!side) return [];
  const squares = Object.values(view.pieces).flatMap((p) => (p.owner === seat && p.square !== null ? [p.square] : []));
  const lines = [`${side.off} of ${piecesOf(view, seat)} off the board`];
  if (squares.length) lines.push(`front piece on ${Math.max(...squares)}`);
  return lines;
}
