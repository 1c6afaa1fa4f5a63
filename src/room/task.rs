//! The room's task: a thin shell around the [`Room`]. It turns commands into inputs, takes
//! the journal places an input may need before the room handles it, then carries out what
//! the room hands back: entries into the journal, frames to the fan-out (which holds them
//! until the journal has committed what came before), replies to their askers, computer
//! players' thinking on the blocking pool. It sleeps until the room's next wake, and ends
//! when the room says it is done (with a store: falls asleep, or closes for good) and the
//! registry lets it go.

use std::task::{Poll, ready};

use axum::extract::ws::Utf8Bytes;
use time::OffsetDateTime;
use tokio::sync::oneshot;
use tokio::task::JoinSet;
use tokio::time::{Instant, sleep_until};
use tracing::{Instrument, debug, error, info, info_span, warn};

use super::cluster::moved;
use super::computers::{Think, Thought};
use super::effects::{Capacity, Effects, Input, Out};
use super::fanout::Fanout;
use super::handle::{Answer, Command, ConnId, LocalRoom};
use super::log::Unread;
use super::persist::stored_log;
use super::rest::Farewell;
use super::{Registry, Room, queue};
use crate::store::Store;
use crate::store::journal::{Journal, JournalError, Slot};
use crate::store::queries::ChatReader;
use crate::store::record::Entry;

/// How long a room that could not leave memory (the journal full, or a request on its way
/// in) waits before it tries again.
const PARTING_RETRY: std::time::Duration = std::time::Duration::from_secs(1);

/// The wall-clock time, read once as the task starts and carried on by tokio's clock, so the
/// room's times and the task's timers agree (and a test that pauses tokio's clock pauses
/// the room's).
#[derive(Clone, Copy, Debug)]
pub struct WallClock {
    at: OffsetDateTime,
    instant: Instant,
}

impl WallClock {
    pub fn start() -> Self {
        WallClock {
            at: OffsetDateTime::now_utc(),
            instant: Instant::now(),
        }
    }

    pub fn now(&self) -> OffsetDateTime {
        self.at + (Instant::now() - self.instant)
    }

    /// The instant of tokio's clock at wall-clock time `at`.
    fn instant(&self, at: OffsetDateTime) -> Instant {
        self.instant + std::time::Duration::try_from(at - self.at).unwrap_or_default()
    }
}

/// Up to `entries` places in the journal (as many as it gives before it refuses), and the
/// capacity the room is told: none when the server keeps nothing.
pub fn reserve(journal: Option<&Journal>, entries: usize) -> (Vec<Slot<'_>>, Capacity) {
    let Some(journal) = journal else {
        return (Vec::new(), Capacity::Unkept);
    };
    let mut slots = Vec::with_capacity(entries);
    // When every place asked for is given, no input needs more: the reason is never told.
    let mut short = JournalError::Backlogged;
    for _ in 0..entries {
        match journal.reserve() {
            Ok(slot) => slots.push(slot),
            Err(error) => {
                short = error;
                break;
            }
        }
    }
    let free = slots.len();
    (slots, Capacity::Free { free, short })
}

/// The computer players' decisions being thought out on the blocking pool, and what the
/// room is told if that thinking fails.
struct Thinking {
    decisions: oneshot::Receiver<Thought>,
    failed: Thought,
}

pub(super) struct Task {
    room: Room,
    registry: Registry,
    /// Where the room's entries go (with several nodes, under its owner's fence).
    journal: Option<Journal>,
    clock: WallClock,
    fanout: Fanout,
    thinking: Option<Thinking>,
    /// Snapshots whose log is being read from the store, once there has been one.
    reads: Option<JoinSet<Read>>,
}

impl Task {
    /// Starts the task of `room`, made at `clock`'s time, once it has carried out what making
    /// the room gave (`opened`, written into `slots`); returns the way to it.
    pub fn spawn(
        room: Room,
        clock: WallClock,
        registry: Registry,
        opened: Effects,
        slots: Vec<Slot<'_>>,
        journal: Option<Journal>,
    ) -> LocalRoom {
        let config = registry.config();
        let fanout = Fanout::new(
            room.table.clone(),
            registry.metrics().clone(),
            journal.as_ref(),
        );
        let (commands, inbox) = queue::channel(config.inbox);
        let span = info_span!("room", code = %room.code());
        let mut task = Task {
            room,
            registry,
            journal,
            clock,
            fanout,
            thinking: None,
            reads: None,
        };
        task.carry_out(opened, slots, Answer::None);
        tokio::spawn(task.run(inbox).instrument(span));
        LocalRoom { commands }
    }

