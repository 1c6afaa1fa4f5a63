// A tiny helper to build DOM elements, and announcements for screen readers.

/**
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * `h('button', {class: 'x', onclick: f}, 'Go')`. Attributes starting with `on` become
 * listeners; `false`, `null` and `undefined` attributes are left out; `true` sets an empty one.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? String(c) : c);
  }
  return el;
}

/** Says `text` to screen readers through the page's live regions. @param {string} text @param {boolean} [urgent] */
export function announce(text, urgent = false) {
  const region = document.getElementById(urgent ? 'alert' : 'announce');
  if (!region) return;
  region.textContent = '';
  setTimeout(() => (region.textContent = text), 30);
}

/** At most this many toasts show at once; the oldest goes first. */
const TOASTS = 3;

/**
 * A short message over the page for a few seconds. A toast with a `topic` replaces the one
 * before it on the same topic ("Ada went offline", then "Ada is back").
 * @param {string} text @param {'info' | 'error'} [kind] @param {string} [topic]
 */
export function toast(text, kind = 'info', topic) {
  const host = document.getElementById('toasts');
  if (!host) return;
  if (topic) host.querySelectorAll(`[data-topic="${CSS.escape(topic)}"]`).forEach((t) => t.remove());
  const t = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status', 'data-topic': topic }, text);
  host.append(t);
  while (host.children.length > TOASTS) host.firstElementChild?.remove();
  setTimeout(() => t.remove(), 5000);
}

/** Links a stylesheet once (a rule-set module's own). @param {string} href */
export function linkStyle(href) {
  if ([...document.querySelectorAll('link[rel=stylesheet]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === href)) return;
  document.head.append(h('link', { rel: 'stylesheet', href }));
}

/** The first node of a piece of markup (a module's drawing made as text). @param {string} markup */
export function fromMarkup(markup) {
  const t = document.createElement('template');
  t.innerHTML = markup.trim();
  return /** @type {Node} */ (t.content.firstChild);
}
