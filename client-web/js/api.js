// The REST API: rooms and seats.

import { errorInWords, paths } from './protocol.js';

/** @typedef {import('./types.js').RoomInfo} RoomInfo */

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

/**
 * @param {{mode: 'duel' | 'teams', board: 'compact' | 'extended', turn_timer: number | null, commitment: 'server' | 'trustless'}} options
 * @returns {Promise<{code: string, link: string}>}
 */
export const createRoom = ({ mode, board, turn_timer, commitment }) =>
  call('POST', paths.rooms, { rule_set: 'mehen-san-martin', options: { mode, board }, turn_timer, commitment });

/** @param {string} code @returns {Promise<RoomInfo>} */
export const getRoom = (code) => call('GET', paths.room(code));

/**
 * @param {string} code @param {string} name @param {number | null} seat
 * @returns {Promise<{seat: number, token: string}>}
 */
export const takeSeat = (code, name, seat) => call('POST', paths.seats(code), { name, seat });

/** @param {string} code @param {string} token @returns {Promise<RoomInfo>} */
export const rematch = (code, token) => call('POST', paths.rematch(code), { token });
