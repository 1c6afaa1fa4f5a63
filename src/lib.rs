//! Hesy: a self-hostable server for the games of the Tomb of Hesy.
//!
//! The module map:
//! - [`rules`]: pure game rules. No tokio, no sockets, no database, no clock; randomness
//!   arrives as data, so every game replays from its action log.
//! - [`fair`]: commitments (SHA-256 over a fixed layout with a 256-bit nonce) that let every
//!   player check a concealed number after its reveal.
//! - [`wire`]: the protocol in code: serde and JSON Schema types of every WebSocket message
//!   and HTTP body, and the newtypes that check text at the edge.

pub mod fair;
pub mod rules;
pub mod wire;
