//! What is stored: a game with its seats, every action in order, and chat.
//!
//! These are the values the room hands to the journal and the archive hands out. They hold
//! only what may be kept: a seat token as its hash, a concealment as its commitment (the
//! number and nonce appear first in the reveal).
//!
//! Times are UTC (`OffsetDateTime::now_utc()`): SQLite keeps them as text, which sorts in
//! time order only when every offset is the same.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::fair::throw::ThrowProof;
use crate::fair::{Commitment, GameId, Nonce};
use crate::rules::computer::Strength;
use crate::rules::replay::{self, Logged, ReplayError};
use crate::rules::{Awaiting, Events, Game, Move, Played, Seat, Setup, Step, Team};
use crate::wire::{CommitmentMode, TokenHash};

use super::rooms::RoomRest;

/// One game: who sat where, under which rules, and how it ended once it has.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub id: Uuid,
    /// The rule set and its options: `rule_set` and `options` in JSON.
    #[serde(flatten)]
    pub setup: Setup,
    pub seats: Vec<SeatRecord>,
    #[serde(with = "time::serde::rfc3339")]
    pub started_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub ended_at: Option<OffsetDateTime>,
    /// The outcome as the rule set words it (`{"winner": …, "reason": …}`).
    pub result: Option<Value>,
    /// The room the game is played in, for a restarted server to reopen. Never served: a
    /// room code lets anyone watch the room's next game.
    #[serde(skip)]
    pub room: Option<RoomRecord>,
}

/// A room's settings beyond the game's own options, and where the game stands among the
/// room's: what reopening it as its players saw it needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomRecord {
    pub code: String,
    pub turn_timer: Option<u32>,
    pub commitment: CommitmentMode,
    /// The game's number in its room (a rematch counts on).
    #[serde(default = "first")]
    pub game_number: u32,
    /// The room's version once the game began; every entry of its log adds one.
    #[serde(default = "first")]
    pub first_version: u64,
}

/// What a room recorded before these fields were kept: its first game, at version 1.
fn first<T: From<u8>>() -> T {
    T::from(1)
}

impl GameRecord {
    /// The id that binds this game's commitments (see [`crate::fair`]).
    pub fn game_id(&self) -> GameId {
        GameId(self.id.into_bytes())
    }

    /// Plays `actions` again on a new game of this one's set-up and id, through the one
    /// replay ([`replay::replay_stored`]): `each` gets the game after every action, with
    /// what the action met and caused.
    pub fn replay<'a>(
        &self,
        actions: impl IntoIterator<Item = &'a ActionRecord>,
        each: impl FnMut(&Game, Logged<Played>),
    ) -> Result<Game, ReplayError> {
        let actions = actions
            .into_iter()
            .map(|record| (record.seat, &record.action));
        replay::replay_stored(&self.setup, self.game_id(), actions, each)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub seat: Seat,
    pub name: String,
    pub team: Team,
    /// The hash of the seat's token, to check a reconnecting player. Never served: the
    /// archive and bundles leave it out.
    #[serde(skip)]
    pub token: Option<TokenHash>,
    /// The computer player that plays the seat, for a restarted server to seat again.
    #[serde(skip)]
    pub computer: Option<Strength>,
}

impl SeatRecord {
    /// Whether someone holds the seat: a person (with a token) or a computer player.
    pub fn is_taken(&self) -> bool {
        self.token.is_some() || self.computer.is_some()
    }
}

/// One action in a game's log, with what it caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    /// The action's place in the game's log, from 0 and without gaps.
    pub seq: u32,
    pub seat: Seat,
    /// The turn the action was taken in, as bound into that turn's commitment.
    pub turn: u32,
    /// The rule set's action and events, in JSON.
    pub action: Value,
    pub events: Events,
    /// The commitment this action makes (conceal) or opens (reveal, withhold).
    pub commitment: Option<Commitment>,
    /// The revealed number and its nonce (reveal only).
    pub reveal: Option<u8>,
    pub nonce: Option<Nonce>,
    /// A concealment, and the guess at it, that a restart interrupted before the reveal;
    /// it was made again in the actions that follow. Replays skip it.
    #[serde(default)]
    pub voided: bool,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    /// The proof of a throw of sticks (`docs/fair-throws.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throw: Option<ThrowProof>,
    /// Made by the server for an absent player, as the game log says. Not in the bundle:
    /// who sent a move is no part of checking the game.
    #[serde(skip)]
    pub auto: bool,
}

