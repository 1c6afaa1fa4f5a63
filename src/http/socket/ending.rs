//! How a connection ends: the close codes of RFC 6455 the server sends, and why.

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes};

pub const NORMAL: u16 = 1000;
pub const GOING_AWAY: u16 = 1001;
pub const PROTOCOL_ERROR: u16 = 1002;
pub const POLICY: u16 = 1008;
pub const TOO_BIG: u16 = 1009;
pub const TRY_AGAIN_LATER: u16 = 1013;

/// How a connection ends.
pub enum Ending {
    /// The socket failed or the client closed it: nothing more can be said.
    Gone,
    /// The server closes it with this code and reason.
    Close { code: u16, reason: &'static str },
}

pub fn closing(code: u16, reason: &'static str) -> Ending {
    Ending::Close { code, reason }
}

/// The closing frame that says `code` and `reason`.
pub fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}
