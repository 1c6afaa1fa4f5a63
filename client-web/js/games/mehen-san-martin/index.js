// San Martin Mehen in the web client: the serpent with its marbles and landing rings, the
// six-player round, the choices of who acts and of an action after a wrong guess, and the
// game in words (docs/client-games.md).

import { linkStyle, h } from '../../dom.js';
import { Board } from './board.js';
import { controls, myOptions } from './controls.js';
import { roundStrip } from './round.js';
import { seatLines } from './seats.js';
import { eventText, phaseText } from './words.js';
import { howToPlay } from './how.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Event} Event */
/** @typedef {import('../../types.js').GameModule} GameModule */

/** @type {GameModule} */
export default {
  ruleSet: 'mehen-san-martin',

  mount(el, ctx) {
    linkStyle(new URL('./mehen.css', import.meta.url).href);
    const panel = h('div', { class: 'game-controls-host board-action' });
    const round = h('div', { class: 'round-host' });
    const host = h('div', { class: 'board-host' });
    el.replaceChildren(panel, round, host);
    const board = new Board(host);
    let panelKey = '';
    return {
      update(state, events) {
        const view = /** @type {View} */ (state.game);
        /** @type {Record<number, string>} */
        const names = Object.fromEntries(state.seats.filter((s) => s.name).map((s) => [s.seat, /** @type {string} */ (s.name)]));
        const options = myOptions(state);
        board.update(view, {
          color: ctx.color,
          labels: view.mode === 'teams' ? Object.fromEntries(Object.entries(names).map(([s, n]) => [s, n.slice(0, 1).toUpperCase()])) : {},
          names,
          options: view.phase.phase === 'act' ? view.phase.options : [],
          onOption: options.length ? (o) => ctx.send(o.action) : undefined,
          movable: options.flatMap((o) => (o.action.type === 'advance' ? [String(o.action.marble)] : [])),
          events: /** @type {Event[]} */ (events),
        });
        round.replaceChildren(roundStrip(view) || '');
        // Redrawn only when it changes, so a keyboard user keeps their place in it.
        const key = JSON.stringify([state.game_id, view.phase, state.legal, names]);
        if (key !== panelKey) {
          panelKey = key;
          const hadFocus = panel.contains(document.activeElement);
          panel.replaceChildren(controls(state, ctx) || '');
          if (hadFocus) /** @type {HTMLElement | null} */ (panel.querySelector('button'))?.focus();
        }
      },
      destroy() {
        el.replaceChildren();
      },
    };
  },

  eventText,
  phaseText,
  seatLines,
  howToPlay,

  guides: [
    {
      title: 'Duel: Carnelian against Lapis',
      points: [
        'Two players, Carnelian (red) moves first, then you alternate.',
        'Each of you has 6 marbles in reserve, 3 standing lions, and at most 2 marbles on the serpent.',
        'On your turn, put 1 to (your reserve) marbles into your closed hand. Your opponent guesses the number.',
        'Guessed right: one of your lions falls and the turn ends. Guessed wrong: move a marble exactly that many spaces, deploy a new one from the tail, or stand a fallen lion back up.',
        'Landing exactly on an opposing marble captures it. Passing is safe. Reaching or passing the head finishes a marble.',
        'Win with two marbles at the head, or when all three opposing lions have fallen.',
      ],
    },
    {
      title: 'Six players: Lions against Lionesses',
      points: [
        'Two teams of three. A round gives each team three opportunities, alternating Lions, Lionesses, …',
        'On its opportunity a team chooses a teammate who has not acted this round and is not frozen.',
        'That player conceals 1 to (their reserve) marbles. The other team discusses in team chat, proposes numbers, and one of them enters the guess.',
        'Guessed right: the actor freezes. Guessed wrong: move or deploy your one marble, or revive a frozen teammate.',
        'When a team’s first marble finishes, the other two teammates lose one reserve marble for good.',
        'Win when two different teammates have finished, or when all three opponents are frozen at once.',
      ],
    },
  ],
};
