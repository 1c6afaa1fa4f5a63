// JSDoc types of what the server sends (src/wire/ on the server) and of the rule-set modules
// (docs/client-games.md). Each rule set's own view and events are typed in its folder under
// js/games/. This file holds no code; the other modules import its types.

/**
 * What the game waits for next (PROTOCOL.md, section 3.2).
 * @typedef {'three' | 'four_men' | 'four_senet'} Sticks
 * @typedef {{kind: 'action', seats: number[]}
 *   | {kind: 'guess', seats: number[], concealer: number, min: number, max: number}
 *   | {kind: 'conceal', seat: number, turn: number, min: number, max: number}
 *   | {kind: 'reveal', seat: number, turn: number, commitment: string}
 *   | {kind: 'throw', seat: number, sticks: Sticks}
 *   | {kind: 'over'}} Awaiting
 *
 * Fair throws (docs/fair-throws.md).
 * `active: false`: committed while a throw was due, it takes part from the next one.
 * @typedef {{seat: number, anchor: string, length: number, depth: number, active: boolean}} ChainView
 * @typedef {{index: number, seat: number, commitment: string}} PendingThrow
 * @typedef {{chains: ChainView[], pending: PendingThrow | null}} Throws
 * @typedef {{seat: number, anchor: string, depth: number, value: string}} ThrowLink
 * @typedef {{index: number, faces: number, sticks?: Sticks, server: {commitment: string, value: string},
 *   links: ThrowLink[]}} ThrowProof
 *
 * A rule set's event: its `type` and the fields its schema gives
 * (protocol/schema/rules/{rule_set}/event.json).
 * @typedef {{type: string} & Record<string, any>} GameEvent
 * @typedef {{seat: number, auto: boolean, events: GameEvent[], note?: string, throw?: ThrowProof}} LogEntry
 *
 * @typedef {{seat: number, team: number, side: string, name: string | null, connected: boolean, computer?: 'easy' | 'strong' | null}} SeatView
 * @typedef {'server' | 'trustless'} CommitmentMode
 * @typedef {'waiting' | 'playing' | 'over'} RoomStatus
 * @typedef {{code: string, rule_set: string, options: Record<string, unknown>,
 *   turn_timer: number | null, commitment: CommitmentMode, status: RoomStatus,
 *   game_number: number, seats: SeatView[], spectators: number}} RoomInfo
 *
 * `POST /api/rooms/mine`: the game of each seat a browser holds, in the order asked; a token
 * that holds no seat of its room, and a room that is not there, are `not_yours` alike.
 * @typedef {{answer: 'seated', room: string, rule_set: string, options: Record<string, unknown>,
 *   status: RoomStatus, game_number: number, version: number, you: number, seats: SeatView[],
 *   waiting_on: number[], your_turn: boolean, turn_timer: number | null, deadline_ms: number | null,
 *   winner: number | null}} SeatSummary
 * @typedef {SeatSummary | {answer: 'not_yours', room: string}} MyRoom
 * @typedef {{now_ms: number, rooms: MyRoom[]}} Mine
 *
 * `GET /api/games`: finished games with who played which side, and how each ended
 * (`winner` a team, or null for a draw).
 * @typedef {{seat: number, team: number, side: string, name: string}} PlayedSeat
 * @typedef {{id: string, rule_set: string, options: Record<string, unknown>, seats: PlayedSeat[],
 *   started_at: string, ended_at: string | null, result: {winner?: number | null, reason?: string} | null}} ArchivedGame
 * @typedef {{games: ArchivedGame[], next_page: number | null}} ArchivePage
 *
 * `GET /api/games/{id}/replay`: the game, its start, and after each action the events and
 * what the game awaited and showed then.
 * @typedef {{awaiting: Awaiting, view: object}} ReplayFrame
 * @typedef {ReplayFrame & {seq: number, seat: number, events: GameEvent[], throw?: ThrowProof}} ReplayStep
 * @typedef {ArchivedGame & {start: ReplayFrame, steps: ReplayStep[]}} Replay
 *
 * `GET /api/rule-sets`.
 * @typedef {{options: Record<string, unknown>, seats: number}} Preset
 * @typedef {{name: string, title: string, presets: Preset[], options: Record<string, any>}} RuleSetInfo
 */

/**
 * The room view the server streams. The page knows the rule set's parts only as objects; a
 * rule set's module names its own: `G` its public view (`game`), `A` its actions (`legal`),
 * `S` a seat's secret.
 * @template [G=object]
 * @template [A=object]
 * @template [S=object]
 * @typedef {{room: string, rule_set: string, options: Record<string, unknown>, game_id: string,
 *   game_number: number, status: RoomStatus, commitment: CommitmentMode, turn_timer: number | null,
 *   deadline_ms: number | null, seats: SeatView[], spectators: number, you: number | null,
 *   awaiting: Awaiting, game: G, secret: S | null, legal: A[],
 *   throws: Throws | null}} RoomView
 */

/**
 * What the room page gives a rule-set module (docs/client-games.md).
 * @typedef {{
 *   send: (action: object) => void,
 *   name: (seat: number) => string,
 *   possessive: (seat: number) => string,
 *   color: (seat: number) => string,
 *   announce: (text: string) => void,
 *   explain: (text: string) => void,
 * }} GameContext
 */

/**
 * The live part of a mounted module. `events` are the events that arrived with this state
 * (empty after a snapshot), for animations.
 * @template [State=RoomView]
 * @template [Event=GameEvent]
 * @typedef {{update: (state: State, events: Event[]) => void, destroy: () => void}} GameController
 */

/**
 * A short guide to one set-up, for the rules page.
 * @typedef {{title: string, points: string[]}} Guide
 */

/**
 * The player's guide a module gives, shown in the room and on the start page: the game in
 * one line and a picture of it, whether a player ever hides a number, what a turn is, how to
 * win, and each piece drawn as the board draws it.
 * @typedef {{picture: () => Node, words: string}} GuidePiece
 * @typedef {{summary: string, picture: () => Node, conceals: boolean, turn: string[], win: string,
 *   pieces: GuidePiece[]}} HowToPlay
 */

/**
 * A rule set's module. A module may name its own state (`RoomView<View, Action, Secret>`)
 * and events; the registry holds each as `GameModule<any, any>`.
 * @template [State=RoomView]
 * @template [Event=GameEvent]
 * @typedef {{
 *   ruleSet: string,
 *   mount: (el: HTMLElement, ctx: GameContext) => GameController<State, Event>,
 *   eventText: (event: Event, state: State, ctx: GameContext) => string | null,
 *   phaseText: (state: State, ctx: GameContext) => string,
 *   seatLines: (state: State, seat: number) => Array<string | Node>,
 *   guides?: Guide[],
 *   howToPlay: HowToPlay,
 * }} GameModule
 */

export {};
