// Symmetric Men in words: the log, whose turn it is, and the lines under each player. Each
// side counts its own lines, 1 to 16 from its start (white's are the narrow ones).

import { capital, did, does, goesTo, pieces, seatOf, sideOfPiece, throwWords } from '../men/words.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Event} Event */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Outcome} Outcome */
/** @typedef {import('../men/types.js').Ctx} Ctx */

/** @param {Event} event @param {State} state @param {Ctx} ctx @returns {string | null} */
export function eventText(event, state, ctx) {
  switch (event.type) {
    case 'thrown':
      return `${did(state, ctx, event.side, 'threw')} ${throwWords(event.faces, event.score)}.`;
    case 'no_move':
      return `${did(state, ctx, event.side, 'had')} no piece that could move ${event.score}: the turn passed.`;
    case 'entered':
      return `${did(state, ctx, sideOfPiece(event.piece), 'entered')} a piece on line ${event.line}.`;
    case 'moved': {
      const side = sideOfPiece(event.piece);
      const off = event.to === 'off' ? ` (${offCount(state, side)} of 5 off)` : '';
      return `${did(state, ctx, side, 'moved')} a piece from line ${event.from} ${goesTo(event.to)}${off}.`;
    }
    case 'trapped': {
      const side = sideOfPiece(event.piece);
      return `${capital(pieces(1, side))} on ${side}’s line ${event.line} was trapped and went back to the start.`;
    }
    case 'second_turn':
      return `${did(state, ctx, event.side, 'earned')} another throw for the trap.`;
    case 'game_over':
      return `Game over: ${outcomeText(event.outcome, state, ctx)}`;
    default:
      return null;
  }
}

/** @param {State} state @param {Side} side */
function offCount(state, side) {
  return state.game.sides.find((s) => s.side === side)?.off ?? 0;
}

/** @param {Outcome} outcome @param {State} state @param {Ctx} ctx */
export function outcomeText(outcome, state, ctx) {
  const side = state.game.sides.find((s) => s.team === outcome.winner)?.side;
  if (!side) return 'nobody wins.';
  return `${does(state, ctx, side, 'wins', 'win')}, with all five pieces off the board first.`;
}

/** @param {State} state @param {Ctx} ctx */
export function phaseText(state, ctx) {
  const phase = state.game.phase;
  if (phase.phase === 'over') return state.game.outcome ? capital(outcomeText(state.game.outcome, state, ctx)) : 'The game is over.';
  const seat = seatOf(state.game, phase.side);
  const name = ctx.name(seat);
  if (phase.phase === 'throw') return seat === state.you ? `Your throw (${phase.side}).` : `${name} throws the sticks (${phase.side}).`;
  return seat === state.you
    ? `Your move: ${phase.score}. Tap a piece or your waiting pieces, then where it lands.`
    : `${name} moves ${phase.score} (${phase.side}).`;
}

/** @param {State} state @param {number} seat @returns {string[]} */
export function seatLines(state, seat) {
  const sv = state.game.sides.find((s) => s.seat === seat);
  if (!sv) return [];
  const how = sv.side === 'white' ? 'small light squares on the narrow lines' : 'large dark rectangles on the wide lines';
  return [how, `${sv.off} of 5 off · ${sv.at_start} waiting · ${sv.on_board} on the board`];
}
