// What the viewer may do now and what a tap on the board means: each action of state.legal
// with where the view says it lands, and for a tap either an action to send, a piece to
// pick up, or the reason nothing happens.

import { cap, choiceLabel, pieceOf, placeWords, savedOnes } from './words.js';
import { initialOf } from './pieces.js';

/** @typedef {import('./types.js').KendallState} KendallState */
/** @typedef {import('./types.js').Place} Place */
/** @typedef {import('./types.js').Action} Action */
/** @typedef {import('./words.js').Choice} Choice */
/** @typedef {import('./words.js').Names} Names */
/** @typedef {{send: Action} | {select: number | null} | {explain: string}} TapResult */

/** @param {Action} a @param {Action} b */
const sameAction = (a, b) => a.type === b.type && ('piece' in a ? 'piece' in b && a.piece === b.piece : true);

/**
 * Every legal action of the viewer, with its landing and its cost from `game.moves`.
 * @param {KendallState} state
 * @returns {Choice[]}
 */
export function choicesOf(state) {
  return state.legal.map((action) => {
    const move = state.game.moves.find((m) => sameAction(m.action, action));
    return { action, piece: move?.piece ?? null, to: move?.to ?? null, spends: move?.spends ?? 0 };
  });
}

/**
 * The choices that get a button: moves along the serpent are taps on the board, but saving
 * the 1, entering a piece and spending saved ones are buttons as well.
 * @param {KendallState} state
 */
export function buttonChoices(state) {
  return choicesOf(state).filter((c) => c.action.type !== 'move' || c.spends > 0);
}

/**
 * The board key of a place a piece can be tapped or land on: `cell-N`, `centre` or `home`.
 * @param {Place} place
 */
export function placeKey(place) {
  if (place.kind === 'inward' || place.kind === 'outward') return `cell-${place.cell}`;
  if (place.kind === 'centre' || place.kind === 'home') return place.kind;
  return null;
}

/** What a board key reads as ("cell 12", "the centre", "home"). @param {string} key */
function keyWords(key) {
  return key.startsWith('cell-') ? `cell ${key.slice(5)}` : key === 'centre' ? 'the centre' : 'home';
}

/** The moves of one piece among the choices. @param {Choice[]} choices @param {number} piece */
const movesOf = (choices, piece) => choices.filter((c) => c.action.type === 'move' && c.action.piece === piece);

/** Why the viewer cannot act now, or null when it may. @param {KendallState} state @param {Names} names */
function notNow(state, names) {
  const ph = state.game.phase;
  if (ph.kind === 'over') return 'The game is over.';
  if (state.you === null) return 'You are watching: only the players move pieces.';
  if (ph.seat !== state.you) {
    return ph.kind === 'throw'
      ? `It is ${names.possessive(ph.seat)} throw, not yours.`
      : `${names.name(ph.seat)} threw ${state.game.throw} and is choosing, not you.`;
  }
  if (ph.kind === 'throw') return 'Throw the sticks first.';
  return null;
}

/** What the viewer may do, as a sentence ending a refusal. @param {KendallState} state @param {Names} names */
function offer(state, names) {
  const labels = [...new Set(choicesOf(state).map((c) => choiceLabel(c, state, names)))];
  return `You may: ${labels.join('; ')}.`;
}

/**
 * A tap on a piece: pick it up (or put it down again), or say why not.
 * @param {KendallState} state @param {number | null} selected @param {number} piece @param {Names} names
 * @returns {TapResult}
 */
export function tapPiece(state, selected, piece, names) {
  const why = notNow(state, names);
  if (why) return { explain: why };
  const view = state.game;
  const p = view.pieces[String(piece)];
  if (!p) return { explain: offer(state, names) };
  if (p.owner !== state.you) {
    const me = view.players.find((q) => q.seat === state.you);
    const yours = me ? ` Yours are the balls marked ${initialOf(me.side)}.` : '';
    return { explain: `That is ${names.possessive(p.owner)} ${p.kind}.${yours}` };
  }
  const choices = choicesOf(state);
  if (movesOf(choices, piece).length) return { select: selected === piece ? null : piece };
  const score = view.throw;
  const here = placeWords(p.place);
  let why2 = `Your ${p.kind} ${here} has no move with this ${score}.`;
  if (!choices.some((c) => c.action.type === 'move')) why2 = `A throw of ${score} moves nothing along the serpent.`;
  else if (p.place.kind === 'centre') {
    const saved = view.players.find((q) => q.seat === state.you)?.saved ?? 0;
    why2 += ` Leaving the centre costs saved ones, and you have ${savedOnes(saved)}.`;
  }
  return { explain: `${why2} ${offer(state, names)}` };
}

/**
 * A tap on a cell, the centre or home: land the picked-up piece there (or the only piece
 * that can), or say why not.
 * @param {KendallState} state @param {number | null} selected @param {string} key @param {Names} names
 * @returns {TapResult}
 */
export function tapPlace(state, selected, key, names) {
  const why = notNow(state, names);
  if (why) return { explain: why };
  const choices = choicesOf(state);
  const landing = choices.filter((c) => c.to && placeKey(c.to) === key);
  if (selected !== null) {
    const mine = movesOf(choices, selected);
    const hit = mine.find((c) => landing.includes(c));
    if (hit) return { send: hit.action };
    const kind = pieceOf(selected).kind;
    const lands = mine.map((c) => (c.to ? keyWords(placeKey(c.to) ?? '') : '')).join(' or ');
    return { explain: `Your ${kind} cannot land on ${keyWords(key)}: it lands on ${lands}.` };
  }
  if (landing.length === 1) return { send: landing[0].action };
  if (landing.length > 1) {
    return { explain: `Several choices land on ${keyWords(key)}: tap the piece to move first, or use a button.` };
  }
  return { explain: `Nothing of yours can land on ${keyWords(key)} with this ${state.game.throw}. ${offer(state, names)}` };
}

/**
 * What the board highlights for the viewer: the pieces with a move, the one picked up, the
 * places they land on (once a piece is picked up, its own), and the buttons' names.
 * @param {KendallState} state @param {number | null} selected @param {Names} names @param {string[]} colors
 * @returns {import('./serpent.js').Look}
 */
export function lookOf(state, selected, names, colors) {
  const view = state.game;
  const choices = choicesOf(state);
  /** @type {Record<string, string>} */
  const labels = {};
  const movable = [...new Set(choices.flatMap((c) => (c.action.type === 'move' ? [c.action.piece] : [])))];
  for (const id of movable) {
    const p = view.pieces[String(id)];
    if (p) labels[String(id)] = `Your ${p.kind} ${placeWords(p.place)}: pick it up`;
  }
  /** @type {Map<string, string[]>} */
  const landings = new Map();
  for (const c of choices) {
    const key = c.to && placeKey(c.to);
    if (key) landings.set(key, [...(landings.get(key) ?? []), choiceLabel(c, state, names)]);
  }
  for (const [key, texts] of landings) labels[key] = `${cap(keyWords(key))}: ${texts.join(', or ')}`;
  const chosen = selected === null ? [] : movesOf(choices, selected).flatMap((c) => (c.to ? [placeKey(c.to) ?? ''] : []));
  return { colors, movable, selected, landings: selected === null ? [...landings.keys()] : chosen, chosen, labels };
}
