// Fair throws as docs/fair-throws.md lays them out, checked against vectors computed apart
// from this client (Python's hashlib over the documented bytes), and the proof checks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHex, toHex } from '../../js/commitment.js';
import { ThrowVerifier, facesOf, hashTimes, throwLayout } from '../../js/throws.js';
import { sha256 } from '../../js/sha256.js';

const GAME = '6f1c0a52-3b8e-4e1f-9a55-0d3c2b1a9e77';
const SERVER = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
// Chains of length 8 from seeds 11…11 (seat 0) and 22…22 (seat 1).
const ANCHOR0 = 'e25ff8a7b7d8fa219128dbe321e9592db227ced8be271eb101aa36a7835c91b7';
const LINK0_DEPTH3 = '4a7e548f67548996f647098178b2a2a24fa92c91dcefac91b3ad1506c582a114';
const ANCHOR1 = '34825575df3202d436689093e591b64fd613cfdd6b38b14048c0de0936c2fce9';
const LINK1_DEPTH1 = 'fec81b74d394e9031c0a986eaa3764f9968b2ccdcaa8e02a46884605099287b0';

/** The proof of throw 7 with both links; 14 is its faces with four sticks, 6 with three. */
const proof = (faces = 14) => ({
  index: 7,
  faces,
  server: { commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd', value: SERVER },
  links: [
    { seat: 1, anchor: ANCHOR1, depth: 1, value: LINK1_DEPTH1 },
    { seat: 0, anchor: ANCHOR0, depth: 3, value: LINK0_DEPTH3 },
  ],
});

test('a throw with no links: the layout is 69 bytes and its digest the vector', () => {
  const bytes = throwLayout('00'.repeat(16), 1, '00'.repeat(32), []);
  assert.equal(bytes.length, 69);
  assert.equal(new TextDecoder().decode(bytes.slice(0, 13)), 'hesy-throw-v1');
  assert.deepEqual(Array.from(bytes.slice(13, 16)), [0, 0, 0]);
  assert.equal(toHex(sha256(bytes)), 'a417e0996e8e682e853f2470694d8b03a82ae145e9c1a82d1a704fff2ed8fc7f');
});

test('links go in ascending seat order, seat, depth and link', () => {
  const bytes = throwLayout(GAME, 7, SERVER, proof().links);
  assert.equal(bytes.length, 69 + 2 * 37);
  assert.deepEqual(Array.from(bytes.slice(32, 36)), [0, 0, 0, 7]);
  assert.equal(bytes[68], 2);
  assert.deepEqual(Array.from(bytes.slice(69, 74)), [0, 0, 0, 0, 3]);
  assert.equal(toHex(bytes.slice(74, 106)), LINK0_DEPTH3);
  assert.deepEqual(Array.from(bytes.slice(106, 111)), [1, 0, 0, 0, 1]);
  const digest = sha256(bytes);
  assert.equal(toHex(digest), 'fe25c51c6bfe987df01adc2d6f8ddf34d24eecd5d1d5bae3d8858a895d1265b0');
  assert.equal(facesOf(digest, 4), 14);
  assert.equal(facesOf(digest, 3), 6);
});

test('a link hashes its depth down to the anchor', () => {
  assert.equal(toHex(hashTimes(fromHex(LINK0_DEPTH3, 32), 3)), ANCHOR0);
  assert.equal(toHex(hashTimes(fromHex('11'.repeat(32), 32), 8)), ANCHOR0);
});

test('the proof checks out, and its faces depend on the count of sticks', () => {
  assert.equal(new ThrowVerifier(GAME).check(proof(), 4), null);
  assert.equal(new ThrowVerifier(GAME).check(proof(6), 3), null);
  assert.match(String(new ThrowVerifier(GAME).check(proof(6), 4)), /faces/);
});

test('every tampering fails, naming what', () => {
  const check = (/** @type {any} */ p) => new ThrowVerifier(GAME).check(p, 4);
  assert.match(String(check({ ...proof(), server: { ...proof().server, value: '00'.repeat(32) } })), /commitment/);
  const wrongLink = proof();
  wrongLink.links[1].value = LINK1_DEPTH1;
  assert.match(String(check(wrongLink)), /not of its chain/);
  const shallower = proof();
  shallower.links[1].depth = 0;
  assert.match(String(check(shallower)), /no deeper/);
  assert.match(String(check({ ...proof(), index: 8 })), /faces/);
  const bottomless = proof();
  bottomless.links[0].depth = 2 ** 31;
  assert.match(String(check(bottomless)), /deeper than any chain/);
  assert.match(String(check({ ...proof(), links: [proof().links[0], proof().links[0]] })), /two links/);
  assert.match(String(check({ ...proof(), server: { commitment: 'zz', value: 'zz' } })), /malformed/);
});

test('a chain’s depths must grow through the game, and a later link checks against the last', () => {
  const verifier = new ThrowVerifier(GAME);
  const first = { ...proof(), links: [{ seat: 0, anchor: ANCHOR0, depth: 3, value: LINK0_DEPTH3 }] };
  first.faces = facesOf(sha256(throwLayout(GAME, 7, SERVER, first.links)), 4);
  assert.equal(verifier.check(first, 4), null);
  // The same link again, for a later throw: refused.
  const again = { ...first, index: 8 };
  again.faces = facesOf(sha256(throwLayout(GAME, 8, SERVER, again.links)), 4);
  assert.match(String(verifier.check(again, 4)), /no deeper/);
  // The next link, depth 4, hashes once to the one of depth 3.
  const next = toHex(hashTimes(fromHex('11'.repeat(32), 32), 4));
  const later = { ...first, index: 9, links: [{ seat: 0, anchor: ANCHOR0, depth: 4, value: next }] };
  later.faces = facesOf(sha256(throwLayout(GAME, 9, SERVER, later.links)), 4);
  assert.equal(verifier.check(later, 4), null);
});

test('the server’s known vectors (docs/fair-throws.md) agree', () => {
  const seed = fromHex('01'.repeat(32), 32);
  const anchor = toHex(hashTimes(seed, 3));
  const link = toHex(hashTimes(seed, 2));
  assert.equal(toHex(sha256(fromHex('00'.repeat(32), 32))), '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
  assert.equal(anchor, 'bbe795b2c096a5467f832ac2352bf83402adac02ee8f3d68e75296a6afddc618');
  assert.equal(link, 'a0d4a0b8484643488c45836275bdcf2ca1bf542239aa6ba72bbc5a5951cfb044');
  const digest = sha256(throwLayout('00'.repeat(16), 1, '00'.repeat(32), [{ seat: 0, depth: 1, value: link }]));
  assert.equal(toHex(digest), 'd2038bfa57052764d5e6d95da37e0836b7271db0227cb5ea3991fb14af3e9a25');
  assert.equal(facesOf(digest, 4), 2);
  const proof = {
    index: 1,
    faces: 2,
    server: { commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925', value: '00'.repeat(32) },
    links: [{ seat: 0, anchor, depth: 1, value: link }],
  };
  assert.equal(new ThrowVerifier('00000000-0000-0000-0000-000000000000').check(proof, 4), null);
});
