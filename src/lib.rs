//! Hesy: a self-hostable server for the games of the Tomb of Hesy.
//!
//! The module map:
//! - [`rules`]: pure game rules. No tokio, no sockets, no database, no clock; randomness
//!   arrives as data, so every game replays from its action log.
//! - [`fair`]: commitments (SHA-256 over a fixed layout with a 256-bit nonce) that let every
//!   player check a concealed number after its reveal.
//! - [`store`]: persistence in Postgres or SQLite: the journal rooms write through, restore
//!   after a restart, the archive and its audit bundles.

pub mod fair;
pub mod rules;
pub mod store;
