//! Why an action was refused, in words a player understands.

use thiserror::Error;

use crate::rules::{Refusal, RefusalKind, Seat};

use super::action::PieceId;
use super::board::Blocked;

/// A refused action. The game is left exactly as it was before.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SenetError {
    #[error("the game is over")]
    GameOver,
    #[error("{seat} is not at this table")]
    NoSuchSeat { seat: Seat },
    #[error("it is not your turn: the game is waiting for {waiting}")]
    NotYourTurn { waiting: Seat },
    #[error("you cannot throw now: you have thrown, move a piece")]
    ThrowWhileMoving,
    #[error("you cannot move yet: throw the sticks first")]
    MoveBeforeThrow,
    #[error("Senet is thrown with four sticks; those faces name a stick that is not there")]
    ForeignSticks,
    #[error("there is no piece {}: pieces are numbered 0 to 9", .piece.0)]
    NoSuchPiece { piece: PieceId },
    #[error("piece {} is not yours", .piece.0)]
    NotYourPiece { piece: PieceId },
    #[error("piece {} cannot move {score}: {blocked}", .piece.0)]
    Blocked {
        piece: PieceId,
        score: u8,
        blocked: Blocked,
    },
}

impl From<SenetError> for Refusal {
    fn from(error: SenetError) -> Self {
        let kind = match error {
            SenetError::GameOver => RefusalKind::GameOver,
            SenetError::NoSuchSeat { .. } => RefusalKind::NoSuchSeat,
            SenetError::NotYourTurn { .. } => RefusalKind::NotYourTurn,
            SenetError::ThrowWhileMoving | SenetError::MoveBeforeThrow => RefusalKind::WrongPhase,
            SenetError::ForeignSticks => RefusalKind::Malformed,
            _ => RefusalKind::Illegal,
        };
        Refusal::new(kind, error.to_string())
    }
}
