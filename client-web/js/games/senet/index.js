// Senet for the room page (docs/client-games.md): the board, the legend, picking and moving
// a piece, the game's words, and the short guide of the rules page.

import { linkStyle } from '../../dom.js';
import { arrivals, drawBoard } from './board.js';
import { guides } from './guide.js';
import { drawLegend, drawPosition } from './legend.js';
import { myPlans, tap } from './picking.js';
import { toDom } from './tree.js';
import { eventText, phaseText, planWords, seatLines } from './words.js';
import { howToPlay } from './how.js';

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./types.js').Place} Place */
/** @typedef {import('./types.js').Event} Event */

/** The place a tap or key press was on, if any. @param {EventTarget | null} node @returns {Place | null} */
function placeOf(node) {
  const hit = node instanceof Element ? node.closest('[data-place]') : null;
  const place = hit?.getAttribute('data-place');
  if (!place) return null;
  return place === 'off' ? 'off' : Number(place);
}

/**
 * @param {HTMLElement} host
 * @param {Ctx} ctx
 */
function mount(host, ctx) {
  const doc = host.ownerDocument;
  linkStyle(new URL('./senet.css', import.meta.url).href);
  const board = doc.createElement('div');
  board.className = 'senet-board-host';
  const hint = doc.createElement('p');
  hint.className = 'senet-hint';
  const position = doc.createElement('div');
  const legend = doc.createElement('div');
  legend.className = 'board-key';
  host.replaceChildren(board, hint, position, legend);

  /** @type {State | null} */
  let state = null;
  /** @type {number | null} */
  let picked = null;
  /** @type {Set<number>} */
  let arrived = new Set();

  function render() {
    if (!state) return;
    const view = state.game;
    const plans = myPlans(state);
    const focused = board.contains(doc.activeElement) ? doc.activeElement?.getAttribute('data-place') : null;
    board.replaceChildren(toDom(drawBoard({ view, color: ctx.color, possessive: ctx.possessive, plans, picked, arrived }), doc));
    if (focused) /** @type {SVGElement | null} */ (board.querySelector(`[data-place="${focused}"][tabindex]`))?.focus();
    const plan = plans.find((p) => p.piece === picked);
    hint.textContent = plan
      ? `${planWords(view, ctx, plan)} Tap the ring to move it, or pick another piece.`
      : plans.length
        ? 'Tap a piece in a gold frame, then the ring where it lands.'
        : '';
    hint.hidden = !plans.length;
    position.replaceChildren(toDom(drawPosition(view, ctx), doc));
    legend.replaceChildren(toDom(drawLegend(view, ctx), doc));
  }

  /** @param {Place} place */
  function tapped(place) {
    if (!state) return;
    const result = tap(state, ctx, picked, place);
    if (result.kind === 'send') {
      picked = null;
      ctx.send(result.action);
    } else if (result.kind === 'pick') {
      picked = result.piece;
      render();
      ctx.announce(hint.textContent || '');
    } else {
      ctx.explain(result.text);
    }
  }

  /** @param {MouseEvent} e */
  const onClick = (e) => {
    const place = placeOf(e.target);
    if (place !== null) tapped(place);
  };
  /** @param {KeyboardEvent} e */
  const onKey = (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const place = placeOf(e.target);
    if (place === null) return;
    e.preventDefault();
    tapped(place);
  };
  board.addEventListener('click', onClick);
  board.addEventListener('keydown', onKey);

  return {
    /** @param {State} next */
    update(next) {
      arrived = state ? arrivals(state.game, next.game) : new Set();
      state = next;
      if (!myPlans(next).some((p) => p.piece === picked)) picked = null;
      render();
    },
    destroy() {
      board.removeEventListener('click', onClick);
      board.removeEventListener('keydown', onKey);
      host.replaceChildren();
    },
  };
}

/** @type {import('../../types.js').GameModule<State, Event>} */
export default {
  ruleSet: 'senet',
  mount,
  eventText,
  phaseText,
  seatLines,
  howToPlay,
  guides,
};
