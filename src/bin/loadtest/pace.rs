//! Play at a person's pace: each move a room's player decides waits a random time before it
//! is sent, so that every room makes one move per `--pace` seconds on average, until the
//! run's time is up.

use std::time::Duration;

use serde_json::Value;
use tokio::time::Instant;

/// How a run paces its rooms.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    /// The mean time between a room's moves.
    pub mean: Duration,
    /// When the rooms stop playing.
    pub until: Instant,
}

impl Pace {
    /// A wait drawn from the exponential distribution of mean `mean`: moves made this way
    /// arrive as independent people's would, at a steady rate with no rhythm in common.
    fn wait(&self) -> Duration {
        let uniform =
            getrandom::u64().map_or(0.5, |bits| (bits >> 11) as f64 / (1u64 << 53) as f64);
        self.mean.mul_f64(-(1.0 - uniform).ln())
    }
}

/// The moves a room's players have decided and not yet sent, with the time each goes.
pub struct Held {
    pace: Option<Pace>,
    moves: Vec<(usize, Value, Instant)>,
}

impl Held {
    /// Without a pace every move goes at once.
    pub fn new(pace: Option<Pace>) -> Held {
        Held {
            pace,
            moves: Vec::new(),
        }
    }

    /// Whether viewer `viewer` already has a move waiting: it decides nothing more until
    /// that move has gone.
    pub fn holds(&self, viewer: usize) -> bool {
        self.moves.iter().any(|(held, _, _)| *held == viewer)
    }

    /// Keeps viewer `viewer`'s `message` for a random wait, or gives it back to be sent now
    /// when the run is not paced.
    pub fn keep(&mut self, viewer: usize, message: Value) -> Option<Value> {
        let Some(pace) = self.pace else {
            return Some(message);
        };
        self.moves
            .push((viewer, message, Instant::now() + pace.wait()));
        None
    }

    /// When the next held move goes.
    pub fn next(&self) -> Option<Instant> {
        self.moves.iter().map(|(_, _, at)| *at).min()
    }

    /// The held moves whose time has come, with their viewers.
    pub fn due(&mut self) -> Vec<(usize, Value)> {
        let now = Instant::now();
        let (due, held) = std::mem::take(&mut self.moves)
            .into_iter()
            .partition(|(_, _, at)| *at <= now);
        self.moves = held;
        due.into_iter()
            .map(|(viewer, message, _)| (viewer, message))
            .collect()
    }

    /// Whether the run's time is up.
    pub fn over(&self) -> bool {
        self.pace.is_some_and(|pace| Instant::now() >= pace.until)
    }

    /// When the room stops at the latest: the end of a paced run.
    pub fn until(&self) -> Option<Instant> {
        self.pace.map(|pace| pace.until)
    }
}
