//! Fan-out: who receives a frame. Connections subscribe as a viewer (a seat or a
//! spectator); the room addresses an audience (everyone, one viewer, one team) and never a
//! connection's queue, except to answer that connection. This is the seam a broker takes
//! over when a room's viewers spread over several nodes: an audience is a set of topics.
//!
//! Sending never waits. A connection whose queue is full or closed is set aside for the room
//! to remove once the command at hand is done (it reconnects and gets a snapshot).
//!
//! When the server keeps games, what the room tells its viewers leaves only once the
//! journal has committed everything the room wrote before it: a frame queued while entries
//! are uncommitted is held, with the connections it was addressed to, and the room releases
//! held frames in order as commits come in ([`Fanout::committed`], [`Fanout::release`]).
//! A refusal answers at once ([`Fanout::answer`]): it tells of nothing new.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, watch};
use tracing::warn;

use super::handle::{ConnId, Outbound};
use crate::metrics::Metrics;
use crate::rules::{Table, Team, Viewer};
use crate::store::journal::Journal;

/// Whom a frame is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience<'a> {
    Everyone,
    /// Everyone but these viewers (who are sent frames of their own).
    AllBut(&'a [Viewer]),
    Viewer(Viewer),
    /// The seats of one team, never spectators.
    Team(Team),
}

impl Audience<'_> {
    fn reaches(&self, table: &Table, viewer: Viewer) -> bool {
        match *self {
            Audience::Everyone => true,
            Audience::AllBut(others) => !others.contains(&viewer),
            Audience::Viewer(only) => viewer == only,
            Audience::Team(team) => table.is_on(viewer, team),
        }
    }
}

#[derive(Debug)]
struct Subscriber {
    viewer: Viewer,
    out: mpsc::Sender<Outbound>,
}

#[derive(Debug)]
pub struct Fanout {
    table: Table,
    metrics: Arc<Metrics>,
    subscribers: HashMap<ConnId, Subscriber>,
    /// Connections found slow or gone, for the room to remove.
    dropped: Vec<ConnId>,
    /// With a journal: the frames waiting for their commit.
    hold: Option<Hold>,
}

#[derive(Debug)]
struct Hold {
    journal: Journal,
    commits: watch::Receiver<u64>,
    frames: VecDeque<Held>,
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
            hold: journal.map(|journal| Hold {
                commits: journal.commits(),
                journal: journal.clone(),
                frames: VecDeque::new(),
            }),
        }
    }

    pub fn subscribe(&mut self, conn: ConnId, viewer: Viewer, out: mpsc::Sender<Outbound>) {
        self.subscribers.insert(conn, Subscriber { viewer, out });
    }

    /// Ends a connection's subscription; the viewer it had.
    pub fn unsubscribe(&mut self, conn: ConnId) -> Option<Viewer> {
        self.subscribers.remove(&conn).map(|s| s.viewer)
    }

    pub fn viewer(&self, conn: ConnId) -> Option<Viewer> {
        self.subscribers.get(&conn).map(|s| s.viewer)
    }

    /// Whether any connection still watches as `viewer`.
    pub fn watches(&self, viewer: Viewer) -> bool {
        self.subscribers.values().any(|s| s.viewer == viewer)
    }

    pub fn is_empty(&self) -> bool {
        self.subscribers.is_empty()
    }

    pub fn connections(&self) -> Vec<ConnId> {
        self.subscribers.keys().copied().collect()
    }

    /// Queues `frame` for every connection of the audience, once what the room wrote
    /// before is committed.
    pub fn send(&mut self, audience: Audience<'_>, frame: &Utf8Bytes) {
        let to: Vec<ConnId> = self
            .subscribers
            .iter()
            .filter(|(_, s)| audience.reaches(&self.table, s.viewer))
            .map(|(&conn, _)| conn)
            .collect();
        self.deliver(to, frame.clone());
    }

    /// As `send`, for one connection: its snapshot.
    pub fn send_to(&mut self, conn: ConnId, frame: Utf8Bytes) {
        self.deliver(vec![conn], frame);
    }

    fn deliver(&mut self, to: Vec<ConnId>, frame: Utf8Bytes) {
        self.release();
        if let Some(hold) = &mut self.hold {
            let after = hold.journal.written();
            if !hold.frames.is_empty() || after > *hold.commits.borrow() {
                return hold.frames.push_back(Held { after, to, frame });
            }
        }
        for conn in to {
            self.answer(conn, frame.clone());
        }
    }

    /// Waits until the journal has committed more, while frames are held.
    pub async fn committed(&mut self) {
        match &mut self.hold {
            Some(hold) if !hold.frames.is_empty() => {
                if hold.commits.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
            _ => std::future::pending().await,
        }
    }

    /// Sends, in order, the held frames whose entries are committed.
    pub fn release(&mut self) {
        let Some(hold) = &mut self.hold else { return };
        let committed = *hold.commits.borrow_and_update();
        let ready = hold
            .frames
            .iter()
            .take_while(|held| held.after <= committed)
            .count();
        let ready: Vec<Held> = hold.frames.drain(..ready).collect();
        for held in ready {
            for conn in held.to {
                self.answer(conn, held.frame.clone());
            }
        }
    }

    /// Queues `frame` for one connection at once.
    pub fn answer(&mut self, conn: ConnId, frame: Utf8Bytes) {
        let Some(subscriber) = self.subscribers.get(&conn) else {
            return;
        };
        match subscriber.out.try_send(Outbound::Frame(frame)) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                warn!(conn, "dropping a connection that reads too slowly");
                Metrics::inc(&self.metrics.dropped_consumers);
                self.dropped.push(conn);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => self.dropped.push(conn),
        }
    }

    /// The next connection found slow or gone.
    pub fn next_dropped(&mut self) -> Option<ConnId> {
        self.dropped.pop()
    }
}
