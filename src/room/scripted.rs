//! A room driven by hand, for tests (here and under `tests/`): a [`Script`] holds a room,
//! the time, and what the journal can take, and feeds it inputs as its task would, with
//! fixed randomness; helpers read the frames the room sends.

use std::time::Duration;

use time::OffsetDateTime;

use super::effects::{Audience, Capacity, Effects, Input, Out, Reply};
use super::handle::{ConnId, Credentials};
use super::{Heard, Limits, Room, RoomChance, RoomConfig};
use crate::rules::computer::Strength;
use crate::rules::{Seat, Setup, Viewer};
use crate::wire::{
    ClientMessage, CommitmentMode, CreateRoom, DisplayName, RoomCode, SeatTaken, SeatToken, Sitter,
};

/// A room, the time it is at, and the journal's capacity for each input.
#[derive(Debug)]
pub struct Script {
    pub room: Room,
    pub now: OffsetDateTime,
    /// Told to the room with every input: `Unkept` unless a test sets it.
    pub capacity: Capacity,
}

impl Script {
    /// A room of `setup` whose server commits (or not, with `commitment`) and whose turn
    /// timer is `turn_timer` seconds, made at a fixed time with fixed randomness.
    pub fn new(setup: Setup, commitment: CommitmentMode, turn_timer: Option<u32>) -> Script {
        let code = RoomCode::try_from("abcdefghij".to_owned()).expect("a valid room code");
        let settings = CreateRoom {
            setup,
            turn_timer,
            commitment,
        };
        let now = OffsetDateTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let limits = Limits::from(&RoomConfig::default());
        let room = Room::new(code, settings, limits, RoomChance::new([7; 32]), now);
        Script {
            room,
            now,
            capacity: Capacity::Unkept,
        }
    }

    /// Feeds `input` now.
    pub fn input(&mut self, input: Input) -> Effects {
        self.room.handle(input, self.now, self.capacity)
    }

    /// A person named `name` takes `seat` (or the first free one).
    pub fn sit(&mut self, seat: Option<Seat>, name: &str) -> Result<SeatTaken, super::SeatError> {
        let name = DisplayName::try_from(name.to_owned()).expect("a valid display name");
        let sitter = Sitter::Person(name);
        match self.input(Input::TakeSeat { seat, sitter }).reply {
            Some(Reply::Seat(taken)) => taken,
            reply => panic!("a seat was taken, and the room replied {reply:?}"),
        }
    }

    /// A computer player of `strength` takes the first free seat.
    pub fn sit_computer(&mut self, strength: Strength) -> Seat {
        let sitter = Sitter::Computer(strength);
        match self.input(Input::TakeSeat { seat: None, sitter }).reply {
            Some(Reply::Seat(Ok(taken))) => taken.seat,
            reply => panic!("a computer sat down, and the room replied {reply:?}"),
        }
    }

    /// Connection `conn` joins with `token`; the effects (its snapshot among them).
    pub fn join(&mut self, conn: ConnId, token: &SeatToken) -> Effects {
        let credentials = Credentials::Seat(token.clone());
        self.input(Input::Connect { conn, credentials })
    }

    /// Connection `conn` sends `message`, split as its socket splits it: what is not a
    /// request for the room (a ping, a join) never reaches the room and changes nothing.
    pub fn say(&mut self, conn: ConnId, message: ClientMessage) -> Effects {
        match Heard::from(message) {
            Heard::Request(request) => self.input(Input::Message { conn, request }),
            Heard::Ping { .. } | Heard::Join { .. } => Effects::default(),
        }
    }

    /// Time passes to the room's next wake, which is fed to it; `None` when it sleeps for
    /// good.
    pub fn wake(&mut self) -> Option<Effects> {
        self.now = self.now.max(self.room.next_wake()?);
        Some(self.input(Input::Wake))
    }

    /// Thinks out what `effects` asked computer players to think, and feeds the thought.
    pub fn think(&mut self, effects: Effects) -> Option<Effects> {
        let thought = effects.think?.run();
        Some(self.input(Input::Thought(thought)))
    }

    /// Two people take the seats of a duel and connect as 1 and 2.
    pub fn duel(setup: Setup, turn_timer: Option<u32>) -> Script {
        let mut script = Script::new(setup, CommitmentMode::Server, turn_timer);
        for (conn, name) in [(1, "Ada"), (2, "Ben")] {
            let token = script.sit(None, name).expect("a free seat").token;
            script.join(conn, &token.expect("a person's token"));
        }
        script
    }
}

/// The frames of `effects`, decoded, with whom each is for: a connection (`Some`) or an
/// audience.
pub fn frames(effects: &Effects) -> Vec<(Sent, serde_json::Value)> {
    let decode = |frame: &str| serde_json::from_str(frame).expect("a frame is JSON");
    effects
        .out
        .iter()
        .filter_map(|out| match out {
            Out::Send(audience, frame) => Some((Sent::To(audience.clone()), decode(frame))),
            Out::To(conn, frame) => Some((Sent::Conn(*conn), decode(frame))),
            Out::Answer(conn, frame) => Some((Sent::Answer(*conn), decode(frame))),
            _ => None,
        })
        .collect()
}

/// Whom a frame was sent to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    To(Audience),
    Conn(ConnId),
    /// At once, ahead of frames held for the journal.
    Answer(ConnId),
}

/// The frames of `effects` that `viewer` (watching on `conn`) receives, decoded, in order.
pub fn received(
    room: &Room,
    effects: &Effects,
    conn: ConnId,
    viewer: Viewer,
) -> Vec<serde_json::Value> {
    frames(effects)
        .into_iter()
        .filter(|(sent, _)| match sent {
            Sent::To(audience) => audience.reaches(&room.table, viewer),
            Sent::Conn(to) | Sent::Answer(to) => *to == conn,
        })
        .map(|(_, frame)| frame)
        .collect()
}
