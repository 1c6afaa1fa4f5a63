//! What a seat may do, and what the game answers that it did.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::sticks::Faces;
use crate::rules::{Outcome, Seat, number_id};

/// The set-up of a game of Senet. The seed offers no variants, so there is nothing to choose.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Options {}

number_id! {
    /// One of the ten pieces, named for the whole game: 0 to 4 are the Cones', 5 to 9 the
    /// Spools'.
    pub struct PieceId(pub u8);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The sticks fell so: a step the room supplies, never listed as a legal action.
    Throw { faces: Faces },
    /// Use the current throw to move this piece.
    Move { piece: PieceId },
}

/// Why a game of Senet ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The winner brought all five pieces off the board first.
    AllPiecesOff,
}

pub type SenetOutcome = Outcome<WinReason>;

/// Everything that happened, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Thrown {
        seat: Seat,
        faces: Faces,
        score: u8,
    },
    /// The throw could move no piece, so it is lost.
    NoMove {
        seat: Seat,
        score: u8,
    },
    Moved {
        piece: PieceId,
        seat: Seat,
        from: u8,
        to: u8,
    },
    /// A lone enemy piece was bumped back to the square the mover left.
    Swapped {
        piece: PieceId,
        owner: Seat,
        from: u8,
        to: u8,
    },
    /// The piece stopped on the House of Water (27) and went back to `to`.
    Drowned {
        piece: PieceId,
        seat: Seat,
        to: u8,
    },
    /// The piece landed one square past 30 and left the board.
    LeftBoard {
        piece: PieceId,
        seat: Seat,
        from: u8,
    },
    /// The throw just used was a 1, 4 or 6: the same player throws again.
    ThrowAgain {
        seat: Seat,
    },
    /// The other player's turn begins.
    TurnPassed {
        seat: Seat,
        turn: u32,
    },
    GameOver {
        outcome: SenetOutcome,
    },
}
