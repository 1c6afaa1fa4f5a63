// The rules of each mode: a short guide to the screen, then the rules as implemented
// (docs/rules/mehen-san-martin.md, served at /rules/).

import { h } from '../dom.js';
import { markdownToHtml } from '../markdown.js';

const GUIDES = {
  duel: {
    title: 'Duel: Carnelian against Lapis',
    points: [
      'Two players, Carnelian (red) moves first, then you alternate.',
      'Each of you has 6 marbles in reserve, 3 standing lions, and at most 2 marbles on the serpent.',
      'On your turn, put 1 to (your reserve) marbles into your closed hand. Your opponent guesses the number.',
      'Guessed right: one of your lions falls and the turn ends. Guessed wrong: move a marble exactly that many spaces, deploy a new one from the tail, or stand a fallen lion back up.',
      'Landing exactly on an opposing marble captures it. Passing is safe. Reaching or passing the head finishes a marble.',
      'Win with two marbles at the head, or when all three opposing lions have fallen.',
    ],
  },
  teams: {
    title: 'Six players: Lions against Lionesses',
    points: [
      'Two teams of three. A round gives each team three opportunities, alternating Lions, Lionesses, …',
      'On its opportunity a team chooses a teammate who has not acted this round and is not frozen.',
      'That player conceals 1 to (their reserve) marbles. The other team discusses in team chat, proposes numbers, and one of them enters the guess.',
      'Guessed right: the actor freezes. Guessed wrong: move or deploy your one marble, or revive a frozen teammate.',
      'When a team’s first marble finishes, the other two teammates lose one reserve marble for good.',
      'Win when two different teammates have finished, or when all three opponents are frozen at once.',
    ],
  },
};

/** @param {HTMLElement} main @param {string} mode */
export function rulesPage(main, mode) {
  document.title = 'Hesy · Rules of Mehen';
  const which = mode === 'teams' ? 'teams' : 'duel';
  const guide = GUIDES[which];
  const doc = h('article', { class: 'card doc', 'aria-busy': 'true' }, h('p', {}, 'Loading the rules…'));
  main.append(
    h('h1', {}, 'Rules of Mehen'),
    h(
      'nav',
      { class: 'tabs', 'aria-label': 'Game mode' },
      h('a', { href: '/#rules/duel', 'aria-current': which === 'duel' ? 'page' : null }, 'Duel'),
      h('a', { href: '/#rules/teams', 'aria-current': which === 'teams' ? 'page' : null }, 'Six players'),
    ),
    h('section', { class: 'card guide' }, h('h2', {}, guide.title), h('ul', {}, guide.points.map((p) => h('li', {}, p)))),
    doc,
  );
  fetch('/rules/mehen-san-martin.md')
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((md) => {
      doc.innerHTML = markdownToHtml(md);
      doc.removeAttribute('aria-busy');
    })
    .catch(() => {
      doc.replaceChildren(h('p', {}, 'The full rules could not be loaded.'));
    });
}
