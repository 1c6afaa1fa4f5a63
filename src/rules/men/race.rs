//! How a computer player judges a race of the sticks, as symmetric Men and Senet are: by
//! the chance that a side's lead in what its pieces still have to go holds until the end.
//! Both sides' throws spread about their mean, so the lead is measured in standard
//! deviations of the difference the turns left can still make.

use crate::rules::{Outcome, Team};

/// `tanh(LEAD * z)` is close to `2 Φ(z) - 1`: the chance of winning, scaled to -1..1, of a
/// lead `z` standard deviations wide.
const LEAD: f64 = 0.85;

/// The throws of a race.
#[derive(Clone, Copy, Debug)]
pub struct Race {
    /// How far a turn carries a side on average.
    pub per_turn: f64,
    /// How far a turn's distance spreads about that mean: its standard deviation.
    pub spread: f64,
}

impl Race {
    /// The chance, scaled to -1..1, that a side with `mine` still to go beats one with
    /// `theirs` to go.
    pub fn value(self, mine: f64, theirs: f64) -> f64 {
        let turns = ((mine + theirs) / 2.0 / self.per_turn).max(1.0);
        let spread = self.spread * (2.0 * turns).sqrt();
        (LEAD * (theirs - mine) / spread).tanh()
    }
}

/// A finished game for `team`: 1 won, -1 lost, 0 drawn.
pub fn ended<R>(outcome: Outcome<R>, team: Team) -> f64 {
    match outcome.winner {
        Some(winner) if winner == team => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    }
}
