// Every detail of the server's protocol (protocol/PROTOCOL.md on the server) that the client
// depends on lives here: paths, message shapes, and error codes in words. When the protocol
// changes, this is the one file to edit.

/** @typedef {import('./types.js').RoomView} RoomView */
/** @typedef {import('./types.js').LogEntry} LogEntry */
/** @typedef {import('./patch.js').PatchOp} PatchOp */

export const paths = {
  ruleSets: '/api/rule-sets',
  rooms: '/api/rooms',
  /** The games of the seats this browser holds (their tokens go in the body). */
  mine: '/api/rooms/mine',
  /** @param {string} code */
  room: (code) => `/api/rooms/${encodeURIComponent(code)}`,
  /** @param {string} code */
  seats: (code) => `/api/rooms/${encodeURIComponent(code)}/seats`,
  /** @param {string} code */
  rematch: (code) => `/api/rooms/${encodeURIComponent(code)}/rematch`,
  /** A finished game, replayed step by step. @param {string} gameId */
  replay: (gameId) => `/api/games/${encodeURIComponent(gameId)}/replay`,
  /** The archive: finished games, newest first. @param {URLSearchParams} query */
  games: (query) => `/api/games?${query}`,
  /** The finished games of the seats this browser holds (their tokens go in the body). */
  myGames: '/api/games/mine',
  /** A finished game's audit bundle, for `hesy verify`. @param {string} gameId */
  bundle: (gameId) => `/api/games/${encodeURIComponent(gameId)}/bundle`,
  /** The room's page, the link friends open. @param {string} code */
  roomPage: (code) => `/r/${encodeURIComponent(code)}`,
  socket: '/ws',
};

/** The WebSocket address on the host that served this page. */
export function socketUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${paths.socket}`;
}

/** A room code as the server writes them: 10 of `abcdefghijkmnpqrstuvwxyz23456789`. */
export const ROOM_CODE = /^[a-km-np-z2-9]{10}$/;

/** A seat token as the server writes them: 64 hex digits. */
export const SEAT_TOKEN = /^[0-9a-f]{64}$/;

/** The most seats one `POST /api/rooms/mine` may ask about. */
export const MINE_MAX = 50;

/** @typedef {{channel: 'team' | 'table', seat: number, name: string, text: string}} ChatLine */
/** @typedef {{seat: number, number: number}} Proposal */

/**
 * `chat` and `proposals` are what this viewer may read of the room's recent chat and of the
 * open guess's proposals; `now_ms` is the server's clock, for the countdown. A patch's `log`
 * holds the entries the game log gained with it (absent when none).
 * @typedef {{type: 'snapshot', version: number, state: RoomView, log: LogEntry[], chat: ChatLine[], proposals: Proposal[], now_ms: number}
 *   | {type: 'patch', version: number, ops: PatchOp[], log?: LogEntry[], now_ms: number}
 *   | ({type: 'chat'} & ChatLine)
 *   | ({type: 'proposal'} & Proposal)
 *   | {type: 'presence', seat: number, connected: boolean}
 *   | {type: 'error', code: string, message: string}
 *   | {type: 'pong', id: number}} ServerMessage
 */

/** Client messages. Moves carry the version of the state they were made on. */
export const msg = {
  /** @param {string} room @param {string} token */
  join: (room, token) => ({ type: 'join', room, token }),
  /** @param {string} room */
  spectate: (room) => ({ type: 'spectate', room }),
  /** @param {number} version @param {number} number */
  conceal: (version, number) => ({ type: 'conceal', version, number }),
  /** @param {number} version @param {string} commitment */
  commit: (version, commitment) => ({ type: 'commit', version, commitment }),
  /** @param {number} version @param {number} number @param {string} nonce */
  reveal: (version, number, nonce) => ({ type: 'reveal', version, number, nonce }),
  /** One of the rule set's actions (one of `state.legal`), as a move. @param {number} version @param {object} action */
  move: (version, action) => ({ type: 'move', version, action }),
  /** A hash chain's anchor for this game (docs/fair-throws.md). @param {string} anchor @param {number} length */
  chain: (anchor, length) => ({ type: 'chain', anchor, length }),
  /**
   * The thrower throws throw `index`, or another seat adds its link to it.
   * @param {number} index @param {{depth: number, value: string} | undefined} link
   */
  throw: (index, link) => (link ? { type: 'throw', index, link } : { type: 'throw', index }),
  /** @param {number} number */
  propose: (number) => ({ type: 'propose', number }),
  /** @param {'team' | 'table'} channel @param {string} text */
  chat: (channel, text) => ({ type: 'chat', channel, text }),
  /** @param {number} id */
  ping: (id) => ({ type: 'ping', id }),
};

/** Refusals a person can act on, in words; the server's message is the fallback. */
const ERROR_WORDS = /** @type {Record<string, string>} */ ({
  stale_version: 'The board changed just before your move. Look again and retry.',
  not_your_turn: 'It is not your turn.',
  wrong_phase: 'That is not possible right now.',
  out_of_range: 'That number is out of range.',
  commitment_mismatch: 'The reveal did not open the commitment.',
  rate_limited: 'Slow down a little: too many messages.',
  bad_token: 'This browser no longer holds that seat.',
  no_such_room: 'There is no such room (it may have been closed).',
  not_playing: 'The game is not running.',
  seat_taken: 'That seat was just taken. Pick another.',
  too_many_rooms: 'The server is full. Try again later.',
  not_over: 'The game is not over yet.',
  unsaved: 'The server cannot save right now. Try again in a moment.',
  no_archive: 'This server keeps no games: it runs in memory only, so a game is gone once it ends.',
});

/** @param {string} code @param {string} message */
export function errorInWords(code, message) {
  return ERROR_WORDS[code] || message || code;
}
