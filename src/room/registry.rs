//! The rooms of this server by code: creating them, finding them (waking them from the
//! store when they sleep), and letting them go as their task ends.
//!
//! Single activation: the map holds at most one entry per code, made under its lock, and a
//! room is woken by the one future that fills that entry; concurrent requests wait on it.
//! A task leaves the map under the same lock, and only once nothing else can reach it, so
//! the registry never hands out the handle of a task that is ending, and never runs two
//! tasks for one code.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::OnceCell;

use crate::metrics::Metrics;
use crate::store::journal::{Journal, Slot};
use crate::store::record::Entry;
use crate::store::rooms::RoomRest;
use crate::wire::{CreateRoom, RoomCode, SeatSummary, SeatToken};

use super::alarms::Alarms;
use super::config::RoomConfig;
use super::effects::{Effects, Out};
use super::handle::{Command, ConnId, LocalRoom, RoomGone};
use super::task::{self, Task, WallClock};
use super::wake::{Unowned, Wake, committed};
use super::{Room, RoomChance, RoomHandle, queue};

#[derive(Clone, Debug)]
pub struct Registry {
    inner: Arc<Inner>,
}

/// A room in memory: its task once awake. While it wakes the cell is empty, and every
/// request for it waits on the one wake ([`OnceCell::get_or_try_init`]).
type Awake = Arc<OnceCell<LocalRoom>>;

#[derive(Debug)]
struct Inner {
    rooms: Mutex<HashMap<RoomCode, Awake>>,
    config: RoomConfig,
    metrics: Arc<Metrics>,
    /// Told of each alarm set as a room falls asleep (`alarms`).
    alarms: Alarms,
    /// How many entries the journal had been handed once the latest room to leave memory
    /// wrote its last words: a wake waits until that many are committed.
    parted: AtomicU64,
    /// The number of the next connection to join a room here.
    next_conn: AtomicU64,
}

/// Why no room was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unopened {
    /// The server holds as many rooms as it is configured for.
    TooManyRooms,
    /// With several nodes: NATS or the store does not answer.
    Unreachable,
}

/// How often a request that found a room moving between nodes finds it again, and how long
/// it waits before each try (more each time).
const MOVES: u32 = 5;
const MOVING: Duration = Duration::from_millis(100);

/// Why no room answers to a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// Neither awake nor in the store.
    NoSuchRoom,
    /// It may be asleep, but the store does not answer.
    Unreachable,
}

impl Registry {
    pub fn new(config: RoomConfig, metrics: Arc<Metrics>) -> Self {
        Registry {
            inner: Arc::new(Inner {
                rooms: Mutex::new(HashMap::new()),
                config,
                metrics,
                alarms: Alarms::default(),
                parted: AtomicU64::new(0),
                next_conn: AtomicU64::new(1),
            }),
        }
    }

