// Checking a fair throw (docs/fair-throws.md): the server's value opens its commitment, each
// seat's link hashes down to its chain, and the digest of the throw's layout gives the faces.
// The layout, byte for byte: `hesy-throw-v1` and three zero bytes, the game id's 16 bytes,
// the throw index (u32 big-endian), the server's 32-byte value, the number of links `n`, then
// per link in ascending seat order the seat (1 byte), depth (u32 big-endian) and link (32
// bytes). Stick `k` fell flat when bit `k` of the digest's first byte is set.

import { fromHex, toHex } from './commitment.js';
import { sha256 } from './sha256.js';

/** @typedef {import('./types.js').Sticks} Sticks */
/** @typedef {import('./types.js').ThrowProof} ThrowProof */

/** How many sticks each set throws (src/rules/sticks.rs). */
export const STICK_COUNT = /** @type {Record<Sticks, number>} */ ({ three: 3, four_men: 4, four_senet: 4 });

/** The longest chain a client may commit: checking a link costs at most this many hashes. */
export const MAX_CHAIN = 16384;

const TAG = new TextEncoder().encode('hesy-throw-v1\0\0\0');

/** SHA-256 applied `times` times. @param {Uint8Array} bytes @param {number} times */
export function hashTimes(bytes, times) {
  let out = bytes;
  for (let i = 0; i < times; i++) out = sha256(out);
  return out;
}

/**
 * The bytes whose SHA-256 decides throw `index`.
 * @param {string} gameId @param {number} index @param {string} serverValue 64 hex digits
 * @param {Array<{seat: number, depth: number, value: string}>} links
 */
export function throwLayout(gameId, index, serverValue, links) {
  const sorted = [...links].sort((a, b) => a.seat - b.seat);
  const bytes = new Uint8Array(69 + 37 * sorted.length);
  const view = new DataView(bytes.buffer);
  bytes.set(TAG, 0);
  bytes.set(fromHex(gameId, 16), 16);
  view.setUint32(32, index >>> 0);
  bytes.set(fromHex(serverValue, 32), 36);
  bytes[68] = sorted.length;
  sorted.forEach((link, k) => {
    const at = 69 + 37 * k;
    bytes[at] = link.seat;
    view.setUint32(at + 1, link.depth >>> 0);
    bytes.set(fromHex(link.value, 32), at + 5);
  });
  return bytes;
}

/** The faces a digest gives `count` sticks: bit `k` set when stick `k` fell flat. @param {Uint8Array} digest @param {number} count */
export const facesOf = (digest, count) => digest[0] & ((1 << count) - 1);

/**
 * Checks a game's throws in the order they were thrown. It remembers each chain's deepest
 * link, so a link is hashed only down to the one before it, and depths must grow.
 */
export class ThrowVerifier {
  /** @param {string} gameId */
  constructor(gameId) {
    this.gameId = gameId;
    /** @type {Map<string, {depth: number, value: Uint8Array}>} `seat:anchor` → the deepest link checked */
    this.chains = new Map();
  }

  /**
   * @param {ThrowProof} proof @param {number} count sticks thrown
   * @returns {string | null} what is wrong, or null when the throw checks out
   */
  check(proof, count) {
    try {
      if (toHex(sha256(fromHex(proof.server.value, 32))) !== proof.server.commitment.toLowerCase()) return 'the server’s value does not open its commitment';
      const seats = new Set(proof.links.map((l) => l.seat));
      if (seats.size !== proof.links.length) return 'a seat gave two links';
      for (const link of proof.links) {
        const key = `${link.seat}:${link.anchor.toLowerCase()}`;
        const last = this.chains.get(key) ?? { depth: 0, value: fromHex(link.anchor, 32) };
        if (!Number.isInteger(link.depth) || link.depth <= last.depth) return `seat ${link.seat + 1}’s link is no deeper than its last`;
        if (link.depth > MAX_CHAIN) return `seat ${link.seat + 1}’s link is deeper than any chain`;
        const value = fromHex(link.value, 32);
        if (toHex(hashTimes(value, link.depth - last.depth)) !== toHex(last.value)) return `seat ${link.seat + 1}’s link is not of its chain`;
        this.chains.set(key, { depth: link.depth, value });
      }
      const digest = sha256(throwLayout(this.gameId, proof.index, proof.server.value, proof.links));
      return facesOf(digest, count) === proof.faces ? null : 'the faces are not the ones the digest gives';
    } catch {
      return 'the proof is malformed';
    }
  }
}
