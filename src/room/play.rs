//! Game moves as the room handles them: which moves a client may make, and how the rules'
//! refusals are told to the client.

use thiserror::Error;

use super::throws::ThrowRefusal;
use crate::fair::throw::ThrowError;
use crate::rules::steps::Asked;
use crate::rules::{Move, Refusal, RefusalKind, Step};
use crate::store::journal::JournalError;
use crate::wire::{CommitmentMode, ErrorCode};

impl Asked {
    /// Whether a client may make this move in a room of `mode`: the server conceals only in
    /// server mode, clients commit and reveal only in trustless mode, and only the room
    /// withholds or throws.
    pub fn fits(&self, mode: CommitmentMode) -> bool {
        match self {
            Asked::Conceal(_) => mode == CommitmentMode::Server,
            Asked::Play(Move::Step(Step::Conceal { .. } | Step::Reveal { .. })) => {
                mode == CommitmentMode::Trustless
            }
            Asked::Play(Move::Step(Step::Withhold | Step::Throw { .. })) => false,
            Asked::Throw => true,
            Asked::Play(Move::Action(_)) => true,
        }
    }
}

/// Why a move was not made; the game is as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refused {
    #[error(transparent)]
    Rules(#[from] Refusal),
    #[error(transparent)]
    Unsaved(#[from] JournalError),
}

impl ThrowRefusal {
    /// The error code the client is told.
    pub fn code(&self) -> ErrorCode {
        match self {
            ThrowRefusal::NoSticks | ThrowRefusal::NotDue { .. } | ThrowRefusal::NotYetActive => {
                ErrorCode::WrongPhase
            }
            ThrowRefusal::NoChain | ThrowRefusal::NoLink => ErrorCode::Illegal,
            ThrowRefusal::Chain(ThrowError::ChainLength(_)) => ErrorCode::OutOfRange,
            ThrowRefusal::Chain(_) => ErrorCode::CommitmentMismatch,
        }
    }
}

impl Refused {
    /// The error code the client is told.
    pub fn code(&self) -> ErrorCode {
        let Refused::Rules(refusal) = self else {
            return ErrorCode::Unsaved;
        };
        match refusal.kind {
            RefusalKind::Malformed => ErrorCode::Malformed,
            RefusalKind::GameOver => ErrorCode::NotPlaying,
            RefusalKind::NotYourTurn => ErrorCode::NotYourTurn,
            RefusalKind::WrongPhase => ErrorCode::WrongPhase,
            RefusalKind::OutOfRange => ErrorCode::OutOfRange,
            RefusalKind::CommitmentMismatch => ErrorCode::CommitmentMismatch,
            RefusalKind::NoSuchSeat | RefusalKind::Illegal => ErrorCode::Illegal,
        }
    }
}
