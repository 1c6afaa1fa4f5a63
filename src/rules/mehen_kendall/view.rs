//! What everybody sees: the whole board is public, as at the table.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::rules::{Rules, Seat, Team};

use super::action::{Action, KendallOutcome};
use super::options::{Board, side};
use super::piece::{Kind, PieceId, Place};
use super::{MehenKendall, Phase};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct View {
    pub board: Board,
    /// Cells from the tail (1) to the centre (the last).
    pub cells: u16,
    pub turn: u32,
    pub players: Vec<PlayerView>,
    /// Every ball and every earned lion, by stable id.
    pub pieces: BTreeMap<PieceId, PieceView>,
    pub phase: PhaseView,
    /// The score being played, between the throw and the choice.
    pub throw: Option<u8>,
    /// What the player to choose may do, with where each move lands.
    pub moves: Vec<MoveView>,
    /// Seats in the order their lions came home.
    pub lions_home: Vec<Seat>,
    /// Whether every ball not home had been eaten when the first lion came home: if so, that
    /// lion's player wins however the rest plays out.
    pub all_eaten_at_first_home: bool,
    pub outcome: Option<KendallOutcome>,
}

/// Nothing in this game is secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Secret {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PlayerView {
    pub seat: Seat,
    pub team: Team,
    pub side: &'static str,
    pub saved: u32,
    /// Opponents' balls this player's lion ate.
    pub eaten: u8,
    /// This player's balls eaten by lions.
    pub lost: u8,
    pub off_board: u8,
    pub on_track: u8,
    pub home: u8,
    /// Where the lion is; `None` until the first ball comes home.
    pub lion: Option<Place>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PieceView {
    pub owner: Seat,
    pub kind: Kind,
    pub place: Place,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PhaseView {
    Throw { seat: Seat },
    Choose { seat: Seat },
    Over,
}

/// One legal choice: the action, and for a move or an entry where the piece lands and
/// how many saved ones it spends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MoveView {
    pub action: Action,
    pub piece: Option<PieceId>,
    pub to: Option<Place>,
    pub spends: u32,
}

impl MehenKendall {
    pub fn view(&self) -> View {
        let cells = self.cells();
        let players = self
            .seats()
            .map(|seat| PlayerView {
                seat,
                team: Team(seat.0),
                side: side(seat),
                saved: self.saved(seat),
                eaten: self.eaten(seat),
                lost: self.count_balls(seat, Some(Place::Eaten)),
                off_board: self.count_balls(seat, Some(Place::OffBoard)),
                on_track: self.count_balls(seat, None),
                home: self.count_balls(seat, Some(Place::Home)),
                lion: self.place(PieceId::lion(seat)),
            })
            .collect();
        let pieces = self
            .pieces()
            .map(|(id, spot)| {
                let view = PieceView {
                    owner: id.owner(),
                    kind: id.kind(),
                    place: spot.place(cells),
                };
                (id, view)
            })
            .collect();
        let (phase, throw) = match self.phase {
            Phase::Throw { seat } => (PhaseView::Throw { seat }, None),
            Phase::Choose { seat, score } => (PhaseView::Choose { seat }, Some(score)),
            Phase::Over { .. } => (PhaseView::Over, None),
        };
        View {
            board: self.options.board,
            cells,
            turn: self.turn,
            players,
            pieces,
            phase,
            throw,
            moves: self.move_views(),
            lions_home: self.lions_home().to_vec(),
            all_eaten_at_first_home: self.all_eaten_at_first_home,
            outcome: self.outcome(),
        }
    }

    fn move_views(&self) -> Vec<MoveView> {
        let Phase::Choose { seat, .. } = self.phase else {
            return Vec::new();
        };
        let entered = |piece: Option<PieceId>| MoveView {
            action: Action::EnterBall,
            piece,
            to: Some(Place::Inward { cell: 1 }),
            spends: 0,
        };
        self.legal_actions(seat)
            .into_iter()
            .map(|action| match action {
                Action::Move { piece } => {
                    let landing = self.landing(piece, self.throw_score()).ok();
                    MoveView {
                        action,
                        piece: Some(piece),
                        to: landing.map(|l| l.to.place(self.cells())),
                        spends: landing.map_or(0, |l| l.spend),
                    }
                }
                Action::EnterBall => entered(self.ball_entry(seat).ok()),
                Action::EnterLion => MoveView {
                    action,
                    ..entered(self.lion_entry(seat).ok())
                },
                _ => MoveView {
                    action,
                    piece: None,
                    to: None,
                    spends: 0,
                },
            })
            .collect()
    }

    fn throw_score(&self) -> u8 {
        match self.phase {
            Phase::Choose { score, .. } => score,
            _ => 0,
        }
    }
}
