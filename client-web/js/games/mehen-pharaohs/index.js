// Pharaohs and lions Mehen in the room page: the serpent with its pharaohs and attacking
// lions, the team cards (lions in hand, graveyard, streak), and the decisions this board
// takes from `state.legal` (which pharaoh moves; unleash a lion or spare). Concealing,
// guessing and revealing are the page's shared panel.

import { drawSerpent, svg } from '../../board.js';
import { linkStyle } from '../../dom.js';
import { guides } from './guides.js';
import { decisionMarkup, pharaohNamed, teamsMarkup } from './panel.js';
import { pieceLabels, sceneOf } from './scene.js';
import { bandsMarkup, lionMarkup, pharaohMarkup } from './svg.js';
import { beast, cap, eventText, pharaohOf, phaseText, placeText, seatLines, sideOf, teamOf, whyNotText } from './words.js';
import { howToPlay } from './how.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./types.js').GameEvent} GameEvent */

/**
 * A pharaoh in words, for its tooltip and the screen-reader list.
 * @param {State} state @param {Ctx} ctx @param {number} id @param {string} label
 */
function describe(state, ctx, id, label) {
  const p = state.game.pharaohs[String(id)];
  const side = sideOf(state.game, p.team);
  const by = p.attacked_by === null ? '' : `, attacked by ${ctx.possessive(p.attacked_by)} ${beast(teamOf(state.game, p.attacked_by))}`;
  return `${cap(pharaohOf(ctx, id))} (${side}, ${label}): ${placeText(p)}${by}`;
}

/**
 * The keyed child of `layer` for `key`, made on first use.
 * @param {SVGGElement} layer @param {string} key @param {Set<string>} seen
 */
function piece(layer, key, seen) {
  seen.add(key);
  let g = /** @type {SVGGElement | null} */ (layer.querySelector(`[data-key="${key}"]`));
  if (!g) {
    g = /** @type {SVGGElement} */ (svg('g', { 'data-key': key }));
    layer.append(g);
  }
  return g;
}

/** Removes the children of `layer` not drawn this time. @param {SVGGElement} layer @param {Set<string>} seen */
function sweep(layer, seen) {
  for (const g of [...layer.children]) if (!seen.has(/** @type {SVGGElement} */ (g).dataset.key || '')) g.remove();
}

/** @param {SVGGElement} g @param {number} x @param {number} y */
function place(g, x, y) {
  g.style.transform = `translate(${x.toFixed(3)}px, ${y.toFixed(3)}px)`;
}

/**
 * @param {HTMLElement} el
 * @param {Ctx} ctx
 */
