//! The database as the server uses it: opened at start-up with the journal rooms write
//! through, the rooms with something to do woken, and what is queued written before exit.

use std::time::Duration;

use anyhow::Context;
use time::OffsetDateTime;
use tokio::time::Instant;
use tracing::{info, warn};

use crate::config::ServeConfig;
use crate::room::{Missing, Registry};
use crate::store::journal::{Health, Journal};
use crate::store::{Database, Store};
use crate::wire::RoomCode;

/// How long shutdown waits for the journal to write what it holds.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// How long shutdown waits for the rooms' leases to be given up.
const HAND_OVER_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug)]
pub struct Persistence {
    pub store: Store,
    pub journal: Journal,
}

impl Persistence {
    /// Connects to `DATABASE_URL` (else SQLite in the data directory), applies the
    /// migrations and starts the journal.
    pub async fn open(config: &ServeConfig) -> anyhow::Result<Self> {
        let database =
            Database::from_url_or_dir(config.database_url.as_deref(), config.data_dir.clone())?;
        info!(?database, "opening the database");
        let store = Store::connect(database)
            .await
            .context("cannot open the database")?;
        // The writer task ends by itself once every room's handle is gone; shutdown waits on
        // the backlog instead (see `drain`), since rooms may outlive the listener.
        let (journal, _writer) = Journal::start(store.clone(), config.journal_config());
        Ok(Persistence { store, journal })
    }

    /// Wakes the rooms that have something to do: those awake when the server last
    /// stopped, and those whose alarm has come. Every other room sleeps in the store until
    /// a request or its alarm wakes it. A room that does not wake is logged and left in the
    /// database, so one bad row does not keep the server down.
    pub async fn resume(&self, registry: &Registry) -> anyhow::Result<()> {
        let mut codes = self
            .store
            .awake()
            .await
            .context("cannot read the rooms awake")?;
        let due = self.store.due(OffsetDateTime::now_utc(), u32::MAX).await;
        codes.extend(due.context("cannot read the rooms due")?);
        for code in codes {
            let woken = match RoomCode::try_from(code.clone()) {
                Ok(room) => registry.ring(&room).await,
                Err(_) => Err(Missing::NoSuchRoom),
            };
            match woken {
                Ok(()) => info!(%code, "woke a room"),
                Err(error) => warn!(%code, ?error, "cannot wake a room"),
            }
        }
        Ok(())
    }

    /// Waits until the journal has written everything queued, for at most
    /// [`DRAIN_TIMEOUT`].
    pub async fn drain(self) {
        // Rooms stop accepting first; then everything they accepted is written.
        self.journal.close();
        let deadline = Instant::now() + DRAIN_TIMEOUT;
        loop {
            match self.journal.health() {
                Health::Ok { backlog: 0 } => return info!("every record is saved"),
                health if Instant::now() >= deadline => {
                    return warn!(?health, "stopping with records not yet saved");
                }
                _ => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    }
}

/// With several nodes, once the journal has written everything: every room here leaves (its
/// connections told to reconnect, to any node) and its lease is given up, so other nodes
/// take the rooms over at once rather than once the leases expire.
pub async fn hand_over(registry: &Registry) {
    let Some(cluster) = registry.config().cluster.clone() else {
        return;
    };
    registry.leave_all().await;
    let deadline = Instant::now() + HAND_OVER_TIMEOUT;
    while cluster.health().leases > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    info!(
        leases = cluster.health().leases,
        "rooms handed over to the other nodes"
    );
}

/// Resolves on Ctrl-C or, on Unix, SIGTERM (what `docker stop` sends).
pub async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
    info!("shutting down");
}
