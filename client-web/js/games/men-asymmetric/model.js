// Asymmetric Men's view as the shared board draws it: stacks on the sixteen narrow lines
// (narrow line n from the white end is board line 2(n − 1)), the top piece in control.

import { movesNow } from '../men/legal.js';
import { starts } from '../men/starts.js';
import { capital, goes, notYourMove, otherSide, pieces, plural, sideName, yourSide } from '../men/words.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('../men/types.js').BoardModel} BoardModel */
/** @typedef {import('../men/types.js').Column} Column */
/** @typedef {import('../men/types.js').Ctx} Ctx */

/** The board line of narrow line `n` (1–16 from the white end). @param {number} n */
export const boardLine = (n) => 2 * (n - 1);

/** Narrow line `n` (from the white end) in `side`'s own count. @param {number} n @param {Side} side */
export const ownLine = (n, side) => (side === 'white' ? n : 17 - n);

/** "line 3 (black's 14)": a narrow line in both sides' counts, `side`'s first. @param {number} n @param {Side} side */
const bothCounts = (n, side) => `line ${ownLine(n, side)} (${otherSide(side)}’s ${ownLine(n, otherSide(side))})`;

/** @param {State} state @param {Ctx} ctx @returns {BoardModel} */
export function boardModel(state, ctx) {
  const view = state.game;
  const moves = movesNow(state.legal, view.phase, (m) => (m.lands_on === null ? null : boardLine(m.lands_on)));
  const you = yourSide(state);
  const notNow = notYourMove(state, ctx);
  const score = view.phase.phase === 'move' ? view.phase.score : 0;
  const columns = Object.entries(view.stacks).map(([key, stack]) => {
    const n = Number(key);
    const top = stack.pieces[0];
    const move = moves.get(`piece:${top}`) ?? null;
    const bottomFirst = [...stack.pieces].reverse().map((id) => ({ id, side: view.pieces[String(id)].side }));
    const side = stack.controller;
    const what =
      bottomFirst.length === 1
        ? `${pieces(1, side)}`
        : `a stack of ${bottomFirst.length}, top to bottom ${stack.pieces.map((id) => view.pieces[String(id)].side).join(', ')}; ${side} controls it`;
    const place = bothCounts(n, you ?? 'white');
    /** @type {Column} */
    const column = {
      key: `stack:${n}`,
      line: boardLine(n),
      pieces: bottomFirst,
      move,
      why:
        notNow ??
        (side !== you
          ? bottomFirst.length === 1
            ? `That is a ${side} piece: you play ${you}.`
            : `The top piece controls a stack, and this one’s top piece is ${side}.`
          : `That cannot move ${score}.`),
      label: `${capital(place)}: ${what}${move ? `. Moves ${goes(move)}` : ''}.`,
    };
    return column;
  });
  const waiting = starts(view.sides, you, moves, notNow, `No piece can enter with ${score}.`);
  const piles = view.sides.map((sv) => {
    const taken = view.sides.find((o) => o.side !== sv.side)?.captured ?? 0;
    return {
      side: sv.side,
      off: sv.off,
      captured: taken,
      points: sv.points,
      label: `${sideName(sv.side)}’s pile: ${plural(sv.points, 'point')}, ${sv.off} moved off, ${taken} captured.`,
    };
  });
  return {
    columns,
    starts: waiting,
    piles,
    labels: Array.from({ length: 16 }, (_, i) => [
      { line: boardLine(i + 1), side: /** @type {Side} */ ('white'), text: String(ownLine(i + 1, 'white')) },
      { line: boardLine(i + 1), side: /** @type {Side} */ ('black'), text: String(ownLine(i + 1, 'black')) },
    ]).flat(),
    lines: Array.from({ length: 16 }, (_, i) => boardLine(i + 1)),
    stacks: true,
    empty: notNow ?? 'Tap one of your pieces or stacks outlined in gold, or your waiting pieces, first.',
  };
}
