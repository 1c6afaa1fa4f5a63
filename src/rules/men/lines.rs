//! The board both Men rule sets share: two sides, five pieces each, sixteen lines a side
//! travels, and the one ordering of all thirty-two lines across the board.
//!
//! The board alternates narrow and wide lines. Counted from the narrow end, board line 0 is
//! narrow and board line 31 wide, so one end begins with a narrow line and the other with a
//! wide one. White enters at the narrow end and travels on narrow lines (board lines 0, 2,
//! …, 30); black enters at the wide end and travels on wide lines (31, 29, …, 1). A side
//! counts its own lines 1 to 16 from its starting end.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::{Seat, Team, number_id};

/// Lines a side travels from its start to the far end.
pub const LINES: u8 = 16;

/// Pieces per side.
pub const PIECES: u8 = 5;

/// The thirty-two narrow and wide lines of the board.
pub const BOARD_LINES: u8 = 2 * LINES;

/// The two sides: white (five small pieces) and black (five large pieces).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    pub const fn of_seat(seat: Seat) -> Option<Side> {
        match seat.0 {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            _ => None,
        }
    }

    pub const fn seat(self) -> Seat {
        match self {
            Side::White => Seat(0),
            Side::Black => Seat(1),
        }
    }

    pub const fn team(self) -> Team {
        Team(self.seat().0)
    }

    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// This side's pieces, lowest id first.
    pub fn pieces(self) -> impl Iterator<Item = PieceId> {
        PieceId::all().filter(move |p| p.side() == Some(self))
    }

    /// The narrow line, counted 1 to 16 from the narrow (white) end, that is this side's
    /// own `line`, counted from its own start.
    pub const fn narrow_line(self, line: u8) -> u8 {
        match self {
            Side::White => line,
            Side::Black => LINES + 1 - line,
        }
    }

    /// Where this side's own `line` (1 to 16) lies among all thirty-two board lines,
    /// counted 0 to 31 from the narrow end.
    pub const fn board_line(self, line: u8) -> u8 {
        match self {
            Side::White => 2 * (line - 1),
            Side::Black => BOARD_LINES - 1 - 2 * (line - 1),
        }
    }
}

number_id! {
    /// A piece, named for the whole game: 0–4 are white, 5–9 black.
    pub struct PieceId(pub u8);
}

impl PieceId {
    /// Every piece, white first.
    pub fn all() -> impl Iterator<Item = PieceId> {
        (0..2 * PIECES).map(PieceId)
    }

    /// The side a piece belongs to, or `None` for an id no piece has.
    pub const fn side(self) -> Option<Side> {
        match self.0 {
            0..PIECES => Some(Side::White),
            PIECES..=9 => Some(Side::Black),
            _ => None,
        }
    }
}

/// Where a throw carries a piece that stands on its own `line` (0 before it has entered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// The side's own line, 1 to 16.
    Line(u8),
    /// Beyond the sixteenth line: off the far end. No exact throw is needed.
    Off,
}

impl Reach {
    pub const fn from(line: u8, score: u8) -> Reach {
        let to = line + score;
        if to > LINES {
            Reach::Off
        } else {
            Reach::Line(to)
        }
    }

    /// The side's own line reached, unless the piece leaves the board.
    pub const fn line(self) -> Option<u8> {
        match self {
            Reach::Line(line) => Some(line),
            Reach::Off => None,
        }
    }
}
