// How to play, in the room: the rule set's player's guide in a dialog, one tap from the room
// at any time and offered before the first move, with a link to the game's rules page.

import { h } from '../dom.js';
import { learnLink } from '../lessons/links.js';

/** @typedef {import('../types.js').HowToPlay} HowToPlay */

/**
 * Opens the guide over the room; it closes with its button, Escape or a tap on "Play".
 * @param {HowToPlay} how @param {string} title the game's name @param {string} ruleSet
 */
export function openGuide(how, title, ruleSet) {
  const dialog = h(
    'dialog',
    { class: 'guide', 'aria-labelledby': 'guide-title' },
    h(
      'div',
      { class: 'guide-head' },
      h('h2', { id: 'guide-title' }, `How to play ${title}`),
      h('button', { type: 'button', class: 'link-button', onclick: () => dialog.close() }, 'Close'),
    ),
    h('p', { class: 'guide-summary' }, how.summary),
    h('h3', {}, 'On your turn'),
    h('ol', {}, how.turn.map((t) => h('li', {}, t))),
    h('h3', {}, 'To win'),
    h('p', {}, how.win),
    h('h3', {}, 'The pieces'),
    h('ul', { class: 'guide-pieces' }, how.pieces.map((p) => h('li', {}, h('span', { class: 'guide-figure' }, p.picture()), h('span', {}, p.words)))),
    h('p', {}, h('a', { href: `/#rules/${ruleSet}`, target: '_blank', rel: 'noopener' }, `All the rules of ${title}`), ' (opens beside the room).'),
    learnLink(ruleSet),
    h('form', { method: 'dialog' }, h('button', { class: 'primary guide-play' }, 'Play')),
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
