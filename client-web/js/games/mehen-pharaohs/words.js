// Pharaohs and lions Mehen in words: whose turn and which decision, every event of the log,
// and the lines under each seat. Everything comes from the view and the events; nothing
// here decides what is legal.
import { capital as cap } from '../../words.js';

export { cap };

/** @typedef {import('./types.js').State} State */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./types.js').Place} Place */
/** @typedef {import('./types.js').GameEvent} GameEvent */


/** The team a seat plays for. @param {View} view @param {number} seat */
export function teamOf(view, seat) {
  const team = view.teams.find((t) => t.seats.includes(seat));
  return team ? team.team : 0;
}

/** "Lions" or "Lionesses". @param {View} view @param {number} team */
export function sideOf(view, team) {
  return view.teams.find((t) => t.team === team)?.side ?? `team ${team + 1}`;
}

/** The Lions' beasts are lions, the Lionesses' lionesses. @param {number} team */
export function beast(team, plural = false) {
  if (team === 0) return plural ? 'lions' : 'lion';
  return plural ? 'lionesses' : 'lioness';
}

/** Whether the viewer plays for `team`. @param {State} state @param {number} team */
function ours(state, team) {
  return state.you !== null && teamOf(state.game, state.you) === team;
}

/** A seat inside a sentence: "you" for the viewer. @param {State} state @param {Ctx} ctx @param {number} seat */
function who(state, ctx, seat) {
  return seat === state.you ? 'you' : ctx.name(seat);
}

/**
 * A seat and its verb inside a sentence: "you hide", "Ra hides".
 * @param {State} state @param {Ctx} ctx @param {number} seat @param {string} third @param {string} second
 */
function says(state, ctx, seat, third, second) {
  return `${who(state, ctx, seat)} ${seat === state.you ? second : third}`;
}

/** "your pharaoh", "Ra's pharaoh". @param {Ctx} ctx @param {number} pharaoh */
export function pharaohOf(ctx, pharaoh) {
  return `${ctx.possessive(pharaoh)} pharaoh`;
}

/** Where a pharaoh is, in a few words. @param {Place} place */
export function placeText(place) {
  if (place.place === 'serpent') return `on space ${place.space}`;
  return place.place === 'waiting' ? 'waiting by the tail' : 'delivered into the afterlife';
}

/** @param {State} state @param {import('./types.js').Outcome} outcome */
function outcomeText(state, outcome) {
  if (outcome.winner === null) return 'Nobody wins.';
  const side = sideOf(state.game, outcome.winner);
  const who = ours(state, outcome.winner) ? `Your team, the ${side},` : `The ${side}`;
  return `${who} won: all their pharaohs are delivered into the afterlife.`;
}

/**
 * Whose turn it is and what they decide, in one sentence.
 * @param {State} state @param {Ctx} ctx
 */
export function phaseText(state, ctx) {
  const view = state.game;
  const ph = view.phase;
  const you = state.you;
  switch (ph.phase) {
    case 'choose': {
      const side = sideOf(view, ph.team);
      if (state.legal.some((a) => a.type === 'choose')) {
        return `Your team, the ${side}, chooses which pharaoh moves: tap one of yours.`;
      }
      return `The ${side} choose which of their pharaohs moves.`;
    }
    case 'conceal': {
      const hide = says(state, ctx, ph.concealer, 'hides', 'hide');
      if (ph.contest === 'move') {
        const own = ph.pharaoh === ph.concealer ? `${ph.concealer === you ? 'your' : 'their'} pharaoh` : pharaohOf(ctx, ph.pharaoh);
        const next = you !== null && teamOf(view, you) !== teamOf(view, ph.concealer) ? ' Your team guesses next.' : '';
        return `${cap(hide)} 1 to ${ph.max} marbles to move ${own}.${next}`;
      }
      const lion = beast(teamOf(view, ph.concealer));
      const guesser = says(state, ctx, ph.pharaoh, 'guesses', 'guess');
      return `Lion duel: ${hide} 1 to ${ph.max} marbles for the ${lion} attacking ${pharaohOf(ctx, ph.pharaoh)}; ${guesser} next.`;
    }
    case 'guess': {
      const mine = you !== null && ph.guessers.includes(you);
      const hid = `${who(state, ctx, ph.concealer)} hid (1 to ${ph.max})`;
      if (ph.contest === 'lion') {
        const lion = beast(teamOf(view, ph.concealer));
        if (mine) return `Lion duel: guess how many marbles ${hid}. Right kills the ${lion} and your pharaoh moves; wrong and it holds you this turn.`;
        return `Lion duel: ${says(state, ctx, ph.pharaoh, 'guesses', 'guess')} how many marbles ${hid} to kill the ${lion}.`;
      }
      if (mine && ph.guessers.length > 1) {
        return `Your team guesses how many marbles ${hid}. Whoever enters the guess moves their own pharaoh if it is right.`;
      }
      if (mine) return `Guess how many marbles ${hid}. If you are right, your pharaoh moves instead.`;
      return `The ${sideOf(view, teamOf(view, ph.guessers[0]))} guess how many marbles ${hid}.`;
    }
    case 'reveal': {
      const guessed = `${ctx.name(ph.guesser)} guessed ${ph.guess}`;
      return ph.concealer === you ? `${guessed}: revealing your hand…` : `${guessed}: waiting for ${who(state, ctx, ph.concealer)} to reveal.`;
    }
    case 'unleash': {
      const lion = beast(teamOf(view, ph.guesser));
      const target = pharaohOf(ctx, ph.target);
      if (ph.guesser === you) return `Right guess! Unleash a ${lion} on ${target}, or spare it.`;
      return `Right guess: ${who(state, ctx, ph.guesser)} may unleash a ${lion} on ${target}, or spare it.`;
    }
    case 'over':
      return view.outcome ? outcomeText(state, view.outcome) : 'The game is over.';
  }
}

