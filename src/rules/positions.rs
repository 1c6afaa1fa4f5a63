//! Starting a game from a described position: where the pieces stand and whose throw it
//! is, as a lesson, a test or a bug report writes it. Each rule set that can start so has a
//! `positions` file of its own with its `Position` (the description, read from JSON as
//! well), the check that builds a game from it, and its named positions: the worked
//! examples of its source, shared by its tests and its lessons.
//!
//! A position is checked against the rules before a game is made from it: a piece off the
//! board, two pieces where only one may stand, more pieces than a side has, or a game that
//! would already be over is refused with a [`PositionError`] saying what is wrong.

use thiserror::Error;

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
}

/// A named position: its name, and what makes it.
pub type Named<Position> = (&'static str, fn() -> Position);
