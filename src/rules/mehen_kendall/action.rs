//! What a seat may do, what the game answers that it did, and why a game ended.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::sticks::Faces;
use crate::rules::{Outcome, Seat};

use super::piece::{PieceId, Place};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The sticks fell so (supplied by the room).
    Throw { faces: Faces },
    /// On a 1: put the next ball off the board on the first cell.
    EnterBall,
    /// On a 1: put the waiting lion on the first cell.
    EnterLion,
    /// On a 1: keep it as a saved one.
    Save,
    /// On a 2, 3 or 6: move this piece (a lion twice as far), spending saved ones where the
    /// move needs them.
    Move { piece: PieceId },
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Every lion is home; the winner's lion ate the most balls.
    MostEaten,
    /// Every lion is home; lions tied for the most eaten, and the winner's came home first.
    FirstHomeBreaksTie,
    /// Every ball not home had been eaten when the first lion came home: that lion wins.
    AllEaten,
}

pub type KendallOutcome = Outcome<Reason>;

/// Everything that happened, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Thrown {
        seat: Seat,
        score: u8,
    },
    /// A 1 was kept; `saved` is the player's new total.
    Saved {
        seat: Seat,
        saved: u32,
    },
    Entered {
        piece: PieceId,
    },
    /// `spent` saved ones paid for an exact landing in the centre or for leaving it.
    Moved {
        piece: PieceId,
        from: Place,
        to: Place,
        spent: u32,
    },
    /// A piece landed on by an opponent took the mover's cell.
    Swapped {
        piece: PieceId,
        to: Place,
    },
    /// A lion heading for the tail ate a ball, removed for good.
    Eaten {
        piece: PieceId,
        by: PieceId,
    },
    /// The player's first ball came home: its lion waits at the tail.
    LionEarned {
        seat: Seat,
    },
    /// The throw allowed no move; the turn passes.
    NoMove {
        seat: Seat,
        score: u8,
    },
    GameOver {
        outcome: KendallOutcome,
    },
}
