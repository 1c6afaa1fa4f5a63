//! One tokio task per room. The task owns everything about its room: the game, the seats,
//! who is connected, the turn timer, the action log and the version counter. HTTP handlers
//! and connections talk to it over one bounded channel of [`Command`]s; it talks back to
//! each connection over that connection's own bounded queue, never waiting: a connection
//! whose queue is full is dropped (it reconnects and gets a snapshot), so one slow reader
//! never slows a room.
//!
//! Every change a room makes is saved through the journal (when the server keeps games):
//! the room takes a place in the journal's queue first, and refuses what it cannot save.
//! It never waits on the database: what it tells its viewers is held until the journal has
//! committed what it wrote before (see `fanout`), and sent when the commit is reported.
//!
//! The files: `handle` (commands and the way to a room), `registry` (rooms by code),
//! `seats` (names, token hashes, presence), `connections` (joining, leaving, chat and
//! proposals), `moves` (a move from message to journal and log), `play` (what a message
//! asks and how refusals are told), `throws` (fair throws), `persist` (what the journal is
//! handed, and reopening a stored game), `views` (per-viewer state and JSON Patch),
//! `publish` (patches, snapshots and messages, each encoded once), `fanout` (who receives
//! a frame, by audience), `chat` (who reads what, and the chat kept for snapshots), `timer`
//! (deadlines and moves for absent players), `computers` (computer players' turns).

mod chat;
mod computers;
mod connections;
mod fanout;
mod handle;
mod moves;
mod patch;
mod persist;
mod play;
mod publish;
pub mod queue;
mod registry;
mod seats;
mod throws;
mod timer;
mod views;

pub use handle::{Command, ConnId, Credentials, Outbound, RematchError, RoomGone, RoomHandle};
pub use persist::ResumeError;
pub use registry::{Registry, RoomConfig, TooManyRooms};
pub use seats::SeatError;

use std::time::Duration;

use tokio::time::{Instant, sleep_until};
use tracing::{Instrument, debug, info_span};
use uuid::Uuid;

use crate::fair::{GameId, Nonce};
use crate::rules::{Concealed, Game, Seat, Table, Viewer};
use crate::store::journal::Slot;
use crate::store::record::Entry;
use crate::wire::{
    CommitmentMode, CreateRoom, LogEntry, RoomCode, RoomInfo, RoomStatus, RoomView, SeatTaken,
    SeatToken, Sitter,
};

use computers::Computers;
use fanout::Fanout;
use persist::reserve;
use seats::Seats;
use throws::Throws;
use timer::{Clock, StepTimer};
use views::{Own, Views};

/// How long a move for an absent player waits before it is tried again when it could not
/// be saved.
const UNSAVED_RETRY: Duration = Duration::from_secs(1);

/// The state of one room, owned by its task.
struct Room {
    code: RoomCode,
    settings: CreateRoom,
    clock: Clock,
    registry: Registry,
    /// The seats and sides of the room's rule set.
    table: Table,
    game: Game,
    game_id: Uuid,
    game_number: u32,
    /// Grows with every accepted move and every new game; moves name it.
    version: u64,
    /// The sequence numbers the game's next action and next chat message take.
    next_seq: u32,
    next_chat_seq: u32,
    seats: Seats,
    /// The connections, by the viewer each watches as.
    fanout: Fanout,
    spectators: u32,
    views: Views,
    /// The game log of the current game, as clients see it.
    log: Vec<LogEntry>,
    /// How many entries of `log` the viewers have been sent: the rest go with the next patch.
    told: usize,
    /// Server mode: the number and nonce of the commitment not yet revealed. Memory only.
    held: Option<(Concealed, Nonce)>,
    /// The seats' chains and the throw that is due, for rule sets that throw sticks.
    throws: Throws,
    /// Recent chat and the open guess's proposals, for snapshots.
    chat: chat::History,
    proposals: chat::Proposals,
    timer: StepTimer,
    /// The seats computer players play, and the stand-ins for absent players.
    computers: Computers,
    last_activity: Instant,
}

impl Room {
    /// A new room, its seats free.
    fn new(code: RoomCode, settings: CreateRoom, registry: Registry) -> Room {
        let config = registry.config();
        let clock = Clock {
            step: settings
                .turn_timer
                .map(|s| Duration::from_secs(u64::from(s))),
            reveal: config.reveal_timeout,
            grace: config.grace,
        };
        let game_id = new_game_id();
        let computer_delay = config.computer_delay;
        let table = settings.setup.table();
        let game = settings.setup.start(GameId(*game_id.as_bytes()));
        Room {
            code,
            throws: Throws::new(&game.awaiting()),
            game,
            seats: Seats::new(table.clone()),
            fanout: Fanout::new(
                table.clone(),
                registry.metrics().clone(),
                config.journal.as_ref(),
            ),
            table,
            settings,
            clock,
            registry,
            game_id,
            game_number: 1,
            version: 0,
            next_seq: 0,
            next_chat_seq: 0,
            spectators: 0,
            views: Views::default(),
            log: Vec::new(),
            told: 0,
            held: None,
            chat: chat::History::default(),
            proposals: chat::Proposals::default(),
            timer: StepTimer::default(),
            computers: Computers::new(computer_delay),
            last_activity: Instant::now(),
        }
    }

    /// Starts the room's task and returns the way to it.
    fn spawn(self) -> RoomHandle {
        let (commands, inbox) = queue::channel(self.registry.config().inbox);
        let span = info_span!("room", code = %self.code);
        tokio::spawn(self.run(inbox).instrument(span));
        RoomHandle { commands }
    }

