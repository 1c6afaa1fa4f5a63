//! Pharaohs and lions Mehen: two teams race their pharaohs up a 70-space serpent by
//! marble guessing, setting lions on the opposing pharaohs. `docs/rules/mehen-pharaohs.md`
//! gives the rules as implemented and the decisions the seed leaves open.
//!
//! - `options`: how many play, and the seats and teams;
//! - `action`: actions, events, places and the outcome;
//! - `turn`: the flow of a turn (choose, conceal, guess, reveal) and who moves next, over
//!   the concealed-number exchange of `rules::guessing` (shared with San Martin Mehen);
//! - `serpent`: moving a pharaoh, swaps, sending off and delivery;
//! - `lion`: unleashing, fighting, killing and reviving lions;
//! - `record`: the numbers each seat has revealed and guessed so far, as announced;
//! - `view`: what the table and each seat see, and the legal actions;
//! - `rules`: the [`crate::rules::Rules`] seam;
//! - `positions`: a game from a described position, and the named ones.

mod action;
mod computer;
mod error;
mod lion;
mod options;
pub mod positions;
mod record;
mod rules;
mod serpent;
mod turn;
mod view;

use std::collections::BTreeMap;

pub use action::{Action, Contest, Event, PharaohId, PharaohsOutcome, Place, WinReason};
pub use error::PharaohsError;
pub use options::{LIONESSES, LIONS, Options, Players, opponent, team_name};
pub use record::{Record, Tally};
pub use turn::Phase;
pub use view::{Hand, View};

use crate::fair::GameId;
use crate::rules::{Seat, Team};

/// Playing spaces of the serpent; a move that would pass the last reaches the head.
pub const SPACES: u8 = 70;
/// Lions (or lionesses) each team owns, whatever the number of players.
pub const LIONS_PER_TEAM: u8 = 3;
/// The most seats a table has.
const MOST_SEATS: usize = Players::SIX.count() as usize;

/// One game of Pharaohs and lions Mehen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MehenPharaohs {
    options: Options,
    game: GameId,
    /// Every pharaoh by id, one per seat.
    pharaohs: BTreeMap<PharaohId, Place>,
    /// Lions each team has in hand, ready to unleash.
    standing: [u8; 2],
    /// Attacked pharaohs and the seat whose lion attacks each.
    attacks: BTreeMap<PharaohId, Seat>,
    /// Dead lions of each team.
    graveyard: [u8; 2],
    /// Correct move guesses of each team in a row.
    streaks: [u8; 2],
    /// Each seat's numbers revealed and guessed so far, by seat.
    records: [Record; MOST_SEATS],
    turn: u32,
    phase: Phase,
}

impl MehenPharaohs {
    /// A new game: every pharaoh waits beside the tail and the lions move first.
    pub fn new(options: Options, game: GameId) -> Self {
        let pharaohs = (0..options.seats())
            .map(|seat| (PharaohId(seat), Place::Waiting))
            .collect();
        let mut mehen = MehenPharaohs {
            options,
            game,
            pharaohs,
            standing: [LIONS_PER_TEAM; 2],
            attacks: BTreeMap::new(),
            graveyard: [0; 2],
            streaks: [0; 2],
            records: [Record::default(); MOST_SEATS],
            turn: 0,
            phase: Phase::Choose { team: LIONS },
        };
        // The opening is fully determined, so its events say nothing a view does not.
        mehen.begin_team_turn(LIONS, &mut Vec::new());
        mehen
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn team_of(&self, seat: Seat) -> Team {
        self.options.team_of(seat)
    }

    pub fn pharaohs(&self) -> &BTreeMap<PharaohId, Place> {
        &self.pharaohs
    }

    pub fn place(&self, pharaoh: PharaohId) -> Place {
        self.pharaohs
            .get(&pharaoh)
            .copied()
            .unwrap_or(Place::Waiting)
    }

    /// Attacked pharaohs and the seat whose lion attacks each.
    pub fn attacks(&self) -> &BTreeMap<PharaohId, Seat> {
        &self.attacks
    }

    /// Lions `team` has in hand.
    pub fn standing(&self, team: Team) -> u8 {
        self.standing[usize::from(team.0)]
    }

    /// Lions of `team` now attacking a pharaoh.
    pub fn attacking(&self, team: Team) -> u8 {
        self.attacks
            .values()
            .filter(|&&owner| self.team_of(owner) == team)
            .count() as u8
    }

    /// Dead lions of `team`.
    pub fn graveyard(&self, team: Team) -> u8 {
        self.graveyard[usize::from(team.0)]
    }

    /// Correct move guesses `team` has made in a row.
    pub fn streak(&self, team: Team) -> u8 {
        self.streaks[usize::from(team.0)]
    }

    /// The numbers `seat` has revealed and guessed so far.
    pub fn record(&self, seat: Seat) -> Record {
        self.records
            .get(usize::from(seat.0))
            .copied()
            .unwrap_or_default()
    }

    fn pharaoh_team(&self, pharaoh: PharaohId) -> Team {
        self.team_of(pharaoh.owner())
    }
}

#[cfg(test)]
mod tests;
