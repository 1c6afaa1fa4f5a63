// What this browser remembers: the seat token of each room (so a reload resumes the seat
// without asking) and the last display name used.

/** @param {string} code */
const seatKey = (code) => `hesy:seat:${code}`;

export const store = {
  /** @param {string} code @returns {{seat: number, token: string} | null} */
  seat(code) {
    try {
      const raw = localStorage.getItem(seatKey(code));
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  },
  /** @param {string} code @param {{seat: number, token: string}} s */
  saveSeat(code, s) {
    localStorage.setItem(seatKey(code), JSON.stringify(s));
  },
  /**
   * Every seat this browser holds: the room and its token, rooms in code order (none where
   * the browser keeps no storage).
   * @returns {Array<{room: string, token: string}>}
   */
  seats() {
    /** @type {Array<{room: string, token: string}>} */
    const held = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (!key.startsWith(seatKey(''))) continue;
        const room = key.slice(seatKey('').length);
        const token = this.seat(room)?.token;
        if (typeof token === 'string') held.push({ room, token });
      }
    } catch {
      return [];
    }
    return held.sort((a, b) => a.room.localeCompare(b.room));
  },
  /** @param {string} code */
  forgetSeat(code) {
    localStorage.removeItem(seatKey(code));
  },
  name() {
    return localStorage.getItem('hesy:name') || '';
  },
  /** @param {string} name */
  saveName(name) {
    localStorage.setItem('hesy:name', name);
  },
};
