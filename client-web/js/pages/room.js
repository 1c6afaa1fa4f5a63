// A room: take a seat (or watch), then play. The page keeps the seat token in this browser,
// so a reload or a dropped connection resumes the seat without asking. Opened at `#replay`
// without a seat, it watches, to show the replay.

import { ApiError, getRoom } from '../api.js';
import { h } from '../dom.js';
import { paths } from '../protocol.js';
import { liveRoom } from '../room/live.js';
import { seatPicker } from '../room/seat-picker.js';
import { store } from '../store.js';

/** @typedef {import('../types.js').RoomInfo} RoomInfo */

/**
 * @param {HTMLElement} main
 * @param {string} code
 * @returns {() => void} leaves the page
 */
export function roomPage(main, code) {
  document.title = `Hesy · room ${code}`;
  const link = `${location.origin}${paths.roomPage(code)}`;
  let leave = () => {};
  let left = false;

  const pick = () =>
    getRoom(code)
      .then((info) => !left && seatPicker(main, info, link, (token) => play(info, token), pick))
      .catch(() => {});

  /** @param {RoomInfo} info @param {string | null} token */
  const play = (info, token) => {
    leave();
    leave = liveRoom(main, info, token, pick);
  };

  main.append(h('p', { class: 'card loading' }, 'Opening the room…'));
  getRoom(code)
    .then((info) => {
      if (left) return;
      const seat = store.seat(code);
      if (seat || location.hash === '#replay') play(info, seat?.token ?? null);
      else seatPicker(main, info, link, (token) => play(info, token), pick);
    })
    .catch((err) => {
      main.replaceChildren(
        h(
          'section',
          { class: 'card' },
          h('h1', {}, 'Room not found'),
          h('p', {}, err instanceof ApiError ? err.message : 'The server could not be reached.'),
          h('p', {}, h('a', { href: '/' }, 'Create a new room')),
        ),
      );
    });

  return () => {
    left = true;
    leave();
  };
}
