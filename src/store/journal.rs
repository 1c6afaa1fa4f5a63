//! The journal: how a room stores what happens without ever waiting on the database.
//!
//! A room reserves a slot ([`Journal::reserve`]) before it applies an action, applies it,
//! then writes the record into the slot. One background task takes everything queued,
//! writes it atomically (one statement or one transaction), and starts over: batches form
//! by themselves under load (group commit), and at a person's pace a small batch waits a
//! few milliseconds for company ([`super::gathering`]).
//!
//! **Durability delay.** A record is committed once the entries queued ahead of it and its
//! own batch are: one or two writes of at most [`JournalConfig::batch`] entries (5 to 40 ms
//! for 512 on Postgres, busy 2 cores), after the gathering wait (at most 16 ms) when small.
//! A write neither committed nor failed in [`JournalConfig::write_timeout`] is retried.
//!
//! **Outage.** A failed write is retried, the same batch in the same order, after a delay
//! doubling from [`JournalConfig::backoff_min`] to [`JournalConfig::backoff_max`]. Entries
//! are idempotent on their key (game and sequence number): a batch written again after a
//! lost acknowledgement is a no-op. [`Journal::health`] reports the backlog and the last
//! error; an idle writer probes every [`JournalConfig::idle_probe`].
//!
//! **Committed.** Every entry is counted before it enters the queue ([`Journal::written`]);
//! the writer counts those committed, in queue order ([`Journal::commits`]). Once that count
//! reaches what `written` said after a room's last write, all the room wrote is stored: it
//! holds what it tells players until then, never waiting, and can read back what it wrote.
//!
//! **Bounded memory.** At most [`JournalConfig::capacity`] entries wait in the queue, plus
//! one batch being written. When the queue is full, [`Journal::reserve`] refuses with
//! [`JournalError::Backlogged`] *before* the room applies anything: the player is told the
//! server cannot save and to try again shortly; nothing acknowledged is ever dropped.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;
use time::OffsetDateTime;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use super::fence::Fence;
use super::gathering::{Brisk, Gathering, gather};
use super::record::Entry;
use super::writer::Writer;
use super::{Store, StoreError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JournalConfig {
    /// Entries that may wait to be written; past this, rooms refuse new actions.
    pub capacity: usize,
    /// The most entries one write takes.
    pub batch: usize,
    /// How long a small batch waits for company before it is written ([`Gathering`]).
    pub gathering: Gathering,
    pub backoff_min: Duration,
    pub backoff_max: Duration,
    pub write_timeout: Duration,
    /// How long the writer may sit idle before it checks that the database answers.
    pub idle_probe: Duration,
}

impl Default for JournalConfig {
    fn default() -> Self {
        JournalConfig {
            capacity: 65_536,
            batch: 512,
            gathering: Gathering::default(),
            backoff_min: Duration::from_millis(50),
            backoff_max: Duration::from_secs(5),
            write_timeout: Duration::from_secs(5),
            idle_probe: Duration::from_secs(10),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum JournalError {
    /// The database has been unreachable long enough to fill the queue.
    #[error("the server cannot save right now, try again shortly")]
    Backlogged,
    /// The server is shutting down.
    #[error("the server is shutting down")]
    Closed,
}

/// What `/healthz` reports about persistence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Health {
    /// The last write succeeded.
    Ok { backlog: usize },
    /// Writes are failing and being retried; `backlog` entries wait.
    Degraded {
        backlog: usize,
        #[serde(with = "time::serde::rfc3339")]
        failing_since: OffsetDateTime,
        last_error: String,
    },
}

/// The room's handle on the journal. Cheap to clone: one per room.
#[derive(Clone, Debug)]
pub struct Journal {
    sender: mpsc::Sender<Queued>,
    shared: Arc<Shared>,
    /// The fence of the room's owner, when several nodes serve rooms: its entries are
    /// written only while it is the room's latest ([`super::fence`]).
    fence: Option<Arc<Fence>>,
    /// Where the entries go, for reading back what is committed.
    store: Store,
}

/// An entry in the queue, with the fence of the owner that wrote it.
#[derive(Debug)]
pub(super) struct Queued {
    pub(super) entry: Entry,
    fence: Option<Arc<Fence>>,
    /// When it entered the queue, for the gathering wait.
    pub(super) at: Instant,
}

/// The task that writes; [`JournalWriter::flushed`] waits for it to write everything once
/// every [`Journal`] handle is gone.
#[derive(Debug)]
pub struct JournalWriter(JoinHandle<()>);

/// A place in the queue, taken before the room changes anything.
#[derive(Debug)]
pub struct Slot<'a> {
    permit: mpsc::Permit<'a, Queued>,
    written: &'a AtomicU64,
    fence: Option<&'a Arc<Fence>>,
}

#[derive(Debug, Default)]
struct Shared {
    /// Entries handed to the queue since the start, each counted before it enters.
    written: AtomicU64,
    /// Entries committed since the start.
    committed: watch::Sender<u64>,
    /// Set once the server stops: no new place is given out.
    closed: AtomicBool,
    failure: Mutex<Option<Failure>>,
}

#[derive(Clone, Debug)]
struct Failure {
    since: OffsetDateTime,
    error: String,
}

impl Journal {
    /// Starts the writer task on the current tokio runtime.
    pub fn start(store: Store, config: JournalConfig) -> (Journal, JournalWriter) {
        let (sender, receiver) = mpsc::channel(config.capacity);
        let shared = Arc::new(Shared::default());
        let writer = tokio::spawn(write_loop(store.clone(), receiver, shared.clone(), config));
        let journal = Journal {
            sender,
            shared,
            fence: None,
            store,
        };
        (journal, JournalWriter(writer))
    }

    /// The same journal for the owner holding `fence`: what it writes is stored only while
    /// `fence` is its room's latest.
    pub fn fenced(&self, fence: Arc<Fence>) -> Journal {
        Journal {
            fence: Some(fence),
            ..self.clone()
        }
    }

    /// The store the entries go to: what the journal has committed can be read from it.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Takes a place in the queue, or says why the room must refuse the action.
    pub fn reserve(&self) -> Result<Slot<'_>, JournalError> {
        if self.shared.closed.load(Ordering::Acquire) {
            return Err(JournalError::Closed);
        }
        self.sender
            .try_reserve()
            .map(|permit| Slot {
                permit,
                written: &self.shared.written,
                fence: self.fence.as_ref(),
            })
            .map_err(|error| match error {
                mpsc::error::TrySendError::Full(()) => JournalError::Backlogged,
                mpsc::error::TrySendError::Closed(()) => JournalError::Closed,
            })
    }

    /// The fence of the owner this journal writes for, if any.
    pub fn fence(&self) -> Option<&Arc<Fence>> {
        self.fence.as_ref()
    }

    /// Stops giving out places, so rooms refuse every move from now on (`unsaved`) while
    /// what they already accepted is written: what a player saw is never lost to a stop.
    pub fn close(&self) {
        self.shared.closed.store(true, Ordering::Release);
    }

    /// How many entries have been handed to the queue so far: once [`Journal::commits`]
    /// reaches this, everything written before the call is committed.
    pub fn written(&self) -> u64 {
        self.shared.written.load(Ordering::Acquire)
    }

    /// How many entries have been committed so far, as it grows.
    pub fn commits(&self) -> watch::Receiver<u64> {
        self.shared.committed.subscribe()
    }

    pub fn health(&self) -> Health {
        // Those queued, gathering or being written.
        let backlog = self.written() - *self.shared.committed.borrow();
        let backlog = usize::try_from(backlog).unwrap_or(usize::MAX);
        match self
            .shared
            .failure
            .lock()
            .expect("journal health lock")
            .clone()
        {
            None => Health::Ok { backlog },
            Some(failure) => Health::Degraded {
                backlog,
                failing_since: failure.since,
                last_error: failure.error,
            },
        }
    }
}

impl Slot<'_> {
    pub fn write(self, entry: Entry) {
        self.written.fetch_add(1, Ordering::AcqRel);
        let (fence, at) = (self.fence.cloned(), Instant::now());
        self.permit.send(Queued { entry, fence, at });
    }
}

