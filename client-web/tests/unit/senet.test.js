// The Senet module on states and events in the server's JSON (src/rules/senet/view.rs and
// action.rs): its words, what a tap does, and the board it draws.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import senet from '../../js/games/senet/index.js';
import { arrivals, drawBoard } from '../../js/games/senet/board.js';
import { drawLegend } from '../../js/games/senet/legend.js';
import { tap } from '../../js/games/senet/picking.js';
import { corner, trackPath } from '../../js/games/senet/track.js';
import { toDom } from '../../js/games/senet/tree.js';

/** A view: the Cones' squares (ids 0–4) and the Spools' (ids 5–9), null for a piece off. */
function view(cones, spools, phase, outcome = null) {
  const pieces = {};
  cones.forEach((square, i) => (pieces[String(i)] = { owner: 0, square }));
  spools.forEach((square, i) => (pieces[String(5 + i)] = { owner: 1, square }));
  const off = (list) => list.filter((s) => s === null).length;
  return {
    turn: 3,
    sides: [
      { seat: 0, team: 0, side: 'Cones', off: off(cones) },
      { seat: 1, team: 1, side: 'Spools', off: off(spools) },
    ],
    pieces,
    phase,
    outcome,
  };
}

const OPENING = [[2, 4, 6, 8, 10], [1, 3, 5, 7, 9]];

/** The room page's words for Ada (seat 0) and Ben (seat 1), as seen by `you`. */
function ctxFor(you) {
  const names = ['Ada', 'Ben'];
  return {
    name: (s) => (s === you ? 'You' : names[s]),
    possessive: (s) => (s === you ? 'your' : `${names[s]}'s`),
    color: (s) => ['#b3362b', '#1f4fa3'][s],
  };
}

/** The state the room sends, with the legal actions of the viewer. */
function state(game, you, legal = []) {
  return { game, you, legal };
}

/** A Cones' move of 3 from the position: 24 drowns, 28 leaves, 20 bumps the Spool on 23. */
const MOVE = {
  phase: 'move',
  seat: 0,
  score: 3,
  throws_again: false,
  moves: [
    { piece: 0, from: 24, landing: { kind: 'drowns', rebirth: 15 } },
    { piece: 1, from: 28, landing: { kind: 'leaves' } },
    { piece: 3, from: 20, landing: { kind: 'square', square: 23, swaps: 7 } },
  ],
};
const MIDGAME = view([24, 28, 12, 20, null], [11, 13, 23, 25, 26], MOVE);
const LEGAL = [{ type: 'move', piece: 0 }, { type: 'move', piece: 1 }, { type: 'move', piece: 3 }];

test('whose turn and what they decide', () => {
  const throwing = view(...OPENING, { phase: 'throw', seat: 0, again: false });
  assert.equal(senet.phaseText(state(throwing, 0), ctxFor(0)), 'Your throw: throw the sticks.');
  assert.equal(senet.phaseText(state(throwing, 1), ctxFor(1)), 'Ada (Cones) throws the sticks.');
  assert.equal(senet.phaseText(state(throwing, null), ctxFor(null)), 'Ada (Cones) throws the sticks.');
  const again = view(...OPENING, { phase: 'throw', seat: 1, again: true });
  assert.equal(senet.phaseText(state(again, 1), ctxFor(1)), 'Extra throw! Throw the sticks again.');
  assert.equal(senet.phaseText(state(again, 0), ctxFor(0)), 'Ben (Spools) throws again (an extra throw).');
  assert.equal(senet.phaseText(state(MIDGAME, 0, LEGAL), ctxFor(0)), 'You threw 3: move one of your Cones.');
  const four = view(...OPENING, { ...MOVE, score: 4, throws_again: true });
  assert.equal(senet.phaseText(state(four, 1), ctxFor(1)), 'Ada (Cones) threw 4 and moves a Cone, then throws again.');
  assert.equal(senet.phaseText(state(four, 0), ctxFor(0)), 'You threw 4: move one of your Cones, then throw again.');
  const over = view([null, null, null, null, null], [20, 22, 25, null, null], { phase: 'over' }, { winner: 0, reason: 'all_pieces_off' });
  assert.equal(senet.phaseText(state(over, 1), ctxFor(1)), 'Game over. Ada (Cones) wins: all 5 Cones are off the board.');
  assert.equal(senet.phaseText(state(over, 0), ctxFor(0)), 'Game over. You win: all 5 Cones are off the board.');
});

