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

/// A marble-guessing game's phase, as a refusal names it.
pub trait Waiting {
    /// What the game waits for, as the end of the sentence "the game is waiting for …".
    fn waiting_for(&self) -> &'static str;

    fn is_over(&self) -> bool;
}

impl TurnError {
    /// `action` refused in `phase`: the game is over, or it waits for something else.
    pub fn wrong_phase(phase: &impl Waiting, action: &'static str) -> Self {
        if phase.is_over() {
            TurnError::GameOver
        } else {
            TurnError::WrongPhase {
                action,
                waiting: phase.waiting_for(),
            }
        }
    }

    /// `action` refused in `phase` from a seat whose turn it is not.
    pub fn not_your_turn(phase: &impl Waiting, action: &'static str) -> Self {
        TurnError::NotYourTurn {
            action,
            waiting: phase.waiting_for(),
        }
    }

    pub fn kind(&self) -> RefusalKind {
        match self {
            TurnError::GameOver => RefusalKind::GameOver,
            TurnError::NoSuchSeat { .. } => RefusalKind::NoSuchSeat,
            TurnError::NotYourTurn { .. } => RefusalKind::NotYourTurn,
            TurnError::WrongPhase { .. } => RefusalKind::WrongPhase,
        }
    }
}
