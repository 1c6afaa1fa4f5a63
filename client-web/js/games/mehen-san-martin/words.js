// San Martin Mehen in words: whose turn and which phase, each log event, the outcome.

import { capital as cap } from '../../words.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Event} Event */
/** @typedef {import('./types.js').Outcome} Outcome */
/** @typedef {import('./types.js').MehenState} MehenState */
/** @typedef {import('../../types.js').RoomView} RoomView */
/** @typedef {import('../../types.js').GameEvent} GameEvent */
/** @typedef {import('../../types.js').GameContext} GameContext */
/** @typedef {Pick<GameContext, 'name' | 'possessive'>} Names */


/** @param {View} view @param {number} team */
export function teamName(view, team) {
  const p = view.players.find((q) => q.team === team);
  return p ? p.side : `team ${team}`;
}

/** A seat's name; in the six-player game with its side. @param {View} view @param {Names} ctx @param {number} seat */
function seatName(view, ctx, seat) {
  const name = ctx.name(seat);
  const p = view.players.find((q) => q.seat === seat);
  return view.mode === 'teams' && p && name !== 'You' ? `${name} (${p.side})` : name;
}

/** @param {View} view @param {number | null} you @param {number} seat */
function sameSide(view, you, seat) {
  if (you === null) return false;
  const a = view.players.find((p) => p.seat === you);
  const b = view.players.find((p) => p.seat === seat);
  return !!a && !!b && a.team === b.team;
}

/** @param {View} view @param {Outcome} o */
export function outcomeText(view, o) {
  if (o.winner === null) return 'A draw.';
  const winner = teamName(view, o.winner);
  const why = {
    two_finished: view.mode === 'teams' ? 'two teammates brought marbles to the head' : 'two marbles reached the head',
    lions_fallen: 'all three opposing lions fell',
    all_frozen: 'all three opponents were frozen at once',
  }[o.reason];
  return `${winner} ${view.mode === 'teams' ? 'win' : 'wins'}: ${why}.`;
}

/**
 * Whose turn and which phase, in one sentence (also announced to screen readers).
 * @param {RoomView} state @param {Names} ctx
 */
export function phaseText(state, ctx) {
  const view = /** @type {View} */ (state.game);
  const ph = view.phase;
  const you = state.you;
  /** @param {number} seat */
  const n = (seat) => seatName(view, ctx, seat);
  switch (ph.phase) {
    case 'choose': {
      const team = teamName(view, ph.team);
      const mine = you !== null && view.players.find((p) => p.seat === you)?.team === ph.team;
      return mine ? `Your team, the ${team}, chooses who acts.` : `The ${team} choose who acts.`;
    }
    case 'conceal':
      return ph.actor === you ? `Your turn: conceal 1 to ${ph.max} marbles in your hand.` : `${n(ph.actor)} is concealing marbles (1 to ${ph.max}).`;
    case 'guess': {
      if (ph.actor === you) return `Your hand is closed. The other side is guessing (1 to ${ph.max}).`;
      if (sameSide(view, you, ph.actor)) return `${n(ph.actor)} has concealed. The other side is guessing.`;
      if (you !== null) return `Guess: how many marbles did ${n(ph.actor)} hide? (1 to ${ph.max})`;
      return `The other side guesses how many marbles ${n(ph.actor)} hid.`;
    }
    case 'reveal':
      return ph.actor === you ? `The guess was ${ph.guess}. Revealing your hand…` : `The guess was ${ph.guess}. Waiting for ${n(ph.actor)} to reveal.`;
    case 'act':
      return ph.actor === you ? `Wrong guess! Move ${ph.distance}: pick a dashed ring or an action.` : `Wrong guess! ${n(ph.actor)} moves ${ph.distance}.`;
    case 'over':
      return view.outcome ? outcomeText(view, view.outcome) : 'The game is over.';
  }
}

/**
 * One event of the log, in words; null for events that need no line.
 * @param {GameEvent} event @param {RoomView} state @param {Names} ctx
 * @returns {string | null}
 */
export function eventText(event, state, ctx) {
  const view = /** @type {View} */ (state.game);
  const ev = /** @type {Event} */ (event);
  /** @param {number} s */
  const n = (s) => seatName(view, ctx, s);
  /** "Ada’s" or "Your", to start a sentence. @param {number} s */
  const whose = (s) => cap(ctx.possessive(s));
  switch (ev.type) {
    case 'round_started':
      return `Round ${ev.round} begins.`;
    case 'opportunity_skipped':
      return `The ${teamName(view, ev.team)} cannot act; their opportunity passes.`;
    case 'actor_chosen':
      return view.mode === 'teams' ? `${n(ev.seat)} will act (turn ${ev.turn}).` : null;
    case 'concealed':
      return `${n(ev.seat)} concealed marbles (commitment ${ev.commitment.slice(0, 8)}…).`;
    case 'guessed':
      return `${n(ev.by)} guessed ${ev.number}.`;
    case 'revealed':
      return `${n(ev.seat)} revealed ${ev.number}: ${ev.correct ? 'guessed right!' : 'wrong guess.'}`;
    case 'withheld':
      return `${n(ev.seat)} did not reveal in time: counted as guessed right.`;
    case 'lion_fell':
      return `${whose(ev.seat)} lion falls (${ev.standing} standing).`;
    case 'frozen':
      return `${n(ev.seat)} ${ev.seat === state.you ? 'are' : 'is'} frozen.`;
    case 'lion_stood':
      return `${n(ev.seat)} stood a lion back up (${ev.standing} standing).`;
    case 'revived':
      return `${n(ev.by)} revived ${ev.seat === state.you ? 'you' : n(ev.seat)}.`;
    case 'deployed':
      return `${n(ev.seat)} deployed a marble to space ${ev.to}.`;
    case 'advanced':
      return `${whose(ev.seat)} marble moved from space ${ev.from} to ${ev.to}.`;
    case 'captured':
      return `Captured! ${whose(ev.owner)} marble on space ${ev.at} goes back to the pile.`;
    case 'finished':
      return `${n(ev.seat)} brought a marble to the head!`;
    case 'marble_lost':
      return `${n(ev.seat)} ${ev.seat === state.you ? 'give' : 'gives'} up a marble from the reserve for good.`;
    case 'passed':
      return `${n(ev.seat)} had no legal move.`;
    case 'game_over':
      return outcomeText(view, ev.outcome);
    default:
      return null;
  }
}
