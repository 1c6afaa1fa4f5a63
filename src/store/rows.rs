//! Rows as the database returns them, and their parsing into records. Anything a row holds
//! that does not parse is reported as corrupt rather than guessed at.

use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use serde_json::Value;

use crate::fair::throw::ThrowProof;
use crate::fair::{Commitment, Nonce};
use crate::rules::computer::Strength;
use crate::rules::{Events, Seat, Setup, Team};
use crate::wire::TokenHash;

use super::StoreError;
use super::record::{
    ActionRecord, Channel, ChatRecord, GameRecord, RoomRecord, SeatRecord, VoidRecord,
};

/// A game joined with one of its seats: a game comes back as one row per seat.
#[derive(sqlx::FromRow)]
pub(super) struct GameSeatRow {
    id: Uuid,
    rule_set: String,
    options: Json<Value>,
    started_at: OffsetDateTime,
    ended_at: Option<OffsetDateTime>,
    result: Option<Json<Value>>,
    room: Option<Json<RoomRecord>>,
    seat: i32,
    name: String,
    team: i32,
    token_hash: Option<Vec<u8>>,
    computer: Option<String>,
}

#[derive(sqlx::FromRow)]
pub(super) struct ActionRow {
    seq: i64,
    seat: i32,
    turn: i64,
    action: Json<Value>,
    events: Json<Events>,
    commitment: Option<String>,
    reveal: Option<i32>,
    nonce: Option<String>,
    voided: bool,
    at: OffsetDateTime,
    throw_proof: Option<Json<ThrowProof>>,
    auto: bool,
    /// The reveal kept in this row, after the action it answers (`src/store/writer/kept.rs`):
    /// its seat, action and events; its commitment, number, nonce and throw are the row's.
    revealed_by: Option<i32>,
    reveal_action: Option<Json<Value>>,
    reveal_events: Option<Json<Events>>,
}

#[derive(sqlx::FromRow)]
pub(super) struct VoidRow {
    first: i64,
    last: i64,
    note: i64,
}

/// A waiting room joined with one of its seats; a room without a seat taken comes back as
/// one row without one.
#[derive(sqlx::FromRow)]
pub(super) struct WaitingRow {
    code: String,
    game_id: Uuid,
    rule_set: String,
    options: Json<Value>,
    room: Json<RoomRecord>,
    created_at: OffsetDateTime,
    seat: Option<i32>,
    name: Option<String>,
    team: Option<i32>,
    token_hash: Option<Vec<u8>>,
    computer: Option<String>,
}

#[derive(sqlx::FromRow)]
pub(super) struct ChatRow {
    seq: i64,
    seat: Option<i32>,
    team: Option<i32>,
    body: String,
    at: OffsetDateTime,
}

/// Folds rows of games joined with their seats, in game order, into games.
pub(super) fn games(rows: Vec<GameSeatRow>) -> Result<Vec<GameRecord>, StoreError> {
    let mut games: Vec<GameRecord> = Vec::new();
    for row in rows {
        let corrupt = |what| StoreError::Corrupt { game: row.id, what };
        let seat = SeatRecord {
            seat: Seat(small(row.seat).ok_or(corrupt("seat"))?),
            name: row.name,
            team: Team(small(row.team).ok_or(corrupt("team"))?),
            token: token_hash(row.token_hash).map_err(|_| corrupt("token hash"))?,
            computer: strength(row.computer).map_err(|_| corrupt("computer"))?,
        };
        match games.last_mut() {
            Some(game) if game.id == row.id => game.seats.push(seat),
            _ => games.push(GameRecord {
                id: row.id,
                setup: Setup::parse(&row.rule_set, row.options.0)
                    .map_err(|_| corrupt("rule set or options"))?,
                seats: vec![seat],
                started_at: row.started_at,
                ended_at: row.ended_at,
                result: row.result.map(|result| result.0),
                room: row.room.map(|room| room.0),
            }),
        }
    }
    Ok(games)
}

/// A row of one game's log (an action, a chat message, a void), parsed into its records.
pub(super) trait LogRow {
    type Record;

    /// Adds the row's records to `log`: one, or two for an action row that keeps a reveal.
    fn parse(self, game: Uuid, log: &mut Vec<Self::Record>) -> Result<(), StoreError>;
}

impl LogRow for ActionRow {
    type Record = ActionRecord;

