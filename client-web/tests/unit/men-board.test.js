// The board both Men modules share (client-web/js/games/men/): its lines, pieces, layouts,
// the tap-then-land picking, and the shared words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawBoard } from '../../js/games/men/board.js';
import { layout, LINES } from '../../js/games/men/layout.js';
import { legendText, orientationFor } from '../../js/games/men/mount.js';
import { answer } from '../../js/games/men/pick.js';
import { spread } from '../../js/games/men/pieces.js';
import { findAll } from '../../js/games/men/svg.js';
import { does, throwWords } from '../../js/games/men/words.js';

/** @typedef {import('../../js/games/men/types.js').BoardModel} BoardModel */

const enter = { type: 'enter' };
const moveTop = { type: 'move', piece: 1 };

/** A small position: a white pair on board line 4 that may move to line 8, a black piece on 20. @returns {BoardModel} */
function position() {
  return {
    columns: [
      { key: 'stack:3', line: 4, pieces: [{ id: 0, side: 'white' }, { id: 1, side: 'white' }], move: { action: moveTop, landing: 8, words: 'line 5' }, why: '', label: 'Line 3: two whites' },
      { key: 'stack:11', line: 20, pieces: [{ id: 5, side: 'black' }], move: null, why: 'That is a black piece: you play white.', label: 'Line 11: a black piece' },
    ],
    starts: [
      { key: 'start:white', side: 'white', waiting: 3, move: { action: enter, landing: 2, words: 'line 2' }, why: '', label: 'White waiting: 3' },
      { key: 'start:black', side: 'black', waiting: 4, move: null, why: 'Those are black’s pieces waiting to enter.', label: 'Black waiting: 4' },
    ],
    piles: [
      { side: 'white', off: 0, captured: 0, points: 0, label: 'White’s pile' },
      { side: 'black', off: 1, captured: 0, points: 1, label: 'Black’s pile' },
    ],
    labels: [],
    lines: Array.from({ length: 16 }, (_, i) => 2 * i),
    stacks: true,
    empty: 'Tap one of your pieces first.',
  };
}

const wide = layout({ vertical: false, flip: false });
const draw = (/** @type {BoardModel} */ model, picked = /** @type {string | null} */ (null), lay = wide) => drawBoard(model, lay, picked, () => {});
const byClass = (/** @type {import('../../js/games/men/svg.js').Tree} */ tree, /** @type {string} */ name) =>
  findAll(tree, (t) => String(t.attrs.class ?? '').split(' ').includes(name));

test('sixteen narrow and sixteen wide lines alternate, the narrow end beginning with a narrow line', () => {
  const tree = draw(position());
  const lines = byClass(tree, 'men-line');
  assert.equal(lines.length, LINES);
  assert.equal(byClass(tree, 'men-narrow').length, 16);
  assert.equal(byClass(tree, 'men-wide').length, 16);
  const xs = lines.map((l) => ({ narrow: String(l.attrs.class).includes('narrow'), x: Number(l.attrs.x), w: Number(l.attrs.width) }));
  xs.sort((a, b) => a.x - b.x);
  assert.ok(xs[0].narrow, 'the white end starts with a narrow line');
  assert.ok(!xs[31].narrow, 'the black end starts with a wide line');
  assert.ok(xs.every((l, i) => l.narrow === (i % 2 === 0)), 'narrow and wide alternate');
  assert.ok(xs[1].w > 2 * xs[0].w, 'wide lines are drawn wider');
});

test('white pieces are small squares, black ones rectangles twice as long', () => {
  const pieces = byClass(draw(position()), 'men-piece');
  const white = pieces.filter((p) => String(p.attrs.class).includes('men-white'));
  const black = pieces.filter((p) => String(p.attrs.class).includes('men-black'));
  assert.equal(white.length, 2 + 3, 'two on the board, three waiting');
  assert.equal(black.length, 1 + 4 + 1, 'one on the board, four waiting, one off');
  for (const p of white) assert.equal(p.attrs.width, p.attrs.height);
  for (const p of black) {
    const [w, h] = [Number(p.attrs.width), Number(p.attrs.height)];
    assert.equal(Math.max(w, h), 2 * Math.min(w, h));
  }
  assert.notEqual(white[0].attrs.fill, black[0].attrs.fill);
});

test('a stack is drawn bottom first from the base, with an arrow beside its top piece', () => {
  const [stack] = byClass(draw(position()), 'men-column');
  const ys = byClass(stack, 'men-piece').map((p) => Number(p.attrs.y));
  assert.ok(ys[0] > ys[1], 'on an upright board the top piece is higher up');
  assert.equal(byClass(stack, 'men-way').length, 1);
  const lone = byClass(draw(position()), 'men-column')[1];
  assert.equal(byClass(lone, 'men-way').length, 0);
});

