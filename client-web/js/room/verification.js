// What the browser checks for itself, for any rule set: every reveal against the commitment
// published before the guess, and every throw against its proof. Rule sets that conceal
// word the commitment scheme's events alike (`concealed` with seat, turn and commitment;
// `revealed` with seat, turn, number and nonce).

import { hasWebCrypto, verify } from '../commitment.js';
import { announce, h } from '../dom.js';
import { STICK_COUNT, ThrowVerifier } from '../throws.js';

/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('../types.js').Sticks} Sticks */
/** @typedef {{index: number, seat: number, turn: number, number: number, nonce: string, commitment: string | null}} Reveal */

/**
 * Every reveal in a log with what it takes to check it: the commitment of the seat's last
 * `concealed` event; both events carry the turn bound into the commitment.
 * @param {LogEntry[]} log
 * @returns {Reveal[]}
 */
export function revealsOf(log) {
  /** @type {Record<number, string>} */
  const commitments = {};
  /** @type {Reveal[]} */
  const out = [];
  log.forEach((entry, index) => {
    for (const ev of entry.events) {
      if (ev.type === 'concealed') commitments[ev.seat] = ev.commitment;
      else if (ev.type === 'revealed') out.push({ index, seat: ev.seat, turn: ev.turn, number: ev.number, nonce: ev.nonce, commitment: commitments[ev.seat] ?? null });
    }
  });
  return out;
}

/**
 * The checks of one game's log. `reveals` and `throws` map a log index to whether it
 * checked out; an index not there is still being checked.
 */
export class Checks {
  /** @param {string} gameId */
  constructor(gameId) {
    this.gameId = gameId;
    /** @type {Map<number, boolean>} */
    this.reveals = new Map();
    /** @type {Map<number, boolean>} */
    this.throws = new Map();
    this.throwVerifier = new ThrowVerifier(gameId);
    /** Throws are checked in order: the log index of the next to check. */
    this.nextThrow = 0;
  }

  /**
   * Checks what is new in `log`; `report` hears of each result as it comes.
   * @param {LogEntry[]} log
   * @param {Sticks | null} sticks the game's sticks, when known
   * @param {(what: {kind: 'reveal', reveal: Reveal, ok: boolean} | {kind: 'throw', index: number, ok: boolean, problem: string | null}) => void} report
   */
  async run(log, sticks, report) {
    for (; this.nextThrow < log.length; this.nextThrow++) {
      const proof = log[this.nextThrow].throw;
      if (!proof) continue;
      const kind = proof.sticks ?? sticks;
      // Without the count of sticks the faces cannot be read: wait for it.
      if (!kind) break;
      const problem = this.throwVerifier.check(proof, STICK_COUNT[kind]);
      this.throws.set(this.nextThrow, problem === null);
      report({ kind: 'throw', index: this.nextThrow, ok: problem === null, problem });
    }
    for (const r of revealsOf(log)) {
      if (this.reveals.has(r.index)) continue;
      const ok = r.commitment !== null && (await verify({ gameId: this.gameId, turn: r.turn, seat: r.seat, nonce: r.nonce, number: r.number, commitment: r.commitment }));
      // Another run may have checked it meanwhile.
      if (this.reveals.has(r.index)) continue;
      this.reveals.set(r.index, ok);
      report({ kind: 'reveal', reveal: r, ok });
    }
  }

  /** The mark a log line carries. @param {Map<number, boolean>} map @param {number} index @param {string} what */
  static badge(map, index, what) {
    if (!map.has(index)) return h('span', { class: 'small' }, ' checking…');
    return map.get(index) ? h('span', { class: 'ok', title: what }, ' ✓ verified') : h('span', { class: 'bad' }, ' ✗ DID NOT MATCH');
  }
}

/**
 * The banner over the board: the last check, green, or a loud warning that stays.
 * @param {HTMLElement} el
 * @param {{kind: 'reveal', reveal: Reveal, ok: boolean} | {kind: 'throw', index: number, ok: boolean, problem: string | null}} what
 * @param {import('../types.js').GameContext} ctx
 */
export function showCheck(el, what, ctx) {
  if (el.classList.contains('bad')) return;
  if (what.ok) {
    el.className = 'verify ok';
    const how = `SHA-256${hasWebCrypto() ? ', Web Crypto' : ''}`;
    el.replaceChildren(
      h('span', { 'aria-hidden': 'true' }, '✓ '),
      what.kind === 'reveal'
        ? `Verified: ${ctx.possessive(what.reveal.seat)} hand of ${what.reveal.number} matches the commitment made before the guess (${how}).`
        : 'Verified: the last throw is the one its proof gives (the server’s commitment and every player’s link).',
    );
    return;
  }
  el.className = 'verify bad';
  el.setAttribute('role', 'alert');
  if (what.kind === 'reveal') {
    const name = ctx.name(what.reveal.seat);
    el.replaceChildren(
      h('strong', {}, '⚠ Warning: a reveal did not match its commitment.'),
      ` ${name} revealed ${what.reveal.number}, but its SHA-256 does not match the commitment published before the guess. The number may have been changed after the guess.`,
    );
    announce(`Warning: ${name}'s reveal did not match the commitment.`, true);
  } else {
    const problem = String(what.problem);
    el.replaceChildren(h('strong', {}, '⚠ Warning: a throw did not match its proof.'), ` ${problem.charAt(0).toUpperCase()}${problem.slice(1)}: the sticks may not have fallen fairly.`);
    announce('Warning: a throw did not match its proof.', true);
  }
}
