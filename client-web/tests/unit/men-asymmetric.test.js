// Asymmetric Men's module on positions and events recorded from the server's rules
// (src/rules/men_asymmetric/, random games): its board model, drawing, words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import men from '../../js/games/men-asymmetric/index.js';
import { boardModel } from '../../js/games/men-asymmetric/model.js';
import { drawBoard } from '../../js/games/men/board.js';
import { layout } from '../../js/games/men/layout.js';
import { answer } from '../../js/games/men/pick.js';
import { findAll, textOf } from '../../js/games/men/svg.js';

const sides = (white, black) => [
  { side: 'white', seat: 0, team: 0, ...white },
  { side: 'black', seat: 1, team: 1, ...black },
];
const pieceSides = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), i < 5 ? 'white' : 'black']));
/** `pieces` of a view from places by id. @param {Record<number, object>} places */
const pieces = (places) => Object.fromEntries(Object.entries(pieceSides).map(([id, side]) => [id, { side, place: places[Number(id)] ?? { at: 'start' } }]));
const at = (line) => ({ at: 'line', line });

/** Turn 21 of a random game: white to move 2, with a white stack of three on line 8 and a black-topped stack of four on line 11. */
const turn21 = {
  turn: 21,
  outcome: null,
  phase: {
    phase: 'move', side: 'white', score: 2,
    moves: [
      { action: { piece: 3, type: 'move' }, lands_on: 10, to: { line: 10 } },
      { action: { piece: 4, type: 'move' }, lands_on: 4, to: { line: 4 } },
    ],
  },
  pieces: pieces({ 0: at(8), 1: at(8), 2: at(11), 3: at(8), 4: at(2), 5: at(11), 6: at(15), 7: at(11), 8: at(11), 9: at(13) }),
  sides: sides({ at_start: 0, captured: 0, off: 0, on_board: 5, points: 0 }, { at_start: 0, captured: 0, off: 0, on_board: 5, points: 0 }),
  stacks: {
    11: { controller: 'black', pieces: [8, 7, 5, 2] },
    13: { controller: 'black', pieces: [9] },
    15: { controller: 'black', pieces: [6] },
    2: { controller: 'white', pieces: [4] },
    8: { controller: 'white', pieces: [3, 0, 1] },
  },
};
const legal21 = [[{ piece: 3, type: 'move' }, { piece: 4, type: 'move' }], []];

/** Turn 38 of another: black moves 3 and takes its stack of six off the board. */
const turn38 = {
  turn: 38,
  outcome: null,
  phase: { phase: 'move', side: 'black', score: 3, moves: [{ action: { piece: 6, type: 'move' }, lands_on: null, to: 'off' }] },
  pieces: pieces({ 0: { at: 'captured' }, 1: at(1), 2: at(1), 3: { at: 'captured' }, 4: at(15), 5: at(1), 6: at(1), 7: at(1), 8: at(1), 9: { at: 'captured' } }),
  sides: sides({ at_start: 0, captured: 2, off: 0, on_board: 3, points: 1 }, { at_start: 0, captured: 1, off: 0, on_board: 4, points: 2 }),
  stacks: { 1: { controller: 'black', pieces: [6, 1, 8, 7, 5, 2] }, 15: { controller: 'white', pieces: [4] } },
};
/** The same game once that move is made: over, black wins 6 to 1. */
const over = {
  ...turn38,
  phase: { phase: 'over' },
  outcome: { reason: 'all_moved_off', winner: 1 },
  pieces: pieces({ 0: { at: 'captured' }, 3: { at: 'captured' }, 4: at(15), 5: { at: 'off' }, 6: { at: 'off' }, 7: { at: 'off' }, 8: { at: 'off' }, 9: { at: 'captured' } }),
  sides: sides({ at_start: 2, captured: 2, off: 0, on_board: 1, points: 1 }, { at_start: 0, captured: 1, off: 4, on_board: 0, points: 6 }),
  stacks: { 15: { controller: 'white', pieces: [4] } },
};