test('every event of the log in words, for the player and for the other side', () => {
  const ada = 0;
  const ben = 1;
  const said = (event, you = ada) => senet.eventText(event, state(MIDGAME, you), ctxFor(you));
  assert.equal(said({ type: 'thrown', seat: 0, faces: 7, score: 3 }), 'You threw 3.');
  assert.equal(said({ type: 'thrown', seat: 0, faces: 0, score: 6 }, ben), 'Ada threw 6 (no flat face up).');
  assert.equal(said({ type: 'no_move', seat: 1, score: 6 }), "None of Ben's pieces can use the 6: the throw is lost.");
  assert.equal(said({ type: 'no_move', seat: 0, score: 2 }), 'None of your pieces can use the 2: the throw is lost.');
  assert.equal(said({ type: 'moved', piece: 3, seat: 0, from: 20, to: 23 }, ben), "Ada's Cone moved from 20 to 23.");
  assert.equal(said({ type: 'moved', piece: 0, seat: 0, from: 24, to: 26 }), 'Your Cone moved from 24 to 26, the House of Beauty.');
  assert.equal(said({ type: 'swapped', piece: 7, owner: 1, from: 23, to: 20 }), "Ben's Spool on 23 was bumped back to 20.");
  assert.equal(said({ type: 'swapped', piece: 7, owner: 1, from: 23, to: 20 }, ben), 'Your Spool on 23 was bumped back to 20.');
  assert.equal(said({ type: 'moved', piece: 0, seat: 0, from: 24, to: 27 }), 'Your Cone moved from 24 to 27, the House of Water.');
  assert.equal(said({ type: 'drowned', piece: 0, seat: 0, to: 15 }), 'Your Cone drowned and went back to 15, the House of Rebirth.');
  assert.equal(said({ type: 'drowned', piece: 6, seat: 1, to: 2 }), "Ben's Spool drowned and went back to 2 (the House of Rebirth was taken).");
  assert.equal(said({ type: 'left_board', piece: 1, seat: 0, from: 28 }, ben), "Ada's Cone left the board from 28.");
  assert.equal(said({ type: 'throw_again', seat: 0 }), 'Extra throw: you throw again.');
  assert.equal(said({ type: 'throw_again', seat: 0 }, ben), 'Extra throw: Ada throws again.');
  assert.equal(said({ type: 'turn_passed', seat: 1, turn: 4 }), "Turn 4: Ben's throw.");
  assert.equal(said({ type: 'turn_passed', seat: 1, turn: 4 }, ben), 'Turn 4: your throw.');
  assert.equal(said({ type: 'game_over', outcome: { winner: 1, reason: 'all_pieces_off' } }), 'Ben (Spools) wins: all 5 Spools are off the board.');
});

test('the players panel says how many pieces are off and where the front piece stands', () => {
  const s = state(MIDGAME, 0);
  assert.deepEqual(senet.seatLines(s, 0), ['1 of 5 off the board', 'front piece on 28']);
  assert.deepEqual(senet.seatLines(s, 1), ['0 of 5 off the board', 'front piece on 26']);
  const done = view([null, null, null, null, null], [20, 22, 25, null, null], { phase: 'over' });
  assert.deepEqual(senet.seatLines(state(done, 0), 0), ['5 of 5 off the board']);
  assert.deepEqual(senet.seatLines(state(done, 0), 2), []);
});

test('a tap picks a piece that can move, a second tap on its landing sends the legal action', () => {
  const s = state(MIDGAME, 0, LEGAL);
  const ctx = ctxFor(0);
  assert.deepEqual(tap(s, ctx, null, 20), { kind: 'pick', piece: 3 });
  assert.deepEqual(tap(s, ctx, 3, 23), { kind: 'send', action: LEGAL[2] });
  assert.equal(tap(s, ctx, 3, 23).action, LEGAL[2], 'the very entry of state.legal');
  assert.deepEqual(tap(s, ctx, 3, 20), { kind: 'pick', piece: null }, 'tapping the picked piece again drops it');
  assert.deepEqual(tap(s, ctx, 3, 24), { kind: 'pick', piece: 0 }, 'another piece that can move');
  // The drowning move lands on the House of Water, leaving lands off the board.
  assert.deepEqual(tap(s, ctx, 0, 27), { kind: 'send', action: LEGAL[0] });
  assert.deepEqual(tap(s, ctx, 1, 'off'), { kind: 'send', action: LEGAL[1] });
  // With nothing picked, each landing belongs to one piece: tapping it moves that piece.
  assert.deepEqual(tap(s, ctx, null, 'off'), { kind: 'send', action: LEGAL[1] });
});

test('only what state.legal names can be sent, whatever the view lists', () => {
  const s = state(MIDGAME, 0, [LEGAL[2]]);
  const said = tap(s, ctxFor(0), null, 27);
  assert.equal(said.kind, 'explain');
  assert.equal(tap(s, ctxFor(0), null, 24).kind, 'explain');
  assert.deepEqual(tap(s, ctxFor(0), null, 23), { kind: 'send', action: LEGAL[2] });
});

