// San Martin Mehen under each seat in the players panel: lions standing, fallen or frozen,
// marbles in reserve, on the serpent, finished and lost.

import { lionParts, svg } from '../../board.js';
import { h } from '../../dom.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('../../types.js').RoomView} RoomView */

/**
 * A lion figurine: standing (facing the serpent), fallen, or frozen (facing away, iced).
 * @param {'standing' | 'fallen' | 'frozen'} state
 */
export function lionSvg(state) {
  const el = svg('svg', { viewBox: '0 0 24 24', class: `lion lion-${state}`, 'aria-hidden': 'true' });
  // The seed: an active lion faces the serpent; a fallen or frozen one faces away.
  const away = 'translate(24 0) scale(-1 1)';
  const g = svg('g', state === 'fallen' ? { transform: `${away} rotate(90 12 12.5)` } : state === 'frozen' ? { transform: away } : {});
  g.innerHTML = lionParts('lion');
  el.append(g);
  if (state === 'frozen') el.append(svg('path', { class: 'frost', d: 'M17 1 l4 4 M21 1 l-4 4 M19 0 v6 M16 3 h6' }));
  return el;
}

/** @param {RoomView} state @param {number} seat @returns {Array<string | Node>} */
export function seatLines(state, seat) {
  const view = /** @type {View} */ (state.game);
  const p = view.players.find((q) => q.seat === seat);
  if (!p) return [];
  const teams = view.mode === 'teams';
  const perSeat = teams ? 1 : 3;
  /** @type {Array<'standing' | 'fallen' | 'frozen'>} */
  const lions = [];
  for (let i = 0; i < perSeat; i++) lions.push(i < p.lions ? 'standing' : teams ? 'frozen' : 'fallen');
  const lionWords = teams ? (p.frozen ? 'frozen' : 'lion standing') : `${p.lions} of 3 lions standing`;
  const onSerpent = Object.values(view.marbles).filter((m) => m.owner === seat && !m.finished).length;
  const acting = 'actor' in view.phase && view.phase.actor === seat;
  return [
    p.frozen ? h('span', { class: 'tag frozen' }, 'frozen') : null,
    teams && p.acted_this_round && !acting ? h('span', { class: 'tag' }, 'acted') : null,
    h('span', { class: 'lions', role: 'img', 'aria-label': lionWords }, lions.map((s) => lionSvg(s))),
    h(
      'span',
      { class: 'reserve' },
      h('span', { class: 'pips', 'aria-hidden': 'true' }, Array.from({ length: p.reserve }, () => h('i', { class: 'pip', 'data-side': p.side.toLowerCase() }))),
      h('span', { 'aria-hidden': 'true' }, ` ${p.reserve}`),
      h('span', { class: 'sr-only' }, `${p.reserve} marbles in reserve`),
    ),
    onSerpent ? `${onSerpent} on the serpent` : null,
    p.finished ? h('span', { class: 'stat gold' }, `${p.finished} finished`) : null,
    p.lost ? `${p.lost} lost` : null,
  ].filter((line) => line !== null);
}
