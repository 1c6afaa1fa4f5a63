//! Messages from a client to the server.

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::throw::ChainLink;
use crate::fair::{Commitment, Hash32, Nonce};

use super::server::ErrorCode;
use super::text::{ChatText, RoomCode, SeatToken};

/// Every message a client may send, one JSON object per WebSocket text frame.
///
/// The first message must be `join` or `spectate`. Each game move names the room `version`
/// its sender last saw; a move made on an older version is refused as stale, so nobody acts
/// on a board that has already changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Take your seat: the room's code and the token `POST /api/rooms/{code}/seats` gave.
    Join { room: RoomCode, token: SeatToken },
    /// Watch the room without a seat. Spectators see only what is public.
    Spectate { room: RoomCode },
    /// Play an action of the room's rule set: `action` is one of the rule set's actions
    /// (its schema is `protocol/schema/rules/{rule_set}/action.json`), such as
    /// `{"type": "guess", "number": 3}`.
    Move {
        version: u64,
        #[schemars(with = "serde_json::Map<String, serde_json::Value>")]
        action: serde_json::Value,
    },
    /// Server commitment mode: conceal `number` (in the range the game awaits). The server
    /// makes the commitment and reveals it on your behalf after the guess.
    Conceal { version: u64, number: u8 },
    /// Trustless commitment mode: publish the commitment of the number you conceal.
    Commit {
        version: u64,
        commitment: Commitment,
    },
    /// Trustless commitment mode: open your commitment after the guess.
    Reveal {
        version: u64,
        number: u8,
        nonce: Nonce,
    },
    /// Commits the seat's hash chain for fair throws (`docs/fair-throws.md`).
    Chain { anchor: Hash32, length: u32 },
    /// The thrower throws (with its next link, if it holds a chain); any other seat adds its
    /// next link to throw `index`.
    Throw {
        index: u32,
        #[serde(default)]
        link: Option<ChainLink>,
    },
    /// Suggest a guess to your team; only your teammates see it.
    Propose { number: u8 },
    /// Say something to your team or to the whole table.
    Chat { channel: Channel, text: ChatText },
    /// Ask for a `pong`, to measure latency or keep a connection warm.
    Ping { id: u64 },
}

/// Just the `type` of a message, to tell an unknown type from a malformed message.
#[derive(Deserialize)]
struct Tag<'a> {
    #[serde(rename = "type", borrow)]
    kind: Option<Cow<'a, str>>,
}

impl ClientMessage {
    /// Parses one text frame, or says why it cannot be parsed in words for the client.
    pub fn parse(text: &str) -> Result<ClientMessage, (ErrorCode, String)> {
        serde_json::from_str(text).map_err(|error| {
            let message = error.to_string();
            let kind = serde_json::from_str::<Tag>(text)
                .ok()
                .and_then(|tag| tag.kind);
            match kind {
                Some(kind) if message.starts_with(&format!("unknown variant `{kind}`")) => (
                    ErrorCode::UnknownType,
                    format!("there is no message of type `{kind}`"),
                ),
                _ => (ErrorCode::Malformed, message),
            }
        })
    }
}

/// Where a chat message goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// Your team alone: never an opponent, never a spectator.
    Team,
    /// Every player and every spectator.
    Table,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_move() {
        let message = ClientMessage::parse(
            r#"{"type":"move","version":4,"action":{"type":"guess","number":2}}"#,
        );
        assert_eq!(
            message,
            Ok(ClientMessage::Move {
                version: 4,
                action: serde_json::json!({"type": "guess", "number": 2}),
            })
        );
    }

    #[test]
    fn tells_unknown_types_from_malformed_messages() {
        let code = |text: &str| ClientMessage::parse(text).unwrap_err().0;
        assert_eq!(
            code(r#"{"type":"dance","version":1}"#),
            ErrorCode::UnknownType
        );
        assert_eq!(code("not json"), ErrorCode::Malformed);
        assert_eq!(code(r#"{"version":1}"#), ErrorCode::Malformed);
        assert_eq!(
            code(r#"{"type":"conceal","version":1,"number":300}"#),
            ErrorCode::Malformed
        );
        assert_eq!(
            code(r#"{"type":"chat","channel":"shout","text":"hi"}"#),
            ErrorCode::Malformed
        );
        assert_eq!(
            code(r#"{"type":"chat","channel":"team","text":""}"#),
            ErrorCode::Malformed
        );
    }
}
