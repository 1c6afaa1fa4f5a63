//! What everybody sees of symmetric Men: there are no secrets.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::rules::{Seat, Team};

use crate::rules::men::{PieceId, Reach, Side, Variant};

use super::action::{Action, MenOutcome};
use super::{MenSymmetric, PhaseView};

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "at", content = "line", rename_all = "snake_case")]
pub enum Place {
    /// Off the board at its side's start, not yet entered (or trapped and sent back).
    Start,
    /// On its side's own line, 1 to 16 from its start.
    Line(u8),
    /// Moved off the far end: finished.
    Off,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct View {
    pub turn: u32,
    /// Every piece by id (0–4 white, 5–9 black).
    pub pieces: BTreeMap<PieceId, PieceView>,
    pub sides: Vec<SideView>,
    pub phase: PhaseView,
    pub outcome: Option<MenOutcome>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PieceView {
    pub side: Side,
    pub place: Place,
    /// The board line, 0 to 31 from the narrow end, while the piece is on the board.
    pub board_line: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SideView {
    pub side: Side,
    pub seat: Seat,
    pub team: Team,
    pub at_start: u8,
    pub on_board: u8,
    /// Pieces moved off the far end: the race's score.
    pub off: u8,
}

/// One move the side to move may make, with where the piece would land.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MoveView {
    pub action: Action,
    pub to: Reach,
    /// The board line it lands on (0–31 from the narrow end), unless it leaves the board.
    pub board_line: Option<u8>,
}

impl MenSymmetric {
    pub fn view(&self) -> View {
        let pieces = PieceId::all()
            .filter_map(|piece| {
                let side = piece.side()?;
                let place = self.place(piece)?;
                let board_line = match place {
                    Place::Line(line) => Some(side.board_line(line)),
                    Place::Start | Place::Off => None,
                };
                Some((
                    piece,
                    PieceView {
                        side,
                        place,
                        board_line,
                    },
                ))
            })
            .collect();
        let sides = Side::BOTH
            .into_iter()
            .map(|side| {
                let at_start = self.count(side, Place::Start);
                let off = self.count(side, Place::Off);
                SideView {
                    side,
                    seat: side.seat(),
                    team: side.team(),
                    at_start,
                    on_board: super::PIECES - at_start - off,
                    off,
                }
            })
            .collect();
        View {
            turn: self.round.turn,
            pieces,
            sides,
            phase: self.phase_view(),
            outcome: self.round.phase.outcome(),
        }
    }
}
