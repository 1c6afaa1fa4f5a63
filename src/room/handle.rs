//! The way to a room's task: the commands it takes, and what it sends connections.

use axum::extract::ws::Utf8Bytes;
use futures_util::FutureExt;
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::rules::{Seat, Viewer};
use crate::store::journal::JournalError;
use crate::wire::{ErrorCode, RoomInfo, SeatSummary, SeatTaken, SeatToken, Sitter};

use super::cluster::RemoteRoom;
use super::effects::{Input, Reply};
use super::queue;
use super::request::Request;
use super::seats::SeatError;

/// Identifies one connection within the server.
pub type ConnId = u64;

/// What a room sends a connection.
#[derive(Clone, Debug)]
pub enum Outbound {
    /// A JSON text frame, encoded once and shared by every connection that receives it.
    Frame(Utf8Bytes),
    /// Frames that leave together, in order (a move's log entries and patch): one place in
    /// the queue and one wake-up of the connection's writer for all of them.
    Frames(Vec<Utf8Bytes>),
    /// Close the socket with this code and reason.
    Close { code: u16, reason: &'static str },
}

impl Outbound {
    /// The text frames this carries, in order (none for a close).
    pub fn into_frames(self) -> Vec<Utf8Bytes> {
        match self {
            Outbound::Frame(frame) => vec![frame],
            Outbound::Frames(frames) => frames,
            Outbound::Close { .. } => Vec::new(),
        }
    }
}

/// Who a new connection says it is.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Credentials {
    Seat(SeatToken),
    Spectator,
}

/// Why a rematch was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RematchError {
    BadToken,
    NotOver,
    /// The new game cannot be saved right now.
    Unsaved(JournalError),
}

/// A request to a room's task.
#[derive(Debug)]
pub enum Command {
    Info {
        reply: oneshot::Sender<RoomInfo>,
    },
    TakeSeat {
        seat: Option<Seat>,
        sitter: Sitter,
        reply: oneshot::Sender<Result<SeatTaken, SeatError>>,
    },
    Rematch {
        token: SeatToken,
        reply: oneshot::Sender<Result<RoomInfo, RematchError>>,
    },
    Summary {
        token: SeatToken,
        reply: oneshot::Sender<Option<SeatSummary>>,
    },
    /// A connection joins (with a seat token) or spectates; its frames go to `out`.
    Connect {
        conn: ConnId,
        credentials: Credentials,
        out: queue::Sender<Outbound>,
        reply: oneshot::Sender<Result<Viewer, ErrorCode>>,
    },
    /// A request from a joined connection.
    Message {
        conn: ConnId,
        request: Request,
    },
    Disconnect {
        conn: ConnId,
    },
    /// Another node owns the room now: its task ends at once, its connections told to
    /// reconnect, and nothing more written.
    Leave,
}

impl Command {
    /// The room's input, and where its answer goes; `None` for [`Command::Leave`], which the
    /// task itself carries out.
    pub(super) fn split(self) -> Option<(Input, Answer)> {
        Some(match self {
            Command::Info { reply } => (Input::Info, Answer::Info(reply)),
            Command::TakeSeat {
                seat,
                sitter,
                reply,
            } => (Input::TakeSeat { seat, sitter }, Answer::Seat(reply)),
            Command::Rematch { token, reply } => (Input::Rematch { token }, Answer::Rematch(reply)),
            Command::Summary { token, reply } => (Input::Summary { token }, Answer::Summary(reply)),
            Command::Connect {
                conn,
                credentials,
                out,
                reply,
            } => (
                Input::Connect { conn, credentials },
                Answer::Joined {
                    out: Some(out),
                    reply,
                },
            ),
            Command::Message { conn, request } => (Input::Message { conn, request }, Answer::None),
            Command::Disconnect { conn } => (Input::Disconnect { conn }, Answer::None),
            Command::Leave => return None,
        })
    }
}

/// Where the answer to an input goes: its asker, and a joining connection's queue.
#[derive(Debug)]
pub(super) enum Answer {
    None,
    Info(oneshot::Sender<RoomInfo>),
    Seat(oneshot::Sender<Result<SeatTaken, SeatError>>),
    Rematch(oneshot::Sender<Result<RoomInfo, RematchError>>),
    Summary(oneshot::Sender<Option<SeatSummary>>),
    Joined {
        out: Option<queue::Sender<Outbound>>,
        reply: oneshot::Sender<Result<Viewer, ErrorCode>>,
    },
}

impl Answer {
    /// The queue of the connection that joins, once.
    pub fn take_out(&mut self) -> Option<queue::Sender<Outbound>> {
        match self {
            Answer::Joined { out, .. } => out.take(),
            _ => None,
        }
    }

