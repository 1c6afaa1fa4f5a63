//! What a seat may do in asymmetric Men, and what the game answers that it did.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::Outcome;
use crate::rules::men::{self, PieceId, Reach, Side, Told};
use crate::rules::sticks::Faces;

men::declare_action! {
    options:
    /// Asymmetric Men has nothing to set up: the board and pieces are fixed.
    moving:
    /// Move the stack whose top piece is `piece` (a lone piece is a stack of one).
}

/// Which of the two endings of rule 15 came; the winner is who has more points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Every piece of one side was captured.
    AllCaptured,
    /// One side has moved off every piece it had left.
    AllMovedOff,
}

pub type MenOutcome = Outcome<Reason>;

/// Where a moved stack came to. Every line in asymmetric Men's events is counted one way,
/// 1–16 from the white end, as the view's stacks are: both sides travel the same lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    /// Narrow line 1–16, counted from the white end.
    Line(u8),
    /// Off the mover's far end.
    Off,
}

impl Landing {
    /// Where `side`'s move that reaches `to` (in its own lines) lands.
    pub const fn of(side: Side, to: Reach) -> Landing {
        match to {
            Reach::Line(own) => Landing::Line(side.narrow_line(own)),
            Reach::Off => Landing::Off,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Thrown {
        side: Side,
        faces: Faces,
        score: u8,
    },
    /// The side controls no stack and has no piece to enter; the turn passes.
    NoMove {
        side: Side,
    },
    /// A piece entered onto narrow line `line` (1–16 from the white end).
    Entered {
        piece: PieceId,
        line: u8,
    },
    /// The stack topped by `piece` moved from narrow line `from` (1–16 from the white end)
    /// to `to`, counted the same way.
    Moved {
        piece: PieceId,
        from: u8,
        to: Landing,
    },
    /// Pieces captured into `by`'s scoring pile, scoring `points`.
    Captured {
        pieces: Vec<PieceId>,
        by: Side,
        points: u8,
    },
    /// A lone piece or a stack left the far end: its controller's pieces score.
    Finished {
        pieces: Vec<PieceId>,
        side: Side,
    },
    /// The opponent's pieces in a stack that left the board went back to their start.
    SentBack {
        pieces: Vec<PieceId>,
    },
    /// A capture earned the mover another throw.
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
            Told::NoMove { side, .. } => Event::NoMove { side },
            Told::SecondTurn { side } => Event::SecondTurn { side },
            Told::GameOver { outcome } => Event::GameOver { outcome },
        }
    }
}
