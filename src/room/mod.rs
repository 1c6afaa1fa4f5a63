//! One tokio task per room. The task owns everything about its room: the game, the seats,
//! who is connected, the turn timer, the action log and the version counter. HTTP handlers
//! and connections talk to it over one bounded channel of [`Command`]s; it talks back to
//! each connection over that connection's own bounded queue, never waiting: a connection
//! whose queue is full is dropped (it reconnects and gets a snapshot), so one slow reader
//! never slows a room.
//!
//! Every change a room makes is saved through the journal (when the server keeps games):
//! the room takes a place in the journal's queue first, and refuses what it cannot save.
//! It never waits on the database.
//!
//! The files: `handle` (commands and the way to a room), `registry` (rooms by code),
//! `seats` (names, token hashes, presence), `play` (moves and refusals), `persist` (what
//! the journal is handed, and reopening a stored game), `views` (per-viewer state and JSON
//! Patch), `chat` (who reads what, and the chat kept for snapshots), `timer` (deadlines and
//! moves for absent players).

mod chat;
mod handle;
mod persist;
mod play;
mod registry;
mod seats;
mod throws;
mod timer;
mod views;

pub use handle::{Command, ConnId, Credentials, Outbound, RematchError, RoomGone, RoomHandle};
pub use persist::ResumeError;
pub use registry::{Registry, RoomConfig, TooManyRooms};
pub use seats::SeatError;

use std::collections::HashMap;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use time::OffsetDateTime;
use tokio::sync::mpsc;
use tokio::time::{Instant, sleep_until};
use tracing::{Instrument, debug, error, info_span, warn};
use uuid::Uuid;

use crate::fair::throw::{ChainLink, ThrowProof};
use crate::fair::{Commitment, GameId, Nonce};
use crate::metrics::Metrics;
use crate::rules::random::RandomPlayer;
use crate::rules::{
    Awaiting, Concealed, Game, Move, Refusal, RefusalKind, Seat, Step, Table, Viewer,
};
use crate::store::journal::{JournalError, Slot};
use crate::store::record::{self, ActionRecord, ChatRecord, Entry};
use crate::wire::{
    Channel, ChatLine, ClientMessage, CommitmentMode, CreateRoom, DisplayName, ErrorCode, LogEntry,
    Proposal, RoomCode, RoomInfo, RoomStatus, RoomView, SeatTaken, SeatToken, ServerMessage,
};

use persist::reserve;
use play::{Asked, Refused};
use seats::Seats;
use throws::Throws;
use timer::{Clock, StepTimer};
use views::{Own, Views};

/// How long a move for an absent player waits before it is tried again when it could not
/// be saved.
const UNSAVED_RETRY: Duration = Duration::from_secs(1);

