//! The server's one alarm clock: it sleeps until the earliest alarm a sleeping room left in
//! the store, then wakes every room that is due, which acts (a stand-in's move, a withheld
//! reveal, an abandoned game's end) with nobody there and falls asleep again.
//!
//! A room falling asleep tells the clock of its alarm ([`Alarms::set`]), so the clock never
//! sleeps past it; the clock also reads the store again at least every [`MAX_NAP`]. Before
//! each look it waits for the journal to commit the rows of the rooms that fell asleep.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use time::OffsetDateTime;
use tokio::sync::Notify;
use tracing::warn;

use crate::store::record::Entry;
use crate::store::rooms::RoomRest;
use crate::wire::RoomCode;

use super::registry::{Missing, Registry};

/// The longest the clock sleeps without reading the store.
const MAX_NAP: Duration = Duration::from_secs(60);
/// The shortest: alarms are kept to the second.
const MIN_NAP: Duration = Duration::from_secs(1);
/// Rooms rung per look at the store.
const RINGS: u32 = 256;

/// Alarms set since the clock last looked.
#[derive(Debug, Default)]
pub struct Alarms {
    soonest: Mutex<Option<OffsetDateTime>>,
    set: Notify,
}

impl Alarms {
    /// A room fell asleep with an alarm `at`.
    pub(super) fn set(&self, at: OffsetDateTime) {
        let mut soonest = self.soonest.lock().unwrap_or_else(PoisonError::into_inner);
        *soonest = Some(soonest.map_or(at, |soonest| soonest.min(at)));
        drop(soonest);
        self.set.notify_one();
    }

    fn take(&self) -> Option<OffsetDateTime> {
        self.soonest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

impl Registry {
    /// Wakes sleeping rooms as their alarms come due, for as long as the server runs (with
    /// a store; without one there is nothing to do).
    pub async fn ring_alarms(self) {
        let Some(store) = self.config().store.clone() else {
            return;
        };
        loop {
            // A journal that cannot commit is reported by health; the look goes on.
            let _ = self.partings_committed().await;
            let now = OffsetDateTime::now_utc();
            let due = store.due(now, RINGS).await.unwrap_or_else(|error| {
                warn!(%error, "cannot read the rooms due");
                Vec::new()
            });
            for code in &due {
                self.ring_due(code).await;
            }
            if due.len() == RINGS as usize {
                continue;
            }
            let next = store.next_alarm().await.unwrap_or_default();
            let soonest = [next, self.alarms().take()].into_iter().flatten().min();
            let nap = soonest.map_or(MAX_NAP, |at| {
                Duration::try_from(at - OffsetDateTime::now_utc())
                    .map_or(MIN_NAP, |wait| wait.clamp(MIN_NAP, MAX_NAP))
            });
            tokio::select! {
                () = tokio::time::sleep(nap) => {}
                () = self.alarms().set.notified() => {}
            }
        }
    }

    /// Wakes the room `code` for its alarm. One that cannot be woken has its alarm
    /// cleared, so it does not ring again and again (a request still tries to wake it).
    async fn ring_due(&self, code: &str) {
        let woken = match RoomCode::try_from(code.to_owned()) {
            Ok(room) => self.ring(&room).await,
            Err(_) => Err(Missing::NoSuchRoom),
        };
        if woken == Err(Missing::NoSuchRoom)
            && let Some(journal) = &self.config().journal
            && let Ok(slot) = journal.reserve()
        {
            warn!(%code, "a room due cannot be woken: its alarm is cleared");
            let silenced = RoomRest {
                awake: false,
                ..RoomRest::awake(code.to_owned())
            };
            slot.write(Entry::Room(silenced));
        }
    }
}
