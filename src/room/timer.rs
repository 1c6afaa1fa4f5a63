//! Turn timers: the deadline of the step the game waits on, and the grace period of a player
//! who has disconnected. Times are wall-clock times the room is given; clients are shown
//! them in milliseconds since the Unix epoch.

use std::time::Duration;

use time::OffsetDateTime;

use crate::rules::Awaiting;

use super::config::RoomConfig;
use super::seats::Seats;

/// How long things may take in the rooms of a server.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// How long a trustless concealer has to reveal when the room has no turn timer.
    pub reveal: Duration,
    /// How long a disconnected player is waited for once their deadline has passed.
    pub grace: Duration,
    /// A room nobody is connected to closes after this long without activity.
    pub idle: Duration,
    /// The same, sooner, for a room where no seat has been taken.
    pub idle_unseated: Duration,
    /// How long a computer player waits before it moves, so people can follow.
    pub computer_delay: Duration,
    /// A game nobody has played or joined for this long is abandoned.
    pub abandon: Duration,
}

impl From<&RoomConfig> for Limits {
    fn from(config: &RoomConfig) -> Self {
        Limits {
            reveal: config.reveal_timeout,
            grace: config.grace,
            idle: config.idle,
            idle_unseated: config.idle_unseated,
            computer_delay: config.computer_delay,
            abandon: config.abandon,
        }
    }
}

/// The deadline of the current step, if it has one.
#[derive(Debug, Default)]
pub struct StepTimer {
    deadline: Option<OffsetDateTime>,
}

impl StepTimer {
    /// Starts the clock of the step `awaiting` names, in a room whose turn timer is
    /// `step`. Only a step someone must take has a deadline: a trustless reveal always does,
    /// so a concealer cannot stall the game.
    pub fn start(
        &mut self,
        (step, reveal): (Option<Duration>, Duration),
        awaiting: &Awaiting,
        trustless: bool,
        now: OffsetDateTime,
    ) {
        let limit = match awaiting {
            Awaiting::Over => None,
            Awaiting::Reveal { .. } if trustless => Some(step.unwrap_or(reveal)),
            _ => step,
        };
        self.deadline = limit.map(|limit| now + limit);
    }

    pub fn stop(&mut self) {
        self.deadline = None;
    }

    pub fn deadline(&self) -> Option<OffsetDateTime> {
        self.deadline
    }

    /// The deadline in milliseconds since the Unix epoch, as clients are shown it.
    pub fn deadline_ms(&self) -> Option<u64> {
        self.deadline.map(unix_ms)
    }

    /// Once the deadline has passed: the end of the grace period when every seat the step
    /// waits on is disconnected and one of them left recently; `None` when it is time to play.
    pub fn grace_until(
        &self,
        limits: &Limits,
        awaiting: &Awaiting,
        seats: &Seats,
    ) -> Option<OffsetDateTime> {
        let mut left = Vec::new();
        for seat in awaiting.seats() {
            left.push(seats.left_at(seat)?);
        }
        let latest = left.into_iter().max()? + limits.grace;
        (latest > self.deadline?).then_some(latest)
    }

    /// Sets the deadline again to what it was as the room fell asleep.
    pub fn restore(&mut self, at: OffsetDateTime) {
        self.deadline = Some(at);
    }

    /// Postpones the deadline to `until`.
    pub fn extend(&mut self, until: OffsetDateTime) {
        if let Some(at) = &mut self.deadline {
            *at = until;
        }
    }
}

/// `at` in milliseconds since the Unix epoch, as clients are shown times.
pub fn unix_ms(at: OffsetDateTime) -> u64 {
    u64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(0)
}
