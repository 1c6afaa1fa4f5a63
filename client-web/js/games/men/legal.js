// The viewer's moves now: every action of `state.legal`, with where the view's move list says
// it lands. Nothing here decides what is legal.

import { reachWords } from './words.js';

/** @typedef {import('./types.js').Move} Move */
/** @typedef {{type: 'enter'} | {type: 'move', piece: number}} MoveAction */
/** @typedef {{action: MoveAction, to: {line: number} | 'off'}} Listed */

/** The key of a move action: `enter`, or `piece:3`. @param {object} action */
export function actionKey(action) {
  const a = /** @type {{type?: string, piece?: number}} */ (action);
  return a.type === 'move' ? `piece:${a.piece}` : String(a.type);
}

/**
 * The viewer's moves by action key.
 * @template {Listed} L
 * @param {object[]} legal `state.legal`
 * @param {{phase: string, moves?: L[]}} phase the view's phase
 * @param {(listed: L) => number | null} landing the board line a listed move lands on, null off the board
 * @returns {Map<string, Move>}
 */
export function movesNow(legal, phase, landing) {
  const allowed = new Map(legal.map((action) => [actionKey(action), action]));
  /** @type {Map<string, Move>} */
  const moves = new Map();
  for (const listed of phase.moves ?? []) {
    const key = actionKey(listed.action);
    const action = allowed.get(key);
    if (action) moves.set(key, { action, landing: landing(listed), words: reachWords(listed.to) });
  }
  return moves;
}