function mount(el, ctx) {
  linkStyle(new URL('./pharaohs.css', import.meta.url).href);
  el.innerHTML = [
    '<div class="ph-root board-parts">',
    '<div class="ph-decision board-action" hidden></div>',
    '<div class="board-host"><svg class="serpent" role="group"><g class="ph-static"></g><g class="ph-pieces"></g><g class="ph-lions"></g></svg>',
    '<ul class="ph-sr"></ul></div>',
    '<div class="ph-teams board-key"></div>',
    '</div>',
  ].join('');
  const q = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (el.querySelector(sel));
  const decision = q('.ph-decision');
  const board = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (q('.serpent')));
  const still = /** @type {SVGGElement} */ (/** @type {unknown} */ (q('.ph-static')));
  const pieces = /** @type {SVGGElement} */ (/** @type {unknown} */ (q('.ph-pieces')));
  const lions = /** @type {SVGGElement} */ (/** @type {unknown} */ (q('.ph-lions')));
  const described = q('.ph-sr');
  const teams = q('.ph-teams');
  const root = q('.ph-root');
  /** @type {State | null} */
  let state = null;
  let drawnFor = 0;
  /** The markup each element was last given, so an unchanged one is left alone. */
  const drawn = new WeakMap();

  /** @param {number} id */
  function tap(id) {
    if (!state) return;
    const action = state.legal.find((a) => pharaohNamed(a) === id);
    if (action) ctx.send(action);
    else ctx.explain(whyNotText(state, ctx, id));
  }

  /** @param {Event} e */
  function onPiece(e) {
    const g = /** @type {Element} */ (e.target).closest('[data-pharaoh]');
    if (!(g instanceof SVGElement)) return;
    if (e instanceof KeyboardEvent) {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
    }
    tap(Number(g.dataset.pharaoh));
  }
  board.addEventListener('click', onPiece);
  board.addEventListener('keydown', onPiece);
  decision.addEventListener('click', (e) => {
    const button = /** @type {Element} */ (e.target).closest('[data-legal]');
    const action = button instanceof HTMLElement && state ? state.legal[Number(button.dataset.legal)] : undefined;
    if (action) ctx.send(action);
  });

  /** Sets `host`'s markup only when it changed, so focus and scroll stay put. @param {Element} host @param {string} markup */
  function setMarkup(host, markup) {
    if (drawn.get(host) === markup) return;
    const hadFocus = host.contains(document.activeElement);
    drawn.set(host, markup);
    host.innerHTML = markup;
    if (hadFocus) /** @type {HTMLElement | null} */ (host.querySelector('button'))?.focus();
  }

  /** @param {State} next */
  function update(next) {
    state = next;
    const view = next.game;
    // For tests and styling: the decision under way.
    root.dataset.phase = view.phase.phase;
    root.dataset.contest = 'contest' in view.phase ? view.phase.contest : '';
    const scene = sceneOf(view);
    if (drawnFor !== view.spaces) {
      drawnFor = view.spaces;
      // The shared serpent, one point longer than this game's spaces: its point 0, the
      // tail's own cell, is no space here (the pharaohs wait in the band below).
      drawSerpent(board, still, view.spaces + 1);
      still.querySelector('.space')?.remove();
      still.insertAdjacentHTML('beforeend', bandsMarkup(scene));
      const { x, y, width, height } = scene.box;
      board.setAttribute('viewBox', `${x.toFixed(2)} ${y.toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)}`);
      board.setAttribute('aria-label', `The serpent: ${view.spaces} spaces from the tail (space 1) to space ${view.spaces}, with the head beyond it.`);
    }
    const labels = pieceLabels(next.seats);
    const tappable = new Set(next.legal.map(pharaohNamed).filter((id) => id !== null));
    /** @type {Set<string>} */
    const seen = new Set();
    /** @type {string[]} */
    const lines = [];
    for (const p of scene.pharaohs) {
      const g = piece(pieces, `p${p.id}`, seen);
      const title = describe(next, ctx, p.id, labels[p.id] || '');
      lines.push(title);
      const look = { color: ctx.color(p.id), label: labels[p.id] || '', title, mine: p.id === next.you, tappable: tappable.has(p.id) };
      setMarkup(g, pharaohMarkup(p, look));
      g.dataset.pharaoh = String(p.id);
      const where = view.pharaohs[String(p.id)];
      g.dataset.place = where.place === 'serpent' ? String(where.space) : where.place;
      g.setAttribute('class', `ph-pharaoh ph-team-${p.team}${look.tappable ? ' ph-tappable' : ''}`);
      if (look.tappable) {
        g.setAttribute('role', 'button');
        g.setAttribute('tabindex', '0');
        g.setAttribute('aria-label', title);
      } else {
        for (const a of ['role', 'tabindex', 'aria-label']) g.removeAttribute(a);
      }
      place(g, p.x, p.y);
    }
    sweep(pieces, seen);
    seen.clear();
    for (const lion of scene.lions) {
      const g = piece(lions, `l${lion.target}`, seen);
      const attacker = /** @type {number} */ (view.pharaohs[String(lion.target)].attacked_by);
      const title = `${cap(ctx.possessive(attacker))} ${beast(lion.team)} attacks ${pharaohOf(ctx, lion.target)}`;
      g.setAttribute('class', 'ph-lion');
      setMarkup(g, lionMarkup(lion, ctx.color(attacker), title));
      place(g, lion.x, lion.y);
    }
    sweep(lions, seen);
    described.replaceChildren(...lines.map((t) => Object.assign(document.createElement('li'), { textContent: t })));
    const choice = decisionMarkup(next, ctx);
    decision.hidden = choice === '';
    setMarkup(decision, choice);
    setMarkup(teams, teamsMarkup(next, ctx, labels));
  }

  return {
    update,
    destroy() {
      el.replaceChildren();
      state = null;
    },
  };
}

/** @type {import('../../types.js').GameModule<State, GameEvent>} */
export default {
  ruleSet: 'mehen-pharaohs',
  mount,
  eventText,
  phaseText,
  seatLines,
  howToPlay,
  guides,
};
