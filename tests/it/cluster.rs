//! Three `hesy` nodes on loopback ports, one fresh Postgres database and the machine's NATS:
//! games of every rule set (both commitment modes) whose players connect to two different
//! nodes and whose spectator watches from the third, while nodes are killed, stopped and cut
//! off from NATS. After every game, a fresh look at its room must extend every log its
//! players and spectator held (nothing they were shown lost or changed, so no version names
//! two states), and its audit bundle must verify.
//!
//! - every game plays through with its players on different nodes;
//! - `HESY_CLUSTER_KILLS` (3) times, the node owning the most rooms is killed with SIGKILL
//!   and started again: every game resumes, and the time from the kill to each cut-off
//!   room's first move again is printed (p50/p99);
//! - a node whose link to NATS is cut (a proxy in between) while its players keep their
//!   sockets: another node takes the rooms over, the cut-off node's stale writes are
//!   refused or its rooms closed, and once the link is back it serves again;
//! - every node in turn stopped with SIGTERM and started again (a rolling restart).
//!
//! They need Postgres (`DATABASE_URL`) and NATS at 127.0.0.1:4222, and say "skipped"
//! without either, unless `HESY_REQUIRE_NATS` is set (CI sets it). `HESY_CLUSTER_GAMES`
//! (12) and `HESY_CLUSTER_ROLL_GAMES` (12) set how many games play at once,
//! `HESY_CLUSTER_LEASE_TTL` (3) the nodes' `--lease-ttl`; `scripts/cluster-kill-test` runs
//! 20 kills and a rolling restart of 100 games.

mod fleet;
mod nats;
mod nodes;

use std::time::Duration;

use crate::common::proxy::Proxy;
use crate::common::store::TestDb;
use crate::kill::{Stop, setting};
use fleet::{Fleet, Placement, Resumed, Tally};
use hesy::rules::random::SplitMix64;
use nodes::{Cluster, NODES, eventually, health, metric};
use tokio::time::Instant;

/// A fresh database, if Postgres and NATS are both there.
async fn database(test: &str) -> Option<TestDb> {
    if !nats::answers(test) {
        return None;
    }
    TestDb::postgres(test).await
}

/// How long a client waits on a silent connection before it joins again elsewhere: long
/// enough for a room to wake on another node after its owner died.
fn patience(cluster: &Cluster) -> Duration {
    Duration::from_secs(2 * cluster.lease_ttl + 4)
}

fn seed() -> u64 {
    setting("HESY_SEED", 1) as u64
}

/// How many rooms moved again after a stop, the median and the 99th percentile of the
/// time they took, and the slowest: `12 rooms: p50 140 ms, p99 4300 ms, max 4300 ms`.
fn percentiles<'a>(resumed: impl Iterator<Item = &'a Resumed>) -> String {
    let mut times: Vec<u128> = resumed.map(|room| room.after.as_millis()).collect();
    times.sort();
    let at = |q: f64| {
        let rank = (q * times.len() as f64).ceil() as usize;
        times.get(rank.max(1) - 1).copied().unwrap_or(0)
    };
    let count = times.len();
    let slowest = times.last().copied().unwrap_or(0);
    format!(
        "{count} rooms: p50 {} ms, p99 {} ms, max {slowest} ms",
        at(0.5),
        at(0.99)
    )
}

/// The counts a test prints, and fails on: no log a client held lost, every game over and
/// verified.
fn judge(what: &str, tally: &Tally) {
    println!(
        "{what}: {} of {} acknowledged moves lost; {} of {} games verified; \
         connections cut, by node and close code: {}",
        tally.lost,
        tally.seen,
        tally.verified,
        tally.opened,
        tally.cuts(),
    );
    assert_eq!(tally.lost, 0, "{what}: acknowledged moves were lost");
    assert_eq!(tally.verified, tally.opened, "{what}: games were lost");
}

