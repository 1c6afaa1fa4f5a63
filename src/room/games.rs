//! A room's games: seats taken until the game begins, the game begun and saved, a rematch.

use std::time::Duration;

use time::OffsetDateTime;
use tracing::debug;
use uuid::Uuid;

use super::current::Current;
use super::effects::Place;
use super::handle::ConnId;
use super::log::GameLog;
use super::timer::unix_ms;
use super::{RematchError, Room, RoomChance, SeatError};
use crate::fair::GameId;
use crate::rules::Seat;
use crate::store::record::Entry;
use crate::wire::{RoomInfo, RoomStatus, SeatTaken, SeatToken, Sitter};

impl Room {
    pub(super) fn take_seat(
        &mut self,
        seat: Option<Seat>,
        sitter: Sitter,
    ) -> Result<SeatTaken, SeatError> {
        // The last seat starts the game, whose record must be saved before anything else.
        let mut places = self.reserve(1).map_err(SeatError::Unsaved)?;
        let taken = match sitter {
            Sitter::Person(name) => {
                let token = new_token(&mut self.chance);
                let seat = self.seats.take(seat, name, token.hash())?;
                SeatTaken {
                    seat,
                    token: Some(token),
                    computer: None,
                }
            }
            Sitter::Computer(strength) => SeatTaken {
                seat: self.seats.take_computer(seat, strength)?,
                token: None,
                computer: Some(strength),
            },
        };
        debug!(seat = %taken.seat, "seat taken");
        if self.seats.all_taken() {
            self.begin_game(places.pop());
        } else {
            self.save_waiting(places.pop());
        }
        self.plan_computers();
        self.publish();
        Ok(taken)
    }

    pub(super) fn rematch(&mut self, token: &SeatToken) -> Result<RoomInfo, RematchError> {
        self.seats.find(token).ok_or(RematchError::BadToken)?;
        if self.status() != RoomStatus::Over {
            return Err(RematchError::NotOver);
        }
        let mut places = self.reserve(1).map_err(RematchError::Unsaved)?;
        self.saved.game_id = new_game_id(self.now, &mut self.chance);
        let game = self
            .settings
            .setup
            .start(GameId(*self.saved.game_id.as_bytes()));
        self.saved.game = Current::new(game);
        self.saved.game_number += 1;
        self.saved.log = GameLog::default();
        self.saved.next_seq = 0;
        self.saved.next_chat_seq = 0;
        self.held = None;
        self.throws.new_game();
        self.begin_game(places.pop());
        let mut conns: Vec<ConnId> = self.watchers.conns.keys().copied().collect();
        conns.sort_unstable();
        for conn in conns {
            self.send_snapshot(conn);
        }
        Ok(self.info())
    }

    /// Every seat is taken: the game is on, and saved in the place taken for it.
    pub(super) fn begin_game(&mut self, place: Option<Place>) {
        self.saved.version += 1;
        let record = self.game_record();
        self.write(place, Entry::Game(record));
        self.throws
            .due(self.saved.game.awaiting(), &mut self.chance);
        self.start_timer();
        self.plan_computers();
    }

    /// Starts the clock of the step the game now waits on.
    pub(super) fn start_timer(&mut self) {
        let step = self
            .settings
            .turn_timer
            .map(|seconds| Duration::from_secs(u64::from(seconds)));
        let limits = (step, self.limits.reveal);
        let trustless = self.trustless();
        self.timer
            .start(limits, self.saved.game.awaiting(), trustless, self.now);
    }
}

/// A new game's id: time-ordered (UUID version 7), so the games being played sit side by side
/// at the end of the database's indexes, which are keyed by game first, rather than scattered
/// over all of them, so the journal's commits touch pages that stay in cache (on SQLite, a
/// twelfth less CPU per move: docs/loadtest.md). The time it holds, when the room opened or
/// the rematch was asked, tells no more than the game's start, which the archive shows.
pub(super) fn new_game_id(now: OffsetDateTime, chance: &mut RoomChance) -> Uuid {
    let millis = unix_ms(now);
    let mut random = [0u8; 10];
    random.copy_from_slice(&chance.bytes()[..10]);
    uuid::Builder::from_unix_timestamp_millis(millis, &random).into_uuid()
}

/// A fresh seat token: 256 bits from the room's chance, as 64 hex digits.
fn new_token(chance: &mut RoomChance) -> SeatToken {
    SeatToken::try_from(hex::encode(chance.bytes()))
        .expect("64 lowercase hex digits are a seat token")
}
