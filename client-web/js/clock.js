// The server's clock as seen from this device. Deadlines are the server's times, and a
// device clock can be off by seconds, so the countdown reads the server's clock: the
// device's own plus the offset the server's frames last showed. And spans of time in words,
// for a countdown of seconds or of days.

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

/** The units a span of time is told in, largest first: each with its short and long name. */
const UNITS = [
  { seconds: 86_400, short: 'd', long: 'day' },
  { seconds: 3_600, short: 'h', long: 'hour' },
  { seconds: 60, short: 'min', long: 'minute' },
  { seconds: 1, short: 's', long: 'second' },
];

/**
 * A span of whole seconds in its largest unit and the next one down, that one left out when
 * it is zero: "2 d 4 h", "5 h", "4 min 5 s", "42 s" (`long`: "2 days 4 hours", "1 minute").
 * What is below the second unit is dropped, so a countdown never shows more time than is left.
 * @param {number} seconds @param {boolean} [long]
 */
export function spanInWords(seconds, long = false) {
  const left = Math.max(0, Math.floor(seconds));
  const first = UNITS.findIndex((u) => left >= u.seconds);
  const at = first === -1 ? UNITS.length - 1 : first;
  const name = (/** @type {typeof UNITS[number]} */ u, /** @type {number} */ n) => (long ? `${n} ${u.long}${n === 1 ? '' : 's'}` : `${n} ${u.short}`);
  const big = UNITS[at];
  const parts = [name(big, Math.floor(left / big.seconds))];
  const next = UNITS[at + 1];
  const rest = next ? Math.floor((left % big.seconds) / next.seconds) : 0;
  if (next && rest) parts.push(name(next, rest));
  return parts.join(' ');
}