    /// Sends the room's reply to its asker, who may have gone.
    pub fn reply(self, reply: Option<Reply>) {
        // An asker that has gone wants no answer.
        match (self, reply) {
            (Answer::Info(to), Some(Reply::Info(info))) => drop(to.send(info)),
            (Answer::Seat(to), Some(Reply::Seat(taken))) => drop(to.send(taken)),
            (Answer::Rematch(to), Some(Reply::Rematch(info))) => drop(to.send(info)),
            (Answer::Summary(to), Some(Reply::Summary(summary))) => drop(to.send(summary)),
            (Answer::Joined { reply, .. }, Some(Reply::Joined(joined))) => drop(reply.send(joined)),
            _ => {}
        }
    }
}

/// The room's task has ended (it was idle, or the server is shutting down), or, with
/// several nodes, the room's owner no longer serves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomGone;

/// The way to a room: its task on this node, or its owner on another. Every joined
/// connection holds one, so the rarer kind is boxed to keep it small.
#[derive(Clone, Debug)]
pub enum RoomHandle {
    Here(LocalRoom),
    Elsewhere(Box<RemoteRoom>),
}

/// The way to a room's task on this node.
#[derive(Clone, Debug)]
pub struct LocalRoom {
    pub(super) commands: queue::Sender<Command>,
}

impl LocalRoom {
    /// Sends a command that carries a reply channel and waits for the reply.
    async fn ask<T>(
        &self,
        command: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, RoomGone> {
        let (reply, answer) = oneshot::channel();
        self.send(command(reply)).await?;
        answer.await.map_err(|_| RoomGone)
    }

    /// Sends a command, waiting while the room's queue is full.
    pub fn send(&self, command: Command) -> impl Future<Output = Result<(), RoomGone>> + '_ {
        self.commands
            .send(command)
            .map(|sent| sent.map_err(|_| RoomGone))
    }
}

impl RoomHandle {
    pub async fn info(&self) -> Result<RoomInfo, RoomGone> {
        match self {
            RoomHandle::Here(room) => room.ask(|reply| Command::Info { reply }).await,
            RoomHandle::Elsewhere(room) => room.info().await,
        }
    }

    pub async fn take_seat(
        &self,
        seat: Option<Seat>,
        sitter: Sitter,
    ) -> Result<Result<SeatTaken, SeatError>, RoomGone> {
        match self {
            RoomHandle::Here(room) => {
                room.ask(|reply| Command::TakeSeat {
                    seat,
                    sitter,
                    reply,
                })
                .await
            }
            RoomHandle::Elsewhere(room) => room.take_seat(seat, sitter).await,
        }
    }

    pub async fn rematch(
        &self,
        token: SeatToken,
    ) -> Result<Result<RoomInfo, RematchError>, RoomGone> {
        match self {
            RoomHandle::Here(room) => room.ask(|reply| Command::Rematch { token, reply }).await,
            RoomHandle::Elsewhere(room) => room.rematch(token).await,
        }
    }

    /// The seat `token` holds in this room, at a glance; `None` when it holds none.
    pub async fn summary(&self, token: SeatToken) -> Result<Option<SeatSummary>, RoomGone> {
        match self {
            RoomHandle::Here(room) => room.ask(|reply| Command::Summary { token, reply }).await,
            RoomHandle::Elsewhere(room) => room.summary(token).await,
        }
    }

    /// Joins connection `conn`, whose frames go to `out`.
    pub async fn connect(
        &self,
        conn: ConnId,
        credentials: Credentials,
        out: queue::Sender<Outbound>,
    ) -> Result<Result<Viewer, ErrorCode>, RoomGone> {
        match self {
            RoomHandle::Here(room) => {
                room.ask(|reply| Command::Connect {
                    conn,
                    credentials,
                    out,
                    reply,
                })
                .await
            }
            RoomHandle::Elsewhere(room) => room.connect(credentials, out).await,
        }
    }

    /// A message from joined connection `conn`: `request`, which its client sent as `text`.
    pub async fn message(
        &self,
        conn: ConnId,
        request: Request,
        text: &str,
    ) -> Result<(), RoomGone> {
        match self {
            RoomHandle::Here(room) => room.send(Command::Message { conn, request }).await,
            RoomHandle::Elsewhere(room) => room.message(text).await,
        }
    }

    /// Connection `conn` has closed.
    pub async fn disconnect(&self, conn: ConnId) {
        match self {
            RoomHandle::Here(room) => drop(room.send(Command::Disconnect { conn }).await),
            RoomHandle::Elsewhere(room) => room.disconnect().await,
        }
    }
}
