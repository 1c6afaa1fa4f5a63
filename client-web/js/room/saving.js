// A move the room holds until its database has stored it (moves are told only once stored)
// shows as "saving…" on the action bar, and after a few seconds more says why: the page has
// not frozen, and nothing is lost.

import { h } from '../dom.js';

/** Quieter than this, a move needs no note. */
const SAVING_AFTER_MS = 700;
/** Longer than this, the note says what is going on. */
const EXPLAIN_AFTER_MS = 4000;

export class SavingNote {
  constructor() {
    this.el = h('p', { class: 'saving', role: 'status', hidden: true });
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
  }

  /** A move or throw has been sent: the note shows if the room is slow to tell it. */
  sent() {
    if (this.timers.length) return;
    this.timers = [
      setTimeout(() => this.show('Saving your move…'), SAVING_AFTER_MS),
      setTimeout(
        () => this.show('Still saving: the server is waiting for its database to store your move. It goes through as soon as the database answers; nothing is lost, and you need not do anything.'),
        EXPLAIN_AFTER_MS,
      ),
    ];
  }

  /** The room answered (a new state or a refusal): the note goes. */
  settled() {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.el.hidden = true;
    this.el.textContent = '';
  }

  /** @param {string} text */
  show(text) {
    this.el.textContent = text;
    this.el.hidden = false;
  }
}
