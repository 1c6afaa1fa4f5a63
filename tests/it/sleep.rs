//! Rooms that sleep, through the real server on both backends: a room nobody is in falls
//! asleep (its task gone, as the metrics show) and the next request naming it wakes it as it
//! was; a sleeping room's turn timer still fires; many requests at once wake it once; a game
//! everyone left is ended as abandoned and archived.

use std::net::SocketAddr;
use std::time::Duration;

use crate::common::served::{Player, Served, join_all, settled, step};
use crate::common::store::{self, TestDb};
use crate::common::{Client, FOR_BOTS, create_room, http, room_settings, take_seat};
use hesy::rules::examples::san_martin_duel;
use hesy::store::bundle::Bundle;
use hesy::store::verify::verify_bundle;
use serde_json::{Value, json};

/// A server whose rooms fall asleep a second after everyone has gone.
fn sleepy(extra: &[&'static str]) -> Vec<&'static str> {
    [
        FOR_BOTS,
        &["--room-idle", "1", "--disconnect-grace", "0"],
        extra,
    ]
    .concat()
}

/// A metric's value, 0 when it is not shown.
async fn metric(addr: SocketAddr, name: &str) -> u64 {
    let (status, body) = http(addr, "GET", "/metrics", None).await;
    assert_eq!(status, 200, "{body}");
    let text = body.as_str().expect("metrics are text");
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0)
}

/// Waits until `name` reads `want` (the test fails after 20 s).
async fn until_metric(addr: SocketAddr, name: &str, want: impl Fn(u64) -> bool) -> u64 {
    for _ in 0..400 {
        let value = metric(addr, name).await;
        if want(value) {
            return value;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{name} never came to what was awaited");
}

/// Waits until no room is awake: every task gone.
async fn all_asleep(addr: SocketAddr) {
    until_metric(addr, "hesy_rooms", |awake| awake == 0).await;
}

/// A duel with both seats taken and joined, played `steps` moves.
async fn duel(
    addr: SocketAddr,
    extra: Value,
    steps: usize,
) -> (String, Vec<(u8, String)>, Vec<Player>) {
    let code = create_room(addr, room_settings(san_martin_duel(), extra)).await;
    let mut seats = Vec::new();
    for name in ["Ada", "Ben"] {
        seats.push(take_seat(addr, &code, name).await);
    }
    let mut players = join_all(addr, &code, &seats, 5).await;
    for _ in 0..steps {
        assert!(step(&mut players).await, "the game ended early");
    }
    (code, seats, players)
}

async fn leave(players: Vec<Player>) {
    for (client, _) in players {
        client.close().await;
    }
}

async fn a_game_sleeps_and_wakes_for_its_players(db: &TestDb) {
    let server = Served::start(&db.url(None), &sleepy(&[])).await;
    let addr = server.addr;
    let (code, seats, players) = duel(addr, json!({}), 7).await;
    let (seen, version) = (players[0].0.log.clone(), players[0].0.version);
    leave(players).await;
    all_asleep(addr).await;
    assert_eq!(metric(addr, "hesy_rooms_slept_total").await, 1);

    let back = Client::join(addr, &code, &seats[0].1).await;
    assert_eq!(back.log, seen, "the same log");
    assert_eq!(back.version, version, "the same version");
    assert_eq!(metric(addr, "hesy_room_wakes_total").await, 1);
    // The game goes on where it stood.
    let mut bots = join_all(addr, &code, &seats[1..], 5).await;
    let mut players = vec![(back, hesy::client::Bot::new(seats[0].0, 5))];
    players.append(&mut bots);
    for _ in 0..3 {
        if !step(&mut players).await {
            break;
        }
    }
    assert!(players[0].0.version > version);
}

/// The room's own concealment, guessed at but not yet revealed, outlives a sleep: nothing is
/// voided (a restart would void it).
async fn a_concealment_outlives_sleep(db: &TestDb) {
    let server = Served::start(&db.url(None), &sleepy(&[])).await;
    let addr = server.addr;
    let (code, seats, mut players) = duel(addr, json!({}), 0).await;
    while players[0].0.state["awaiting"]["kind"] != "guess" {
        assert!(step(&mut players).await, "the game ended early");
    }
    let (seen, awaiting) = (
        players[0].0.log.clone(),
        players[0].0.state["awaiting"].clone(),
    );
    leave(players).await;
    all_asleep(addr).await;
    let back = Client::join(addr, &code, &seats[0].1).await;
    assert_eq!(back.log, seen, "nothing voided");
    assert_eq!(back.state["awaiting"], awaiting);
}

async fn a_waiting_rooms_link_works_after_sleeping(db: &TestDb) {
    let server = Served::start(&db.url(None), &sleepy(&[])).await;
    let addr = server.addr;
    let waiting = create_room(addr, json!({"rule_set": "senet"})).await;
    take_seat(addr, &waiting, "early").await;
    let empty = create_room(addr, json!({"rule_set": "senet"})).await;
    all_asleep(addr).await;
    settled(addr).await;

    let (status, info) = http(addr, "GET", &format!("/api/rooms/{waiting}"), None).await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["status"], "waiting", "{info}");
    assert_eq!(info["seats"][0]["name"], "early", "{info}");
    let (_, token) = take_seat(addr, &waiting, "late").await;
    let joined = Client::join(addr, &waiting, &token).await;
    assert_eq!(joined.state["status"], "playing", "{}", joined.state);
    // A room nobody ever sat in is closed rather than kept.
    let (status, _) = http(addr, "GET", &format!("/api/rooms/{empty}"), None).await;
    assert_eq!(status, 404);
}

async fn a_sleeping_rooms_turn_timer_fires(db: &TestDb) {
    let server = Served::start(&db.url(None), &sleepy(&[])).await;
    let addr = server.addr;
    let (code, seats, players) = duel(addr, json!({"turn_timer": 4}), 0).await;
    leave(players).await;
    all_asleep(addr).await;
    let moves = metric(addr, "hesy_actions_total").await;
    // Nobody asks: the alarm wakes the room, the stand-in moves, and it sleeps again.
    until_metric(addr, "hesy_room_wakes_total", |wakes| wakes >= 1).await;
    until_metric(addr, "hesy_actions_total", |now| now > moves).await;
    all_asleep(addr).await;
    let back = Client::join(addr, &code, &seats[0].1).await;
    assert!(
        back.log.iter().any(|entry| entry["auto"] == true),
        "a move made for an absent player: {:?}",
        back.log
    );
}

async fn many_requests_wake_a_room_once(db: &TestDb) {
    let server = Served::start(&db.url(None), &sleepy(&[])).await;
    let addr = server.addr;
    let (code, seats, players) = duel(addr, json!({}), 3).await;
    let version = players[0].0.version;
    leave(players).await;
    all_asleep(addr).await;
    let wakes = metric(addr, "hesy_room_wakes_total").await;

    let mut asking = Vec::new();
    for n in 0..100 {
        let (code, token) = (code.clone(), seats[n % 2].1.clone());
        asking.push(tokio::spawn(async move {
            match n % 2 {
                0 => Client::join(addr, &code, &token).await.version,
                _ => {
                    let (status, info) =
                        http(addr, "GET", &format!("/api/rooms/{code}"), None).await;
                    assert_eq!(status, 200, "{info}");
                    version
                }
            }
        }));
    }
    for asked in asking {
        assert_eq!(asked.await.expect("a request failed"), version);
    }
    assert_eq!(
        metric(addr, "hesy_room_wakes_total").await,
        wakes + 1,
        "one wake"
    );
    assert_eq!(metric(addr, "hesy_rooms").await, 1, "one task");
}

async fn an_abandoned_game_ends_and_is_archived(db: &TestDb) {
    let server = Served::start(&db.url(None), &sleepy(&["--room-abandon", "3"])).await;
    let addr = server.addr;
    let (code, _, players) = duel(addr, json!({}), 4).await;
    let game = players[0].0.state["game_id"].as_str().unwrap().to_owned();
    leave(players).await;
    all_asleep(addr).await;
    until_metric(addr, "hesy_room_wakes_total", |wakes| wakes >= 1).await;
    all_asleep(addr).await;
    settled(addr).await;
    let (status, _) = http(addr, "GET", &format!("/api/rooms/{code}"), None).await;
    assert_eq!(status, 404, "the room is closed");
    let (status, bundle) = http(addr, "GET", &format!("/api/games/{game}/bundle"), None).await;
    assert_eq!(status, 200, "archived: {bundle}");
    let stored = store::load(&db.connect().await, game.parse().unwrap()).await;
    let abandoned = json!({"winner": null, "reason": "abandoned"});
    assert_eq!(stored.game.result, Some(abandoned));
    let report = verify_bundle(&Bundle::of(stored));
    assert!(report.passed(), "{report}");
}

on_both_backends!(a_game_sleeps_and_wakes_for_its_players);
on_both_backends!(a_concealment_outlives_sleep);
on_both_backends!(a_waiting_rooms_link_works_after_sleeping);
on_both_backends!(a_sleeping_rooms_turn_timer_fires);
on_both_backends!(many_requests_wake_a_room_once);
on_both_backends!(an_abandoned_game_ends_and_is_archived);
