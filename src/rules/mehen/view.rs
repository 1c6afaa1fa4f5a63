//! What one viewer may see of a game.
//!
//! Reserves, lions, frozen players and marbles are public, as at the table. The concealed
//! number is shown to the concealer alone, and only when the engine holds it (the number is
//! otherwise known only to whoever made the commitment).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::fair::Commitment;
use crate::rules::guessing::GuessingGame;
use crate::rules::{Rules, Seat, Team, Viewer};

use super::action::{Action, MarbleId};
use super::config::{Board, Mode};
use super::{Mehen, MehenOutcome, Phase};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct View {
    pub mode: Mode,
    pub board: Board,
    pub spaces: u8,
    pub head: u8,
    pub turn: u32,
    /// Six-player only.
    pub round: Option<RoundView>,
    pub players: Vec<PlayerView>,
    /// Marbles on the serpent by id; ids are stable while a marble stays on the serpent.
    pub marbles: BTreeMap<MarbleId, MarbleView>,
    pub phase: PhaseView,
    pub outcome: Option<MehenOutcome>,
}

/// What the concealer alone sees: the number it concealed this turn, while the engine holds
/// it (in the server-held mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Hand {
    pub hand: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RoundView {
    pub number: u32,
    /// 0–5: which of the round's six team opportunities is open.
    pub opportunity: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PlayerView {
    pub seat: Seat,
    pub team: Team,
    pub side: &'static str,
    pub reserve: u8,
    pub lions: u8,
    pub frozen: bool,
    pub lost: u8,
    pub finished: u8,
    pub acted_this_round: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MarbleView {
    pub owner: Seat,
    pub space: u8,
    pub finished: bool,
}

/// One thing the actor may do after a wrong guess; `lands_on` is where the marble would
/// end up (the dashed ring of the seed's illustrations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ActOption {
    pub action: Action,
    pub lands_on: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    Choose {
        team: Team,
        eligible: Vec<Seat>,
    },
    Conceal {
        actor: Seat,
        max: u8,
    },
    Guess {
        actor: Seat,
        commitment: Commitment,
        max: u8,
    },
    Reveal {
        actor: Seat,
        commitment: Commitment,
        guess: u8,
    },
    Act {
        actor: Seat,
        distance: u8,
        options: Vec<ActOption>,
    },
    Over,
}

impl Mehen {
    /// The public view: everything at the table but the concealed number.
    pub fn view(&self) -> View {
        let config = self.config;
        let head = config.board.head();
        let players = self
            .seats()
            .map(|seat| PlayerView {
                seat,
                team: self.team_of(seat),
                side: config.mode.team_name(self.team_of(seat)),
                reserve: self.reserve(seat),
                lions: self.lions(seat),
                frozen: self.is_frozen(seat),
                lost: self.lost(seat),
                finished: self
                    .marbles
                    .iter()
                    .filter(|m| m.owner == seat && m.space == head)
                    .count() as u8,
                acted_this_round: self.has_acted_this_round(seat),
            })
            .collect();
        let marbles = self
            .marbles
            .iter()
            .map(|m| {
                let view = MarbleView {
                    owner: m.owner,
                    space: m.space,
                    finished: m.space == head,
                };
                (m.id, view)
            })
            .collect();
        let (number, opportunity) = self.round();
        View {
            mode: config.mode,
            board: config.board,
            spaces: config.board.spaces(),
            head,
            turn: self.turn,
            round: (config.mode == Mode::Teams).then_some(RoundView {
                number,
                opportunity,
            }),
            players,
            marbles,
            phase: self.phase_view(),
            outcome: self.outcome(),
        }
    }

    /// The number `viewer` concealed this turn, to the concealer alone, and only when the
    /// engine holds it.
    pub fn hand(&self, viewer: Viewer) -> Option<u8> {
        match viewer {
            Viewer::Seat(seat) => self.concealed_hand(seat),
            Viewer::Spectator => None,
        }
    }

    fn phase_view(&self) -> PhaseView {
        match self.phase {
            Phase::Choose { team } => PhaseView::Choose {
                team,
                eligible: self.eligible(team).collect(),
            },
            Phase::Conceal { actor } => PhaseView::Conceal {
                actor,
                max: self.reserve(actor),
            },
            Phase::Guess { actor, concealment } => PhaseView::Guess {
                actor,
                commitment: concealment.commitment(),
                max: concealment.range().max,
            },
            Phase::Reveal { actor, guessed } => PhaseView::Reveal {
                actor,
                commitment: guessed.concealment().commitment(),
                guess: guessed.guess(),
            },
            Phase::Act { actor, distance } => PhaseView::Act {
                actor,
                distance,
                options: self.act_options(),
            },
            Phase::Over { .. } => PhaseView::Over,
        }
    }

    /// The actions `seat` may take now whose arguments can be listed: choosing the actor,
    /// guessing, and the action after a wrong guess. Concealing and revealing carry a
    /// commitment and a nonce, which no list can hold; `reserve` gives their range.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat.0 >= self.config.mode.seats() {
            return Vec::new();
        }
        match self.phase {
            Phase::Choose { team } if self.team_of(seat) == team => self
                .eligible(team)
                .map(|seat| Action::Choose { seat })
                .collect(),
            Phase::Guess { .. } => self.guesses_open(seat),
            Phase::Act { actor, .. } if seat == actor => {
                self.act_options().into_iter().map(|o| o.action).collect()
            }
            _ => Vec::new(),
        }
    }
}
