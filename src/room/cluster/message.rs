//! What nodes say to each other, as JSON over NATS.
//!
//! Two kinds of subject carry it, under the cluster's name:
//! - `{cluster}.room.{code}`: the room's door, which its owner alone listens on. Requests
//!   ([`ToRoom`]) come in, each answered (when it asks for an answer) by a [`Served`].
//!   One node's messages for one room travel one subject over one connection, so the owner
//!   reads them in the order they were sent: a connection's `join` before its moves.
//! - `{cluster}.node.{run}`: the node of forwarded connections (named by this run of it, so
//!   a restarted node is a new one), which the owner sends their
//!   frames to, in order. A message holds one connection's frames, as many as fit or a part
//!   of a large one (see `packing`), with the connection's number in the header [`CONN`]
//!   and the message's own, counted from 1 for each connection, in [`SEQ`]; the header
//!   [`CLOSE`] ends the connection. NATS may lose a message (it cuts off a node that reads
//!   too slowly, or that sent a message over its cap, and the node reconnects): a number skipped tells the node, which closes
//!   the socket rather than show its client a state it cannot reach.

use serde::{Deserialize, Serialize};

use crate::room::{ConnId, Credentials};
use crate::rules::Seat;
use crate::wire::{SeatToken, Sitter};

/// The header naming the connection a node message is for.
pub const CONN: &str = "Hesy-Conn";
/// The header that ends a forwarded connection: the room let it go.
pub const CLOSE: &str = "Hesy-Close";
/// The header numbering a connection's messages, from 1 and without gaps.
pub const SEQ: &str = "Hesy-Seq";

/// What a node asks of a room's owner, on behalf of a request or a connection it serves.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum ToRoom {
    Info,
    TakeSeat {
        seat: Option<Seat>,
        sitter: Sitter,
    },
    Rematch {
        token: SeatToken,
    },
    Summary {
        token: SeatToken,
    },
    /// A connection joins; its frames go to `node`.
    Connect {
        node: String,
        conn: ConnId,
        credentials: Credentials,
    },
    /// A message the connection's client sent, as it sent it (checked by its node).
    Message {
        node: String,
        conn: ConnId,
        text: String,
    },
    Disconnect {
        node: String,
        conn: ConnId,
    },
    /// The connections `node` still serves for this room: answered with those the owner
    /// still knows, so each side finds what the other lost.
    Heartbeat {
        node: String,
        conns: Vec<ConnId>,
    },
}

/// An owner's answer to a request: `None` when the room is no longer here (it fell asleep
/// or moved), else what the room's own reply would be (`RoomInfo` for [`ToRoom::Info`],
/// `Result<SeatTaken, SeatError>` for [`ToRoom::TakeSeat`], the connections it knows for a
/// [`ToRoom::Heartbeat`], and so on).
pub type Served<T> = Option<T>;
