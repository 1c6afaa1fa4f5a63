// Where the lessons are offered: a "Learn to play" card for the start page, one link per
// game that has a lesson (with the steps this browser has done), and a link for the room's
// how-to-play guide. Both fill in once the server has said which games have lessons.

import { h } from '../dom.js';
import { lessonPath, lessons } from './api.js';
import { done } from './progress.js';

/** The start page's card. @returns {HTMLElement} */
export function learnCard() {
  const list = h('ul', { class: 'learn-list' });
  const card = h(
    'section',
    { class: 'card learn', 'aria-labelledby': 'learn-title', hidden: true },
    h('h2', { id: 'learn-title' }, 'Learn to play'),
    h('p', { class: 'small' }, 'Short lessons on the real board: one idea a step, and the board answers your move.'),
    list,
  );
  lessons()
    .then((all) => {
      list.replaceChildren(
        ...all.map((l) => {
          const count = done(l.rule_set).size;
          return h('li', {}, h('a', { href: lessonPath(l.rule_set), 'data-learn': l.rule_set }, `Learn ${l.title}`), h('small', {}, ` ${count ? `${count} of ${l.steps} steps done` : `${l.steps} steps`}`));
        }),
      );
      card.hidden = all.length === 0;
    })
    .catch(() => {});
  return card;
}

/** A paragraph linking to the lesson of `ruleSet`, empty while unknown or when it has none. @param {string} ruleSet */
export function learnLink(ruleSet) {
  const p = h('p', { class: 'guide-learn' });
  lessons()
    .then((all) => {
      if (all.some((l) => l.rule_set === ruleSet)) p.append(h('a', { href: lessonPath(ruleSet), target: '_blank', rel: 'noopener' }, 'Learn by playing'), ': a short lesson on the board (opens beside the room).');
    })
    .catch(() => {});
  return p;
}
