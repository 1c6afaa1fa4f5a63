// The start page: create a room (mode, board, timer, commitment mode) or join one by code.

import { createRoom } from '../api.js';
import { h, toast } from '../dom.js';
import { ROOM_CODE, paths } from '../protocol.js';
import { Board } from '../board.js';
import { initialView } from '../history.js';

/**
 * @param {string} name @param {string} legend
 * @param {Array<{value: string, label: string, hint: string}>} choices
 */
function radios(name, legend, choices) {
  return h(
    'fieldset',
    { class: 'choices' },
    h('legend', {}, legend),
    choices.map((c, i) =>
      h(
        'label',
        { class: 'choice' },
        h('input', { type: 'radio', name, value: c.value, checked: i === 0 }),
        h('span', { class: 'choice-body' }, h('strong', {}, c.label), h('small', {}, c.hint)),
      ),
    ),
  );
}

/** @param {HTMLElement} main */
export function startPage(main) {
  document.title = 'Hesy · Mehen';
  const create = h(
    'form',
    { class: 'card create', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title' }, 'Create a room'),
    radios('mode', 'Game', [
      { value: 'duel', label: 'Duel', hint: 'Two players: Carnelian against Lapis' },
      { value: 'teams', label: 'Six players', hint: 'Lions against Lionesses, three a side' },
    ]),
    radios('board', 'Serpent', [
      { value: 'compact', label: 'Compact', hint: '49 spaces, a quick game' },
      { value: 'extended', label: 'Extended', hint: '127 spaces, like the Chicago board' },
    ]),
    h(
      'label',
      { class: 'field' },
      h('span', {}, 'Time for each step'),
      h(
        'select',
        { name: 'timer' },
        h('option', { value: '' }, 'No timer'),
        h('option', { value: '30' }, '30 seconds'),
        h('option', { value: '60', selected: true }, '1 minute'),
        h('option', { value: '120' }, '2 minutes'),
        h('option', { value: '300' }, '5 minutes'),
      ),
    ),
    radios('commitment', 'Who keeps the concealed number', [
      { value: 'server', label: 'The server', hint: 'It commits to your number and reveals it for you' },
      { value: 'trustless', label: 'Your browser', hint: 'Trustless: the server learns your number only at the reveal' },
    ]),
    h('button', { type: 'submit', class: 'primary' }, 'Create room'),
  );
  create.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(create);
    const button = /** @type {HTMLButtonElement} */ (create.querySelector('button[type=submit]'));
    button.disabled = true;
    try {
      const timer = String(data.get('timer') || '');
      const room = await createRoom({
        mode: /** @type {'duel' | 'teams'} */ (String(data.get('mode'))),
        board: /** @type {'compact' | 'extended'} */ (String(data.get('board'))),
        turn_timer: timer ? Number(timer) : null,
        commitment: /** @type {'server' | 'trustless'} */ (String(data.get('commitment'))),
      });
      location.assign(paths.roomPage(room.code));
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'error');
      button.disabled = false;
    }
  });

  const codeInput = h('input', {
    name: 'code',
    id: 'join-code',
    autocomplete: 'off',
    autocapitalize: 'none',
    spellcheck: 'false',
    inputmode: 'text',
    placeholder: 'k7hq2mxa9c',
    required: true,
  });
  const join = h(
    'form',
    { class: 'card join', 'aria-labelledby': 'join-title' },
    h('h2', { id: 'join-title' }, 'Join a room'),
    h('label', { class: 'field', for: 'join-code' }, h('span', {}, 'Room code or link')),
    codeInput,
    h('button', { type: 'submit' }, 'Join'),
  );
  join.addEventListener('submit', (e) => {
    e.preventDefault();
    const raw = codeInput.value.trim();
    const code = (raw.match(/\/r\/([^/#?\s]+)/)?.[1] || raw).toLowerCase();
    if (!ROOM_CODE.test(code)) {
      toast('A room code is 10 letters and digits, like k7hq2mxa9c.', 'error');
      codeInput.focus();
      return;
    }
    location.assign(paths.roomPage(code));
  });

  main.append(
    h(
      'section',
      { class: 'hero' },
      h('h1', {}, 'Mehen, the coiled serpent'),
      h(
        'p',
        {},
        'Hide marbles in your hand, let the other side guess how many, and race two marbles to the serpent’s head. ',
        'Edgar San Martin Jr.’s modern game, played with friends in the browser. ',
        h('a', { href: '/#rules' }, 'Read the rules'),
        '.',
      ),
    ),
    h('div', { class: 'start-grid' }, create, h('div', { class: 'start-side' }, join, preview())),
  );
}

/** A small serpent with a few marbles on it, as decoration. */
function preview() {
  const host = h('div', { class: 'board-host preview', 'aria-hidden': 'true' });
  const view = initialView('duel', 'compact');
  view.marbles = {
    '0': { owner: 0, space: 9, finished: false },
    '1': { owner: 1, space: 17, finished: false },
    '2': { owner: 0, space: 31, finished: false },
    '3': { owner: 1, space: 48, finished: true },
  };
  new Board(host).update(view, { options: [{ action: { type: 'advance', marble: 0 }, lands_on: 13 }] });
  return h('figure', { class: 'card preview-card' }, host, h('figcaption', { class: 'small' }, 'Carnelian (red) and Lapis (blue) race from the tail to the head. The dashed ring is where a marble would land.'));
}