test('an illegal tap says why not, from the view and the legal actions', () => {
  const s = state(MIDGAME, 0, LEGAL);
  const ctx = ctxFor(0);
  const why = (picked, place) => {
    const t = tap(s, ctx, picked, place);
    assert.equal(t.kind, 'explain');
    return t.kind === 'explain' ? t.text : '';
  };
  assert.equal(why(null, 12), 'Your Cone on 12 cannot use this 3. Your Cones on 24, 28 and 20 can move.');
  assert.equal(why(null, 13), "That Spool is Ben's: you move the Cones. Your Cones on 24, 28 and 20 can move.");
  assert.equal(why(null, 5), 'Square 5 is empty. Tap one of your pieces first: Your Cones on 24, 28 and 20 can move.');
  assert.equal(why(3, 27), 'Your Cone on 20 moves exactly 3, to 23. Tap there, or pick another piece.');
  assert.equal(why(0, 6), 'Your Cone on 24 moves exactly 3, to 27, the House of Water, and drowns: back to 15. Tap there, or pick another piece.');
  const one = state(MIDGAME, 0, [LEGAL[1]]);
  assert.deepEqual(tap(one, ctx, null, 'off'), { kind: 'send', action: LEGAL[1] });
  assert.deepEqual(tap(one, ctx, null, 12), { kind: 'explain', text: 'Your Cone on 12 cannot use this 3. Only your Cone on 28 can move.' });
  const none = state(MIDGAME, 0, [LEGAL[0]]);
  assert.deepEqual(tap(none, ctx, null, 'off'), { kind: 'explain', text: 'No piece of yours can leave the board with this 3. Only your Cone on 24 can move.' });
});

test('a tap out of turn, before the throw, by a spectator or after the end is explained', () => {
  const ctx = ctxFor(1);
  assert.deepEqual(tap(state(MIDGAME, 1), ctx, null, 13), { kind: 'explain', text: 'Not your turn. Ada (Cones) threw 3 and moves a Cone.' });
  assert.deepEqual(tap(state(MIDGAME, null), ctxFor(null), null, 13), { kind: 'explain', text: 'You are watching: only the players move pieces.' });
  const throwing = view(...OPENING, { phase: 'throw', seat: 1, again: false });
  assert.deepEqual(tap(state(throwing, 1), ctx, null, 9), { kind: 'explain', text: 'Throw the sticks first, then move a piece.' });
  const over = view([null, null, null, null, null], [20, 22, 25, null, null], { phase: 'over' }, { winner: 0, reason: 'all_pieces_off' });
  assert.deepEqual(tap(state(over, 1), ctx, null, 20), { kind: 'explain', text: 'The game is over.' });
});

/** Every element of a tree that `test` accepts. */
function findAll(node, test) {
  if (typeof node === 'string') return [];
  return [...(test(node) ? [node] : []), ...node.children.flatMap((c) => findAll(c, test))];
}
const textOf = (node) => (typeof node === 'string' ? node : node.children.map(textOf).join(''));
const byClass = (tree, name) => findAll(tree, (e) => String(e.attrs.class || '').split(' ').includes(name));

/** The board of a scene, as the module draws it for the viewer. */
function board(game, { plans = [], picked = null, arrived = new Set() } = {}) {
  const ctx = ctxFor(0);
  return drawBoard({ view: game, color: ctx.color, possessive: ctx.possessive, plans, picked, arrived });
}

test('the squares run along the inverted S: 1–10 left to right, 11–20 back, 21–30 on', () => {
  assert.deepEqual(corner(1), { x: 0, y: 0, row: 0 });
  assert.deepEqual(corner(10), { x: 90, y: 0, row: 0 });
  assert.deepEqual(corner(11), { x: 90, y: 10, row: 1 });
  assert.deepEqual(corner(20), { x: 0, y: 10, row: 1 });
  assert.deepEqual(corner(21), { x: 0, y: 20, row: 2 });
  assert.deepEqual(corner(30), { x: 90, y: 20, row: 2 });
  // The track goes right, down, left, down, right, then down off the board.
  assert.match(trackPath(), /^M[\d.]+ [\d.]+H[\d.]+V[\d.]+H[\d.]+V[\d.]+H[\d.]+V[\d.]+$/);
});

test('the board shows thirty numbered squares, the houses, both sides and the trays', () => {
  const tree = board(view(...OPENING, { phase: 'throw', seat: 0, again: false }));
  const numbers = byClass(tree, 'senet-number').map(textOf);
  assert.deepEqual(numbers, Array.from({ length: 30 }, (_, i) => String(i + 1)));
  assert.equal(byClass(tree, 'senet-square').length, 30);
  assert.equal(byClass(tree, 'senet-cones').length, 5);
  assert.equal(byClass(tree, 'senet-spools').length, 5);
  assert.ok(findAll(tree, (e) => e.tag === 'path' && e.attrs.d === trackPath()).length, 'the track is drawn');
  const trays = byClass(tree, 'senet-tray');
  assert.deepEqual(trays.map(textOf), ['Cones off: 0 of 5', 'Spools off: 0 of 5']);
  // On the other side's turn nothing is a button.
  assert.equal(findAll(tree, (e) => e.attrs.role === 'button').length, 0);
  assert.equal(byClass(tree, 'senet-landing').length, 0);
});

