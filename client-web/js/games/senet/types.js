// JSDoc types of Senet's JSON (protocol/schema/rules/senet/ on the server; src/rules/senet/
// view.rs, action.rs, board.rs). This file holds no code.

/**
 * @typedef {{seat: number, team: number, side: string, off: number}} Side
 * @typedef {{owner: number, square: number | null}} Piece
 * @typedef {{kind: 'square', square: number, swaps: number | null}
 *   | {kind: 'drowns', rebirth: number} | {kind: 'leaves'}} Landing
 * @typedef {{piece: number, from: number, landing: Landing}} Plan
 * @typedef {{phase: 'throw', seat: number, again: boolean}
 *   | {phase: 'move', seat: number, score: number, throws_again: boolean, moves: Plan[]}
 *   | {phase: 'over'}} Phase
 * @typedef {{winner: number | null, reason: 'all_pieces_off'}} Outcome
 * @typedef {{turn: number, sides: Side[], pieces: Record<string, Piece>, phase: Phase,
 *   outcome: Outcome | null}} View
 *
 * @typedef {{type: 'move', piece: number}} Action
 *
 * @typedef {{type: 'thrown', seat: number, faces: number, score: number}
 *   | {type: 'no_move', seat: number, score: number}
 *   | {type: 'moved', piece: number, seat: number, from: number, to: number}
 *   | {type: 'swapped', piece: number, owner: number, from: number, to: number}
 *   | {type: 'drowned', piece: number, seat: number, to: number}
 *   | {type: 'left_board', piece: number, seat: number, from: number}
 *   | {type: 'throw_again', seat: number}
 *   | {type: 'turn_passed', seat: number, turn: number}
 *   | {type: 'game_over', outcome: Outcome}} Event
 *
 * The room view of a game of Senet: nothing is secret.
 * @typedef {import('../../types.js').RoomView<View, Action, null>} State
 * @typedef {import('../../types.js').GameContext} Ctx
 *
 * A place a piece can be tapped on or land on: a square 1–30, or 'off' the board.
 * @typedef {number | 'off'} Place
 */

export {};
