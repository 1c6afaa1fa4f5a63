//! Messages from the server to a client, and the state each viewer is shown.

use schemars::JsonSchema;
use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use serde_json::Value;

use crate::fair::Hash32;
use crate::fair::throw::ThrowProof;
use crate::rules::computer::Strength;
use crate::rules::{Awaiting, Events, Seat, Setup, Team, Tree};

use super::client::Channel;
use super::text::{ChatText, DisplayName, RoomCode};

/// Every message the server sends, one JSON object per WebSocket text frame.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The whole state this viewer may see, and the game's log so far. Sent first after
    /// `join` or `spectate`; later patches apply to it.
    #[schemars(transform = super::schema::log_by_rule_set)]
    Snapshot {
        version: u64,
        state: Box<RoomView>,
        log: Vec<LogEntry>,
        /// The room's recent chat this viewer may read, oldest first: the last 100
        /// (`CHAT_HISTORY`) messages of the table and of each team's channel, team messages
        /// for that team only.
        chat: Vec<ChatLine>,
        /// The open guess's proposals from the viewer's teammates, one per seat (its latest).
        proposals: Vec<Proposal>,
        /// The server's clock when the frame was made, in milliseconds since the Unix epoch:
        /// the client measures its own clock against it to count down to `deadline_ms`.
        now_ms: u64,
    },
    /// RFC 6902 operations that turn the last state sent on this connection into the
    /// current one, and the entries the game log gained since the last frame. Frames arrive
    /// in order, so patches always apply to the state in hand.
    Patch {
        version: u64,
        ops: json_patch::Patch,
        /// What the accepted moves since the last frame did, in order: new entries of the
        /// game log (a server-mode guess brings two, the guess and its reveal). Absent when
        /// there are none.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        log: Vec<LogEntry>,
        /// The server's clock, as in `snapshot`: a patch may move `deadline_ms`.
        now_ms: u64,
    },
    Chat(ChatLine),
    /// A teammate's suggested guess (never shown to the other team or to spectators).
    Proposal(Proposal),
    /// A seated player's connection came or went.
    Presence {
        seat: Seat,
        connected: bool,
    },
    /// A message was refused. Nothing changed.
    Error {
        code: ErrorCode,
        message: String,
    },
    Pong {
        id: u64,
    },
}

/// How many messages of each channel a room keeps for the snapshots of later arrivals.
pub const CHAT_HISTORY: usize = 100;

/// A chat message as its readers see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ChatLine {
    pub channel: Channel,
    pub seat: Seat,
    pub name: DisplayName,
    pub text: ChatText,
}

/// A guess a seat suggests to its team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Proposal {
    pub seat: Seat,
    pub number: u8,
}

/// One accepted move and what it caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct LogEntry {
    /// The seat the move was made for.
    pub seat: Seat,
    /// True when the server made the move because the seat's turn timer ran out (or, in
    /// trustless mode, the concealer did not reveal in time).
    pub auto: bool,
    /// The rule set's events (its schema: `rules/{rule_set}/event.json`).
    #[schemars(schema_with = "super::schema::events_of_a_rule_set")]
    pub events: Events,
    /// What the server has to say about the game at this point, such as a concealment
    /// voided by a restart; such an entry has no events.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The proof of a throw of sticks: anyone re-derives its faces (`docs/fair-throws.md`).
    // Boxed: a room without a store keeps its game's whole log, and most entries have no throw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throw: Option<Box<ThrowProof>>,
}

/// Who makes and opens the commitment of a concealed number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CommitmentMode {
    /// The room holds the number and a fresh nonce in memory, publishes the commitment before
    /// any guess, and publishes number and nonce at the reveal.
    #[default]
    Server,
    /// The concealer's client makes the commitment and later reveals; the server learns the
    /// number only at the reveal. A reveal not sent in time counts as a correct guess.
    Trustless,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Seats are still free; the game starts when the last one is taken.
    Waiting,
    Playing,
    /// The game has an outcome; a seated player may ask for a rematch.
    Over,
}

