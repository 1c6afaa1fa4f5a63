//! Why an action was refused, in words a player understands.

use thiserror::Error;

use crate::rules::{Refusal, RefusalKind, Seat};

use super::piece::PieceId;

/// A refused action. The game is left exactly as it was before.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KendallError {
    #[error("the game is over")]
    GameOver,
    #[error("{seat} is not at this table")]
    NoSuchSeat { seat: Seat },
    #[error("it is not your turn: the game is waiting for {waiting}")]
    NotYourTurn { waiting: Seat },
    #[error("you cannot {action} now: the game is waiting for {waiting}")]
    WrongPhase {
        action: &'static str,
        waiting: &'static str,
    },
    #[error("those are not three sticks: faces {faces:#b} name a fourth")]
    NotThreeSticks { faces: u8 },
    #[error("only a throw of 1 can be {used}; you threw {score}")]
    NeedsOne { used: &'static str, score: u8 },
    #[error("a 1 moves nothing on the track: enter a piece or save it")]
    OneMovesNothing,
    #[error("you have no ball left off the board")]
    NoBallOffBoard,
    #[error("your lion is home: your remaining balls stay off the board")]
    LionHome,
    #[error("you have no lion waiting at the tail")]
    NoLionWaiting,
    #[error("the first cell is taken: nothing can enter until it is free")]
    EntryTaken,
    #[error("there is no piece {}", .piece.0)]
    NoSuchPiece { piece: PieceId },
    #[error("piece {} is not yours", .piece.0)]
    NotYourPiece { piece: PieceId },
    #[error("piece {} is not on the track ({place})", .piece.0)]
    NotOnTrack { piece: PieceId, place: &'static str },
    #[error("the centre needs an exact score: you are {over} over and have {saved} saved one(s)")]
    OverScore { over: u32, saved: u32 },
    #[error("leaving the centre costs {need} saved ones; you have {saved}")]
    ExitFee { need: u32, saved: u32 },
    #[error("your own piece stands on cell {cell}")]
    OwnPiece { cell: u16 },
}

impl From<KendallError> for Refusal {
    fn from(error: KendallError) -> Self {
        let kind = match error {
            KendallError::GameOver => RefusalKind::GameOver,
            KendallError::NoSuchSeat { .. } => RefusalKind::NoSuchSeat,
            KendallError::NotYourTurn { .. } => RefusalKind::NotYourTurn,
            KendallError::WrongPhase { .. } => RefusalKind::WrongPhase,
            KendallError::NotThreeSticks { .. } => RefusalKind::Malformed,
            _ => RefusalKind::Illegal,
        };
        Refusal::new(kind, error.to_string())
    }
}
