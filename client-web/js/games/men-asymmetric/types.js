// JSDoc types of asymmetric Men's JSON (src/rules/men_asymmetric/view.rs and action.rs on the
// server). No code.

/**
 * @typedef {import('../men/types.js').Side} Side
 * @typedef {{line: number} | 'off'} Reach  a side's own line (1–16 from its start), or off the far end
 * @typedef {{line: number} | 'off'} Landing  where a move came to: line 1–16 from the white end, or off the far end
 * @typedef {{at: 'start'} | {at: 'line', line: number} | {at: 'off'} | {at: 'captured'}} Place  lines 1–16 from the white end
 * @typedef {{side: Side, place: Place}} PieceView
 * @typedef {{pieces: number[], controller: Side}} StackView  pieces top first
 * @typedef {{side: Side, seat: number, team: number, points: number, at_start: number,
 *   on_board: number, off: number, captured: number}} SideView  captured: this side's pieces the other took
 * @typedef {{type: 'enter'} | {type: 'move', piece: number}} MoveAction
 * @typedef {{action: MoveAction, to: Reach, lands_on: number | null}} MoveView  lands_on: line 1–16 from the white end
 * @typedef {{phase: 'throw', side: Side} | {phase: 'move', side: Side, score: number, moves: MoveView[]}
 *   | {phase: 'over'}} PhaseView
 * @typedef {{winner: number | null, reason: 'all_captured' | 'all_moved_off'}} Outcome
 * @typedef {{turn: number, pieces: Record<string, PieceView>, stacks: Record<string, StackView>,
 *   sides: SideView[], phase: PhaseView, outcome: Outcome | null}} View
 *
 * @typedef {{type: 'thrown', side: Side, faces: number, score: number}
 *   | {type: 'no_move', side: Side}
 *   | {type: 'entered', piece: number, line: number}
 *   | {type: 'moved', piece: number, from: number, to: Landing}
 *   | {type: 'captured', pieces: number[], by: Side, points: number}
 *   | {type: 'finished', pieces: number[], side: Side}
 *   | {type: 'sent_back', pieces: number[]}
 *   | {type: 'second_turn', side: Side}
 *   | {type: 'game_over', outcome: Outcome}} Event  `moved`'s from and to: lines 1–16 from the white end
 *
 * @typedef {import('../../types.js').RoomView<View, MoveAction>} State
 */

export {};
