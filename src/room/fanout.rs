//! Fan-out, the room's task's part: who receives a frame. Connections subscribe as a viewer
//! (a seat or a spectator), as the room says; the room addresses an audience (everyone, one
//! viewer, one team) and never a connection's queue, except to answer that connection. This is the seam a broker takes
//! over when a room's viewers spread over several nodes: an audience is a set of topics.
//!
//! Sending never waits. A connection whose queue is full or closed is sent nothing more, and
//! set aside for the task to tell the room of once the input at hand is done (it reconnects
//! and gets a snapshot).
//!
//! Frames are queued with the connections they are addressed to and leave together once the
//! input at hand is done ([`Fanout::release`]), each connection's back to back, for one
//! wake-up of its task (a move's log entries and patch are one frame). When the server keeps games, they leave only
//! once the journal has committed everything the room wrote before them: the task releases
//! them in order as commits come in ([`Fanout::committed`]). A refusal answers at once
//! ([`Fanout::answer`]): it tells of nothing new.
//!
//! A snapshot whose log only the store keeps in part ([`Unread`]) is handed to the task to
//! read once it is released; the frames for its connection after it wait until it is sent.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::watch;
use tracing::warn;

use super::effects::Audience;
use super::handle::{ConnId, Outbound};
use super::log::Unread;
use super::queue::{self, TrySendError};
use crate::metrics::Metrics;
use crate::rules::{Table, Viewer};
use crate::store::journal::Journal;

/// The most frames a connection may have waiting behind its snapshot's log being read.
const PARKED: usize = 256;

#[derive(Debug)]
struct Subscriber {
    viewer: Viewer,
    out: queue::Sender<Outbound>,
}

#[derive(Debug)]
pub struct Fanout {
    table: Table,
    metrics: Arc<Metrics>,
    subscribers: HashMap<ConnId, Subscriber>,
    /// Connections found slow or gone, for the room to remove.
    dropped: Vec<ConnId>,
    /// The frames of the command at hand, and with a journal those waiting for their commit.
    queue: VecDeque<Held>,
    /// With a journal: what it has written and committed.
    hold: Option<Hold>,
    /// Snapshots whose log is read from the store, while there are any: boxed, since a
    /// room's task carries its fan-out, and most rooms never read.
    reading: Option<Box<Reading>>,
}

#[derive(Debug, Default)]
struct Reading {
    /// Released, for the task to read.
    unread: Vec<(ConnId, Box<Unread>)>,
    /// The connections whose snapshot's log is being read, and the frames that follow it.
    parked: HashMap<ConnId, Vec<Utf8Bytes>>,
}

#[derive(Debug)]
struct Hold {
    journal: Journal,
    commits: watch::Receiver<u64>,
}

/// A frame, its connections, and the journal's count it waits for.
#[derive(Debug)]
struct Held {
    after: u64,
    to: Vec<ConnId>,
    payload: Payload,
}

#[derive(Debug)]
enum Payload {
    Frame(Utf8Bytes),
    /// For one connection.
    Unread(Box<Unread>),
}

impl Fanout {
    pub fn new(table: Table, metrics: Arc<Metrics>, journal: Option<&Journal>) -> Fanout {
        Fanout {
            table,
            metrics,
            subscribers: HashMap::new(),
            dropped: Vec::new(),
            queue: VecDeque::new(),
            hold: journal.map(|journal| Hold {
                commits: journal.commits(),
                journal: journal.clone(),
            }),
            reading: None,
        }
    }

    pub fn subscribe(&mut self, conn: ConnId, viewer: Viewer, out: queue::Sender<Outbound>) {
        self.subscribers.insert(conn, Subscriber { viewer, out });
    }

    /// Ends a connection's subscription.
    pub fn unsubscribe(&mut self, conn: ConnId) {
        self.subscribers.remove(&conn);
        self.unpark(conn);
    }

    /// Queues `frame` for every connection of the audience, to leave with the command's
    /// other frames once what the room wrote before is committed.
    pub fn send(&mut self, audience: &Audience, frame: Utf8Bytes) {
        let to: Vec<ConnId> = self
            .subscribers
            .iter()
            .filter(|(_, s)| audience.reaches(&self.table, s.viewer))
            .map(|(&conn, _)| conn)
            .collect();
        self.deliver(to, Payload::Frame(frame));
    }

    /// As `send`, for one connection: its snapshot.
    pub fn send_to(&mut self, conn: ConnId, frame: Utf8Bytes) {
        self.deliver(vec![conn], Payload::Frame(frame));
    }

    /// As `send_to`, a snapshot whose log is to be read once it is released.
    pub fn send_unread(&mut self, conn: ConnId, unread: Box<Unread>) {
        self.deliver(vec![conn], Payload::Unread(unread));
    }

    fn deliver(&mut self, to: Vec<ConnId>, payload: Payload) {
        let after = self.hold.as_ref().map_or(0, |hold| hold.journal.written());
        self.queue.push_back(Held { after, to, payload });
    }