impl JournalWriter {
    /// Waits until everything queued is written. Returns once every [`Journal`] handle has
    /// been dropped and the queue is empty, so drop the rooms first.
    pub async fn flushed(self) {
        // The task only ends by finishing its loop; a panic in it is a bug worth surfacing.
        self.0.await.expect("the journal writer panicked");
    }
}

async fn write_loop(
    store: Store,
    mut receiver: mpsc::Receiver<Queued>,
    shared: Arc<Shared>,
    config: JournalConfig,
) {
    let mut batch = Vec::with_capacity(config.batch);
    let mut entries = Vec::with_capacity(config.batch);
    let mut fences = Vec::with_capacity(config.batch);
    let mut writer = None;
    let mut brisk = Brisk::new(config.gathering.brisk, Instant::now());
    loop {
        // Under load the next batch is already queued and the connection is kept for it;
        // an idle writer gives it back, so the pool can close and SQLite readers see the
        // latest commit.
        if receiver.is_empty() {
            writer = None;
        }
        let waiting = receiver.recv_many(&mut batch, config.batch);
        match tokio::time::timeout(config.idle_probe, waiting).await {
            // Every handle is gone and the queue is empty.
            Ok(0) => return,
            Ok(_) => gather(&mut receiver, &mut batch, &config, &brisk).await,
            // Nothing to write: ask the database anyway, so health shows an outage before
            // a game runs into it.
            Err(_) => {
                match within(config.write_timeout, store.ping()).await {
                    Ok(()) => shared.recovered(),
                    Err(error) => {
                        tracing::warn!(%error, "database unreachable");
                        shared.failed(error);
                    }
                }
                continue;
            }
        }
        entries.clear();
        fences.clear();
        for Queued { entry, fence, .. } in batch.drain(..) {
            entries.push(entry);
            fences.push(fence);
        }
        let mut delay = config.backoff_min;
        while let Err(error) = within(
            config.write_timeout,
            write(&store, &mut writer, &entries, &fences),
        )
        .await
        {
            tracing::warn!(%error, batch = batch.len(), retry_in = ?delay, "journal write failed");
            // The connection may be what failed: the next attempt takes another.
            writer = None;
            shared.failed(error);
            tokio::time::sleep(delay).await;
            delay = (delay * 2).min(config.backoff_max);
        }
        shared.recovered();
        brisk.wrote(&entries, Instant::now());
        let stored = entries.len() as u64;
        shared
            .committed
            .send_modify(|committed| *committed += stored);
    }
}

