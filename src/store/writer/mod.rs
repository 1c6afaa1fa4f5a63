//! How the journal's batches are written: over one connection the writer keeps, the
//! actions of a batch in one statement.
//!
//! Keeping the connection saves two round trips per batch: a connection taken from the
//! pool is pinged when it is taken and again when it goes back. After a failed write the
//! journal drops its writer, and the next attempt takes a fresh connection.
//!
//! Actions are the one write whose SQL differs by backend. Postgres takes every row of a
//! run as one array per column, unnested by one fixed statement: it is prepared once, and
//! planned once, however long the run. A multi-row `VALUES` list instead has a different
//! text for every run length, each prepared and planned afresh. SQLite has no arrays, and
//! nothing to plan across a network, so it takes the `VALUES` list, in chunks within its
//! limit on bound parameters.

use sqlx::pool::PoolConnection;
use sqlx::types::Json;
use sqlx::{Connection, PgConnection, Postgres, QueryBuilder, Sqlite, SqliteConnection};
use uuid::Uuid;

use crate::rules::computer::Strength;

use super::record::{ActionRecord, Channel, Entry};
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

const INSERT_GAME: &str =
    "INSERT INTO games (id, rule_set, options, started_at, ended_at, result, room)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING";
const INSERT_SEAT: &str = "INSERT INTO seats (game_id, seat, name, team, token_hash, computer)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seat) DO NOTHING";
const FINISH_GAME: &str =
    "UPDATE games SET ended_at = $2, result = $3 WHERE id = $1 AND ended_at IS NULL";
const INSERT_CHAT: &str = "INSERT INTO chat (game_id, seq, seat, team, body, at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seq) DO NOTHING";
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

/// An action of a game, as the journal hands it over.
pub type GameAction<'a> = (Uuid, &'a ActionRecord);

/// Inserts runs of actions, each row a no-op when its game and sequence number are stored.
pub trait InsertActions {
    fn insert_actions<'a>(
        &'a mut self,
        rows: &'a [GameAction<'a>],
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send + 'a;
}

const UNNEST_ACTIONS: &str = "INSERT INTO actions
     (game_id, seq, seat, turn, action, events, commitment, reveal, nonce, voided, at, throw_proof,
      auto)
     SELECT * FROM UNNEST($1::uuid[], $2::int8[], $3::int4[], $4::int8[], $5::jsonb[],
         $6::jsonb[], $7::text[], $8::int4[], $9::text[], $10::bool[], $11::timestamptz[],
         $12::jsonb[], $13::bool[])
     ON CONFLICT (game_id, seq) DO NOTHING";

/// Followed by the rows' `VALUES` and `ON CONFLICT (game_id, seq) DO NOTHING`.
const INSERT_ACTIONS: &str = "INSERT INTO actions
     (game_id, seq, seat, turn, action, events, commitment, reveal, nonce, voided, at, throw_proof,
      auto) ";

/// Rows per SQLite `INSERT`: at 13 parameters a row, well inside its limit of 32,766.
const ROWS_PER_INSERT: usize = 1000;

fn hex_of(bytes: Option<&[u8; 32]>) -> Option<String> {
    bytes.map(hex::encode)
}

impl InsertActions for PgConnection {
    fn insert_actions<'a>(
        &'a mut self,
        rows: &'a [GameAction<'a>],
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send + 'a {
        // One array per column, in the order of `UNNEST_ACTIONS`.
        fn column<'a, T>(rows: &'a [GameAction<'a>], f: impl Fn(&'a ActionRecord) -> T) -> Vec<T> {
            rows.iter().map(|&(_, record)| f(record)).collect()
        }
        let query = sqlx::query(UNNEST_ACTIONS)
            .bind(rows.iter().map(|&(game, _)| game).collect::<Vec<_>>())
            .bind(column(rows, |r| i64::from(r.seq)))
            .bind(column(rows, |r| i32::from(r.seat.0)))
            .bind(column(rows, |r| i64::from(r.turn)))
            .bind(column(rows, |r| Json(&r.action)))
            .bind(column(rows, |r| Json(&r.events)))
            .bind(column(rows, |r| {
                hex_of(r.commitment.as_ref().map(|c| c.as_bytes()))
            }))
            .bind(column(rows, |r| r.reveal.map(i32::from)))
            .bind(column(rows, |r| {
                hex_of(r.nonce.as_ref().map(|n| n.as_bytes()))
            }))
            .bind(column(rows, |r| r.voided))
            .bind(column(rows, |r| r.at))
            .bind(column(rows, |r| r.throw.as_ref().map(Json)))
            .bind(column(rows, |r| r.auto));
        async move { query.execute(self).await.map(drop) }
    }
}

