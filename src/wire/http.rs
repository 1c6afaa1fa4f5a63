//! Bodies of the HTTP API (`/api/rooms`), JSON both ways.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::computer::Strength;
use crate::rules::{RuleSetInfo, Seat, Setup};

use super::server::{CommitmentMode, RoomStatus, SeatView};
use super::text::{DisplayName, RoomCode, SeatToken};

/// The longest turn timer a room may ask for: fourteen days per step, for games played at a
/// correspondence pace.
pub const MAX_TURN_TIMER: u32 = 14 * 24 * 60 * 60;

/// `POST /api/rooms`: `{"rule_set": "mehen-san-martin", "options": {…}, …}`; the options
/// are checked against the rule set's own schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CreateRoom {
    #[serde(flatten)]
    pub setup: Setup,
    /// Seconds per step of a turn, at most fourteen days (`MAX_TURN_TIMER`); `0` for no
    /// timer; absent or `null` for the server's default.
    #[serde(default)]
    #[schemars(range(max = MAX_TURN_TIMER))]
    pub turn_timer: Option<u32>,
    #[serde(default)]
    pub commitment: CommitmentMode,
}

/// The answer to `POST /api/rooms`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RoomCreated {
    pub code: RoomCode,
    /// The link to send to friends: `{public_url}/r/{code}`.
    pub link: String,
}

/// `GET /api/rule-sets`: every rule set this server offers.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RuleSets {
    pub rule_sets: Vec<RuleSetInfo>,
}

/// `GET /api/rooms/{code}`, and the answer to a rematch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RoomInfo {
    pub code: RoomCode,
    #[serde(flatten)]
    pub setup: Setup,
    pub turn_timer: Option<u32>,
    pub commitment: CommitmentMode,
    pub status: RoomStatus,
    pub game_number: u32,
    pub seats: Vec<SeatView>,
    pub spectators: u32,
}

/// `POST /api/rooms/{code}/seats`: a person takes a seat by `name`, or gives it to a
/// computer player by `computer`, one of the two.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TakeSeat {
    /// The seat wanted; absent or `null` for the first free one.
    #[serde(default)]
    pub seat: Option<Seat>,
    /// The display name of the person taking the seat.
    #[serde(default)]
    pub name: Option<DisplayName>,
    /// The strength of the computer player the seat is given to.
    #[serde(default)]
    pub computer: Option<Strength>,
}

/// Who takes a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sitter {
    Person(DisplayName),
    Computer(Strength),
}

impl TakeSeat {
    /// Who the request seats: a name or a strength, not both, not neither.
    pub fn sitter(self) -> Result<Sitter, &'static str> {
        match (self.name, self.computer) {
            (Some(name), None) => Ok(Sitter::Person(name)),
            (None, Some(strength)) => Ok(Sitter::Computer(strength)),
            _ => Err("give a seat either a `name` or a `computer` strength"),
        }
    }
}

/// The answer to `POST /api/rooms/{code}/seats`. Keep the token secret: it is the seat. A
/// seat given to a computer player has no token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatTaken {
    pub seat: Seat,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<SeatToken>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Strength>,
}

/// `POST /api/rooms/{code}/rematch`: any seated player, once the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rematch {
    pub token: SeatToken,
}

/// The body of every HTTP error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ApiError {
    pub code: ApiErrorCode,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ApiErrorCode {
    /// The body or a path parameter did not parse; the message says what.
    BadRequest,
    NoSuchRoom,
    /// The seat asked for is taken (or, with no seat named, every seat is).
    SeatTaken,
    NoSuchSeat,
    /// A computer player was offered a seat at a table where no person sits.
    NoPerson,
    BadToken,
    /// A rematch before the game is over.
    NotOver,
    /// The server holds as many rooms as it is configured for.
    TooManyRooms,
    /// The game cannot be saved right now (the database is unreachable) or the server is
    /// shutting down; nothing changed, try again shortly.
    Unsaved,
    /// This server keeps no games (it runs with `--memory-only`), so it has no archive.
    NoArchive,
    NoSuchGame,
    /// The database did not answer; the message says what failed.
    Database,
    /// Too many requests of this kind from one client address (429); the `Retry-After`
    /// header says in how many seconds to ask again.
    RateLimited,
    /// The request body is larger than the server accepts (413).
    TooLarge,
    /// The request took longer than the server allows (408).
    TimedOut,
    /// No lesson has that rule set or step (404), or a lesson no longer fits its rules
    /// (500; the message says how).
    NoSuchLesson,
}
