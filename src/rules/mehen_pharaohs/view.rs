//! What one viewer may see of a game, and the actions a seat may take.
//!
//! Pharaohs, lions, the graveyard and the streaks are public, as at the table. A concealed
//! number is shown to its concealer alone, and only when the engine holds it.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::fair::Commitment;
use crate::rules::guessing::GuessingGame;
use crate::rules::{Rules, Seat, Team};

use super::action::{Action, Contest, PharaohId, Place};
use super::options::{LIONESSES, LIONS, team_name};
use super::record::Record;
use super::turn::{Pending, Phase};
use super::{MehenPharaohs, PharaohsOutcome, SPACES};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct View {
    pub players: u8,
    pub spaces: u8,
    /// Concealments so far: the turn bound into the current commitment.
    pub turn: u32,
    /// The team whose turn it is; `None` once the game is over.
    pub moving_team: Option<Team>,
    pub pharaohs: BTreeMap<PharaohId, PharaohView>,
    pub teams: Vec<TeamView>,
    /// Each seat's numbers revealed and guessed so far, in seat order: all announced at the
    /// table, never a number still concealed.
    pub records: Vec<Record>,
    pub phase: PhaseView,
    pub outcome: Option<PharaohsOutcome>,
}

/// What the concealer alone sees: the number it hid, while the engine holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Hand {
    pub hand: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PharaohView {
    pub owner: Seat,
    pub team: Team,
    #[serde(flatten)]
    pub place: Place,
    /// The seat whose lion attacks this pharaoh.
    pub attacked_by: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TeamView {
    pub team: Team,
    pub side: &'static str,
    pub seats: Vec<Seat>,
    /// Lions in hand, ready to unleash.
    pub standing: u8,
    pub attacking: u8,
    pub graveyard: u8,
    /// Correct move guesses in a row.
    pub streak: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    Choose {
        team: Team,
        pharaohs: Vec<PharaohId>,
    },
    Conceal {
        pharaoh: PharaohId,
        contest: Contest,
        concealer: Seat,
        max: u8,
    },
    Guess {
        pharaoh: PharaohId,
        contest: Contest,
        concealer: Seat,
        guessers: Vec<Seat>,
        commitment: Commitment,
        max: u8,
    },
    Reveal {
        pharaoh: PharaohId,
        contest: Contest,
        concealer: Seat,
        commitment: Commitment,
        guess: u8,
        guesser: Seat,
    },
    Unleash {
        guesser: Seat,
        target: PharaohId,
    },
    Over,
}

impl MehenPharaohs {
    /// The public view: everything at the table but the concealed number.
    pub fn view(&self) -> View {
        let pharaohs = self
            .pharaohs
            .iter()
            .map(|(&id, &place)| {
                let view = PharaohView {
                    owner: id.owner(),
                    team: self.pharaoh_team(id),
                    place,
                    attacked_by: self.attacks.get(&id).copied(),
                };
                (id, view)
            })
            .collect();
        let teams = [LIONS, LIONESSES]
            .into_iter()
            .map(|team| TeamView {
                team,
                side: team_name(team),
                seats: self.options.seats_of(team).collect(),
                standing: self.standing(team),
                attacking: self.attacking(team),
                graveyard: self.graveyard(team),
                streak: self.streak(team),
            })
            .collect();
        View {
            players: self.options.seats(),
            spaces: SPACES,
            turn: self.turn,
            moving_team: self.moving_team(),
            pharaohs,
            teams,
            records: (0..self.options.seats())
                .map(|seat| self.record(Seat(seat)))
                .collect(),
            phase: self.phase_view(),
            outcome: self.outcome(),
        }
    }

    /// Pharaohs of `team` not yet delivered: those it may choose.
    pub fn choosable(&self, team: Team) -> Vec<PharaohId> {
        self.pharaohs
            .iter()
            .filter(|&(&id, &place)| self.pharaoh_team(id) == team && place != Place::Delivered)
            .map(|(&id, _)| id)
            .collect()
    }

    fn phase_view(&self) -> PhaseView {
        match self.phase {
            Phase::Choose { team } => PhaseView::Choose {
                team,
                pharaohs: self.choosable(team),
            },
            Phase::Conceal {
                pharaoh,
                contest,
                concealer,
            } => PhaseView::Conceal {
                pharaoh,
                contest,
                concealer,
                max: contest.range().max,
            },
            Phase::Guess {
                pharaoh,
                contest,
                concealer,
                concealment,
            } => PhaseView::Guess {
                pharaoh,
                contest,
                concealer,
                guessers: self.guessers(concealer, (pharaoh, contest)),
                commitment: concealment.commitment(),
                max: concealment.range().max,
            },
            Phase::Reveal {
                concealer,
                guessed,
                pending:
                    Pending {
                        pharaoh,
                        contest,
                        guesser,
                    },
            } => PhaseView::Reveal {
                pharaoh,
                contest,
                concealer,
                commitment: guessed.concealment().commitment(),
                guess: guessed.guess(),
                guesser,
            },
            Phase::Unleash { guesser, target } => PhaseView::Unleash { guesser, target },
            Phase::Over { .. } => PhaseView::Over,
        }
    }

    /// The actions `seat` may take now whose arguments can be listed: choosing a pharaoh,
    /// guessing, and unleashing or sparing a lion. Concealing and revealing carry a
    /// commitment and a nonce, which no list can hold.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat.0 >= self.options.seats() {
            return Vec::new();
        }
        match self.phase {
            Phase::Choose { team } if self.team_of(seat) == team => self
                .choosable(team)
                .into_iter()
                .map(|pharaoh| Action::Choose { pharaoh })
                .collect(),
            Phase::Guess { .. } => self.guesses_open(seat),
            Phase::Unleash { guesser, target } if seat == guesser => {
                vec![Action::Unleash { target }, Action::Spare]
            }
            _ => Vec::new(),
        }
    }
}
