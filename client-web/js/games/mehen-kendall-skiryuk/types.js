// JSDoc types of Kendall–Skiryuk Mehen's JSON (src/rules/mehen_kendall/ on the server:
// view.rs, action.rs, piece.rs). This file holds no code.

/**
 * Where a piece is (`Place`).
 * @typedef {{kind: 'off_board'} | {kind: 'inward', cell: number} | {kind: 'centre'}
 *   | {kind: 'outward', cell: number} | {kind: 'home'} | {kind: 'eaten'}} Place
 * @typedef {{type: 'throw', faces: number} | {type: 'enter_ball'} | {type: 'enter_lion'}
 *   | {type: 'save'} | {type: 'move', piece: number}} Action
 * @typedef {{owner: number, kind: 'ball' | 'lion', place: Place}} PieceView
 * @typedef {{seat: number, team: number, side: string, saved: number, eaten: number,
 *   lost: number, off_board: number, on_track: number, home: number,
 *   lion: Place | null}} PlayerView
 * @typedef {{kind: 'throw', seat: number} | {kind: 'choose', seat: number} | {kind: 'over'}} PhaseView
 * @typedef {{action: Action, piece: number | null, to: Place | null, spends: number}} MoveView
 * @typedef {'most_eaten' | 'first_home_breaks_tie' | 'all_eaten'} Reason
 * @typedef {{winner: number | null, reason: Reason}} Outcome
 * @typedef {{board: 'compact' | 'extended', cells: number, turn: number, players: PlayerView[],
 *   pieces: Record<string, PieceView>, phase: PhaseView, throw: number | null,
 *   moves: MoveView[], lions_home: number[], outcome: Outcome | null}} View
 *
 * @typedef {{type: 'thrown', seat: number, score: number}
 *   | {type: 'saved', seat: number, saved: number}
 *   | {type: 'entered', piece: number}
 *   | {type: 'moved', piece: number, from: Place, to: Place, spent: number}
 *   | {type: 'swapped', piece: number, to: Place}
 *   | {type: 'eaten', piece: number, by: number}
 *   | {type: 'lion_earned', seat: number}
 *   | {type: 'no_move', seat: number, score: number}
 *   | {type: 'game_over', outcome: Outcome}} GameEvent
 *
 * The room view with this rule set's view and actions in it.
 * @typedef {import('../../types.js').RoomView<View, Action, object>} KendallState
 */

export {};
