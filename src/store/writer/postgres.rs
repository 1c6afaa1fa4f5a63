//! Play on Postgres: a whole run in one statement, one round trip, atomic without a
//! transaction. Each table's rows go as one array per column, unnested by a part of their
//! own, and the parts are joined as data-modifying `WITH` queries. A run's text depends
//! only on which tables it has rows for, so there are few texts, each prepared once.
//!
//! The arrays, all of one length, are unnested side by side in the select list, which hands
//! the rows on one at a time; `FROM UNNEST(…)` would first copy them all into a temporary
//! store (docs/loadtest.md: the database's CPU per move at a person's pace, 12 to 21% less).
//!
//! All parts of a statement see the database as it was before it, so marking a game
//! finished cannot reach a game the same statement begins: such a game is inserted finished
//! too. Foreign keys are checked once the whole statement is done, so the actions and
//! seats of a game begun in it are accepted.
//!
//! A batch written on its own goes first as if none of it were stored, without the
//! inserts' `ON CONFLICT` clauses, which the database pays for on every row; only a batch
//! written again after a lost acknowledgement meets a stored row, fails whole, and goes
//! again skipping stored rows. Within a transaction a failed statement would end it, so
//! there stored rows are always skipped.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;
use sqlx::encode::Encode;
use sqlx::error::BoxDynError;
use sqlx::postgres::PgArguments;
use sqlx::types::Json;
use sqlx::{Arguments, AssertSqlSafe, PgConnection, Postgres, Type};
use time::OffsetDateTime;
use uuid::Uuid;

use super::super::record::{ActionRecord, ChatRecord, Entry, GameRecord};
use super::kept::{KeptAction, action_columns, add_reveal};
use super::{WritePlay, commitment_columns, seat_columns, team_column};

/// The statement's parts, each included when it has rows, in this order; `$?` stands for
/// the next parameter. A part is as cheap as a statement of its own, but an empty part
/// costs the database nearly as much as a full one (its table, indexes and triggers are
/// opened all the same), so a run holds only the parts it needs: at most 32 texts, in the
/// two forms of [`Stored`], each prepared once on a connection.
const FORGET_WAITING: &str = "DELETE FROM waiting_rooms WHERE code = ANY($?::text[])";
const INSERT_GAMES: &str = "INSERT INTO games
    (id, rule_set, options, started_at, ended_at, result, room)
    SELECT unnest($?::uuid[]), unnest($?::text[]), unnest($?::jsonb[]),
        unnest($?::timestamptz[]), unnest($?::timestamptz[]), unnest($?::jsonb[]),
        unnest($?::jsonb[])
    ON CONFLICT (id) DO NOTHING";
const INSERT_SEATS: &str = "INSERT INTO seats (game_id, seat, name, team, token_hash, computer)
    SELECT unnest($?::uuid[]), unnest($?::int4[]), unnest($?::text[]), unnest($?::int4[]),
        unnest($?::bytea[]), unnest($?::text[])
    ON CONFLICT (game_id, seat) DO NOTHING";
const INSERT_CHAT: &str = "INSERT INTO chat (game_id, seq, seat, team, body, at)
    SELECT unnest($?::uuid[]), unnest($?::int8[]), unnest($?::int4[]), unnest($?::int4[]),
        unnest($?::text[]), unnest($?::timestamptz[])
    ON CONFLICT (game_id, seq) DO NOTHING";
const FINISH_GAMES: &str = "UPDATE games SET ended_at = ended.at, result = ended.result
    FROM UNNEST($?::uuid[], $?::timestamptz[], $?::jsonb[]) AS ended (id, at, result)
    WHERE games.id = ended.id AND games.ended_at IS NULL";
const INSERT_ACTIONS: &str = concat!(
    "INSERT INTO actions (",
    action_columns!(),
    ")
    SELECT unnest($?::uuid[]), unnest($?::int8[]), unnest($?::int4[]), unnest($?::int8[]),
        unnest($?::text[]::json[]), unnest($?::text[]::json[]), unnest($?::text[]),
        unnest($?::int4[]), unnest($?::text[]), unnest($?::bool[]), unnest($?::timestamptz[]),
        unnest($?::text[]::json[]), unnest($?::bool[]), unnest($?::int4[]),
        unnest($?::text[]::json[]), unnest($?::text[]::json[])
    ",
    add_reveal!()
);

