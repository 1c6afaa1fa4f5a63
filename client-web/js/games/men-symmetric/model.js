// Symmetric Men's view as the shared board draws it: white pieces on the narrow lines, black
// on the wide ones, each line's pieces side by side (two or more of a side are a block).

import { movesNow } from '../men/legal.js';
import { starts } from '../men/starts.js';
import { goes, notYourMove, otherSide, pieces, sideName, yourSide } from '../men/words.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('../men/types.js').BoardModel} BoardModel */
/** @typedef {import('../men/types.js').Column} Column */
/** @typedef {import('../men/types.js').Piece} Piece */
/** @typedef {import('../men/types.js').Ctx} Ctx */

/** The board line (0–31 from the narrow end) of `side`'s own line `n` (1–16). @param {Side} side @param {number} n */
export const boardLine = (side, n) => (side === 'white' ? 2 * (n - 1) : 31 - 2 * (n - 1));

/** Why a piece of `side` cannot go on, the only reason a race piece has. @param {Side} side */
const barred = (side) => `two or more ${otherSide(side)} pieces on one line bar the way`;

/** @param {State} state @param {Ctx} ctx @returns {BoardModel} */
export function boardModel(state, ctx) {
  const view = state.game;
  const moves = movesNow(state.legal, view.phase, (m) => m.board_line);
  const you = yourSide(state);
  const notNow = notYourMove(state, ctx);
  const score = view.phase.phase === 'move' ? view.phase.score : 0;
  /** @type {Map<number, {own: number, list: Piece[]}>} */
  const byLine = new Map();
  for (const [id, p] of Object.entries(view.pieces)) {
    if (p.board_line === null || p.place.at !== 'line') continue;
    const here = byLine.get(p.board_line) ?? { own: p.place.line, list: [] };
    here.list.push({ id: Number(id), side: p.side });
    byLine.set(p.board_line, here);
  }
  const columns = [...byLine].map(([line, { own, list }]) => {
    const side = list[0].side;
    const move = list.map((p) => moves.get(`piece:${p.id}`)).find((m) => m) ?? null;
    const what = list.length === 1 ? pieces(1, side) : `${pieces(list.length, side)}, a block`;
    /** @type {Column} */
    const column = {
      key: `line:${line}`,
      line,
      pieces: list,
      move,
      why:
        notNow ??
        (side !== you
          ? `${list.length === 1 ? 'That is a' : 'Those are'} ${side} piece${list.length === 1 ? '' : 's'}: you play ${you}.`
          : `That cannot move ${score}: ${barred(side)}.`),
      label: `${sideName(side)}’s line ${own}: ${what}${move ? `. Moves ${goes(move)}` : ''}.`,
    };
    return column;
  });
  const waiting = starts(view.sides, you, moves, notNow, `No piece can enter with ${score}: ${barred(you ?? 'white')}.`);
  const piles = view.sides.map((sv) => ({
    side: sv.side,
    off: sv.off,
    captured: 0,
    points: null,
    label: `${sideName(sv.side)}: ${sv.off} of 5 pieces off the board.`,
  }));
  /** @type {Side[]} */
  const sides = ['white', 'black'];
  return {
    columns,
    starts: waiting,
    piles,
    labels: sides.flatMap((side) => Array.from({ length: 16 }, (_, i) => ({ line: boardLine(side, i + 1), side, text: String(i + 1) }))),
    lines: Array.from({ length: 32 }, (_, line) => line),
    stacks: false,
    empty: notNow ?? `Tap one of your pieces outlined in gold, or your waiting pieces, first. Your pieces move on the ${you === 'black' ? 'wide' : 'narrow'} lines.`,
  };
}