impl InsertActions for SqliteConnection {
    #[expect(
        clippy::manual_async_fn,
        reason = "the trait asks for a future that is Send"
    )]
    fn insert_actions<'a>(
        &'a mut self,
        rows: &'a [GameAction<'a>],
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send + 'a {
        async move {
            for chunk in rows.chunks(ROWS_PER_INSERT) {
                let mut insert = QueryBuilder::new(INSERT_ACTIONS);
                insert.push_values(chunk, |mut row, (game, record)| {
                    row.push_bind(*game)
                        .push_bind(i64::from(record.seq))
                        .push_bind(i32::from(record.seat.0))
                        .push_bind(i64::from(record.turn))
                        .push_bind(Json(&record.action))
                        .push_bind(Json(&record.events))
                        .push_bind(hex_of(record.commitment.as_ref().map(|c| c.as_bytes())))
                        .push_bind(record.reveal.map(i32::from))
                        .push_bind(hex_of(record.nonce.as_ref().map(|n| n.as_bytes())))
                        .push_bind(record.voided)
                        .push_bind(record.at)
                        .push_bind(record.throw.as_ref().map(Json))
                        .push_bind(record.auto);
                });
                insert.push(" ON CONFLICT (game_id, seq) DO NOTHING");
                insert.build().execute(&mut *self).await?;
            }
            Ok(())
        }
    }
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

impl Writer {
    /// Writes `entries` in order, in one transaction. Every entry is idempotent (its key
    /// already present leaves it as it was), so writing a batch again never duplicates.
    pub async fn write(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        // The common batch under load: actions that end no game. They take one statement,
        // which is atomic by itself, so it goes without the two round trips of a
        // transaction.
        let actions: Vec<GameAction<'_>> = entries.iter().filter_map(Entry::action).collect();
        if actions.len() == entries.len() && actions.iter().all(|(_, r)| r.outcome().is_none()) {
            with_connection!(self, connection => connection.insert_actions(&actions).await?);
            return Ok(());
        }
        with_connection!(self, connection => {
            let mut tx = connection.begin().await?;
            // Consecutive actions, of whatever games, go in one statement; every other entry
            // stands alone in its run.
            let runs = entries.chunk_by(|a, b| a.action().is_some() && b.action().is_some());
            for run in runs {
                match &run[0] {
                    Entry::Game(game) => {
                        if let Some(room) = &game.room {
                            sqlx::query(FORGET_WAITING).bind(room.code.clone()).execute(&mut *tx).await?;
                        }
                        sqlx::query(INSERT_GAME)
                            .bind(game.id)
                            .bind(game.setup.rule_set().name())
                            .bind(Json(game.setup.options()))
                            .bind(game.started_at)
                            .bind(game.ended_at)
                            .bind(game.result.clone().map(Json))
                            .bind(game.room.clone().map(Json))
                            .execute(&mut *tx)
                            .await?;
                        for seat in &game.seats {
                            sqlx::query(INSERT_SEAT)
                                .bind(game.id)
                                .bind(i32::from(seat.seat.0))
                                .bind(seat.name.clone())
                                .bind(i32::from(seat.team.0))
                                .bind(seat.token.map(|hash| hash.0.to_vec()))
                                .bind(seat.computer.map(Strength::name))
                                .execute(&mut *tx)
                                .await?;
                        }
                    }
                    Entry::Action { .. } => {
                        let rows: Vec<GameAction<'_>> = run.iter().filter_map(Entry::action).collect();
                        tx.insert_actions(&rows).await?;
                        for &(game, record) in &rows {
                            if let Some(outcome) = record.outcome() {
                                sqlx::query(FINISH_GAME)
                                    .bind(game)
                                    .bind(record.at)
                                    .bind(Json(outcome))
                                    .execute(&mut *tx)
                                    .await?;
                            }
                        }
                    }
                    Entry::Chat { game, record } => {
                        sqlx::query(INSERT_CHAT)
                            .bind(*game)
                            .bind(i64::from(record.seq))
                            .bind(record.seat.map(|seat| i32::from(seat.0)))
                            .bind(match record.channel {
                                Channel::Table => None,
                                Channel::Team(team) => Some(i32::from(team.0)),
                            })
                            .bind(record.body.clone())
                            .bind(record.at)
                            .execute(&mut *tx)
                            .await?;
                    }
                    Entry::Void { game, record } => {
                        sqlx::query(VOID_ACTIONS)
                            .bind(*game)
                            .bind(i64::from(record.first))
                            .bind(i64::from(record.last))
                            .execute(&mut *tx)
                            .await?;
                        sqlx::query(INSERT_VOID)
                            .bind(*game)
                            .bind(i64::from(record.first))
                            .bind(i64::from(record.last))
                            .bind(i64::from(record.note))
                            .execute(&mut *tx)
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
                            .execute(&mut *tx)
                            .await?;
                        for seat in game.seats.iter().filter(|seat| seat.is_taken()) {
                            sqlx::query(INSERT_WAITING_SEAT)
                                .bind(room.code.clone())
                                .bind(i32::from(seat.seat.0))
                                .bind(seat.name.clone())
                                .bind(i32::from(seat.team.0))
                                .bind(seat.token.map(|hash| hash.0.to_vec()))
                                .bind(seat.computer.map(Strength::name))
                                .execute(&mut *tx)
                                .await?;
                        }
                    }
                    Entry::Closed { code } => {
                        sqlx::query(FORGET_WAITING).bind(code.clone()).execute(&mut *tx).await?;
                    }
                }
            }
            tx.commit().await?;
            Ok(())
        })
    }
}
