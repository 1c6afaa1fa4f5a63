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

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::watch;
use tracing::warn;

use super::effects::Audience;
use super::handle::{ConnId, Outbound};
use super::queue::{self, TrySendError};
use crate::metrics::Metrics;
use crate::rules::{Table, Viewer};
use crate::store::journal::Journal;

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
    frame: Utf8Bytes,
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
        }
    }

    pub fn subscribe(&mut self, conn: ConnId, viewer: Viewer, out: queue::Sender<Outbound>) {
        self.subscribers.insert(conn, Subscriber { viewer, out });
    }

    /// Ends a connection's subscription.
    pub fn unsubscribe(&mut self, conn: ConnId) {
        self.subscribers.remove(&conn);
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
        self.deliver(to, frame);
    }

    /// As `send`, for one connection: its snapshot.
    pub fn send_to(&mut self, conn: ConnId, frame: Utf8Bytes) {
        self.deliver(vec![conn], frame);
    }

    fn deliver(&mut self, to: Vec<ConnId>, frame: Utf8Bytes) {
        let after = self.hold.as_ref().map_or(0, |hold| hold.journal.written());
        self.queue.push_back(Held { after, to, frame });
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
        let mut conns: Vec<ConnId> = ready.iter().flat_map(|held| held.to.clone()).collect();
        conns.sort_unstable();
        conns.dedup();
        for conn in conns {
            let mut frames: Vec<Utf8Bytes> = ready
                .iter()
                .filter(|held| held.to.contains(&conn))
                .map(|held| held.frame.clone())
                .collect();
            let outbound = match frames.len() {
                1 => Outbound::Frame(frames.remove(0)),
                _ => Outbound::Frames(frames),
            };
            self.queue_for(conn, outbound);
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
        self.subscribers.remove(&conn);
        self.dropped.push(conn);
        false
    }

    /// Tells every connection `closing` and lets them all go, with nothing held for them
    /// sent.
    pub fn close_all(&mut self, closing: Outbound) {
        self.queue.clear();
        for (_, subscriber) in self.subscribers.drain() {
            let _ = subscriber.out.try_send(closing.clone());
        }
    }

    /// The next connection found slow or gone.
    pub fn next_dropped(&mut self) -> Option<ConnId> {
        self.dropped.pop()
    }
}
