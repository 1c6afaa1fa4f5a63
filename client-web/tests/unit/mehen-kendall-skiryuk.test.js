// Kendall–Skiryuk Mehen's module: its words, what a tap means, and the serpent's markup, on
// states built as the server's view (src/rules/mehen_kendall/view.rs) serialises them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import game from '../../js/games/mehen-kendall-skiryuk/index.js';
import { buttonChoices, choicesOf, lookOf, tapPiece, tapPlace } from '../../js/games/mehen-kendall-skiryuk/choices.js';
import { boardSvg } from '../../js/games/mehen-kendall-skiryuk/serpent.js';

const NAMES = ['Ada', 'Ben', 'Cy'];
/** The room page's naming, seen from `you`. @param {number | null} you */
const namesFor = (you) => ({
  name: (/** @type {number} */ s) => (s === you ? 'You' : NAMES[s]),
  possessive: (/** @type {number} */ s) => (s === you ? 'your' : `${NAMES[s]}'s`),
});
const SIDES = ['Carnelian', 'Lapis', 'Turquoise'];
const COLORS = ['#b3362b', '#1f4fa3', '#2aa7b8'];

/** @param {'inward' | 'outward'} kind @param {number} cell */
const at = (kind, cell) => ({ kind, cell });
const CENTRE = { kind: 'centre' };
const OFF = { kind: 'off_board' };

/**
 * A three-player game on the compact serpent: Ada (seat 0) has a ball on cell 5, one on
 * cell 30 heading back, one in the centre, one home and her lion on cell 12 heading back;
 * Ben a ball on cell 8 and one in the centre, one eaten; Cy a ball on cell 1.
 * @param {object} [over] fields of the view to replace
 */
function view(over = {}) {
  /** @type {Record<string, any>} */
  const pieces = {};
  for (let seat = 0; seat < 3; seat++) for (let b = 0; b < 6; b++) pieces[seat * 7 + b] = { owner: seat, kind: 'ball', place: OFF };
  Object.assign(pieces, {
    0: { owner: 0, kind: 'ball', place: at('inward', 5) },
    1: { owner: 0, kind: 'ball', place: at('outward', 30) },
    2: { owner: 0, kind: 'ball', place: CENTRE },
    3: { owner: 0, kind: 'ball', place: { kind: 'home' } },
    6: { owner: 0, kind: 'lion', place: at('outward', 12) },
    7: { owner: 1, kind: 'ball', place: at('inward', 8) },
    8: { owner: 1, kind: 'ball', place: CENTRE },
    9: { owner: 1, kind: 'ball', place: { kind: 'eaten' } },
    14: { owner: 2, kind: 'ball', place: at('inward', 1) },
  });
  const players = [
    { seat: 0, team: 0, side: 'Carnelian', saved: 5, eaten: 1, lost: 0, off_board: 2, on_track: 3, home: 1, lion: at('outward', 12) },
    { seat: 1, team: 1, side: 'Lapis', saved: 1, eaten: 0, lost: 1, off_board: 3, on_track: 2, home: 0, lion: null },
    { seat: 2, team: 2, side: 'Turquoise', saved: 0, eaten: 0, lost: 0, off_board: 5, on_track: 1, home: 0, lion: null },
  ];
  return { board: 'compact', cells: 40, turn: 41, players, pieces, phase: { kind: 'throw', seat: 0 }, throw: null, moves: [], lions_home: [], outcome: null, ...over };
}

/** Ada threw 3: four moves, one of them out of the centre for 4 saved ones. */
const THREE = [
  { action: { type: 'move', piece: 0 }, piece: 0, to: at('inward', 8), spends: 0 },
  { action: { type: 'move', piece: 1 }, piece: 1, to: at('outward', 27), spends: 0 },
  { action: { type: 'move', piece: 6 }, piece: 6, to: at('outward', 6), spends: 0 },
  { action: { type: 'move', piece: 2 }, piece: 2, to: at('outward', 37), spends: 4 },
];
/** Ada threw 1: save it, or enter a ball or the lion (cell 1 free in this variant). */
const ONE = [
  { action: { type: 'save' }, piece: null, to: null, spends: 0 },
  { action: { type: 'enter_ball' }, piece: 4, to: at('inward', 1), spends: 0 },
  { action: { type: 'enter_lion' }, piece: 6, to: at('inward', 1), spends: 0 },
];

