//! The server process stopped while many games play (every rule set, in both commitment
//! modes) and started again on the same database, over and over: killed with SIGKILL at
//! random moments, or stopped with SIGTERM.
//!
//! Every round a third of the rooms' players leave, so their rooms fall asleep before the
//! stop, and their return after it wakes them.
//!
//! After every restart each player's snapshot is checked against the log it held: every
//! entry the database held comes back unchanged and in place, versions go on from where
//! they stood, and the rooms waiting for players are back. The entries a player saw that
//! the restored log lacks are counted as lost acknowledged moves, and neither a SIGKILL nor
//! a SIGTERM may lose any: a move's frames go out only once its journal entry is committed.
//!
//! The suite runs a few of each: `HESY_KILLS` (3) kills of `HESY_KILL_GAMES` (12) games,
//! `HESY_STOPS` (1) stop of `HESY_STOP_GAMES` (50); `scripts/kill-test` runs 50 kills and
//! 20 stops and prints the counts.

pub mod process;
pub mod tables;

use crate::common;
use std::net::SocketAddr;
use std::time::Duration;

use crate::common::store::TestDb;
use hesy::rules::random::SplitMix64;
use hesy::store::queries::ChatReader;
use process::Process;
use serde_json::json;
use tables::{Table, lost, settings};

/// A number from the environment, or `default`.
pub fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// How the server is stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Kill,
    Terminate,
}

/// A room with one seat of two taken, that must outlive every restart.
struct Waiting {
    code: String,
}

impl Waiting {
    async fn open(addr: SocketAddr) -> Waiting {
        let settings = json!({"rule_set": "senet"});
        let code = common::create_room(addr, settings).await;
        common::take_seat(addr, &code, "early").await;
        Waiting { code }
    }

    async fn check(&self, addr: SocketAddr) {
        let path = format!("/api/rooms/{}", self.code);
        let (status, info) = common::http(addr, "GET", &path, None).await;
        assert_eq!(status, 200, "a waiting room is gone: {info}");
        assert_eq!(info["status"], "waiting", "{info}");
        assert_eq!(info["seats"][0]["name"], "early", "{info}");
        assert!(info["seats"][1]["name"].is_null(), "{info}");
    }
}

/// Plays `games` games through `stops` stops of the server; the acknowledged moves lost,
/// and how many moves the players saw in all.
async fn stop_and_restart(db: &TestDb, stop: Stop, stops: usize, games: usize) -> (usize, usize) {
    let url = db.url(None);
    let mut rng = SplitMix64::new(setting("HESY_SEED", 1) as u64);
    let mut server = Process::start(&url).await;
    let waiting = Waiting::open(server.addr).await;
    let mut tables = Vec::new();
    let mut opened = 0;
    for settings in settings(games) {
        opened += 1;
        tables.push(Table::open(server.addr, settings, 100 * opened).await);
    }
    common::served::settled(server.addr).await;
    let (mut lost_in_all, mut seen) = (0, 0);
    let mut clients: Vec<_> = Vec::new();
    for table in &mut tables {
        clients.push(table.join(server.addr).await);
    }
    for round in 0..stops {
        // Every third table sits the round out (a different third each round): its room
        // falls asleep, and the players' return after the restart wakes it.
        let playing = tables
            .drain(..)
            .zip(clients.drain(..))
            .enumerate()
            .map(|(n, (table, clients))| match (n + round) % 3 {
                0 => tokio::spawn(table.leave(clients)),
                _ => tokio::spawn(table.play(clients)),
            })
            .collect::<Vec<_>>();
        // Play for a random moment past the rooms' idle time, then stop the server in the
        // middle of it all.
        let moment = 1500 + rng.below(1000) as u64;
        tokio::time::sleep(Duration::from_millis(moment)).await;
        let (_, metrics) = common::http(server.addr, "GET", "/metrics", None).await;
        let metrics = metrics.as_str().unwrap_or_default().to_owned();
        assert!(
            !metrics.contains("hesy_rooms_slept_total 0\n"),
            "no room fell asleep before the stop: {metrics}"
        );
        match stop {
            Stop::Kill => server.kill().await,
            Stop::Terminate => server.terminate().await,
        }
        for table in playing {
            tables.push(table.await.expect("a table's task failed"));
        }
        // What the database holds, read before any server touches it again.
        let store = db.connect().await;
        let mut stored = Vec::new();
        for table in &tables {
            let game = table.game.expect("a game under way");
            let game = store.game(game, ChatReader::Server).await.expect("read");
            let game = game.expect("the game is stored");
            let finished = game.game.ended_at.is_some();
            stored.push((game.actions.len() + game.voids.len(), finished));
        }
        store.close().await;

        server = Process::start(&url).await;
        waiting.check(server.addr).await;
        let mut lost_now = 0;
        let mut still = Vec::new();
        for (mut table, (stored, finished)) in tables.drain(..).zip(stored) {
            seen += table.seen();
            let longest = table.held.iter().map(Vec::len).max().unwrap_or(0);
            if !table.is_playing(server.addr).await {
                assert!(
                    finished,
                    "room {} is gone but its game is not over",
                    table.code
                );
                assert!(longest <= stored, "the end of a game was lost");
                // Another game takes its place, so as many go on playing.
                if round + 1 < stops {
                    opened += 1;
                    let mut table = Table::open(server.addr, table.settings, 100 * opened).await;
                    clients.push(table.join(server.addr).await);
                    still.push(table);
                }
                continue;
            }
            let held = std::mem::take(&mut table.held);
            let joined = table.join(server.addr).await;
            lost_now += lost(&held, &joined[0].log, stored);
            if round + 1 < stops {
                still.push(table);
                clients.push(joined);
            }
        }
        tables = still;
        // The new rooms' games are saved before the next stop can cut them off.
        common::served::settled(server.addr).await;
        lost_in_all += lost_now;
        eprintln!("{stop:?} {round}: {lost_now} acknowledged moves lost");
        assert_eq!(lost_now, 0, "a {stop:?} lost acknowledged moves");
    }
    server.kill().await;
    (lost_in_all, seen)
}

async fn killed_at_random_moments(db: &TestDb) {
    let kills = setting("HESY_KILLS", 3);
    let games = setting("HESY_KILL_GAMES", 12);
    let (lost, seen) = stop_and_restart(db, Stop::Kill, kills, games).await;
    println!("kill -9, {kills} kills: {lost} of {seen} acknowledged moves lost");
}

async fn stopped_with_sigterm(db: &TestDb) {
    let stops = setting("HESY_STOPS", 1);
    let games = setting("HESY_STOP_GAMES", 50);
    let (lost, seen) = stop_and_restart(db, Stop::Terminate, stops, games).await;
    println!("SIGTERM, {stops} stops: {lost} of {seen} acknowledged moves lost");
}

on_both_backends!(killed_at_random_moments);
on_both_backends!(stopped_with_sigterm);
