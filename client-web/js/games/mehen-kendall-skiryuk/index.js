// Kendall–Skiryuk Mehen in the room page: the serpent with every piece, the viewer's choices
// as buttons and as taps on the board (a piece, then where it lands), and the game in words.

import { h, linkStyle } from '../../dom.js';
import { boardSvg } from './serpent.js';
import { buttonChoices, choicesOf, lookOf, tapPiece, tapPlace } from './choices.js';
import { pieceMarkup, initialOf } from './pieces.js';
import { cap, choiceLabel, eventText, phaseText, placeWords, seatLines } from './words.js';
import { howToPlay } from './how.js';

/** @typedef {import('./types.js').KendallState} KendallState */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./choices.js').TapResult} TapResult */
/** @typedef {import('../../types.js').GameContext} Ctx */

/** One seat in the legend: its ball and lion, its side, its player. @param {KendallState} state @param {Ctx} ctx @param {number} seat */
function legendItem(state, ctx, seat) {
  const side = state.game.players.find((p) => p.seat === seat)?.side ?? '';
  const glyph = (/** @type {boolean} */ lion) =>
    pieceMarkup({ lion, color: ctx.color(seat), letter: initialOf(side), r: 0.4 });
  const icons = h('span', { class: 'mk-glyphs', 'aria-hidden': 'true' });
  icons.innerHTML = `<svg viewBox="-0.6 -0.6 2.4 1.2"><g>${glyph(false)}</g><g transform="translate(1.2 0)">${glyph(true)}</g></svg>`;
  return h('li', {}, icons, h('span', {}, h('strong', {}, side), ` · ${ctx.name(seat)}: balls marked ${initialOf(side)}`));
}

/** Every piece on the serpent, for screen readers. @param {KendallState} state @param {Ctx} ctx */
function pieceList(state, ctx) {
  const on = Object.values(state.game.pieces).filter((p) => ['inward', 'centre', 'outward'].includes(p.place.kind));
  const lines = on.map((p) => `${cap(ctx.possessive(p.owner))} ${p.kind} ${placeWords(p.place)}`);
  return (lines.length ? lines : ['No piece is on the serpent.']).map((t) => h('li', {}, t));
}

/** @type {import('../../types.js').GameModule<KendallState, GameEvent>} */
export default {
  ruleSet: 'mehen-kendall-skiryuk',

  mount(el, ctx) {
    linkStyle(new URL('./board.css', import.meta.url).href);
    const choices = h('div', { class: 'mk-choices button-row board-action', role: 'group', 'aria-label': 'Your choices' });
    const board = h('div', { class: 'board-host' });
    const legend = h('ul', { class: 'mk-legend board-key', 'aria-label': 'Who plays which pieces' });
    const described = h('ul', { class: 'sr-only' });
    el.replaceChildren(h('div', { class: 'mk board-parts' }, choices, board, legend, described));
    /** @type {KendallState | null} */
    let state = null;
    /** The piece picked up, until it moves or the turn changes. @type {number | null} */
    let selected = null;

    function render() {
      if (!state) return;
      const s = state;
      const focused = /** @type {HTMLElement | null} */ (document.activeElement);
      const focusKey = focused && board.contains(focused) ? (focused.dataset.piece ?? focused.dataset.place) : undefined;
      const colors = s.game.players.map((p) => ctx.color(p.seat));
      const look = lookOf(s, selected, ctx, colors);
      const title = `The serpent: ${s.game.cells} cells from the tail (1) to the centre; pieces come back to the tail.`;
      board.innerHTML = boardSvg(s.game, look, title);
      if (focusKey !== undefined) {
        const again = board.querySelector(`[data-piece="${focusKey}"][tabindex], [data-place="${focusKey}"][tabindex]`);
        if (again instanceof SVGElement) again.focus();
      }
      const labelled = new Map(buttonChoices(s).map((c) => [choiceLabel(c, s, ctx), c.action]));
      choices.replaceChildren(
        ...[...labelled].map(([label, action]) => h('button', { type: 'button', class: 'mk-choice', onclick: () => act({ send: action }) }, label)),
      );
      choices.hidden = labelled.size === 0;
      legend.replaceChildren(...s.game.players.map((p) => legendItem(s, ctx, p.seat)));
      legend.append(h('li', { class: 'mk-back-note' }, 'A piece with an arrow is heading back to the tail, where it comes home.'));
      described.replaceChildren(...pieceList(s, ctx));
    }

    /** @param {TapResult} result */
    function act(result) {
      if ('send' in result) {
        selected = null;
        ctx.send(result.send);
      } else if ('select' in result) {
        selected = result.select;
        render();
      } else {
        ctx.explain(result.explain);
      }
    }

    /** @param {Event} e */
    function onTap(e) {
      if (!state) return;
      const target = /** @type {Element} */ (e.target).closest('[data-piece], [data-place]');
      if (!(target instanceof SVGElement)) return;
      const { piece, place } = target.dataset;
      if (piece !== undefined) act(tapPiece(state, selected, Number(piece), ctx));
      else if (place !== undefined) act(tapPlace(state, selected, place, ctx));
    }

    /** @param {KeyboardEvent} e */
    function onKey(e) {
      if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof SVGElement && e.target.getAttribute('role') === 'button') {
        e.preventDefault();
        onTap(e);
      }
    }

    board.addEventListener('click', onTap);
    board.addEventListener('keydown', onKey);
    return {
      update(next) {
        const movable = new Set(choicesOf(next).flatMap((c) => (c.action.type === 'move' ? [c.action.piece] : [])));
        if (next.game.turn !== state?.game.turn || !movable.has(selected ?? -1)) selected = null;
        if (selected === null && movable.size === 1 && next.legal.length === 1) selected = [...movable][0];
        state = next;
        render();
      },
      destroy() {
        board.removeEventListener('click', onTap);
        board.removeEventListener('keydown', onKey);
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
      title: 'Two to six players, each for themselves',
      points: [
        'Carnelian throws first, then the turn goes round the table. One throw a turn, even a 6.',
        'Three sticks: one, two or three flat sides up score 1, 2 or 3; none up scores 6.',
        'A 1 enters a ball, or your waiting lion, on cell 1 when it is free, or is saved for later. A 2, 3 or 6 moves one of your pieces; a lion moves twice as far.',
        'Pieces run in to the centre and back out to the tail. The centre takes an exact throw (saved ones make up what is over), and leaving it costs 4 saved ones (a lion 10).',
        'Land on an opponent and you swap places. Your lion heading back eats the balls it lands on, for good.',
        'Your first ball home earns your lion. When every lion is home, the lion that ate the most balls wins; a tie goes to the first of them home.',
        'On the board, each side has its own colour, shape and letter, and a lion wears a mane. Tap a glowing piece, then the ring where it lands; saving a 1, entering and spending saved ones are buttons too.',
      ],
    },
  ],
};
