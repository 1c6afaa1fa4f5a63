// Kendall–Skiryuk Mehen in words: places, pieces, choices, events, whose turn, and the lines
// under each seat. Everything is read from the view and the events, never worked out.

import { initialOf } from './pieces.js';
import { capital as cap } from '../../words.js';

export { cap };

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Place} Place */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./types.js').KendallState} KendallState */
/** @typedef {import('./types.js').Outcome} Outcome */
/** @typedef {{name: (seat: number) => string, possessive: (seat: number) => string}} Names */
/** @typedef {{action: import('./types.js').Action, piece: number | null, to: Place | null, spends: number}} Choice */


/** "1 saved one", "3 saved ones". @param {number} n */
export const savedOnes = (n) => `${n} saved one${n === 1 ? '' : 's'}`;

/** "1st", "2nd": lions come home in at most six places. @param {number} n */
const ordinal = (n) => `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n] ?? 'th'}`;

/**
 * `you` when the seat is the viewer's, else `other`: the verb agrees with ctx.name's "You".
 * @param {KendallState} state @param {number} seat @param {string} you @param {string} other
 */
const agree = (state, seat, you, other) => (seat === state.you ? you : other);

/** Where a piece is, as a phrase after its name ("on cell 12, heading back"). @param {Place} place */
export function placeWords(place) {
  switch (place.kind) {
    case 'off_board':
      return 'off the board at the tail';
    case 'inward':
      return `on cell ${place.cell}, heading in`;
    case 'centre':
      return 'in the centre';
    case 'outward':
      return `on cell ${place.cell}, heading back`;
    case 'home':
      return 'home';
    case 'eaten':
      return 'eaten';
  }
}

/** Where a move starts ("from cell 5", "out of the centre"). @param {Place} place */
function fromWords(place) {
  if (place.kind === 'centre') return 'out of the centre';
  if (place.kind === 'inward' || place.kind === 'outward') return `from cell ${place.cell}`;
  return `from ${place.kind === 'off_board' ? 'off the board' : place.kind}`;
}

/** Where a move ends ("to cell 8", "into the centre", "home"). @param {Place} place */
function toWords(place) {
  switch (place.kind) {
    case 'inward':
      return `to cell ${place.cell}`;
    case 'outward':
      return `to cell ${place.cell} on the way back`;
    case 'centre':
      return 'into the centre';
    default:
      return placeWords(place);
  }
}

/** Ids per seat: six balls, then the lion. */
const PER_SEAT = 7;

/**
 * A piece's owner and kind, read from its stable id (seat × 7 + 0–5 for the balls, + 6 for
 * the lion), so an event names a lion the view does not hold yet.
 * @param {number} id
 */
export function pieceOf(id) {
  return { owner: Math.floor(id / PER_SEAT), kind: id % PER_SEAT === PER_SEAT - 1 ? 'lion' : 'ball' };
}

/** "Ada's ball", "your lion". @param {Names} names @param {number} id */
function whose(names, id) {
  const piece = pieceOf(id);
  return `${names.possessive(piece.owner)} ${piece.kind}`;
}

/** The piece standing on a cell, if any. @param {View} view @param {number} cell */
function standingOn(view, cell) {
  return Object.entries(view.pieces).find(([, p]) => 'cell' in p.place && p.place.cell === cell);
}

/**
 * The label of one legal choice, for its button ("Move the ball from cell 5 to cell 8").
 * @param {Choice} choice @param {KendallState} state @param {Names} names
 */
export function choiceLabel(choice, state, names) {
  const view = state.game;
  const a = choice.action;
  switch (a.type) {
    case 'save': {
      const mine = view.players.find((p) => p.seat === state.you);
      return `Save this 1 (you have ${savedOnes(mine?.saved ?? 0)})`;
    }
    case 'enter_ball':
      return 'Enter a ball on cell 1';
    case 'enter_lion':
      return 'Enter your lion on cell 1';
    case 'move': {
      const from = view.pieces[String(a.piece)]?.place;
      const to = choice.to;
      let text = `Move the ${pieceOf(a.piece).kind}${from ? ` ${fromWords(from)}` : ''}${to ? ` ${toWords(to)}` : ''}`;
      const there = to && 'cell' in to ? standingOn(view, to.cell) : undefined;
      if (there) text += `, where ${whose(names, Number(there[0]))} stands`;
      if (choice.spends) text += `, using ${savedOnes(choice.spends)}`;
      return text;
    }
    default:
      return a.type;
  }
}

