//! Commitments that let every player check a concealed number after the fact.
//!
//! Before the guess, the concealer's number is published only as
//! `SHA-256(layout)`, where `layout` is, byte for byte:
//!
//! | bytes | field                                                   |
//! |-------|---------------------------------------------------------|
//! | 16    | domain tag, the ASCII text `hesy-commit-v1\0\0`          |
//! | 16    | game id (the UUID's 16 bytes, big-endian as written)     |
//! | 4     | turn number, unsigned, big-endian                        |
//! | 1     | seat of the concealer                                    |
//! | 32    | nonce                                                    |
//! | 1     | the concealed number                                     |
//!
//! 70 bytes in all. After the guess the number and the nonce are published and anyone
//! recomputes the hash. The game id, turn and seat bind a commitment to one moment of one
//! game, so a commitment cannot be replayed elsewhere; the 256-bit nonce makes the six
//! possible numbers impossible to test against the hash before the reveal.

pub mod throw;

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer, ser};
use sha2::{Digest, Sha256};

/// The domain tag that opens every committed layout (see the module documentation).
pub const DOMAIN_TAG: [u8; 16] = *b"hesy-commit-v1\0\0";

/// The identity of one game, as the 16 bytes of its UUID.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GameId(pub [u8; 16]);

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameId({})", hex::encode(self.0))
    }
}

/// A 256-bit random value that hides a concealed number inside its commitment.
///
/// Before the reveal a nonce is as secret as the number itself, so `Debug` never prints it.
/// It serializes as lowercase hex: it is only ever serialized once it is public.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Nonce([u8; 32]);

impl Nonce {
    /// A fresh nonce from the operating system's random source.
    pub fn random() -> Self {
        let mut bytes = [0u8; 32];
        // The OS source failing is an unrecoverable fault of the machine, not of the game.
        getrandom::fill(&mut bytes).expect("the operating system has no random source");
        Nonce(bytes)
    }

    pub const fn from_bytes(bytes: [u8; 32]) -> Self {
        Nonce(bytes)
    }

    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl fmt::Debug for Nonce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Nonce(hidden)")
    }
}

/// The published hash of a concealed number.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment([u8; 32]);

impl Commitment {
    /// Commits to `value`, concealed by `seat` on `turn` of `game`.
    pub fn new(game: &GameId, turn: u32, seat: u8, nonce: &Nonce, value: u8) -> Self {
        let digest = Sha256::new()
            .chain_update(DOMAIN_TAG)
            .chain_update(game.0)
            .chain_update(turn.to_be_bytes())
            .chain_update([seat])
            .chain_update(nonce.0)
            .chain_update([value])
            .finalize();
        Commitment(digest.into())
    }

    /// Whether `value` and `nonce` are what this commitment was made from.
    pub fn opens_to(&self, game: &GameId, turn: u32, seat: u8, nonce: &Nonce, value: u8) -> bool {
        *self == Commitment::new(game, turn, seat, nonce, value)
    }

    pub const fn from_bytes(bytes: [u8; 32]) -> Self {
        Commitment(bytes)
    }

    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({})", hex::encode(self.0))
    }
}

/// 32 public bytes: a digest, a chain's anchor or a revealed link, written as hex.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hash32(pub [u8; 32]);

impl fmt::Debug for Hash32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hash32({})", hex::encode(self.0))
    }
}

/// The 64 hexadecimal digits of 32 bytes, written on the stack: commitments are serialized
/// into every view and log entry that shows them.
fn serialize_hex<S: Serializer>(bytes: &[u8; 32], serializer: S) -> Result<S::Ok, S::Error> {
    let mut digits = [0u8; 64];
    hex::encode_to_slice(bytes, &mut digits).map_err(ser::Error::custom)?;
    let text = std::str::from_utf8(&digits).map_err(ser::Error::custom)?;
    serializer.serialize_str(text)
}

fn deserialize_hex<'de, D: Deserializer<'de>, const N: usize>(
    deserializer: D,
) -> Result<[u8; N], D::Error> {
    let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
    let mut bytes = [0u8; N];
    hex::decode_to_slice(text.as_ref(), &mut bytes).map_err(|_| {
        serde::de::Error::custom(format_args!("expected {} hexadecimal digits", N * 2))
    })?;
    Ok(bytes)
}

