//! The wire protocol in code: every WebSocket message both ways, the HTTP bodies, and the
//! parsing newtypes that check text at the edge. `protocol/PROTOCOL.md` tells the same story
//! for people; `protocol/schema/` is generated from these types ([`schemas`]) and a test
//! keeps the two in step.

mod client;
mod http;
mod server;
mod text;

pub use client::{Channel, ClientMessage};
pub use http::{
    ApiError, ApiErrorCode, CreateRoom, Rematch, RoomCreated, RoomInfo, RuleSets, SeatTaken,
    Sitter, TakeSeat,
};
pub use server::{
    CHAT_HISTORY, ChainView, ChatLine, CommitmentMode, ErrorCode, LogEntry, PendingThrow, Proposal,
    RoomStatus, RoomView, SeatView, ServerMessage, ThrowsView,
};
pub use text::{
    CHAT_TEXT_MAX, ChatText, DISPLAY_NAME_MAX, DisplayName, ROOM_CODE_ALPHABET, ROOM_CODE_LEN,
    RoomCode, SeatToken, TextError, TokenHash,
};

use schemars::{Schema, schema_for};

use crate::rules::RuleSet;

/// The JSON Schema of each message and body, with the file name it is published under in
/// `protocol/schema/`; each rule set's own under `rules/{rule_set}/`.
pub fn schemas() -> Vec<(String, Schema)> {
    let rule_sets = RuleSet::ALL.iter().flat_map(|rule_set| {
        rule_set
            .schemas()
            .into_iter()
            .map(|(kind, schema)| (format!("rules/{}/{kind}.json", rule_set.name()), schema))
    });
    let messages = vec![
        ("client-message.json", schema_for!(ClientMessage)),
        ("server-message.json", schema_for!(ServerMessage)),
        ("create-room.json", schema_for!(CreateRoom)),
        ("room-created.json", schema_for!(RoomCreated)),
        ("room-info.json", schema_for!(RoomInfo)),
        ("take-seat.json", schema_for!(TakeSeat)),
        ("seat-taken.json", schema_for!(SeatTaken)),
        ("rematch.json", schema_for!(Rematch)),
        ("api-error.json", schema_for!(ApiError)),
        ("rule-sets.json", schema_for!(RuleSets)),
    ];
    messages
        .into_iter()
        .map(|(name, schema)| (name.to_owned(), schema))
        .chain(rule_sets)
        .collect()
}
