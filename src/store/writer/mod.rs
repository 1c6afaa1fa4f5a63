//! How the journal's batches are written: over one connection the writer keeps, and a
//! run of a game's play (games begun, actions, chat) as one backend-specific step.
//!
//! Keeping the connection saves two round trips per batch: a connection taken from the
//! pool is pinged when it is taken and again when it goes back. After a failed write the
//! journal drops its writer, and the next attempt takes a fresh connection.
//!
//! Play is what nearly every batch holds, and its SQL differs by backend. Postgres takes a
//! whole run as one statement over arrays (`postgres.rs`): one round trip, atomic by
//! itself, of a few texts each prepared once. SQLite has no arrays and no network to cross, so it
//! takes a statement per game and per chat message and a `VALUES` list for the actions
//! (`sqlite.rs`). Entries that restarts, waiting, sleeping and abandoned rooms write are
//! rare and take the same SQL on both.

mod kept;
mod postgres;
mod sqlite;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use sqlx::pool::PoolConnection;
use sqlx::types::Json;
use sqlx::{Connection, Postgres, QueryBuilder, Sqlite};

use crate::rules::computer::Strength;

use super::fence::Fence;
use super::record::{ActionRecord, Channel, Entry, SeatRecord};
use super::rooms::{ABANDON_GAME, FORGET_ROOM, UPSERT_ROOM, whole_second};
use super::{Store, StoreError};

/// A connection kept for writing.
#[derive(Debug)]
pub enum Writer {
    Postgres(PoolConnection<Postgres>),
    Sqlite(PoolConnection<Sqlite>),
}

/// Runs `$body` with `$connection` bound to whichever connection `$writer` holds.
macro_rules! with_connection {
    ($writer:expr, $connection:ident => $body:expr) => {
        match $writer {
            Writer::Postgres($connection) => $body,
            Writer::Sqlite($connection) => $body,
        }
    };
}

const VOID_ACTIONS: &str =
    "UPDATE actions SET voided = TRUE WHERE game_id = $1 AND seq BETWEEN $2 AND $3";
const INSERT_VOID: &str = "INSERT INTO voids (game_id, first, last, note)
     VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, first) DO NOTHING";
const INSERT_WAITING: &str =
    "INSERT INTO waiting_rooms (code, game_id, rule_set, options, room, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING";
const INSERT_WAITING_SEAT: &str =
    "INSERT INTO waiting_seats (code, seat, name, team, token_hash, computer)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code, seat) DO NOTHING";
/// The room's seats go with it (`ON DELETE CASCADE`; sqlx turns SQLite's foreign keys on).
const FORGET_WAITING: &str = "DELETE FROM waiting_rooms WHERE code = $1";

/// Writes runs of play: consecutive entries for which [`Entry::is_play`] holds. Every row
/// is a no-op when its key is already stored; an action with an outcome also marks its game
/// finished.
trait WritePlay {
    /// Whether `run` is written by one statement, atomic without a transaction around it.
    fn one_statement(&self, run: &[Entry]) -> bool;

    fn write_play<'a>(
        &'a mut self,
        run: &'a [Entry],
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send + 'a;

    /// Writes `run`, the whole batch, outside a transaction: only where `one_statement`.
    fn write_play_alone<'a>(
        &'a mut self,
        run: &'a [Entry],
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send + 'a {
        self.write_play(run)
    }
}

/// The columns a seat is stored with, beside its game or room: seat, name, team, the hash
/// of its token, its computer player.
fn seat_columns(seat: &SeatRecord) -> (i32, String, i32, Option<Vec<u8>>, Option<&'static str>) {
    (
        i32::from(seat.seat.0),
        seat.name.clone(),
        i32::from(seat.team.0),
        seat.token.map(|hash| hash.0.to_vec()),
        seat.computer.map(Strength::name),
    )
}

/// The team column of a chat message: the team that alone may read it, `NULL` for all.
fn team_column(channel: Channel) -> Option<i32> {
    match channel {
        Channel::Table => None,
        Channel::Team(team) => Some(i32::from(team.0)),
    }
}

fn hex_of(bytes: Option<&[u8; 32]>) -> Option<String> {
    bytes.map(hex::encode)
}

/// An action's commitment and nonce, as the hex the schema stores.
fn commitment_columns(record: &ActionRecord) -> (Option<String>, Option<String>) {
    (
        hex_of(record.commitment.as_ref().map(|c| c.as_bytes())),
        hex_of(record.nonce.as_ref().map(|n| n.as_bytes())),
    )
}

impl Store {
    /// Takes a connection to write with.
    pub async fn writer(&self) -> Result<Writer, StoreError> {
        Ok(match self {
            Store::Postgres(pool) => Writer::Postgres(pool.acquire().await?),
            Store::Sqlite(pool) => Writer::Sqlite(pool.acquire().await?),
        })
    }

    /// Writes `entries` as [`Writer::write`] does, on a connection taken for the purpose.
    pub async fn write(&self, entries: &[Entry]) -> Result<(), StoreError> {
        self.writer().await?.write(entries).await
    }
}

/// The latest fences of some rooms, by code: the list of codes follows.
const FENCES: &str = "SELECT code, fence FROM room_fences WHERE code IN (";

