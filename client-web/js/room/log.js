// The game log, for any rule set: the server's notes, each event in the rule set's words,
// moves the timer made, and the browser's own check of every reveal and throw.

import { h } from '../dom.js';
import { sentences } from './context.js';
import { resultTone } from './game-over.js';
import { Checks } from './verification.js';

/** @typedef {import('../types.js').RoomView} RoomView */
/** @typedef {import('../types.js').LogEntry} LogEntry */
/** @typedef {import('../types.js').GameModule} GameModule */
/** @typedef {import('../types.js').GameContext} GameContext */

/**
 * The log's lines, oldest first.
 * @param {RoomView} state @param {LogEntry[]} log @param {GameModule | undefined} game
 * @param {GameContext} ctx @param {Checks} checks
 */
export function logLines(state, log, game, ctx, checks) {
  /** @type {HTMLElement[]} */
  const items = [];
  log.forEach((entry, index) => {
    if (entry.note) items.push(h('li', { class: 'ev ev-note' }, entry.note));
    const first = items.length;
    for (const ev of entry.events) {
      const text = game ? game.eventText(ev, state, ctx) : null;
      if (!text) continue;
      const badge = ev.type === 'revealed' ? Checks.badge(checks.reveals, index, 'SHA-256 of the reveal matches the commitment') : null;
      const tone = ev.type === 'game_over' ? ` outcome-${resultTone(state, log) ?? 'told'}` : '';
      items.push(h('li', { class: `ev ev-${ev.type}${tone}` }, sentences(text), entry.auto ? h('span', { class: 'small' }, ' (timer)') : null, badge));
    }
    if (entry.throw) {
      // The throw's own mark goes on its first line; a rule set that words none gets one.
      if (items.length === first) items.push(h('li', { class: 'ev ev-throw' }, sentences(`${ctx.name(entry.seat)} threw.`)));
      items[first].append(Checks.badge(checks.throws, index, 'the faces follow from the server’s value and the players’ links'));
    }
  });
  return items.length ? items : [h('li', { class: 'small' }, 'Nothing has happened yet.')];
}

/** Fills `list` with the log, keeping it scrolled to the end if it was. @param {HTMLElement} list @param {HTMLElement[]} items */
export function showLog(list, items) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...items);
  if (atBottom) list.scrollTop = list.scrollHeight;
}
