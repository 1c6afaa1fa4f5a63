//! What everybody sees of asymmetric Men: there are no secrets.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::rules::men::{PieceId, Reach, Side, Variant};
use crate::rules::{Seat, Team};

use super::action::{Action, MenOutcome};
use super::stacks::controller;
use super::{MenAsymmetric, PhaseView};

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "at", content = "line", rename_all = "snake_case")]
pub enum Place {
    /// Off the board at its side's start: not yet entered, or sent back.
    Start,
    /// In the stack on narrow line 1–16, counted from the white (narrow) end.
    Line(u8),
    /// Moved off the far end, in its side's scoring pile.
    Off,
    /// Captured, in the captor's scoring pile.
    Captured,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct View {
    pub turn: u32,
    /// Every piece by id (0–4 white, 5–9 black).
    pub pieces: BTreeMap<PieceId, PieceView>,
    /// The stacks by narrow line (1–16 from the white end).
    pub stacks: BTreeMap<u8, StackView>,
    pub sides: Vec<SideView>,
    pub phase: PhaseView,
    pub outcome: Option<MenOutcome>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PieceView {
    pub side: Side,
    pub place: Place,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct StackView {
    /// Top first: the first piece controls the stack.
    pub pieces: Vec<PieceId>,
    /// The controlling side, whose far end the stack travels towards.
    pub controller: Side,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SideView {
    pub side: Side,
    pub seat: Seat,
    pub team: Team,
    pub points: u8,
    pub at_start: u8,
    pub on_board: u8,
    pub off: u8,
    /// This side's pieces the opponent has captured.
    pub captured: u8,
}

/// One move the side to move may make, with where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MoveView {
    pub action: Action,
    pub to: Reach,
    /// The narrow line it lands on (1–16 from the white end), unless it leaves the board.
    pub lands_on: Option<u8>,
}

impl MenAsymmetric {
    pub fn view(&self) -> View {
        let pieces = PieceId::all()
            .filter_map(|piece| {
                let side = piece.side()?;
                let place = self.place(piece);
                Some((piece, PieceView { side, place }))
            })
            .collect();
        let stacks = (1..=self.stacks.len() as u8)
            .filter_map(|line| {
                let stack = self.stack(line);
                let view = StackView {
                    pieces: stack.iter().rev().copied().collect(),
                    controller: controller(stack)?,
                };
                Some((line, view))
            })
            .collect();
        let sides = Side::BOTH
            .into_iter()
            .map(|side| SideView {
                side,
                seat: side.seat(),
                team: side.team(),
                points: self.points(side),
                at_start: self.count(side, Place::Start),
                on_board: self.on_board(side),
                off: self.count(side, Place::Off),
                captured: self.count(side, Place::Captured),
            })
            .collect();
        View {
            turn: self.round.turn,
            pieces,
            stacks,
            sides,
            phase: self.phase_view(),
            outcome: self.round.phase.outcome(),
        }
    }
}