#[tokio::test]
async fn players_on_different_nodes_play_every_game_through() {
    let Some(db) = database("players_on_different_nodes").await else {
        return;
    };
    let mut cluster = Cluster::start(&db, [nats::addr(); NODES]).await;
    for (index, node) in cluster.nodes.iter().enumerate() {
        let health = health(node.addr).await;
        assert_eq!(health["node"], format!("n{index}-0"), "{health}");
        assert_eq!(health["nats"], "connected", "{health}");
        assert_eq!(metric(node.addr, "hesy_nats_connected").await, Some(1.0));
    }
    let mut fleet = Fleet::new(cluster.addrs(), patience(&cluster), seed());
    fleet.open(setting("HESY_CLUSTER_GAMES", 12)).await;
    // Players sit on two nodes, so at least one of them reaches its room through another.
    let addrs = &cluster.addrs();
    let forwarding = eventually(Duration::from_secs(10), move || async move {
        let mut forwarded = 0.0;
        for &addr in addrs {
            forwarded += metric(addr, "hesy_forwarded_connections")
                .await
                .unwrap_or(0.0);
        }
        forwarded > 0.0
    })
    .await;
    let leases: f64 = cluster.leases().await.iter().sum();
    let tally = fleet.finish().await;
    judge("players on different nodes", &tally);
    assert!(forwarding, "no node showed a forwarded connection");
    assert!(leases > 0.0, "no node showed a lease while games played");
    cluster.stop().await;
    db.drop_database().await;
}

/// Stops a node `rounds` times while games play (the busiest for a kill, each in turn for
/// SIGTERM), starting it again on its port at once, and waits each time until every room
/// plays on; the tally, and how soon each cut-off room moved again after each stop.
async fn stop_nodes(
    cluster: &mut Cluster,
    stop: Stop,
    rounds: usize,
    games: usize,
) -> (Tally, Vec<Resumed>) {
    let mut rng = SplitMix64::new(seed());
    let mut fleet = Fleet::new(cluster.addrs(), patience(cluster), seed());
    fleet.open(games).await;
    let mut times = Vec::new();
    for round in 0..rounds {
        fleet.top_up().await;
        tokio::time::sleep(Duration::from_millis(1000 + rng.below(1000) as u64)).await;
        let (node, owned) = match stop {
            Stop::Kill => cluster.busiest().await,
            Stop::Terminate => (round % NODES, cluster.leases().await[round % NODES]),
        };
        let since = Instant::now();
        match stop {
            Stop::Kill => cluster.kill(node).await,
            Stop::Terminate => cluster.terminate(node).await,
        }
        let stopped = since.elapsed();
        cluster.launch(node).await;
        let resumed = fleet.resumed(since).await;
        eprintln!(
            "{stop:?} {round}: node {node} owned {owned} rooms, stopped in {} ms; \
             rooms cut off moved again: {}",
            stopped.as_millis(),
            percentiles(resumed.iter()),
        );
        times.extend(resumed);
    }
    (fleet.finish().await, times)
}

/// Runs [`stop_nodes`] on a fresh cluster, prints the times from the stops to the first
/// moves again, and judges.
async fn nodes_stopped(test: &str, stop: Stop, rounds: usize, games: usize) {
    let Some(db) = database(test).await else {
        return;
    };
    let mut cluster = Cluster::start(&db, [nats::addr(); NODES]).await;
    let (tally, times) = stop_nodes(&mut cluster, stop, rounds, games).await;
    let what = match stop {
        Stop::Kill => format!("cluster kill -9, {rounds} kills of {games} games"),
        Stop::Terminate => format!("cluster rolling restart, {games} games"),
    };
    // A room told 1012 by a node moved to another owner; the others only lost a socket.
    println!(
        "{what}: time from the stop to the first move again, rooms that changed owner \
         {}; rooms that only lost a player's socket {} (lease TTL {} s)",
        percentiles(times.iter().filter(|room| room.moved)),
        percentiles(times.iter().filter(|room| !room.moved)),
        cluster.lease_ttl,
    );
    judge(&what, &tally);
    cluster.stop().await;
    db.drop_database().await;
}

#[tokio::test]
async fn killing_the_busiest_node_loses_no_move() {
    let kills = setting("HESY_CLUSTER_KILLS", 3);
    let games = setting("HESY_CLUSTER_GAMES", 12);
    nodes_stopped("killing_the_busiest_node", Stop::Kill, kills, games).await;
}

#[tokio::test]
async fn a_rolling_restart_loses_no_game() {
    let games = setting("HESY_CLUSTER_ROLL_GAMES", 12);
    nodes_stopped("a_rolling_restart", Stop::Terminate, NODES, games).await;
}