/// Whether a statement's inserts skip rows already stored, or fail on them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stored {
    /// `ON CONFLICT`: a batch written again changes nothing, but for a reveal added to the
    /// row of its guess stored alone.
    #[default]
    Skipped,
    /// No conflict clause, which spares the database an index probe and a speculative
    /// insertion per row (7 to 12% of its CPU per action in `benches/batches.rs`); a row
    /// already stored fails the whole statement, leaving nothing written.
    Refused,
}

/// The parts of a statement and their arguments, numbered as they are added.
#[derive(Default)]
struct Statement {
    stored: Stored,
    parts: Vec<String>,
    /// The parameters the parts take, and the arrays bound to them so far.
    parameters: usize,
    arguments: PgArguments,
}

impl Statement {
    /// Adds `part`, its `$?` numbered on from the parts before it; one array follows for
    /// each. Its `ON CONFLICT` clause goes unless stored rows are skipped.
    fn part(&mut self, part: &str) -> &mut Statement {
        let part = match part.split_once("ON CONFLICT") {
            Some((insert, _)) if self.stored == Stored::Refused => insert,
            _ => part,
        };
        let mut pieces = part.split("$?");
        let mut text = pieces.next().unwrap_or_default().to_owned();
        for piece in pieces {
            self.parameters += 1;
            text.push_str(&format!("${}{piece}", self.parameters));
        }
        self.parts.push(text);
        self
    }

    fn bind<'t, T>(&mut self, column: T) -> Result<&mut Statement, BoxDynError>
    where
        T: Encode<'t, Postgres> + Type<Postgres>,
    {
        self.arguments.add(column)?;
        Ok(self)
    }

    /// The text: the last part, after the others as data-modifying `WITH` queries, which
    /// run to completion whether read or not.
    fn text(&self) -> Option<String> {
        let (last, others) = self.parts.split_last()?;
        let with: Vec<String> = others
            .iter()
            .enumerate()
            .map(|(index, part)| format!("part{index} AS ({part})"))
            .collect();
        Some(match with.is_empty() {
            true => last.clone(),
            false => format!("WITH {} {last}", with.join(", ")),
        })
    }
}

/// One array per column: `f` of each row.
fn column<R, T>(rows: &[R], f: impl Fn(&R) -> T) -> Vec<T> {
    rows.iter().map(f).collect()
}

/// One array of JSON text per column, for a `json` column: `f` of each row, written out.
/// `json` keeps the text as sent, where `jsonb` would take every value apart.
fn json_column<R, T: Serialize>(
    rows: &[R],
    f: impl Fn(&R) -> Option<&T>,
) -> Result<Vec<Option<String>>, serde_json::Error> {
    rows.iter()
        .map(|row| f(row).map(serde_json::to_string).transpose())
        .collect()
}

impl WritePlay for PgConnection {
    fn one_statement(&self, _: &[Entry]) -> bool {
        true
    }

    async fn write_play(&mut self, run: &[Entry]) -> Result<(), sqlx::Error> {
        execute(self, statement(run, Stored::Skipped)).await
    }

    /// First as if nothing of `run` were stored, which is nearly always so; a batch
    /// written again (its acknowledgement lost) fails that on a stored row, changing
    /// nothing, and is written again skipping them.
    async fn write_play_alone(&mut self, run: &[Entry]) -> Result<(), sqlx::Error> {
        match execute(self, statement(run, Stored::Refused)).await {
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                self.write_play(run).await
            }
            written => written,
        }
    }
}

async fn execute(
    connection: &mut PgConnection,
    statement: Result<Statement, BoxDynError>,
) -> Result<(), sqlx::Error> {
    let statement = statement.map_err(sqlx::Error::Encode)?;
    let Some(text) = statement.text() else {
        return Ok(());
    };
    sqlx::query_with(AssertSqlSafe(text), statement.arguments)
        .execute(connection)
        .await
        .map(drop)
}

