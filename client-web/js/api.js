// The REST API: rule sets, rooms, seats and replays.

import { errorInWords, paths } from './protocol.js';

/** @typedef {import('./types.js').RoomInfo} RoomInfo */
/** @typedef {import('./types.js').RuleSetInfo} RuleSetInfo */
/** @typedef {import('./types.js').Replay} Replay */
/** @typedef {import('./types.js').ArchivePage} ArchivePage */
/** @typedef {import('./types.js').Mine} Mine */

export class ApiError extends Error {
  /** @param {string} code @param {string} message @param {number} status */
  constructor(code, message, status) {
    super(errorInWords(code, message));
    this.code = code;
    this.status = status;
  }
}

/**
 * @param {string} method @param {string} path @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  /** @type {any} */
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(data?.code || 'http_' + res.status, data?.message || text || res.statusText, res.status);
  }
  return data;
}

/** @type {Promise<RuleSetInfo[]> | null} */
let offered = null;

/** The rule sets this server offers (asked once per page load). @returns {Promise<RuleSetInfo[]>} */
export function ruleSets() {
  offered ??= call('GET', paths.ruleSets).then((/** @type {{rule_sets: RuleSetInfo[]}} */ r) => r.rule_sets);
  return offered;
}

/** A rule set's title, or its name when the server does not say. @param {string} name */
export const ruleSetTitle = (name) =>
  ruleSets()
    .then((all) => all.find((r) => r.name === name)?.title ?? name)
    .catch(() => name);

/**
 * @param {{rule_set: string, options: Record<string, unknown>, turn_timer: number | null, commitment: 'server' | 'trustless'}} settings
 * @returns {Promise<{code: string, link: string}>}
 */
export const createRoom = (settings) => call('POST', paths.rooms, settings);

/** @param {string} code @returns {Promise<RoomInfo>} */
export const getRoom = (code) => call('GET', paths.room(code));

/**
 * @param {string} code @param {string} name @param {number | null} seat
 * @returns {Promise<{seat: number, token: string}>}
 */
export const takeSeat = (code, name, seat) => call('POST', paths.seats(code), { name, seat });

/**
 * Gives a free seat to a computer player.
 * @param {string} code @param {'easy' | 'strong'} computer @param {number} seat
 * @returns {Promise<{seat: number, computer: 'easy' | 'strong'}>}
 */
export const addComputer = (code, computer, seat) => call('POST', paths.seats(code), { computer, seat });

/** @param {string} code @param {string} token @returns {Promise<RoomInfo>} */
export const rematch = (code, token) => call('POST', paths.rematch(code), { token });

/**
 * The game of each seat held, at a glance, in the order asked (at most `MINE_MAX` at once).
 * @param {Array<{room: string, token: string}>} tokens @returns {Promise<Mine>}
 */
export const mine = (tokens) => call('POST', paths.mine, { tokens });

/** A finished game replayed step by step. @param {string} gameId @returns {Promise<Replay>} */
export const getReplay = (gameId) => call('GET', paths.replay(gameId));

/**
 * A page of finished games, newest first.
 * @param {{rule_set?: string, player?: string, page?: number, per_page?: number}} filter
 * @returns {Promise<ArchivePage>}
 */
export function listGames(filter) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') query.set(key, String(value));
  return call('GET', paths.games(query));
}

/** The most seat tokens one ask for finished games carries (the server's `MINE_MAX`). */
export const MY_GAMES_MAX = 100;

/**
 * A page of the finished games the seats with these tokens sat in, newest first.
 * @param {string[]} tokens @param {{rule_set?: string, page?: number, per_page?: number}} filter
 * @returns {Promise<ArchivePage>}
 */
export function listMyGames(tokens, { rule_set, page, per_page }) {
  return call('POST', paths.myGames, { tokens: tokens.slice(-MY_GAMES_MAX), rule_set: rule_set || undefined, page, per_page });
}