/** Why the game ended, and who won. @param {Outcome} o @param {KendallState} state @param {Names} names */
export function outcomeText(o, state, names) {
  if (o.winner === null) return 'The game is over, without a winner.';
  const seat = o.winner;
  const eaten = state.game.players.find((p) => p.seat === seat)?.eaten ?? 0;
  const lion = `${names.possessive(seat)} lion`;
  const why = {
    most_eaten: `${lion} ate the most balls (${eaten})`,
    first_home_breaks_tie: `tied for the most balls eaten (${eaten}), ${lion} came home first`,
    all_eaten: `every ball not home had been eaten when ${lion} came home, the first lion home`,
  }[o.reason];
  return `${names.name(seat)} ${agree(state, seat, 'win', 'wins')}: ${why}.`;
}

/**
 * One log line for one event.
 * @param {GameEvent} ev @param {KendallState} state @param {Names} names
 * @returns {string | null}
 */
export function eventText(ev, state, names) {
  const view = state.game;
  switch (ev.type) {
    case 'thrown':
      return `${names.name(ev.seat)} threw ${ev.score}.`;
    case 'saved':
      return `${names.name(ev.seat)} saved the 1: ${savedOnes(ev.saved)} now.`;
    case 'entered': {
      const piece = pieceOf(ev.piece);
      return `${names.name(piece.owner)} entered ${piece.kind === 'lion' ? 'the lion' : 'a ball'} on cell 1.`;
    }
    case 'moved': {
      const spent = ev.spent ? `, using ${savedOnes(ev.spent)}` : '';
      return `${cap(whose(names, ev.piece))} moved ${fromWords(ev.from)} ${toWords(ev.to)}${spent}.`;
    }
    case 'swapped':
      return `${cap(whose(names, ev.piece))} swapped places with it: now ${placeWords(ev.to)}.`;
    case 'eaten':
      return `${cap(whose(names, ev.by))} ate ${whose(names, ev.piece)}: it is gone for good.`;
    case 'lion_earned':
      return `${cap(names.possessive(ev.seat))} first ball is home, and earns ${names.possessive(ev.seat)} lion: it waits at the tail.`;
    case 'no_move':
      return `${names.name(ev.seat)} threw ${ev.score}, and nothing can move.`;
    case 'game_over':
      return outcomeText(ev.outcome, state, names);
    default:
      return null;
  }
}

/** Whose turn and what they decide. @param {KendallState} state @param {Names} names */
export function phaseText(state, names) {
  const view = state.game;
  const ph = view.phase;
  if (ph.kind === 'over') return view.outcome ? outcomeText(view.outcome, state, names) : 'The game is over.';
  if (ph.kind === 'throw') return ph.seat === state.you ? 'Your throw.' : `${cap(names.possessive(ph.seat))} throw.`;
  const entering = view.moves.some((m) => m.action.type === 'enter_ball' || m.action.type === 'enter_lion');
  const decision = entering ? 'enter a piece or save the 1' : 'choose a piece to move';
  return ph.seat === state.you
    ? `You threw ${view.throw}: ${decision}.`
    : `${names.name(ph.seat)} threw ${view.throw} and will ${decision}.`;
}

/** Where a seat's lion is, in words. @param {Place} lion @param {number} seat @param {View} view */
function lionWords(lion, seat, view) {
  if (lion.kind === 'off_board') return 'waiting at the tail';
  if (lion.kind === 'home') return `home, ${ordinal(view.lions_home.indexOf(seat) + 1)}`;
  return placeWords(lion);
}

/** Short lines under a seat: its pieces' look, saved ones, balls, and lion. @param {KendallState} state @param {number} seat */
export function seatLines(state, seat) {
  const view = state.game;
  const p = view.players.find((q) => q.seat === seat);
  if (!p) return [];
  const balls = [`${p.off_board} waiting`, `${p.on_track} out`, `${p.home} home`];
  if (p.lost) balls.push(`${p.lost} eaten`);
  return [
    `Pieces: balls marked ${initialOf(p.side)}`,
    `Saved ones: ${p.saved}`,
    `Balls: ${balls.join(', ')}`,
    p.lion ? `Lion: ${lionWords(p.lion, seat, view)} · ate ${p.eaten}` : 'Lion: not earned yet',
  ];
}
