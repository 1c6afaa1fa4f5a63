// JSDoc types of San Martin Mehen's view and events (protocol/schema/rules/mehen-san-martin/
// on the server). This file holds no code.

/**
 * @typedef {{seat: number, team: number, side: string, reserve: number, lions: number,
 *   frozen: boolean, lost: number, finished: number, acted_this_round: boolean}} PlayerView
 * @typedef {{owner: number, space: number, finished: boolean}} MarbleView
 * @typedef {{type: 'choose', seat: number} | {type: 'advance', marble: number} | {type: 'deploy'}
 *   | {type: 'recover'} | {type: 'revive', seat: number}} ActAction
 * @typedef {{action: ActAction, lands_on: number | null}} ActOption
 * @typedef {{phase: 'choose', team: number, eligible: number[]}
 *   | {phase: 'conceal', actor: number, max: number}
 *   | {phase: 'guess', actor: number, commitment: string, max: number}
 *   | {phase: 'reveal', actor: number, commitment: string, guess: number}
 *   | {phase: 'act', actor: number, distance: number, options: ActOption[]}
 *   | {phase: 'over'}} PhaseView
 * @typedef {{winner: number | null, reason: 'two_finished' | 'lions_fallen' | 'all_frozen'}} Outcome
 * @typedef {{mode: 'duel' | 'teams', board: 'compact' | 'extended', spaces: number, head: number,
 *   turn: number, round: {number: number, opportunity: number} | null, players: PlayerView[],
 *   marbles: Record<string, MarbleView>, phase: PhaseView,
 *   outcome: Outcome | null}} View
 *
 * @typedef {{type: 'round_started', round: number} | {type: 'opportunity_skipped', team: number}
 *   | {type: 'actor_chosen', seat: number, turn: number}
 *   | {type: 'concealed', seat: number, turn: number, commitment: string}
 *   | {type: 'guessed', by: number, number: number}
 *   | {type: 'revealed', seat: number, turn: number, number: number, nonce: string, correct: boolean}
 *   | {type: 'withheld', seat: number} | {type: 'lion_fell', seat: number, standing: number}
 *   | {type: 'frozen', seat: number} | {type: 'lion_stood', seat: number, standing: number}
 *   | {type: 'revived', seat: number, by: number}
 *   | {type: 'deployed', marble: number, seat: number, to: number}
 *   | {type: 'advanced', marble: number, seat: number, from: number, to: number}
 *   | {type: 'captured', marble: number, owner: number, at: number, by: number}
 *   | {type: 'finished', marble: number, seat: number} | {type: 'marble_lost', seat: number}
 *   | {type: 'passed', seat: number} | {type: 'game_over', outcome: Outcome}} Event
 *
 * The room view with this rule set's view in it.
 * @typedef {import('../../types.js').RoomView & {game: View}} MehenState
 */

export {};
