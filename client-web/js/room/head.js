// The room's heading: its code, the rule set and game number, the connection, and the invite
// (link, copy button, QR code) behind a button.

import { h } from '../dom.js';
import { shareBox } from '../share.js';

/** @typedef {import('../types.js').RoomView} RoomView */

export class RoomHead {
  /** @param {string} code @param {string} link @param {(() => void) | null} guide opens how to play, when the game has a guide */
  constructor(code, link, guide) {
    this.code = code;
    this.link = link;
    this.guide = guide;
    this.el = h('div', { class: 'room-head' });
    this.share = h('div', { class: 'share-host', id: 'share-panel', hidden: true });
    this.title = '';
    /** @type {'connecting' | 'open' | 'closed'} */
    this.connection = 'connecting';
    /** @type {RoomView | null} */
    this.state = null;
  }

  /** @param {{title?: string, connection?: 'connecting' | 'open' | 'closed', state?: RoomView}} what */
  render(what = {}) {
    if (what.title !== undefined) this.title = what.title;
    if (what.connection !== undefined) this.connection = what.connection;
    if (what.state !== undefined) this.state = what.state;
    const status = this.connection === 'open' ? 'Connected' : this.connection === 'connecting' ? 'Connecting…' : 'Offline, reconnecting…';
    const open = !this.share.hidden;
    const meta = [this.title, this.state && this.state.game_number > 1 ? `game ${this.state.game_number}` : ''].filter(Boolean).join(' · ');
    this.el.replaceChildren(
      h('div', { class: 'room-title' }, h('h1', {}, h('span', { class: 'room-word' }, 'Room '), h('code', {}, this.code)), meta ? h('span', { class: 'meta' }, meta) : null),
      h(
        'div',
        { class: 'room-tools' },
        h('span', { class: `conn conn-${this.connection}`, role: 'status' }, status),
        this.guide ? h('button', { type: 'button', class: 'how-to', onclick: this.guide }, 'How to play') : null,
        h(
          'button',
          {
            type: 'button',
            'aria-expanded': open ? 'true' : 'false',
            'aria-controls': 'share-panel',
            onclick: () => {
              this.share.hidden = !this.share.hidden;
              if (!this.share.hidden && !this.share.firstChild) this.share.append(shareBox(this.link, { compact: true }));
              this.render();
            },
          },
          open ? 'Hide invite' : 'Invite',
        ),
      ),
    );
  }
}