/// Writes `$entries` in order within the transaction `$tx`, run by run.
macro_rules! write_runs {
    ($tx:ident, $entries:expr) => {
        for run in $entries.chunk_by(|a, b| a.is_play() && b.is_play()) {
            match &run[0] {
                Entry::Game(_) | Entry::Action { .. } | Entry::Chat { .. } => {
                    $tx.write_play(run).await?;
                }
                Entry::Void { game, record } => {
                    sqlx::query(VOID_ACTIONS)
                        .bind(*game)
                        .bind(i64::from(record.first))
                        .bind(i64::from(record.last))
                        .execute(&mut *$tx)
                        .await?;
                    sqlx::query(INSERT_VOID)
                        .bind(*game)
                        .bind(i64::from(record.first))
                        .bind(i64::from(record.last))
                        .bind(i64::from(record.note))
                        .execute(&mut *$tx)
                        .await?;
                }
                Entry::Waiting(game) => {
                    let Some(room) = &game.room else { continue };
                    sqlx::query(INSERT_WAITING)
                        .bind(room.code.clone())
                        .bind(game.id)
                        .bind(game.setup.rule_set().name())
                        .bind(Json(game.setup.options()))
                        .bind(Json(room.clone()))
                        .bind(game.started_at)
                        .execute(&mut *$tx)
                        .await?;
                    for seat in game.seats.iter().filter(|seat| seat.is_taken()) {
                        let (number, name, team, token, computer) = seat_columns(seat);
                        sqlx::query(INSERT_WAITING_SEAT)
                            .bind(room.code.clone())
                            .bind(number)
                            .bind(name)
                            .bind(team)
                            .bind(token)
                            .bind(computer)
                            .execute(&mut *$tx)
                            .await?;
                    }
                }
                Entry::Closed { code } => {
                    sqlx::query(FORGET_WAITING)
                        .bind(code.clone())
                        .execute(&mut *$tx)
                        .await?;
                    sqlx::query(FORGET_ROOM)
                        .bind(code.clone())
                        .execute(&mut *$tx)
                        .await?;
                }
                Entry::Room(rest) => {
                    sqlx::query(UPSERT_ROOM)
                        .bind(rest.code.clone())
                        .bind(rest.awake)
                        .bind(rest.alarm.map(whole_second))
                        .bind(rest.deadline)
                        .bind(rest.active_at)
                        .bind(rest.held)
                        .execute(&mut *$tx)
                        .await?;
                }
                Entry::Abandoned { game, at, result } => {
                    sqlx::query(ABANDON_GAME)
                        .bind(*game)
                        .bind(*at)
                        .bind(Json(result.clone()))
                        .execute(&mut *$tx)
                        .await?;
                }
            }
        }
    };
}

impl Writer {
    /// Writes `entries` in order, atomically. Every entry is idempotent (its key already
    /// present leaves it as it was), so writing a batch again never duplicates.
    pub async fn write(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        with_connection!(self, connection => {
            // The common batch under load: nothing but play, which one statement writes
            // without the two round trips of a transaction.
            if entries.iter().all(Entry::is_play) && connection.one_statement(entries) {
                connection.write_play_alone(entries).await?;
                return Ok(());
            }
            let mut tx = connection.begin().await?;
            write_runs!(tx, entries);
            tx.commit().await?;
            Ok(())
        })
    }

    /// Writes `entries` as [`Writer::write`] does, each of them only while the fence its
    /// owner holds (`fences`, one per entry; `None` for an entry of no room's owner) is still
    /// its room's latest ([`super::fence`]). The fences found stale are told so, and their
    /// entries left unwritten.
    pub async fn write_fenced(
        &mut self,
        entries: &[Entry],
        fences: &[Option<Arc<Fence>>],
    ) -> Result<(), StoreError> {
        let codes: BTreeSet<&str> = fences.iter().flatten().map(|f| f.code()).collect();
        let lock = match self {
            // Held until the batch commits: a claim waits for it.
            Writer::Postgres(_) => " FOR SHARE",
            // One writer at a time: a claim cannot come between the read and the writes.
            Writer::Sqlite(_) => "",
        };
        with_connection!(self, connection => {
            let mut latest = QueryBuilder::new(FENCES);
            let mut list = latest.separated(", ");
            for code in &codes {
                list.push_bind(*code);
            }
            list.push_unseparated(")");
            latest.push(lock);
            let mut tx = connection.begin().await?;
            let rows: Vec<(String, i64)> = latest.build_query_as().fetch_all(&mut *tx).await?;
            let latest: HashMap<String, i64> = rows.into_iter().collect();
            let current = |fence: &Fence| latest.get(fence.code()) == Some(&fence.number());
            let mut kept = Vec::with_capacity(entries.len());
            let mut stale = Vec::new();
            for (entry, fence) in entries.iter().zip(fences) {
                match fence {
                    Some(fence) if !current(fence) => stale.push(fence),
                    _ => kept.push(entry.clone()),
                }
            }
            write_runs!(tx, &kept);
            tx.commit().await?;
            for fence in stale {
                fence.refuse();
            }
            Ok(())
        })
    }
}
