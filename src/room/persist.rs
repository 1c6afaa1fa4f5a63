//! What a room hands the journal, and how a stored game becomes a room again.
//!
//! A room takes its places in the journal's queue *before* it changes anything, so what it
//! then does can always be saved; when the queue is full it refuses instead. Writing into a
//! place never waits, so a room never waits on the database.

use thiserror::Error;
use time::OffsetDateTime;
use tokio::time::Instant;
use tracing::warn;

use crate::store::journal::{Journal, JournalError, Slot};
use crate::store::queries::StoredGame;
use crate::store::record::{self, ChatRecord, GameRecord, RoomRecord};
use crate::store::restore::{RestoreError, restore};
use crate::wire::{Channel, ChatLine, ChatText, CreateRoom, LogEntry, RoomCode};

use super::seats::Seats;
use super::{Registry, Room};

/// `entries` places in the journal's queue, or none when the server keeps nothing.
pub fn reserve(journal: Option<&Journal>, entries: usize) -> Result<Vec<Slot<'_>>, JournalError> {
    journal.map_or(Ok(Vec::new()), |journal| {
        (0..entries).map(|_| journal.reserve()).collect()
    })
}

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
    /// The record of the game this room has just begun: its seats with names, teams and
    /// token hashes, and the room to reopen it in.
    pub(super) fn game_record(&self) -> GameRecord {
        GameRecord {
            id: self.game_id,
            setup: self.game.setup(),
            seats: self.seats.records(),
            started_at: OffsetDateTime::now_utc(),
            ended_at: None,
            result: None,
            room: Some(RoomRecord {
                code: self.code.to_string(),
                turn_timer: self.settings.turn_timer,
                commitment: self.settings.commitment,
            }),
        }
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

    /// The room of a game that a restart interrupted, as it stood at its last saved action.
    /// A concealment the restart cut off is voided: the journal records it, the game log
    /// tells the players, and its player conceals again.
    pub(super) fn resume(stored: &StoredGame, registry: Registry) -> Result<Room, ResumeError> {
        let id = stored.game.id;
        let room = stored.game.room.as_ref().ok_or(ResumeError::NoRoom(id))?;
        let code = RoomCode::try_from(room.code.clone()).map_err(|_| ResumeError::BadCode(id))?;
        let restored = restore(stored).map_err(|error| ResumeError::Replay { game: id, error })?;
        let settings = CreateRoom {
            setup: stored.game.setup.clone(),
            turn_timer: room.turn_timer,
            commitment: room.commitment,
        };
        let journal = registry.config().journal.clone();
        let mut room = Room::new(code, settings, registry);
        room.game_id = id;
        room.game = restored.game;
        room.seats = Seats::restore(room.table.clone(), &stored.game.seats, Instant::now());
        room.next_seq = restored.next_seq;
        room.next_chat_seq = restored.next_chat_seq;
        room.restore_chat(&stored.chat);
        // The concealment this restore voids is not yet marked in the database.
        let void_from = restored
            .voided
            .as_ref()
            .map_or(u32::MAX, |voided| voided.first);
        room.log = stored
            .actions
            .iter()
            .filter(|record| !record.voided && record.seq < void_from)
            .map(|record| LogEntry {
                seat: record.seat,
                auto: false,
                events: record.events.clone(),
                note: None,
                throw: record.throw.clone(),
            })
            .collect();
        room.throws.resume(
            room.log
                .iter()
                .filter(|entry| entry.throw.is_some())
                .count(),
        );
        if let Some(voided) = restored.voided {
            warn!(game = %id, seat = %voided.seat, "a concealment cut off by the restart is void");
            let slots = reserve(journal.as_ref(), 2)
                .map_err(|error| ResumeError::Unsaved { game: id, error })?;
            let entries = voided.entries(id, room.next_chat_seq, OffsetDateTime::now_utc());
            for (slot, entry) in slots.into_iter().zip(entries) {
                slot.write(entry);
            }
            room.next_chat_seq += 1;
            room.log.push(LogEntry {
                seat: voided.seat,
                auto: false,
                events: Vec::new(),
                note: Some(voided.note()),
                throw: None,
            });
        }
        room.version = room.log.len() as u64 + 1;
        room.throws.due(&room.game.awaiting());
        let trustless = room.trustless();
        room.timer
            .start(&room.clock, &room.game, trustless, Instant::now());
        Ok(room)
    }
}