/**
 * One event of the log in the viewer's words.
 * @param {GameEvent} ev @param {State} state @param {Ctx} ctx
 * @returns {string | null}
 */
export function eventText(ev, state, ctx) {
  const view = state.game;
  /** @param {number} pharaoh */
  const P = (pharaoh) => cap(pharaohOf(ctx, pharaoh));
  switch (ev.type) {
    case 'turn_began':
      return ours(state, ev.team) ? `Your team’s turn (${sideOf(view, ev.team)}).` : `The ${sideOf(view, ev.team)}’ turn.`;
    case 'pharaoh_chosen':
      return `${P(ev.pharaoh)} is chosen to move.`;
    case 'concealed': {
      const what = ev.contest === 'lion' ? 'the lion duel' : 'a move';
      return `${ctx.name(ev.seat)} hid marbles for ${what} (commitment ${ev.commitment.slice(0, 8)}…).`;
    }
    case 'guessed':
      return `${ctx.name(ev.by)} guessed ${ev.number}.`;
    case 'revealed':
      return `${ctx.name(ev.seat)} revealed ${ev.number}: ${ev.correct ? 'guessed right!' : 'wrong guess.'}`;
    case 'withheld':
      return `${ctx.name(ev.seat)} did not reveal in time: counted as guessed right.`;
    case 'moved':
      if (ev.to.place === 'delivered') return `${P(ev.pharaoh)} reached the head and is reborn into the afterlife!`;
      if (ev.to.place !== 'serpent') return null;
      if (ev.from.place === 'serpent') return `${P(ev.pharaoh)} moved from space ${ev.from.space} to ${ev.to.space}.`;
      return `${P(ev.pharaoh)} entered the serpent on space ${ev.to.space}.`;
    case 'swapped':
      return `${P(ev.pharaoh)} was landed on and swapped back to space ${ev.to}.`;
    case 'sent_off':
      return `${P(ev.pharaoh)} was landed on by an entering pharaoh and must start again by the tail.`;
    case 'stayed':
      return `${P(ev.pharaoh)} cannot take the move: it is held by a lion or already delivered.`;
    case 'lion_unleashed':
      return `${ctx.name(ev.by)} unleashed a ${beast(teamOf(view, ev.by))} on ${pharaohOf(ctx, ev.target)}.`;
    case 'lion_spared':
      return `${ctx.name(ev.by)} kept the ${beast(teamOf(view, ev.by), true)} back.`;
    case 'lion_killed':
      return `${P(ev.target)} killed the ${beast(ev.team)}: it goes to the ${sideOf(view, ev.team)}’ graveyard.`;
    case 'lion_held': {
      const lion = beast(1 - teamOf(view, ev.target));
      return `The ${lion} holds ${pharaohOf(ctx, ev.target)}: no move this turn.`;
    }
    case 'lion_returned':
      return `The ${beast(ev.team)} attacking ${pharaohOf(ctx, ev.target)} went back to the ${sideOf(view, ev.team)}’ hand.`;
    case 'lion_revived':
      return `Two right guesses in a row: a dead ${beast(ev.team)} of the ${sideOf(view, ev.team)} comes back to life.`;
    case 'game_over':
      return outcomeText(state, ev.outcome);
  }
  return null;
}

/**
 * Short lines under a seat in the players panel: where its pharaoh is, and its attacker.
 * @param {State} state @param {number} seat
 */
export function seatLines(state, seat) {
  const pharaoh = state.game.pharaohs[String(seat)];
  if (!pharaoh) return [];
  const lines = [`Pharaoh ${placeText(pharaoh)}`];
  if (pharaoh.attacked_by !== null) {
    const by = pharaoh.attacked_by;
    const name = state.seats.find((s) => s.seat === by)?.name || `seat ${by + 1}`;
    lines.push(`Attacked by ${name}’s ${beast(teamOf(state.game, by))}`);
  }
  return lines;
}

/**
 * Why tapping this pharaoh does nothing now, from `state.legal` and the view.
 * @param {State} state @param {Ctx} ctx @param {number} pharaoh
 */
export function whyNotText(state, ctx, pharaoh) {
  const view = state.game;
  const ph = view.phase;
  const p = view.pharaohs[String(pharaoh)];
  const named = cap(pharaohOf(ctx, pharaoh));
  if (ph.phase === 'choose' && state.legal.some((a) => a.type === 'choose')) {
    if (p && p.team !== ph.team) return `${named} plays for the ${sideOf(view, p.team)}: your team moves one of its own.`;
    if (p && p.place === 'delivered') return `${named} is already delivered into the afterlife.`;
  }
  if (ph.phase === 'unleash' && state.legal.some((a) => a.type === 'unleash')) {
    return `A ${beast(teamOf(view, ph.guesser))} may only be set on ${pharaohOf(ctx, ph.target)}, whose marbles you guessed.`;
  }
  return `Not now: ${phaseText(state, ctx)}`;
}
