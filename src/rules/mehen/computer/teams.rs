//! The six-player game judged as two races of rounds: each team needs two teammates home,
//! and each teammate acts once a round, so a team's time is the second shortest of its
//! teammates' own turns to the head. A teammate's turns count the right guesses too: caught
//! about one time in its reserve's size, it freezes, and a freeze costs [`FREEZE`] turns
//! (the revival, a teammate's turn, and the turn the frozen one may miss). On top of the race
//! sits the threat of being frozen out: a team with two frozen stakes the game on its one
//! actor's next guess.

use super::super::Mehen;
use super::opponent;
use crate::rules::guessing::race;
use crate::rules::{Seat, Team};

/// Own turns a freeze costs a teammate's race, its revival included.
const FREEZE: f64 = 1.0;
/// How widely a race's length spreads, per square root of its turns (`race`).
const SPREAD: f64 = 1.2;
/// How widely one teammate's turns home spread, per square root of them.
const LUCK: f64 = 0.5;
/// Successes to the head beyond the spaces left over the average move: the last move
/// overshoots.
const OVERSHOOT: f64 = 0.5;

impl Mehen {
    /// How the six-player game stands for `team`, from -1 to 1: the race of the two teams'
    /// rounds to win, weighed with each team's risk of being frozen out.
    pub(super) fn teams_standing(&self, team: Team) -> f64 {
        let (ours, theirs) = (self.rounds_to_win(team), self.rounds_to_win(opponent(team)));
        let race = race(ours, theirs, SPREAD);
        let (lost, won) = (self.frozen_out(team), self.frozen_out(opponent(team)));
        (1.0 - lost - won) * race + won - lost
    }

    /// The later of `team`'s two teammates nearest home, as an expected maximum: each
    /// one's turns spread, so the nearer one's progress still counts.
    fn rounds_to_win(&self, team: Team) -> f64 {
        let mut turns: Vec<f64> = self
            .config
            .mode
            .seats_of(team)
            .map(|seat| self.turns_home(seat))
            .collect();
        turns.sort_by(f64::total_cmp);
        let (first, second) = (turns[0], turns[1]);
        let middle = (first + second) / 2.0;
        middle + ((second - first) / 2.0).hypot(LUCK * middle.sqrt())
    }

    /// Own turns `seat` needs to bring its marble home, freezes priced in, its present one
    /// too.
    fn turns_home(&self, seat: Seat) -> f64 {
        if self.has_finished(seat) {
            return 0.0;
        }
        let head = f64::from(self.config.board.head());
        let reserve = f64::from(self.reserve(seat).max(2));
        let frozen = if self.is_frozen(seat) { FREEZE } else { 0.0 };
        let to_go = match self.marbles_of(seat).next() {
            Some(marble) => turns_for(head - f64::from(marble.space), reserve),
            None => {
                // The deployment, from the full reserve, then the rest from one fewer.
                let first = middle(reserve);
                per_success(reserve) + turns_for((head - first).max(0.0), reserve - 1.0)
            }
        };
        frozen + to_go
    }

    /// The chance `team` is soon frozen out: with two frozen, its one actor's next guess
    /// decides; with one, two guesses in a row.
    fn frozen_out(&self, team: Team) -> f64 {
        let caught: Vec<f64> = self
            .config
            .mode
            .seats_of(team)
            .filter(|&seat| !self.is_frozen(seat))
            .map(|seat| 1.0 / f64::from(self.reserve(seat).max(1)))
            .collect();
        let mean = caught.iter().sum::<f64>() / caught.len().max(1) as f64;
        match caught.len() {
            0 => 1.0,
            1 => mean + (1.0 - mean) * mean * mean,
            2 => mean * mean,
            _ => 0.0,
        }
    }
}

/// Own turns to go `spaces` with a reserve of `reserve`.
fn turns_for(spaces: f64, reserve: f64) -> f64 {
    (spaces / middle(reserve) + OVERSHOOT).max(1.0) * per_success(reserve)
}

/// The average move: the middle of 1 to the reserve.
fn middle(reserve: f64) -> f64 {
    (reserve + 1.0) / 2.0
}

/// Own turns one move takes: the tries until a wrong guess, and a freeze for each right one.
fn per_success(reserve: f64) -> f64 {
    let escapes = 1.0 - 1.0 / reserve;
    1.0 / escapes + FREEZE * (1.0 / escapes - 1.0)
}