/** The room state seen by `you` while Ada chooses what to do with `score`. @param {number | null} you @param {number} score */
function choosing(you, score = 3) {
  const moves = score === 1 ? ONE : THREE;
  return {
    you,
    legal: you === 0 ? moves.map((m) => m.action) : [],
    game: view({ phase: { kind: 'choose', seat: 0 }, throw: score, moves }),
  };
}

test('the module answers to its rule set with the contract’s four members', () => {
  assert.equal(game.ruleSet, 'mehen-kendall-skiryuk');
  for (const f of ['mount', 'eventText', 'phaseText', 'seatLines']) assert.equal(typeof game[f], 'function');
});

test('every event reads as a sentence, for the viewer and for the others', () => {
  /** The line as Ada (seat 0, "you") reads it, or as Ben. @param {any} ev @param {number} viewer */
  const line = (ev, viewer = 0) => game.eventText(ev, choosing(viewer), namesFor(viewer));
  const ben = 1;
  assert.equal(line({ type: 'thrown', seat: 0, score: 6 }), 'You threw 6.');
  assert.equal(line({ type: 'thrown', seat: 0, score: 6 }, ben), 'Ada threw 6.');
  assert.equal(line({ type: 'saved', seat: 1, saved: 1 }), 'Ben saved the 1: 1 saved one now.');
  assert.equal(line({ type: 'entered', piece: 14 }), 'Cy entered a ball on cell 1.');
  assert.equal(line({ type: 'entered', piece: 6 }, ben), 'Ada entered the lion on cell 1.');
  assert.equal(
    line({ type: 'moved', piece: 0, from: at('inward', 5), to: at('inward', 8), spent: 0 }),
    'Your ball moved from cell 5 to cell 8.',
  );
  assert.equal(
    line({ type: 'moved', piece: 0, from: at('inward', 38), to: CENTRE, spent: 1 }, ben),
    "Ada's ball moved from cell 38 into the centre, using 1 saved one.",
  );
  assert.equal(
    line({ type: 'moved', piece: 6, from: CENTRE, to: at('outward', 34), spent: 10 }),
    'Your lion moved out of the centre to cell 34 on the way back, using 10 saved ones.',
  );
  assert.equal(line({ type: 'moved', piece: 1, from: at('outward', 2), to: { kind: 'home' }, spent: 0 }), 'Your ball moved from cell 2 home.');
  assert.equal(line({ type: 'swapped', piece: 7, to: at('inward', 5) }), "Ben's ball swapped places with it: now on cell 5, heading in.");
  assert.equal(line({ type: 'eaten', piece: 7, by: 6 }), "Your lion ate Ben's ball: it is gone for good.");
  assert.equal(line({ type: 'eaten', piece: 7, by: 6 }, ben), "Ada's lion ate your ball: it is gone for good.");
  assert.equal(line({ type: 'lion_earned', seat: 0 }), 'Your first ball is home, and earns your lion: it waits at the tail.');
  assert.equal(line({ type: 'lion_earned', seat: 0 }, ben), "Ada's first ball is home, and earns Ada's lion: it waits at the tail.");
  assert.equal(line({ type: 'no_move', seat: 2, score: 2 }), 'Cy threw 2, and nothing can move.');
  assert.equal(line({ type: 'something_new' }), null);
});

test('the end says who won and why, in each of the three ways', () => {
  const state = choosing(1);
  const names = namesFor(1);
  const over = (/** @type {string} */ reason, winner = 0) => game.eventText({ type: 'game_over', outcome: { winner, reason } }, state, names);
  assert.equal(over('most_eaten'), "Ada wins: Ada's lion ate the most balls (1).");
  assert.equal(over('first_home_breaks_tie'), "Ada wins: tied for the most balls eaten (1), Ada's lion came home first.");
  assert.equal(over('all_eaten', 1), 'You win: every ball not home had been eaten when your lion came home, the first lion home.');
});

test('the phase says whose throw and which decision', () => {
  const you = namesFor(0);
  const ben = namesFor(1);
  const throwing = { you: 0, legal: [], game: view() };
  assert.equal(game.phaseText(throwing, you), 'Your throw.');
  assert.equal(game.phaseText({ ...throwing, you: 1 }, ben), "Ada's throw.");
  assert.equal(game.phaseText(choosing(0), you), 'You threw 3: choose a piece to move.');
  assert.equal(game.phaseText(choosing(1), ben), 'Ada threw 3 and will choose a piece to move.');
  assert.equal(game.phaseText(choosing(0, 1), you), 'You threw 1: enter a piece or save the 1.');
  const done = view({ phase: { kind: 'over' }, outcome: { winner: 0, reason: 'most_eaten' }, lions_home: [0] });
  assert.equal(game.phaseText({ you: null, legal: [], game: done }, namesFor(null)), "Ada wins: Ada's lion ate the most balls (1).");
});

