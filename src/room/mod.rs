//! A room: the seats, the game, who is connected, the turn timer, the action log and the
//! version counter, as one value that does no IO ([`Room`]), and the tokio task around it
//! (`task`). The task feeds the room inputs (requests, connections' messages, the time it
//! asked to be woken at, computer players' decisions) with the time and the journal's
//! capacity; the room hands back effects: entries to write, frames by audience, computer
//! players to think out. HTTP handlers and connections talk to the task over one bounded
//! channel of [`Command`]s; it talks back to each connection over that connection's own
//! bounded queue, never waiting: a connection whose queue is full is dropped (it reconnects
//! and gets a snapshot), so one slow reader never slows a room.
//!
//! Every change a room makes is saved through the journal (when the server keeps games):
//! the room takes a place in the journal first, and refuses what it cannot save. What it
//! tells its viewers is held by the task until the journal has committed what it wrote
//! before (see `fanout`), and sent when the commit is reported.
//!
//! The files: `effects` (inputs and effects), `task` (the task), `handle` (commands and the
//! way to a room), `registry` (rooms by code), `config` (what every room of the server
//! shares), `chance` (the room's randomness), `seats` (names, token hashes, presence),
//! `connections` (joining, leaving, chat and proposals),
//! `current` (the game and what it awaits), `request` (what a client asks of its room),
//! `moves` (a move from request to journal and log), `log` (the game log, let go of once
//! told and saved, and read back for a late joiner's snapshot), `steps` (the steps the room supplies:
//! concealments, reveals, throws, moves for the absent), `play` (which moves a client may
//! make and how refusals are told), `throws` (fair throws), `persist` (what the journal is
//! handed, and reopening a stored game), `views` (per-viewer state and JSON Patch),
//! `publish` (patches, snapshots and messages, each encoded once), `fanout` (who receives a
//! frame, by audience), `chat` (who reads what, and the chat kept for snapshots), `timer`
//! (deadlines), `computers` (computer players' turns), `summary` (a seat's game at a glance,
//! for its player's list of games), `rest` (falling asleep, waking and abandonment),
//! `scripted` (set-ups for driving a room in tests), `cluster` (rooms spread over several
//! nodes: leases, doors, forwarded connections), `ownership` (which node a room is on).

mod alarms;
mod chance;
mod chat;
pub mod cluster;
mod computers;
mod config;
mod connections;
mod current;
mod effects;
mod fanout;
mod games;
mod handle;
mod log;
mod moves;
mod ownership;
mod patch;
mod persist;
mod play;
mod publish;
pub mod queue;
mod registry;
mod request;
mod rest;
pub mod scripted;
mod seats;
mod steps;
mod summary;
mod task;
mod throws;
mod timer;
mod views;
mod wake;

pub use chance::RoomChance;
pub use computers::{Think, Thought};
pub use config::RoomConfig;
pub use effects::{Audience, Capacity, Effects, Input, Out, Reply};
pub use handle::{
    Command, ConnId, Credentials, LocalRoom, Outbound, RematchError, RoomGone, RoomHandle,
};
pub use log::Unread;
pub use persist::ResumeError;
pub use registry::{Missing, Registry, Unopened};
pub use request::{Heard, Request};
pub use rest::Farewell;
pub use seats::SeatError;
pub use timer::{Limits, unix_ms};

use std::collections::HashMap;
use std::time::Duration;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::fair::GameId;
use crate::rules::steps::Held;
use crate::rules::{Game, Table, Viewer};
use crate::store::journal::JournalError;
use crate::store::record::Entry;
use crate::wire::{CommitmentMode, CreateRoom, RoomCode, RoomInfo, RoomStatus, RoomView};

use computers::Computers;
use current::Current;
use effects::Place;
use games::new_game_id;
use log::GameLog;
use rest::Abandonment;
use seats::Seats;
use throws::Throws;
use timer::StepTimer;
use views::{Own, Views};

/// How long a move for an absent player waits before it is tried again when it could not
/// be saved.
const UNSAVED_RETRY: Duration = Duration::from_secs(1);

