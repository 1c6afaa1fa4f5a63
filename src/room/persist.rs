//! What a room hands the journal, and how a stored game or waiting room becomes a room again.
//!
//! A room takes its places in the journal's queue *before* it changes anything, so what it
//! then does can always be saved; when the queue is full it refuses instead. Writing into a
//! place never waits, so a room never waits on the database.
//!
//! A reopened room shows its players what they saw before: the game log is every stored
//! action, voided ones included, with each void's note after them; the version and game
//! number go on from where they stood. A restart only ever adds to the log.

use thiserror::Error;
use time::OffsetDateTime;
use tracing::warn;

use crate::fair::GameId;
use crate::rules::{Events, Seat};
use crate::store::journal::JournalError;
use crate::store::queries::StoredGame;
use crate::store::record::{self, ActionRecord, ChatRecord, Entry, GameRecord, RoomRecord};
use crate::store::restore::{RestoreError, restore_kept};
use crate::store::rooms::RoomRest;
use crate::wire::{Channel, ChatLine, ChatText, CreateRoom, LogEntry, RoomCode};

use super::current::Current;
use super::effects::{Capacity, Effects, Place};
use super::log::GameLog;
use super::seats::Seats;
use super::{Limits, Room, RoomChance};

/// Why a stored game could not be reopened; start-up logs it and goes on without it.
#[derive(Debug, Error)]
pub enum ResumeError {
    #[error("game {0} has no room recorded")]
    NoRoom(uuid::Uuid),
    #[error("game {0} has an invalid room code")]
    BadCode(uuid::Uuid),
    #[error("game {game}: {error}")]
    Replay {
        game: uuid::Uuid,
        error: RestoreError,
    },
    #[error("game {game}: {error}")]
    Unsaved {
        game: uuid::Uuid,
        error: JournalError,
    },
}

impl Room {
    /// The record of the room's game: its seats taken so far with names, teams and token
    /// hashes, and the room to reopen it in. Once every seat is taken, the version is the
    /// one the game begins at.
    pub(super) fn game_record(&self) -> GameRecord {
        GameRecord {
            id: self.saved.game_id,
            setup: self.saved.game.game().setup(),
            seats: self.seats.records(),
            started_at: self.now,
            ended_at: None,
            result: None,
            room: Some(RoomRecord {
                code: self.code.to_string(),
                turn_timer: self.settings.turn_timer,
                commitment: self.settings.commitment,
                game_number: self.saved.game_number,
                first_version: self.saved.version,
            }),
        }
    }

    /// Saves the room as it waits for players, in `place` when there is one.
    pub(super) fn save_waiting(&mut self, place: Option<Place>) {
        let record = self.game_record();
        self.write(place, Entry::Waiting(record));
    }

    /// A new room is saved as it waits for players if the journal can take it now, and
    /// otherwise with its first seat taken.
    pub fn open(&mut self, capacity: Capacity) -> Effects {
        self.capacity = capacity;
        let place = self.reserve(1).ok().and_then(|mut places| places.pop());
        self.save_waiting(place);
        self.capacity = Capacity::Unkept;
        std::mem::take(&mut self.effects)
    }

    /// Refills the chat history from the game's saved messages, as their readers saw them.
    /// The server's own notes (no seat) were never chat frames; a text that no longer
    /// parses is left out rather than failing the whole room.
    fn restore_chat(&mut self, records: &[ChatRecord]) {
        for record in records {
            let Some(seat) = record.seat else { continue };
            let (Some(name), Ok(text)) = (
                self.seats.name(seat).cloned(),
                ChatText::try_from(record.body.clone()),
            ) else {
                continue;
            };
            let channel = match record.channel {
                record::Channel::Table => Channel::Table,
                record::Channel::Team(_) => Channel::Team,
            };
            let line = ChatLine {
                channel,
                seat,
                name,
                text,
            };
            self.chat.push(&self.table, line);
        }
    }