/// Writes the 32-byte newtype `$bytes` as 64 hexadecimal digits and reads it back, with the
/// schema that says so and what the bytes are.
macro_rules! hex32 {
    ($bytes:ident, $description:literal) => {
        impl Serialize for $bytes {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serialize_hex(&self.0, serializer)
            }
        }

        impl<'de> Deserialize<'de> for $bytes {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserialize_hex(deserializer).map($bytes)
            }
        }

        impl JsonSchema for $bytes {
            fn schema_name() -> Cow<'static, str> {
                stringify!($bytes).into()
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!({
                    "type": "string",
                    "pattern": "^[0-9a-f]{64}$",
                    "description": $description,
                })
            }
        }
    };
}

hex32!(
    Hash32,
    "32 bytes: a SHA-256 digest, a chain's anchor or one of its links."
);
hex32!(
    Nonce,
    "The 256-bit nonce of a commitment, published at its reveal."
);
hex32!(
    Commitment,
    "SHA-256 of the 70-byte commitment layout (see PROTOCOL.md)."
);

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: GameId = GameId([7; 16]);

    #[test]
    fn the_layout_is_the_documented_seventy_bytes() {
        let nonce = Nonce::from_bytes([0xab; 32]);
        let mut layout = Vec::new();
        layout.extend_from_slice(b"hesy-commit-v1\0\0");
        layout.extend_from_slice(&[7; 16]);
        layout.extend_from_slice(&[0, 0, 1, 2]);
        layout.push(1);
        layout.extend_from_slice(&[0xab; 32]);
        layout.push(4);
        assert_eq!(layout.len(), 70);
        let expected: [u8; 32] = Sha256::digest(&layout).into();
        assert_eq!(
            Commitment::new(&GAME, 258, 1, &nonce, 4).as_bytes(),
            &expected
        );
    }

    #[test]
    fn a_known_vector_stays_fixed() {
        // Written down in protocol/PROTOCOL.md so other clients can test themselves.
        let nonce = Nonce::from_bytes([0; 32]);
        let commitment = Commitment::new(&GameId([0; 16]), 1, 0, &nonce, 3);
        assert_eq!(
            hex::encode(commitment.as_bytes()),
            "3f7bea031b083b4b1e013e609a01a19f454ff572752d641f40095911bf94b200"
        );
    }

    #[test]
    fn every_field_changes_the_commitment() {
        let nonce = Nonce::from_bytes([1; 32]);
        let base = Commitment::new(&GAME, 3, 1, &nonce, 4);
        assert!(base.opens_to(&GAME, 3, 1, &nonce, 4));
        assert!(!base.opens_to(&GameId([8; 16]), 3, 1, &nonce, 4));
        assert!(!base.opens_to(&GAME, 4, 1, &nonce, 4));
        assert!(!base.opens_to(&GAME, 3, 0, &nonce, 4));
        assert!(!base.opens_to(&GAME, 3, 1, &Nonce::from_bytes([2; 32]), 4));
        assert!(!base.opens_to(&GAME, 3, 1, &nonce, 5));
    }

    #[test]
    fn a_nonce_never_shows_in_debug_but_serializes_as_hex() {
        let nonce = Nonce::from_bytes([0xcd; 32]);
        assert_eq!(format!("{nonce:?}"), "Nonce(hidden)");
        let json = serde_json::to_string(&nonce).unwrap();
        assert_eq!(json, format!("\"{}\"", "cd".repeat(32)));
        assert_eq!(serde_json::from_str::<Nonce>(&json).unwrap(), nonce);
    }

    #[test]
    fn malformed_hex_is_refused() {
        assert!(serde_json::from_str::<Commitment>("\"abc\"").is_err());
        assert!(serde_json::from_str::<Commitment>(&format!("\"{}\"", "zz".repeat(32))).is_err());
    }

    #[test]
    fn random_nonces_differ() {
        assert_ne!(Nonce::random(), Nonce::random());
    }
}
