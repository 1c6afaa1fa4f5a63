//! Rooms of scripted players playing whole games over real sockets.
//!
//! Each room runs in one task that holds all its connections, so it can see when the last
//! of its viewers has received the patch of a move: that moment, less the moment the move
//! was sent, is the move's latency.

use std::borrow::Cow;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use futures_util::stream::{SplitSink, select_all};
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use hesy::client::{Bot, Update, http};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::Barrier;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

use super::archive;
use super::database::Postgres;
use super::server::Process;
use super::stat::cpu_seconds;
use super::{Rate, histogram, socket_config};

#[derive(Args, Clone, Debug)]
pub struct Options {
    /// Rooms playing at once.
    #[arg(long, default_value_t = 100)]
    pub rooms: usize,
    /// Spectators in each room, besides its players.
    #[arg(long, default_value_t = 1)]
    pub spectators: usize,
    /// Games each room plays, one after another (rematches).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// The rule set the rooms play (`GET /api/rule-sets` lists them).
    #[arg(long, default_value = "mehen-san-martin")]
    pub rule_set: String,
    /// San Martin Mehen: `duel` (2 players) or `teams` (6).
    #[arg(long, default_value = "duel")]
    pub mode: String,
    /// The rule set's options as JSON; San Martin Mehen's default to `{"mode": MODE}`, the
    /// others' to `{}`.
    #[arg(long)]
    pub options: Option<String>,
    /// Have the server keep its games in this database (a fresh one: the archive count
    /// includes whatever it already holds). Without it, the server keeps nothing.
    #[arg(long)]
    pub database_url: Option<String>,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What one room measured.
struct Tally {
    connections: usize,
    moves: u64,
    latency: Histogram<u64>,
    patches: u64,
    patch_bytes: u64,
    snapshots: u64,
    snapshot_bytes: u64,
    errors: u64,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            connections: 0,
            moves: 0,
            latency: histogram(),
            patches: 0,
            patch_bytes: 0,
            snapshots: 0,
            snapshot_bytes: 0,
            errors: 0,
        }
    }

    fn add(&mut self, other: &Tally) {
        self.connections += other.connections;
        self.moves += other.moves;
        self.latency
            .add(&other.latency)
            .expect("compatible histograms");
        self.patches += other.patches;
        self.patch_bytes += other.patch_bytes;
        self.snapshots += other.snapshots;
        self.snapshot_bytes += other.snapshot_bytes;
        self.errors += other.errors;
    }
}

/// One connection of a room, as the room's task keeps it.
struct Viewer {
    sink: SplitSink<Socket, Message>,
    state: Value,
    version: u64,
    bot: Option<Bot>,
}

/// What a spectator reads of a frame.
#[derive(Deserialize)]
struct Header<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    version: Option<u64>,
}

/// A move whose patch has not yet reached every viewer.
struct Pending {
    sent_on: u64,
    at: Instant,
    /// Bit `i` is set once viewer `i` has its patch.
    seen: u64,
}

/// What a `play` run measured, for the summaries of `all` and `rule-sets`.
pub struct Played {
    pub rate: Rate,
    pub server_us_per_move: f64,
    pub bytes_per_patch: f64,
    /// Connections per room: how many viewers each move reaches.
    pub viewers: usize,
}

