// San Martin Mehen's module: its words for phases and events on recorded states, in the
// viewer's own words, and its seat lines.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import mehen from '../../js/games/mehen-san-martin/index.js';

/** A duel's state as the server sends it at the start, seen from `you`. @param {number | null} you */
function duel(you) {
  const player = (seat, side) => ({ seat, team: seat, side, reserve: 6, lions: 3, frozen: false, lost: 0, finished: 0, acted_this_round: false });
  return /** @type {any} */ ({
    rule_set: 'mehen-san-martin',
    status: 'playing',
    you,
    seats: [
      { seat: 0, team: 0, side: 'Carnelian', name: 'Ada', connected: true },
      { seat: 1, team: 1, side: 'Lapis', name: 'Ben', connected: true },
    ],
    awaiting: { kind: 'conceal', seat: 0, turn: 1, min: 1, max: 6 },
    game: {
      mode: 'duel', board: 'compact', spaces: 49, head: 48, turn: 1, round: null,
      players: [player(0, 'Carnelian'), player(1, 'Lapis')],
      marbles: {}, phase: { phase: 'conceal', actor: 0, max: 6 }, outcome: null,
    },
    legal: [], secret: null, throws: null,
  });
}

/** Six players at the start of round 1. @param {number | null} you */
function teams(you) {
  const names = ['Ra', 'Ptah', 'Isis', 'Bast', 'Nut', 'Maat'];
  const side = (seat) => (seat < 3 ? 'Lions' : 'Lionesses');
  return /** @type {any} */ ({
    rule_set: 'mehen-san-martin',
    status: 'playing',
    you,
    seats: names.map((name, seat) => ({ seat, team: seat < 3 ? 0 : 1, side: side(seat), name, connected: true })),
    awaiting: { kind: 'action', seats: [0, 1, 2] },
    game: {
      mode: 'teams', board: 'extended', spaces: 127, head: 126, turn: 0, round: { number: 1, opportunity: 0 },
      players: names.map((_, seat) => ({ seat, team: seat < 3 ? 0 : 1, side: side(seat), reserve: 6, lions: 1, frozen: false, lost: 0, finished: 0, acted_this_round: false })),
      marbles: {}, phase: { phase: 'choose', team: 0, eligible: [0, 1, 2] }, outcome: null,
    },
    legal: [], secret: null, throws: null,
  });
}

/** The room page's names: "You" for the viewer. @param {any} state */
const ctx = (state) => /** @type {any} */ ({
  name: (seat) => (seat === state.you ? 'You' : state.seats[seat].name),
  possessive: (seat) => (seat === state.you ? 'your' : `${state.seats[seat].name}’s`),
});

test('phases for the concealer, the guessers and onlookers', () => {
  const s = duel(1);
  assert.equal(mehen.phaseText(duel(0), ctx(duel(0))), 'Your turn: conceal 1 to 6 marbles in your hand.');
  assert.equal(mehen.phaseText(s, ctx(s)), 'Ada is concealing marbles (1 to 6).');
  s.game.phase = { phase: 'guess', actor: 0, commitment: 'ab', max: 6 };
  assert.equal(mehen.phaseText(s, ctx(s)), 'Guess: how many marbles did Ada hide? (1 to 6)');
  s.game.phase = { phase: 'act', actor: 0, distance: 4, options: [] };
  assert.equal(mehen.phaseText(s, ctx(s)), 'Wrong guess! Ada moves 4.');
  s.game.phase = { phase: 'over' };
  s.game.outcome = { winner: 1, reason: 'lions_fallen' };
  assert.equal(mehen.phaseText(s, ctx(s)), 'Lapis wins: all three opposing lions fell.');
});

test('the log says whose marble and lion in the viewer’s words', () => {
  const ada = duel(0);
  const ben = duel(1);
  const fell = { type: 'lion_fell', seat: 0, standing: 2 };
  assert.equal(mehen.eventText(fell, ada, ctx(ada)), 'Your lion falls (2 standing).');
  assert.equal(mehen.eventText(fell, ben, ctx(ben)), 'Ada’s lion falls (2 standing).');
  const captured = { type: 'captured', marble: 3, owner: 0, at: 9, by: 4 };
  assert.equal(mehen.eventText(captured, ada, ctx(ada)), 'Captured! Your marble on space 9 goes back to the pile.');
  assert.equal(mehen.eventText(captured, ben, ctx(ben)), 'Captured! Ada’s marble on space 9 goes back to the pile.');
  const advanced = { type: 'advanced', marble: 3, seat: 0, from: 4, to: 9 };
  assert.equal(mehen.eventText(advanced, ben, ctx(ben)), 'Ada’s marble moved from space 4 to 9.');
  assert.equal(mehen.eventText(advanced, ada, ctx(ada)), 'Your marble moved from space 4 to 9.');
  assert.equal(mehen.eventText({ type: 'actor_chosen', seat: 1, turn: 2 }, ada, ctx(ada)), null, 'a duel says nothing of who acts');
});

test('six-player names carry their team', () => {
  const bast = teams(3);
  assert.equal(mehen.phaseText(bast, ctx(bast)), 'The Lions choose who acts.');
  const ra = teams(0);
  assert.equal(mehen.phaseText(ra, ctx(ra)), 'Your team, the Lions, chooses who acts.');
  assert.equal(mehen.eventText({ type: 'frozen', seat: 0 }, bast, ctx(bast)), 'Ra (Lions) is frozen.');
  assert.equal(mehen.eventText({ type: 'frozen', seat: 0 }, ra, ctx(ra)), 'You are frozen.');
  assert.equal(
    mehen.eventText({ type: 'game_over', outcome: { winner: 1, reason: 'all_frozen' } }, bast, ctx(bast)),
    'Lionesses win: all three opponents were frozen at once.',
  );
});
