//! What a joined client asks of its room, split once from the client's message: what the
//! connection answers itself (a ping, a join), and a typed [`Request`] for the room.

use super::handle::Credentials;
use crate::fair::Hash32;
use crate::fair::throw::ChainLink;
use crate::rules::steps::Asked;
use crate::rules::{Move, Step};
use crate::wire::{Channel, ChatText, ClientMessage, RoomCode};

/// A client's message as its connection hears it.
#[derive(Clone, Debug)]
pub enum Heard {
    /// A `ping`, answered by the connection.
    Ping { id: u64 },
    /// A `join` or `spectate`: the room to join and as whom.
    Join {
        room: RoomCode,
        credentials: Credentials,
    },
    /// Anything else, for the room.
    Request(Request),
}

/// What a seat asks of its room.
#[derive(Clone, Debug)]
pub enum Request {
    /// Chat on the team's or the table's channel.
    Chat { channel: Channel, text: ChatText },
    /// A guess suggested to the seat's team.
    Propose { number: u8 },
    /// The seat's hash chain for fair throws.
    Chain { anchor: Hash32, length: u32 },
    /// The thrower's throw, or another seat's link for throw `index`.
    Throw { index: u32, link: Option<ChainLink> },
    /// A move, made on room version `version`.
    Play { version: u64, asked: Asked },
}

impl Request {
    /// Whether it is talk between players (chat or a proposal), which is rate limited.
    pub fn is_chat(&self) -> bool {
        matches!(self, Request::Chat { .. } | Request::Propose { .. })
    }
}

impl From<ClientMessage> for Heard {
    fn from(message: ClientMessage) -> Self {
        let play = |version, chosen| Request::Play {
            version,
            asked: Asked::Play(chosen),
        };
        let request = match message {
            ClientMessage::Ping { id } => return Heard::Ping { id },
            ClientMessage::Join { room, token } => {
                let credentials = Credentials::Seat(token);
                return Heard::Join { room, credentials };
            }
            ClientMessage::Spectate { room } => {
                let credentials = Credentials::Spectator;
                return Heard::Join { room, credentials };
            }
            ClientMessage::Chat { channel, text } => Request::Chat { channel, text },
            ClientMessage::Propose { number } => Request::Propose { number },
            ClientMessage::Chain { anchor, length } => Request::Chain { anchor, length },
            ClientMessage::Throw { index, link } => Request::Throw { index, link },
            ClientMessage::Conceal { version, number } => Request::Play {
                version,
                asked: Asked::Conceal(number),
            },
            ClientMessage::Move { version, action } => play(version, Move::Action(action)),
            ClientMessage::Commit {
                version,
                commitment,
            } => {
                let hand = None;
                play(version, Move::Step(Step::Conceal { commitment, hand }))
            }
            ClientMessage::Reveal {
                version,
                number,
                nonce,
            } => play(version, Move::Step(Step::Reveal { number, nonce })),
        };
        Heard::Request(request)
    }
}