test('pieces off the board lie in their side’s tray', () => {
  const tree = board(MIDGAME);
  const [cones, spools] = byClass(tree, 'senet-tray');
  assert.equal(textOf(cones), 'Cones off: 1 of 5');
  assert.equal(byClass(cones, 'senet-cones').length, 1);
  assert.equal(byClass(spools, 'senet-spools').length, 0);
  assert.equal(byClass(tree, 'senet-cones').length, 5, 'four on the board, one in the tray');
});

test('on your move the pieces that can move are framed and their landings ringed', () => {
  const tree = board(MIDGAME, { plans: MOVE.moves });
  assert.equal(byClass(tree, 'senet-movable').length, 3);
  assert.equal(byClass(tree, 'senet-landing').length, 3);
  const buttons = findAll(tree, (e) => e.attrs.role === 'button').map((e) => e.attrs['data-place']);
  assert.deepEqual(buttons.sort(), ['20', '23', '24', '27', '28', 'off']);
  const label = (place) => findAll(tree, (e) => e.attrs['data-place'] === place)[0].attrs['aria-label'];
  assert.equal(label('20'), 'Square 20, your Cone: can move');
  assert.equal(label('23'), "Square 23, Ben's Spool: move the piece on 20 here");
  assert.equal(label('off'), 'Off the board: move the piece on 28 here');
});

test('a picked piece shows only its own landing, with an arrow to it', () => {
  const tree = board(MIDGAME, { plans: MOVE.moves, picked: 0 });
  assert.equal(byClass(tree, 'senet-picked').length, 1);
  assert.equal(byClass(tree, 'senet-movable').length, 2);
  const rings = byClass(tree, 'senet-landing');
  assert.equal(rings.length, 1);
  assert.equal(byClass(tree, 'senet-landing-picked').length, 1);
  const label = (place) => findAll(tree, (e) => e.attrs['data-place'] === place)[0].attrs['aria-label'];
  assert.equal(label('27'), 'Square 27, the House of Water: move the piece on 24 here');
  assert.equal(label('24'), 'Square 24, your Cone: picked');
  assert.equal(findAll(tree, (e) => e.attrs['data-place'] === '23')[0].attrs.role, undefined, "another piece's landing is no button now");
});

test('the squares a piece just reached are found from the two views', () => {
  const before = view(...OPENING, MOVE);
  const after = view([2, 4, 6, 8, 12], [1, 3, 5, 7, 10], MOVE);
  assert.deepEqual([...arrivals(before, after)].sort(), [10, 12]);
  assert.deepEqual([...arrivals(after, after)], []);
  assert.equal(byClass(board(after, { arrived: arrivals(before, after) }), 'senet-arrived').length, 2);
});

test('the legend names the sides by their players and says what each house means', () => {
  const legend = drawLegend(MIDGAME, ctxFor(1));
  const text = textOf(legend);
  assert.match(text, /Cones: Ada/);
  assert.match(text, /Spools: You/);
  assert.match(text, /15 House of Rebirth: a drowned piece comes back here/);
  assert.match(text, /26 House of Beauty: every piece must stop here/);
  assert.match(text, /27 House of Water: a piece that stops here drowns/);
  assert.match(text, /28, 29, 30 the exits: a piece leaves the board with a 3 from 28, a 2 from 29, a 1 from 30/);
});

test('a tree becomes elements, SVG ones from the <svg> down', () => {
  const made = [];
  const doc = {
    createElement: (tag) => fake(tag, null),
    createElementNS: (ns, tag) => fake(tag, ns),
    createTextNode: (text) => ({ text }),
  };
  function fake(tag, ns) {
    const e = { tag, ns, attrs: {}, kids: [], setAttribute: (k, v) => (e.attrs[k] = v), append: (c) => e.kids.push(c) };
    made.push(e);
    return e;
  }
  const dom = toDom(drawLegend(MIDGAME, ctxFor(0)), /** @type {any} */ (doc));
  assert.equal(dom.tag, 'div');
  assert.equal(dom.ns, null);
  const svgs = made.filter((e) => e.tag === 'svg');
  assert.ok(svgs.length >= 2);
  assert.ok(svgs.every((e) => e.ns === 'http://www.w3.org/2000/svg'));
  assert.ok(made.filter((e) => e.tag === 'path').every((e) => e.ns === 'http://www.w3.org/2000/svg'));
  assert.ok(made.filter((e) => e.tag === 'li').every((e) => e.ns === null));
});
