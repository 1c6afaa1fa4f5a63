//! Starting a game from a described position: where the pieces stand and whose throw it
//! is, as a lesson, a test or a bug report writes it. Each rule set that can start so has a
//! `positions` file of its own with its `Position` (the description, read from JSON as
//! well), the check that builds a game from it, and its named positions: the worked
//! examples of its source, shared by its tests and its lessons.
//!
//! A position is checked against the rules before a game is made from it: a piece off the
//! board, two pieces where only one may stand, more pieces than a side has, or a game that
//! would already be over is refused with a [`PositionError`] saying what is wrong.
//!
//! The checks every rule set's positions pass are written once, at the end of this file:
//! each named position starts a game, the first of them, the opening, the game a new table
//! starts. A rule set's own tests ask for its refusals through `refusal`.

use thiserror::Error;

#[cfg(test)]
use crate::fair::GameId;

use super::Seat;

/// Why a described position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("{side} has {count} pieces in this position, more than the {most} it plays with")]
    TooManyPieces {
        side: &'static str,
        count: usize,
        most: u8,
    },
    #[error("there is no place {place} on the board: places run from 1 to {last}")]
    NoSuchPlace { place: u16, last: u16 },
    #[error("{place} holds two pieces, where only one may stand")]
    Crowded { place: u16 },
    #[error("{side} has no piece left to play: the game would already be over")]
    AlreadyOver { side: &'static str },
    #[error("{seat} is not at the table")]
    NoSuchSeat { seat: Seat },
    #[error("no piece can stand on {place}: {why}")]
    Forbidden { place: u16, why: &'static str },
    #[error("no game reaches this position: {why}")]
    Unreachable { why: &'static str },
}

impl PositionError {
    /// Refuses `count` pieces of `side` when it plays with `most`.
    pub fn check_count(side: &'static str, count: usize, most: u8) -> Result<(), PositionError> {
        match count > usize::from(most) {
            true => Err(PositionError::TooManyPieces { side, count, most }),
            false => Ok(()),
        }
    }

    /// Refuses `place` outside `1..=last`.
    pub fn check_place(place: impl Into<u16>, last: impl Into<u16>) -> Result<(), PositionError> {
        let (place, last) = (place.into(), last.into());
        match (1..=last).contains(&place) {
            true => Ok(()),
            false => Err(PositionError::NoSuchPlace { place, last }),
        }
    }

    /// Refuses `seat` at a table of `seats`.
    pub fn check_seat(seat: Seat, seats: usize) -> Result<(), PositionError> {
        match usize::from(seat.0) < seats {
            true => Ok(()),
            false => Err(PositionError::NoSuchSeat { seat }),
        }
    }

    /// The players a position seats, one for each of the `listed`; `why` refuses a number
    /// the rule set is not played by.
    pub fn players<Players: TryFrom<u8>>(
        listed: usize,
        why: &'static str,
    ) -> Result<Players, PositionError> {
        u8::try_from(listed)
            .ok()
            .and_then(|count| Players::try_from(count).ok())
            .ok_or(PositionError::Unreachable { why })
    }
}

/// A named position: its name, and what makes it.
pub type Named<Position> = (&'static str, fn() -> Position);

/// How a rule set starts a game at one of its positions: its `from_position`.
#[cfg(test)]
pub type Start<Position, Game> = fn(&Position, GameId) -> Result<Game, PositionError>;

/// For a rule set's tests: the game each of `named` starts through `start`, by name. A
/// position that cannot be played fails the test, naming it.
#[cfg(test)]
pub fn start_named<Position, Game>(
    named: &[Named<Position>],
    start: Start<Position, Game>,
) -> Vec<(&'static str, Game)> {
    named
        .iter()
        .map(|&(name, position)| {
            let game = start(&position(), GameId::default());
            (
                name,
                game.unwrap_or_else(|refusal| panic!("{name}: {refusal}")),
            )
        })
        .collect()
}

/// For a rule set's tests: why `start` refuses `position`. A game started there fails the
/// test.
#[cfg(test)]
pub fn refusal<Position, Game: std::fmt::Debug>(
    start: Start<Position, Game>,
    position: Position,
) -> PositionError {
    start(&position, GameId::default()).expect_err("the position should be refused")
}

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    use super::*;
    use crate::rules::mehen::{self, Mehen, positions as san_martin};
    use crate::rules::mehen_kendall::{self, MehenKendall, positions as kendall};
    use crate::rules::mehen_pharaohs::{self, MehenPharaohs, positions as pharaohs};
    use crate::rules::men_asymmetric::{MenAsymmetric, positions as asymmetric};
    use crate::rules::men_symmetric::{MenSymmetric, positions as symmetric};
    use crate::rules::senet::{Senet, positions as senet};

    /// Every one of `named` starts a game through `start`, and the first, the opening, starts
    /// the game `new` is.
    fn check_named<Position, Game: PartialEq + Debug>(
        named: &[Named<Position>],
        start: Start<Position, Game>,
        new: Game,
    ) {
        let games = start_named(named, start);
        assert_eq!(games.first(), Some(&("opening", new)));
    }

    #[test]
    fn every_named_position_is_legal_and_each_opening_is_a_new_game() {
        let game = GameId::default();
        let new = Senet::new(game);
        check_named(senet::NAMED, Senet::from_position, new);
        let new = MenSymmetric::new(game);
        check_named(symmetric::NAMED, MenSymmetric::from_position, new);
        let new = MenAsymmetric::new(game);
        check_named(asymmetric::NAMED, MenAsymmetric::from_position, new);
        let duel = mehen::Config {
            mode: mehen::Mode::Duel,
            board: mehen::Board::Compact,
        };
        let new = Mehen::new(duel, game);
        check_named(san_martin::NAMED, Mehen::from_position, new);
        // The six-player game has no opening among its named positions.
        start_named(san_martin::TEAMS_NAMED, Mehen::from_teams_position);
        let two = mehen_kendall::Options {
            players: mehen_kendall::Players::try_from(2).unwrap(),
            board: mehen_kendall::Board::Compact,
        };
        let new = MehenKendall::new(two, game);
        check_named(kendall::NAMED, MehenKendall::from_position, new);
        let two = mehen_pharaohs::Options {
            players: mehen_pharaohs::Players::TWO,
        };
        let new = MehenPharaohs::new(two, game);
        check_named(pharaohs::NAMED, MehenPharaohs::from_position, new);
    }
}
