//! Idle connections: how much server memory one costs once it has joined and gone quiet.

use std::path::Path;
use std::time::Duration;

use clap::Args;
use futures_util::{SinkExt, StreamExt, stream};
use hesy::client::http;
use serde_json::json;
use tokio_tungstenite::connect_async_with_config;
use tokio_tungstenite::tungstenite::Message;

use super::server::Process;
use super::socket_config;

#[derive(Args, Clone, Debug)]
pub struct Options {
    /// Connections to open and hold.
    #[arg(long, default_value_t = 10_000)]
    pub connections: usize,
    /// Spectators per room.
    #[arg(long, default_value_t = 10)]
    pub per_room: usize,
}

/// Connections opened at once while filling up.
const OPENING: usize = 200;

pub async fn run(server_bin: &Path, options: &Options) {
    let server = Process::hesy(server_bin, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let empty = server.rss_kib();
    let mut codes = Vec::new();
    for _ in 0..options.connections.div_ceil(options.per_room) {
        let settings = json!({"rule_set": "mehen-san-martin", "options": {"mode": "duel"}});
        let (_, created) = http(server.addr, "POST", "/api/rooms", Some(&settings))
            .await
            .expect("a room");
        codes.push(created["code"].as_str().expect("a room code").to_owned());
    }
    let with_rooms = server.rss_kib();
    let addr = server.addr;
    let sockets: Vec<_> = stream::iter(0..options.connections)
        .map(|n| {
            let code = codes[n / options.per_room].clone();
            async move {
                let (mut socket, _) =
                    connect_async_with_config(format!("ws://{addr}/ws"), socket_config(), true)
                        .await
                        .ok()?;
                let hello = json!({"type": "spectate", "room": code}).to_string();
                socket.send(Message::text(hello)).await.ok()?;
                // Held once its snapshot has arrived.
                while let Some(Ok(message)) = socket.next().await {
                    if message.to_text().is_ok_and(|t| t.contains("\"snapshot\"")) {
                        return Some(socket);
                    }
                }
                None
            }
        })
        .buffer_unordered(OPENING)
        .filter_map(|socket| async { socket })
        .collect()
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let held = server.rss_kib();
    let n = sockets.len().max(1) as f64;
    println!(
        "idle: {} connections held in {} rooms",
        sockets.len(),
        codes.len()
    );
    println!(
        "  server RSS: {empty} KiB empty, {with_rooms} KiB with rooms, {held} KiB with connections"
    );
    println!(
        "  per connection: {:.2} KiB (rooms included), {:.2} KiB (connections alone)",
        (held - empty) as f64 / n,
        (held - with_rooms) as f64 / n,
    );
    drop(sockets);
}
