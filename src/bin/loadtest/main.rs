//! The load test: real WebSocket clients on loopback against a real `hesy` server process.
//!
//! - `play`: R rooms of scripted players (and spectators) play complete games; it prints
//!   moves per second, the latency from a move sent to the patch received by the room's last
//!   viewer (p50, p99, max), and bytes per patch against bytes per snapshot. With `--pace S`
//!   each room makes a move every S seconds on average (people: about 5) for `--seconds`,
//!   and it prints the server's cores and its memory per connection as well.
//! - `idle`: N connections join and then stay idle; it prints the server's resident memory
//!   per connection.
//! - `echo`: the same kind of client against a plain tokio-tungstenite echo server, for a
//!   baseline of round trips per second.
//! - `rule-sets`: `play` for every rule set in turn, and a table of the figures by rule set.
//! - `sleep`: a store of many unfinished games; start-up time and memory with every room
//!   awake (as before sleeping rooms) and asleep, and the time a request that wakes one takes.
//! - `all`: play, idle and echo in turn, the ratio of moves per second to echo round trips,
//!   then `rule-sets`.
//!
//! A measurement tool, not a test: run it in release mode on a quiet machine, e.g.
//! `cargo build --release && ulimit -n 20000 && target/release/loadtest all`.

mod archive;
mod database;
mod echo;
mod idle;
mod pace;
mod play;
mod room;
mod rule_sets;
mod server;
mod sleep;
mod stat;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use hdrhistogram::Histogram;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[derive(Parser)]
struct Cli {
    /// The server binary to start (build it with `cargo build --release`).
    #[arg(long, default_value = "target/release/hesy")]
    server_bin: PathBuf,
    #[command(subcommand)]
    run: Run,
}

#[derive(Subcommand)]
enum Run {
    Play(play::Options),
    Idle(idle::Options),
    Echo(echo::Options),
    RuleSets(rule_sets::Options),
    /// Start-up time and memory with many games stored, asleep or all awake, and wake times.
    Sleep(sleep::Options),
    /// Play, idle and echo in turn, with the echo ratio, then every rule set.
    All(AllOptions),
    /// Serve as a plain echo server (started by `echo`).
    #[command(hide = true)]
    EchoServer {
        #[arg(long, default_value_t = 1)]
        viewers: usize,
        #[arg(long, default_value_t = 0)]
        bytes: usize,
        port: u16,
    },
}

#[derive(Args)]
struct AllOptions {
    #[command(flatten)]
    play: play::Options,
    #[command(flatten)]
    idle: idle::Options,
    /// Rooms for each rule set's run.
    #[arg(long, default_value_t = 50)]
    rule_set_rooms: usize,
    /// Games each room plays in each rule set's run.
    #[arg(long, default_value_t = 1)]
    rule_set_games: usize,
}

#[tokio::main]
async fn main() {
    let cli = Cli::parse();
    match cli.run {
        Run::Play(options) => {
            play::run(&cli.server_bin, &options).await;
        }
        Run::Idle(options) => idle::run(&cli.server_bin, &options).await,
        Run::Echo(options) => {
            echo::run(&options).await;
        }
        Run::RuleSets(options) => rule_sets::run(&cli.server_bin, &options).await,
        Run::Sleep(options) => sleep::run(&cli.server_bin, &options).await,
        Run::All(options) => {
            let played = play::run(&cli.server_bin, &options.play).await;
            idle::run(&cli.server_bin, &options.idle).await;
            let echo = echo::Options {
                connections: options.play.rooms,
                seconds: played.rate.seconds.ceil() as u64,
                viewers: 1,
                bytes: echo::MOVE.len(),
            };
            let echoed = echo::run(&echo).await.rate;
            println!(
                "ratio: {:.0} moves/s over {:.0} echo round trips/s = {:.3}",
                played.rate.per_second(),
                echoed.per_second(),
                played.rate.per_second() / echoed.per_second()
            );
            let relay = echo::Options {
                connections: options.play.rooms * played.viewers,
                viewers: played.viewers,
                bytes: played.bytes_per_patch.round() as usize,
                ..echo
            };
            let relayed = echo::run(&relay).await;
            println!(
                "floor: a relay of a move's frames alone ran {:.0}/s at {:.1} µs of server CPU each; \
                 the game server {:.0} moves/s at {:.1} µs",
                relayed.rate.per_second(),
                relayed.server_us_per_round_trip,
                played.rate.per_second(),
                played.server_us_per_move,
            );
            let each = rule_sets::Options {
                rooms: options.rule_set_rooms,
                games: options.rule_set_games,
            };
            rule_sets::run(&cli.server_bin, &each).await;
        }
        Run::EchoServer {
            port,
            viewers,
            bytes,
        } => echo::serve(port, viewers, bytes).await,
    }
}

/// A count of events over a time, with their latencies in microseconds.
pub struct Rate {
    pub count: u64,
    pub seconds: f64,
    pub latency: Histogram<u64>,
}

impl Rate {
    pub fn per_second(&self) -> f64 {
        self.count as f64 / self.seconds
    }

    pub fn print(&self, what: &str) {
        let ms = |us: u64| us as f64 / 1000.0;
        println!(
            "{what}: {} in {:.2} s = {:.0}/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.count,
            self.seconds,
            self.per_second(),
            ms(self.latency.value_at_quantile(0.5)),
            ms(self.latency.value_at_quantile(0.99)),
            ms(self.latency.max()),
        );
    }
}

/// The configuration of every socket the load test opens, and of the echo server's: a read
/// buffer of 4 KiB. tungstenite zeroes the whole free part of its read buffer before each
/// read, so its default of 128 KiB made the clients spend a sixth of their time in `memset`.
pub fn socket_config() -> Option<WebSocketConfig> {
    Some(WebSocketConfig::default().read_buffer_size(4096))
}

/// A histogram of latencies in microseconds, up to a minute.
pub fn histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 60_000_000, 3).expect("valid histogram bounds")
}
