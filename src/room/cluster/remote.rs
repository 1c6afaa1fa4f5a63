//! A room another node owns, as the requests and connections this node serves see it: each
//! request crosses to the room's door and waits for its answer; a connection's messages
//! cross as its client sent them, and its frames come back through the relay.

use serde::de::DeserializeOwned;

use super::Cluster;
use super::message::{Served, ToRoom};
use crate::room::queue;
use crate::room::{ConnId, Credentials, Outbound, RematchError, RoomGone, SeatError};
use crate::rules::{Seat, Viewer};
use crate::wire::{ErrorCode, RoomCode, RoomInfo, SeatSummary, SeatTaken, SeatToken, Sitter};

/// The way to a room another node owns.
#[derive(Clone, Debug)]
pub struct RemoteRoom {
    cluster: Cluster,
    code: RoomCode,
}

impl RemoteRoom {
    pub(super) fn new(cluster: Cluster, code: RoomCode) -> Self {
        RemoteRoom { cluster, code }
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

    /// Joins connection `conn` to the room: from now on the relay hands its frames to `out`.
    pub async fn connect(
        &self,
        conn: ConnId,
        credentials: Credentials,
        out: queue::Sender<Outbound>,
    ) -> Result<Result<Viewer, ErrorCode>, RoomGone> {
        let metrics = self.cluster.metrics();
        self.cluster
            .relay()
            .add(conn, self.code.clone(), out, metrics);
        let ask = ToRoom::Connect {
            node: self.cluster.node().to_owned(),
            conn,
            credentials,
        };
        let joined: Result<Result<Viewer, ErrorCode>, RoomGone> = self.ask(ask).await;
        if !matches!(joined, Ok(Ok(_))) {
            self.cluster.relay().remove(conn, None, metrics);
        }
        joined
    }

    /// Hands the owner a message the client of `conn` sent, as it sent it.
    pub async fn message(&self, conn: ConnId, text: &str) -> Result<(), RoomGone> {
        let tell = ToRoom::Message {
            node: self.cluster.node().to_owned(),
            conn,
            text: text.to_owned(),
        };
        self.cluster.tell(&self.code, &tell).await
    }

    /// Connection `conn` has closed.
    pub async fn disconnect(&self, conn: ConnId) {
        self.cluster
            .relay()
            .remove(conn, None, self.cluster.metrics());
        let tell = ToRoom::Disconnect {
            node: self.cluster.node().to_owned(),
            conn,
        };
        let _ = self.cluster.tell(&self.code, &tell).await;
    }
}
