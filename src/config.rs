//! The server's settings, from command-line flags or `HESY_*` environment variables.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::room::RoomConfig;
use crate::room::cluster::ClusterConfig;
use crate::store::gathering::Gathering;
use crate::store::journal::JournalConfig;

/// Hesy: play Edgar San Martin Jr.'s Mehen with friends, in the browser.
#[derive(Debug, Parser)]
#[command(version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeConfig,
}

#[derive(Debug, Subcommand)]
#[expect(
    clippy::large_enum_variant,
    reason = "made once at start-up; its size costs nothing"
)]
pub enum Command {
    /// Run the game server (the default when no command is given).
    Serve(ServeConfig),
    /// Check an audit bundle: every commitment, and a replay of the game to its recorded
    /// result. Exit status 0 when it verifies, 1 when it does not, 2 when it cannot be read.
    Verify {
        /// A file, an http(s) URL (such as `/api/games/{id}/bundle` of a server), or `-` for
        /// standard input.
        source: String,
    },
}

impl Cli {
    pub fn command(self) -> Command {
        self.command.unwrap_or(Command::Serve(self.serve))
    }
}

#[derive(Clone, Debug, Parser)]
pub struct ServeConfig {
    /// Address and port to listen on. Port 0 picks a free port.
    #[arg(long, env = "HESY_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// The server's address as players reach it, for room links (`{public_url}/r/{code}`).
    /// Defaults to `http://{addr}`.
    #[arg(long, env = "HESY_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Folder of the web client, served at `/` (and its index.html at `/r/{code}`).
    #[arg(long, env = "HESY_STATIC_DIR", default_value = "client-web")]
    pub static_dir: PathBuf,

    /// Browser origins allowed to open a WebSocket, comma separated (e.g.
    /// `https://mehen.example`). Empty allows every origin; requests without an Origin header
    /// (non-browser clients) are always allowed.
    #[arg(long, env = "HESY_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,

    /// The database games are kept in: `postgres://…` or `sqlite://…`. Unset: an SQLite file
    /// in the data directory.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,

    /// Folder of the SQLite database used when no database URL is given.
    #[arg(long, env = "HESY_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,

    /// Milliseconds a small journal write (moves, chat) may wait for more before it goes to
    /// the database: a few more milliseconds before a move is told, for far fewer writes
    /// at a person's pace ([`Gathering`]). 0: every write goes at once.
    #[arg(long, env = "HESY_JOURNAL_GATHER", default_value_t = Gathering::default().wait.as_millis() as u64)]
    pub journal_gather: u64,

    /// Keep games in memory only, whatever the database settings say: nothing survives a
    /// restart and there is no archive (for tests and for measuring what persistence costs).
    #[arg(long, env = "HESY_MEMORY_ONLY")]
    pub memory_only: bool,

    /// Turn timer, in seconds per step of a turn, of a room created without one. 0: no timer.
    #[arg(long, env = "HESY_TURN_TIMER", default_value_t = 0)]
    pub turn_timer: u32,

    /// Seconds a trustless concealer has to reveal in a room without a turn timer; after
    /// that the reveal counts as withheld (a correct guess).
    #[arg(long, env = "HESY_REVEAL_TIMEOUT", default_value_t = 30)]
    pub reveal_timeout: u64,

    /// Seconds a disconnected player is waited for once their turn timer has run out, before
    /// the server plays for them.
    #[arg(long, env = "HESY_DISCONNECT_GRACE", default_value_t = 15)]
    pub disconnect_grace: u64,

    /// Milliseconds a computer player waits before it moves, so people can follow.
    #[arg(long, env = "HESY_COMPUTER_DELAY", default_value_t = 700)]
    pub computer_delay: u64,

    /// Seconds after which a room with nobody connected falls asleep (its game kept in the
    /// store, woken by the next request naming it); with --memory-only, is closed.
    #[arg(long, env = "HESY_ROOM_IDLE", default_value_t = 1800)]
    pub room_idle: u64,

    /// Seconds after which a room with nobody connected and no seat taken is closed.
    #[arg(long, env = "HESY_ROOM_IDLE_UNSEATED", default_value_t = 300)]
    pub room_idle_unseated: u64,