const names = ['Ada', 'Ben'];
/** The room page's ctx for viewer `you`. @param {number | null} you */
function ctxFor(you) {
  /** @type {string[]} */
  const explained = [];
  return {
    explained,
    sent: /** @type {object[]} */ ([]),
    send(a) { this.sent.push(a); },
    name: (s) => (s === you ? 'You' : names[s]),
    possessive: (s) => (s === you ? 'your' : `${names[s]}’s`),
    color: () => '#000',
    announce() {},
    explain: (t) => explained.push(t),
  };
}
/** @param {object} view @param {number | null} you @param {object[][]} legal */
function stateOf(view, you, legal = [[], []], awaiting = { kind: 'action', seats: [view.phase.side === 'black' ? 1 : 0] }) {
  return { status: view.phase.phase === 'over' ? 'over' : 'playing', you, seats: [], awaiting: view.phase.phase === 'over' ? { kind: 'over' } : awaiting, game: view, legal: you === null ? [] : legal[you] };
}

test('stacks lie on narrow lines bottom first, the top piece in control, numbered in both counts', () => {
  const model = boardModel(stateOf(turn21, 0, legal21), ctxFor(0));
  const eight = model.columns.find((c) => c.key === 'stack:8');
  assert.equal(eight?.line, 14, 'narrow line 8 is board line 14');
  assert.deepEqual(eight?.pieces.map((p) => p.id), [1, 0, 3]);
  const eleven = model.columns.find((c) => c.key === 'stack:11');
  assert.deepEqual(eleven?.pieces.map((p) => p.side), ['white', 'black', 'black', 'black']);
  assert.match(eleven?.label ?? '', /^Line 11 \(black’s 6\): a stack of 4, top to bottom black, black, black, white; black controls it\.$/);
  assert.deepEqual(model.lines, [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]);
  assert.deepEqual(model.labels.filter((l) => l.line === 0).map((l) => [l.side, l.text]), [['white', '1'], ['black', '16']]);
  assert.ok(model.stacks);
});

test('only the legal moves may be picked, each landing where the view says', () => {
  const model = boardModel(stateOf(turn21, 0, legal21), ctxFor(0));
  const movers = model.columns.filter((c) => c.move).map((c) => [c.key, c.move?.landing, c.move?.words]);
  assert.deepEqual(movers, [['stack:2', 6, 'line 4'], ['stack:8', 18, 'line 10']]);
  assert.equal(model.starts.find((s) => s.side === 'white')?.move, null, 'nothing waits to enter');
  const eight = /** @type {import('../../js/games/men/types.js').Column} */ (model.columns.find((c) => c.key === 'stack:8'));
  const picked = answer(model, null, { kind: 'column', column: eight });
  assert.equal(picked.picked, 'stack:8');
  const landed = answer(model, picked.picked, { kind: 'line', line: 18 });
  assert.strictEqual(landed.send, legal21[0][0], 'the very action of state.legal is sent');
});

test('a tap that cannot move explains itself from the view', () => {
  const model = boardModel(stateOf(turn21, 0, legal21), ctxFor(0));
  const why = (key) => model.columns.find((c) => c.key === key)?.why;
  assert.equal(why('stack:11'), 'The top piece controls a stack, and this one’s top piece is black.');
  assert.equal(why('stack:13'), 'That is a black piece: you play white.');
  assert.equal(model.starts.find((s) => s.side === 'black')?.why, 'Those are black’s pieces waiting to enter.');
  const theirs = boardModel(stateOf(turn21, 1, legal21), ctxFor(1));
  assert.equal(theirs.columns[0].why, 'It is Ada’s turn.');
  assert.ok(theirs.columns.every((c) => c.move === null));
  const watching = boardModel(stateOf(turn21, null), ctxFor(null));
  assert.equal(watching.empty, 'You are watching: only the players move pieces.');
  const throwing = boardModel(stateOf({ ...turn21, phase: { phase: 'throw', side: 'white' } }, 0, [[], []], { kind: 'throw', seat: 0 }), ctxFor(0));
  assert.equal(throwing.columns[0].why, 'Throw the sticks first.');
});

test('a stack leaving the board lands on its controller’s pile; points and pieces off are shown', () => {
  const model = boardModel(stateOf(turn38, 1, [[], [{ piece: 6, type: 'move' }]]), ctxFor(1));
  const stack = model.columns.find((c) => c.key === 'stack:1');
  assert.deepEqual(stack?.move?.landing, null);
  assert.equal(stack?.move?.words, 'off the board');
  assert.equal(stack?.pieces.length, 6);
  const tree = drawBoard(model, layout({ vertical: true, flip: true }), 'stack:1', () => {});
  const text = textOf(tree);
  assert.match(text, /White’s pile · 1 point/);
  assert.match(text, /Black’s pile · 2 points/);
  const blackPile = findAll(tree, (t) => String(t.attrs.class).includes('men-pile-black'))[0];
  assert.equal(findAll(blackPile, (t) => String(t.attrs.class).includes('men-white')).length, 2, 'the two whites black captured lie in its pile');
  const done = boardModel(stateOf(over, 1), ctxFor(1));
  assert.deepEqual(done.piles.map((p) => [p.side, p.off, p.captured, p.points]), [['white', 0, 1, 1], ['black', 4, 2, 6]]);
  assert.deepEqual(done.starts.map((s) => s.waiting), [2, 0]);
});

