// The players panel, for any rule set: each seat with its name, colour, presence and side,
// whom the game waits on, and the rule set's own lines under it (seatLines). Team games list
// each team apart.

import { addComputer } from '../api.js';
import { h, toast } from '../dom.js';
import { awaitedSeats } from './context.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').GameModule} GameModule */
/** @typedef {import('../types.js').GameContext} GameContext */

/** What an awaited seat is to do, as a tag. */
const TO_DO = /** @type {Record<string, string>} */ ({ action: 'to act', conceal: 'to conceal', guess: 'to guess', reveal: 'to reveal', throw: 'to throw' });

/** Controls that give a free seat to a computer player, for a seated person while the room waits. @param {RoomView} state @param {number} seat */
function computerControls(state, seat) {
  if (state.status !== 'waiting' || state.you === null || state.you === undefined) return null;
  /** @param {'easy' | 'strong'} strength */
  const add = (strength) => async () => {
    try {
      await addComputer(state.room, strength, seat);
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'error');
    }
  };
  return h(
    'div',
    { class: 'add-computer', role: 'group', 'aria-label': `Add a computer player at seat ${seat + 1}` },
    h('span', {}, 'Add a computer:'),
    h('button', { type: 'button', class: 'small', onclick: add('easy'), 'aria-label': `Add an easy computer player at seat ${seat + 1}` }, 'easy'),
    h('button', { type: 'button', class: 'small', onclick: add('strong'), 'aria-label': `Add a strong computer player at seat ${seat + 1}` }, 'strong'),
  );
}

/**
 * @param {RoomView} state
 * @param {GameModule | undefined} game
 * @param {GameContext} ctx
 * @param {{presence?: boolean}} [opts] `presence: false` leaves out who is online (a replay)
 */
export function playersPanel(state, game, ctx, { presence = true } = {}) {
  const awaited = awaitedSeats(state);
  const teams = [...new Set(state.seats.map((s) => s.team))];
  const byTeam = teams.some((t) => state.seats.filter((s) => s.team === t).length > 1);
  return h(
    'section',
    { class: 'card players', 'aria-labelledby': 'players-title' },
    h('h2', { id: 'players-title' }, 'Players'),
    (byTeam ? teams : [null]).map((team) => {
      const seats = state.seats.filter((s) => team === null || s.team === team);
      return h(
        'ul',
        { class: 'player-list', 'aria-label': team === null ? 'Players' : seats[0].side },
        seats.map((seat) => {
          const you = seat.seat === state.you;
          const waitedOn = awaited.includes(seat.seat);
          return h(
            'li',
            { class: `player ${waitedOn ? 'is-actor' : ''} ${you ? 'is-you' : ''}`, 'data-seat': seat.seat },
            h('span', { class: 'chip', style: `background:${ctx.color(seat.seat)}`, 'aria-hidden': 'true' }),
            h(
              'div',
              { class: 'player-main' },
              h(
                'div',
                { class: 'player-name' },
                h('strong', {}, seat.name || 'free seat'),
                you ? h('span', { class: 'tag you' }, 'you') : null,
                seat.computer ? h('span', { class: 'tag computer' }, `computer · ${seat.computer}`) : null,
                seat.name && presence && !seat.computer
                  ? h('span', { class: `presence ${seat.connected ? 'on' : 'off'}`, title: seat.connected ? 'online' : 'offline' }, h('span', { class: 'sr-only' }, seat.connected ? 'online' : 'offline'))
                  : null,
                waitedOn ? h('span', { class: 'tag turn' }, TO_DO[state.awaiting.kind] || 'to act') : null,
              ),
              h(
                'div',
                { class: 'player-stats' },
                h('span', { class: 'side' }, seat.side),
                (game ? game.seatLines(state, seat.seat) : []).map((line) => (typeof line === 'string' ? h('span', { class: 'stat' }, line) : line)),
              ),
              seat.name ? null : computerControls(state, seat.seat),
            ),
          );
        }),
      );
    }),
  );
}
