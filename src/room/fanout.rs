//! Fan-out: who receives a frame. Connections subscribe as a viewer (a seat or a
//! spectator); the room addresses an audience (everyone, one viewer, one team) and never a
//! connection's queue, except to answer that connection. This is the seam a broker takes
//! over when a room's viewers spread over several nodes: an audience is a set of topics.
//!
//! Sending never waits. A connection whose queue is full or closed is set aside for the room
//! to remove once the command at hand is done (it reconnects and gets a snapshot).

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;
use tracing::warn;

use super::handle::{ConnId, Outbound};
use crate::metrics::Metrics;
use crate::rules::{Table, Team, Viewer};

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
}

impl Fanout {
    pub fn new(table: Table, metrics: Arc<Metrics>) -> Fanout {
        Fanout {
            table,
            metrics,
            subscribers: HashMap::new(),
            dropped: Vec::new(),
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

    /// Queues `frame` for every connection of the audience.
    pub fn send(&mut self, audience: Audience<'_>, frame: &Utf8Bytes) {
        let targets: Vec<ConnId> = self
            .subscribers
            .iter()
            .filter(|(_, s)| audience.reaches(&self.table, s.viewer))
            .map(|(&conn, _)| conn)
            .collect();
        for conn in targets {
            self.answer(conn, frame.clone());
        }
    }

    /// Queues `frame` for one connection.
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
