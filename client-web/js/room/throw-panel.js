// The throwing sticks, for every rule set that throws (state.awaiting kind throw): the
// thrower taps the sticks, everyone sees how they fell, the score the rule set gave it, and
// whether this browser could check the throw against its proof.

import { h } from '../dom.js';
import { STICK_COUNT } from '../throws.js';
import { sentences } from './context.js';
import { Checks } from './verification.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('../types.js').Sticks} Sticks */
/** @typedef {import('../types.js').GameContext} GameContext */
/** @typedef {import('./actions.js').Panel} Panel */

const NS = 'http://www.w3.org/2000/svg';

/**
 * `count` sticks side by side: flat face up (pale, painted) or round face up (dark), or all
 * alike while they wait to be thrown (`faces` null).
 * @param {number} count @param {number | null} faces
 */
export function sticksSvg(count, faces) {
  const el = document.createElementNS(NS, 'svg');
  el.setAttribute('viewBox', `0 0 ${count * 30} 100`);
  el.setAttribute('class', `sticks ${faces === null ? 'ready' : 'thrown'}`);
  el.setAttribute('aria-hidden', 'true');
  for (let k = 0; k < count; k++) {
    const flat = faces !== null && (faces & (1 << k)) !== 0;
    const stick = document.createElementNS(NS, 'rect');
    const attrs = { x: k * 30 + 6, y: 6, width: 18, height: 88, rx: flat ? 3 : 9 };
    for (const [name, value] of Object.entries(attrs)) stick.setAttribute(name, String(value));
    stick.setAttribute('class', `stick ${faces === null ? '' : flat ? 'flat' : 'round'}`);
    el.append(stick);
    if (flat) {
      // The painted face: a few bands across it.
      for (const y of [24, 50, 76]) {
        const band = document.createElementNS(NS, 'path');
        band.setAttribute('d', `M${k * 30 + 9} ${y} h12`);
        band.setAttribute('class', 'stick-band');
        el.append(band);
      }
    }
  }
  return el;
}

/** How the sticks fell, in words. @param {number} count @param {number} faces */
function facesWords(count, faces) {
  const flat = Array.from({ length: count }, (_, k) => (faces & (1 << k)) !== 0).filter(Boolean).length;
  return `${flat} of ${count} fell flat side up`;
}

/** The last throw of the log, with its index and the rule set's score. @param {LogEntry[]} log */
export function lastThrow(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    const proof = log[i].throw;
    if (!proof) continue;
    const score = log[i].events.find((e) => typeof e.score === 'number')?.score;
    return { index: i, entry: log[i], proof, score: typeof score === 'number' ? score : null };
  }
  return null;
}

/**
 * The sticks panel, or null when this game throws no sticks or none is due or thrown yet.
 * @param {RoomView} state @param {LogEntry[]} log @param {Sticks | null} sticks the game's sticks, when known
 * @param {GameContext} ctx @param {Checks} checks
 * @param {{throwing: boolean, onThrow: () => void}} tap
 * @returns {Panel | null}
 */
export function throwPanel(state, log, sticks, ctx, checks, tap) {
  if (!state.throws || state.status === 'waiting') return null;
  const a = state.awaiting;
  const last = lastThrow(log);
  const kind = a.kind === 'throw' ? a.sticks : last?.proof.sticks ?? sticks;
  const count = kind ? STICK_COUNT[kind] : 4;
  const result = last
    ? h(
        'div',
        { class: 'throw-result' },
        sticksSvg(count, last.proof.faces),
        h(
          'p',
          {},
          h('strong', {}, sentences(`${ctx.name(last.entry.seat)} threw ${last.score ?? ''}`.trim())),
          ` (${facesWords(count, last.proof.faces)}).`,
          Checks.badge(checks.throws, last.index, 'the faces follow from the server’s value and the players’ links'),
        ),
      )
    : null;
  if (a.kind === 'throw' && state.status === 'playing') {
    const mine = a.seat === state.you;
    const sticksNow = mine
      ? h(
          'button',
          { type: 'button', class: 'throw-button', disabled: tap.throwing, onclick: tap.onThrow },
          sticksSvg(count, null),
          h('span', {}, tap.throwing ? 'Throwing…' : 'Throw the sticks'),
        )
      : h('div', { class: 'throw-waiting' }, sticksSvg(count, null), h('p', {}, `Waiting for ${ctx.name(a.seat)} to throw.`));
    return { title: mine ? 'Your throw' : sentences(`${ctx.possessive(a.seat)} throw`), body: [sticksNow, result] };
  }
  return result ? { title: 'Last throw', body: [result] } : null;
}