    /// Commands, commits, wake-ups and thoughts, until the room closes.
    ///
    /// An async block rather than an `async fn`, which would keep a second copy of the
    /// task (its argument) for as long as the task lives.
    #[expect(
        clippy::manual_async_fn,
        reason = "an async fn would copy its argument"
    )]
    fn run(mut self, mut inbox: queue::Receiver<Command>) -> impl Future<Output = ()> {
        async move {
            let metrics = self.registry.metrics().clone();
            metrics.rooms.inc();
            let journal = self.journal.clone();
            let journal = journal.as_ref();
            // After a farewell that could not be made now, no wake before this.
            let mut resting = Instant::now();
            loop {
                let wake = self
                    .room
                    .next_wake()
                    .map(|at| self.clock.instant(at).max(resting));
                let close = tokio::select! {
                    biased;
                    command = inbox.recv() => {
                        // Every handle gone: the registry holds none of this room any more.
                        let Some(command) = command else { break };
                        let Some((input, answer)) = command.split() else {
                            self.leave();
                            break;
                        };
                        self.feed(journal, input, answer)
                    }
                    () = self.fanout.committed() => {
                        if self.fenced_out() {
                            self.leave();
                            break;
                        }
                        false
                    }
                    () = sleep_until_some(wake) => self.feed(journal, Input::Wake, Answer::None),
                    thought = thought(&mut self.thinking) => {
                        self.feed(journal, Input::Thought(thought), Answer::None)
                    }
                    (conn, snapshot) = read(&mut self.reads) => {
                        self.fanout.read(conn, snapshot);
                        false
                    }
                };
                if close {
                    if self.farewell(journal, &inbox) {
                        break;
                    }
                    resting = Instant::now() + PARTING_RETRY;
                }
                self.reap(journal);
            }
            debug!("room left memory");
            metrics.rooms.dec();
        }
    }

    /// The room is done for now: it leaves memory with its farewell written (with a store:
    /// asleep, or closed for good), once the journal can take it and nothing else can
    /// reach the task. Whether it left.
    fn farewell(&mut self, journal: Option<&Journal>, inbox: &queue::Receiver<Command>) -> bool {
        let code = self.room.code().clone();
        let words = journal.map(|_| match self.room.farewell() {
            Farewell::Sleep(rest) => Entry::Room(rest),
            Farewell::Forget => Entry::Closed {
                code: code.to_string(),
            },
        });
        let (mut slots, _) = reserve(journal, usize::from(words.is_some()));
        let slot = slots.pop();
        if words.is_some() && slot.is_none() {
            return false;
        }
        let alarm = match &words {
            Some(Entry::Room(rest)) => Some(rest.alarm),
            _ => None,
        };
        let left = self.registry.part(&code, inbox, || {
            if let (Some(slot), Some(words)) = (slot, words) {
                slot.write(words);
            }
        });
        if let (true, Some(alarm)) = (left, alarm) {
            self.registry.metrics().slept.inc();
            if let Some(at) = alarm {
                self.registry.alarms().set(at);
            }
        }
        left
    }

    /// Whether the store has refused the room's entries: another node owns it now.
    fn fenced_out(&self) -> bool {
        let fence = self.journal.as_ref().and_then(Journal::fence);
        fence.is_some_and(|fence| fence.lost())
    }

    /// Another node owns the room now, or this node stops: the connections are told to
    /// reconnect (what they have not been shown is never shown), and the room leaves memory,
    /// writing nothing more.
    fn leave(&mut self) {
        let metrics = self.registry.metrics();
        if let Some(fence) = self.journal.as_ref().and_then(Journal::fence) {
            metrics.fenced_entries.inc_by(fence.refused());
        }
        self.fanout.close_all(moved());
        self.registry.left(self.room.code());
        info!("the room left this node");
    }

    /// Has the room handle `input`, and carries out its effects; whether the room closes.
    fn feed(&mut self, journal: Option<&Journal>, input: Input, answer: Answer) -> bool {
        let (slots, capacity) = reserve(journal, input.entries_at_most());
        let effects = self.room.handle(input, self.clock.now(), capacity);
        self.carry_out(effects, slots, answer)
    }

    fn carry_out(
        &mut self,
        effects: Effects,
        mut slots: Vec<Slot<'_>>,
        mut answer: Answer,
    ) -> bool {
        let Effects {
            reply,
            out,
            think,
            moves,
            close,
        } = effects;
        for out in out {
            match out {
                Out::Write(entry) => match slots.pop() {
                    Some(slot) => slot.write(*entry),
                    None => error!("the room wrote more entries than it had places for"),
                },
                Out::Send(audience, frame) => self.fanout.send(&audience, frame),
                Out::To(conn, frame) => self.fanout.send_to(conn, frame),
                Out::Unread(conn, unread) => self.fanout.send_unread(conn, unread),
                Out::Answer(conn, frame) => {
                    self.fanout.answer(conn, frame);
                }
                Out::Subscribe(conn, viewer) => {
                    if let Some(out) = answer.take_out() {
                        self.fanout.subscribe(conn, viewer, out);
                    }
                }
                Out::Unsubscribe(conn) => self.fanout.unsubscribe(conn),
            }
        }
        if moves > 0 {
            self.registry.metrics().actions.inc_by(moves);
        }
        if let Some(think) = think {
            self.think(think);
        }
        answer.reply(reply);
        close
    }

    /// Thinks out computer players' decisions on the blocking pool, never on the task.
    fn think(&mut self, think: Box<Think>) {
        let failed = think.failed();
        let (decided, decisions) = oneshot::channel();
        tokio::task::spawn_blocking(move || {
            let _ = decided.send(think.run());
        });
        self.thinking = Some(Thinking { decisions, failed });
    }

    /// Sends what is ready and drops the connections found slow or gone; the room is told of
    /// each, which may send more and find more.
    fn reap(&mut self, journal: Option<&Journal>) {
        loop {
            self.fanout.release();
            while let Some((conn, unread)) = self.fanout.next_read() {
                let store = journal.map(|journal| journal.store().clone());
                let reads = self.reads.get_or_insert_with(JoinSet::new);
                reads.spawn(read_log(store, conn, unread));
            }
            let Some(conn) = self.fanout.next_dropped() else {
                return;
            };
            self.feed(journal, Input::Dropped { conn }, Answer::None);
        }
    }
}

