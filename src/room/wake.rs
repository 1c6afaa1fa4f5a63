//! Waking a sleeping room: its game (or its wait for players) read from the store and
//! reopened through the one restore path a restart uses ([`Room::resume`], [`Room::reopen`]).
//!
//! Before it reads, a wake waits until the journal has committed the last words of every
//! room that has left memory (so of this one too, if it slept since the server started):
//! the store then holds all the room did. At start-up that is nothing to wait for.

use std::time::Duration;

use tracing::{info, warn};

use crate::store::Store;
use crate::store::journal::Journal;
use crate::store::rooms::StoredRoom;
use crate::wire::RoomCode;

use super::effects::Effects;
use super::registry::{Missing, Registry, chance};
use super::task::{self, WallClock};
use super::{Limits, LocalRoom, ResumeError, Room};

/// How long a wake waits for the journal to commit before it gives up.
const COMMIT_WAIT: Duration = Duration::from_secs(10);

/// Why a room was not woken here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unowned {
    /// Another node owns it.
    Elsewhere,
    Missing(Missing),
}

impl From<Missing> for Unowned {
    fn from(missing: Missing) -> Self {
        Unowned::Missing(missing)
    }
}

/// What wakes a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wake {
    /// A request names it: someone uses the room now.
    Request,
    /// Its alarm rang, or the server starts: it acts with nobody there.
    Alarm,
    /// A look at it that is no use of it, such as a player's list of games.
    Glance,
}

impl Registry {
    /// Reads the room `code` from the store and starts its task.
    /// With several nodes, the room is claimed first: a room another node owns is not
    /// woken here, and one that cannot be read is let go again.
    pub(super) async fn wake(&self, code: &RoomCode, wake: Wake) -> Result<LocalRoom, Unowned> {
        let config = self.config();
        let store = config.store.as_ref().ok_or(Missing::NoSuchRoom)?;
        self.partings_committed().await?;
        let journal = self.owned(code, Some(store)).await?;
        let woken = self.reopen(code, wake, store, journal).await;
        if let (Err(_), Some(cluster)) = (&woken, &config.cluster) {
            cluster.vacate(code).await;
        }
        let handle = woken?;
        self.opened(code);
        self.metrics().wakes.inc();
        info!(%code, ?wake, "woke a room");
        Ok(handle)
    }

    /// Reads the room `code` from `store` and starts its task, writing through `journal`.
    async fn reopen(
        &self,
        code: &RoomCode,
        wake: Wake,
        store: &Store,
        journal: Option<Journal>,
    ) -> Result<LocalRoom, Missing> {
        let stored = store.room(code.as_str()).await.map_err(|error| {
            warn!(%code, %error, "cannot read a sleeping room");
            Missing::Unreachable
        })?;
        let clock = WallClock::start();
        let limits = Limits::from(self.config());
        let room_journal = journal.clone();
        let journal = journal.as_ref();
        let handle = match stored.ok_or(Missing::NoSuchRoom)? {
            StoredRoom::Waiting(waiting) => {
                let room =
                    Room::reopen(&waiting, limits, chance(), clock.now()).map_err(unwoken)?;
                let (slots, _) = task::reserve(journal, 1);
                self.spawn(room, clock, Effects::default(), slots, room_journal)
            }
            StoredRoom::Game(stored, mut rest) => {
                if wake == Wake::Request {
                    rest.active_at = None;
                }
                // Two entries for a voided concealment, one for the room's row.
                let (slots, capacity) = task::reserve(journal, 3);
                let now = clock.now();
                let resumed = Room::resume(&stored, limits, chance(), now, capacity, Some(&rest));
                let (room, opened) = resumed.map_err(unwoken)?;
                self.spawn(room, clock, opened, slots, room_journal)
            }
        };
        Ok(handle)
    }
}

/// Waits until the journal has committed `written` entries.
pub(super) async fn committed(journal: &Journal, written: u64) -> Result<(), Missing> {
    let mut commits = journal.commits();
    match tokio::time::timeout(COMMIT_WAIT, commits.wait_for(|c| *c >= written)).await {
        Ok(Ok(_)) => Ok(()),
        _ => Err(Missing::Unreachable),
    }
}

/// A stored room that does not reopen: logged, and answered as no room (or, when only the
/// journal stood in the way, as a store that cannot answer now).
fn unwoken(error: ResumeError) -> Missing {
    warn!(%error, "cannot wake a room");
    match error {
        ResumeError::Unsaved { .. } => Missing::Unreachable,
        _ => Missing::NoSuchRoom,
    }
}