    /// The room a stored game (begun, or waiting for players) is played in, under its old
    /// code, with the seats taken by their names and token hashes and the game at its start:
    /// a waiting room as it was.
    pub fn reopen(
        game: &GameRecord,
        limits: Limits,
        chance: RoomChance,
        now: OffsetDateTime,
    ) -> Result<Room, ResumeError> {
        let id = game.id;
        let record = game.room.as_ref().ok_or(ResumeError::NoRoom(id))?;
        let code = RoomCode::try_from(record.code.clone()).map_err(|_| ResumeError::BadCode(id))?;
        let settings = CreateRoom {
            setup: game.setup.clone(),
            turn_timer: record.turn_timer,
            commitment: record.commitment,
        };
        let mut room = Room::new(code, settings, limits, chance, now);
        room.saved.game_id = id;
        room.saved.game = Current::new(game.setup.start(GameId(id.into_bytes())));
        room.saved.game_number = record.game_number;
        room.seats = Seats::restore(room.table.clone(), &game.seats, now);
        Ok(room)
    }

    /// The room of a game that a restart interrupted, or that slept (`rest`, its row), as
    /// it stood at its last saved action. A concealment the restart cut off in a room whose
    /// server commits is voided: the journal records it (the entries come with the room),
    /// the game log tells the players, and its player conceals again. A room that slept
    /// kept the number: its concealment stands.
    pub fn resume(
        stored: &StoredGame,
        limits: Limits,
        chance: RoomChance,
        now: OffsetDateTime,
        mut capacity: Capacity,
        rest: Option<&RoomRest>,
    ) -> Result<(Room, Effects), ResumeError> {
        let id = stored.game.id;
        let kept = rest.and_then(|rest| rest.held.as_ref()).map(|held| held.0);
        let restored =
            restore_kept(stored, kept).map_err(|error| ResumeError::Replay { game: id, error })?;
        let mut room = Room::reopen(&stored.game, limits, chance, now)?;
        room.held = restored.held;
        room.saved.game = Current::new(restored.game);
        room.saved.next_seq = restored.next_seq;
        room.saved.next_chat_seq = restored.next_chat_seq;
        room.restore_chat(&stored.chat);
        let mut log = stored_log(stored);
        let mut kept = log.len();
        room.throws
            .resume(log.iter().filter(|entry| entry.throw.is_some()).count());
        if let Some(voided) = restored.voided {
            warn!(game = %id, seat = %voided.seat, "a concealment cut off by the restart is void");
            let places = capacity
                .take(2)
                .map_err(|error| ResumeError::Unsaved { game: id, error })?;
            let entries = voided.entries(id, room.saved.next_chat_seq, now);
            kept += usize::from(!places.is_empty());
            for (place, entry) in places.into_iter().zip(entries) {
                room.write(Some(place), entry);
            }
            room.saved.next_chat_seq += 1;
            log.push(note(voided.seat, voided.note()));
        }
        // Nobody watches yet: every snapshot will carry the log as it stands.
        room.saved.log = GameLog::stored(log, kept);
        let first_version = stored.game.room.as_ref().map_or(1, |r| r.first_version);
        room.saved.version = first_version + room.saved.log.len() as u64;
        room.throws
            .due(room.saved.game.awaiting(), &mut room.chance);
        room.start_timer();
        if let Some(rest) = rest {
            room.wake_from(rest, &stored.game.seats);
        }
        let effects = std::mem::take(&mut room.effects);
        Ok((room, effects))
    }
}

/// The game log of a stored game as its players saw it: every action, voided or not, and
/// after the last action of each void its note. A note whose text is missing is left out.
pub(super) fn stored_log(stored: &StoredGame) -> Vec<LogEntry> {
    let mut log = Vec::with_capacity(stored.actions.len() + stored.voids.len());
    for record in &stored.actions {
        log.push(entry(record));
        for void in stored.voids.iter().filter(|void| void.last == record.seq) {
            let concealer = stored.actions.iter().find(|r| r.seq == void.first);
            let text = stored.chat.iter().find(|chat| chat.seq == void.note);
            if let (Some(concealer), Some(text)) = (concealer, text) {
                log.push(note(concealer.seat, text.body.clone()));
            }
        }
    }
    log
}

/// An action's entry in the game log.
fn entry(record: &ActionRecord) -> LogEntry {
    LogEntry {
        seat: record.seat,
        auto: record.auto,
        events: record.events.clone(),
        note: None,
        throw: record.throw.clone().map(Box::new),
    }
}

/// The game log's entry that tells the players of a concealment by `seat` voided.
fn note(seat: Seat, text: String) -> LogEntry {
    LogEntry {
        seat,
        auto: false,
        events: Events::default(),
        note: Some(text),
        throw: None,
    }
}
