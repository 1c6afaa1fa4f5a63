import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replaySteps, revealsOf } from '../../js/history.js';

const log = [
  { seat: 0, auto: false, events: [{ type: 'concealed', seat: 0, turn: 1, commitment: 'aa' }] },
  { seat: 1, auto: false, events: [{ type: 'guessed', by: 1, number: 1 }, { type: 'revealed', seat: 0, turn: 1, number: 4, nonce: 'n1', correct: false }] },
  { seat: 0, auto: false, events: [{ type: 'deployed', marble: 0, seat: 0, to: 4 }, { type: 'actor_chosen', seat: 1, turn: 2 }] },
  { seat: 1, auto: false, events: [{ type: 'concealed', seat: 1, turn: 2, commitment: 'bb' }] },
  { seat: 0, auto: false, events: [{ type: 'guessed', by: 0, number: 2 }, { type: 'revealed', seat: 1, turn: 2, number: 4, nonce: 'n2', correct: false }] },
  { seat: 1, auto: false, events: [{ type: 'deployed', marble: 1, seat: 1, to: 4 }, { type: 'captured', marble: 0, owner: 0, at: 4, by: 1 }, { type: 'actor_chosen', seat: 0, turn: 3 }] },
];

test('replay steps rebuild marbles, captures, reserves and phases', () => {
  const steps = replaySteps('duel', 'compact', log);
  assert.equal(steps.length, log.length + 1);
  assert.deepEqual(steps[3].marbles, { '0': { owner: 0, space: 4, finished: false } });
  assert.equal(steps[3].players[0].reserve, 5);
  assert.deepEqual(steps[6].marbles, { '1': { owner: 1, space: 4, finished: false } });
  assert.equal(steps[6].players[0].reserve, 6);
  assert.equal(steps[6].players[1].reserve, 5);
  assert.deepEqual(steps[6].phase, { phase: 'conceal', actor: 0, max: 6 });
  assert.equal(steps[2].phase.phase, 'act');
});

test('reveals carry the commitment and the turn they belong to', () => {
  assert.deepEqual(revealsOf(log), [
    { index: 1, seat: 0, turn: 1, number: 4, nonce: 'n1', commitment: 'aa' },
    { index: 4, seat: 1, turn: 2, number: 4, nonce: 'n2', commitment: 'bb' },
  ]);
});
