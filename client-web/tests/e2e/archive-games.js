// Finished games for the archive's browser tests, made quickly: a page of the server's own
// client plays every seat of a room over WebSockets (one RoomSocket a seat, as the room page
// joins), each seat a random legal move, until the game is over.

/**
 * Plays a game of `ruleSet` with `options` to its end, one seat per name; the first seat
 * says `chat.table` to the table and `chat.team` to its team once. Returns the game's id.
 * @param {import('playwright-core').Page} page a page of the client (for its origin and modules)
 * @param {{ruleSet: string, options: Record<string, unknown>, names: string[], chat?: {table: string, team: string}}} game
 * @returns {Promise<string>}
 */
export async function playOut(page, game) {
  return (await playOutRoom(page, game)).gameId;
}

/**
 * The same, returning the room's code and its seats' tokens as well as the game's id.
 * @param {import('playwright-core').Page} page
 * @param {{ruleSet: string, options: Record<string, unknown>, names: string[], chat?: {table: string, team: string}}} game
 * @returns {Promise<{code: string, seats: Array<{seat: number, token: string}>, gameId: string}>}
 */
export function playOutRoom(page, game) {
  return page.evaluate(async ({ ruleSet, options, names, chat }) => {
    const { RoomSocket } = await import('/js/socket.js');
    const { msg } = await import('/js/protocol.js');
    const { createRoom, takeSeat } = await import('/js/api.js');
    const room = await createRoom({ rule_set: ruleSet, options, turn_timer: null, commitment: 'server' });
    const seats = [];
    for (const [i, name] of names.entries()) seats.push(await takeSeat(room.code, name, i));
    // A connection may send 20 messages a second: each seat keeps under that.
    const GAP_MS = 60;
    /** @param {any[]} list */
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    /** What `seat` sends on `state` at `version`, if the game waits on it. */
    const decide = (/** @type {any} */ state, /** @type {number} */ seat, /** @type {number} */ version) => {
      const a = state.awaiting;
      if (a.kind === 'conceal' && a.seat === seat) return msg.conceal(version, a.min + Math.floor(Math.random() * (a.max - a.min + 1)));
      if (a.kind === 'throw' && a.seat === seat && state.throws?.pending) return msg.throw(state.throws.pending.index, undefined);
      if ((a.kind === 'action' || a.kind === 'guess') && a.seats[0] === seat && state.legal.length) return msg.move(version, pick(state.legal));
      return null;
    };
    return new Promise((resolve, reject) => {
      const sockets = [];
      const timer = setTimeout(() => {
        sockets.forEach((s) => s.close());
        reject(new Error(`the game of ${ruleSet} did not end in time`));
      }, 170_000);
      let over = 0;
      for (const { seat, token } of seats) {
        let movedOn = -1;
        let sentAt = 0;
        let chatted = !chat || seat !== 0;
        const act = () => {
          const state = socket.state;
          if (!state || state.status !== 'playing' || movedOn === socket.version) return;
          if (!chatted) {
            chatted = true;
            socket.send(msg.chat('table', chat.table));
            socket.send(msg.chat('team', chat.team));
          }
          const message = decide(state, seat, socket.version);
          if (!message) return;
          movedOn = socket.version;
          const wait = Math.max(0, sentAt + GAP_MS - Date.now());
          sentAt = Date.now() + wait;
          setTimeout(() => socket.send(message), wait);
        };
        const socket = new RoomSocket(room.code, token, {
          onStatus: () => {},
          // A refused move (the state moved on meanwhile): decide again.
          onMessage: (m) => {
            if (m.type !== 'error') return;
            movedOn = -1;
            act();
          },
          onState: (state) => {
            if (state.status === 'over') {
              socket.close();
              if (++over === seats.length) {
                clearTimeout(timer);
                resolve({ code: room.code, seats, gameId: state.game_id });
              }
              return;
            }
            act();
          },
        });
        sockets.push(socket);
      }
    });
  }, game);
}
