//! What a seat may do in symmetric Men, and what the game answers that it did.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::Outcome;
use crate::rules::sticks::Faces;

use super::lines::{PieceId, Reach, Side};

/// Symmetric Men has nothing to set up: the board and pieces are fixed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Options {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The sticks fell so (supplied by the room, never listed).
    Throw { faces: Faces },
    /// Bring a piece from the start onto the side's own line numbered by the throw.
    Enter,
    /// Move a piece on the board forward by the throw, or off the far end.
    Move { piece: PieceId },
}

/// Why a game of symmetric Men ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The winner moved all five pieces off the far end first.
    AllOff,
}

pub type MenOutcome = Outcome<Reason>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Thrown {
        side: Side,
        faces: Faces,
        score: u8,
    },
    /// No piece could move by the throw; the turn passes.
    NoMove {
        side: Side,
        score: u8,
    },
    Entered {
        piece: PieceId,
        line: u8,
    },
    Moved {
        piece: PieceId,
        from: u8,
        to: Reach,
    },
    /// A piece trapped between two opposing pieces went back to the start.
    Trapped {
        piece: PieceId,
        line: u8,
    },
    /// A trap earned the mover another throw.
    SecondTurn {
        side: Side,
    },
    GameOver {
        outcome: MenOutcome,
    },
}
