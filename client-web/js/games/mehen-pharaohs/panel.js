// The controls and cards around the board, as markup: the decision this seat may take now
// (which pharaoh moves; unleash a lion or spare), one button per entry of `state.legal`,
// and each team's card (its pharaohs' shape and letters, lions in hand, attacking, the
// graveyard of dead lions, the streak of right guesses).

import { beastIcon, esc, pharaohIcon } from './svg.js';
import { beast, cap, pharaohOf, placeText, teamOf } from './words.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./types.js').Action} Action */
/** @typedef {import('./types.js').TeamView} TeamView */

/** The pharaoh an action names, if any. @param {Action} action */
export function pharaohNamed(action) {
  if (action.type === 'choose') return action.pharaoh;
  if (action.type === 'unleash') return action.target;
  return null;
}

/**
 * What a button for `action` says.
 * @param {Action} action @param {State} state @param {Ctx} ctx
 * @returns {string | null} null for actions another panel takes (the guess)
 */
export function actionText(action, state, ctx) {
  const view = state.game;
  const mine = state.you === null ? 0 : teamOf(view, state.you);
  switch (action.type) {
    case 'choose': {
      const p = view.pharaohs[String(action.pharaoh)];
      return `Move ${pharaohOf(ctx, action.pharaoh)} (${p ? placeText(p) : 'unknown'})`;
    }
    case 'unleash':
      return `Unleash a ${beast(mine)} on ${pharaohOf(ctx, action.target)}`;
    case 'spare':
      return `Spare it: keep the ${beast(mine, true)} back`;
    default:
      return null;
  }
}

/**
 * The decision this seat takes on this board, as buttons; '' when there is none here.
 * Each button carries the index of its action in `state.legal`.
 * @param {State} state @param {Ctx} ctx
 */
export function decisionMarkup(state, ctx) {
  const buttons = state.legal
    .map((action, index) => ({ index, text: actionText(action, state, ctx), primary: action.type !== 'spare' }))
    .filter((b) => b.text !== null);
  if (!buttons.length) return '';
  const ph = state.game.phase;
  const mine = state.you === null ? 0 : teamOf(state.game, state.you);
  const title = ph.phase === 'unleash' ? `Right guess! Unleash a ${beast(mine)}?` : 'Which pharaoh moves?';
  const hint = ph.phase === 'choose' ? '<p class="ph-hint">Tap a glowing pharaoh on the serpent, or a button.</p>' : '';
  return [
    `<h3 class="ph-decision-title">${esc(title)}</h3>`,
    hint,
    '<div class="ph-buttons">',
    ...buttons.map(
      (b) => `<button type="button" class="${b.primary ? 'primary ' : ''}ph-action" data-legal="${b.index}">${esc(/** @type {string} */ (b.text))}</button>`,
    ),
    '</div>',
  ].join('');
}

/**
 * One team's card.
 * @param {TeamView} team @param {State} state @param {Ctx} ctx @param {Record<number, string>} labels
 */
function teamCard(team, state, ctx, labels) {
  const color = ctx.color(team.seats[0]);
  const shape = team.team === 0 ? 'square' : 'diamond';
  const members = team.seats
    .map((seat) => `<li>${pharaohIcon(team.team, ctx.color(seat), labels[seat] || '')}<span>${esc(cap(ctx.name(seat)))}</span></li>`)
    .join('');
  /** @param {number} n @param {boolean} dead */
  const beasts = (n, dead) => Array.from({ length: n }, () => beastIcon(team.team, color, dead)).join('');
  const moving = state.game.moving_team === team.team ? ' ph-moving' : '';
  return [
    `<section class="ph-team ph-team-${team.team}${moving}" aria-label="${esc(team.side)}">`,
    `<h3>${esc(team.side)} <span class="ph-shape-word">${shape} pharaohs</span></h3>`,
    `<ul class="ph-members">${members}</ul>`,
    `<p class="ph-row"><span>In hand: ${team.standing}</span>${beasts(team.standing, false)}</p>`,
    team.attacking ? `<p class="ph-row"><span>Attacking: ${team.attacking}</span></p>` : '',
    `<p class="ph-row ph-graveyard"><span>Graveyard: ${team.graveyard || 'empty'}</span>${beasts(team.graveyard, true)}</p>`,
    `<p class="ph-row" title="Right move guesses in a row"><span>Streak: ${team.streak} right</span></p>`,
    '</section>',
  ].join('');
}

/**
 * Both teams' cards, the viewer's own first.
 * @param {State} state @param {Ctx} ctx @param {Record<number, string>} labels
 */
export function teamsMarkup(state, ctx, labels) {
  const mine = state.you === null ? 0 : teamOf(state.game, state.you);
  const teams = [...state.game.teams].sort((a, b) => Number(b.team === mine) - Number(a.team === mine));
  return teams.map((t) => teamCard(t, state, ctx, labels)).join('');
}
