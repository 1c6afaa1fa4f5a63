// The router: `/` is the start page, `/#rules` the rules, `/r/{code}` a room and
// `/r/{code}#replay` the replay of its finished game.

import { startPage } from './pages/start.js';
import { roomPage } from './pages/room.js';
import { replayPage } from './pages/replay.js';
import { rulesPage } from './pages/rules.js';

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
    const code = decodeURIComponent(room[1]);
    leave = hash === 'replay' ? replayPage(main, code) : roomPage(main, code);
  } else if (hash.startsWith('rules')) {
    rulesPage(main, hash.split('/')[1] || 'duel');
  } else {
    startPage(main);
  }
}

let lastPath = location.pathname;
window.addEventListener('hashchange', () => {
  // Within a room, only the replay switch changes the page.
  const roomHash = /^#?(replay)?$/;
  if (location.pathname === lastPath && location.pathname.startsWith('/r/') && !roomHash.test(location.hash)) return;
  lastPath = location.pathname;
  route();
});
route();
