// The commitment of a concealed number (layout in src/fair/mod.rs): SHA-256 over 70 bytes,
// `hesy-commit-v1\0\0`, the game id's 16 bytes, the turn (u32 big-endian), the seat, the
// 32-byte nonce and the number. The client recomputes it at every reveal, and in trustless
// rooms makes it: the nonce never leaves the browser before the reveal.

import { sha256 } from './sha256.js';

const TAG = new TextEncoder().encode('hesy-commit-v1\0\0');

/** @param {string} hex @param {number} len @returns {Uint8Array} */
export function fromHex(hex, len) {
  const clean = hex.replace(/-/g, '').toLowerCase();
  if (clean.length !== len * 2 || !/^[0-9a-f]*$/.test(clean)) throw new Error(`expected ${len} bytes of hex`);
  const out = new Uint8Array(len);
  for (let i = 0; i < len; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** @param {Uint8Array} bytes */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The 70 bytes a commitment hashes.
 * @param {string} gameId the game's UUID, with or without dashes
 * @param {number} turn
 * @param {number} seat
 * @param {string} nonceHex 64 hex digits
 * @param {number} number
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function layout(gameId, turn, seat, nonceHex, number) {
  const bytes = new Uint8Array(70);
  bytes.set(TAG, 0);
  bytes.set(fromHex(gameId, 16), 16);
  new DataView(bytes.buffer).setUint32(32, turn >>> 0);
  bytes[36] = seat;
  bytes.set(fromHex(nonceHex, 32), 37);
  bytes[69] = number;
  return bytes;
}

/** Whether this page computes with Web Crypto (only secure contexts have it). */
export function hasWebCrypto() {
  return typeof crypto !== 'undefined' && !!crypto.subtle && typeof crypto.subtle.digest === 'function';
}

/** @param {Uint8Array<ArrayBuffer>} bytes @returns {Promise<Uint8Array>} */
export async function digest(bytes) {
  if (hasWebCrypto()) return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return sha256(bytes);
}

/**
 * The commitment, as 64 lowercase hex digits.
 * @param {string} gameId @param {number} turn @param {number} seat @param {string} nonceHex @param {number} number
 */
export async function commit(gameId, turn, seat, nonceHex, number) {
  return toHex(await digest(layout(gameId, turn, seat, nonceHex, number)));
}

/**
 * Whether a revealed number and nonce open a published commitment.
 * @param {{gameId: string, turn: number, seat: number, nonce: string, number: number, commitment: string}} r
 */
export async function verify(r) {
  try {
    return (await commit(r.gameId, r.turn, r.seat, r.nonce, r.number)) === r.commitment.toLowerCase();
  } catch {
    return false;
  }
}

/** A fresh 256-bit nonce from the browser's random source, as hex. */
export function randomNonce() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/**
 * Trustless mode: the number and nonce of one turn, kept in this browser alone until the reveal.
 * Keyed by game and turn so a reload before the reveal still finds them.
 */
export const secrets = {
  /** @param {string} gameId @param {number} turn */
  key: (gameId, turn) => `hesy:secret:${gameId}:${turn}`,
  /** @param {string} gameId @param {number} turn @param {{number: number, nonce: string, commitment: string}} s */
  save(gameId, turn, s) {
    localStorage.setItem(this.key(gameId, turn), JSON.stringify(s));
  },
  /** @param {string} gameId @param {number} turn @returns {{number: number, nonce: string, commitment: string} | null} */
  load(gameId, turn) {
    const raw = localStorage.getItem(this.key(gameId, turn));
    return raw ? JSON.parse(raw) : null;
  },
  /** @param {string} gameId @param {number} turn */
  drop(gameId, turn) {
    localStorage.removeItem(this.key(gameId, turn));
  },
};

/**
 * Trustless mode: make a commitment for `number` and keep its nonce here.
 * @param {string} gameId @param {number} turn @param {number} seat @param {number} number
 */
export async function makeCommitment(gameId, turn, seat, number) {
  const nonce = randomNonce();
  const commitment = await commit(gameId, turn, seat, nonce, number);
  secrets.save(gameId, turn, { number, nonce, commitment });
  return commitment;
}