    /// The room's task: commands, commits and timers, until the room closes.
    ///
    /// An async block rather than an `async fn`, which would keep a second copy of the
    /// room (its argument) in the task for as long as the task lives. One timer serves the
    /// turn's deadline, the next computer move and the idle limit, whichever comes first.
    #[expect(
        clippy::manual_async_fn,
        reason = "an async fn would copy its argument"
    )]
    fn run(mut self, mut inbox: queue::Receiver<Command>) -> impl Future<Output = ()> {
        async move {
            let metrics = self.registry.metrics().clone();
            metrics.rooms.inc();
            loop {
                let deadline = self.timer.deadline();
                let computer = self.computers.due_at();
                let config = self.registry.config();
                let idle = match self.seats.none_taken() {
                    true => config.idle_unseated.min(config.idle),
                    false => config.idle,
                };
                let idle_at = self.fanout.is_empty().then(|| self.last_activity + idle);
                let wake = [deadline, computer, idle_at].into_iter().flatten().min();
                tokio::select! {
                    biased;
                    command = inbox.recv() => {
                        let Some(command) = command else { break };
                        self.last_activity = Instant::now();
                        self.handle(command);
                    }
                    () = self.fanout.committed() => {}
                    () = sleep_until_some(wake) => {
                        if deadline == wake {
                            self.on_deadline();
                        } else if computer == wake {
                            self.on_computer();
                        } else {
                            break;
                        }
                    }
                    thought = self.computers.thought() => self.on_thought(thought),
                }
                self.reap();
            }
            debug!("room closed");
            self.registry.remove(&self.code);
            metrics.rooms.dec();
        }
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Info { reply } => {
                let _ = reply.send(self.info());
            }
            Command::TakeSeat {
                seat,
                sitter,
                reply,
            } => {
                let _ = reply.send(self.take_seat(seat, sitter));
            }
            Command::Rematch { token, reply } => {
                let _ = reply.send(self.rematch(&token));
            }
            Command::Connect {
                conn,
                credentials,
                out,
                reply,
            } => {
                let _ = reply.send(self.connect(conn, credentials, out));
            }
            Command::Message { conn, message } => self.on_message(conn, message),
            Command::Disconnect { conn } => self.remove_conn(conn),
        }
    }

    fn status(&self) -> RoomStatus {
        if !self.seats.all_taken() {
            RoomStatus::Waiting
        } else if self.game.is_over() {
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
            game_number: self.game_number,
            seats: self.seats.views(),
            spectators: self.spectators,
        }
    }

    fn room_view(&self, viewer: Viewer) -> RoomView {
        let own = self.own_of(viewer);
        RoomView {
            room: self.code.clone(),
            setup: self.settings.setup.clone(),
            game_id: self.game_id,
            game_number: self.game_number,
            status: self.status(),
            commitment: self.settings.commitment,
            turn_timer: self.settings.turn_timer,
            deadline_ms: self.timer.deadline_ms(),
            seats: self.seats.views(),
            spectators: self.spectators,
            you: match viewer {
                Viewer::Seat(seat) => Some(seat),
                Viewer::Spectator => None,
            },
            awaiting: self.game.awaiting(),
            game: self.game.view(),
            secret: own.secret,
            legal: own.legal,
            throws: self.throws.view(),
        }
    }

    fn take_seat(&mut self, seat: Option<Seat>, sitter: Sitter) -> Result<SeatTaken, SeatError> {
        // The last seat starts the game, whose record must be saved before anything else.
        let journal = self.registry.config().journal.clone();
        let mut slots = reserve(journal.as_ref(), 1).map_err(SeatError::Unsaved)?;
        let taken = match sitter {
            Sitter::Person(name) => {
                let (seat, token) = self.seats.take(seat, name)?;
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
            self.begin_game(slots.pop());
        } else {
            self.save_waiting(slots.pop());
        }
        self.plan_computers();
        self.publish();
        Ok(taken)
    }

    fn rematch(&mut self, token: &SeatToken) -> Result<RoomInfo, RematchError> {
        self.seats.find(token).ok_or(RematchError::BadToken)?;
        if self.status() != RoomStatus::Over {
            return Err(RematchError::NotOver);
        }
        let journal = self.registry.config().journal.clone();
        let mut slots = reserve(journal.as_ref(), 1).map_err(RematchError::Unsaved)?;
        self.game_id = new_game_id();
        self.game = self.settings.setup.start(GameId(*self.game_id.as_bytes()));
        self.game_number += 1;
        self.log = Vec::new();
        self.told = 0;
        self.next_seq = 0;
        self.next_chat_seq = 0;
        self.held = None;
        self.throws.new_game();
        self.begin_game(slots.pop());
        for conn in self.fanout.connections() {
            self.send_snapshot(conn);
        }
        Ok(self.info())
    }

    /// Every seat is taken: the game is on, and saved in the slot reserved for it.
    fn begin_game(&mut self, slot: Option<Slot<'_>>) {
        self.version += 1;
        if let Some(slot) = slot {
            slot.write(Entry::Game(self.game_record()));
        }
        self.throws.due(&self.game.awaiting());
        self.timer
            .start(&self.clock, &self.game, self.trustless(), Instant::now());
        self.plan_computers();
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

/// A new game's id: time-ordered (UUID version 7), so the games being played sit side by side
/// at the end of the database's indexes, which are keyed by game first, rather than scattered
/// over all of them, so the journal's commits touch pages that stay in cache (on SQLite, a
/// twelfth less CPU per move: docs/loadtest.md). The time it holds, when the room opened or
/// the rematch was asked,
/// tells no more than the game's start, which the archive shows.
fn new_game_id() -> Uuid {
    Uuid::now_v7()
}

async fn sleep_until_some(at: Option<Instant>) {
    match at {
        Some(at) => sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests;
