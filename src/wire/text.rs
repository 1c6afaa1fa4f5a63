//! Parsing newtypes for what arrives from the network: once a value of one of these types
//! exists, it has been checked, so the rest of the server never checks it again.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// Why a piece of text from a client was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TextError {
    #[error("{what} must be {min} to {max} characters long")]
    Length {
        what: &'static str,
        min: usize,
        max: usize,
    },
    #[error("{what} may not contain control characters")]
    Control { what: &'static str },
    #[error("a room code is {ROOM_CODE_LEN} characters from {ROOM_CODE_ALPHABET}")]
    RoomCode,
    #[error("a seat token is 64 hexadecimal digits")]
    SeatToken,
}

/// The characters of a room code: lowercase letters and digits, without the look-alikes
/// `0`, `1`, `l` and `o`, so a code read aloud or copied by hand survives. 32 symbols.
pub const ROOM_CODE_ALPHABET: &str = "abcdefghijkmnpqrstuvwxyz23456789";
/// 10 symbols of 5 bits: 50 bits, far beyond guessing through a rate-limited API.
pub const ROOM_CODE_LEN: usize = 10;

/// The short, unguessable name of a room, as it appears in the room's link.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(extend("pattern" = "^[a-km-np-z2-9]{10}$"))]
pub struct RoomCode(String);

impl RoomCode {
    /// A fresh code from the operating system's random source.
    pub fn random() -> Self {
        let mut bytes = [0u8; ROOM_CODE_LEN];
        getrandom::fill(&mut bytes).expect("the operating system has no random source");
        let alphabet = ROOM_CODE_ALPHABET.as_bytes();
        // 256 is a multiple of 32, so taking the low five bits keeps every symbol equally likely.
        RoomCode(
            bytes
                .iter()
                .map(|b| char::from(alphabet[usize::from(b & 31)]))
                .collect(),
        )
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for RoomCode {
    type Error = TextError;

    fn try_from(text: String) -> Result<Self, TextError> {
        let valid =
            text.len() == ROOM_CODE_LEN && text.chars().all(|c| ROOM_CODE_ALPHABET.contains(c));
        valid.then_some(RoomCode(text)).ok_or(TextError::RoomCode)
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Serializing a checked newtype gives back the text it was checked from.
macro_rules! into_string {
    ($($name:ident),*) => {
        $(impl From<$name> for String {
            fn from(checked: $name) -> String {
                checked.0
            }
        })*
    };
}

into_string!(RoomCode, DisplayName, ChatText, SeatToken);

/// Checks free text from a client: its length in characters after trimming, and that it
/// holds no control characters other than those `allowed`.
fn checked_text(
    text: String,
    what: &'static str,
    max: usize,
    allowed: &[char],
) -> Result<String, TextError> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > max {
        return Err(TextError::Length { what, min: 1, max });
    }
    if text
        .chars()
        .any(|c| c.is_control() && !allowed.contains(&c))
    {
        return Err(TextError::Control { what });
    }
    Ok(text.to_owned())
}

/// Reading a free-text newtype checks its text ([`checked_text`]): `what` it is, the most
/// characters it holds and the control characters it allows.
macro_rules! checked_from_string {
    ($name:ident: $what:literal, $max:expr, $allowed:expr) => {
        impl TryFrom<String> for $name {
            type Error = TextError;

            fn try_from(text: String) -> Result<Self, TextError> {
                checked_text(text, $what, $max, $allowed).map($name)
            }
        }
    };
}

checked_from_string!(DisplayName: "a display name", DISPLAY_NAME_MAX, &[]);
checked_from_string!(ChatText: "a chat message", CHAT_TEXT_MAX, &['\n']);

pub const DISPLAY_NAME_MAX: usize = 24;

/// The name a player shows at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(extend("minLength" = 1, "maxLength" = 24))]
pub struct DisplayName(String);

impl DisplayName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub const CHAT_TEXT_MAX: usize = 280;

/// One chat message: plain text, line breaks allowed.
///
/// Team chat is private to a team, so `Debug` shows only the length: a message that slips
/// into a log line says nothing.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(extend("minLength" = 1, "maxLength" = 280))]
pub struct ChatText(String);

impl fmt::Debug for ChatText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ChatText({} bytes)", self.0.len())
    }
}

/// The secret that proves a connection may play a seat: 256 random bits as 64 hex digits.
/// The server keeps only its SHA-256 ([`TokenHash`]); `Debug` never prints it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(extend("pattern" = "^[0-9a-f]{64}$"))]
pub struct SeatToken(String);

impl SeatToken {
    pub fn random() -> Self {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("the operating system has no random source");
        SeatToken(hex::encode(bytes))
    }

    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }
}

impl TryFrom<String> for SeatToken {
    type Error = TextError;

    fn try_from(text: String) -> Result<Self, TextError> {
        let valid =
            text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        valid.then_some(SeatToken(text)).ok_or(TextError::SeatToken)
    }
}

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(hidden)")
    }
}

/// SHA-256 of a seat token. The token is a random secret, so an unsalted hash is enough to
/// make a stolen database useless for taking over a seat.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    pub fn of(token: &str) -> Self {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }

    pub fn matches(&self, token: &str) -> bool {
        *self == TokenHash::of(token)
    }
}

impl fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenHash(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_room_codes_parse_back() {
        let code = RoomCode::random();
        assert_eq!(RoomCode::try_from(code.to_string()), Ok(code));
    }

    #[test]
    fn malformed_room_codes_are_refused() {
        for bad in ["", "abc", "ABCDEFGHJK", "abcdefghjl", "abcdefghjk2"] {
            assert_eq!(RoomCode::try_from(bad.to_owned()), Err(TextError::RoomCode));
        }
    }

    #[test]
    fn display_names_are_trimmed_and_bounded() {
        let name = DisplayName::try_from("  Ra  ".to_owned()).unwrap();
        assert_eq!(name.as_str(), "Ra");
        assert!(DisplayName::try_from("   ".to_owned()).is_err());
        assert!(DisplayName::try_from("x".repeat(25)).is_err());
        assert!(DisplayName::try_from("é".repeat(24)).is_ok());
        assert!(DisplayName::try_from("a\u{7}b".to_owned()).is_err());
    }

    #[test]
    fn chat_text_allows_line_breaks_but_no_other_control() {
        assert!(ChatText::try_from("one\ntwo".to_owned()).is_ok());
        assert!(ChatText::try_from("bell\u{7}".to_owned()).is_err());
        assert!(ChatText::try_from("x".repeat(281)).is_err());
        let text = ChatText::try_from("our plan".to_owned()).unwrap();
        assert_eq!(format!("{text:?}"), "ChatText(8 bytes)");
    }

    #[test]
    fn tokens_never_print_and_hash_stably() {
        let token = SeatToken::random();
        assert_eq!(format!("{token:?}"), "SeatToken(hidden)");
        assert_eq!(token.hash(), token.clone().hash());
        assert_ne!(token.hash(), SeatToken::random().hash());
        assert!(SeatToken::try_from("AB".repeat(32)).is_err());
    }
}
