//! Persistence: finished games for the archive, and the running log that lets a restarted
//! server resume the games in progress.
//!
//! - [`database`]: `DATABASE_URL` parsed into Postgres or SQLite options.
//! - [`record`]: what is stored (games, seats, actions, chat).
//! - [`queries`]: the SQL that reads, written once for both backends.
//! - [`writer`]: the SQL that writes a journal batch, over one kept connection.
//! - [`journal`]: the writer a room hands records to without ever waiting on the database.
//! - [`restore`]: a stored game rebuilt through the engine, a cut-off concealment of a
//!   room whose server commits voided.
//! - [`rooms`]: each room's row: awake, or asleep with its alarm and what waking it needs.
//! - [`bundle`] and [`verify`]: the audit bundle of a finished game and its re-verification;
//!   [`verify_cli`] is `hesy verify`.
//!
//! Both backends run the same SQL: `$n` parameters, `ON CONFLICT … DO NOTHING` and the
//! column types sqlx maps on each side (JSONB or TEXT, UUID or BLOB, TIMESTAMPTZ or TEXT).
//! So [`Store`] is an enum over the two pools, and each query is written once and run on
//! whichever pool this server has.
//!
//! How the server uses it:
//! 1. Start-up: [`Store::connect`] with [`Database::from_url_or_dir`] (`DATABASE_URL`, else
//!    an SQLite file in the data directory), then [`journal::Journal::start`].
//! 2. Restore: start-up wakes the rooms [`Store::awake`] and [`Store::due`] name, and a
//!    request wakes any other (`docs/sleeping-rooms.md`); each reads [`Store::room`], and
//!    [`restore::restore_kept`] gives the game to resume; a [`restore::Voided`]
//!    concealment's entries go to the journal and its note to the players. Seats keep their
//!    token hashes to check reconnecting players. The game log is rebuilt as players saw it
//!    (voided actions and notes included), and the version from the room's record
//!    (`docs/restarts.md`). A room still waiting for players is reopened with the seats
//!    taken so far.
//! 3. In a room: [`journal::Journal::reserve`] *before* applying anything (refuse the
//!    action on an error), then play the move (`rules::replay::play`) and make its
//!    [`record::ActionRecord::new`], then write the record into the slot, with the game's
//!    outcome if the move ended it, and broadcast its events. Games and chat go the same way.
//! 4. `/healthz`: [`journal::Journal::health`]. The archive: [`Store::finished`] and
//!    [`Store::bundle`].
//! 5. Shutdown: drop the rooms (and their journal handles), then await
//!    [`journal::JournalWriter::flushed`]. The server (`src/http/persistence.rs`) waits for
//!    [`journal::Journal::health`] to show an empty backlog instead: its rooms may outlive
//!    the listener, held by connections still closing.

pub mod bundle;
pub mod database;
pub mod fence;
pub mod gathering;
pub mod journal;
pub mod queries;
pub mod record;
pub mod restore;
pub mod rooms;
mod rows;
pub mod verify;
pub mod verify_cli;
pub mod writer;

use std::time::Duration;

use sqlx::migrate::{Migrate, Migrator};
use sqlx::pool::PoolOptions;
use sqlx::sqlite::SqliteJournalMode;
use sqlx::{Connection, PgPool, Pool, SqlitePool};
use thiserror::Error;

pub use database::Database;

/// How long a query may wait for a free connection before it fails (and the journal
/// retries), so an unreachable database shows up in health within seconds.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// A connection pool to the configured backend, migrated to the current schema.
#[derive(Clone, Debug)]
pub enum Store {
    Postgres(PgPool),
    Sqlite(SqlitePool),
}

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("invalid DATABASE_URL: {0}")]
    Url(String),
    #[error("cannot create the data directory: {0}")]
    DataDir(#[from] std::io::Error),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migrating the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A stored row that does not parse: written by a newer server, or edited by hand.
    #[error("game {game}: stored {what} is invalid")]
    Corrupt {
        game: uuid::Uuid,
        what: &'static str,
    },
}

/// Runs `$body` with `$pool` bound to whichever pool `$store` holds. The body is written
/// once and compiled for each backend, which is what lets one SQL text serve both.
macro_rules! with_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            $crate::store::Store::Postgres($pool) => $body,
            $crate::store::Store::Sqlite($pool) => $body,
        }
    };
}
pub(crate) use with_pool;

/// A pool of at most `connections` to the database `options` name, brought to the current
/// schema by `migrator`.
async fn migrated<DB>(
    options: <DB::Connection as Connection>::Options,
    connections: u32,
    migrator: Migrator,
) -> Result<Pool<DB>, StoreError>
where
    DB: sqlx::Database,
    DB::Connection: Migrate,
{
    let pool = PoolOptions::<DB>::new()
        .max_connections(connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_with(options)
        .await?;
    migrator.run(&pool).await?;
    Ok(pool)
}

impl Store {
    /// Connects and applies the migrations this binary carries.
    pub async fn connect(database: Database) -> Result<Self, StoreError> {
        match database {
            Database::Postgres(options) => {
                let migrator = sqlx::migrate!("migrations/postgres");
                Ok(Store::Postgres(migrated(options, 8, migrator).await?))
            }
            Database::Sqlite(options) => {
                if let Some(dir) = options.get_filename().parent() {
                    std::fs::create_dir_all(dir)?;
                }
                // One writer at a time is all SQLite allows; WAL lets the archive read meanwhile.
                // Every commit still syncs the log (`synchronous` stays FULL). What changes is
                // where the work goes: statement journals stay in memory rather than a temporary
                // file, a page cache of 16 MiB keeps the indexes' busy pages, and the log is
                // copied back into the database every 10,000 pages rather than every 1,000, so
                // a page written many times in between is copied once. With the three, the
                // server spends about a sixth less CPU per move (docs/loadtest.md).
                let options = options
                    .journal_mode(SqliteJournalMode::Wal)
                    .pragma("temp_store", "memory")
                    .pragma("cache_size", "-16384")
                    .pragma("wal_autocheckpoint", "10000");
                let migrator = sqlx::migrate!("migrations/sqlite");
                Ok(Store::Sqlite(migrated(options, 4, migrator).await?))
            }
        }
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("SELECT 1").execute(pool).await?;
        });
        Ok(())
    }

    /// Closes every connection; queries after this fail.
    pub async fn close(&self) {
        with_pool!(self, pool => pool.close().await)
    }
}
