//! Idle connections: how much server memory one costs once it has joined and gone quiet,
//! as a spectator or as a player seated in a duel.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use clap::Args;
use futures_util::{SinkExt, StreamExt, stream};
use hesy::client::http;
use serde_json::{Value, json};
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
    /// Seat two players in each duel room instead of spectators (`--per-room` is then 2).
    #[arg(long)]
    pub seated: bool,
    /// Create the rooms and take their seats many at once (as many as connections are opened
    /// at once) rather than one room after another.
    #[arg(long)]
    pub burst: bool,
}

/// Connections opened at once while filling up.
const OPENING: usize = 200;

pub async fn run(server_bin: &Path, options: &Options) {
    let server = Process::hesy(server_bin, None, &[]).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let empty = server.rss_kib();
    let per_room = if options.seated { 2 } else { options.per_room };
    let rooms = options.connections.div_ceil(per_room);
    let at_once = if options.burst { OPENING } else { 1 };
    let hellos: Vec<Value> = stream::iter(0..rooms)
        .map(|_| room(server.addr, per_room, options.seated))
        .buffer_unordered(at_once)
        .flat_map(stream::iter)
        .collect()
        .await;
    let with_rooms = server.rss_kib();
    let addr = server.addr;
    let sockets: Vec<_> = stream::iter(hellos.into_iter().take(options.connections))
        .map(|hello| async move {
            let (mut socket, _) =
                connect_async_with_config(format!("ws://{addr}/ws"), socket_config(), true)
                    .await
                    .ok()?;
            socket.send(Message::text(hello.to_string())).await.ok()?;
            // Held once its snapshot has arrived.
            while let Some(Ok(message)) = socket.next().await {
                if message.to_text().is_ok_and(|t| t.contains("\"snapshot\"")) {
                    return Some(socket);
                }
            }
            None
        })
        .buffer_unordered(OPENING)
        .filter_map(|socket| async { socket })
        .collect()
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let held = server.rss_kib();
    let n = sockets.len().max(1) as f64;
    let kind = if options.seated {
        "seated players"
    } else {
        "spectators"
    };
    let filled = if options.burst {
        "created in a burst"
    } else {
        "created one by one"
    };
    println!(
        "idle: {} connections held in {rooms} rooms ({kind}, {filled})",
        sockets.len()
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

/// A new duel room and the hellos of `count` connections to it: seated players (taking
/// seats over HTTP) or spectators.
async fn room(addr: SocketAddr, count: usize, seated: bool) -> Vec<Value> {
    let settings = json!({"rule_set": "mehen-san-martin", "options": {"mode": "duel"}});
    let (_, created) = http(addr, "POST", "/api/rooms", Some(&settings))
        .await
        .expect("a room");
    let code = created["code"].as_str().expect("a room code").to_owned();
    let mut hellos = Vec::new();
    for seat in 0..count {
        hellos.push(if seated {
            let path = format!("/api/rooms/{code}/seats");
            let name = json!({"name": format!("idle {seat}")});
            let (_, taken) = http(addr, "POST", &path, Some(&name))
                .await
                .expect("a seat");
            json!({"type": "join", "room": code, "token": taken["token"]})
        } else {
            json!({"type": "spectate", "room": code})
        });
    }
    hellos
}
