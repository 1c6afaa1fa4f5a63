// One WebSocket to the room: joins (or spectates), keeps the state current by applying
// snapshots and JSON Patches, and reconnects by itself when the connection drops.

import { ServerClock } from './clock.js';
import { applyPatch } from './patch.js';
import { msg, socketUrl } from './protocol.js';

/** @typedef {import('./types.js').RoomView} RoomView */
/** @typedef {import('./types.js').LogEntry} LogEntry */
/** @typedef {import('./protocol.js').ServerMessage} ServerMessage */

/**
 * @typedef {{
 *   onState: (state: RoomView, log: LogEntry[], why: 'snapshot' | 'patch', news: LogEntry[]) => void,
 *   onMessage: (m: ServerMessage) => void,
 *   onStatus: (status: 'connecting' | 'open' | 'closed') => void,
 * }} Handlers
 */

export class RoomSocket {
  /**
   * @param {string} room
   * @param {string | null} token null to spectate
   * @param {Handlers} handlers
   */
  constructor(room, token, handlers) {
    this.room = room;
    this.token = token;
    this.h = handlers;
    /** @type {RoomView | null} */
    this.state = null;
    /** @type {LogEntry[]} */
    this.log = [];
    this.version = 0;
    this.clock = new ServerClock();
    this.retry = 0;
    this.closed = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.connect();
    window.addEventListener('online', () => this.ws?.readyState !== WebSocket.OPEN && this.connect());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && this.ws?.readyState === WebSocket.CLOSED) this.connect();
    });
  }

  connect() {
    if (this.closed) return;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    this.h.onStatus('connecting');
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify(this.token ? msg.join(this.room, this.token) : msg.spectate(this.room)));
      this.h.onStatus('open');
    };
    ws.onmessage = (e) => {
      /** @type {ServerMessage} */
      let m;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      this.receive(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.h.onStatus('closed');
      if (this.closed) return;
      const delay = Math.min(8000, 400 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  /** @param {ServerMessage} m */
  receive(m) {
    switch (m.type) {
      case 'snapshot':
        this.clock.observe(m.now_ms);
        // The page takes the chat and proposals first, so the state's render shows them.
        this.h.onMessage(m);
        this.state = m.state;
        this.log = m.log;
        this.version = m.version;
        this.h.onState(this.state, this.log, 'snapshot', []);
        break;
      case 'patch':
        if (!this.state) return;
        try {
          this.state = applyPatch(this.state, m.ops);
        } catch {
          // Out of step: a fresh connection brings a fresh snapshot.
          this.ws?.close();
          return;
        }
        // The moves the patch shows, as the game log tells them.
        if (m.log) this.log = [...this.log, ...m.log];
        this.version = Math.max(this.version, m.version);
        this.clock.observe(m.now_ms);
        this.h.onState(this.state, this.log, 'patch', m.log ?? []);
        break;
      default:
        this.h.onMessage(m);
    }
  }

  /** @param {object} message */
  send(message) {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