/// Writes `entries` with the writer kept from the last batch, or a new one; entries of
/// owners holding `fences` are checked against them.
async fn write(
    store: &Store,
    writer: &mut Option<Writer>,
    entries: &[Entry],
    fences: &[Option<Arc<Fence>>],
) -> Result<(), StoreError> {
    let writer = match writer {
        Some(writer) => writer,
        None => writer.insert(store.writer().await?),
    };
    match fences.iter().any(Option::is_some) {
        true => writer.write_fenced(entries, fences).await,
        false => writer.write(entries).await,
    }
}

/// Runs one database call, cut off after `timeout`; the error as health reports it.
async fn within(
    timeout: Duration,
    call: impl Future<Output = Result<(), StoreError>>,
) -> Result<(), String> {
    match tokio::time::timeout(timeout, call).await {
        Ok(result) => result.map_err(|error| error.to_string()),
        Err(_) => Err(format!("no answer within {timeout:?}")),
    }
}

impl Shared {
    fn failed(&self, error: String) {
        let mut failure = self.failure.lock().expect("journal health lock");
        let since = failure
            .as_ref()
            .map_or_else(OffsetDateTime::now_utc, |failure| failure.since);
        *failure = Some(Failure { since, error });
    }

    fn recovered(&self) {
        if self
            .failure
            .lock()
            .expect("journal health lock")
            .take()
            .is_some()
        {
            tracing::info!("journal writes succeed again");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_reads_as_healthz_json() {
        let ok = serde_json::to_value(Health::Ok { backlog: 0 }).expect("json");
        assert_eq!(ok, serde_json::json!({"status": "ok", "backlog": 0}));
        let degraded = Health::Degraded {
            backlog: 12,
            failing_since: OffsetDateTime::UNIX_EPOCH,
            last_error: "connection refused".into(),
        };
        assert_eq!(
            serde_json::to_value(degraded).expect("json"),
            serde_json::json!({
                "status": "degraded",
                "backlog": 12,
                "failing_since": "1970-01-01T00:00:00Z",
                "last_error": "connection refused",
            })
        );
    }
}