/// A seat as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatView {
    pub seat: Seat,
    pub team: Team,
    /// The seat's side in the game's own words (Carnelian, Lions, …).
    pub side: Cow<'static, str>,
    /// `null` while the seat is free.
    pub name: Option<DisplayName>,
    /// A computer player always counts as connected.
    pub connected: bool,
    /// The strength of the computer player that plays this seat; `null` for a person or a
    /// free seat.
    pub computer: Option<Strength>,
}

/// The state one viewer sees: the room around the game, the game's public view, and what
/// this viewer alone may see (`secret`, such as the number it concealed).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RoomView {
    pub room: RoomCode,
    /// The rule set and its options; the rule set's schemas check `options`, `game`,
    /// `secret` and `legal`.
    #[serde(flatten)]
    #[schemars(schema_with = "super::schema::room_view_by_rule_set")]
    pub setup: Setup,
    /// The current game's id: its 16 bytes open every commitment's layout.
    pub game_id: Uuid,
    /// Games played in this room, this one included; a rematch adds one.
    pub game_number: u32,
    pub status: RoomStatus,
    pub commitment: CommitmentMode,
    /// Seconds a player has for each step of a turn; `null` when the room has no timer.
    pub turn_timer: Option<u32>,
    /// When the current step's timer runs out, in milliseconds since the Unix epoch.
    pub deadline_ms: Option<u64>,
    pub seats: Vec<SeatView>,
    pub spectators: u32,
    /// The viewer's seat; `null` for a spectator.
    pub you: Option<Seat>,
    /// What the game waits for next, and from whom.
    pub awaiting: Awaiting,
    /// The rule set's public view (`rules/{rule_set}/view.json`).
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub game: Tree,
    /// What the viewer alone sees (`rules/{rule_set}/secret.json`); `null` when nothing.
    #[schemars(with = "Option<serde_json::Map<String, Value>>")]
    pub secret: Tree,
    /// The actions the viewer's seat may send now, each ready to go in a `move` message
    /// (concealing, revealing and throwing have messages of their own); empty for a
    /// spectator (`rules/{rule_set}/action.json`).
    #[schemars(with = "Vec<serde_json::Map<String, Value>>")]
    pub legal: Vec<Tree>,
    /// The fair throws of a rule set that throws sticks (`docs/fair-throws.md`); `null` for
    /// one that does not.
    pub throws: Option<ThrowsView>,
}

/// The chains taking part in throws, and the throw that is due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ThrowsView {
    /// One per seat that committed a chain; a seat without one contributes nothing.
    pub chains: Vec<ChainView>,
    /// `null` while no throw is due.
    pub pending: Option<PendingThrow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ChainView {
    pub seat: Seat,
    pub anchor: Hash32,
    pub length: u32,
    /// The deepest link revealed so far; 0 before any.
    pub depth: u32,
    /// `false` for a chain committed while a throw was due: it takes part from the next.
    pub active: bool,
}

/// The throw that is due, with the server's commitment to its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PendingThrow {
    /// The throw's place in its game, from 1.
    pub index: u32,
    /// Who throws.
    pub seat: Seat,
    /// SHA-256 of the server's value for this throw.
    pub commitment: Hash32,
}

/// Why a message was refused. The `message` beside it says it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or JSON that does not fit the message's fields.
    Malformed,
    /// A `type` this server does not know.
    UnknownType,
    /// The first message must be `join` or `spectate`.
    NotJoined,
    /// `join` or `spectate` on a connection that already did.
    AlreadyJoined,
    NoSuchRoom,
    /// The seat token does not belong to any seat of this room.
    BadToken,
    /// A spectator tried to play or chat.
    NotAPlayer,
    /// The game has not started (seats are free) or is over.
    NotPlaying,
    /// The move names a version older than the room's: look at the newer state and retry.
    StaleVersion,
    /// `conceal` in a trustless room, or `commit`/`reveal` in a server-mode room.
    WrongCommitmentMode,
    NotYourTurn,
    WrongPhase,
    OutOfRange,
    /// The reveal does not open the published commitment, or a throw's link does not
    /// belong to its seat's chain.
    CommitmentMismatch,
    /// Any other move the rules refuse; the message says why.
    Illegal,
    /// Too many chat messages or proposals in a short time.
    RateLimited,
    /// The server cannot save the move right now (its database has been unreachable long
    /// enough to fill its queue) or is shutting down; nothing changed, try again shortly.
    Unsaved,
}
