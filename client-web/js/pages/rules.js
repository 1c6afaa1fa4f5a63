// The rules of each rule set the server offers: the module's short guides to the screen (if
// it has any), then the rules as implemented (docs/rules/{rule-set}.md, which the server
// serves as HTML at /rules/{rule-set}.html).

import { ruleSets } from '../api.js';
import { h } from '../dom.js';
import { games } from '../games/index.js';

/**
 * @param {HTMLElement} main
 * @param {string} wanted the rule set to show; the first one when empty or unknown
 * @param {string} section the id of a heading to scroll to once the rules are shown, or ''
 */
export function rulesPage(main, wanted, section) {
  document.title = 'Hesy · Rules';
  const tabs = h('nav', { class: 'tabs', 'aria-label': 'Game' });
  const guides = h('div', { class: 'guides' });
  const doc = h('article', { class: 'card doc', 'aria-busy': 'true' }, h('p', {}, 'Loading the rules…'));
  main.append(h('h1', {}, 'Rules'), tabs, guides, doc);
  ruleSets()
    .then((all) => {
      const shown = all.find((r) => r.name === wanted) || all[0];
      if (!shown) throw new Error('no rule sets');
      document.title = `Hesy · Rules of ${shown.title}`;
      tabs.replaceChildren(...all.map((r) => h('a', { href: `/#rules/${r.name}`, 'aria-current': r === shown ? 'page' : null }, r.title)));
      guides.replaceChildren(...(games[shown.name]?.guides || []).map((g) => h('section', { class: 'card guide' }, h('h2', {}, g.title), h('ul', {}, g.points.map((p) => h('li', {}, p))))));
      return fetch(`/rules/${encodeURIComponent(shown.name)}.html`);
    })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((html) => {
      // The server rendered this from the rules' Markdown, showing any HTML in it as text.
      doc.innerHTML = html;
      doc.removeAttribute('aria-busy');
      if (section) document.getElementById(section)?.scrollIntoView();
    })
    .catch(() => {
      doc.replaceChildren(h('p', {}, 'The rules could not be loaded.'));
      doc.removeAttribute('aria-busy');
    });
}
