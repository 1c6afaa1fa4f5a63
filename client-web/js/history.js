// A finished game's states, rebuilt from its log: the replay slider steps through them.
// Only what the events say is rebuilt (marbles, lions, freezing, reserves, outcome).

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').LogEntry} LogEntry */
/** @typedef {import('./types.js').GameEvent} GameEvent */

const SIDES = { duel: ['Carnelian', 'Lapis'], teams: ['Lions', 'Lionesses'] };

/**
 * The view at the start of a game.
 * @param {'duel' | 'teams'} mode @param {'compact' | 'extended'} board
 * @returns {View}
 */
export function initialView(mode, board) {
  const spaces = board === 'extended' ? 127 : 49;
  const seats = mode === 'duel' ? 2 : 6;
  return {
    mode,
    board,
    spaces,
    head: spaces - 1,
    turn: 1,
    round: mode === 'teams' ? { number: 1, opportunity: 0 } : null,
    players: Array.from({ length: seats }, (_, seat) => {
      const team = mode === 'duel' ? seat : Math.floor(seat / 3);
      return {
        seat,
        team,
        side: SIDES[mode][team],
        reserve: 6,
        lions: mode === 'duel' ? 3 : 1,
        frozen: false,
        lost: 0,
        finished: 0,
        acted_this_round: false,
      };
    }),
    marbles: {},
    phase: mode === 'duel' ? { phase: 'conceal', actor: 0, max: 6 } : { phase: 'choose', team: 0, eligible: [0, 1, 2] },
    outcome: null,
  };
}

/**
 * The view after `ev`. Returns a new object.
 * @param {View} prev @param {GameEvent} ev
 * @returns {View}
 */
export function applyEvent(prev, ev) {
  /** @type {View} */
  const v = JSON.parse(JSON.stringify(prev));
  /** @param {number} seat */
  const player = (seat) => v.players[seat];
  switch (ev.type) {
    case 'round_started':
      if (v.round) v.round.number = ev.round;
      break;
    case 'actor_chosen':
      v.turn = ev.turn;
      v.phase = { phase: 'conceal', actor: ev.seat, max: player(ev.seat).reserve };
      break;
    case 'concealed':
      v.phase = { phase: 'guess', actor: ev.seat, commitment: ev.commitment, max: player(ev.seat).reserve };
      break;
    case 'guessed':
      if (v.phase.phase === 'guess') v.phase = { phase: 'reveal', actor: v.phase.actor, commitment: v.phase.commitment, guess: ev.number };
      break;
    case 'revealed':
      v.phase = ev.correct ? { phase: 'choose', team: -1, eligible: [] } : { phase: 'act', actor: ev.seat, distance: ev.number, options: [] };
      break;
    case 'withheld':
      v.phase = { phase: 'choose', team: -1, eligible: [] };
      break;
    case 'deployed':
      v.marbles[String(ev.marble)] = { owner: ev.seat, space: Math.min(ev.to, v.head), finished: ev.to >= v.head };
      break;
    case 'advanced': {
      const m = v.marbles[String(ev.marble)];
      if (m) m.space = Math.min(ev.to, v.head);
      break;
    }
    case 'captured':
      delete v.marbles[String(ev.marble)];
      break;
    case 'finished': {
      const m = v.marbles[String(ev.marble)];
      if (m) {
        m.space = v.head;
        m.finished = true;
      }
      player(ev.seat).finished += 1;
      break;
    }
    case 'lion_fell':
    case 'lion_stood':
      player(ev.seat).lions = ev.standing;
      break;
    case 'frozen':
      player(ev.seat).frozen = true;
      player(ev.seat).lions = 0;
      break;
    case 'revived':
      player(ev.seat).frozen = false;
      player(ev.seat).lions = 1;
      break;
    case 'marble_lost':
      player(ev.seat).lost += 1;
      break;
    case 'game_over':
      v.outcome = ev.outcome;
      v.phase = { phase: 'over' };
      break;
    default:
      break;
  }
  if (['deployed', 'advanced', 'lion_stood', 'revived', 'passed'].includes(ev.type) && v.phase.phase === 'act') {
    // The action ends the turn; the next actor_chosen opens the next one.
    v.phase = { phase: 'choose', team: -1, eligible: [] };
  }
  for (const p of v.players) {
    const on = Object.values(v.marbles).filter((m) => m.owner === p.seat).length;
    p.reserve = 6 - on - p.lost;
  }
  return v;
}

/**
 * One view per step: the start, then the state after each log entry.
 * @param {'duel' | 'teams'} mode @param {'compact' | 'extended'} board @param {LogEntry[]} log
 * @returns {View[]}
 */
export function replaySteps(mode, board, log) {
  const steps = [initialView(mode, board)];
  for (const entry of log) {
    steps.push(entry.events.reduce(applyEvent, steps[steps.length - 1]));
  }
  return steps;
}

/**
 * Every reveal in a log with what it takes to check it: the commitment from the `concealed`
 * event; both events carry the turn bound into the commitment.
 * @param {LogEntry[]} log
 * @returns {Array<{index: number, seat: number, turn: number, number: number, nonce: string, commitment: string | null}>}
 */
export function revealsOf(log) {
  /** @type {Record<number, string>} */
  const commitments = {};
  /** @type {Array<{index: number, seat: number, turn: number, number: number, nonce: string, commitment: string | null}>} */
  const out = [];
  log.forEach((entry, index) => {
    for (const ev of entry.events) {
      if (ev.type === 'concealed') commitments[ev.seat] = ev.commitment;
      else if (ev.type === 'revealed') {
        out.push({ index, seat: ev.seat, turn: ev.turn, number: ev.number, nonce: ev.nonce, commitment: commitments[ev.seat] ?? null });
      }
    }
  });
  return out;
}