    /// Seconds without a move or anyone in the room after which an unfinished game is
    /// ended as abandoned (no winner) and archived. 30 days by default.
    #[arg(long, env = "HESY_ROOM_ABANDON", default_value_t = 30 * 24 * 60 * 60)]
    pub room_abandon: u64,

    /// Most rooms open at once; creating one more is refused.
    #[arg(long, env = "HESY_MAX_ROOMS", default_value_t = 10_000)]
    pub max_rooms: usize,

    /// Most WebSocket connections open at once; more are refused with 503.
    #[arg(long, env = "HESY_MAX_CONNECTIONS", default_value_t = 20_000)]
    pub max_connections: u64,

    /// Most WebSocket connections one client address may hold open; more are refused
    /// with 429.
    #[arg(long, env = "HESY_SOCKETS_PER_ADDRESS", default_value_t = 64)]
    pub sockets_per_address: u32,

    /// Largest WebSocket message accepted, in bytes; a larger one closes the connection.
    #[arg(long, env = "HESY_MAX_MESSAGE", default_value_t = 16 * 1024)]
    pub max_message: usize,

    /// Sends queued for one connection (the frames a move tells it count as one); a
    /// connection that falls this far behind is dropped (it reconnects and gets a snapshot).
    #[arg(long, env = "HESY_OUTBOX", default_value_t = 64)]
    pub outbox: usize,

    /// Messages a connection may send in a burst; more closes it as a flood.
    #[arg(long, env = "HESY_FLOOD_BURST", default_value_t = 20)]
    pub flood_burst: u32,

    /// Messages per second a connection may send over time.
    #[arg(long, env = "HESY_FLOOD_RATE", default_value_t = 20.0)]
    pub flood_rate: f32,

    /// Seconds without any frame from a client (pongs count) before it is closed.
    #[arg(long, env = "HESY_IDLE_TIMEOUT", default_value_t = 60)]
    pub idle_timeout: u64,

    /// Seconds between the server's pings.
    #[arg(long, env = "HESY_PING_INTERVAL", default_value_t = 20)]
    pub ping_interval: u64,

    /// Rooms one client address may create in a burst; more are refused with 429.
    #[arg(long, env = "HESY_ROOM_BURST", default_value_t = 20)]
    pub room_burst: u32,

    /// Rooms per minute one client address may create over time.
    #[arg(long, env = "HESY_ROOM_RATE", default_value_t = 10.0)]
    pub room_rate: f32,

    /// Seats one client address may ask for in a burst; more are refused with 429.
    #[arg(long, env = "HESY_SEAT_BURST", default_value_t = 40)]
    pub seat_burst: u32,

    /// Seats per minute one client address may ask for over time.
    #[arg(long, env = "HESY_SEAT_RATE", default_value_t = 40.0)]
    pub seat_rate: f32,

    /// Lists of games (`POST /api/rooms/mine`) one client address may ask for in a burst;
    /// more are refused with 429.
    #[arg(long, env = "HESY_LOOKUP_BURST", default_value_t = 30)]
    pub lookup_burst: u32,

    /// Lists of games per minute one client address may ask for over time.
    #[arg(long, env = "HESY_LOOKUP_RATE", default_value_t = 30.0)]
    pub lookup_rate: f32,

    /// Take the client's address from the last entry of `X-Forwarded-For`, for the limits
    /// per address. Set it only behind a proxy that appends that header to every request;
    /// otherwise any client can name any address.
    #[arg(long, env = "HESY_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,

    /// Seconds a client has to send a request's headers before its connection is closed.
    #[arg(long, env = "HESY_HEADER_TIMEOUT", default_value_t = 10)]
    pub header_timeout: u64,

    /// Seconds a request may take, its body included, before it is answered with 408.
    #[arg(long, env = "HESY_REQUEST_TIMEOUT", default_value_t = 30)]
    pub request_timeout: u64,

    /// Largest HTTP request body accepted, in bytes; a larger one is answered with 413.
    #[arg(long, env = "HESY_MAX_BODY", default_value_t = 16 * 1024)]
    pub max_body: usize,

