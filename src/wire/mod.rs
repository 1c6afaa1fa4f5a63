//! The wire protocol in code: every WebSocket message both ways, the HTTP bodies, and the
//! parsing newtypes that check text at the edge. `protocol/PROTOCOL.md` tells the same story
//! for people; `protocol/schema/` is generated from these types ([`schemas`]) and a test
//! keeps the two in step.

mod client;
mod http;
mod mine;
mod schema;
mod server;
mod text;

pub use client::{Channel, ClientMessage};
pub use http::{
    ApiError, ApiErrorCode, CreateRoom, MAX_TURN_TIMER, Rematch, RoomCreated, RoomInfo, RuleSets,
    SeatTaken, Sitter, TakeSeat,
};
pub use mine::{FindMine, HeldSeat, MINE_MAX, Mine, MyRoom, SeatSummary};
pub use schema::schemas;
pub use server::{
    CHAT_HISTORY, ChainView, ChatLine, CommitmentMode, ErrorCode, LogEntry, PendingThrow, Proposal,
    RoomStatus, RoomView, SeatView, ServerMessage, ThrowsView,
};
pub use text::{
    CHAT_TEXT_MAX, ChatText, DISPLAY_NAME_MAX, DisplayName, ROOM_CODE_ALPHABET, ROOM_CODE_LEN,
    RoomCode, SeatToken, TextError, TokenHash,
};
