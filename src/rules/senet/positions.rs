//! Senet from a described position, and the named positions of the houses and the moves
//! the seed describes: its tests and its lessons start from these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::Seat;
use crate::rules::positions::{Named, PositionError};

use super::{Board, HOUSE_OF_WATER, PIECES, Phase, SIDES, SQUARES, Senet};

/// Where the pieces stand and who throws next. Pieces are numbered in the order listed:
/// the Cones' first square is piece 0, the Spools' first piece 5; a side's pieces not
/// listed have left the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub cones: Vec<u8>,
    pub spools: Vec<u8>,
    /// The seat to throw the sticks next.
    pub to_throw: Seat,
}

impl Senet {
    /// A game at `position`, its first throw awaited, once the position is checked.
    pub fn from_position(position: &Position, game: GameId) -> Result<Senet, PositionError> {
        let seat = position.to_throw;
        PositionError::check_seat(seat, SIDES.len())?;
        let mut squares = [None; 2 * PIECES as usize];
        let mut taken = Vec::new();
        for (side, (&name, list)) in SIDES
            .iter()
            .zip([&position.cones, &position.spools])
            .enumerate()
        {
            if list.len() > usize::from(PIECES) {
                let (count, most) = (list.len(), PIECES);
                return Err(PositionError::TooManyPieces {
                    side: name,
                    count,
                    most,
                });
            }
            if list.is_empty() {
                return Err(PositionError::AlreadyOver { side: name });
            }
            let slots = squares.iter_mut().skip(side * usize::from(PIECES));
            for (slot, &square) in slots.zip(list) {
                check_square(square, &taken)?;
                taken.push(square);
                *slot = Some(square);
            }
        }
        Ok(Senet {
            game,
            board: Board::from_squares(squares),
            turn: 1,
            phase: Phase::Throw { seat, again: false },
        })
    }
}

fn check_square(square: u8, taken: &[u8]) -> Result<(), PositionError> {
    if !(1..=SQUARES).contains(&square) {
        return Err(PositionError::NoSuchPlace {
            place: square.into(),
            last: SQUARES.into(),
        });
    }
    if square == HOUSE_OF_WATER {
        let why = "a piece that stops on the House of Water drowns at once";
        return Err(PositionError::Forbidden {
            place: square.into(),
            why,
        });
    }
    if taken.contains(&square) {
        return Err(PositionError::Crowded {
            place: square.into(),
        });
    }
    Ok(())
}

/// The Cones to throw, with their pieces on `cones` and the Spools' on `spools`.
fn cones_throw(cones: &[u8], spools: &[u8]) -> Position {
    Position {
        cones: cones.to_vec(),
        spools: spools.to_vec(),
        to_throw: Seat(0),
    }
}

/// The opening: Spools on the odd squares from 1 to 9, Cones on the even ones to 10.
pub fn opening() -> Position {
    cones_throw(&[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9])
}

/// A Cone on 3 two squares behind a lone Spool on 5: a 2 lands on it and swaps them.
pub fn lone_spool_ahead() -> Position {
    cones_throw(&[3, 12], &[5, 20])
}

/// A Cone on 3 behind two Spools side by side on 5 and 6, who defend each other.
pub fn defended_pair() -> Position {
    cones_throw(&[3, 12], &[5, 6, 20])
}

/// A Cone on 3 behind three Spools in a row on 5, 6 and 7: a blockade.
pub fn blockade() -> Position {
    cones_throw(&[3, 12], &[5, 6, 7])
}

/// A Cone on 24, short of the House of Beauty (26), which every piece must stop on.
pub fn short_of_beauty() -> Position {
    cones_throw(&[24, 13], &[2, 4, 6, 8, 10])
}

/// A Cone on the House of Beauty, one square before the House of Water (27).
pub fn on_beauty() -> Position {
    cones_throw(&[26, 13], &[2, 4, 6, 8, 10])
}

/// The House of Rebirth (15) taken by a Spool while a Cone stands on the House of Beauty.
pub fn rebirth_taken() -> Position {
    cones_throw(&[26, 1], &[15, 2])
}

/// Cones on 28, 29 and 30, each a throw away from leaving the board, and one on 13.
pub fn at_the_end() -> Position {
    cones_throw(&[28, 29, 30, 13], &[2, 4, 6, 8, 10])
}

/// Cones on 5 and 6 and on 3, four squares short of making three in a row, with Spools
/// behind them.
pub fn blockade_to_make() -> Position {
    cones_throw(&[5, 6, 3, 12], &[1, 2])
}

/// A Cone on 30 with the other four off: a 1 wins the game.
pub fn last_cone() -> Position {
    cones_throw(&[30], &[1, 2])
}

/// Every named position, by name.
pub const NAMED: &[Named<Position>] = &[
    ("opening", opening),
    ("lone-spool-ahead", lone_spool_ahead),
    ("defended-pair", defended_pair),
    ("blockade", blockade),
    ("blockade-to-make", blockade_to_make),
    ("short-of-beauty", short_of_beauty),
    ("on-beauty", on_beauty),
    ("rebirth-taken", rebirth_taken),
    ("at-the-end", at_the_end),
    ("last-cone", last_cone),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::positions::refusal;

    #[test]
    fn a_position_the_rules_cannot_reach_is_refused_with_its_reason() {
        let refused =
            |cones: &[u8], spools: &[u8]| refusal(Senet::from_position, cones_throw(cones, spools));
        assert_eq!(refused(&[3, 3], &[5]), PositionError::Crowded { place: 3 });
        assert_eq!(refused(&[3], &[3]), PositionError::Crowded { place: 3 });
        assert_eq!(
            refused(&[31], &[5]),
            PositionError::NoSuchPlace {
                place: 31,
                last: 30
            }
        );
        assert!(matches!(
            refused(&[27], &[5]),
            PositionError::Forbidden { place: 27, .. }
        ));
        assert_eq!(
            refused(&[3], &[]),
            PositionError::AlreadyOver { side: "Spools" }
        );
        assert!(matches!(
            refused(&[1, 2, 3, 4, 5, 6], &[9]),
            PositionError::TooManyPieces { count: 6, .. }
        ));
        let mut position = opening();
        position.to_throw = Seat(2);
        assert_eq!(
            refusal(Senet::from_position, position),
            PositionError::NoSuchSeat { seat: Seat(2) }
        );
    }

    #[test]
    fn a_position_starts_with_the_throw_of_the_seat_it_names() {
        let mut position = blockade();
        position.to_throw = Seat(1);
        let game = Senet::from_position(&position, GameId::default()).unwrap();
        assert_eq!(game.awaiting().seats(), vec![Seat(1)]);
    }
}
