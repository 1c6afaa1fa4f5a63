//! Hesy: a self-hostable server for the games of the Tomb of Hesy.
//!
//! The module map:
//! - [`rules`]: pure game rules. No tokio, no sockets, no database, no clock; randomness
//!   arrives as data, so every game replays from its action log.
//! - [`fair`]: commitments (SHA-256 over a fixed layout with a 256-bit nonce) that let every
//!   player check a concealed number after its reveal.
//! - [`room`]: a room's game, seats, presence, chat, timers, action log and per-viewer views
//!   as one synchronous value that does no IO (inputs in, effects out), and the tokio task
//!   per room around it; connections talk to the task over bounded channels.
//! - [`metrics`]: counters and gauges for `/metrics` (Prometheus text).
//! - [`http`]: axum routes: the rooms API, the WebSocket connection, health, metrics, the
//!   archive and the web client's files; opening the database and reopening unfinished
//!   games at start-up.
//! - [`client`]: a minimal protocol client (HTTP call, patch application, scripted player) for
//!   the socket tests and the load test.
//! - [`config`]: the server's settings from flags and `HESY_*` environment variables.
//! - [`wire`]: the protocol in code: serde and JSON Schema types of every WebSocket message
//!   and HTTP body, and the newtypes that check text at the edge.
//! - [`store`]: persistence in Postgres or SQLite: the journal rooms write through, restore
//!   after a restart, the archive and its audit bundles.

pub mod client;
pub mod config;
pub mod fair;
pub mod http;
pub mod lessons;
pub mod metrics;
pub mod room;
pub mod rules;
pub mod store;
pub mod wire;
