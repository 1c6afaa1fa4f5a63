//! A room another node owns, as the requests and connections this node serves see it: each
//! request crosses to the room's door and waits for its answer; a connection's messages
//! cross as its client sent them, and its frames come back through the relay.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::de::DeserializeOwned;

use super::Cluster;
use super::message::{Served, ToRoom};
use crate::room::queue;
use crate::room::{Credentials, Outbound, RematchError, RoomGone, SeatError};
use crate::rules::{Seat, Viewer};
use crate::wire::{ErrorCode, RoomCode, RoomInfo, SeatSummary, SeatTaken, SeatToken, Sitter};

/// The way to a room another node owns.
#[derive(Clone, Debug)]
pub struct RemoteRoom {
    cluster: Cluster,
    code: RoomCode,
    /// The number the joined connection goes by between the nodes: a fresh one for every
    /// attempt to join, so the frames of an attempt that timed out (and may have joined all
    /// the same) never reach the connection (0 until it joins).
    wire: Arc<AtomicU64>,
}

impl RemoteRoom {
    pub(super) fn new(cluster: Cluster, code: RoomCode) -> Self {
        RemoteRoom {
            cluster,
            code,
            wire: Arc::default(),
        }
    }

    /// Asks the owner; the room gone when nobody serves it there (any more).
    async fn ask<T: DeserializeOwned>(&self, ask: ToRoom) -> Result<T, RoomGone> {
        match self.cluster.ask::<Served<T>>(&self.code, &ask).await {
            Ok(Some(answer)) => Ok(answer),
            Ok(None) | Err(_) => Err(RoomGone),
        }
    }

    pub async fn info(&self) -> Result<RoomInfo, RoomGone> {
        self.ask(ToRoom::Info).await
    }

    pub async fn take_seat(
        &self,
        seat: Option<Seat>,
        sitter: Sitter,
    ) -> Result<Result<SeatTaken, SeatError>, RoomGone> {
        let ask = ToRoom::TakeSeat { seat, sitter };
        self.ask(ask).await
    }

    pub async fn rematch(
        &self,
        token: SeatToken,
    ) -> Result<Result<RoomInfo, RematchError>, RoomGone> {
        let ask = ToRoom::Rematch { token };
        self.ask(ask).await
    }

    pub async fn summary(&self, token: SeatToken) -> Result<Option<SeatSummary>, RoomGone> {
        let ask = ToRoom::Summary { token };
        self.ask(ask).await
    }

    /// Joins a connection to the room: from now on the relay hands its frames to `out`.
    /// The connection's own number stays on this node; the owner knows it by a fresh one.
    pub async fn connect(
        &self,
        credentials: Credentials,
        out: queue::Sender<Outbound>,
    ) -> Result<Result<Viewer, ErrorCode>, RoomGone> {
        let metrics = self.cluster.metrics();
        let wire = self.cluster.next_wire();
        self.cluster
            .relay()
            .add(wire, self.code.clone(), out, metrics);
        let ask = ToRoom::Connect {
            node: self.cluster.run().to_owned(),
            conn: wire,
            credentials,
        };
        let joined: Result<Result<Viewer, ErrorCode>, RoomGone> = self.ask(ask).await;
        match joined {
            Ok(Ok(_)) => self.wire.store(wire, Ordering::Release),
            _ => self.cluster.relay().remove(wire, None, metrics),
        }
        joined
    }

    /// Hands the owner a message the joined connection's client sent, as it sent it.
    pub async fn message(&self, text: &str) -> Result<(), RoomGone> {
        let tell = ToRoom::Message {
            node: self.cluster.run().to_owned(),
            conn: self.wire.load(Ordering::Acquire),
            text: text.to_owned(),
        };
        self.cluster.tell(&self.code, &tell).await
    }

    /// The joined connection has closed.
    pub async fn disconnect(&self) {
        let conn = self.wire.load(Ordering::Acquire);
        self.cluster
            .relay()
            .remove(conn, None, self.cluster.metrics());
        let tell = ToRoom::Disconnect {
            node: self.cluster.run().to_owned(),
            conn,
        };
        let _ = self.cluster.tell(&self.code, &tell).await;
    }
}
