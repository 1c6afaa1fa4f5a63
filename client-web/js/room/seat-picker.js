// The seat picker: a display name and a free seat, or watching.

import { ruleSetTitle, takeSeat } from '../api.js';
import { spanInWords } from '../clock.js';
import { seatColor } from '../colors.js';
import { h, toast } from '../dom.js';
import { shareBox } from '../share.js';
import { store } from '../store.js';

/** @typedef {import('../types.js').RoomInfo} RoomInfo */

/** The room's set-up in a line: rule set, options, seats, timer, commitments. @param {RoomInfo} info @param {string} title */
function setUpLine(info, title) {
  const options = Object.values(info.options).map(String).join(', ');
  return [
    title,
    options,
    `${info.seats.length} players`,
    info.turn_timer ? `${spanInWords(info.turn_timer, true)} a step` : 'no timer',
    info.commitment === 'trustless' ? 'trustless commitments' : 'server-held commitments',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * @param {HTMLElement} main
 * @param {RoomInfo} info
 * @param {string} link the room's address
 * @param {(token: string | null) => void} play called with the new seat's token, or null to watch
 * @param {() => void} again shows the picker afresh (after a refusal)
 */
export function seatPicker(main, info, link, play, again) {
  const code = info.code;
  const free = info.seats.filter((s) => !s.name);
  const nameInput = h('input', { id: 'display-name', name: 'name', maxlength: 24, required: true, autocomplete: 'nickname', value: store.name() });
  /** @param {number} seat */
  const sit = async (seat) => {
    const name = nameInput.value.trim();
    if (!name) {
      toast('Choose a display name first.', 'error');
      nameInput.focus();
      return;
    }
    try {
      store.saveName(name);
      const taken = await takeSeat(code, name, seat);
      store.saveSeat(code, taken);
      play(taken.token);
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'error');
      again();
    }
  };
  const meta = h('p', { class: 'meta' }, setUpLine(info, info.rule_set));
  ruleSetTitle(info.rule_set).then((title) => (meta.textContent = setUpLine(info, title)));
  main.replaceChildren(
    h(
      'section',
      { class: 'card picker', 'aria-labelledby': 'picker-title' },
      h('h1', { id: 'picker-title' }, 'Join the game'),
      meta,
      h('label', { class: 'field', for: 'display-name' }, h('span', {}, 'Your name at the table')),
      nameInput,
      h(
        'ul',
        { class: 'seat-list', 'aria-label': 'Seats' },
        info.seats.map((s) =>
          h(
            'li',
            { class: 'seat-choice', style: `--side:${seatColor(info.seats, s.seat)}` },
            s.name
              ? h('span', { class: 'taken' }, h('strong', {}, s.side), ` · ${s.name}`)
              : h(
                  'button',
                  { type: 'button', onclick: () => sit(s.seat), 'aria-label': `Sit as ${s.side}, seat ${s.seat + 1}` },
                  h('span', { class: 'chip', 'aria-hidden': 'true' }),
                  h('strong', {}, s.side),
                  ` · seat ${s.seat + 1}`,
                ),
          ),
        ),
      ),
      free.length === 0 ? h('p', {}, 'Every seat is taken.') : null,
      h('button', { type: 'button', class: 'link-button', onclick: () => play(null) }, 'Just watch'),
    ),
    shareBox(link),
  );
  nameInput.focus();
}
