// Symmetric Men's module on positions and events recorded from the server's rules
// (src/rules/men_symmetric/, random games): its board model, drawing, words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import men from '../../js/games/men-symmetric/index.js';
import { boardLine, boardModel } from '../../js/games/men-symmetric/model.js';
import { drawBoard } from '../../js/games/men/board.js';
import { layout } from '../../js/games/men/layout.js';
import { answer } from '../../js/games/men/pick.js';
import { findAll, textOf } from '../../js/games/men/svg.js';

const sides = (white, black) => [
  { side: 'white', seat: 0, team: 0, ...white },
  { side: 'black', seat: 1, team: 1, ...black },
];
/** A piece of `side` on its own line `line`, or off the board. */
const on = (side, line) => ({ side, place: { at: 'line', line }, board_line: boardLine(side, line) });
const waiting = (side) => ({ side, place: { at: 'start' }, board_line: null });
const off = (side) => ({ side, place: { at: 'off' }, board_line: null });

/** Turn 28 of a random game: black to move 4; a white block on white's line 9 bars two black pieces. */
const turn28 = {
  turn: 28,
  outcome: null,
  phase: {
    phase: 'move', side: 'black', score: 4,
    moves: [
      { action: { piece: 6, type: 'move' }, board_line: 19, to: { line: 7 } },
      { action: { piece: 7, type: 'move' }, board_line: 17, to: { line: 8 } },
      { action: { piece: 9, type: 'move' }, board_line: 17, to: { line: 8 } },
    ],
  },
  pieces: {
    0: on('white', 9), 1: on('white', 8), 2: on('white', 9), 3: on('white', 5), 4: waiting('white'),
    5: on('black', 7), 6: on('black', 3), 7: on('black', 4), 8: on('black', 8), 9: on('black', 4),
  },
  sides: sides({ at_start: 1, off: 0, on_board: 4 }, { at_start: 0, off: 0, on_board: 5 }),
};
const legal28 = [[], [{ piece: 6, type: 'move' }, { piece: 7, type: 'move' }, { piece: 9, type: 'move' }]];

/** The end of another: white has all five off. */
const over = {
  turn: 91,
  outcome: { reason: 'all_off', winner: 0 },
  phase: { phase: 'over' },
  pieces: { 0: off('white'), 1: off('white'), 2: off('white'), 3: off('white'), 4: off('white'), 5: on('black', 15), 6: on('black', 16), 7: off('black'), 8: on('black', 7), 9: on('black', 10) },
  sides: sides({ at_start: 0, off: 5, on_board: 0 }, { at_start: 0, off: 1, on_board: 4 }),
};

const names = ['Ada', 'Ben'];
/** @param {number | null} you */
function ctxFor(you) {
  return {
    send() {},
    name: (s) => (s === you ? 'You' : names[s]),
    possessive: (s) => (s === you ? 'your' : `${names[s]}’s`),
    color: () => '#000',
    announce() {},
    explain() {},
  };
}
/** @param {object} view @param {number | null} you @param {object[][]} legal */
function stateOf(view, you, legal = [[], []], awaiting = { kind: 'action', seats: [view.phase.side === 'black' ? 1 : 0] }) {
  return { status: view.phase.phase === 'over' ? 'over' : 'playing', you, seats: [], awaiting: view.phase.phase === 'over' ? { kind: 'over' } : awaiting, game: view, legal: you === null ? [] : legal[you] };
}

test('white stands on the narrow lines, black on the wide ones, each counting from its start', () => {
  assert.equal(boardLine('white', 1), 0);
  assert.equal(boardLine('white', 16), 30);
  assert.equal(boardLine('black', 1), 31);
  assert.equal(boardLine('black', 16), 1);
  const model = boardModel(stateOf(turn28, 1, legal28), ctxFor(1));
  assert.equal(model.lines.length, 32);
  assert.ok(!model.stacks);
  assert.deepEqual(model.labels.filter((l) => l.text === '1').map((l) => [l.side, l.line]), [['white', 0], ['black', 31]]);
  const block = model.columns.find((c) => c.key === 'line:16');
  assert.deepEqual(block?.pieces.map((p) => p.id), [0, 2]);
  assert.equal(block?.label, 'White’s line 9: 2 white pieces, a block.');
});

