// JSDoc types of the JSON the server sends for Pharaohs and lions Mehen
// (src/rules/mehen_pharaohs/view.rs and action.rs; schemas under
// protocol/schema/rules/mehen-pharaohs/). This file holds no code.

/**
 * @typedef {{place: 'waiting'} | {place: 'serpent', space: number} | {place: 'delivered'}} Place
 * @typedef {Place & {owner: number, team: number, attacked_by: number | null}} PharaohView
 * @typedef {{team: number, side: string, seats: number[], standing: number, attacking: number,
 *   graveyard: number, streak: number}} TeamView
 * @typedef {'move' | 'lion'} Contest
 * @typedef {{phase: 'choose', team: number, pharaohs: number[]}
 *   | {phase: 'conceal', pharaoh: number, contest: Contest, concealer: number, max: number}
 *   | {phase: 'guess', pharaoh: number, contest: Contest, concealer: number, guessers: number[],
 *      commitment: string, max: number}
 *   | {phase: 'reveal', pharaoh: number, contest: Contest, concealer: number, commitment: string,
 *      guess: number, guesser: number}
 *   | {phase: 'unleash', guesser: number, target: number}
 *   | {phase: 'over'}} PhaseView
 * @typedef {{winner: number | null, reason: 'all_delivered'}} Outcome
 * @typedef {{players: number, spaces: number, turn: number, moving_team: number | null,
 *   pharaohs: Record<string, PharaohView>, teams: TeamView[], phase: PhaseView,
 *   outcome: Outcome | null}} View
 *
 * @typedef {{type: 'choose', pharaoh: number} | {type: 'guess', number: number}
 *   | {type: 'unleash', target: number} | {type: 'spare'}} Action
 *
 * @typedef {{type: 'turn_began', team: number} | {type: 'pharaoh_chosen', pharaoh: number}
 *   | {type: 'concealed', seat: number, turn: number, contest: Contest, commitment: string}
 *   | {type: 'guessed', by: number, number: number}
 *   | {type: 'revealed', seat: number, turn: number, number: number, nonce: string, correct: boolean}
 *   | {type: 'withheld', seat: number}
 *   | {type: 'moved', pharaoh: number, from: Place, to: Place}
 *   | {type: 'swapped', pharaoh: number, to: number}
 *   | {type: 'sent_off', pharaoh: number} | {type: 'stayed', pharaoh: number}
 *   | {type: 'lion_unleashed', by: number, target: number} | {type: 'lion_spared', by: number}
 *   | {type: 'lion_killed', target: number, team: number} | {type: 'lion_held', target: number}
 *   | {type: 'lion_returned', target: number, team: number} | {type: 'lion_revived', team: number}
 *   | {type: 'game_over', outcome: Outcome}} GameEvent
 *
 * The room view with this game's parts, and what the page gives the module.
 * @typedef {import('../../types.js').RoomView<View, Action, {hand: number}>} State
 * @typedef {import('../../types.js').GameContext} Ctx
 */

export {};