test('each seat’s lines tell its pieces, saved ones, balls and lion', () => {
  const state = choosing(0);
  assert.deepEqual(game.seatLines(state, 0), [
    'Pieces: balls marked C',
    'Saved ones: 5',
    'Balls: 2 waiting, 3 out, 1 home',
    'Lion: on cell 12, heading back · ate 1',
  ]);
  assert.deepEqual(game.seatLines(state, 1), ['Pieces: balls marked L', 'Saved ones: 1', 'Balls: 3 waiting, 2 out, 0 home, 1 eaten', 'Lion: not earned yet']);
  const home = { ...state, game: view({ lions_home: [2, 0], players: state.game.players.map((p) => (p.seat === 0 ? { ...p, lion: { kind: 'home' } } : p)) }) };
  assert.equal(game.seatLines(home, 0)[3], 'Lion: home, 2nd · ate 1');
  assert.deepEqual(game.seatLines(state, 5), []);
});

test('choices pair each legal action with its landing; buttons are the ones off the track', () => {
  const three = choicesOf(choosing(0));
  assert.deepEqual(three.map((c) => c.to), THREE.map((m) => m.to));
  assert.deepEqual(buttonChoices(choosing(0)).map((c) => c.action), [{ type: 'move', piece: 2 }]);
  assert.deepEqual(buttonChoices(choosing(0, 1)).map((c) => c.action.type), ['save', 'enter_ball', 'enter_lion']);
  assert.deepEqual(choicesOf(choosing(1)), [], 'the others have nothing to choose');
});

test('a tap on a piece picks it up, or says why not', () => {
  const names = namesFor(0);
  assert.deepEqual(tapPiece(choosing(0), null, 0, names), { select: 0 });
  assert.deepEqual(tapPiece(choosing(0), 0, 0, names), { select: null }, 'a second tap puts it down');
  assert.deepEqual(tapPiece(choosing(0), null, 7, names), { explain: "That is Ben's ball. Yours are the balls marked C." });
  assert.deepEqual(tapPiece(choosing(null), null, 0, namesFor(null)), { explain: 'You are watching: only the players move pieces.' });
  assert.deepEqual(tapPiece(choosing(1), null, 7, namesFor(1)), { explain: 'Ada threw 3 and is choosing, not you.' });
  assert.deepEqual(tapPiece({ you: 1, legal: [], game: view() }, null, 7, namesFor(1)), { explain: "It is Ada's throw, not yours." });
  assert.deepEqual(tapPiece({ you: 0, legal: [], game: view() }, null, 0, names), { explain: 'Throw the sticks first.' });
  const one = tapPiece(choosing(0, 1), null, 0, names);
  assert.ok('explain' in one && one.explain.startsWith('A throw of 1 moves nothing along the serpent. You may: Save this 1 (you have 5 saved ones); Enter a ball on cell 1'));
  // The ball in the centre has no move when the view offers none for it.
  const stuck = choosing(0);
  stuck.legal = stuck.legal.filter((a) => /** @type {any} */ (a).piece !== 2);
  const why = tapPiece(stuck, null, 2, names);
  assert.ok('explain' in why && why.explain.startsWith('Your ball in the centre has no move with this 3. Leaving the centre costs saved ones, and you have 5 saved ones.'));
});

test('a tap on a place lands the piece picked up, or the only one that can', () => {
  const names = namesFor(0);
  assert.deepEqual(tapPlace(choosing(0), 1, 'cell-27', names), { send: { type: 'move', piece: 1 } });
  assert.deepEqual(tapPlace(choosing(0), null, 'cell-6', names), { send: { type: 'move', piece: 6 } });
  assert.deepEqual(tapPlace(choosing(0), 1, 'cell-6', names), { explain: 'Your ball cannot land on cell 6: it lands on cell 27.' });
  const nothing = tapPlace(choosing(0), null, 'cell-20', names);
  assert.ok('explain' in nothing && nothing.explain.startsWith('Nothing of yours can land on cell 20 with this 3. You may: Move the ball from cell 5 to cell 8'));
  assert.deepEqual(tapPlace(choosing(0, 1), null, 'cell-1', names), {
    explain: 'Several choices land on cell 1: tap the piece to move first, or use a button.',
  });
  assert.deepEqual(tapPlace(choosing(null), null, 'cell-1', namesFor(null)), { explain: 'You are watching: only the players move pieces.' });
});

