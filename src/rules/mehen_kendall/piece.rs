//! Balls and lions, their stable ids, and where a piece can be.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::{Seat, number_id};

use super::options::BALLS;

/// Ids per seat: six balls (0–5) and the lion (6).
const PER_SEAT: u8 = BALLS + 1;

number_id! {
    /// A piece, named for the whole game: seat × 7 + 0–5 for the balls, + 6 for the lion.
    pub struct PieceId(pub u8);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Ball,
    Lion,
}

impl PieceId {
    pub const fn ball(seat: Seat, index: u8) -> Self {
        PieceId(seat.0 * PER_SEAT + index)
    }

    pub const fn lion(seat: Seat) -> Self {
        PieceId(seat.0 * PER_SEAT + BALLS)
    }

    pub const fn owner(self) -> Seat {
        Seat(self.0 / PER_SEAT)
    }

    pub const fn kind(self) -> Kind {
        if self.0 % PER_SEAT == BALLS {
            Kind::Lion
        } else {
            Kind::Ball
        }
    }

    /// The ball's index 0–5 within its owner's set (the lion answers 6).
    pub const fn index(self) -> usize {
        (self.0 % PER_SEAT) as usize
    }
}

/// Where a piece is, as the engine keeps it. `Track(p)` counts progress along the whole
/// journey: 1 to cells − 1 heading in, `cells` in the centre, then onward heading out;
/// `2 × cells` and beyond is home.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Off,
    Track(u16),
    Home,
    Eaten,
}

/// Where a piece is, as a player reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Place {
    /// Off the board at the tail: a ball not yet entered, or a lion waiting to enter.
    OffBoard,
    /// On the cell, heading for the centre.
    Inward {
        cell: u16,
    },
    Centre,
    /// On the cell, heading back to the tail.
    Outward {
        cell: u16,
    },
    Home,
    Eaten,
}

impl Spot {
    pub const fn place(self, cells: u16) -> Place {
        match self {
            Spot::Off => Place::OffBoard,
            Spot::Home => Place::Home,
            Spot::Eaten => Place::Eaten,
            Spot::Track(p) if p < cells => Place::Inward { cell: p },
            Spot::Track(p) if p == cells => Place::Centre,
            Spot::Track(p) => Place::Outward {
                cell: 2 * cells - p,
            },
        }
    }

    /// The cell, when on the track outside the centre.
    pub const fn cell(self, cells: u16) -> Option<u16> {
        match self.place(cells) {
            Place::Inward { cell } | Place::Outward { cell } => Some(cell),
            _ => None,
        }
    }

    pub const fn on_track(self) -> bool {
        matches!(self, Spot::Track(_))
    }
}
