// This browser's part in fair throws (docs/fair-throws.md): one SHA-256 hash chain per room
// and seat (chains last across a room's games), its seed kept in this browser
// (localStorage) like a trustless nonce. The page commits a chain when the state lists none
// for its seat or its own is spent, sends its next link at once for a throw another seat is
// to make, and its next link with its own throw. A link is marked revealed here before it is
// sent, so none is ever sent twice.

import { fromHex, randomNonce, toHex } from '../commitment.js';
import { hashTimes } from '../throws.js';
import { msg } from '../protocol.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/**
 * `depth`: the deepest link revealed; `game` and `index`: the last throw given a link.
 * @typedef {{seed: string, length: number, anchor: string, depth: number, game: string, index: number}} Chain
 */

/** Links per chain (at most 16,384): many more than a room's games throw; a spent one is replaced. */
export const CHAIN_LENGTH = 4096;

/** @param {string} room @param {number} seat */
const key = (room, seat) => `hesy:chain:${room}:${seat}`;

/** A fresh chain: a random seed and its anchor, nothing revealed. @param {number} length @returns {Chain} */
export function newChain(length = CHAIN_LENGTH) {
  const seed = randomNonce();
  return { seed, length, anchor: toHex(hashTimes(fromHex(seed, 32), length)), depth: 0, game: '', index: 0 };
}

/** The link at `depth`: it hashes `depth` times to the anchor. @param {Chain} chain @param {number} depth */
export const linkAt = (chain, depth) => toHex(hashTimes(fromHex(chain.seed, 32), chain.length - depth));

export class ThrowParty {
  /**
   * @param {string} room
   * @param {(message: object) => boolean} send sends now, or answers false when it cannot
   * @param {() => boolean} connected whether a message sent now goes out
   */
  constructor(room, send, connected) {
    this.room = room;
    this.send = send;
    this.connected = connected;
    /** The anchor sent on this connection and not yet listed. */
    this.sentAnchor = '';
  }

  /** A new connection: an anchor sent on the old one may not have arrived. */
  reconnected() {
    this.sentAnchor = '';
  }

  /** @param {RoomView} state @returns {Chain | null} */
  load(state) {
    try {
      const raw = localStorage.getItem(key(this.room, /** @type {number} */ (state.you)));
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  }

  /** @param {RoomView} state @param {Chain} chain */
  save(state, chain) {
    localStorage.setItem(key(this.room, /** @type {number} */ (state.you)), JSON.stringify(chain));
  }

  /**
   * This seat's chain when the room lists it as taking part and this browser holds its seed,
   * with the depth the room has seen; null otherwise.
   * @param {RoomView} state
   */
  active(state) {
    const listed = state.throws?.chains.find((c) => c.seat === state.you);
    const chain = this.load(state);
    if (!listed || !listed.active || !chain || listed.anchor !== chain.anchor) return null;
    chain.depth = Math.max(chain.depth, listed.depth);
    return chain;
  }

  /** What the state asks of this browser: a chain to commit, or a link for another's throw. @param {RoomView} state */
  onState(state) {
    if (!state.throws || state.you === null || state.status !== 'playing') return;
    const listed = state.throws.chains.find((c) => c.seat === state.you);
    if (!listed || listed.depth >= listed.length) {
      this.commit(state, listed?.anchor);
      return;
    }
    const pending = state.throws.pending;
    if (pending && pending.seat !== state.you) this.contribute(state, pending.index);
  }

  /**
   * Sends an anchor for this seat: the one this browser made and never used, else a new one.
   * @param {RoomView} state @param {string | undefined} spent the anchor of the seat's spent chain
   */
  commit(state, spent) {
    let chain = this.load(state);
    if (!chain || chain.depth > 0 || chain.anchor === spent) {
      chain = newChain();
      this.save(state, chain);
    }
    if (this.sentAnchor === chain.anchor) return;
    if (this.send(msg.chain(chain.anchor, chain.length))) this.sentAnchor = chain.anchor;
  }

  /**
   * The next unrevealed link for throw `index` of this game, marked revealed; undefined when
   * this browser holds no chain taking part, or has given that throw a link already.
   * @param {RoomView} state @param {number} index
   */
  nextLink(state, index) {
    const chain = this.active(state);
    if (!chain || (chain.game === state.game_id && chain.index >= index) || chain.depth >= chain.length) return undefined;
    const depth = chain.depth + 1;
    this.save(state, { ...chain, depth, game: state.game_id, index });
    return { depth, value: linkAt(chain, depth) };
  }

  /** Another seat's throw is due: add this seat's link to it. @param {RoomView} state @param {number} index */
  contribute(state, index) {
    if (!this.connected()) return;
    const link = this.nextLink(state, index);
    if (link) this.send(msg.throw(index, link));
  }

  /** The thrower taps the sticks: the throw, with this seat's link when it has one. @param {RoomView} state */
  throwSticks(state) {
    const pending = state.throws?.pending;
    if (!pending || pending.seat !== state.you || !this.connected()) return false;
    return this.send(msg.throw(pending.index, this.nextLink(state, pending.index)));
  }
}
