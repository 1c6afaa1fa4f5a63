//! `POST /api/rooms/mine`: the games a client holds seats in. The client sends the seat tokens
//! it keeps (in the body, never in a URL) and is answered, room by room, what its seat there
//! looks like: the game, the other players, whose turn it is and how long is left.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::{Seat, Setup, Team};

use super::server::{RoomStatus, SeatView};
use super::text::{RoomCode, SeatToken};

/// The most seats one request may ask about.
pub const MINE_MAX: usize = 50;

/// `POST /api/rooms/mine`: the seats a client holds, each as its room and token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindMine {
    /// At most 50 (`MINE_MAX`); more are refused with `bad_request`.
    #[schemars(length(max = MINE_MAX))]
    pub tokens: Vec<HeldSeat>,
}

/// A seat a client holds: the room and the token `POST /api/rooms/{code}/seats` gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeldSeat {
    pub room: RoomCode,
    pub token: SeatToken,
}

/// The answer to `POST /api/rooms/mine`: one entry per seat asked about, in the order asked.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Mine {
    /// The server's clock, in milliseconds since the Unix epoch: the client measures its own
    /// clock against it to count down to each `deadline_ms`.
    pub now_ms: u64,
    pub rooms: Vec<MyRoom>,
}

/// What a room says of a seat asked about.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum MyRoom {
    /// The token is a seat of this room.
    Seated(SeatSummary),
    /// The token is no seat of this room, or there is no such room (any longer): the answer
    /// never says which.
    NotYours { room: RoomCode },
}

/// A seat's game at a glance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SeatSummary {
    pub room: RoomCode,
    /// The rule set and its options, as `GET /api/rooms/{code}` gives them.
    #[serde(flatten)]
    pub setup: Setup,
    pub status: RoomStatus,
    /// Games played in this room, this one included.
    pub game_number: u32,
    /// The room's version, as its snapshots and patches carry it.
    pub version: u64,
    /// The seat the token holds.
    pub you: Seat,
    /// Every seat of the table (the token's among them), as `GET /api/rooms/{code}` shows it.
    pub seats: Vec<SeatView>,
    /// The seats the game waits on now; empty while seats are free and once it is over.
    pub waiting_on: Vec<Seat>,
    /// Whether the game waits on the token's seat.
    pub your_turn: bool,
    /// Seconds per step of a turn; `null` when the room has no timer.
    pub turn_timer: Option<u32>,
    /// When the current step's timer runs out, in milliseconds since the Unix epoch; `null`
    /// when no timer runs.
    pub deadline_ms: Option<u64>,
    /// The team that won, once the game is over; `null` before, and for a game nobody won.
    pub winner: Option<Team>,
}
