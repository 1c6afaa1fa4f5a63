// What a tap on the board does: pick one of your pieces that can move, move the picked piece
// by tapping where it lands, or say why not. Only `state.legal` and the view decide: the
// legal actions name the pieces, the view's plans say where each lands.

import { WATER } from './track.js';
import { landingWords, phaseText, pieceOf, sideOf } from './words.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./types.js').Plan} Plan */
/** @typedef {import('./types.js').Place} Place */
/** @typedef {import('./types.js').Action} Action */
/** @typedef {import('./types.js').View} View */
/**
 * @typedef {{kind: 'send', action: Action} | {kind: 'pick', piece: number | null}
 *   | {kind: 'explain', text: string}} Tap
 */

/**
 * The moves the viewer may make now, each with where it lands.
 * @param {State} state
 * @returns {Plan[]}
 */
export function myPlans(state) {
  const ph = state.game.phase;
  if (ph.phase !== 'move') return [];
  const legal = new Set(state.legal.filter((a) => a.type === 'move').map((a) => a.piece));
  return ph.moves.filter((p) => legal.has(p.piece));
}

/** The place a plan ends on. @param {Plan} plan @returns {Place} */
export function target(plan) {
  const l = plan.landing;
  return l.kind === 'leaves' ? 'off' : l.kind === 'drowns' ? WATER : l.square;
}

/**
 * The piece standing on a square, with its id.
 * @param {View} view
 * @param {Place} place
 */
export function pieceAt(view, place) {
  for (const [id, p] of Object.entries(view.pieces)) if (p.square === place) return { id: Number(id), owner: p.owner };
  return null;
}

/** "Only your Cone on 4 can move." / "Your Cones on 4, 8 and 10 can move." @param {View} view @param {number} seat @param {Plan[]} plans */
function movable(view, seat, plans) {
  const on = plans.map((p) => p.from);
  if (on.length === 1) return `Only your ${pieceOf(view, seat)} on ${on[0]} can move.`;
  const list = `${on.slice(0, -1).join(', ')} and ${on[on.length - 1]}`;
  return `Your ${sideOf(view, seat)} on ${list} can move.`;
}

/** @param {string} text @returns {Tap} */
const explain = (text) => ({ kind: 'explain', text });

/**
 * What tapping `place` does while `picked` (a piece id, or null) is picked.
 * @param {State} state
 * @param {Pick<Ctx, 'name' | 'possessive'>} ctx
 * @param {number | null} picked
 * @param {Place} place
 * @returns {Tap}
 */
export function tap(state, ctx, picked, place) {
  const view = state.game;
  const ph = view.phase;
  const you = state.you;
  if (ph.phase === 'over') return explain('The game is over.');
  if (you === null) return explain('You are watching: only the players move pieces.');
  if (ph.seat !== you) return explain(`Not your turn. ${phaseText(state, ctx)}`);
  if (ph.phase === 'throw') return explain('Throw the sticks first, then move a piece.');
  const plans = myPlans(state);
  if (plans.length === 0) return explain('No move is open to you right now.');
  const chosen = plans.find((p) => p.piece === picked);
  const lands = plans.find((p) => target(p) === place);
  const action = lands && state.legal.find((a) => a.piece === lands.piece);
  if (lands && action && (!chosen || chosen === lands)) return { kind: 'send', action };
  const there = place === 'off' ? null : pieceAt(view, place);
  const piece = pieceOf(view, you);
  if (there && there.owner === you) {
    const plan = plans.find((p) => p.piece === there.id);
    if (plan) return { kind: 'pick', piece: plan.piece === picked ? null : plan.piece };
    return explain(`Your ${piece} on ${place} cannot use this ${ph.score}. ${movable(view, you, plans)}`);
  }
  if (chosen) {
    return explain(`Your ${piece} on ${chosen.from} moves exactly ${ph.score}, to ${landingWords(chosen)}. Tap there, or pick another piece.`);
  }
  if (there) return explain(`That ${pieceOf(view, there.owner)} is ${ctx.possessive(there.owner)}: you move the ${sideOf(view, you)}. ${movable(view, you, plans)}`);
  if (place === 'off') return explain(`No piece of yours can leave the board with this ${ph.score}. ${movable(view, you, plans)}`);
  return explain(`Square ${place} is empty. Tap one of your pieces first: ${movable(view, you, plans)}`);
}