pub async fn run(server_bin: &Path, options: &Options) -> Played {
    let server = Process::hesy(server_bin, options.database_url.as_deref()).await;
    let database = match &options.database_url {
        Some(url) => Postgres::local(url).await,
        None => None,
    };
    let barrier = Arc::new(Barrier::new(options.rooms + 1));
    let rooms: Vec<_> = (0..options.rooms)
        .map(|index| {
            let options = options.clone();
            let barrier = barrier.clone();
            tokio::spawn(room(server.addr, options, index as u64, barrier))
        })
        .collect();
    barrier.wait().await;
    let start = Instant::now();
    let cpu_at_start = (server.cpu_seconds(), cpu_seconds("/proc/self/stat"));
    let database_at_start = database.as_ref().map(Postgres::cpu_seconds);
    let mut total = Tally::new();
    for room in rooms {
        total.add(&room.await.expect("a room task"));
    }
    let server_cpu = server.cpu_seconds() - cpu_at_start.0;
    let client_cpu = cpu_seconds("/proc/self/stat") - cpu_at_start.1;
    let database_cpu = database
        .as_ref()
        .zip(database_at_start)
        .map(|(database, at_start)| database.cpu_seconds() - at_start);
    let rate = Rate {
        count: total.moves,
        seconds: start.elapsed().as_secs_f64(),
        latency: total.latency,
    };
    println!(
        "play: {} {} rooms x {} games, {} connections",
        options.rooms,
        settings(options),
        options.games,
        total.connections
    );
    rate.print("  moves (sent to the patch at the room's last viewer)");
    let bytes_per_patch = total.patch_bytes as f64 / total.patches.max(1) as f64;
    let per_move = server_cpu * 1e6 / total.moves.max(1) as f64;
    println!(
        "  bytes per patch {bytes_per_patch:.0} ({} patches), per snapshot {:.0} ({} snapshots); errors {}",
        total.patches,
        total.snapshot_bytes as f64 / total.snapshots.max(1) as f64,
        total.snapshots,
        total.errors,
    );
    println!(
        "  CPU: server {server_cpu:.2} s ({per_move:.1} µs per move), load test {client_cpu:.2} s"
    );
    if let Some(database_cpu) = database_cpu {
        println!(
            "  CPU of the database's processes: {database_cpu:.2} s ({:.1} µs per move)",
            database_cpu * 1e6 / total.moves.max(1) as f64
        );
    }
    if options.database_url.is_some() {
        archive::report(server.addr, start).await;
    }
    Played {
        rate,
        server_us_per_move: per_move,
        bytes_per_patch,
        viewers: total.connections / options.rooms.max(1),
    }
}

/// The settings each room is created with.
fn settings(options: &Options) -> Value {
    let rule_options = match &options.options {
        Some(text) => serde_json::from_str(text).expect("--options is JSON"),
        None if options.rule_set == "mehen-san-martin" => json!({"mode": options.mode}),
        None => json!({}),
    };
    json!({"rule_set": options.rule_set, "options": rule_options})
}

