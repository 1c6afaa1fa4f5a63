// Asymmetric Men in words: the log, whose turn it is, and the lines under each player.
// Lines are said in the mover's own count (line 1 is the first line from its start); the server's
// events and view count every line 1–16 from the white end.

import { capital, did, does, goesTo, pieces, plural, seatOf, sideName, sideOfPiece, throwWords } from '../men/words.js';
import { ownLine } from './model.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Event} Event */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Outcome} Outcome */
/** @typedef {import('../men/types.js').Ctx} Ctx */

/** How many of `ids` are of each side, in words ("a black piece", "2 white pieces"). @param {number[]} ids */
function piecesOf(ids) {
  const white = ids.filter((id) => sideOfPiece(id) === 'white').length;
  const black = ids.length - white;
  return [white ? pieces(white, 'white') : '', black ? pieces(black, 'black') : ''].filter(Boolean).join(' and ');
}

/** @param {Event} event @param {State} state @param {Ctx} ctx @returns {string | null} */
export function eventText(event, state, ctx) {
  switch (event.type) {
    case 'thrown':
      return `${did(state, ctx, event.side, 'threw')} ${throwWords(event.faces, event.score)}.`;
    case 'no_move':
      return `${did(state, ctx, event.side, 'had')} nothing to move: the turn passed.`;
    case 'entered': {
      const side = sideOfPiece(event.piece);
      return `${did(state, ctx, side, 'entered')} a piece on line ${ownLine(event.line, side)}.`;
    }
    case 'moved': {
      const side = sideOfPiece(event.piece);
      const to = event.to === 'off' ? event.to : { line: ownLine(event.to.line, side) };
      return `${did(state, ctx, side, 'moved')} from line ${ownLine(event.from, side)} ${goesTo(to)}.`;
    }
    case 'captured':
      return `${did(state, ctx, event.by, 'captured')} ${piecesOf(event.pieces)}: ${points(event.points)}.`;
    case 'finished':
      return `${capital(piecesOf(event.pieces))} left the board: ${points(event.pieces.length)} for ${sideName(event.side).toLowerCase()}.`;
    case 'sent_back':
      return `${capital(piecesOf(event.pieces))} in that stack went back to the start.`;
    case 'second_turn':
      return `${did(state, ctx, event.side, 'earned')} another throw for the capture.`;
    case 'game_over':
      return `Game over: ${outcomeText(event.outcome, state, ctx)}`;
    default:
      return null;
  }
}

/** @param {number} n */
const points = (n) => `+${plural(n, 'point')}`;

/** Who won and why, with the points. @param {Outcome} outcome @param {State} state @param {Ctx} ctx */
export function outcomeText(outcome, state, ctx) {
  const [white, black] = ['white', 'black'].map((side) => state.game.sides.find((s) => s.side === side)?.points ?? 0);
  const why = outcome.reason === 'all_captured' ? 'every piece of one side was captured' : 'one side has no piece left to play';
  if (outcome.winner === null) return `${why}, and it is a draw at ${plural(white, 'point')} each.`;
  const side = /** @type {Side} */ (state.game.sides.find((s) => s.team === outcome.winner)?.side ?? 'white');
  const [won, lost] = side === 'white' ? [white, black] : [black, white];
  return `${why}; ${does(state, ctx, side, 'wins', 'win')} ${won} to ${lost} on points.`;
}

/** @param {State} state @param {Ctx} ctx */
export function phaseText(state, ctx) {
  const phase = state.game.phase;
  if (phase.phase === 'over') return state.game.outcome ? capital(outcomeText(state.game.outcome, state, ctx)) : 'The game is over.';
  const seat = seatOf(state.game, phase.side);
  const yours = seat === state.you;
  const name = ctx.name(seat);
  if (phase.phase === 'throw') return yours ? `Your throw (${phase.side}).` : `${name} throws the sticks (${phase.side}).`;
  return yours
    ? `Your move: ${phase.score}. Tap a piece, stack or your waiting pieces, then where it lands.`
    : `${name} moves ${phase.score} (${phase.side}).`;
}

/** @param {State} state @param {number} seat @returns {string[]} */
export function seatLines(state, seat) {
  const sv = state.game.sides.find((s) => s.seat === seat);
  if (!sv) return [];
  return [
    sv.side === 'white' ? 'small light squares' : 'large dark rectangles',
    `${plural(sv.points, 'point')} · ${sv.off} off · ${sv.captured} lost`,
    `${sv.at_start} waiting · ${sv.on_board} on the board`,
  ];
}