    /// Serve rooms together with other nodes through this NATS server (with JetStream), e.g.
    /// `nats://127.0.0.1:4222`: any node answers for any room, and each room has one owner at
    /// a time (docs/cluster.md). Needs a Postgres database shared by every node.
    #[arg(long, env = "HESY_NATS_URL")]
    pub nats_url: Option<String>,

    /// The name the nodes of one service share on their NATS server: the bucket of leases is
    /// `{cluster}_rooms`, and every subject begins `{cluster}.`.
    #[arg(long, env = "HESY_CLUSTER", default_value = "hesy", value_parser = name_token)]
    pub cluster: String,

    /// This node's name among the others; by default the host name and a random suffix.
    #[arg(long, env = "HESY_NODE", value_parser = name_token)]
    pub node: Option<String>,

    /// Seconds a room's lease lasts without renewal (it is renewed every third of that):
    /// how long the rooms of a node that died wait before another node takes them.
    #[arg(long, env = "HESY_LEASE_TTL", default_value_t = 10)]
    pub lease_ttl: u64,
}

/// A name that can stand in a NATS subject and a bucket's name: letters, digits, `-`, `_`.
fn name_token(name: &str) -> Result<String, String> {
    let fits = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    match !name.is_empty() && name.chars().all(fits) {
        true => Ok(name.to_owned()),
        false => Err("use only letters, digits, '-' and '_'".to_owned()),
    }
}

impl ServeConfig {
    /// How the journal writes, with `--journal-gather`.
    pub fn journal_config(&self) -> JournalConfig {
        let defaults = JournalConfig::default();
        JournalConfig {
            gathering: Gathering {
                wait: Duration::from_millis(self.journal_gather),
                ..defaults.gathering
            },
            ..defaults
        }
    }

    /// The cluster to join, with `--nats-url`.
    pub fn cluster_config(&self) -> Option<ClusterConfig> {
        self.nats_url.as_ref().map(|url| ClusterConfig {
            url: url.clone(),
            name: self.cluster.clone(),
            node: self.node.clone(),
            lease_ttl: Duration::from_secs(self.lease_ttl.max(1)),
        })
    }

    pub fn room_config(&self) -> RoomConfig {
        RoomConfig {
            default_turn_timer: (self.turn_timer > 0).then_some(self.turn_timer),
            reveal_timeout: Duration::from_secs(self.reveal_timeout),
            grace: Duration::from_secs(self.disconnect_grace),
            idle: Duration::from_secs(self.room_idle),
            computer_delay: Duration::from_millis(self.computer_delay),
            idle_unseated: Duration::from_secs(self.room_idle_unseated),
            abandon: Duration::from_secs(self.room_abandon),
            max_rooms: self.max_rooms,
            ..RoomConfig::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve_config(args: &[&str]) -> ServeConfig {
        match Cli::parse_from(args).command() {
            Command::Serve(config) => config,
            other => panic!("expected serve, got {other:?}"),
        }
    }

    #[test]
    fn serve_is_the_default_command() {
        assert_eq!(
            serve_config(&["hesy", "--addr", "0.0.0.0:9000"])
                .addr
                .port(),
            9000
        );
        let config = serve_config(&["hesy", "serve", "--turn-timer", "30"]);
        assert_eq!(config.room_config().default_turn_timer, Some(30));
        let config = serve_config(&["hesy", "--data-dir", "/var/lib/hesy", "--memory-only"]);
        assert_eq!(config.data_dir, PathBuf::from("/var/lib/hesy"));
        assert!(config.memory_only);
        let url = "postgres://hesy@db/hesy";
        let config = serve_config(&["hesy", "serve", "--database-url", url]);
        assert_eq!(config.database_url.as_deref(), Some(url));
    }

    #[test]
    fn verify_takes_its_source() {
        match Cli::parse_from(["hesy", "verify", "bundle.json"]).command() {
            Command::Verify { source } => assert_eq!(source, "bundle.json"),
            other => panic!("expected verify, got {other:?}"),
        }
    }
}
