// Panels shared by the room and the replay: the players with their reserves and lions, and
// the six-player round's opportunities.

import { lionSvg } from './board.js';
import { seatColor } from './colors.js';
import { h } from './dom.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').SeatView} SeatView */

/** The seat whose turn it is, if any. @param {View} view */
export function actorOf(view) {
  const ph = view.phase;
  return 'actor' in ph ? ph.actor : null;
}

/**
 * @param {View} view
 * @param {{names: Record<number, string>, you: number | null, seats?: SeatView[], waiting?: boolean}} who
 */
export function playersPanel(view, who) {
  const actor = who.waiting ? null : actorOf(view);
  const teams = view.mode === 'teams' ? [0, 1] : [null];
  return h(
    'section',
    { class: 'card players', 'aria-labelledby': 'players-title' },
    h('h2', { id: 'players-title' }, 'Players'),
    teams.map((team) =>
      h(
        'ul',
        { class: 'player-list', 'aria-label': team === null ? 'Players' : view.players.find((p) => p.team === team)?.side },
        view.players
          .filter((p) => team === null || p.team === team)
          .map((p) => {
            const seat = who.seats?.find((s) => s.seat === p.seat);
            const name = who.names[p.seat] || (seat && !seat.name ? 'free seat' : `Seat ${p.seat + 1}`);
            const perSeat = view.mode === 'duel' ? 3 : 1;
            /** @type {Array<'standing' | 'fallen' | 'frozen'>} */
            const lions = [];
            for (let i = 0; i < perSeat; i++) lions.push(i < p.lions ? 'standing' : view.mode === 'teams' ? 'frozen' : 'fallen');
            const lionWords =
              view.mode === 'duel' ? `${p.lions} of 3 lions standing` : p.frozen ? 'frozen' : 'lion standing';
            const onSerpent = Object.values(view.marbles).filter((m) => m.owner === p.seat && !m.finished).length;
            return h(
              'li',
              {
                class: `player ${p.seat === actor ? 'is-actor' : ''} ${p.frozen ? 'is-frozen' : ''} ${p.seat === who.you ? 'is-you' : ''}`,
                'data-seat': p.seat,
              },
              h('span', { class: 'chip', style: `background:${seatColor(view, p.seat)}`, 'aria-hidden': 'true' }),
              h(
                'div',
                { class: 'player-main' },
                h(
                  'div',
                  { class: 'player-name' },
                  h('strong', {}, name),
                  p.seat === who.you ? h('span', { class: 'tag you' }, 'you') : null,
                  seat && seat.name
                    ? h('span', { class: `presence ${seat.connected ? 'on' : 'off'}`, title: seat.connected ? 'online' : 'offline' }, h('span', { class: 'sr-only' }, seat.connected ? 'online' : 'offline'))
                    : null,
                  p.seat === actor ? h('span', { class: 'tag turn' }, 'to act') : null,
                  view.mode === 'teams' && p.acted_this_round && p.seat !== actor ? h('span', { class: 'tag' }, 'acted') : null,
                  p.frozen ? h('span', { class: 'tag frozen' }, 'frozen') : null,
                ),
                h(
                  'div',
                  { class: 'player-stats' },
                  h('span', { class: 'side' }, p.side),
                  h('span', { class: 'lions', role: 'img', 'aria-label': lionWords }, lions.map((s) => lionSvg(s))),
                  h(
                    'span',
                    { class: 'reserve' },
                    h('span', { class: 'pips', 'aria-hidden': 'true' }, Array.from({ length: p.reserve }, () => h('i', { style: `background:${seatColor(view, p.seat)}` }))),
                    h('span', { 'aria-hidden': 'true' }, ` ${p.reserve}`),
                    h('span', { class: 'sr-only' }, `${p.reserve} marbles in reserve`),
                  ),
                  onSerpent ? h('span', { class: 'stat' }, `${onSerpent} on the serpent`) : null,
                  p.finished ? h('span', { class: 'stat gold' }, `${p.finished} finished`) : null,
                  p.lost ? h('span', { class: 'stat' }, `${p.lost} lost`) : null,
                ),
              ),
            );
          }),
      ),
    ),
  );
}

/** Six-player: the round's six opportunities, the open one marked. @param {View} view */
export function roundPanel(view) {
  if (!view.round) return null;
  const { number, opportunity } = view.round;
  const over = view.phase.phase === 'over';
  return h(
    'section',
    { class: 'round', 'aria-label': `Round ${number}, opportunity ${opportunity + 1} of 6` },
    h('span', { class: 'round-title' }, `Round ${number}`),
    h(
      'ol',
      { class: 'opps' },
      [0, 1, 2, 3, 4, 5].map((i) => {
        const team = i % 2;
        const side = team === 0 ? 'Lions' : 'Lionesses';
        const state = over ? '' : i < opportunity ? 'done' : i === opportunity ? 'now' : '';
        return h('li', { class: `opp team-${team} ${state}`, 'aria-current': state === 'now' ? 'step' : null, title: side }, side);
      }),
    ),
  );
}
