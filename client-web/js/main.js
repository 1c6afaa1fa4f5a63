// The router: `/` is the start page, `/#rules/{rule-set}` the rules, `/#games` the finished
// games (`/#games/{id}` one of them), `/r/{code}` a room (its `#replay` is the room's own
// business: the room keeps its connection while it shows it).

import { startPage } from './pages/start.js';
import { roomPage } from './pages/room.js';
import { rulesPage } from './pages/rules.js';
import { gamesPage } from './pages/games.js';

/** @type {(() => void) | null} */
let leave = null;

function route() {
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  if (leave) leave();
  leave = null;
  main.replaceChildren();
  delete main.dataset.version;
  delete main.dataset.phase;
  const room = location.pathname.match(/^\/r\/([^/]+)\/?$/);
  const hash = location.hash.replace(/^#/, '');
  if (room) {
    leave = roomPage(main, decodeURIComponent(room[1]));
  } else if (hash.startsWith('games')) {
    leave = gamesPage(main, hash.slice('games'.length));
  } else if (hash.startsWith('rules')) {
    rulesPage(main, hash.split('/')[1] || '');
  } else {
    startPage(main);
  }
}

window.addEventListener('hashchange', () => {
  if (!location.pathname.startsWith('/r/')) route();
});
route();
