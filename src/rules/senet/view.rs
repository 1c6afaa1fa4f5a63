//! What everybody sees of a game: Senet has no secrets.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::rules::{Rules, Seat, Team};

use super::action::{PieceId, SenetOutcome};
use super::board::{Board, Plan};
use super::{Phase, SIDES, Senet, throws_again};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct View {
    pub turn: u32,
    pub sides: Vec<SideView>,
    /// All ten pieces by id; ids never change. `square` is `None` once a piece is off.
    pub pieces: BTreeMap<PieceId, PieceView>,
    pub phase: PhaseView,
    pub outcome: Option<SenetOutcome>,
}

/// Nothing is hidden in Senet: no seat is ever shown a secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct NoSecret {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SideView {
    pub seat: Seat,
    pub team: Team,
    pub side: &'static str,
    /// Pieces brought off the board.
    pub off: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PieceView {
    pub owner: Seat,
    pub square: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    /// `again`: this is the extra throw a used 1, 4 or 6 earned.
    Throw {
        seat: Seat,
        again: bool,
    },
    /// `seat` threw `score`; `throws_again` says whether using it earns another throw;
    /// `moves` are the legal moves with where each lands, for the board to highlight.
    Move {
        seat: Seat,
        score: u8,
        throws_again: bool,
        moves: Vec<Plan>,
    },
    Over,
}

impl Senet {
    pub fn view(&self) -> View {
        let board = self.board();
        let sides = (0u8..)
            .zip(SIDES)
            .map(|(seat, side)| SideView {
                seat: Seat(seat),
                team: Team(seat),
                side,
                off: board.off(Seat(seat)),
            })
            .collect();
        let pieces = board
            .pieces()
            .filter_map(|(piece, square)| {
                Board::owner(piece).map(|owner| (piece, PieceView { owner, square }))
            })
            .collect();
        let phase = match self.phase() {
            Phase::Throw { seat, again } => PhaseView::Throw { seat, again },
            Phase::Move { seat, score } => PhaseView::Move {
                seat,
                score,
                throws_again: throws_again(score),
                moves: self.plans(seat),
            },
            Phase::Over { .. } => PhaseView::Over,
        };
        View {
            turn: self.turn(),
            sides,
            pieces,
            phase,
            outcome: self.outcome(),
        }
    }
}
