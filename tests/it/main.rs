//! The integration tests, in one binary: one build and one link for all of them. Each
//! module is one concern; `common` holds what they share (a real server on port 0, socket
//! clients, fresh databases on both backends, and `on_both_backends!`).

#[macro_use]
mod common;

mod api;
mod archive_http;
mod bad_input;
mod cluster;
mod computers;
mod frames;
mod games;
mod kill;
mod lessons_http;
mod limits;
mod mehen_properties;
mod options;
mod outage;
mod replay_http;
mod restart;
mod restart_rooms;
mod room_script;
mod schema;
mod sessions;
mod sleep;
mod store_archive;
mod store_fence;
mod store_journal;
mod store_migration;
mod store_restart;
mod store_roundtrip;
mod store_verify;
mod store_waiting;
mod throws;
mod your_games;