    /// A reveal found both in its guess's row and in a row of its own (a batch written
    /// again, see `src/store/writer/kept.rs`) is added once.
    fn parse(self, game: Uuid, log: &mut Vec<ActionRecord>) -> Result<(), StoreError> {
        let corrupt = |what| StoreError::Corrupt { game, what };
        let seq = u32::try_from(self.seq).map_err(|_| corrupt("action seq"))?;
        if log.last().is_some_and(|last| last.seq >= seq) {
            return Ok(());
        }
        let opened = ActionRecord {
            seq,
            seat: Seat(small(self.seat).ok_or(corrupt("action seat"))?),
            turn: u32::try_from(self.turn).map_err(|_| corrupt("action turn"))?,
            action: self.action.0,
            events: self.events.0,
            commitment: hex_field(self.commitment)
                .map_err(|_| corrupt("commitment"))?
                .map(Commitment::from_bytes),
            reveal: self
                .reveal
                .map(|number| u8::try_from(number).map_err(|_| corrupt("reveal")))
                .transpose()?,
            nonce: hex_field(self.nonce)
                .map_err(|_| corrupt("nonce"))?
                .map(Nonce::from_bytes),
            voided: self.voided,
            at: self.at,
            throw: self.throw_proof.map(|proof| proof.0),
            auto: self.auto,
        };
        match (self.revealed_by, self.reveal_action, self.reveal_events) {
            (None, None, None) => log.push(opened),
            (Some(seat), Some(action), Some(events)) => {
                let reveal = ActionRecord {
                    seq: seq.checked_add(1).ok_or(corrupt("action seq"))?,
                    seat: Seat(small(seat).ok_or(corrupt("reveal seat"))?),
                    action: action.0,
                    events: events.0,
                    ..opened.clone()
                };
                log.push(ActionRecord {
                    commitment: None,
                    reveal: None,
                    nonce: None,
                    throw: None,
                    ..opened
                });
                log.push(reveal);
            }
            _ => return Err(corrupt("reveal kept with its guess")),
        }
        Ok(())
    }
}

impl LogRow for VoidRow {
    type Record = VoidRecord;

    fn parse(self, game: Uuid, log: &mut Vec<VoidRecord>) -> Result<(), StoreError> {
        let seq = |value: i64| {
            u32::try_from(value).map_err(|_| StoreError::Corrupt { game, what: "void" })
        };
        log.push(VoidRecord {
            first: seq(self.first)?,
            last: seq(self.last)?,
            note: seq(self.note)?,
        });
        Ok(())
    }
}

/// Folds rows of waiting rooms joined with their seats, in room order, into the games they
/// will begin (started at the room's creation, its seats those taken so far).
pub(super) fn waiting(rows: Vec<WaitingRow>) -> Result<Vec<GameRecord>, StoreError> {
    let mut games: Vec<GameRecord> = Vec::new();
    for row in rows {
        let corrupt = |what| StoreError::Corrupt {
            game: row.game_id,
            what,
        };
        let seat = match (row.seat, row.name, row.team) {
            (Some(seat), Some(name), Some(team)) => Some(SeatRecord {
                seat: Seat(small(seat).ok_or(corrupt("seat"))?),
                name,
                team: Team(small(team).ok_or(corrupt("team"))?),
                token: token_hash(row.token_hash).map_err(|_| corrupt("token hash"))?,
                computer: strength(row.computer).map_err(|_| corrupt("computer"))?,
            }),
            _ => None,
        };
        let same_room = games
            .last()
            .and_then(|game| game.room.as_ref())
            .is_some_and(|room| room.code == row.code);
        if !same_room {
            games.push(GameRecord {
                id: row.game_id,
                setup: Setup::parse(&row.rule_set, row.options.0)
                    .map_err(|_| corrupt("rule set or options"))?,
                seats: Vec::new(),
                started_at: row.created_at,
                ended_at: None,
                result: None,
                room: Some(row.room.0),
            });
        }
        if let (Some(seat), Some(game)) = (seat, games.last_mut()) {
            game.seats.push(seat);
        }
    }
    Ok(games)
}

impl LogRow for ChatRow {
    type Record = ChatRecord;

    fn parse(self, game: Uuid, log: &mut Vec<ChatRecord>) -> Result<(), StoreError> {
        let corrupt = |what| StoreError::Corrupt { game, what };
        log.push(ChatRecord {
            seq: u32::try_from(self.seq).map_err(|_| corrupt("chat seq"))?,
            seat: match self.seat {
                Some(seat) => Some(Seat(small(seat).ok_or(corrupt("chat seat"))?)),
                None => None,
            },
            channel: match self.team {
                Some(team) => Channel::Team(Team(small(team).ok_or(corrupt("chat team"))?)),
                None => Channel::Table,
            },
            body: self.body,
            at: self.at,
        });
        Ok(())
    }
}

fn token_hash(bytes: Option<Vec<u8>>) -> Result<Option<TokenHash>, Vec<u8>> {
    bytes
        .map(|bytes| bytes.try_into().map(TokenHash))
        .transpose()
}

fn strength(name: Option<String>) -> Result<Option<Strength>, ()> {
    name.map(|name| {
        Strength::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or(())
    })
    .transpose()
}

fn small(value: i32) -> Option<u8> {
    u8::try_from(value).ok()
}

fn hex_field(text: Option<String>) -> Result<Option<[u8; 32]>, hex::FromHexError> {
    text.map(|text| {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(text, &mut bytes).map(|()| bytes)
    })
    .transpose()
}