/// What the journal keeps of a room's game, and a restart rebuilds from it.
#[derive(Debug)]
struct Saved {
    game: Current,
    game_id: Uuid,
    game_number: u32,
    /// Grows with every accepted move and every new game; moves name it.
    version: u64,
    /// The sequence numbers the game's next action and next chat message take.
    next_seq: u32,
    next_chat_seq: u32,
    /// The game log of the current game, as clients see it.
    log: GameLog,
}

/// Who watches the room, and what its viewers have been sent: per connection, never saved.
#[derive(Debug, Default)]
struct Watchers {
    /// The viewer each connection watches as.
    conns: HashMap<ConnId, Viewer>,
    spectators: u32,
    views: Views,
}

/// One room's state and logic, driven by [`Room::handle`]: no task, socket, database or
/// clock inside.
#[derive(Debug)]
pub struct Room {
    code: RoomCode,
    settings: CreateRoom,
    limits: Limits,
    /// The seats and sides of the room's rule set.
    table: Table,
    saved: Saved,
    seats: Seats,
    watchers: Watchers,
    /// Server mode: the number and nonce of the commitment not yet revealed. Memory only.
    held: Option<Held>,
    /// The seats' chains and the throw that is due, for rule sets that throw sticks.
    throws: Throws,
    /// Recent chat and the open guess's proposals, for snapshots.
    chat: chat::History,
    proposals: chat::Proposals,
    timer: StepTimer,
    /// The seats computer players play, and the stand-ins for absent players.
    computers: Computers,
    chance: RoomChance,
    /// The last time a person used the room: what idleness and abandonment count from.
    last_activity: OffsetDateTime,
    abandonment: Abandonment,
    /// The time of the input at hand.
    now: OffsetDateTime,
    /// What the journal can still take during the input at hand.
    capacity: Capacity,
    /// The effects of the input at hand.
    effects: Effects,
}

impl Room {
    /// A new room, its seats free, made at `now` and drawing from `chance`.
    pub fn new(
        code: RoomCode,
        settings: CreateRoom,
        limits: Limits,
        mut chance: RoomChance,
        now: OffsetDateTime,
    ) -> Room {
        let game_id = new_game_id(now, &mut chance);
        let table = settings.setup.table();
        let game = Current::new(settings.setup.start(GameId(*game_id.as_bytes())));
        Room {
            code,
            throws: Throws::new(game.awaiting()),
            saved: Saved {
                game,
                game_id,
                game_number: 1,
                version: 0,
                next_seq: 0,
                next_chat_seq: 0,
                log: GameLog::default(),
            },
            seats: Seats::new(table.clone()),
            watchers: Watchers::default(),
            table,
            settings,
            limits,
            held: None,
            chat: chat::History::default(),
            proposals: chat::Proposals::default(),
            timer: StepTimer::default(),
            computers: Computers::default(),
            chance,
            last_activity: now,
            abandonment: Abandonment::default(),
            now,
            capacity: Capacity::Unkept,
            effects: Effects::default(),
        }
    }

    pub fn code(&self) -> &RoomCode {
        &self.code
    }

    /// Handles one input at `now`, with the journal able to take `capacity`.
    pub fn handle(&mut self, input: Input, now: OffsetDateTime, capacity: Capacity) -> Effects {
        self.now = now;
        self.capacity = capacity;
        if input.is_activity() {
            self.last_activity = now;
        }
        let reply = match input {
            Input::Info => Some(Reply::Info(self.info())),
            Input::TakeSeat { seat, sitter } => Some(Reply::Seat(self.take_seat(seat, sitter))),
            Input::Rematch { token } => Some(Reply::Rematch(self.rematch(&token))),
            Input::Summary { token } => Some(Reply::Summary(self.summary(&token))),
            Input::Connect { conn, credentials } => {
                Some(Reply::Joined(self.connect(conn, credentials)))
            }
            Input::Message { conn, request } => {
                self.on_request(conn, request);
                None
            }
            Input::Disconnect { conn } | Input::Dropped { conn } => {
                self.remove_conn(conn);
                None
            }
            Input::Wake => {
                self.on_wake();
                None
            }
            Input::Thought(thought) => {
                self.on_thought(thought);
                None
            }
        };
        self.capacity = Capacity::Unkept;
        Effects {
            reply,
            ..std::mem::take(&mut self.effects)
        }
    }

