//! What else a restart keeps: a trustless concealment, revealed by its concealer once back
//! (or withheld at the deadline when the concealer stays away), and rooms still waiting for
//! players.

use crate::common::served::{Player, Served, join_all, play_to_the_end, settled, step};
use crate::common::store;
use crate::common::store::TestDb;
use crate::common::{Client, FOR_BOTS, create_room, http, news, room_settings, take_seat};
use hesy::client::Bot;
use hesy::rules::examples::{san_martin_duel, san_martin_teams};
use hesy::store::bundle::Bundle;
use hesy::store::verify::verify_bundle;
use serde_json::{Value, json};
use uuid::Uuid;

/// A trustless duel with both seats taken and joined, played until its concealer has been
/// guessed at and owes the reveal; the code, the seats and the players.
async fn trustless_duel_awaiting_reveal(
    addr: std::net::SocketAddr,
) -> (String, Vec<(u8, String)>, Vec<Player>) {
    let settings = room_settings(san_martin_duel(), json!({"commitment": "trustless"}));
    let code = create_room(addr, settings).await;
    let mut seats = Vec::new();
    for name in ["Ada", "Ben"] {
        seats.push(take_seat(addr, &code, name).await);
    }
    let mut players = join_all(addr, &code, &seats, 7).await;
    for _ in 0..6 {
        assert!(step(&mut players).await, "the game ended early");
    }
    while players[0].0.state["awaiting"]["kind"] != "reveal" {
        assert!(step(&mut players).await, "the game ended early");
    }
    (code, seats, players)
}

/// The seat that owes the reveal.
fn concealer(client: &Client) -> u8 {
    client.state["awaiting"]["seat"].as_u64().unwrap() as u8
}

/// Whether a log entry holds an event of this type.
fn has(entry: &Value, kind: &str) -> bool {
    entry["events"]
        .as_array()
        .is_some_and(|events| events.iter().any(|event| event["type"] == kind))
}

fn events(log: &[Value]) -> Vec<String> {
    log.iter()
        .flat_map(|entry| entry["events"].as_array().unwrap().clone())
        .map(|event| event["type"].as_str().unwrap().to_owned())
        .collect()
}

async fn a_trustless_concealer_reveals_after_a_restart(db: &TestDb) {
    let url = db.url(None);
    let first = Served::start(&url, FOR_BOTS).await;
    let (code, seats, players) = trustless_duel_awaiting_reveal(first.addr).await;
    settled(first.addr).await;
    let seen = players[0].0.log.clone();
    let version = players[0].0.version;
    // The bots keep what they hold (the concealer its number and nonce); the sockets die.
    let mut bots: Vec<Bot> = players.into_iter().map(|(_, bot)| bot).collect();
    drop(first);

    let second = Served::start(&url, FOR_BOTS).await;
    let mut players = Vec::new();
    for ((_, token), mut bot) in seats.iter().zip(bots.drain(..)) {
        bot.reconnected();
        players.push((Client::join(second.addr, &code, token).await, bot));
    }
    let resumed = &players[0].0;
    assert_eq!(resumed.log, seen, "nothing voided, nothing added");
    assert_eq!(resumed.version, version);
    assert_eq!(resumed.state["awaiting"]["kind"], "reveal");
    let before = events(&seen).iter().filter(|e| *e == "revealed").count();
    assert!(step(&mut players).await, "the concealer reveals");
    let after = events(&players[1].0.log)
        .iter()
        .filter(|e| *e == "revealed")
        .count();
    assert_eq!(after, before + 1, "the reveal the restart did not void");
    play_to_the_end(&mut players).await;
    settled(second.addr).await;

    let game: Uuid = serde_json::from_value(players[0].0.state["game_id"].clone()).unwrap();
    let stored = store::load(&db.connect().await, game).await;
    assert!(stored.actions.iter().all(|record| !record.voided));
    assert!(stored.voids.is_empty());
    let report = verify_bundle(&Bundle::of(stored));
    assert!(report.passed(), "{report}");
}

async fn an_absent_trustless_concealer_withholds_at_the_deadline(db: &TestDb) {
    let url = db.url(None);
    let first = Served::start(&url, FOR_BOTS).await;
    let (code, seats, players) = trustless_duel_awaiting_reveal(first.addr).await;
    let absent = concealer(&players[0].0);
    settled(first.addr).await;
    drop(players);
    drop(first);

    let flags = [
        FOR_BOTS,
        &["--reveal-timeout", "1", "--disconnect-grace", "1"],
    ]
    .concat();
    let second = Served::start(&url, &flags).await;
    let (_, token) = seats.iter().find(|(seat, _)| *seat != absent).unwrap();
    let mut guesser = Client::join(second.addr, &code, token).await;
    assert_eq!(guesser.state["awaiting"]["kind"], "reveal");
    let entry = loop {
        let frame = guesser.until_type("patch").await;
        if let Some(entry) = news(&frame).find(|entry| has(entry, "withheld")) {
            break entry.clone();
        }
    };
    assert_eq!(entry["auto"], true, "{entry}");
    assert_eq!(entry["seat"], absent, "{entry}");
    settled(second.addr).await;
    drop(second);

    // The move the server made for the absent player is still its own after a restart.
    let third = Served::start(&url, FOR_BOTS).await;
    let guesser = Client::join(third.addr, &code, token).await;
    let withheld = guesser
        .log
        .iter()
        .find(|entry| has(entry, "withheld"))
        .expect("the withheld reveal is in the log");
    assert_eq!(withheld, &entry);
}