/// A connection as the room knows it.
#[derive(Debug)]
struct Conn {
    viewer: Viewer,
    out: mpsc::Sender<Outbound>,
}

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
    conns: HashMap<ConnId, Conn>,
    spectators: u32,
    views: Views,
    /// The game log of the current game, as clients see it.
    log: Vec<LogEntry>,
    /// Server mode: the number and nonce of the commitment not yet revealed. Memory only.
    held: Option<(Concealed, Nonce)>,
    /// The seats' chains and the throw that is due, for rule sets that throw sticks.
    throws: Throws,
    /// Recent chat and the open guess's proposals, for snapshots.
    chat: chat::History,
    proposals: chat::Proposals,
    timer: StepTimer,
    /// Plays for absent players when their timer runs out.
    stand_in: RandomPlayer,
    /// Connections to remove once the current command is handled (slow or gone).
    dropped: Vec<ConnId>,
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
        let game_id = Uuid::new_v4();
        let mut seed = [0u8; 8];
        getrandom::fill(&mut seed).expect("the operating system has no random source");
        let table = settings.setup.table();
        let game = settings.setup.start(GameId(*game_id.as_bytes()));
        Room {
            code,
            throws: Throws::new(&game.awaiting()),
            game,
            seats: Seats::new(table.clone()),
            table,
            settings,
            clock,
            registry,
            game_id,
            game_number: 1,
            version: 0,
            next_seq: 0,
            next_chat_seq: 0,
            conns: HashMap::new(),
            spectators: 0,
            views: Views::default(),
            log: Vec::new(),
            held: None,
            chat: chat::History::default(),
            proposals: chat::Proposals::default(),
            timer: StepTimer::default(),
            stand_in: RandomPlayer::new(u64::from_le_bytes(seed)),
            dropped: Vec::new(),
            last_activity: Instant::now(),
        }
    }

    /// Starts the room's task and returns the way to it.
    fn spawn(self) -> RoomHandle {
        let (commands, inbox) = mpsc::channel(self.registry.config().inbox);
        let span = info_span!("room", code = %self.code);
        tokio::spawn(self.run(inbox).instrument(span));
        RoomHandle { commands }
    }

    async fn run(mut self, mut inbox: mpsc::Receiver<Command>) {
        let metrics = self.registry.metrics().clone();
        Metrics::inc(&metrics.rooms);
        loop {
            let deadline = self.timer.deadline();
            let idle_at = self
                .conns
                .is_empty()
                .then(|| self.last_activity + self.registry.config().idle);
            tokio::select! {
                biased;
                command = inbox.recv() => {
                    let Some(command) = command else { break };
                    self.last_activity = Instant::now();
                    self.handle(command);
                }
                () = sleep_until_some(deadline) => self.on_deadline(),
                () = sleep_until_some(idle_at) => break,
            }
            self.reap();
        }
        debug!("room closed");
        self.registry.remove(&self.code);
        Metrics::dec(&metrics.rooms);
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Info { reply } => {
                let _ = reply.send(self.info());
            }
            Command::TakeSeat { seat, name, reply } => {
                let _ = reply.send(self.take_seat(seat, name));
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

    fn take_seat(&mut self, seat: Option<Seat>, name: DisplayName) -> Result<SeatTaken, SeatError> {
        // The last seat starts the game, whose record must be saved before anything else.
        let journal = self.registry.config().journal.clone();
        let mut slots = reserve(journal.as_ref(), 1).map_err(SeatError::Unsaved)?;
        let (seat, token) = self.seats.take(seat, name)?;
        debug!(%seat, "seat taken");
        if self.seats.all_taken() {
            self.begin_game(slots.pop());
        }
        self.publish();
        Ok(SeatTaken { seat, token })
    }

    fn rematch(&mut self, token: &SeatToken) -> Result<RoomInfo, RematchError> {
        self.seats.find(token).ok_or(RematchError::BadToken)?;
        if self.status() != RoomStatus::Over {
            return Err(RematchError::NotOver);
        }
        let journal = self.registry.config().journal.clone();
        let mut slots = reserve(journal.as_ref(), 1).map_err(RematchError::Unsaved)?;
        self.game_id = Uuid::new_v4();
        self.game = self.settings.setup.start(GameId(*self.game_id.as_bytes()));
        self.game_number += 1;
        self.log = Vec::new();
        self.next_seq = 0;
        self.next_chat_seq = 0;
        self.held = None;
        self.throws.new_game();
        self.begin_game(slots.pop());
        let conns: Vec<ConnId> = self.conns.keys().copied().collect();
        for conn in conns {
            self.send_snapshot(conn);
        }
        Ok(self.info())
    }

    /// Every seat is taken: the game is on, and saved in the slot reserved for it.
    fn begin_game(&mut self, slot: Option<Slot<'_>>) {
        if let Some(slot) = slot {
            slot.write(Entry::Game(self.game_record()));
        }
        self.version += 1;
        self.throws.due(&self.game.awaiting());
        self.timer
            .start(&self.clock, &self.game, self.trustless(), Instant::now());
    }

    fn trustless(&self) -> bool {
        self.settings.commitment == CommitmentMode::Trustless
    }

    fn connect(
        &mut self,
        conn: ConnId,
        credentials: Credentials,
        out: mpsc::Sender<Outbound>,
    ) -> Result<Viewer, ErrorCode> {
        let viewer = match credentials {
            Credentials::Seat(token) => {
                Viewer::Seat(self.seats.find(&token).ok_or(ErrorCode::BadToken)?)
            }
            Credentials::Spectator => Viewer::Spectator,
        };
        match viewer {
            Viewer::Seat(seat) => {
                if self.seats.connect(seat) {
                    self.broadcast(&ServerMessage::Presence {
                        seat,
                        connected: true,
                    });
                }
            }
            Viewer::Spectator => self.spectators += 1,
        }
        self.publish();
        self.conns.insert(conn, Conn { viewer, out });
        self.send_snapshot(conn);
        debug!(conn, ?viewer, "joined");
        Ok(viewer)
    }

    fn remove_conn(&mut self, conn: ConnId) {
        let Some(Conn { viewer, .. }) = self.conns.remove(&conn) else {
            return;
        };
        match viewer {
            Viewer::Seat(seat) => {
                if self.seats.disconnect(seat, Instant::now()) {
                    self.broadcast(&ServerMessage::Presence {
                        seat,
                        connected: false,
                    });
                }
            }
            Viewer::Spectator => self.spectators -= 1,
        }
        if !self.conns.values().any(|c| c.viewer == viewer) {
            self.views.forget(viewer);
        }
        self.publish();
    }

    fn on_message(&mut self, conn: ConnId, message: ClientMessage) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let Viewer::Seat(seat) = viewer else {
            return self.refuse(
                conn,
                ErrorCode::NotAPlayer,
                "spectators watch; only players play and chat",
            );
        };
        match message {
            ClientMessage::Chat { channel, text } => {
                let Some(name) = self.seats.name(seat).cloned() else {
                    return;
                };
                if let Err(refusal) = self.save_chat(seat, channel, String::from(text.clone())) {
                    return self.refuse(conn, ErrorCode::Unsaved, &refusal.to_string());
                }
                let line = ChatLine {
                    channel,
                    seat,
                    name,
                    text,
                };
                self.chat.push(&self.table, line.clone());
                let table = self.table.clone();
                self.deliver(
                    |viewer| chat::reaches(&table, channel, seat, viewer),
                    &ServerMessage::Chat(line),
                );
            }
            ClientMessage::Propose { number } => self.propose(conn, seat, number),
            ClientMessage::Chain { anchor, length } => {
                match self.throws.commit(seat, anchor, length) {
                    Ok(()) => self.publish(),
                    Err(refusal) => self.refuse(conn, refusal.code(), &refusal.to_string()),
                }
            }
            ClientMessage::Throw { index, link } => self.on_throw(conn, seat, index, link),
            message => self.on_move(conn, seat, &message),
        }
    }

    /// A guess suggested to the team. It is kept (for later arrivals' snapshots) only
    /// while the proposer's side is guessing, and must fit that guess's range; at other
    /// times it is talk, within any range a guess of this game may take.
    fn propose(&mut self, conn: ConnId, seat: Seat, number: u8) {
        let open = match self.game.awaiting() {
            Awaiting::Guess {
                seats, min, max, ..
            } if seats.contains(&seat) => Some((min, max)),
            _ => None,
        };
        let Some((min, max)) = open.or_else(|| self.game.guesses()) else {
            return self.refuse(conn, ErrorCode::WrongPhase, "this game has no guesses");
        };
        if !(min..=max).contains(&number) {
            let why = format!("a proposal is a guess, {min}–{max}");
            return self.refuse(conn, ErrorCode::OutOfRange, &why);
        }
        let proposal = Proposal { seat, number };
        if open.is_some() {
            self.proposals.set(proposal);
        }
        let table = self.table.clone();
        self.deliver(
            |viewer| chat::reaches(&table, Channel::Team, seat, viewer),
            &ServerMessage::Proposal(proposal),
        );
    }

    fn on_move(&mut self, conn: ConnId, seat: Seat, message: &ClientMessage) {
        let Some((version, chosen)) = Asked::from_client(message) else {
            return;
        };
        if self.status() != RoomStatus::Playing {
            let why = match self.status() {
                RoomStatus::Waiting => "the game starts when every seat is taken",
                _ => "the game is over",
            };
            return self.refuse(conn, ErrorCode::NotPlaying, why);
        }
        if version != self.version {
            let why = format!(
                "that move was made on version {version}; the room is at version {}",
                self.version
            );
            return self.refuse(conn, ErrorCode::StaleVersion, &why);
        }
        if !chosen.fits(self.settings.commitment) {
            let why = match self.settings.commitment {
                CommitmentMode::Server => {
                    "this room's server commits: send `conceal` with your number"
                }
                CommitmentMode::Trustless => "this room is trustless: send `commit`, then `reveal`",
            };
            return self.refuse(conn, ErrorCode::WrongCommitmentMode, why);
        }
        match self.make_move(seat, chosen, false) {
            Ok(()) => self.after_move(),
            Err(refusal) => self.refuse(conn, refusal.code(), &refusal.to_string()),
        }
    }

    /// A seat's link for the throw that is due; from the thrower, the throw itself.
    fn on_throw(&mut self, conn: ConnId, seat: Seat, index: u32, link: Option<ChainLink>) {
        if self.status() != RoomStatus::Playing {
            return self.refuse(conn, ErrorCode::NotPlaying, "no game is being played");
        }
        match self.throws.contribute(seat, index, link) {
            Ok(true) if self.throws.thrower() == Some(seat) => {}
            Ok(_) => return,
            Err(refusal) => return self.refuse(conn, refusal.code(), &refusal.to_string()),
        }
        match self.make_move(seat, Asked::Throw, false) {
            Ok(()) => self.after_move(),
            Err(refusal) => self.refuse(conn, refusal.code(), &refusal.to_string()),
        }
    }

    /// Hands a move to the rules; in server mode, makes the commitment of a concealment,
    /// and opens it as soon as the game awaits its reveal.
    fn make_move(&mut self, seat: Seat, asked: Asked, auto: bool) -> Result<(), Refused> {
        // A move that brings the room's own concealment to its reveal is followed at once by
        // that reveal: both places are taken first, so the reveal can always be saved.
        let journal = self.registry.config().journal.clone();
        let places = if self.held.is_some() { 2 } else { 1 };
        let mut slots = reserve(journal.as_ref(), places)?.into_iter();
        let chosen = match asked {
            Asked::Conceal(number) => {
                let turn = match self.game.awaiting() {
                    Awaiting::Conceal { turn, .. } => turn,
                    _ => self.game.turn(),
                };
                let nonce = Nonce::random();
                let commitment =
                    Commitment::new(&self.game.game_id(), turn, seat.0, &nonce, number);
                let hand = Concealed::new(number);
                let step = Step::Conceal {
                    commitment,
                    hand: Some(hand),
                };
                self.record(seat, &Move::Step(step), auto, slots.next(), None)?;
                self.held = Some((hand, nonce));
                return Ok(());
            }
            Asked::Throw => {
                let proof = self
                    .throws
                    .proof(&self.game.game_id())
                    .ok_or_else(|| Refusal::new(RefusalKind::WrongPhase, "no throw is due"))?;
                let step = Move::Step(Step::Throw { faces: proof.faces });
                self.record(seat, &step, auto, slots.next(), Some(proof))?;
                self.throws.made();
                return Ok(());
            }
            Asked::Play(chosen) => chosen,
        };
        self.record(seat, &chosen, auto, slots.next(), None)?;
        if let Awaiting::Reveal {
            seat: concealer, ..
        } = self.game.awaiting()
            && let Some((hand, nonce)) = self.held.take()
        {
            let reveal = Move::Step(Step::Reveal {
                number: hand.expose(),
                nonce,
            });
            if let Err(refusal) = self.record(concealer, &reveal, false, slots.next(), None) {
                error!(%refusal, "the room's own reveal was refused");
            }
        }
        Ok(())
    }

    /// Plays one move; on success saves it in `slot` (reserved by the caller), logs it,
    /// bumps the version and tells everyone.
    fn record(
        &mut self,
        seat: Seat,
        chosen: &Move,
        auto: bool,
        slot: Option<Slot<'_>>,
        throw: Option<ThrowProof>,
    ) -> Result<(), Refusal> {
        let now = OffsetDateTime::now_utc();
        let mut record = ActionRecord::play(&mut self.game, self.next_seq, seat, chosen, now)?;
        record.throw = throw;
        self.next_seq += 1;
        self.version += 1;
        // Proposals help only while a guess is open.
        if !matches!(self.game.awaiting(), Awaiting::Guess { .. }) {
            self.proposals.clear();
        }
        Metrics::inc(&self.registry.metrics().actions);
        let entry = LogEntry {
            seat,
            auto,
            events: record.events.clone(),
            note: None,
            throw: record.throw.clone(),
        };
        if let Some(slot) = slot {
            slot.write(Entry::Action {
                game: self.game_id,
                record,
            });
        }
        self.broadcast(&ServerMessage::Log {
            version: self.version,
            entry: entry.clone(),
        });
        self.log.push(entry);
        Ok(())
    }

    /// Saves a chat message of the game under way; a room still filling its seats has no
    /// game to keep it with.
    fn save_chat(
        &mut self,
        seat: Seat,
        channel: Channel,
        body: String,
    ) -> Result<(), JournalError> {
        if self.status() == RoomStatus::Waiting {
            return Ok(());
        }
        let journal = self.registry.config().journal.clone();
        let Some(slot) = reserve(journal.as_ref(), 1)?.pop() else {
            return Ok(());
        };
        let channel = match channel {
            Channel::Table => record::Channel::Table,
            Channel::Team => match self.table.team_of(seat) {
                Some(team) => record::Channel::Team(team),
                None => return Ok(()),
            },
        };
        slot.write(Entry::Chat {
            game: self.game_id,
            record: ChatRecord {
                seq: self.next_chat_seq,
                seat: Some(seat),
                channel,
                body,
                at: OffsetDateTime::now_utc(),
            },
        });
        self.next_chat_seq += 1;
        Ok(())
    }

    fn after_move(&mut self) {
        self.throws.due(&self.game.awaiting());
        self.timer
            .start(&self.clock, &self.game, self.trustless(), Instant::now());
        self.publish();
    }

    /// The step's deadline passed: wait for a player who just left, or play for the absent.
    fn on_deadline(&mut self) {
        if self.status() != RoomStatus::Playing {
            return self.timer.stop();
        }
        if let Some(until) = self.timer.grace_until(&self.clock, &self.game, &self.seats) {
            self.timer.extend(until);
            return self.publish();
        }
        let Some((seat, chosen)) = timer::default_move(&mut self.stand_in, &self.game) else {
            return self.timer.stop();
        };
        match self.make_move(seat, chosen, true) {
            Ok(()) => {
                debug!(%seat, "played for an absent player");
                self.after_move();
            }
            // The journal is full: try again once it has had a moment to drain.
            Err(Refused::Unsaved(error)) => {
                warn!(%error, "a default move could not be saved");
                self.timer.extend(Instant::now() + UNSAVED_RETRY);
            }
            Err(refusal) => {
                warn!(code = ?refusal.code(), "a default move was refused");
                self.timer.stop();
            }
        }
    }

    /// Sends each viewer the patch from its last state to its current one: the public
    /// patch to most, the public patch and its hand to the concealer.
    fn publish(&mut self) {
        if self.conns.is_empty() {
            return;
        }
        let public = self.room_view(Viewer::Spectator);
        let game = &self.game;
        let changes = match self.views.changes(public, |viewer| own_for(game, viewer)) {
            Ok(changes) => changes,
            Err(fault) => return error!(%fault, "could not build a patch"),
        };
        let own: Vec<Viewer> = changes.own.iter().map(|(viewer, _)| *viewer).collect();
        let (version, now_ms) = (self.version, timer::now_ms());
        let public = match serde_json::to_string(&changes.public) {
            Ok(public) => public,
            Err(fault) => return error!(%fault, "could not encode a patch"),
        };
        if !changes.public.is_empty() {
            let frame = Utf8Bytes::from(views::patch_frame(version, now_ms, &[&public]));
            self.deliver_frame(|viewer| !own.contains(&viewer), &frame);
        }
        for (viewer, ops) in changes.own {
            let Ok(ops) = serde_json::to_string(&ops) else {
                continue;
            };
            let frame = Utf8Bytes::from(views::patch_frame(version, now_ms, &[&public, &ops]));
            self.deliver_frame(|v| v == viewer, &frame);
        }
    }

    /// What `viewer` alone is shown of the game.
    fn own_of(&self, viewer: Viewer) -> Own {
        own_for(&self.game, viewer)
    }

    fn send_snapshot(&mut self, conn: ConnId) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let public = self.room_view(Viewer::Spectator);
        self.views.reset(viewer, public, self.own_of(viewer));
        let snapshot = ServerMessage::Snapshot {
            version: self.version,
            state: Box::new(self.room_view(viewer)),
            log: self.log.clone(),
            chat: self.chat.read(&self.table, viewer),
            proposals: self.proposals.read(&self.table, viewer),
            now_ms: timer::now_ms(),
        };
        if let Some(frame) = encode(&snapshot) {
            self.push(conn, frame);
        }
    }

    fn refuse(&mut self, conn: ConnId, code: ErrorCode, message: &str) {
        debug!(conn, ?code, "refused");
        let error = ServerMessage::Error {
            code,
            message: message.to_owned(),
        };
        if let Some(frame) = encode(&error) {
            self.push(conn, frame);
        }
    }

    fn broadcast(&mut self, message: &ServerMessage) {
        self.deliver(|_| true, message);
    }

    /// Encodes `message` once and queues it for every connection whose viewer may read it.
    fn deliver(&mut self, reaches: impl Fn(Viewer) -> bool, message: &ServerMessage) {
        if let Some(frame) = encode(message) {
            self.deliver_frame(reaches, &frame);
        }
    }

    /// Queues an encoded frame for every connection whose viewer may read it.
    fn deliver_frame(&mut self, reaches: impl Fn(Viewer) -> bool, frame: &Utf8Bytes) {
        let targets: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| reaches(c.viewer))
            .map(|(&id, _)| id)
            .collect();
        for conn in targets {
            self.push(conn, frame.clone());
        }
    }

    /// Queues a frame without waiting; a connection that cannot take it is dropped.
    fn push(&mut self, conn: ConnId, frame: Utf8Bytes) {
        let Some(target) = self.conns.get(&conn) else {
            return;
        };
        match target.out.try_send(Outbound::Frame(frame)) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                warn!(conn, "dropping a connection that reads too slowly");
                Metrics::inc(&self.registry.metrics().dropped_consumers);
                self.dropped.push(conn);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => self.dropped.push(conn),
        }
    }

    /// Removes the connections found slow or gone; their departure may find more.
    fn reap(&mut self) {
        while let Some(conn) = self.dropped.pop() {
            self.remove_conn(conn);
        }
    }
}

