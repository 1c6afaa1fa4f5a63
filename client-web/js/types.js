// JSDoc types of what the server sends (src/wire/ and src/rules/mehen/view.rs on the server).
// This file holds no code; the other modules import its types.

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
 *   | {type: 'passed', seat: number} | {type: 'game_over', outcome: Outcome}} GameEvent
 * @typedef {{seat: number, auto: boolean, events: GameEvent[], note?: string}} LogEntry
 *
 * @typedef {{seat: number, team: number, side: string, name: string | null, connected: boolean}} SeatView
 * @typedef {'server' | 'trustless'} CommitmentMode
 * @typedef {'waiting' | 'playing' | 'over'} RoomStatus
 * @typedef {{mode: 'duel' | 'teams', board: 'compact' | 'extended'}} MehenOptions
 * @typedef {{kind: string, seat?: number, seats?: number[], turn?: number, min?: number, max?: number}} Awaiting
 * @typedef {{room: string, rule_set: string, options: MehenOptions, game_id: string, game_number: number, status: RoomStatus,
 *   commitment: CommitmentMode, turn_timer: number | null, deadline_ms: number | null,
 *   seats: SeatView[], spectators: number, you: number | null, awaiting: Awaiting, game: View,
 *   secret: {hand: number} | null, legal: object[]}} RoomView
 * @typedef {{code: string, rule_set: string, options: MehenOptions,
 *   turn_timer: number | null, commitment: CommitmentMode, status: RoomStatus,
 *   game_number: number, seats: SeatView[], spectators: number}} RoomInfo
 */

export {};
