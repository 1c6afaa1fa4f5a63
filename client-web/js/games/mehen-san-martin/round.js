// The six-player round: its six opportunities in turn, Lions and Lionesses, the open one
// marked. One disc each, so the strip stays on one line on a phone.

import { h } from '../../dom.js';

/** @typedef {import('./types.js').View} View */

/** @param {View} view @returns {HTMLElement | null} */
export function roundStrip(view) {
  if (!view.round) return null;
  const { number, opportunity } = view.round;
  const over = view.phase.phase === 'over';
  const sides = [0, 1].map((team) => view.players.find((p) => p.team === team)?.side ?? `team ${team}`);
  return h(
    'section',
    { class: 'round', 'aria-label': `Round ${number}, opportunity ${opportunity + 1} of 6, ${sides[opportunity % 2]}` },
    h('span', { class: 'round-title' }, `Round ${number}`),
    h(
      'ol',
      { class: 'opps', 'aria-hidden': 'true' },
      [0, 1, 2, 3, 4, 5].map((i) => {
        const side = sides[i % 2];
        const state = over ? '' : i < opportunity ? 'done' : i === opportunity ? 'now' : '';
        return h('li', { class: `opp team-${i % 2} ${state}`, title: side }, String(i + 1));
      }),
    ),
    over ? null : h('span', { class: 'round-now' }, sides[opportunity % 2]),
  );
}