/// The statement that writes `run`.
fn statement(run: &[Entry], stored: Stored) -> Result<Statement, BoxDynError> {
    let mut games: Vec<&GameRecord> = Vec::new();
    let mut chat: Vec<(Uuid, &ChatRecord)> = Vec::new();
    let mut actions: Vec<(Uuid, &ActionRecord)> = Vec::new();
    let mut finished: HashMap<Uuid, (OffsetDateTime, Value)> = HashMap::new();
    for entry in run {
        match entry {
            Entry::Game(game) => games.push(game),
            Entry::Action {
                game,
                record,
                outcome,
            } => {
                actions.push((*game, record));
                if let Some(outcome) = outcome {
                    finished.insert(*game, (record.at, outcome.clone()));
                }
            }
            Entry::Chat { game, record } => chat.push((*game, record)),
            Entry::Void { .. }
            | Entry::Waiting(_)
            | Entry::Closed { .. }
            | Entry::Room(_)
            | Entry::Abandoned { .. } => {}
        }
    }
    let mut statement = Statement {
        stored,
        ..Statement::default()
    };
    let forgotten: Vec<&str> = games
        .iter()
        .filter_map(|game| game.room.as_ref().map(|room| room.code.as_str()))
        .collect();
    if !forgotten.is_empty() {
        statement.part(FORGET_WAITING).bind(forgotten)?;
    }
    if !games.is_empty() {
        // A game begun here is inserted as it ends here, if it does. It is also marked
        // finished below, for when it was stored before (a batch written again).
        let ending: Vec<_> = games
            .iter()
            .map(|game| match finished.get(&game.id) {
                Some((at, outcome)) => (Some(*at), Some(Json(outcome.clone()))),
                None => (game.ended_at, game.result.clone().map(Json)),
            })
            .collect();
        statement
            .part(INSERT_GAMES)
            .bind(column(&games, |game| game.id))?
            .bind(column(&games, |game| game.setup.rule_set().name()))?
            .bind(column(&games, |game| Json(game.setup.options())))?
            .bind(column(&games, |game| game.started_at))?
            .bind(column(&ending, |(at, _)| *at))?
            .bind(column(&ending, |(_, result)| result.clone()))?
            .bind(column(&games, |game| game.room.as_ref().map(Json)))?;
        let seats: Vec<_> = games
            .iter()
            .flat_map(|game| game.seats.iter().map(|seat| (game.id, seat_columns(seat))))
            .collect();
        if !seats.is_empty() {
            statement
                .part(INSERT_SEATS)
                .bind(column(&seats, |(game, _)| *game))?
                .bind(column(&seats, |(_, seat)| seat.0))?
                .bind(column(&seats, |(_, seat)| seat.1.clone()))?
                .bind(column(&seats, |(_, seat)| seat.2))?
                .bind(column(&seats, |(_, seat)| seat.3.clone()))?
                .bind(column(&seats, |(_, seat)| seat.4))?;
        }
    }
    if !chat.is_empty() {
        statement
            .part(INSERT_CHAT)
            .bind(column(&chat, |(game, _)| *game))?
            .bind(column(&chat, |(_, r)| i64::from(r.seq)))?
            .bind(column(&chat, |(_, r)| r.seat.map(|seat| i32::from(seat.0))))?
            .bind(column(&chat, |(_, r)| team_column(r.channel)))?
            .bind(column(&chat, |(_, r)| r.body.as_str()))?
            .bind(column(&chat, |(_, r)| r.at))?;
    }
    if !finished.is_empty() {
        let ended: Vec<_> = finished.into_iter().collect();
        statement
            .part(FINISH_GAMES)
            .bind(column(&ended, |(game, _)| *game))?
            .bind(column(&ended, |(_, (at, _))| *at))?
            .bind(column(&ended, |(_, (_, outcome))| Json(outcome.clone())))?;
    }
    if !actions.is_empty() {
        let rows = KeptAction::rows(actions);
        let (commitments, nonces): (Vec<_>, Vec<_>) = rows
            .iter()
            .map(|row| commitment_columns(row.opened()))
            .unzip();
        statement
            .part(INSERT_ACTIONS)
            .bind(column(&rows, |row| row.game))?
            .bind(column(&rows, |row| i64::from(row.action.seq)))?
            .bind(column(&rows, |row| i32::from(row.action.seat.0)))?
            .bind(column(&rows, |row| i64::from(row.action.turn)))?
            .bind(json_column(&rows, |row| Some(&row.action.action))?)?
            .bind(json_column(&rows, |row| Some(&row.action.events))?)?
            .bind(commitments)?
            .bind(column(&rows, |row| row.opened().reveal.map(i32::from)))?
            .bind(nonces)?
            .bind(column(&rows, |row| row.action.voided))?
            .bind(column(&rows, |row| row.action.at))?
            .bind(json_column(&rows, |row| row.opened().throw.as_ref())?)?
            .bind(column(&rows, |row| row.action.auto))?
            .bind(column(&rows, |row| row.reveal.map(|r| i32::from(r.seat.0))))?
            .bind(json_column(&rows, |row| row.reveal.map(|r| &r.action))?)?
            .bind(json_column(&rows, |row| row.reveal.map(|r| &r.events))?)?;
    }
    Ok(statement)
}
