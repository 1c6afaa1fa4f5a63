// The room's action card: whichever panel is this viewer's business now (waiting for players,
// the concealed number, the sticks, the end of the game, watching), or nothing.

import { h } from '../dom.js';

/** @typedef {{title: string, body: Array<Node | null>, tone?: 'won' | 'lost'}} Panel */

/**
 * Shows `panel` in `el` (hidden when null). A keyboard user whose focus was in the card keeps
 * it on the same control, or the first one.
 * @param {HTMLElement} el @param {Panel | null} panel
 */
export function showPanel(el, panel) {
  el.hidden = panel === null;
  if (!panel) {
    el.replaceChildren();
    return;
  }
  const controls = () => /** @type {HTMLElement[]} */ ([...el.querySelectorAll('button, [href]')]);
  const focused = controls().indexOf(/** @type {HTMLElement} */ (document.activeElement));
  const hadFocus = el.contains(document.activeElement);
  el.replaceChildren(
    h('h2', { id: 'actions-title', tabindex: -1, class: panel.tone ? `personal ${panel.tone}` : null }, panel.title),
    ...panel.body.filter((b) => b !== null),
  );
  if (!hadFocus) return;
  const now = controls();
  (now[focused] || now[0] || /** @type {HTMLElement} */ (el.querySelector('h2'))).focus();
}