#[tokio::test]
async fn a_node_cut_off_from_nats_gives_its_rooms_up_and_serves_again() {
    let Some(db) = database("a_node_cut_off_from_nats").await else {
        return;
    };
    const CUT: usize = 2;
    let mut proxy = Proxy::start(nats::addr()).await;
    let cluster = Cluster::start(&db, [nats::addr(), nats::addr(), proxy.addr]).await;
    let cut = cluster.nodes[CUT].addr;
    let mut fleet = Fleet::new(cluster.addrs(), patience(&cluster), seed());
    // Rooms made on the node to be cut off, their players on it too; spectators elsewhere.
    let alone = Placement {
        create: CUT,
        seats: [CUT, CUT],
        spectator: 0,
    };
    for _ in 0..setting("HESY_CLUSTER_CUT_GAMES", 4) {
        fleet.open_at(alone).await;
    }
    let owns = move || async move { metric(cut, "hesy_leases").await.unwrap_or(0.0) >= 1.0 };
    assert!(
        eventually(Duration::from_secs(10), owns).await,
        "the node where the rooms were made owns none"
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let fenced = move || async move { metric(cut, "hesy_fenced_entries_total").await };
    let fenced_before = fenced().await.unwrap_or(0.0);
    let lost = move || async move { metric(cut, "hesy_leases_lost_total").await };
    let lost_before = lost().await.unwrap_or(0.0);
    let closed_before = fleet.moved_by(CUT);

    proxy.stop().await;
    // From now on new connections go elsewhere, as a proxy in front would send them; the
    // sockets the node holds stay open until it closes them.
    fleet.shun(CUT, true);
    let disconnected = move || async move { health(cut).await["nats"] == "disconnected" };
    assert!(
        eventually(Duration::from_secs(10), disconnected).await,
        "the node cut off says {}",
        health(cut).await
    );
    assert_eq!(metric(cut, "hesy_nats_connected").await, Some(0.0));
    let others = [cluster.nodes[0].addr, cluster.nodes[1].addr];
    let taken_over = move || async move {
        metric(others[0], "hesy_leases").await.unwrap_or(0.0)
            + metric(others[1], "hesy_leases").await.unwrap_or(0.0)
            >= 1.0
    };
    let patience = Duration::from_secs(cluster.lease_ttl) + 2 * self::patience(&cluster);
    assert!(
        eventually(patience, taken_over).await,
        "no other node took a room over"
    );
    let taken = Instant::now();
    fleet.resumed(taken).await;
    // The node learnt it had lost its rooms: it let their leases go (closing whatever
    // sockets they still had with 1012), or the store refused its stale writes. Which one
    // comes first is a race the fence settles either way; the store's refusal itself is
    // asserted in `store_fence`.
    let watched = &fleet;
    let gave_up = move || async move {
        let closed = watched.moved_by(CUT) > closed_before;
        let let_go = lost().await.unwrap_or(0.0) > lost_before;
        closed || let_go || fenced().await.unwrap_or(0.0) > fenced_before
    };
    assert!(
        eventually(patience, gave_up).await,
        "the node cut off neither let its rooms go nor had a write refused; connections \
         cut: {}",
        fleet.cuts()
    );

    proxy.resume().await;
    let connected = move || async move { health(cut).await["nats"] == "connected" };
    assert!(
        eventually(Duration::from_secs(30), connected).await,
        "the node did not reconnect to NATS: {}",
        health(cut).await
    );
    fleet.shun(CUT, false);
    let shared = Placement {
        create: CUT,
        seats: [CUT, 0],
        spectator: 1,
    };
    for _ in 0..2 {
        fleet.open_at(shared).await;
    }
    assert!(
        eventually(Duration::from_secs(10), owns).await,
        "the node reconnected owns no room"
    );
    let tally = fleet.finish().await;
    let fenced_after = fenced().await.unwrap_or(0.0);
    let given_up = metric(cut, "hesy_leases_lost_total").await.unwrap_or(0.0);
    println!(
        "NATS cut: {} entries of the node cut off refused as stale, {given_up} leases it \
         lost, {} of its connections closed with 1012",
        fenced_after - fenced_before,
        tally.moved_by(CUT) - closed_before,
    );
    judge("NATS cut", &tally);
    cluster.stop().await;
    db.drop_database().await;
}
