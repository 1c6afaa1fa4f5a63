//! Why an action was refused, in words a player understands.

use thiserror::Error;

use crate::rules::guessing::{GuessingError, TurnError};
use crate::rules::{Refusal, RefusalKind};

use super::action::PharaohId;

/// A refused action. The game is left exactly as it was before.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PharaohsError {
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error(transparent)]
    Guessing(#[from] GuessingError),
    #[error("pharaoh {} is not one of your team's", .pharaoh.0)]
    NotYourPharaoh { pharaoh: PharaohId },
    #[error("pharaoh {} has already been delivered", .pharaoh.0)]
    AlreadyDelivered { pharaoh: PharaohId },
    #[error("a lion may only be unleashed on pharaoh {}", .offered.0)]
    WrongTarget { offered: PharaohId },
}

impl From<PharaohsError> for Refusal {
    fn from(error: PharaohsError) -> Self {
        let kind = match error {
            PharaohsError::Turn(ref turn) => turn.kind(),
            PharaohsError::Guessing(ref guessing) => guessing.kind(),
            _ => RefusalKind::Illegal,
        };
        Refusal::new(kind, error.to_string())
    }
}
