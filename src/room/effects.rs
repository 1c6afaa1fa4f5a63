//! What goes into a room and what comes out of it: the inputs its task feeds it, the journal's
//! capacity it is told, and the effects it hands back for the task to carry out (entries to
//! write, frames by audience, computer players to think, the end of the room).

use axum::extract::ws::Utf8Bytes;

use super::computers::{Think, Thought};
use super::handle::{ConnId, Credentials, RematchError};
use super::log::Unread;
use super::request::Request;
use super::seats::SeatError;
use crate::rules::{Seat, Table, Team, Viewer};
use crate::store::journal::JournalError;
use crate::store::record::Entry;
use crate::wire::{ErrorCode, RoomInfo, SeatSummary, SeatTaken, SeatToken, Sitter};

/// Something that happens to a room.
#[derive(Debug)]
pub enum Input {
    /// What the room's page shows.
    Info,
    TakeSeat {
        seat: Option<Seat>,
        sitter: Sitter,
    },
    Rematch {
        token: SeatToken,
    },
    /// What the seat `token` holds looks like, for its player's list of games.
    Summary {
        token: SeatToken,
    },
    /// A connection arrives, as a seat (its token) or a spectator.
    Connect {
        conn: ConnId,
        credentials: Credentials,
    },
    /// A request from a joined connection: a move, proposal, chain, throw or chat.
    Message {
        conn: ConnId,
        request: Request,
    },
    /// A connection closed.
    Disconnect {
        conn: ConnId,
    },
    /// A connection found slow or gone by the task, which dropped it.
    Dropped {
        conn: ConnId,
    },
    /// The time the room asked to be woken at ([`super::Room::next_wake`]) has come.
    Wake,
    /// Computer players' decisions, thought out as the room asked ([`Effects::think`]).
    Thought(Thought),
}

impl Input {
    /// The most journal entries this input may write: the task takes that many places (or
    /// as many as it can) before the room handles it.
    pub fn entries_at_most(&self) -> usize {
        match self {
            Input::Info | Input::Connect { .. } | Input::Disconnect { .. } => 0,
            Input::Dropped { .. } | Input::Summary { .. } => 0,
            Input::TakeSeat { .. } | Input::Rematch { .. } => 1,
            // A move may bring the room's own concealment to its reveal: two entries.
            Input::Message { .. } | Input::Wake | Input::Thought(_) => 2,
        }
    }

    /// Whether it comes from a person (a request or a connection), which keeps the room from
    /// being idle. A player's list of games reading the room is not: it asks now and then,
    /// for as long as the list is open.
    pub fn is_activity(&self) -> bool {
        !matches!(
            self,
            Input::Dropped { .. } | Input::Wake | Input::Thought(_) | Input::Summary { .. }
        )
    }
}

/// How many entries the journal can take right now, as the room's task found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capacity {
    /// The server keeps no games: the room writes nothing.
    Unkept,
    /// The journal takes `free` more entries; past them it refuses, for reason `short`.
    Free { free: usize, short: JournalError },
}

/// A place in the journal the room has taken: an entry written into it cannot be refused.
#[derive(Debug)]
#[must_use]
pub struct Place(());

impl Capacity {
    /// `entries` places, or none when the server keeps nothing; the journal's refusal when
    /// it cannot take them all (and then none is taken).
    pub fn take(&mut self, entries: usize) -> Result<Vec<Place>, JournalError> {
        match self {
            Capacity::Unkept => Ok(Vec::new()),
            Capacity::Free { free, short } => {
                if entries > *free {
                    return Err(*short);
                }
                *free -= entries;
                Ok((0..entries).map(|_| Place(())).collect())
            }
        }
    }
}

/// Whom a frame is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    Everyone,
    /// Everyone but these viewers (who are sent frames of their own).
    AllBut(Vec<Viewer>),
    Viewer(Viewer),
    /// The seats of one team, never spectators.
    Team(Team),
}

impl Audience {
    pub fn reaches(&self, table: &Table, viewer: Viewer) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::AllBut(others) => !others.contains(&viewer),
            Audience::Viewer(only) => viewer == *only,
            Audience::Team(team) => table.is_on(viewer, *team),
        }
    }
}

/// One thing for the task to do, in the order the room said it.
#[derive(Debug)]
pub enum Out {
    /// An entry for the journal, in a place the room took.
    Write(Box<Entry>),
    /// A frame for every connection of the audience, to leave once every entry written
    /// before it is committed.
    Send(Audience, Utf8Bytes),
    /// The same, for one connection (its snapshot).
    To(ConnId, Utf8Bytes),
    /// A snapshot for one connection whose log's first entries only the store keeps: once
    /// what was written before it is committed, they are read and it is sent whole.
    Unread(ConnId, Box<Unread>),
    /// A frame for one connection at once, ahead of what waits for a commit: it tells of
    /// nothing new (a refusal).
    Answer(ConnId, Utf8Bytes),
    /// From here on, frames to `viewer` reach this connection too.
    Subscribe(ConnId, Viewer),
    /// From here on, no frame reaches this connection.
    Unsubscribe(ConnId),
}

/// The answer to a request.
#[derive(Debug)]
pub enum Reply {
    Info(RoomInfo),
    Seat(Result<SeatTaken, SeatError>),
    Rematch(Result<RoomInfo, RematchError>),
    /// `None` when the token holds no seat of this room.
    Summary(Option<SeatSummary>),
    Joined(Result<Viewer, ErrorCode>),
}

/// What the room hands back from one input.
#[derive(Debug, Default)]
pub struct Effects {
    pub reply: Option<Reply>,
    /// Entries and frames, in order.
    pub out: Vec<Out>,
    /// Computer players to think out, off the room's task.
    pub think: Option<Box<Think>>,
    /// Moves played.
    pub moves: u64,
    /// The room is done: nobody is there and it has been idle too long.
    pub close: bool,
}

impl Effects {
    /// The entries to write, in order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.out.iter().filter_map(|out| match out {
            Out::Write(entry) => Some(&**entry),
            _ => None,
        })
    }
}
