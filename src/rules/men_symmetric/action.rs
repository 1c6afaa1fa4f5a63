//! What a seat may do in symmetric Men, and what the game answers that it did.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::Outcome;
use crate::rules::men::{self, PieceId, Reach, Side, Told};
use crate::rules::sticks::Faces;

men::declare_action! {
    options:
    /// Symmetric Men has nothing to set up: the board and pieces are fixed.
    moving:
    /// Move a piece on the board forward by the throw, or off the far end.
}

/// Why a game of symmetric Men ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The winner moved all five pieces off the far end first.
    AllOff,
}

pub type MenOutcome = Outcome<Reason>;

/// What happened. Every line an event names is counted in the piece's own side's lines,
/// 1–16 from that side's start (white's are the narrow lines, black's the wide ones).
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
    /// A piece entered onto its side's own line `line`.
    Entered {
        piece: PieceId,
        line: u8,
    },
    /// A piece moved from its side's own line `from`.
    Moved {
        piece: PieceId,
        from: u8,
        to: Reach,
    },
    /// A piece trapped between two opposing pieces, on its side's own line `line`, went
    /// back to the start.
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

impl From<Told<Reason>> for Event {
    fn from(told: Told<Reason>) -> Self {
        match told {
            Told::Thrown { side, faces, score } => Event::Thrown { side, faces, score },
            Told::NoMove { side, score } => Event::NoMove { side, score },
            Told::SecondTurn { side } => Event::SecondTurn { side },
            Told::GameOver { outcome } => Event::GameOver { outcome },
        }
    }
}
