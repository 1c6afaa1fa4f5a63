import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inOrder, listed, players, standing, timeLeft, titleWith, turnInWords, yourTurns } from '../../js/yours.js';

const seat = (seat, team, name) => ({ seat, team, side: team ? 'Lapis' : 'Carnelian', name, connected: false, computer: null });

/** A seated duel, Ada (seat 0) against Ben, with `fields` over the defaults. */
const duel = (room, fields = {}) => ({
  answer: 'seated',
  room,
  rule_set: 'mehen-san-martin',
  options: { mode: 'duel', board: 'compact' },
  status: 'playing',
  game_number: 1,
  version: 3,
  you: 0,
  seats: [seat(0, 0, 'Ada'), seat(1, 1, 'Ben')],
  waiting_on: [1],
  your_turn: false,
  turn_timer: 86_400,
  deadline_ms: 1_000_000,
  winner: null,
  ...fields,
});

test('your turn comes first, soonest deadline first; then theirs, waiting, over and gone', () => {
  const rooms = [
    { answer: 'not_yours', room: 'gggggggggg' },
    duel('ffffffffff', { status: 'over', waiting_on: [], deadline_ms: null, winner: 0 }),
    duel('eeeeeeeeee', { status: 'waiting', seats: [seat(0, 0, 'Ada'), seat(1, 1, null)], waiting_on: [], deadline_ms: null }),
    duel('dddddddddd', { deadline_ms: 5 }),
    duel('cccccccccc', { your_turn: true, waiting_on: [0], deadline_ms: null }),
    duel('bbbbbbbbbb', { your_turn: true, waiting_on: [0], deadline_ms: 9 }),
    duel('aaaaaaaaaa', { your_turn: true, waiting_on: [0], deadline_ms: 7 }),
  ];
  const ordered = inOrder(rooms);
  assert.deepEqual(
    ordered.map((r) => r.room[0]),
    ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
  );
  assert.deepEqual(ordered.map(standing), ['yours', 'yours', 'yours', 'theirs', 'waiting', 'over', 'gone']);
  assert.equal(yourTurns(rooms), 3);
});

test('the title counts the games waiting on you', () => {
  assert.equal(titleWith(2, 'Hesy · start'), '(2) Your turn · Hesy');
  assert.equal(titleWith(0, 'Hesy · start'), 'Hesy · start');
});

test('the table in words: partners and opponents', () => {
  assert.equal(players(duel('aaaaaaaaaa')), 'against Ben');
  const teams = duel('aaaaaaaaaa', {
    you: 1,
    seats: [seat(0, 0, 'Ada'), seat(1, 0, 'Cy'), seat(2, 0, 'Dee'), seat(3, 1, 'Ben'), seat(4, 1, null), seat(5, 1, 'Fay')],
  });
  assert.equal(players(teams), 'with Ada and Dee, against Ben and Fay');
  assert.equal(players(duel('aaaaaaaaaa', { seats: [seat(0, 0, 'Ada'), seat(1, 1, null)] })), '');
  assert.equal(listed(['Ada', 'Ben', 'Cy']), 'Ada, Ben and Cy');
});

test('whose turn, and how a game ended', () => {
  assert.equal(turnInWords(duel('aaaaaaaaaa')), 'Ben to play');
  assert.equal(turnInWords(duel('aaaaaaaaaa', { your_turn: true, waiting_on: [0] })), 'Your turn');
  const waiting = duel('aaaaaaaaaa', { status: 'waiting', seats: [seat(0, 0, 'Ada'), seat(1, 1, null)], waiting_on: [] });
  assert.equal(turnInWords(waiting), 'Waiting for 1 more player');
  const over = (winner) => duel('aaaaaaaaaa', { status: 'over', waiting_on: [], winner });
  assert.equal(turnInWords(over(0)), 'Over: you won');
  assert.equal(turnInWords(over(1)), 'Over: Ben won');
  assert.equal(turnInWords(over(null)), 'Over: nobody won');
  assert.equal(turnInWords({ answer: 'not_yours', room: 'aaaaaaaaaa' }), 'This game is no longer on the server');
});

test('time left reads in days, hours or seconds, and only while a timer runs', () => {
  const now = 1_764_421_200_000;
  const at = (seconds) => duel('aaaaaaaaaa', { deadline_ms: now + seconds * 1000 });
  assert.equal(timeLeft(at(2 * 86_400 + 4 * 3_600 + 120), now), '2 d 4 h left');
  assert.equal(timeLeft(at(42), now), '42 s left');
  assert.equal(timeLeft(at(-3), now), 'time is up');
  assert.equal(timeLeft(duel('aaaaaaaaaa', { deadline_ms: null }), now), '');
  assert.equal(timeLeft(duel('aaaaaaaaaa', { status: 'over', deadline_ms: now + 5000 }), now), '');
});
