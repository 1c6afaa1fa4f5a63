//! Why an action was refused, in words a player understands.

use thiserror::Error;

use crate::rules::guessing::{GuessingError, TurnError};
use crate::rules::{Refusal, RefusalKind, Seat};

use super::action::MarbleId;

/// A refused action. The game is left exactly as it was before.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MehenError {
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error(transparent)]
    Guessing(#[from] GuessingError),
    #[error("{seat} cannot be chosen: {reason}")]
    NotEligible { seat: Seat, reason: &'static str },
    #[error("{seat} is not on your team")]
    NotTeammate { seat: Seat },
    #[error("there is no marble {} on the serpent", .marble.0)]
    NoSuchMarble { marble: MarbleId },
    #[error("marble {} is not yours", .marble.0)]
    NotYourMarble { marble: MarbleId },
    #[error("marble {} has finished and cannot move again", .marble.0)]
    MarbleFinished { marble: MarbleId },
    #[error("you already have {limit} marble(s) on the serpent, the most allowed")]
    SerpentFull { limit: u8 },
    #[error("you have finished your journey: you may only revive a frozen teammate")]
    FinisherMayOnlyRevive,
    #[error("none of your lions has fallen")]
    NoFallenLion,
    #[error("{seat} is not frozen")]
    NotFrozen { seat: Seat },
    #[error("that action is not part of this game mode")]
    NotInThisMode,
}

impl From<MehenError> for Refusal {
    fn from(error: MehenError) -> Self {
        let kind = match error {
            MehenError::Turn(ref turn) => turn.kind(),
            MehenError::Guessing(ref guessing) => guessing.kind(),
            _ => RefusalKind::Illegal,
        };
        Refusal::new(kind, error.to_string())
    }
}