impl ActionRecord {
    /// The record of `chosen`, played by `seat` as action `seq` at `at`: the turn and the
    /// commitment a reveal opens are those of the state the move met.
    pub fn new(
        seq: u32,
        seat: Seat,
        chosen: &Move,
        logged: Logged<Played>,
        at: OffsetDateTime,
    ) -> Self {
        let opened = match logged.awaiting {
            Awaiting::Reveal { commitment, .. } => Some(commitment),
            _ => None,
        };
        let (commitment, reveal, nonce) = match *chosen {
            Move::Step(Step::Conceal { commitment, .. }) => (Some(commitment), None, None),
            Move::Step(Step::Reveal { number, nonce }) => (opened, Some(number), Some(nonce)),
            _ => (opened, None, None),
        };
        ActionRecord {
            seq,
            seat,
            turn: logged.turn,
            action: logged.caused.action,
            events: logged.caused.events,
            commitment,
            reveal,
            nonce,
            voided: false,
            at,
            throw: None,
            auto: false,
        }
    }
}

/// Who may read a chat message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// Everyone at the table and watching it.
    Table,
    /// That team alone; never served to anyone else, the archive included.
    Team(Team),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatRecord {
    /// The message's place in the game's chat, from 0.
    pub seq: u32,
    /// `None` for a message from the server itself, such as a voided concealment.
    pub seat: Option<Seat>,
    pub channel: Channel,
    pub body: String,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
}

impl ChatRecord {
    /// Whether a reader on `team` (`None`: a spectator or the public) may see this message.
    pub fn readable_by(&self, team: Option<Team>) -> bool {
        match self.channel {
            Channel::Table => true,
            Channel::Team(own) => team == Some(own),
        }
    }
}

/// One write the journal hands the store. Each is idempotent, so a batch that failed
/// halfway, or committed without the acknowledgement arriving, can simply be written again.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// A game begins, with its seats taken. Written again, it changes nothing.
    Game(GameRecord),
    /// An action; one that ended the game also marks it finished.
    Action {
        game: Uuid,
        record: ActionRecord,
        /// How the game ended, when this action ended it, as the rules tell
        /// ([`crate::rules::Game::outcome`]): the game's `result`.
        outcome: Option<Value>,
    },
    Chat {
        game: Uuid,
        record: ChatRecord,
    },
    /// Marks actions voided by a restart (see [`super::restore`]) and places its note in
    /// the game log.
    Void {
        game: Uuid,
        record: VoidRecord,
    },
    /// A room waiting for players: the game it will begin, with the seats taken so far.
    /// Written again as seats are taken; the game's own entry replaces it.
    Waiting(GameRecord),
    /// The room with this code has closed: it is not reopened while waiting for players.
    Closed {
        code: String,
    },
    /// Where a room stands: awake, or asleep with what waking it needs
    /// ([`super::rooms`]). Written again, it replaces the row.
    Room(RoomRest),
    /// A game everyone left ends without a winner (`docs/sleeping-rooms.md`).
    Abandoned {
        game: Uuid,
        at: OffsetDateTime,
        result: Value,
    },
}

/// A concealment and the guess at it, actions `first` to `last`, that a restart voided,
/// and the chat message from the server (`note`, its chat seq) that told the players. In
/// the game log the note follows action `last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VoidRecord {
    pub first: u32,
    pub last: u32,
    pub note: u32,
}

impl Entry {
    /// Whether the entry is a game's play (the game begun, an action, a chat message), as
    /// nearly every entry is; consecutive ones are written together.
    pub fn is_play(&self) -> bool {
        matches!(
            self,
            Entry::Game(_) | Entry::Action { .. } | Entry::Chat { .. }
        )
    }

    /// The game the entry is about, if it is about one.
    pub fn game(&self) -> Option<Uuid> {
        match self {
            Entry::Game(record) | Entry::Waiting(record) => Some(record.id),
            Entry::Action { game, .. }
            | Entry::Chat { game, .. }
            | Entry::Void { game, .. }
            | Entry::Abandoned { game, .. } => Some(*game),
            Entry::Closed { .. } | Entry::Room(_) => None,
        }
    }

    /// The game, record and outcome of an action entry.
    pub fn action(&self) -> Option<(Uuid, &ActionRecord, Option<&Value>)> {
        match self {
            Entry::Action {
                game,
                record,
                outcome,
            } => Some((*game, record, outcome.as_ref())),
            _ => None,
        }
    }
}
