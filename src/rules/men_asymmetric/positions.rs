//! Asymmetric Men from a described position, and its named positions: the seed's worked
//! examples 11.5 and 11.6 and the captures its rules describe. Its tests and its lessons
//! start from these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::men::{self, Phase};
use crate::rules::positions::{Named, PositionError};

use super::{LINES, MenAsymmetric, PIECES, PieceId, Side};

/// Where the pieces stand and which side throws next. Each side's pieces are numbered in
/// the order they are listed: the stacks bottom first, then those moved off, then those
/// captured; the pieces left wait at their start. Points follow: one for each own piece
/// moved off and for each enemy piece captured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub stacks: Vec<StackAt>,
    /// Pieces moved off the far end: white's, then black's.
    #[serde(default)]
    pub off: [u8; 2],
    /// Pieces captured: white's, then black's.
    #[serde(default)]
    pub captured: [u8; 2],
    pub to_throw: Side,
}

/// A stack on narrow `line` (1 to 16 from the white end), its pieces' sides bottom first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackAt {
    pub line: u8,
    pub pieces: Vec<Side>,
}

impl MenAsymmetric {
    /// A game at `position`, its first throw awaited, once the position is checked.
    pub fn from_position(position: &Position, game: GameId) -> Result<Self, PositionError> {
        let mut ids = Side::BOTH.map(|side| side.pieces());
        let mut next = |side: Side| ids[usize::from(side.seat().0)].next();
        let mut made = MenAsymmetric::new(game);
        for side in Side::BOTH {
            let i = usize::from(side.seat().0);
            let on_board = position.stacks.iter().flat_map(|s| &s.pieces);
            let count = on_board.filter(|&&s| s == side).count()
                + usize::from(position.off[i])
                + usize::from(position.captured[i]);
            PositionError::check_count(side.name(), count, PIECES)?;
            if position.off[i] + position.captured[i] == PIECES {
                return Err(PositionError::AlreadyOver { side: side.name() });
            }
        }
        if position.captured[0] % 2 == 1 {
            let why = "black captures white pieces two at a time";
            return Err(PositionError::Unreachable { why });
        }
        for stack in &position.stacks {
            PositionError::check_place(stack.line, LINES)?;
            let slot = &mut made.stacks[usize::from(stack.line - 1)];
            if !slot.is_empty() {
                return Err(PositionError::Crowded {
                    place: stack.line.into(),
                });
            }
            *slot = stack.pieces.iter().filter_map(|&side| next(side)).collect();
        }
        for side in Side::BOTH {
            let i = usize::from(side.seat().0);
            let finished: Vec<PieceId> = (0..position.off[i]).filter_map(|_| next(side)).collect();
            let taken: Vec<PieceId> = (0..position.captured[i])
                .filter_map(|_| next(side))
                .collect();
            made.finished.extend(finished);
            made.captured.extend(taken);
        }
        made.points = [
            position.off[0] + position.captured[1],
            position.off[1] + position.captured[0],
        ];
        made.round = men::Round {
            phase: Phase::Throw {
                side: position.to_throw,
            },
            ..made.round
        };
        Ok(made)
    }
}

/// `side` to throw, with `stacks` (line, sides bottom first) on the board.
fn to_throw(side: Side, stacks: &[(u8, &[Side])]) -> Position {
    Position {
        stacks: stacks
            .iter()
            .map(|&(line, pieces)| StackAt {
                line,
                pieces: pieces.to_vec(),
            })
            .collect(),
        off: [0, 0],
        captured: [0, 0],
        to_throw: side,
    }
}

const W: Side = Side::White;
const B: Side = Side::Black;

/// The opening: every piece at its start, white to throw.
pub fn opening() -> Position {
    to_throw(W, &[])
}

/// A white piece on line 2, white to throw: entering with a 2 lands on it and stacks.
pub fn one_white_entered() -> Position {
    to_throw(W, &[(2, &[W]), (14, &[B])])
}

/// Two whites stacked on line 3, a lone black on 5, a white on 1: a 2 brings the pair
/// down onto the black.
pub fn pair_behind_a_black() -> Position {
    to_throw(W, &[(1, &[W]), (3, &[W, W]), (5, &[B])])
}

/// A lone white on line 4 behind a lone black on 5: landing on it captures nothing.
pub fn lone_white_behind_a_black() -> Position {
    to_throw(W, &[(4, &[W]), (5, &[B])])
}

/// Example 11.5: white, black, white, black from the top on line 5, a fifth white on 3,
/// another white on 8.
pub fn example_11_5() -> Position {
    to_throw(W, &[(5, &[B, W, B, W]), (3, &[W]), (8, &[W])])
}

/// Example 11.6: four whites stacked on line 10, a black on 12, another black on 14;
/// black to throw.
pub fn example_11_6() -> Position {
    to_throw(B, &[(10, &[W, W, W, W]), (12, &[B]), (14, &[B])])
}

/// A white-topped stack on line 15 holding a black, and a white on 6: a 2 takes the stack
/// off the far end.
pub fn stack_near_the_end() -> Position {
    to_throw(W, &[(15, &[B, W]), (6, &[W])])
}

/// Every named position, by name.
pub const NAMED: &[Named<Position>] = &[
    ("opening", opening),
    ("one-white-entered", one_white_entered),
    ("pair-behind-a-black", pair_behind_a_black),
    ("lone-white-behind-a-black", lone_white_behind_a_black),
    ("example-11-5", example_11_5),
    ("example-11-6", example_11_6),
    ("stack-near-the-end", stack_near_the_end),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::positions::{refusal, start_named};

    #[test]
    fn every_named_position_keeps_every_piece_once() {
        for (name, game) in start_named(NAMED, MenAsymmetric::from_position) {
            assert!(game.conserves_pieces(), "{name}");
        }
    }

    #[test]
    fn points_follow_from_the_pieces_off_and_captured() {
        let mut position = opening();
        position.off = [1, 2];
        position.captured = [2, 1];
        let game = MenAsymmetric::from_position(&position, GameId::default()).unwrap();
        assert_eq!((game.points(W), game.points(B)), (2, 4));
    }

    #[test]
    fn a_position_the_rules_cannot_reach_is_refused_with_its_reason() {
        let refused = |position: Position| refusal(MenAsymmetric::from_position, position);
        assert_eq!(
            refused(to_throw(W, &[(17, &[W])])),
            PositionError::NoSuchPlace {
                place: 17,
                last: 16
            }
        );
        assert_eq!(
            refused(to_throw(W, &[(3, &[W]), (3, &[B])])),
            PositionError::Crowded { place: 3 }
        );
        assert!(matches!(
            refused(to_throw(W, &[(3, &[W, W, W]), (4, &[W, W, W])])),
            PositionError::TooManyPieces { count: 6, .. }
        ));
        let changed = |change: fn(&mut Position)| {
            let mut position = opening();
            change(&mut position);
            refused(position)
        };
        assert!(matches!(
            changed(|p| p.captured = [1, 0]),
            PositionError::Unreachable { .. }
        ));
        assert_eq!(
            changed(|p| p.off = [0, 5]),
            PositionError::AlreadyOver { side: "Black" }
        );
    }
}
