// "Your games" on the start page: every room this browser holds a seat token for, asked of the
// server in one request (POST /api/rooms/mine, the tokens in its body) when the page opens,
// every 45 seconds while it is in view, when it comes back into view, and when another tab
// takes or forgets a seat. Games waiting on this player come first and stand out, and the
// page's title counts them; finished games, and rooms the server no longer has, fold away
// under one line, each with a button that forgets its seat in this browser.

import { mine, ruleSets } from '../api.js';
import { ServerClock } from '../clock.js';
import { announce, h } from '../dom.js';
import { MINE_MAX, ROOM_CODE, SEAT_TOKEN, paths } from '../protocol.js';
import { store } from '../store.js';
import { inOrder, players, standing, timeLeft, titleWith, turnInWords, yourTurns } from '../yours.js';

/** @typedef {import('../types.js').MyRoom} MyRoom */

/** How often the list asks the server again while the page is in view. */
const REFRESH_MS = 45_000;

/** How long is left, after the turn's words: " · 2 d 4 h left", or nothing. @param {MyRoom} room @param {number} nowMs */
const afterTurn = (room, nowMs) => {
  const left = timeLeft(room, nowMs);
  return left ? ` · ${left}` : '';
};

/** The seats this browser holds that the server could know, in requests of at most `MINE_MAX`. */
function heldInBatches() {
  const held = store.seats().filter((s) => ROOM_CODE.test(s.room) && SEAT_TOKEN.test(s.token));
  /** @type {Array<typeof held>} */
  const batches = [];
  for (let i = 0; i < held.length; i += MINE_MAX) batches.push(held.slice(i, i + MINE_MAX));
  return batches;
}

/**
 * The section, hidden while this browser holds no seat, and how to stop its refreshing.
 * @param {string} baseTitle the page's title while no game waits on this player
 * @returns {{el: HTMLElement, leave: () => void}}
 */
export function yourGames(baseTitle) {
  const heading = h('h2', { id: 'your-games-title', tabindex: '-1' }, 'Your games');
  const current = h('ul', { class: 'your-games-list' });
  const finishedList = h('ul', { class: 'your-games-list' });
  const finishedCount = h('span', {});
  const finished = h('details', { class: 'your-games-finished' }, h('summary', {}, finishedCount), finishedList);
  const el = h('section', { class: 'card your-games', 'aria-labelledby': 'your-games-title', hidden: true }, heading, current, finished);
  const clock = new ServerClock();
  /** @type {MyRoom[]} */
  let rooms = [];
  /** @type {Record<string, string>} */
  let titles = {};
  /** The countdown of each room shown, by code. @type {Map<string, {room: MyRoom, el: HTMLElement}>} */
  const countdowns = new Map();
  let left = false;

  /** Forgets the seat of `room` in this browser, and its line. @param {string} room @param {string} game */
  const forget = (room, game) => {
    store.forgetSeat(room);
    rooms = rooms.filter((r) => r.room !== room);
    draw();
    announce(`${game} forgotten.`);
    if (!el.hidden) heading.focus();
  };

  /** @param {MyRoom} room */
  const line = (room) => {
    const how = standing(room);
    const game = room.answer === 'seated' ? titles[room.rule_set] ?? room.rule_set : `Room ${room.room}`;
    const time = h('span', { class: 'your-game-left' }, afterTurn(room, clock.now()));
    countdowns.set(room.room, { room, el: time });
    const about = [
      h('strong', { class: 'your-game-title' }, game),
      room.answer === 'seated' && players(room) ? h('span', { class: 'your-game-players' }, players(room)) : null,
      h('span', { class: 'your-game-turn' }, turnInWords(room), time),
    ];
    const done = how === 'over' || how === 'gone';
    return h(
      'li',
      { class: `your-game is-${how}`, 'data-room': room.room },
      // A room the server no longer has leads nowhere.
      how === 'gone' ? h('span', { class: 'your-game-body' }, about) : h('a', { class: 'your-game-body', href: paths.roomPage(room.room) }, about),
      done ? h('button', { type: 'button', class: 'forget', 'aria-label': `Forget ${game}, room ${room.room}`, onclick: () => forget(room.room, game) }, 'Forget') : null,
    );
  };

  const draw = () => {
    countdowns.clear();
    const ordered = inOrder(rooms);
    const over = ordered.filter((r) => ['over', 'gone'].includes(standing(r)));
    current.replaceChildren(...ordered.filter((r) => !over.includes(r)).map(line));
    finishedList.replaceChildren(...over.map(line));
    finishedCount.textContent = `${over.length} finished game${over.length === 1 ? '' : 's'}`;
    finished.hidden = over.length === 0;
    el.hidden = rooms.length === 0;
    document.title = titleWith(yourTurns(rooms), baseTitle);
  };

  const tick = () => {
    for (const { room, el: time } of countdowns.values()) time.textContent = afterTurn(room, clock.now());
  };

  const refresh = async () => {
    const batches = heldInBatches();
    try {
      const [offered, answers] = await Promise.all([ruleSets().catch(() => []), Promise.all(batches.map(mine))]);
      if (left) return;
      titles = Object.fromEntries(offered.map((r) => [r.name, r.title]));
      if (answers.length) clock.observe(answers[0].now_ms);
      rooms = answers.flatMap((a) => a.rooms);
      draw();
    } catch {
      // The server is away or busy: what is shown stays, and the next refresh asks again.
    }
  };

  const whenInView = () => {
    if (!document.hidden) refresh();
  };
  const refreshing = setInterval(whenInView, REFRESH_MS);
  const ticking = setInterval(tick, 1000);
  document.addEventListener('visibilitychange', whenInView);
  window.addEventListener('storage', whenInView);
  refresh();

  return {
    el,
    leave: () => {
      left = true;
      clearInterval(refreshing);
      clearInterval(ticking);
      document.removeEventListener('visibilitychange', whenInView);
      window.removeEventListener('storage', whenInView);
    },
  };
}