test('every event in words, in the mover’s own count of lines', () => {
  const state = stateOf(turn21, 1);
  const ctx = ctxFor(1);
  const say = (e) => men.eventText(e, state, ctx);
  assert.equal(say({ type: 'thrown', side: 'white', faces: 1, score: 1 }), 'Ada threw 1 (1 flat side up).');
  assert.equal(say({ type: 'thrown', side: 'black', faces: 0, score: 5 }), 'You threw 5 (no flat side up).');
  assert.equal(say({ type: 'no_move', side: 'white' }), 'Ada had nothing to move: the turn passed.');
  assert.equal(say({ type: 'entered', piece: 0, line: 1 }), 'Ada entered a piece on line 1.');
  assert.equal(say({ type: 'entered', piece: 7, line: 14 }), 'You entered a piece on line 3.');
  assert.equal(say({ type: 'moved', piece: 5, from: 14, to: { line: 12 } }), 'You moved from line 3 to line 5.');
  assert.equal(say({ type: 'moved', piece: 6, from: 1, to: 'off' }), 'You moved from line 16 off the board.');
  assert.equal(say({ type: 'captured', pieces: [9], by: 'white', points: 1 }), 'Ada captured a black piece: +1 point.');
  assert.equal(say({ type: 'captured', pieces: [1, 2], by: 'black', points: 2 }), 'You captured 2 white pieces: +2 points.');
  assert.equal(say({ type: 'finished', pieces: [5, 7, 8, 6], side: 'black' }), '4 black pieces left the board: +4 points for black.');
  assert.equal(say({ type: 'sent_back', pieces: [2, 1] }), '2 white pieces in that stack went back to the start.');
  assert.equal(say({ type: 'second_turn', side: 'white' }), 'Ada earned another throw for the capture.');
  const end = stateOf(over, 0);
  assert.equal(men.eventText({ type: 'game_over', outcome: over.outcome }, end, ctxFor(0)), 'Game over: one side has no piece left to play; Ben wins 6 to 1 on points.');
  assert.equal(men.eventText(/** @type {any} */ ({ type: 'something_new' }), state, ctx), null);
});

test('whose turn and which decision, in words', () => {
  assert.equal(men.phaseText(stateOf(turn21, 0, legal21), ctxFor(0)), 'Your move: 2. Tap a piece, stack or your waiting pieces, then where it lands.');
  assert.equal(men.phaseText(stateOf(turn21, 1), ctxFor(1)), 'Ada moves 2 (white).');
  const throwing = (/** @type {number} */ you) => stateOf({ ...turn21, phase: { phase: 'throw', side: 'black' } }, you, [[], []], { kind: 'throw', seat: 1 });
  assert.equal(men.phaseText(throwing(1), ctxFor(1)), 'Your throw (black).');
  assert.equal(men.phaseText(throwing(0), ctxFor(0)), 'Ben throws the sticks (black).');
  assert.equal(men.phaseText(stateOf(over, 0), ctxFor(0)), 'One side has no piece left to play; Ben wins 6 to 1 on points.');
  const draw = { ...over, outcome: { reason: 'all_captured', winner: null }, sides: sides({ points: 3 }, { points: 3 }) };
  assert.equal(men.phaseText(stateOf(draw, 0), ctxFor(0)), 'Every piece of one side was captured, and it is a draw at 3 points each.');
});

test('the lines under each player: side and shape, points, pieces off, lost, waiting', () => {
  const state = stateOf(over, 0);
  assert.deepEqual(men.seatLines(state, 0), ['small light squares', '1 point · 0 off · 2 lost', '2 waiting · 1 on the board']);
  assert.deepEqual(men.seatLines(state, 1), ['large dark rectangles', '6 points · 4 off · 1 lost', '0 waiting · 0 on the board']);
  assert.deepEqual(men.seatLines(state, 2), []);
  assert.equal(men.ruleSet, 'men-asymmetric');
});