async fn rooms_waiting_for_players_survive_a_restart(db: &TestDb) {
    let url = db.url(None);
    let first = Served::start(&url, FOR_BOTS).await;
    let duel = room_settings(san_martin_duel(), json!({}));
    let empty = create_room(first.addr, json!({"rule_set": "senet", "turn_timer": 30})).await;
    let code = create_room(first.addr, duel).await;
    let ada = take_seat(first.addr, &code, "Ada").await;
    let (_, before) = http(first.addr, "GET", &format!("/api/rooms/{code}"), None).await;
    let spectator = Client::spectate(first.addr, &code).await;
    let game_id = spectator.state["game_id"].clone();
    settled(first.addr).await;
    drop(first);

    let second = Served::start(&url, FOR_BOTS).await;
    let (status, info) = http(second.addr, "GET", &format!("/api/rooms/{empty}"), None).await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(
        (&info["status"], &info["turn_timer"]),
        (&json!("waiting"), &json!(30))
    );
    let (status, after) = http(second.addr, "GET", &format!("/api/rooms/{code}"), None).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after, before, "the room as it was, Ada's seat taken");
    let spectator = Client::spectate(second.addr, &code).await;
    assert_eq!(
        spectator.state["game_id"], game_id,
        "the game it will begin"
    );
    assert_eq!(spectator.version, 0);
    let ben = take_seat(second.addr, &code, "Ben").await;
    let mut players = join_all(second.addr, &code, &[ada, ben], 3).await;
    assert_eq!(players[0].0.state["status"], "playing");
    play_to_the_end(&mut players).await;
    settled(second.addr).await;

    let store = db.connect().await;
    let waiting = store.waiting().await.unwrap();
    let codes: Vec<_> = waiting
        .iter()
        .filter_map(|g| g.room.as_ref())
        .map(|r| r.code.clone())
        .collect();
    assert_eq!(codes, [empty], "a room whose game began waits no more");
    let id: Uuid = serde_json::from_value(game_id).unwrap();
    assert!(store::load(&store, id).await.game.ended_at.is_some());
}

on_both_backends!(a_trustless_concealer_reveals_after_a_restart);
on_both_backends!(an_absent_trustless_concealer_withholds_at_the_deadline);
on_both_backends!(rooms_waiting_for_players_survive_a_restart);

/// Computer players keep their seats across a restart: in a room waiting for players, and
/// in a game under way, where the computer goes on playing once its person is back.
async fn computer_players_keep_their_seats(db: &TestDb) {
    let url = db.url(None);
    let flags = [FOR_BOTS, &["--computer-delay", "0"]].concat();
    let first = Served::start(&url, &flags).await;
    let computer = |addr, code: String| async move {
        let path = format!("/api/rooms/{code}/seats");
        let (status, body) = http(addr, "POST", &path, Some(json!({"computer": "easy"}))).await;
        assert_eq!(status, 201, "{body}");
    };
    let teams = room_settings(san_martin_teams(), json!({}));
    let waiting = create_room(first.addr, teams).await;
    take_seat(first.addr, &waiting, "Ada").await;
    computer(first.addr, waiting.clone()).await;
    let senet = create_room(first.addr, json!({"rule_set": "senet"})).await;
    let (seat, token) = take_seat(first.addr, &senet, "Ben").await;
    computer(first.addr, senet.clone()).await;
    let mut ben = Client::join(first.addr, &senet, &token).await;
    let mut bot = Bot::new(seat, 9);
    // The person and the computer move in turn until a few entries are in the log.
    while ben.log.len() < 6 {
        if let Some(message) = bot.decide(&ben.state, ben.version) {
            ben.send(message).await;
        }
        ben.until_type("patch").await;
    }
    settled(first.addr).await;
    let (_, before) = http(first.addr, "GET", &format!("/api/rooms/{waiting}"), None).await;
    drop(ben);
    drop(first);

    let second = Served::start(&url, &flags).await;
    let (_, after) = http(second.addr, "GET", &format!("/api/rooms/{waiting}"), None).await;
    assert_eq!(after, before, "the waiting room with its computer player");
    assert_eq!(after["seats"][1]["computer"], "easy");
    let (_, info) = http(second.addr, "GET", &format!("/api/rooms/{senet}"), None).await;
    assert_eq!(info["status"], "playing", "{info}");
    assert_eq!(info["seats"][1]["computer"], "easy", "{info}");
    let mut ben = Client::join(second.addr, &senet, &token).await;
    bot.reconnected();
    let computer_moves = |log: &[Value]| log.iter().filter(|e| e["seat"] == 1).count();
    let before = computer_moves(&ben.log);
    while computer_moves(&ben.log) == before {
        if let Some(message) = bot.decide(&ben.state, ben.version) {
            ben.send(message).await;
        }
        ben.until_type("patch").await;
    }
}

on_both_backends!(computer_players_keep_their_seats);
