// JSDoc types of symmetric Men's JSON (src/rules/men_symmetric/view.rs and action.rs on the
// server). No code.

/**
 * @typedef {import('../men/types.js').Side} Side
 * @typedef {{line: number} | 'off'} Reach  a side's own line (1–16 from its start), or off the far end
 * @typedef {{at: 'start'} | {at: 'line', line: number} | {at: 'off'}} Place  the side's own line 1–16
 * @typedef {{side: Side, place: Place, board_line: number | null}} PieceView  board_line: 0–31 from the narrow end
 * @typedef {{side: Side, seat: number, team: number, at_start: number, on_board: number, off: number}} SideView
 * @typedef {{type: 'enter'} | {type: 'move', piece: number}} MoveAction
 * @typedef {{action: MoveAction, to: Reach, board_line: number | null}} MoveView
 * @typedef {{phase: 'throw', side: Side} | {phase: 'move', side: Side, score: number, moves: MoveView[]}
 *   | {phase: 'over'}} PhaseView
 * @typedef {{winner: number | null, reason: 'all_off'}} Outcome
 * @typedef {{turn: number, pieces: Record<string, PieceView>, sides: SideView[], phase: PhaseView,
 *   outcome: Outcome | null}} View
 *
 * @typedef {{type: 'thrown', side: Side, faces: number, score: number}
 *   | {type: 'no_move', side: Side, score: number}
 *   | {type: 'entered', piece: number, line: number}
 *   | {type: 'moved', piece: number, from: number, to: Reach}
 *   | {type: 'trapped', piece: number, line: number}
 *   | {type: 'second_turn', side: Side}
 *   | {type: 'game_over', outcome: Outcome}} Event
 *
 * @typedef {import('../../types.js').RoomView<View, MoveAction>} State
 */

export {};
