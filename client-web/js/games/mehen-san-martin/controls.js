// San Martin Mehen's own controls: in the six-player game the team names who acts, and after
// a wrong guess the actor picks one action (also a dashed ring on the serpent). Both come from
// `state.legal`.

import { h } from '../../dom.js';
import { sameJson } from '../../patch.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').ActOption} ActOption */
/** @typedef {import('./types.js').ActAction} ActAction */
/** @typedef {import('../../types.js').RoomView} RoomView */
/** @typedef {import('../../types.js').GameContext} GameContext */

/** Whether `action` is one this seat may send now. @param {RoomView} state @param {object} action */
export function isLegal(state, action) {
  return state.legal.some((a) => sameJson(a, action));
}

/** The options after a wrong guess this seat may play. @param {RoomView} state @returns {ActOption[]} */
export function myOptions(state) {
  const ph = /** @type {View} */ (state.game).phase;
  return ph.phase === 'act' ? ph.options.filter((o) => isLegal(state, o.action)) : [];
}

/** @param {ActOption} o @param {View} view @param {number | null} you @param {GameContext} ctx */
function optionText(o, view, you, ctx) {
  const a = o.action;
  const lands = o.lands_on;
  const myTeam = view.players.find((p) => p.seat === you)?.team;
  const enemyThere =
    lands !== null && lands < view.head && Object.values(view.marbles).some((m) => m.space === lands && view.players.find((p) => p.seat === m.owner)?.team !== myTeam);
  const suffix = lands === null ? '' : lands >= view.head ? ' and finish!' : enemyThere ? ', capturing!' : '';
  switch (a.type) {
    case 'advance': {
      const m = view.marbles[String(a.marble)];
      return `Move your marble from space ${m ? m.space : '?'} to ${lands}${suffix}`;
    }
    case 'deploy':
      return `Deploy a new marble to space ${lands}${suffix}`;
    case 'recover':
      return 'Stand a fallen lion back up';
    case 'revive':
      return `Revive ${ctx.name(a.seat)}`;
    default:
      return a.type;
  }
}

/**
 * The card of this seat's choices now, or null when it has none.
 * @param {RoomView} state @param {GameContext} ctx
 */
export function controls(state, ctx) {
  const view = /** @type {View} */ (state.game);
  const ph = view.phase;
  const you = state.you;
  /** @type {[string, Array<Node | string>] | null} */
  let parts = null;
  if (ph.phase === 'choose') {
    const choices = /** @type {ActAction[]} */ (state.legal).flatMap((a) => (a.type === 'choose' ? [a] : []));
    if (choices.length) {
      parts = [
        'Who acts for your team?',
        [
          h('p', {}, 'Choose a teammate who has not acted this round.'),
          h(
            'div',
            { class: 'button-row' },
            choices.map((a) => h('button', { type: 'button', class: 'primary choose', onclick: () => ctx.send(a) }, a.seat === you ? 'I will act' : `${ctx.name(a.seat)} acts`)),
          ),
        ],
      ];
    }
  } else if (ph.phase === 'act') {
    const options = myOptions(state);
    if (options.length) {
      parts = [
        `Move ${ph.distance}`,
        [
          h('p', {}, 'Choose one action, or pick a dashed ring on the serpent.'),
          h('div', { class: 'options' }, options.map((o) => h('button', { type: 'button', class: 'primary option', onclick: () => ctx.send(o.action) }, optionText(o, view, you, ctx)))),
        ],
      ];
    }
  }
  if (!parts) return null;
  return h('section', { class: 'card game-controls', 'aria-labelledby': 'mehen-controls-title' }, h('h2', { id: 'mehen-controls-title' }, parts[0]), ...parts[1]);
}