    pub fn config(&self) -> &RoomConfig {
        &self.inner.config
    }

    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.inner.metrics
    }

    pub(super) fn alarms(&self) -> &Alarms {
        &self.inner.alarms
    }

    /// Waits until the journal has committed the last words of every room that has left
    /// memory, so the store holds all they did.
    pub(super) async fn partings_committed(&self) -> Result<(), Missing> {
        match &self.config().journal {
            Some(journal) => committed(journal, self.inner.parted.load(Ordering::Acquire)).await,
            None => Ok(()),
        }
    }

    /// A number for a connection joining a room here, unique on this node.
    pub fn next_conn(&self) -> ConnId {
        self.inner.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Opens a room and starts its task; with several nodes, under a lease of its own.
    pub async fn create(&self, mut settings: CreateRoom) -> Result<RoomCode, Unopened> {
        let config = &self.inner.config;
        settings.turn_timer = match settings.turn_timer {
            None => config.default_turn_timer,
            Some(0) => None,
            seconds => seconds,
        };
        if self.rooms().len() >= config.max_rooms {
            return Err(Unopened::TooManyRooms);
        }
        // 50 random bits make a clash all but impossible; drawing again makes it impossible
        // among the rooms awake here, and with several nodes among every room's lease (the
        // store refuses a second waiting room by the same code).
        let (code, journal) = loop {
            let code = RoomCode::random();
            if self.rooms().contains_key(&code) {
                continue;
            }
            match self.owned(&code, None).await {
                Ok(journal) => break (code, journal),
                Err(Unowned::Elsewhere) => continue,
                Err(Unowned::Missing(_)) => return Err(Unopened::Unreachable),
            }
        };
        let clock = WallClock::start();
        let mut room = Room::new(code.clone(), settings, config.into(), chance(), clock.now());
        let (slots, capacity) = task::reserve(journal.as_ref(), 2);
        let opened = room.open(capacity);
        let handle = self.spawn(room, clock, opened, slots, journal.clone());
        let mut rooms = self.rooms();
        rooms.insert(code.clone(), Arc::new(OnceCell::new_with(Some(handle))));
        drop(rooms);
        self.opened(&code);
        Ok(code)
    }

    /// The task of room `code`, if it is awake on this node.
    pub fn here(&self, code: &RoomCode) -> Option<LocalRoom> {
        self.rooms()
            .get(code)
            .and_then(|awake| awake.get().cloned())
    }

    /// The room `code` names: awake, or woken from the store for a request (which counts
    /// as someone using it).
    pub async fn find(&self, code: &RoomCode) -> Result<RoomHandle, Missing> {
        self.reach(code, Wake::Request).await
    }

    /// Asks the room `code`, found as [`Registry::find`] finds it, with `ask`; while the
    /// room moves between nodes (its task ended as it was asked), finds it again and asks
    /// again, a few times.
    pub async fn ask<T, Fut>(
        &self,
        code: &RoomCode,
        ask: impl Fn(RoomHandle) -> Fut,
    ) -> Result<T, Missing>
    where
        Fut: Future<Output = Result<T, RoomGone>>,
    {
        self.asking(code, Wake::Request, ask).await
    }

    /// The seat `token` holds in room `code`, at a glance (for a player's list of games);
    /// `None` when it holds none. A glance is no use of the room: one woken for it falls
    /// asleep again as one woken by its alarm does.
    pub async fn glance(
        &self,
        code: &RoomCode,
        token: &SeatToken,
    ) -> Result<Option<SeatSummary>, Missing> {
        let summary = |room: RoomHandle| {
            let token = token.clone();
            async move { room.summary(token).await }
        };
        self.asking(code, Wake::Glance, summary).await
    }

    async fn asking<T, Fut>(
        &self,
        code: &RoomCode,
        wake: Wake,
        ask: impl Fn(RoomHandle) -> Fut,
    ) -> Result<T, Missing>
    where
        Fut: Future<Output = Result<T, RoomGone>>,
    {
        let mut tries = 0;
        loop {
            let room = self.reach(code, wake).await?;
            match ask(room).await {
                Ok(answer) => return Ok(answer),
                Err(RoomGone) if tries < MOVES => {
                    tries += 1;
                    tokio::time::sleep(MOVING * tries).await;
                }
                Err(RoomGone) => return Err(Missing::Unreachable),
            }
        }
    }

    /// The room `code` names, awake here or elsewhere, or woken here for `wake`. Never the
    /// handle of a task that is ending: handles are handed out under the lock a
    /// falling-asleep task takes to leave (`Registry::part`).
    async fn reach(&self, code: &RoomCode, wake: Wake) -> Result<RoomHandle, Missing> {
        loop {
            let awake = {
                let mut rooms = self.rooms();
                match rooms.get(code) {
                    Some(awake) => match awake.get() {
                        Some(handle) => return Ok(RoomHandle::Here(handle.clone())),
                        None => awake.clone(),
                    },
                    None if self.config().store.is_none() => return Err(Missing::NoSuchRoom),
                    None => rooms.entry(code.clone()).or_default().clone(),
                }
            };
            let woken = awake.get_or_try_init(|| self.wake(code, wake));
            match woken.await {
                Ok(_) => {} // The handle is handed out under the lock, on the next turn.
                Err(unowned) => {
                    self.forget_unwoken(code, &awake);
                    return match (unowned, &self.config().cluster) {
                        (Unowned::Elsewhere, Some(cluster)) => Ok(RoomHandle::Elsewhere(Box::new(
                            cluster.remote(code.clone()),
                        ))),
                        (Unowned::Elsewhere, None) => Err(Missing::NoSuchRoom),
                        (Unowned::Missing(missing), _) => Err(missing),
                    };
                }
            }
        }
    }

    /// Wakes the sleeping room `code` for its alarm, unless it is awake (here, or on
    /// another node).
    pub async fn ring(&self, code: &RoomCode) -> Result<(), Missing> {
        let awake = self.rooms().entry(code.clone()).or_default().clone();
        let woken = awake.get_or_try_init(|| self.wake(code, Wake::Alarm)).await;
        match woken {
            Ok(_) => Ok(()),
            Err(unowned) => {
                self.forget_unwoken(code, &awake);
                match unowned {
                    Unowned::Elsewhere => Ok(()),
                    Unowned::Missing(missing) => Err(missing),
                }
            }
        }
    }

    /// Starts the task of a room, once it has carried out what opening it gave; with a
    /// store, its row says it is awake.
    pub(super) fn spawn(
        &self,
        room: Room,
        clock: WallClock,
        mut opened: Effects,
        slots: Vec<Slot<'_>>,
        journal: Option<Journal>,
    ) -> LocalRoom {
        if journal.is_some() {
            let awake = RoomRest::awake(room.code().to_string());
            opened.out.push(Out::Write(Box::new(Entry::Room(awake))));
        }
        Task::spawn(room, clock, self.clone(), opened, slots, journal)
    }

    /// Called by a room's task to end: takes the room out of memory, once nothing else can
    /// reach its task (nothing queued in its `inbox`, and no handle on it but the
    /// registry's), after `last_words` (its farewell to the journal). Whether it left; a
    /// room that could not stays awake and tries again later.
    pub(super) fn part(
        &self,
        code: &RoomCode,
        inbox: &queue::Receiver<Command>,
        last_words: impl FnOnce(),
    ) -> bool {
        let mut rooms = self.rooms();
        if !inbox.alone() {
            return false;
        }
        last_words();
        rooms.remove(code);
        drop(rooms);
        self.parted(code);
        true
    }

    /// Called by a room's task that leaves because another node owns the room now: takes
    /// it out of memory at once, with nothing more written.
    pub(super) fn left(&self, code: &RoomCode) {
        self.rooms().remove(code);
        self.parted(code);
    }

    /// Room `code` has left memory: wakes wait for what it wrote to be committed, and with
    /// several nodes its lease is given up once it is.
    fn parted(&self, code: &RoomCode) {
        let Some(journal) = &self.config().journal else {
            return;
        };
        let written = journal.written();
        self.inner.parted.fetch_max(written, Ordering::AcqRel);
        if let Some(cluster) = self.config().cluster.clone() {
            let (journal, code) = (journal.clone(), code.clone());
            tokio::spawn(async move {
                // Given up even if the journal cannot commit in time: the next owner's fence
                // keeps out whatever was not committed, and nobody was shown it.
                let _ = committed(&journal, written).await;
                cluster.vacate(&code).await;
            });
        }
    }

    /// Forgets a wake that found no room, unless another has begun since.
    fn forget_unwoken(&self, code: &RoomCode, awake: &Awake) {
        let mut rooms = self.rooms();
        if rooms
            .get(code)
            .is_some_and(|held| Arc::ptr_eq(held, awake) && !held.initialized())
        {
            rooms.remove(code);
        }
    }

    pub(super) fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<RoomCode, Awake>> {
        // The map stays consistent even if a holder panicked: every change is one call.
        self.inner
            .rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// A room's chance, seeded from the operating system's random source.
pub(super) fn chance() -> RoomChance {
    let mut seed = [0u8; 32];
    // The OS source failing is an unrecoverable fault of the machine, not of the game.
    getrandom::fill(&mut seed).expect("the operating system has no random source");
    RoomChance::new(seed)
}
