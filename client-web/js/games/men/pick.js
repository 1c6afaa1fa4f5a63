// Tap a piece (or a stack, or the waiting pieces), then the place it lands: what each tap
// does, as a pure function of the board model, so it is tested without a browser. Only
// moves the model holds (built from `state.legal`) are ever sent.

import { goes } from './words.js';

/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').Column} Column */
/** @typedef {import('./types.js').Start} Start */
/** @typedef {import('./board.js').Tap} Tap */
/**
 * What a tap leads to: the key now picked, and perhaps an action to send, words for screen
 * readers (`say`) or a short explanation of why nothing happened (`explain`).
 * @typedef {{picked: string | null, send?: object, say?: string, explain?: string}} Answer
 */

/** The mover `key` names, while it may still move. @param {BoardModel} model @param {string | null} key @returns {Column | Start | null} */
export function movable(model, key) {
  return [...model.columns, ...model.starts].find((m) => m.key === key && m.move) || null;
}

/** @param {BoardModel} model @param {string | null} picked @param {Tap} tap @returns {Answer} */
export function answer(model, picked, tap) {
  const current = movable(model, picked);
  if (tap.kind === 'column' || tap.kind === 'start') {
    const mover = tap.kind === 'column' ? tap.column : tap.start;
    if (current && current.move && mover.key !== current.key && lands(current, mover)) return send(current);
    if (!mover.move) return { picked: current && current.key, explain: mover.why };
    if (mover.key === current?.key) return { picked: null, say: 'Put down again.' };
    const where = mover.move.landing === null ? 'your scoring pile to take it off the board' : mover.move.words;
    return { picked: mover.key, say: `Picked: ${mover.label} Now tap ${where}.` };
  }
  if (!current || !current.move) return { picked: null, explain: tap.kind === 'pile' ? tap.pile.label : model.empty };
  const landsHere =
    tap.kind === 'landing' ||
    (tap.kind === 'line' && tap.line === current.move.landing) ||
    (tap.kind === 'pile' && current.move.landing === null && tap.pile.side === moverSide(current));
  if (landsHere) return send(current);
  return { picked: current.key, explain: `That one goes ${goes(current.move)}: tap the dashed place, or tap it again to put it down.` };
}

/** The side a mover belongs to: a start's side, or the side of a column's top piece. @param {Column | Start} mover */
export function moverSide(mover) {
  return 'side' in mover ? mover.side : mover.pieces[mover.pieces.length - 1].side;
}

/** Whether the picked mover lands on the line of the column just tapped. @param {Column | Start} current @param {Column | Start} tapped */
function lands(current, tapped) {
  return 'line' in tapped && current.move !== null && current.move.landing === tapped.line;
}

/** @param {Column | Start} mover @returns {Answer} */
function send(mover) {
  return { picked: null, send: mover.move?.action };
}
