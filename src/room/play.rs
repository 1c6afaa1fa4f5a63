//! Game moves as the room handles them: what a client's message asks for, and how the
//! engine's refusals are told to the client.

use thiserror::Error;

use crate::rules::mehen::{Action, MehenError};
use crate::store::journal::JournalError;
use crate::wire::{ClientMessage, CommitmentMode, ErrorCode};

/// A move for the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Server commitment mode: the room draws a nonce, commits to this number on the
    /// concealer's behalf and keeps both until the reveal. `Debug` shows the number, so a
    /// `Move` is never logged.
    Conceal(u8),
    /// Any other move, handed to the engine as it is.
    Play(Action),
}

impl Move {
    /// The version a client's move was made on and the move, or `None` for a message that is
    /// not a move.
    pub fn from_client(message: &ClientMessage) -> Option<(u64, Move)> {
        let (version, action) = match *message {
            ClientMessage::Conceal { version, number } => {
                return Some((version, Move::Conceal(number)));
            }
            ClientMessage::Choose { version, seat } => (version, Action::Choose { seat }),
            ClientMessage::Commit {
                version,
                commitment,
            } => (
                version,
                Action::Conceal {
                    commitment,
                    hand: None,
                },
            ),
            ClientMessage::Guess { version, number } => (version, Action::Guess { number }),
            ClientMessage::Reveal {
                version,
                number,
                nonce,
            } => (version, Action::Reveal { number, nonce }),
            ClientMessage::Advance { version, marble } => (version, Action::Advance { marble }),
            ClientMessage::Deploy { version } => (version, Action::Deploy),
            ClientMessage::Recover { version } => (version, Action::Recover),
            ClientMessage::Revive { version, seat } => (version, Action::Revive { seat }),
            ClientMessage::Join { .. }
            | ClientMessage::Spectate { .. }
            | ClientMessage::Propose { .. }
            | ClientMessage::Chat { .. }
            | ClientMessage::Ping { .. } => return None,
        };
        Some((version, Move::Play(action)))
    }

    /// Whether a client may make this move in a room of `mode`: the server conceals only in
    /// server mode, clients commit and reveal only in trustless mode.
    pub fn fits(&self, mode: CommitmentMode) -> bool {
        match self {
            Move::Conceal(_) => mode == CommitmentMode::Server,
            Move::Play(Action::Conceal { .. } | Action::Reveal { .. }) => {
                mode == CommitmentMode::Trustless
            }
            Move::Play(Action::Withhold) => false,
            Move::Play(_) => true,
        }
    }
}

/// Why a move was not made; the game is as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    #[error(transparent)]
    Rules(#[from] MehenError),
    #[error(transparent)]
    Unsaved(#[from] JournalError),
}

impl Refusal {
    /// The error code the client is told.
    pub fn code(&self) -> ErrorCode {
        match self {
            Refusal::Rules(MehenError::GameOver) => ErrorCode::NotPlaying,
            Refusal::Rules(MehenError::NotYourTurn { .. }) => ErrorCode::NotYourTurn,
            Refusal::Rules(MehenError::WrongPhase { .. }) => ErrorCode::WrongPhase,
            Refusal::Rules(MehenError::OutOfRange { .. }) => ErrorCode::OutOfRange,
            Refusal::Rules(MehenError::CommitmentMismatch) => ErrorCode::CommitmentMismatch,
            Refusal::Rules(_) => ErrorCode::Illegal,
            Refusal::Unsaved(_) => ErrorCode::Unsaved,
        }
    }
}
