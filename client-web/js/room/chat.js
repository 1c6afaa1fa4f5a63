// The room's chat: the table, and in a team game the team's own channel (which opens by
// itself when the team is to guess), with unread counts.

import { h, toast } from '../dom.js';
import { msg } from '../protocol.js';
import { myTeam } from './context.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../protocol.js').ChatLine} ChatLine */
/** @typedef {'table' | 'team'} Channel */

export class ChatPanel {
  /** @param {HTMLElement} el @param {(message: object) => void} send */
  constructor(el, send) {
    this.el = el;
    this.send = send;
    /** @type {ChatLine[]} */
    this.lines = [];
    /** @type {Channel} */
    this.tab = 'table';
    this.unread = { table: 0, team: 0 };
    /** @type {RoomView | null} */
    this.state = null;
    this.list = h('ol', { class: 'chat-list', 'aria-live': 'polite' });
    this.input = h('textarea', { id: 'chat-input', rows: 1, maxlength: 280, placeholder: 'Say something…' });
    this.tabs = h('div', { class: 'chat-tabs', role: 'tablist' });
    this.built = false;
  }

  /** A snapshot's history replaces what the panel held. @param {ChatLine[]} lines */
  restore(lines) {
    this.lines = [...lines];
  }

  /**
   * A new line; a teammate's team message in the background shows as a toast too, unless
   * `quiet`.
   * @param {ChatLine} line @param {boolean} [quiet]
   */
  receive(line, quiet = false) {
    this.lines.push(line);
    if (line.channel !== this.tab) this.unread[line.channel]++;
    if (!quiet && line.channel === 'team' && this.tab !== 'team' && line.seat !== this.state?.you) toast(`Team · ${line.name}: ${line.text}`);
    this.render();
  }

  /** Switches to `tab`. @param {Channel} tab */
  show(tab) {
    this.tab = tab;
    this.unread[tab] = 0;
    this.render();
  }

  build() {
    const state = /** @type {RoomView} */ (this.state);
    const form = h('form', { class: 'chat-form' }, h('label', { for: 'chat-input', class: 'sr-only' }, 'Message'), this.input, h('button', { type: 'submit' }, 'Send'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send(msg.chat(this.tab, text));
      this.input.value = '';
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        form.requestSubmit();
      }
    });
    this.el.replaceChildren(h('h2', { id: 'chat-title' }, 'Chat'), this.tabs, this.list, state.you !== null ? form : h('p', { class: 'small' }, 'Spectators read the table chat.'));
    this.built = true;
  }

  /** @param {RoomView | null} [state] */
  render(state) {
    if (state) this.state = state;
    if (!this.state) return;
    if (!this.built) this.build();
    const team = myTeam(this.state);
    const teams = team.length > 1;
    if (!teams) this.tab = 'table';
    /** @type {Channel[]} */
    const wanted = teams ? ['table', 'team'] : [];
    this.tabs.replaceChildren(
      ...wanted.map((t) =>
        h(
          'button',
          { type: 'button', role: 'tab', 'aria-selected': this.tab === t ? 'true' : 'false', class: `tab tab-${t}`, onclick: () => this.show(t) },
          t === 'team' ? `Team (${team[0].side})` : 'Table',
          this.unread[t] ? h('span', { class: 'unread', 'aria-label': `${this.unread[t]} unread` }, String(this.unread[t])) : null,
        ),
      ),
    );
    this.input.placeholder = this.tab === 'team' ? 'Message your team…' : 'Message the table…';
    this.el.classList.toggle('team-tab', this.tab === 'team');
    this.list.replaceChildren(...this.lines.filter((c) => c.channel === this.tab).map((c) => h('li', { class: `chat-${c.channel}` }, h('strong', {}, c.name), ' ', c.text)));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
