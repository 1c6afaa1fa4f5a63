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
