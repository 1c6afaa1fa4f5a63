// The server's clock as seen from this device. Deadlines are the server's times, and a
// device clock can be off by seconds, so the countdown reads the server's clock: the
// device's own plus the offset the server's frames last showed.

export class ServerClock {
  constructor() {
    /** Server time minus device time, in milliseconds. */
    this.offset = 0;
  }

  /**
   * A frame said the server's time was `serverMs` when it left; it arrives at `localMs`.
   * The travel time makes the offset a little small, so the countdown runs a little late,
   * never early.
   * @param {number} serverMs @param {number} [localMs]
   */
  observe(serverMs, localMs = Date.now()) {
    this.offset = serverMs - localMs;
  }

  /** The server's time now. @param {number} [localMs] */
  now(localMs = Date.now()) {
    return localMs + this.offset;
  }
}

/** Whole seconds from `nowMs` to `deadlineMs`, never below zero. @param {number} deadlineMs @param {number} nowMs */
export function secondsLeft(deadlineMs, nowMs) {
  return Math.max(0, Math.round((deadlineMs - nowMs) / 1000));
}