test('pieces too many for the line squeeze together and keep their order', () => {
  const ten = Array.from({ length: 10 }, (_, i) => ({ id: i, side: /** @type {'white' | 'black'} */ (i < 5 ? 'white' : 'black') }));
  const places = spread(ten, 8);
  assert.ok(places[9].v1 <= 8.3 + 1e-9);
  assert.ok(places.every((p, i) => i === 0 || p.v0 > places[i - 1].v0));
});

test('what may move is a button; only the picked one shows where it lands', () => {
  const model = position();
  const plain = draw(model);
  const buttons = findAll(plain, (t) => t.attrs.role === 'button');
  assert.deepEqual(buttons.map((b) => b.attrs['data-key']), ['stack:3', 'start:white']);
  assert.equal(byClass(plain, 'men-landing').length, 0);
  const picked = draw(model, 'stack:3');
  const [target] = byClass(picked, 'men-landing');
  assert.equal(target.attrs['aria-label'], 'Move to line 5');
  assert.equal(findAll(picked, (t) => t.attrs['aria-pressed'] === 'true').length, 1);
});

test('the viewer’s start comes first: on the left upright, at the bottom lying down', () => {
  const whiteStart = (/** @type {import('../../js/games/men/layout.js').Layout} */ lay) => {
    const [g] = byClass(draw(position(), null, lay), 'men-start-white');
    return /** @type {import('../../js/games/men/svg.js').Tree} */ (g.children[0]).attrs;
  };
  assert.ok(Number(whiteStart(wide).x) < wide.width / 2);
  const flipped = layout({ vertical: false, flip: true });
  assert.ok(Number(whiteStart(flipped).x) > flipped.width / 2);
  const lying = layout({ vertical: true, flip: false });
  assert.ok(Number(whiteStart(lying).y) > lying.height / 2);
  assert.ok(lying.height > lying.width && wide.width > wide.height);
  assert.deepEqual(orientationFor(360, 1), { vertical: true, flip: true });
  assert.deepEqual(orientationFor(712, 0), { vertical: false, flip: false });
  assert.match(legendText(orientationFor(360, 1), ''), /White: small light squares, starting at the narrow end \(top\)\. Black: large dark rectangles, starting at the wide end \(bottom\)/);
});

test('tap a piece, then its landing line: only then is the move sent', () => {
  const model = position();
  let a = answer(model, null, { kind: 'column', column: model.columns[0] });
  assert.equal(a.picked, 'stack:3');
  assert.equal(a.send, undefined);
  assert.match(a.say ?? '', /Now tap line 5\./);
  assert.match(answer(model, 'stack:3', { kind: 'line', line: 12 }).explain ?? '', /goes to line 5/);
  a = answer(model, 'stack:3', { kind: 'line', line: 8 });
  assert.deepEqual(a, { picked: null, send: moveTop });
  assert.deepEqual(answer(model, 'stack:3', { kind: 'landing' }), { picked: null, send: moveTop });
  assert.equal(answer(model, 'stack:3', { kind: 'column', column: model.columns[0] }).picked, null, 'a second tap puts it down');
  assert.equal(answer(model, 'stack:3', { kind: 'start', start: model.starts[0] }).picked, 'start:white', 'another piece of one’s own is picked instead');
});

test('a tap that cannot move says why, and keeps what was picked', () => {
  const model = position();
  assert.deepEqual(answer(model, null, { kind: 'column', column: model.columns[1] }), { picked: null, explain: 'That is a black piece: you play white.' });
  assert.deepEqual(answer(model, 'start:white', { kind: 'start', start: model.starts[1] }), { picked: 'start:white', explain: 'Those are black’s pieces waiting to enter.' });
  assert.deepEqual(answer(model, null, { kind: 'line', line: 6 }), { picked: null, explain: 'Tap one of your pieces first.' });
});

test('a move off the board lands on the mover’s scoring pile', () => {
  const model = position();
  model.columns[0].move = { action: moveTop, landing: null, words: 'off the board' };
  const [target] = byClass(draw(model, 'stack:3'), 'men-landing');
  assert.equal(target.attrs['aria-label'], 'Move off the board');
  assert.deepEqual(answer(model, 'stack:3', { kind: 'pile', pile: model.piles[0] }), { picked: null, send: moveTop });
  assert.match(answer(model, 'stack:3', { kind: 'pile', pile: model.piles[1] }).explain ?? '', /off the board/);
});

test('throws and subjects in words', () => {
  assert.equal(throwWords(0b0101, 2), '2 (2 flat sides up)');
  assert.equal(throwWords(0b0001, 1), '1 (1 flat side up)');
  assert.equal(throwWords(0, 5), '5 (no flat side up)');
  const state = /** @type {any} */ ({ you: 1, game: { sides: [{ side: 'white', seat: 0 }, { side: 'black', seat: 1 }] } });
  const ctx = /** @type {any} */ ({ name: (/** @type {number} */ s) => (s === 1 ? 'You' : 'Ada') });
  assert.equal(does(state, ctx, 'white', 'moves', 'move'), 'Ada moves');
  assert.equal(does(state, ctx, 'black', 'moves', 'move'), 'You move');
});