    /// Waits until the journal has committed more, while frames wait for it.
    pub async fn committed(&mut self) {
        match &mut self.hold {
            Some(hold) if !self.queue.is_empty() => {
                if hold.commits.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
            _ => std::future::pending().await,
        }
    }

    /// Sends, in order, the queued frames whose entries are committed (all of them without
    /// a journal): each connection's frames back to back, so its task takes them in one wake-up.
    pub fn release(&mut self) {
        let committed = match &mut self.hold {
            Some(hold) => *hold.commits.borrow_and_update(),
            None => u64::MAX,
        };
        let ready = self
            .queue
            .iter()
            .take_while(|held| held.after <= committed)
            .count();
        if ready == 0 {
            return;
        }
        let ready: Vec<Held> = self.queue.drain(..ready).collect();
        // Most rooms wait between moves far longer than a commit takes: an empty queue
        // keeps no slots meanwhile.
        if self.queue.is_empty() {
            self.queue = VecDeque::new();
        }
        let mut each: BTreeMap<ConnId, Vec<Payload>> = BTreeMap::new();
        for held in ready {
            match held.payload {
                Payload::Frame(frame) => {
                    for conn in held.to {
                        let frame = Payload::Frame(frame.clone());
                        each.entry(conn).or_default().push(frame);
                    }
                }
                unread => {
                    if let Some(&conn) = held.to.first() {
                        each.entry(conn).or_default().push(unread);
                    }
                }
            }
        }
        for (conn, payloads) in each {
            self.hand(conn, payloads);
        }
    }

    /// Queues a connection's released frames; from a snapshot still to be read on, parks them.
    fn hand(&mut self, conn: ConnId, payloads: Vec<Payload>) {
        let mut frames = Vec::new();
        for payload in payloads {
            match payload {
                Payload::Frame(frame) => frames.push(frame),
                Payload::Unread(unread) => {
                    self.flush(conn, std::mem::take(&mut frames));
                    if self.subscribers.contains_key(&conn) {
                        let reading = self.reading.get_or_insert_default();
                        reading.parked.entry(conn).or_default();
                        reading.unread.push((conn, unread));
                    }
                }
            }
        }
        self.flush(conn, frames);
    }

    fn flush(&mut self, conn: ConnId, mut frames: Vec<Utf8Bytes>) {
        let reading = self.reading.as_mut();
        if let Some(parked) = reading.and_then(|reading| reading.parked.get_mut(&conn)) {
            parked.append(&mut frames);
            if parked.len() > PARKED {
                warn!(
                    conn,
                    "dropping a connection whose snapshot's log is read slowly"
                );
                self.let_go(conn);
            }
            return;
        }
        let outbound = match frames.len() {
            0 => return,
            1 => Outbound::Frame(frames.remove(0)),
            _ => Outbound::Frames(frames),
        };
        self.queue_for(conn, outbound);
    }

    /// The next snapshot whose log the task is to read from the store.
    pub fn next_read(&mut self) -> Option<(ConnId, Box<Unread>)> {
        self.reading.as_mut()?.unread.pop()
    }

    /// Sends `snapshot`, its log read, and the frames that waited behind it; a connection
    /// whose log could not be read (`None`) is let go, and reconnects.
    pub fn read(&mut self, conn: ConnId, snapshot: Option<Utf8Bytes>) {
        let Some(parked) = self.unpark(conn) else {
            return;
        };
        match snapshot {
            Some(snapshot) => self.flush(conn, [snapshot].into_iter().chain(parked).collect()),
            None => self.let_go(conn),
        }
    }

    /// Queues `frame` for one connection at once; false when it is gone or found slow.
    pub fn answer(&mut self, conn: ConnId, frame: Utf8Bytes) -> bool {
        self.queue_for(conn, Outbound::Frame(frame))
    }

    fn queue_for(&mut self, conn: ConnId, outbound: Outbound) -> bool {
        let Some(subscriber) = self.subscribers.get(&conn) else {
            return false;
        };
        match subscriber.out.try_send(outbound) {
            Ok(()) => return true,
            Err(TrySendError::Full(_)) => {
                warn!(conn, "dropping a connection that reads too slowly");
                self.metrics.dropped_consumers.inc();
            }
            Err(TrySendError::Closed(_)) => {}
        }
        // A connection that missed a frame is sent nothing after it, though its queue may
        // have room again before the room lets it go: a later frame would show its client a
        // version its log does not reach. Its queue closes now, and it reconnects.
        self.let_go(conn);
        false
    }

    /// Sends a connection nothing more, and sets it aside for the room to remove.
    fn let_go(&mut self, conn: ConnId) {
        self.subscribers.remove(&conn);
        self.unpark(conn);
        self.dropped.push(conn);
    }

    /// The frames parked behind a connection's snapshot, no longer parked.
    fn unpark(&mut self, conn: ConnId) -> Option<Vec<Utf8Bytes>> {
        let reading = self.reading.as_mut()?;
        let parked = reading.parked.remove(&conn);
        if reading.parked.is_empty() && reading.unread.is_empty() {
            self.reading = None;
        }
        parked
    }

    /// Tells every connection `closing` and lets them all go, with nothing held for them
    /// sent.
    pub fn close_all(&mut self, closing: Outbound) {
        self.queue.clear();
        self.reading = None;
        for (_, subscriber) in self.subscribers.drain() {
            let _ = subscriber.out.try_send(closing.clone());
        }
    }

    /// The next connection found slow or gone.
    pub fn next_dropped(&mut self) -> Option<ConnId> {
        self.dropped.pop()
    }
}
