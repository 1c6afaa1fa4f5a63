//! Waking a sleeping room: its game (or its wait for players) read from the store and
//! reopened through the one restore path a restart uses ([`Room::resume`], [`Room::reopen`]).
//!
//! Before it reads, a wake waits until the journal has committed the last words of every
//! room that has left memory (so of this one too, if it slept since the server started):
//! the store then holds all the room did. At start-up that is nothing to wait for.

use std::time::Duration;

use tracing::{info, warn};

use crate::store::journal::Journal;
use crate::store::rooms::StoredRoom;
use crate::wire::RoomCode;

use super::effects::Effects;
use super::registry::{Missing, Registry, chance};
use super::task::{self, WallClock};
use super::{Limits, ResumeError, Room, RoomHandle};

/// How long a wake waits for the journal to commit before it gives up.
const COMMIT_WAIT: Duration = Duration::from_secs(10);

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
    pub(super) async fn wake(&self, code: &RoomCode, wake: Wake) -> Result<RoomHandle, Missing> {
        let config = self.config();
        let store = config.store.as_ref().ok_or(Missing::NoSuchRoom)?;
        self.partings_committed().await?;
        let stored = store.room(code.as_str()).await.map_err(|error| {
            warn!(%code, %error, "cannot read a sleeping room");
            Missing::Unreachable
        })?;
        let clock = WallClock::start();
        let limits = Limits::from(config);
        let journal = config.journal.as_ref();
        let handle = match stored.ok_or(Missing::NoSuchRoom)? {
            StoredRoom::Waiting(waiting) => {
                let room =
                    Room::reopen(&waiting, limits, chance(), clock.now()).map_err(unwoken)?;
                let (slots, _) = task::reserve(journal, 1);
                self.spawn(room, clock, Effects::default(), slots)
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
                self.spawn(room, clock, opened, slots)
            }
        };
        self.metrics().wakes.inc();
        info!(%code, ?wake, "woke a room");
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
