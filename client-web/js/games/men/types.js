// JSDoc types both Men modules share: the board model each rule set builds from its own
// view for the one drawing of the board. No code.

/**
 * @typedef {'white' | 'black'} Side
 * @typedef {import('../../types.js').GameContext} Ctx
 */

/**
 * One piece: its id in the game (0–4 white, 5–9 black) and side.
 * @typedef {{id: number, side: Side}} Piece
 *
 * A move the viewer may make now: the action for `ctx.send`, the board line it lands on
 * (0–31 from the narrow end; `null` off the far end) and that place in words ("line 6").
 * @typedef {{action: object, landing: number | null, words: string}} Move
 *
 * The pieces on one board line, bottom first. `move` is set when the viewer may move them
 * now; `why` says why not when tapped (or what tapping does); `label` is what a screen
 * reader hears of them.
 * @typedef {{key: string, line: number, pieces: Piece[], move: Move | null, why: string, label: string}} Column
 *
 * A side's pieces waiting off the board at its start; `move` enters one.
 * @typedef {{key: string, side: Side, waiting: number, move: Move | null, why: string, label: string}} Start
 *
 * A side's scoring pile at its far end: its own pieces moved off, the opposing pieces it
 * captured, and its points (`null` for the race, which has none).
 * @typedef {{side: Side, off: number, captured: number, points: number | null, label: string}} Pile
 *
 * A number written beside a line, in `side`'s own count.
 * @typedef {{line: number, side: Side, text: string}} LineLabel
 *
 * Everything the board draws. `stacks`: pieces on one line lie on top of each other, the top
 * one in control (asymmetric); otherwise they lie side by side, two or more of a side
 * forming a block (symmetric). `lines`: the board lines pieces stand on. `empty` is said
 * when an empty line is tapped.
 * @typedef {{columns: Column[], starts: Start[], piles: Pile[], labels: LineLabel[],
 *   lines: number[], stacks: boolean, empty: string}} BoardModel
 */

export {};
