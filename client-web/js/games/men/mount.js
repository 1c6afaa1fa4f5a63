// The live board in the room page, the same for both Men rule sets: each gives the function
// that turns its room view into a board model. Lines stand upright on a wide screen and lie
// down on a narrow one; the viewer's own start comes first (on the left, or at the bottom).

import { drawBoard } from './board.js';
import { layout } from './layout.js';
import { answer, movable } from './pick.js';
import { toSvg } from './svg.js';

/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./layout.js').Orientation} Orientation */

/** Narrower than this, the lines lie down. */
const LYING_BELOW = 600;

/**
 * The orientation for a host `width` pixels wide, seen by seat `you`.
 * @param {number} width @param {number | null} you @returns {Orientation}
 */
export function orientationFor(width, you) {
  return { vertical: width < LYING_BELOW, flip: you === 1 };
}

/** Which side is which, and where each starts, in words. @param {Orientation} o @param {string} rules */
export function legendText(o, rules) {
  const [first, last] = o.vertical ? ['bottom', 'top'] : ['left', 'right'];
  const [white, black] = o.flip ? [last, first] : [first, last];
  return `White: small light squares, starting at the narrow end (${white}). Black: large dark rectangles, starting at the wide end (${black}). ${rules}`;
}

/**
 * @template {{you: number | null}} S
 * @param {HTMLElement} el @param {Ctx} ctx
 * @param {(state: S) => BoardModel} build the rule set's board model
 * @param {string} rules a sentence on what the outlines and marks mean
 */
export function mountBoard(el, ctx, build, rules) {
  const frame = document.createElement('div');
  const legend = document.createElement('p');
  legend.className = 'small board-key';
  const summary = document.createElement('ul');
  summary.className = 'sr-only';
  el.replaceChildren(frame, legend, summary);
  /** @type {BoardModel | null} */
  let model = null;
  /** @type {number | null} */
  let you = null;
  /** @type {string | null} */
  let picked = null;
  /** What the board on screen was drawn from: a patch that changes nothing it shows leaves it, so no tap lands on a board being replaced. */
  let drawnFrom = '';

  function draw() {
    if (!model) return;
    const o = orientationFor(el.clientWidth || frame.clientWidth, you);
    const from = JSON.stringify([model, picked, o]);
    if (from === drawnFrom) return;
    drawnFrom = from;
    // Keyboard users keep their place when the board is drawn again.
    const active = document.activeElement;
    const focused = active instanceof Element && el.contains(active) && active.matches(':focus-visible') ? active.getAttribute('data-key') : null;
    const svg = toSvg(drawBoard(model, layout(o), picked, onTap));
    svg.setAttribute('style', `display:block;width:100%;height:auto;max-height:var(--board-max, ${o.vertical ? 'none' : '70vh'})`);
    for (const button of svg.querySelectorAll('[role=button]')) {
      const shown = (/** @type {boolean} */ on) => button.querySelector('.men-ring')?.setAttribute('visibility', on ? 'visible' : 'hidden');
      button.addEventListener('focus', () => shown(button.matches(':focus-visible')));
      button.addEventListener('blur', () => shown(false));
    }
    frame.replaceChildren(svg);
    legend.textContent = legendText(o, rules);
    const again = focused && svg.querySelector(`[data-key="${focused}"]`);
    if (again instanceof SVGElement) again.focus();
  }

  /** @param {import('./board.js').Tap} tap */
  function onTap(tap) {
    if (!model) return;
    const a = answer(model, picked, tap);
    picked = a.picked;
    if (a.send) ctx.send(a.send);
    if (a.say) ctx.announce(a.say);
    if (a.explain) ctx.explain(a.explain);
    draw();
  }

  let lying = orientationFor(el.clientWidth, null).vertical;
  const resized = new ResizeObserver(() => {
    const now = orientationFor(el.clientWidth, null).vertical;
    if (now !== lying) {
      lying = now;
      draw();
    }
  });
  resized.observe(el);

  return {
    /** @param {S} state */
    update(state) {
      model = build(state);
      you = state.you;
      if (!movable(model, picked)) picked = null;
      summary.replaceChildren(
        ...[...model.starts, ...model.columns, ...model.piles].map((m) => {
          const li = document.createElement('li');
          li.textContent = m.label;
          return li;
        }),
      );
      draw();
    },
    destroy() {
      resized.disconnect();
      el.replaceChildren();
    },
  };
}
