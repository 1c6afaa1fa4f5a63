//! The rooms table: where each room stands between the lives of its task (see
//! `src/room/registry.rs` for sleeping and waking).
//!
//! A room's row says whether its task is awake. An awake room's row holds nothing else, so a
//! server that stops (or crashes) with it awake wakes it again at start-up. A room that goes
//! to sleep writes what waking it needs: its alarm (when it must act with nobody there), the
//! turn timer's deadline, when a person last used it, and the number behind its own
//! concealment not yet revealed.
//!
//! That number is kept in the store only while the room sleeps on purpose: a room that
//! sleeps stopped safely, and voiding a concealment then would cost its players a turn for
//! nothing. Waking clears it. A crash while the room is awake finds no number stored and
//! voids the concealment as before (`super::restore`). It is never served, and never logged.
//!
//! Alarms are kept to the whole second, rounded up (SQLite compares them as text, and text
//! with a fraction does not sort in time order with text without one).

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::types::Json;
use time::OffsetDateTime;

use crate::fair::Nonce;

use super::queries::{ChatReader, StoredGame};
use super::record::GameRecord;
use super::{Store, StoreError, rows, with_pool};

/// A room's row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RoomRest {
    pub code: String,
    pub awake: bool,
    /// When the sleeping room must be woken to act, if ever.
    pub alarm: Option<OffsetDateTime>,
    /// The deadline of the step the game waited on as the room fell asleep.
    pub deadline: Option<OffsetDateTime>,
    /// The last time a person used the room.
    pub active_at: Option<OffsetDateTime>,
    pub held: Option<Json<Kept>>,
}

/// The number and nonce of the room's own concealment, kept while the room sleeps.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    pub number: u8,
    pub nonce: Nonce,
}

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Kept(hidden)")
    }
}

impl RoomRest {
    /// The row of a room whose task is awake.
    pub fn awake(code: String) -> Self {
        RoomRest {
            code,
            awake: true,
            alarm: None,
            deadline: None,
            active_at: None,
            held: None,
        }
    }
}

/// What a room's code names in the store.
#[derive(Debug)]
pub enum StoredRoom {
    /// A room waiting for players, as the game it will begin.
    Waiting(GameRecord),
    /// The room's latest game, and its row.
    Game(Box<StoredGame>, RoomRest),
}

/// The outcome of an abandoned game, as its `result`: no winner. A replay of it does not
/// end, and verification accepts that for this outcome alone.
pub fn abandoned() -> Value {
    json!({ "winner": null, "reason": "abandoned" })
}

/// `at` rounded up to the whole second, as alarms are kept.
pub fn whole_second(at: OffsetDateTime) -> OffsetDateTime {
    let down = at.replace_nanosecond(0).unwrap_or(at);
    match down == at {
        true => at,
        false => down + time::Duration::SECOND,
    }
}

pub(super) const UPSERT_ROOM: &str =
    "INSERT INTO rooms (code, awake, alarm, deadline, active_at, held)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (code) DO UPDATE SET awake = excluded.awake, alarm = excluded.alarm,
        deadline = excluded.deadline, active_at = excluded.active_at, held = excluded.held";
pub(super) const FORGET_ROOM: &str = "DELETE FROM rooms WHERE code = $1";
/// An abandoned game ends without an action (`super::record::Entry::Abandoned`).
pub(super) const ABANDON_GAME: &str =
    "UPDATE games SET ended_at = $2, result = $3 WHERE id = $1 AND ended_at IS NULL";

const SELECT_ROOM: &str =
    "SELECT code, awake, alarm, deadline, active_at, held FROM rooms WHERE code = $1";
const SELECT_DUE: &str = "SELECT code FROM rooms
     WHERE NOT awake AND alarm IS NOT NULL AND alarm <= $1 ORDER BY alarm LIMIT $2";
const SELECT_AWAKE: &str = "SELECT code FROM rooms WHERE awake";
const ROOM_EXISTS: &str = "SELECT EXISTS (SELECT 1 FROM rooms WHERE code = $1)
     OR EXISTS (SELECT 1 FROM waiting_rooms WHERE code = $1)";
const SELECT_NEXT_ALARM: &str = "SELECT alarm FROM rooms
     WHERE NOT awake AND alarm IS NOT NULL ORDER BY alarm LIMIT 1";

impl Store {
    /// The room `code` names: waiting for players, or its latest game with everything
    /// stored about it; `None` when the store has no room by that code (a room whose row
    /// is gone has closed, its games in the archive).
    pub async fn room(&self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        if let Some(waiting) = self.waiting_room(code).await? {
            return Ok(Some(StoredRoom::Waiting(waiting)));
        }
        let rest: Option<RoomRest> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_ROOM).bind(code).fetch_optional(pool).await?
        });
        let Some(rest) = rest else {
            return Ok(None);
        };
        let game = self.latest_game(code, ChatReader::Server).await?;
        Ok(game.map(|game| StoredRoom::Game(Box::new(game), rest)))
    }

    /// Whether the store holds a room by this code, at the cost of an index lookup.
    pub async fn has_room(&self, code: &str) -> Result<bool, StoreError> {
        Ok(with_pool!(self, pool => {
            sqlx::query_scalar(ROOM_EXISTS).bind(code).fetch_one(pool).await?
        }))
    }

    /// Up to `limit` sleeping rooms whose alarm is at or before `now`, soonest first.
    pub async fn due(&self, now: OffsetDateTime, limit: u32) -> Result<Vec<String>, StoreError> {
        let now = now.replace_nanosecond(0).unwrap_or(now);
        let codes: Vec<(String,)> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_DUE).bind(now).bind(i64::from(limit)).fetch_all(pool).await?
        });
        Ok(codes.into_iter().map(|(code,)| code).collect())
    }

    /// The rooms whose task was awake when the server last stopped.
    pub async fn awake(&self) -> Result<Vec<String>, StoreError> {
        let codes: Vec<(String,)> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_AWAKE).fetch_all(pool).await?
        });
        Ok(codes.into_iter().map(|(code,)| code).collect())
    }

    /// The earliest alarm of a sleeping room.
    pub async fn next_alarm(&self) -> Result<Option<OffsetDateTime>, StoreError> {
        let alarm: Option<(OffsetDateTime,)> = with_pool!(self, pool => {
            sqlx::query_as(SELECT_NEXT_ALARM).fetch_optional(pool).await?
        });
        Ok(alarm.map(|(at,)| at))
    }

    async fn waiting_room(&self, code: &str) -> Result<Option<GameRecord>, StoreError> {
        let rows: Vec<rows::WaitingRow> = with_pool!(self, pool => {
            sqlx::query_as(super::queries::SELECT_WAITING_ROOM).bind(code).fetch_all(pool).await?
        });
        Ok(rows::waiting(rows)?.pop())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alarms_round_up_to_the_second() {
        let at = OffsetDateTime::UNIX_EPOCH + time::Duration::milliseconds(1500);
        assert_eq!(whole_second(at).unix_timestamp(), 2);
        let whole = OffsetDateTime::UNIX_EPOCH + time::Duration::SECOND;
        assert_eq!(whole_second(whole), whole);
    }

    #[test]
    fn a_kept_number_is_never_shown() {
        let kept = Kept {
            number: 7,
            nonce: Nonce::from_bytes([1; 32]),
        };
        assert_eq!(format!("{kept:?}"), "Kept(hidden)");
    }
}