/// What `viewer` alone is shown of `game`: a seat's secret and legal actions, nothing for a
/// spectator.
fn own_for(game: &Game, viewer: Viewer) -> Own {
    match viewer {
        Viewer::Seat(seat) => Own {
            secret: game.secret(seat),
            legal: game.legal_actions(seat),
        },
        Viewer::Spectator => Own::default(),
    }
}

fn encode(message: &ServerMessage) -> Option<Utf8Bytes> {
    match serde_json::to_string(message) {
        Ok(text) => Some(Utf8Bytes::from(text)),
        Err(fault) => {
            error!(%fault, "could not encode a frame");
            None
        }
    }
}

async fn sleep_until_some(at: Option<Instant>) {
    match at {
        Some(at) => sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::rules::Setup;
    use crate::rules::mehen::{Board, Config, Mode};

    fn duel() -> CreateRoom {
        CreateRoom {
            setup: Setup::MehenSanMartin(Config {
                mode: Mode::Duel,
                board: Board::Compact,
            }),
            turn_timer: None,
            commitment: CommitmentMode::Server,
        }
    }

    /// A connection that stops reading is dropped once its queue is full; the room goes on
    /// serving everyone else without waiting for it.
    #[tokio::test]
    async fn a_connection_that_does_not_read_is_dropped() {
        let registry = Registry::new(RoomConfig::default(), Arc::default());
        let room = registry.get(&registry.create(duel()).unwrap()).unwrap();
        let (out, mut slow) = mpsc::channel(2);
        room.connect(1, Credentials::Spectator, out)
            .await
            .unwrap()
            .unwrap();
        let mut readers = Vec::new();
        for conn in 2..6 {
            let (out, reader) = mpsc::channel(64);
            room.connect(conn, Credentials::Spectator, out)
                .await
                .unwrap()
                .unwrap();
            readers.push(reader);
        }
        assert_eq!(room.info().await.unwrap().spectators, 4);
        let dropped = registry.metrics().dropped_consumers.load(Ordering::Relaxed);
        assert_eq!(dropped, 1);
        let mut queued = 0;
        while slow.recv().await.is_some() {
            queued += 1;
        }
        assert_eq!(
            queued, 2,
            "the snapshot and one patch, then the queue closed"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn an_idle_room_is_cleaned_up() {
        let config = RoomConfig {
            idle: Duration::from_secs(60),
            ..RoomConfig::default()
        };
        let registry = Registry::new(config, Arc::default());
        let code = registry.create(duel()).unwrap();
        let room = registry.get(&code).unwrap();
        tokio::time::sleep(Duration::from_secs(30)).await;
        room.info().await.unwrap();
        tokio::time::sleep(Duration::from_secs(45)).await;
        assert!(
            registry.get(&code).is_some(),
            "activity restarted the idle clock"
        );
        tokio::time::sleep(Duration::from_secs(30)).await;
        assert!(registry.get(&code).is_none());
        assert_eq!(room.info().await, Err(RoomGone));
    }

    /// With the journal's queue full (its database gone), a move is refused as `unsaved`
    /// and changes nothing; a guess needs room for its reveal too.
    #[tokio::test]
    async fn a_move_the_journal_cannot_take_is_refused_and_changes_nothing() {
        use crate::store::journal::{Health, Journal, JournalConfig};
        use crate::store::{Database, Store};

        let path = std::env::temp_dir().join(format!("hesy-room-{}.sqlite3", Uuid::new_v4()));
        let url = format!("sqlite://{}", path.display());
        let store = Store::connect(Database::parse(&url).unwrap())
            .await
            .unwrap();
        // Every write fails from now on, and is retried for as long as the test lasts.
        store.close().await;
        let config = JournalConfig {
            capacity: 1,
            batch: 1,
            ..JournalConfig::default()
        };
        let (journal, _writer) = Journal::start(store, config);
        let registry = Registry::new(
            RoomConfig {
                journal: Some(journal.clone()),
                ..RoomConfig::default()
            },
            Arc::default(),
        );
        let room = registry.get(&registry.create(duel()).unwrap()).unwrap();
        let name = DisplayName::try_from("Ada".to_owned()).unwrap();
        let mut seats = Vec::new();
        for conn in 1..=2 {
            let taken = room.take_seat(None, name.clone()).await.unwrap().unwrap();
            let (out, inbox) = mpsc::channel(64);
            let credentials = Credentials::Seat(taken.token);
            room.connect(conn, credentials, out).await.unwrap().unwrap();
            seats.push(inbox);
        }
        // The writer holds the game's record, failing; the queue's one place is free.
        while matches!(journal.health(), Health::Ok { .. }) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let play = |conn, message| Command::Message { conn, message };
        let conceal = ClientMessage::Conceal {
            version: 1,
            number: 2,
        };
        room.send(play(1, conceal)).await.unwrap();
        let guess = ClientMessage::Move {
            version: 2,
            action: serde_json::json!({"type": "guess", "number": 1}),
        };
        room.send(play(2, guess)).await.unwrap();
        let refusal = loop {
            let Some(Outbound::Frame(frame)) = seats[1].recv().await else {
                panic!("the guesser's queue closed");
            };
            let frame: serde_json::Value = serde_json::from_str(&frame).unwrap();
            if frame["type"] == "error" {
                break frame;
            }
        };
        assert_eq!(refusal["code"], "unsaved", "{refusal}");
        let (out, mut watcher) = mpsc::channel(64);
        room.connect(3, Credentials::Spectator, out)
            .await
            .unwrap()
            .unwrap();
        let Some(Outbound::Frame(snapshot)) = watcher.recv().await else {
            panic!("no snapshot");
        };
        let snapshot: serde_json::Value = serde_json::from_str(&snapshot).unwrap();
        assert_eq!(snapshot["version"], 2, "the concealment alone was made");
        assert_eq!(snapshot["state"]["awaiting"]["kind"], "guess");
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[tokio::test]
    async fn the_room_starts_when_the_last_seat_is_taken() {
        let registry = Registry::new(RoomConfig::default(), Arc::default());
        let room = registry.get(&registry.create(duel()).unwrap()).unwrap();
        let name = DisplayName::try_from("Ada".to_owned()).unwrap();
        room.take_seat(None, name.clone()).await.unwrap().unwrap();
        assert_eq!(room.info().await.unwrap().status, RoomStatus::Waiting);
        room.take_seat(None, name).await.unwrap().unwrap();
        assert_eq!(room.info().await.unwrap().status, RoomStatus::Playing);
    }
}