test('a block is outlined; pieces of one line sit side by side, with no stack arrow', () => {
  const tree = drawBoard(boardModel(stateOf(turn28, 1, legal28), ctxFor(1)), layout({ vertical: false, flip: true }), null, () => {});
  const blocks = findAll(tree, (t) => String(t.attrs.class).includes('men-block'));
  assert.deepEqual(blocks.map((b) => b.attrs['data-line']).sort(), [16, 25]);
  assert.equal(findAll(tree, (t) => String(t.attrs.class).includes('men-way')).length, 0);
  assert.equal(findAll(tree, (t) => String(t.attrs.class) === 'men-piece men-white').length, 4 + 1, 'four on the board, one waiting');
});

test('a line of pieces moves by its first legal piece; a barred piece says why', () => {
  const model = boardModel(stateOf(turn28, 1, legal28), ctxFor(1));
  const movers = model.columns.filter((c) => c.move).map((c) => [c.key, c.move?.landing, c.move?.words]);
  assert.deepEqual(movers, [['line:27', 19, 'line 7'], ['line:25', 17, 'line 8']]);
  const barred = model.columns.find((c) => c.key === 'line:19');
  assert.equal(barred?.move, null);
  assert.equal(barred?.why, 'That cannot move 4: two or more white pieces on one line bar the way.');
  assert.equal(model.columns.find((c) => c.key === 'line:8')?.why, 'That is a white piece: you play black.');
  const pair = /** @type {import('../../js/games/men/types.js').Column} */ (model.columns.find((c) => c.key === 'line:25'));
  const picked = answer(model, null, { kind: 'column', column: pair });
  assert.strictEqual(answer(model, picked.picked, { kind: 'landing' }).send, legal28[1][1]);
  const ada = boardModel(stateOf(turn28, 0, legal28), ctxFor(0));
  assert.equal(ada.starts[0].why, 'It is Ben’s turn.');
  assert.equal(ada.empty, 'It is Ben’s turn.');
});

test('each side’s pieces off, and the waiting ones, are shown at the ends', () => {
  const tree = drawBoard(boardModel(stateOf(over, 0), ctxFor(0)), layout({ vertical: false, flip: false }), null, () => {});
  const text = textOf(tree);
  assert.match(text, /White’s pile 5 of 5 off/);
  assert.match(text, /Black’s pile 1 of 5 off/);
  assert.match(text, /White 0 waiting/);
});

test('every event in words, each side counting its own lines', () => {
  const state = stateOf(turn28, 0);
  const ctx = ctxFor(0);
  const say = (e) => men.eventText(e, state, ctx);
  assert.equal(say({ type: 'thrown', side: 'white', faces: 1, score: 1 }), 'You threw 1 (1 flat side up).');
  assert.equal(say({ type: 'no_move', side: 'black', score: 4 }), 'Ben had no piece that could move 4: the turn passed.');
  assert.equal(say({ type: 'entered', piece: 0, line: 1 }), 'You entered a piece on line 1.');
  assert.equal(say({ type: 'moved', piece: 5, from: 3, to: { line: 5 } }), 'Ben moved a piece from line 3 to line 5.');
  assert.equal(men.eventText({ type: 'moved', piece: 4, from: 15, to: 'off' }, stateOf(over, 0), ctx), 'You moved a piece from line 15 off the board (5 of 5 off).');
  assert.equal(say({ type: 'trapped', piece: 7, line: 8 }), 'A black piece on black’s line 8 was trapped and went back to the start.');
  assert.equal(say({ type: 'second_turn', side: 'white' }), 'You earned another throw for the trap.');
  assert.equal(men.eventText({ type: 'game_over', outcome: over.outcome }, stateOf(over, 1), ctxFor(1)), 'Game over: Ada wins, with all five pieces off the board first.');
  assert.equal(men.eventText(/** @type {any} */ ({ type: 'something_new' }), state, ctx), null);
});

test('whose turn and which decision, and the lines under each player', () => {
  assert.equal(men.phaseText(stateOf(turn28, 1, legal28), ctxFor(1)), 'Your move: 4. Tap a piece or your waiting pieces, then where it lands.');
  assert.equal(men.phaseText(stateOf(turn28, null), ctxFor(null)), 'Ben moves 4 (black).');
  const throwing = stateOf({ ...turn28, phase: { phase: 'throw', side: 'white' } }, 0, [[], []], { kind: 'throw', seat: 0 });
  assert.equal(men.phaseText(throwing, ctxFor(0)), 'Your throw (white).');
  assert.equal(men.phaseText(stateOf(over, 0), ctxFor(0)), 'You win, with all five pieces off the board first.');
  assert.deepEqual(men.seatLines(stateOf(over, 0), 1), ['large dark rectangles on the wide lines', '1 of 5 off · 0 waiting · 4 on the board']);
  assert.equal(men.ruleSet, 'men-symmetric');
});
