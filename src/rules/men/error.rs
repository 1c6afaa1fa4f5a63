//! Why an action was refused, in words a player understands; shared by both Men rule sets.

use thiserror::Error;

use crate::rules::{Refusal, RefusalKind, Seat};

use super::lines::PieceId;

/// A refused action. The game is left exactly as it was before.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MenError {
    #[error("the game is over")]
    GameOver,
    #[error("{seat} is not at this table: Men is played by seat 0 (white) and seat 1 (black)")]
    NoSuchSeat { seat: Seat },
    #[error("it is not your turn: the game is waiting for {waiting}")]
    NotYourTurn { waiting: String },
    #[error("you cannot {action} now: the game is waiting for {waiting}")]
    WrongPhase {
        action: &'static str,
        waiting: String,
    },
    #[error("a throw of Men's four sticks cannot show faces {faces:#b}")]
    SticksBeyond { faces: u8 },
    #[error("there is no piece {}", .piece.0)]
    NoSuchPiece { piece: PieceId },
    #[error("piece {} is not yours", .piece.0)]
    NotYourPiece { piece: PieceId },
    #[error("piece {} {why}", .piece.0)]
    CannotMove { piece: PieceId, why: &'static str },
    #[error("you cannot enter a piece: {why}")]
    CannotEnter { why: &'static str },
}

impl From<MenError> for Refusal {
    fn from(error: MenError) -> Self {
        let kind = match error {
            MenError::GameOver => RefusalKind::GameOver,
            MenError::NoSuchSeat { .. } => RefusalKind::NoSuchSeat,
            MenError::NotYourTurn { .. } => RefusalKind::NotYourTurn,
            MenError::WrongPhase { .. } => RefusalKind::WrongPhase,
            MenError::SticksBeyond { .. } => RefusalKind::Malformed,
            _ => RefusalKind::Illegal,
        };
        Refusal::new(kind, error.to_string())
    }
}
