// The end of a game, for any rule set: the viewer's own result as the panel's title, the
// outcome in the rule set's words once, play again, and the replay.

import { h } from '../dom.js';
import { myTeam } from './context.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('./actions.js').Panel} Panel */

/** The winning team from the game's `game_over` event: a number, null for a draw, undefined if none. @param {LogEntry[]} log */
function winnerOf(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    const over = log[i].events.find((e) => e.type === 'game_over');
    if (over) return /** @type {number | null} */ (over.outcome?.winner ?? null);
  }
  return undefined;
}

/**
 * The viewer's result in a few words: "You won!", "Your team lost.", "A draw."; "Game over"
 * for a spectator.
 * @param {RoomView} state @param {LogEntry[]} log
 */
export function resultTitle(state, log) {
  const team = myTeam(state);
  const winner = winnerOf(log);
  if (!team.length || winner === undefined) return 'Game over';
  if (winner === null) return 'A draw.';
  const won = team[0].team === winner;
  if (team.length > 1) return won ? 'Your team won!' : 'Your team lost.';
  return won ? 'You won!' : 'You lost.';
}

/** The viewer's result as a tone for colours: won, lost, or neither (a draw, a spectator). @param {RoomView} state @param {LogEntry[]} log */
export function resultTone(state, log) {
  const title = resultTitle(state, log);
  return /won!$/.test(title) ? 'won' : /lost\.$/.test(title) ? 'lost' : undefined;
}

/**
 * @param {RoomView} state @param {LogEntry[]} log @param {string} outcome the outcome in the rule set's words
 * @param {{rematch: (() => void) | null}} actions `rematch` is null for a spectator
 * @returns {Panel}
 */
export function gameOverPanel(state, log, outcome, actions) {
  const tone = resultTone(state, log);
  return {
    title: resultTitle(state, log),
    tone,
    body: [
      outcome ? h('p', { class: `outcome outcome-${tone ?? 'told'}` }, outcome) : null,
      h(
        'div',
        { class: 'button-row' },
        actions.rematch ? h('button', { type: 'button', class: 'primary', onclick: actions.rematch }, 'Play again') : null,
        h('a', { class: 'button', href: '#replay' }, 'Watch the replay'),
      ),
    ],
  };
}