test('move labels name the piece, its way, whom it lands on and the saved ones it spends', () => {
  const labels = lookOf(choosing(0), null, namesFor(0), COLORS).labels;
  assert.equal(labels['cell-8'], "Cell 8: Move the ball from cell 5 to cell 8, where Ben's ball stands");
  assert.equal(labels['cell-37'], 'Cell 37: Move the ball out of the centre to cell 37 on the way back, using 4 saved ones');
  assert.equal(labels['6'], 'Your lion on cell 12, heading back: pick it up');
});

test('the serpent draws every cell, the centre, home and each piece on the track', () => {
  const look = lookOf(choosing(1), null, namesFor(1), COLORS);
  const svg = boardSvg(choosing(1).game, look, 'The serpent');
  assert.equal((svg.match(/<text class="num" y="0.12">/g) || []).length, 39, 'cells 1 to 39 are numbered');
  assert.ok(svg.includes('data-place="centre"') && svg.includes('data-place="home"'));
  assert.ok(!svg.includes('>centre<'), 'the centre is not named while pieces stand in it');
  const drawn = [...svg.matchAll(/data-piece="(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
  assert.deepEqual(drawn, [0, 1, 2, 6, 7, 8, 14], 'pieces off the board, home or eaten are not on it');
  assert.equal((svg.match(/class="mk-back"/g) || []).length, 2, 'the two pieces heading back point their way');
  assert.equal((svg.match(/class="mk-lion-mane"/g) || []).length, 1, 'one lion, shaped as a lion');
  assert.equal((svg.match(/class="mk-ball"/g) || []).length, 6, 'the other pieces are round balls');
  assert.ok(svg.includes('class="head-shape"'), 'the serpent’s head is at the centre');
  assert.equal((svg.match(/role="button"/g) || []).length, 0, 'nothing to tap for a player who is not choosing');
  for (const side of SIDES) assert.ok(svg.includes(`>${side[0]}</text>`), `${side} pieces carry their letter`);
  const extended = boardSvg(view({ board: 'extended', cells: 127, pieces: {} }), look, 'x');
  assert.equal((extended.match(/<text class="num" y="0.12">/g) || []).length, 126);
  assert.ok(extended.includes('>centre<'), 'an empty centre is named');
});

test('the chooser’s movable pieces glow and their landings are rings; the picked-up one’s alone', () => {
  const state = choosing(0);
  const free = boardSvg(state.game, lookOf(state, null, namesFor(0), COLORS), 'x');
  assert.equal((free.match(/class="mk-piece mk-movable"/g) || []).length, 4);
  const rings = [...free.matchAll(/class="mk-target[^"]*" data-place="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(rings, ['cell-8', 'cell-27', 'cell-6', 'cell-37']);
  const picked = boardSvg(state.game, lookOf(state, 6, namesFor(0), COLORS), 'x');
  assert.ok(picked.includes('class="mk-piece mk-movable mk-selected" data-piece="6"'));
  assert.deepEqual([...picked.matchAll(/class="mk-target mk-chosen" data-place="([^"]+)"/g)].map((m) => m[1]), ['cell-6']);
});

test('text in the markup is escaped', () => {
  const state = choosing(0);
  const look = { ...lookOf(state, null, namesFor(0), COLORS), labels: { 0: '<b>"x"</b>' } };
  const svg = boardSvg(state.game, look, 'a <title> & more');
  assert.ok(svg.includes('aria-label="a &#60;title&#62; &#38; more"'));
  assert.ok(svg.includes('aria-label="&#60;b&#62;&#34;x&#34;&#60;/b&#62;"'));
});

test('a recorded entry reads right even where the view does not hold its lion yet', () => {
  // From a live three-player game: Ben's lion (piece 13) heading back eats Cy's ball (19).
  const entry = {
    seat: 1,
    auto: false,
    events: [
      { from: { cell: 28, kind: 'outward' }, piece: 13, spent: 0, to: { cell: 24, kind: 'outward' }, type: 'moved' },
      { by: 13, piece: 19, type: 'eaten' },
    ],
  };
  const state = { you: 2, legal: [], game: view() };
  const lines = entry.events.map((ev) => game.eventText(/** @type {any} */ (ev), /** @type {any} */ (state), namesFor(2)));
  assert.deepEqual(lines, ["Ben's lion moved from cell 28 to cell 24 on the way back.", "Ben's lion ate your ball: it is gone for good."]);
});
