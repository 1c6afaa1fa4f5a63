//! Symmetric Men from a described position, and its named positions: the blocks, traps and
//! races its rules describe. Its tests and its lessons start from these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::men::{self, Phase};
use crate::rules::positions::{Named, PositionError};

use super::{LINES, MenSymmetric, PIECES, Place, Side};

/// Where the pieces stand and which side throws next. Lines are each side's own, 1 to 16
/// from its start; several pieces of a side may share one. Each side's pieces are numbered
/// in the order listed (white 0–4, black 5–9), then those moved off; the rest wait at
/// their start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub white: Vec<u8>,
    pub black: Vec<u8>,
    /// Pieces moved off the far end: white's, then black's.
    #[serde(default)]
    pub off: [u8; 2],
    pub to_throw: Side,
}

impl MenSymmetric {
    /// A game at `position`, its first throw awaited, once the position is checked.
    pub fn from_position(position: &Position, game: GameId) -> Result<Self, PositionError> {
        let mut made = MenSymmetric::new(game);
        for (side, lines) in Side::BOTH
            .into_iter()
            .zip([&position.white, &position.black])
        {
            let off = position.off[usize::from(side.seat().0)];
            PositionError::check_count(side.name(), lines.len() + usize::from(off), PIECES)?;
            if off == PIECES {
                return Err(PositionError::AlreadyOver { side: side.name() });
            }
            let places = lines
                .iter()
                .map(|&line| PositionError::check_place(line, LINES).map(|()| Place::Line(line)))
                .collect::<Result<Vec<_>, _>>()?;
            let offs = std::iter::repeat_n(Place::Off, usize::from(off));
            for (piece, place) in side.pieces().zip(places.into_iter().chain(offs)) {
                made.places[usize::from(piece.0)] = place;
            }
        }
        made.round = men::Round {
            phase: Phase::Throw {
                side: position.to_throw,
            },
            ..made.round
        };
        Ok(made)
    }
}

/// `side` to throw, white's pieces on `white` and black's on `black` (their own lines).
fn to_throw(side: Side, white: &[u8], black: &[u8]) -> Position {
    Position {
        white: white.to_vec(),
        black: black.to_vec(),
        off: [0, 0],
        to_throw: side,
    }
}

/// The opening: every piece at its start, white to throw.
pub fn opening() -> Position {
    to_throw(Side::White, &[], &[])
}

/// One white piece out on its line 1, black's far away.
pub fn one_white_out() -> Position {
    to_throw(Side::White, &[1], &[2])
}

/// Two white pieces on their line 4.
pub fn white_pair() -> Position {
    to_throw(Side::White, &[4, 4], &[2])
}

/// White pieces on their lines 3 and 5: a 2 brings the first beside the second.
pub fn block_to_make() -> Position {
    to_throw(Side::White, &[3, 5], &[2])
}

/// Two black pieces on black's line 12 (board line 9), right ahead of a white on its line
/// 5 (board line 8).
pub fn black_block_ahead() -> Position {
    to_throw(Side::White, &[5], &[12, 12])
}

/// A white piece on its line 6 (board line 10), a black on its line 11 (board line 11) and
/// another on its line 10 (board line 13): black's 2 closes the trap.
pub fn trap_to_close() -> Position {
    to_throw(Side::Black, &[6], &[11, 10])
}

/// A white piece on its line 15 and another on its line 3: any throw above 1 takes the
/// first off the far end.
pub fn white_near_the_end() -> Position {
    to_throw(Side::White, &[15, 3], &[2])
}

/// Every named position, by name.
pub const NAMED: &[Named<Position>] = &[
    ("opening", opening),
    ("one-white-out", one_white_out),
    ("white-pair", white_pair),
    ("block-to-make", block_to_make),
    ("black-block-ahead", black_block_ahead),
    ("trap-to-close", trap_to_close),
    ("white-near-the-end", white_near_the_end),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::positions::refusal;

    #[test]
    fn a_position_the_rules_cannot_reach_is_refused_with_its_reason() {
        let refused = |position: Position| refusal(MenSymmetric::from_position, position);
        assert_eq!(
            refused(to_throw(Side::White, &[0], &[])),
            PositionError::NoSuchPlace { place: 0, last: 16 }
        );
        assert!(matches!(
            refused(to_throw(Side::White, &[], &[1, 2, 3, 4, 5, 6])),
            PositionError::TooManyPieces { count: 6, .. }
        ));
        let mut position = opening();
        position.off = [5, 0];
        assert_eq!(
            refused(position),
            PositionError::AlreadyOver { side: "White" }
        );
    }
}