async fn room(addr: SocketAddr, options: Options, index: u64, barrier: Arc<Barrier>) -> Tally {
    let (_, created) = http(addr, "POST", "/api/rooms", Some(&settings(&options)))
        .await
        .expect("a room");
    let code = created["code"].as_str().expect("a room code").to_owned();
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{code}"), None)
        .await
        .expect("the room's info");
    let seats = info["seats"].as_array().map_or(0, Vec::len);
    let mut hellos = Vec::new();
    let mut tokens = Vec::new();
    for seat in 0..seats {
        let path = format!("/api/rooms/{code}/seats");
        let name = json!({"name": format!("bot {seat}")});
        let (_, taken) = http(addr, "POST", &path, Some(&name))
            .await
            .expect("a seat");
        let token = taken["token"].clone();
        hellos.push((
            Some(seat as u8),
            json!({"type": "join", "room": code, "token": token}),
        ));
        tokens.push(token);
    }
    for _ in 0..options.spectators {
        hellos.push((None, json!({"type": "spectate", "room": code})));
    }
    let mut viewers = Vec::new();
    let mut streams = Vec::new();
    for (index_in_room, (seat, hello)) in hellos.into_iter().enumerate() {
        let (mut socket, _) =
            connect_async_with_config(format!("ws://{addr}/ws"), socket_config(), true)
                .await
                .expect("a socket");
        socket
            .send(Message::text(hello.to_string()))
            .await
            .expect("a hello");
        let (sink, stream) = socket.split();
        streams.push(stream.map(move |message| (index_in_room, message)));
        let bot = seat.map(|seat| Bot::new(seat, index * 16 + u64::from(seat)));
        viewers.push(Viewer {
            sink,
            state: Value::Null,
            version: 0,
            bot,
        });
    }
    let mut frames = select_all(streams);
    let mut tally = Tally::new();
    tally.connections = viewers.len();
    let everyone = (1u64 << viewers.len()) - 1;
    let mut pending: Vec<Pending> = Vec::new();
    let mut games_over = 0;
    let mut started = false;
    let mut rematching = false;
    while let Ok(Some((i, message))) = timeout(Duration::from_secs(30), frames.next()).await {
        let Ok(Message::Text(text)) = message else {
            continue;
        };
        let viewer = &mut viewers[i];
        // A spectator here only times delivery: it reads a frame's type and version and keeps
        // no state, so the load test spends its own CPU on the players.
        let read = match viewer.bot {
            Some(_) => Update::parse(&text).map(|u| (u.kind.clone(), u.version, Some(u))),
            None => serde_json::from_str::<Header>(&text).map(|h| (h.kind.into(), h.version, None)),
        };
        let Ok((kind, version, update)) = read else {
            tally.errors += 1;
            continue;
        };
        if let Some(version) = version {
            viewer.version = version;
        }
        match kind.as_str() {
            "snapshot" => {
                tally.snapshots += 1;
                tally.snapshot_bytes += text.len() as u64;
            }
            "patch" => {
                tally.patches += 1;
                tally.patch_bytes += text.len() as u64;
            }
            "error" => {
                eprintln!("refused: {text}");
                tally.errors += 1;
                continue;
            }
            _ => continue,
        }
        if update.is_some_and(|update| !update.apply(&mut viewer.state)) {
            tally.errors += 1;
        }
        let version = viewer.version;
        pending.retain_mut(|move_| {
            if move_.sent_on < version {
                move_.seen |= 1 << i;
            }
            let done = move_.seen == everyone;
            if done {
                tally
                    .latency
                    .saturating_record(move_.at.elapsed().as_micros() as u64);
            }
            !done
        });
        if !started {
            // Wait for every snapshot, then for every room to be ready, before playing.
            if viewers.iter().any(|v| v.bot.is_some() && v.state.is_null()) {
                continue;
            }
            barrier.wait().await;
            started = true;
            for viewer in &mut viewers {
                make_move(viewer, &mut pending, &mut tally).await;
            }
            continue;
        }
        let players = viewers.iter().filter(|v| v.bot.is_some());
        if players
            .map(|v| &v.state["status"])
            .all(|status| status == "over")
        {
            if !rematching {
                games_over += 1;
                if games_over == options.games {
                    break;
                }
                let path = format!("/api/rooms/{code}/rematch");
                let token = json!({"token": tokens[0]});
                http(addr, "POST", &path, Some(&token))
                    .await
                    .expect("a rematch");
                rematching = true;
            }
            continue;
        }
        rematching = false;
        make_move(&mut viewers[i], &mut pending, &mut tally).await;
    }
    if games_over < options.games {
        eprintln!("room {code} stopped after {games_over} games");
        tally.errors += 1;
    }
    for viewer in &mut viewers {
        let _ = viewer.sink.close().await;
    }
    tally
}

/// Sends the viewer's bot's move, if the game waits on it.
async fn make_move(viewer: &mut Viewer, pending: &mut Vec<Pending>, tally: &mut Tally) {
    let Some(bot) = &mut viewer.bot else {
        return;
    };
    let Some(message) = bot.decide(&viewer.state, viewer.version) else {
        return;
    };
    pending.push(Pending {
        sent_on: viewer.version,
        at: Instant::now(),
        seen: 0,
    });
    tally.moves += 1;
    if viewer
        .sink
        .send(Message::text(message.to_string()))
        .await
        .is_err()
    {
        tally.errors += 1;
    }
}
