//! Rooms of scripted players playing whole games over real sockets (each room in one task
//! of `room.rs`), flat out or at a person's pace (`pace.rs`).

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use hdrhistogram::Histogram;
use serde_json::{Value, json};
use tokio::sync::{Barrier, Semaphore};
use tokio::task::JoinHandle;
use tokio::time::{Instant, sleep_until};

use super::archive;
use super::database::Postgres;
use super::pace::Pace;
use super::room::{Start, room};
use super::server::Nodes;
use super::stat::cpu_seconds;
use super::{Rate, histogram};

/// Rooms that take their seats and connect at once while the run sets up.
const OPENING: usize = 100;

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
    /// Play at a person's pace: the mean seconds between a room's moves (each waits a random
    /// time first), for `--seconds` once every room is ready; 0 plays flat out.
    #[arg(long, default_value_t = 0.0)]
    pub pace: f64,
    /// How long a paced run plays.
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// Loopback addresses the connections come from (127.0.0.1 and on), for more
    /// connections than one address has ports for.
    #[arg(long, default_value_t = 1)]
    pub sources: u8,
    /// Server nodes (with `--database-url`, a Postgres one): more than one serve the rooms
    /// together over NATS, and each room's connections go to different nodes, one after
    /// another (a duel's two players on two nodes, its spectator on a third).
    #[arg(long, default_value_t = 1)]
    pub nodes: usize,
    /// With several nodes: each room's connections all go to the node the room was made
    /// on, for the same cluster without the hop between nodes.
    #[arg(long)]
    pub together: bool,
    /// The NATS server the nodes share.
    #[arg(long, default_value = "nats://127.0.0.1:4222")]
    pub nats_url: String,
}

/// What one room measured.
pub struct Tally {
    pub connections: usize,
    pub moves: u64,
    pub latency: Histogram<u64>,
    pub patches: u64,
    pub patch_bytes: u64,
    pub snapshots: u64,
    pub snapshot_bytes: u64,
    pub errors: u64,
}

impl Tally {
    pub fn new() -> Tally {
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

/// What a `play` run measured, for the summaries of `all` and `rule-sets`.
pub struct Played {
    pub rate: Rate,
    pub server_us_per_move: f64,
    pub bytes_per_patch: f64,
    /// Connections per room: how many viewers each move reaches.
    pub viewers: usize,
}

impl Options {
    /// How the rooms pace their moves, for a run that begins now; `None` plays flat out.
    pub fn pace(&self) -> Option<Pace> {
        (self.pace > 0.0).then(|| Pace {
            mean: Duration::from_secs_f64(self.pace),
            until: Instant::now() + Duration::from_secs(self.seconds),
        })
    }
}

/// The CPU seconds of the server, the load test and the database, and the server's
/// resident memory, at one moment.
struct Reading {
    at: Instant,
    server: f64,
    client: f64,
    database: Option<f64>,
    rss_kib: u64,
}

impl Reading {
    fn take(server: &Nodes, database: Option<&Postgres>) -> Reading {
        Reading {
            at: Instant::now(),
            server: server.cpu_seconds(),
            client: cpu_seconds("/proc/self/stat"),
            database: database.map(Postgres::cpu_seconds),
            rss_kib: server.rss_kib(),
        }
    }
}

async fn gather(rooms: Vec<JoinHandle<Tally>>) -> Tally {
    let mut total = Tally::new();
    for room in rooms {
        total.add(&room.await.expect("a room task"));
    }
    total
}

pub async fn run(server_bin: &Path, options: &Options) -> Played {
    let database_url = options.database_url.as_deref();
    let server = Nodes::start(server_bin, database_url, options.nodes, &options.nats_url).await;
    let addrs: Arc<[SocketAddr]> = server.addrs().into();
    let database = match &options.database_url {
        Some(url) => Postgres::local(url).await,
        None => None,
    };
    let empty_kib = server.rss_kib();
    let barrier = Arc::new(Barrier::new(options.rooms + 1));
    let opening = Arc::new(Semaphore::new(OPENING));
    let rooms: Vec<_> = (0..options.rooms)
        .map(|index| {
            let start = Start {
                opening: opening.clone(),
                barrier: barrier.clone(),
            };
            tokio::spawn(room(addrs.clone(), options.clone(), index as u64, start))
        })
        .collect();
    barrier.wait().await;
    let pace = options.pace();
    let begun = Reading::take(&server, database.as_ref());
    // A paced run is read when its time is up, before the rooms close their connections.
    let (total, ended) = match pace {
        Some(pace) => {
            sleep_until(pace.until).await;
            let ended = Reading::take(&server, database.as_ref());
            (gather(rooms).await, ended)
        }
        None => {
            let total = gather(rooms).await;
            (total, Reading::take(&server, database.as_ref()))
        }
    };
    let seconds = (ended.at - begun.at).as_secs_f64();
    let server_cpu = ended.server - begun.server;
    let rate = Rate {
        count: total.moves,
        seconds,
        latency: total.latency,
    };
    println!(
        "play: {} {} rooms x {} games, {} connections, {} node(s)",
        options.rooms,
        settings(options),
        options.games,
        total.connections,
        options.nodes,
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
        "  CPU: server {server_cpu:.2} s ({per_move:.1} µs per move), load test {:.2} s",
        ended.client - begun.client
    );
    if let Some((database_cpu, at_start)) = ended.database.zip(begun.database) {
        let database_cpu = database_cpu - at_start;
        println!(
            "  CPU of the database's processes: {database_cpu:.2} s ({:.1} µs per move)",
            database_cpu * 1e6 / total.moves.max(1) as f64
        );
    }
    if let Some(pace) = pace {
        let connections = total.connections.max(1) as f64;
        println!(
            "  paced, a move per {:.1} s per room on average: server {:.3} cores; memory {empty_kib} KiB \
             empty, {} KiB seated, {} KiB at the end = {:.2} KiB per connection, its room included",
            pace.mean.as_secs_f64(),
            server_cpu / seconds,
            begun.rss_kib,
            ended.rss_kib,
            (ended.rss_kib - empty_kib) as f64 / connections,
        );
    }
    if options.database_url.is_some() {
        archive::report(addrs[0], begun.at).await;
    }
    Played {
        rate,
        server_us_per_move: per_move,
        bytes_per_patch,
        viewers: total.connections / options.rooms.max(1),
    }
}

/// The settings each room is created with.
pub fn settings(options: &Options) -> Value {
    let rule_options = match &options.options {
        Some(text) => serde_json::from_str(text).expect("--options is JSON"),
        None if options.rule_set == "mehen-san-martin" => json!({"mode": options.mode}),
        None => json!({}),
    };
    json!({"rule_set": options.rule_set, "options": rule_options})
}
