import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sha256 } from '../../js/sha256.js';
import { commit, layout, verify } from '../../js/commitment.js';

const ZERO_GAME = '00000000-0000-0000-0000-000000000000';
const ZERO_NONCE = '00'.repeat(32);

test('the known vector of src/fair/mod.rs', async () => {
  assert.equal(
    await commit(ZERO_GAME, 1, 0, ZERO_NONCE, 3),
    '3f7bea031b083b4b1e013e609a01a19f454ff572752d641f40095911bf94b200',
  );
});

test('the layout is 70 bytes in the documented order', () => {
  const bytes = layout('07'.repeat(16), 258, 1, 'ab'.repeat(32), 4);
  assert.equal(bytes.length, 70);
  assert.deepEqual(Array.from(bytes.slice(32, 37)), [0, 0, 1, 2, 1]);
  assert.equal(bytes[69], 4);
});

test('verify refuses a changed number, seat, turn or nonce', async () => {
  const c = await commit(ZERO_GAME, 5, 1, 'cd'.repeat(32), 4);
  const base = { gameId: ZERO_GAME, turn: 5, seat: 1, nonce: 'cd'.repeat(32), number: 4, commitment: c };
  assert.equal(await verify(base), true);
  assert.equal(await verify({ ...base, number: 3 }), false);
  assert.equal(await verify({ ...base, seat: 0 }), false);
  assert.equal(await verify({ ...base, turn: 6 }), false);
  assert.equal(await verify({ ...base, nonce: 'ce'.repeat(32) }), false);
  assert.equal(await verify({ ...base, nonce: 'zz' }), false);
});

test('the plain-JS fallback agrees with node for many lengths', () => {
  for (let n = 0; n < 200; n += 7) {
    const msg = new Uint8Array(n).map((_, i) => (i * 31 + n) & 255);
    const want = createHash('sha256').update(msg).digest('hex');
    assert.equal(Buffer.from(sha256(msg)).toString('hex'), want);
  }
});
