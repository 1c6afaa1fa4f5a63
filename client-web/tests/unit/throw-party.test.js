// This browser's part in fair throws: it commits a chain when the state lists none, gives
// its next link once to another seat's throw, throws with its next link, and never reveals
// a link twice, a reload or a rematch included.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { fromHex, toHex } from '../../js/commitment.js';
import { hashTimes } from '../../js/throws.js';
import { ThrowParty, linkAt, newChain } from '../../js/room/throw-party.js';

/** A localStorage for node. */
beforeEach(() => {
  const data = new Map();
  globalThis.localStorage = /** @type {any} */ ({
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
  });
});

const GAME = '6f1c0a52-3b8e-4e1f-9a55-0d3c2b1a9e77';

/** @param {object} throws @param {number | null} [you] @param {string} [game] */
const stateWith = (throws, you = 0, game = GAME) => /** @type {any} */ ({ room: 'k7hq2mxa9c', game_id: game, status: 'playing', you, throws });

function party() {
  /** @type {any[]} */
  const sent = [];
  const p = new ThrowParty('k7hq2mxa9c', (m) => (sent.push(m), true), () => true);
  return { p, sent };
}

test('a chain’s links hash down to its anchor', () => {
  const chain = newChain(16);
  assert.equal(toHex(hashTimes(fromHex(linkAt(chain, 5), 32), 5)), chain.anchor);
  assert.equal(linkAt(chain, 0), chain.anchor);
});

test('no chain listed: the page commits one, once per connection', () => {
  const { p, sent } = party();
  p.onState(stateWith({ chains: [], pending: null }));
  p.onState(stateWith({ chains: [], pending: null }));
  assert.equal(sent.length, 1);
  assert.equal(sent[0].type, 'chain');
  assert.match(sent[0].anchor, /^[0-9a-f]{64}$/);
  // A new connection: the same unused anchor goes again, not a new one.
  p.reconnected();
  p.onState(stateWith({ chains: [], pending: null }));
  assert.equal(sent[1].anchor, sent[0].anchor);
});

test('another seat’s throw gets the next link once; the thrower’s tap the one after', () => {
  const { p, sent } = party();
  p.onState(stateWith({ chains: [], pending: null }));
  const { anchor, length } = sent[0];
  const listed = (depth) => [{ seat: 0, anchor, length, depth, active: true }];
  p.onState(stateWith({ chains: listed(0), pending: { index: 1, seat: 1, commitment: 'c' } }));
  p.onState(stateWith({ chains: listed(0), pending: { index: 1, seat: 1, commitment: 'c' } }));
  assert.equal(sent.length, 2);
  assert.deepEqual({ type: sent[1].type, index: sent[1].index, depth: sent[1].link.depth }, { type: 'throw', index: 1, depth: 1 });
  assert.equal(toHex(hashTimes(fromHex(sent[1].link.value, 32), 1)), anchor);
  // Our own throw: the next link, even if the room has not listed the last one yet.
  assert.equal(p.throwSticks(stateWith({ chains: listed(0), pending: { index: 2, seat: 0, commitment: 'c' } })), true);
  assert.equal(sent[2].link.depth, 2);
  assert.equal(toHex(hashTimes(fromHex(sent[2].link.value, 32), 1)), sent[1].link.value);
  // A second tap for the same throw reveals nothing new.
  p.throwSticks(stateWith({ chains: listed(1), pending: { index: 2, seat: 0, commitment: 'c' } }));
  assert.equal(sent[3].link, undefined);
});

test('after a reload the stored chain goes on where it stopped', () => {
  const first = party();
  first.p.onState(stateWith({ chains: [], pending: null }));
  const { anchor, length } = first.sent[0];
  first.p.onState(stateWith({ chains: [{ seat: 0, anchor, length, depth: 0, active: true }], pending: { index: 1, seat: 1, commitment: 'c' } }));
  const again = party();
  again.p.onState(stateWith({ chains: [{ seat: 0, anchor, length, depth: 0, active: true }], pending: { index: 1, seat: 1, commitment: 'c' } }));
  assert.equal(again.sent.length, 0, 'throw 1 had its link already');
  again.p.onState(stateWith({ chains: [{ seat: 0, anchor, length, depth: 1, active: true }], pending: { index: 2, seat: 1, commitment: 'c' } }));
  assert.equal(again.sent[0].link.depth, 2);
});

test('a chain the room lists but this browser does not hold gives nothing; a spent one is replaced', () => {
  const { p, sent } = party();
  p.onState(stateWith({ chains: [{ seat: 0, anchor: 'ab'.repeat(32), length: 4, depth: 0, active: true }], pending: { index: 1, seat: 1, commitment: 'c' } }));
  assert.equal(sent.length, 0);
  assert.equal(p.throwSticks(stateWith({ chains: [{ seat: 0, anchor: 'ab'.repeat(32), length: 4, depth: 0, active: true }], pending: { index: 1, seat: 0, commitment: 'c' } })), true);
  assert.equal(sent[0].link, undefined);
  p.onState(stateWith({ chains: [{ seat: 0, anchor: 'ab'.repeat(32), length: 4, depth: 4, active: true }], pending: null }));
  assert.equal(sent[1].type, 'chain');
});

test('a chain goes on into the next game of the room, and waits while it is not active', () => {
  const { p, sent } = party();
  p.onState(stateWith({ chains: [], pending: null }));
  const { anchor, length } = sent[0];
  const chain = (depth, active = true) => [{ seat: 0, anchor, length, depth, active }];
  p.onState(stateWith({ chains: chain(0, false), pending: { index: 1, seat: 1, commitment: 'c' } }));
  assert.equal(sent.length, 1, 'committed while throw 1 was due: no link for it');
  p.onState(stateWith({ chains: chain(0), pending: { index: 2, seat: 1, commitment: 'c' } }));
  assert.equal(sent[1].link.depth, 1);
  // The rematch's throws count from 1 again; the chain goes deeper.
  p.onState(stateWith({ chains: chain(1), pending: { index: 1, seat: 1, commitment: 'c' } }, 0, 'another-game'));
  assert.deepEqual({ index: sent[2].index, depth: sent[2].link.depth }, { index: 1, depth: 2 });
});

test('a spectator takes no part', () => {
  const { p, sent } = party();
  p.onState(stateWith({ chains: [], pending: { index: 1, seat: 1, commitment: 'c' } }, null));
  assert.equal(sent.length, 0);
});
