//! The refusals about whose turn it is, worded the same in every marble-guessing game.

use thiserror::Error;

use crate::rules::{RefusalKind, Seat};

/// A step refused because the game is over, the seat is not at the table, or the game
/// waits for someone or something else. The game is as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TurnError {
    #[error("the game is over")]
    GameOver,
    #[error("{seat} is not at this table")]
    NoSuchSeat { seat: Seat },
    #[error("it is not your turn to {action}: the game is waiting for {waiting}")]
    NotYourTurn {
        action: &'static str,
        waiting: &'static str,
    },
    #[error("you cannot {action} now: the game is waiting for {waiting}")]
    WrongPhase {
        action: &'static str,
        waiting: &'static str,
    },
}

impl TurnError {
    pub fn kind(&self) -> RefusalKind {
        match self {
            TurnError::GameOver => RefusalKind::GameOver,
            TurnError::NoSuchSeat { .. } => RefusalKind::NoSuchSeat,
            TurnError::NotYourTurn { .. } => RefusalKind::NotYourTurn,
            TurnError::WrongPhase { .. } => RefusalKind::WrongPhase,
        }
    }
}