/// The decisions being thought out, once they are ready (never, when none are).
async fn thought(thinking: &mut Option<Thinking>) -> Thought {
    let Some(pending) = thinking else {
        return std::future::pending().await;
    };
    let thought = match (&mut pending.decisions).await {
        Ok(thought) => thought,
        Err(_) => pending.failed.clone(),
    };
    *thinking = None;
    thought
}

/// A connection, and its snapshot with the log read (`None` when it could not be).
type Read = (ConnId, Option<Utf8Bytes>);

/// The next snapshot whose log has been read (never, while none is being read). A poll
/// function rather than an async one, which would make every room's task larger.
fn read(reads: &mut Option<JoinSet<Read>>) -> impl Future<Output = Read> + '_ {
    std::future::poll_fn(move |cx| {
        loop {
            let Some(set) = reads else {
                return Poll::Pending;
            };
            match ready!(set.poll_join_next(cx)) {
                Some(Ok(read)) => return Poll::Ready(read),
                Some(Err(error)) => error!(%error, "reading a snapshot's log failed"),
                // Reads are spawned only between two polls, which make this future anew.
                None => *reads = None,
            }
        }
    })
}

/// Completes a snapshot with its log's entries read from `store`.
async fn read_log(store: Option<Store>, conn: ConnId, unread: Box<Unread>) -> Read {
    let Some(store) = store else {
        return (conn, None);
    };
    let snapshot = match store.game(unread.game, ChatReader::Server).await {
        Ok(Some(stored)) => unread.complete(stored_log(&stored)),
        Ok(None) => None,
        Err(error) => {
            warn!(%error, "could not read a game's log for a snapshot");
            None
        }
    };
    if snapshot.is_none() {
        warn!(
            conn,
            "a snapshot's log is not in the store: the connection reconnects"
        );
    }
    (conn, snapshot)
}

async fn sleep_until_some(at: Option<Instant>) {
    match at {
        Some(at) => sleep_until(at).await,
        None => std::future::pending().await,
    }
}
