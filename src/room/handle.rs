//! The way to a room's task: the commands it takes, and what it sends connections.

use axum::extract::ws::Utf8Bytes;
use futures_util::FutureExt;
use tokio::sync::oneshot;

use crate::rules::{Seat, Viewer};
use crate::store::journal::JournalError;
use crate::wire::{ClientMessage, ErrorCode, RoomInfo, SeatTaken, SeatToken, Sitter};

use super::queue;
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
#[derive(Clone, Debug)]
pub enum Credentials {
    Seat(SeatToken),
    Spectator,
}

/// Why a rematch was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// A connection joins (with a seat token) or spectates; its frames go to `out`.
    Connect {
        conn: ConnId,
        credentials: Credentials,
        out: queue::Sender<Outbound>,
        reply: oneshot::Sender<Result<Viewer, ErrorCode>>,
    },
    /// A move, proposal or chat message from a joined connection.
    Message {
        conn: ConnId,
        message: ClientMessage,
    },
    Disconnect {
        conn: ConnId,
    },
}

/// The room's task has ended (it was idle, or the server is shutting down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomGone;

/// The way to a room's task.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    pub(super) commands: queue::Sender<Command>,
}

impl RoomHandle {
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

    pub async fn info(&self) -> Result<RoomInfo, RoomGone> {
        self.ask(|reply| Command::Info { reply }).await
    }

    pub async fn take_seat(
        &self,
        seat: Option<Seat>,
        sitter: Sitter,
    ) -> Result<Result<SeatTaken, SeatError>, RoomGone> {
        self.ask(|reply| Command::TakeSeat {
            seat,
            sitter,
            reply,
        })
        .await
    }

    pub async fn rematch(
        &self,
        token: SeatToken,
    ) -> Result<Result<RoomInfo, RematchError>, RoomGone> {
        self.ask(|reply| Command::Rematch { token, reply }).await
    }

    pub async fn connect(
        &self,
        conn: ConnId,
        credentials: Credentials,
        out: queue::Sender<Outbound>,
    ) -> Result<Result<Viewer, ErrorCode>, RoomGone> {
        self.ask(|reply| Command::Connect {
            conn,
            credentials,
            out,
            reply,
        })
        .await
    }
}
