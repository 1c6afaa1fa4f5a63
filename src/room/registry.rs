//! The rooms of this server by code: creating them, finding them, and forgetting them once
//! their task has ended.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::metrics::Metrics;
use crate::store::journal::{Journal, Slot};
use crate::store::queries::StoredGame;
use crate::store::record::{Entry, GameRecord};
use crate::wire::{CreateRoom, RoomCode};

use super::effects::Effects;
use super::task::{self, Task, WallClock};
use super::{Limits, ResumeError, Room, RoomChance, RoomHandle};

/// What every room of this server shares.
#[derive(Clone, Debug)]
pub struct RoomConfig {
    /// The turn timer of a room created without one, in seconds (`None`: no timer).
    pub default_turn_timer: Option<u32>,
    /// How long a trustless concealer has to reveal in a room without a turn timer.
    pub reveal_timeout: Duration,
    /// How long a disconnected player is waited for once their timer has run out.
    pub grace: Duration,
    /// A room nobody is connected to is closed after this long without activity.
    pub idle: Duration,
    /// How long a computer player waits before it moves, so people can follow.
    pub computer_delay: Duration,
    /// The same, sooner, for a room where no seat has been taken.
    pub idle_unseated: Duration,
    pub max_rooms: usize,
    /// Commands waiting for a room task; a connection waits when it is full.
    pub inbox: usize,
    /// Where rooms save their games; `None` keeps them in memory only.
    pub journal: Option<Journal>,
}

impl Default for RoomConfig {
    fn default() -> Self {
        RoomConfig {
            default_turn_timer: None,
            reveal_timeout: Duration::from_secs(30),
            grace: Duration::from_secs(15),
            idle: Duration::from_secs(30 * 60),
            computer_delay: Duration::from_millis(700),
            idle_unseated: Duration::from_secs(5 * 60),
            max_rooms: 10_000,
            inbox: 256,
            journal: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Registry {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    rooms: Mutex<HashMap<RoomCode, RoomHandle>>,
    config: RoomConfig,
    metrics: Arc<Metrics>,
}

/// The server holds as many rooms as it is configured for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyRooms;

impl Registry {
    pub fn new(config: RoomConfig, metrics: Arc<Metrics>) -> Self {
        Registry {
            inner: Arc::new(Inner {
                rooms: Mutex::new(HashMap::new()),
                config,
                metrics,
            }),
        }
    }

    pub fn config(&self) -> &RoomConfig {
        &self.inner.config
    }

    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.inner.metrics
    }

    /// Opens a room and starts its task.
    pub fn create(&self, mut settings: CreateRoom) -> Result<RoomCode, TooManyRooms> {
        let config = &self.inner.config;
        settings.turn_timer = match settings.turn_timer {
            None => config.default_turn_timer,
            Some(0) => None,
            seconds => seconds,
        };
        let mut rooms = self.rooms();
        if rooms.len() >= config.max_rooms {
            return Err(TooManyRooms);
        }
        // 50 random bits make a clash all but impossible; drawing again makes it impossible.
        let code = loop {
            let code = RoomCode::random();
            if !rooms.contains_key(&code) {
                break code;
            }
        };
        let clock = WallClock::start();
        let mut room = Room::new(code.clone(), settings, config.into(), chance(), clock.now());
        let (slots, capacity) = task::reserve(config.journal.as_ref(), 1);
        let opened = room.open(capacity);
        let handle = Task::spawn(room, clock, self.clone(), opened, slots);
        rooms.insert(code.clone(), handle);
        Ok(code)
    }

    /// Reopens the room of a game that a restart interrupted, under its old code.
    pub fn resume(&self, stored: &StoredGame) -> Result<RoomCode, ResumeError> {
        let clock = WallClock::start();
        let (slots, capacity) = task::reserve(self.config().journal.as_ref(), 2);
        let limits = Limits::from(self.config());
        let (room, voided) = Room::resume(stored, limits, chance(), clock.now(), capacity)?;
        Ok(self.open(room, clock, voided, slots))
    }

    /// Reopens a room that was waiting for players when the server stopped, under its old
    /// code, with the seats taken so far.
    pub fn resume_waiting(&self, waiting: &GameRecord) -> Result<RoomCode, ResumeError> {
        let clock = WallClock::start();
        let limits = Limits::from(self.config());
        let room = Room::reopen(waiting, limits, chance(), clock.now())?;
        Ok(self.open(room, clock, Effects::default(), Vec::new()))
    }

    /// Starts the task of a reopened room, once what reopening it gave is carried out.
    fn open(
        &self,
        room: Room,
        clock: WallClock,
        opened: Effects,
        slots: Vec<Slot<'_>>,
    ) -> RoomCode {
        let code = room.code().clone();
        let handle = Task::spawn(room, clock, self.clone(), opened, slots);
        self.rooms().insert(code.clone(), handle);
        code
    }

    pub fn get(&self, code: &RoomCode) -> Option<RoomHandle> {
        self.rooms().get(code).cloned()
    }

    /// Called by a room's task as it ends. A room that was waiting for players is not
    /// reopened after a restart either (when the journal takes that in).
    pub(super) fn remove(&self, code: &RoomCode) {
        self.rooms().remove(code);
        if let Some(slot) = self
            .config()
            .journal
            .as_ref()
            .and_then(|j| j.reserve().ok())
        {
            slot.write(Entry::Closed {
                code: code.to_string(),
            });
        }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<RoomCode, RoomHandle>> {
        // The map stays consistent even if a holder panicked: every change is one call.
        self.inner
            .rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// A room's chance, seeded from the operating system's random source.
fn chance() -> RoomChance {
    let mut seed = [0u8; 32];
    // The OS source failing is an unrecoverable fault of the machine, not of the game.
    getrandom::fill(&mut seed).expect("the operating system has no random source");
    RoomChance::new(seed)
}