    /// When the room must next be woken with [`Input::Wake`]: the turn's deadline, the next
    /// computer move, abandonment or the idle limit, whichever comes first.
    pub fn next_wake(&self) -> Option<OffsetDateTime> {
        [
            self.timer.deadline(),
            self.computers.due_at(),
            self.abandon_at(),
            self.idle_at(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// When a room nobody is connected to closes (or, with a store, falls asleep).
    fn idle_at(&self) -> Option<OffsetDateTime> {
        let idle = match self.seats.none_taken() {
            true => self.limits.idle_unseated.min(self.limits.idle),
            false => self.limits.idle,
        };
        self.watchers
            .conns
            .is_empty()
            .then(|| self.last_activity + idle)
    }

    fn on_wake(&mut self) {
        let due = |at: Option<OffsetDateTime>| at.is_some_and(|at| at <= self.now);
        if due(self.timer.deadline()) {
            self.on_deadline();
        } else if due(self.computers.due_at()) {
            self.on_computer();
        } else if due(self.abandon_at()) {
            self.on_abandon();
        } else if due(self.idle_at()) {
            self.effects.close = true;
        }
    }

    /// Takes `entries` places in the journal, or says why not (and takes none).
    fn reserve(&mut self, entries: usize) -> Result<Vec<Place>, JournalError> {
        self.capacity.take(entries)
    }

    /// Adds `out` to the effects of the input at hand.
    fn emit(&mut self, out: Out) {
        self.effects.out.push(out);
    }

    /// Writes `entry` in `place`, when the server keeps games.
    fn write(&mut self, place: Option<Place>, entry: Entry) {
        if place.is_some() {
            self.emit(Out::Write(Box::new(entry)));
        }
    }

    fn status(&self) -> RoomStatus {
        if !self.seats.all_taken() {
            RoomStatus::Waiting
        } else if self.saved.game.is_over() {
            RoomStatus::Over
        } else {
            RoomStatus::Playing
        }
    }

    fn info(&self) -> RoomInfo {
        RoomInfo {
            code: self.code.clone(),
            setup: self.settings.setup.clone(),
            turn_timer: self.settings.turn_timer,
            commitment: self.settings.commitment,
            status: self.status(),
            game_number: self.saved.game_number,
            seats: self.seats.views(),
            spectators: self.watchers.spectators,
        }
    }

    fn room_view(&self, viewer: Viewer) -> RoomView {
        let own = self.own_of(viewer);
        RoomView {
            room: self.code.clone(),
            setup: self.settings.setup.clone(),
            game_id: self.saved.game_id,
            game_number: self.saved.game_number,
            status: self.status(),
            commitment: self.settings.commitment,
            turn_timer: self.settings.turn_timer,
            deadline_ms: self.timer.deadline_ms(),
            seats: self.seats.views(),
            spectators: self.watchers.spectators,
            you: match viewer {
                Viewer::Seat(seat) => Some(seat),
                Viewer::Spectator => None,
            },
            awaiting: self.saved.game.awaiting().clone(),
            game: self.saved.game.game().view(),
            secret: own.secret,
            legal: own.legal,
            throws: self.throws.view(),
        }
    }

    fn trustless(&self) -> bool {
        self.settings.commitment == CommitmentMode::Trustless
    }
}

/// What `viewer` alone is shown of `game`: a seat's secret and legal actions, nothing for a
/// spectator.
fn own_for(game: &Game, viewer: Viewer) -> Own {
    match viewer {
        Viewer::Seat(seat) => Own {
            secret: game.secret(seat),
            legal: game.legal_trees(seat),
        },
        Viewer::Spectator => Own::default(),
    }
}

#[cfg(test)]
mod rest_tests;
#[cfg(test)]
mod scripted_tests;
#[cfg(test)]
mod tests;
