//! A room between the lives of its task: what it leaves in the store as it falls asleep, what
//! it takes back as it wakes, and the end of a game everyone has abandoned.
//!
//! A room with nobody connected and nothing due falls asleep after the idle time: its task
//! ends and the store keeps everything (`docs/sleeping-rooms.md`). A waiting room where no
//! seat was ever taken is forgotten instead, as before: nobody holds a seat token for it, and
//! its link was only ever good for a few minutes. A game nobody has played or joined for the
//! abandonment time ends without a winner ([`abandoned`]) and its room is forgotten: the game
//! is in the archive.

use sqlx::types::Json;
use time::OffsetDateTime;

use crate::store::record::{Entry, SeatRecord};
use crate::store::rooms::{Kept, RoomRest, abandoned};
use crate::wire::RoomStatus;

use super::seats::Seats;
use super::{Room, UNSAVED_RETRY};

/// What a room leaves in the store as its task ends.
#[derive(Debug, PartialEq, Eq)]
pub enum Farewell {
    /// Nothing to come back to: the room closes for good.
    Forget,
    /// The room sleeps, with what waking it needs.
    Sleep(RoomRest),
}

/// Where the room stands on abandonment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Abandonment {
    #[default]
    Open,
    /// The journal could not take the end: try again then.
    RetryAt(OffsetDateTime),
    Done,
}

impl Room {
    /// When the game is abandoned: `abandon` after a person last used the room, while
    /// nobody is connected and the game is under way.
    pub(super) fn abandon_at(&self) -> Option<OffsetDateTime> {
        if self.status() != RoomStatus::Playing || !self.watchers.conns.is_empty() {
            return None;
        }
        let at = self.last_activity + self.limits.abandon;
        match self.abandonment {
            Abandonment::Open => Some(at),
            Abandonment::RetryAt(retry) => Some(at.max(retry)),
            Abandonment::Done => None,
        }
    }

    /// Ends the abandoned game and closes the room.
    pub(super) fn on_abandon(&mut self) {
        let Ok(mut places) = self.reserve(1) else {
            self.abandonment = Abandonment::RetryAt(self.now + UNSAVED_RETRY);
            return;
        };
        let entry = Entry::Abandoned {
            game: self.saved.game_id,
            at: self.now,
            result: abandoned(),
        };
        self.write(places.pop(), entry);
        self.abandonment = Abandonment::Done;
        self.timer.stop();
        self.effects.close = true;
    }

    /// What the room leaves in the store as its task ends at `now`'s idle time.
    pub fn farewell(&self) -> Farewell {
        if self.seats.none_taken() || self.abandonment == Abandonment::Done {
            return Farewell::Forget;
        }
        let deadline = self.timer.deadline();
        let alarm = [deadline, self.abandon_at()].into_iter().flatten().min();
        Farewell::Sleep(RoomRest {
            code: self.code.to_string(),
            awake: false,
            alarm,
            deadline,
            active_at: Some(self.last_activity),
            held: self.held.map(|held| {
                Json(Kept {
                    number: held.number(),
                    nonce: held.nonce(),
                })
            }),
        })
    }

    /// Takes back what the room kept as it fell asleep: the turn timer's deadline, and when
    /// a person last used it, which is also when its players (`seats`) count as gone (so
    /// the grace of a player who left does not start again at every wake). The
    /// concealment it held comes back with the game.
    pub(super) fn wake_from(&mut self, rest: &RoomRest, seats: &[SeatRecord]) {
        if let Some(deadline) = rest.deadline.filter(|_| self.timer.deadline().is_some()) {
            self.timer.restore(deadline);
        }
        if let Some(active_at) = rest.active_at {
            self.last_activity = active_at;
            self.seats = Seats::restore(self.table.clone(), seats, active_at);
        }
    }
}
