// The router: `/` is the start page, `/#rules/{rule-set}` the rules (`/#rules/{rule-set}/{section}`
// one of their sections), `/#learn/{rule-set}` a game's lesson, `/#games` the finished games (`/#games/{id}` one of them), `/r/{code}`
// a room (its `#replay` is the room's own business: the room keeps its connection while it
// shows it).
//
// Moving between these pages never loads the page again where the browser has the Navigation
// API: a link or `location.assign` to one of them is caught and drawn in place, with the
// modules already here. Elsewhere the browser loads the page, and takes its files from its cache.

import { startPage } from './pages/start.js';
import { roomPage } from './pages/room.js';
import { rulesPage } from './pages/rules.js';
import { gamesPage } from './pages/games.js';
import { lessonPage } from './lessons/page.js';

/** @type {(() => void) | null} */
let leave = null;

/** The room code of a room's address, or null. @param {string} pathname */
const roomOf = (pathname) => pathname.match(/^\/r\/([^/]+)\/?$/)?.[1] ?? null;

function route() {
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  if (leave) leave();
  leave = null;
  main.replaceChildren();
  delete main.dataset.version;
  delete main.dataset.phase;
  const room = roomOf(location.pathname);
  const hash = location.hash.replace(/^#/, '');
  const [page, ruleSet, section] = hash.split('/');
  if (room) {
    leave = roomPage(main, decodeURIComponent(room));
  } else if (hash.startsWith('games')) {
    leave = gamesPage(main, hash.slice('games'.length));
  } else if (page === 'learn') {
    leave = lessonPage(main, ruleSet || '');
  } else if (page === 'rules') {
    rulesPage(main, ruleSet || '', section || '');
  } else {
    leave = startPage(main);
  }
}

/**
 * The part of the Navigation API used here (TypeScript's DOM types do not have it yet).
 * @typedef {{
 *   canIntercept: boolean, hashChange: boolean, navigationType: string, formData: FormData | null,
 *   downloadRequest: string | null, destination: {url: string},
 *   intercept(options: {handler: () => Promise<void>}): void,
 * }} NavigateEvent
 * @typedef {{addEventListener(type: 'navigate', listener: (e: NavigateEvent) => void): void}} Navigation
 */
const navigation = /** @type {{navigation?: Navigation}} */ (/** @type {unknown} */ (window)).navigation;

navigation?.addEventListener('navigate', (e) => {
  if (!e.canIntercept || e.hashChange || e.navigationType === 'reload' || e.formData || e.downloadRequest !== null) return;
  const url = new URL(e.destination.url);
  // Only this client's pages: anything else the server serves (an audit bundle) is left to the browser.
  if (url.origin !== location.origin || (url.pathname !== '/' && !roomOf(url.pathname))) return;
  e.intercept({ handler: async () => route() });
});

window.addEventListener('hashchange', () => {
  if (!roomOf(location.pathname)) route();
});
route();
