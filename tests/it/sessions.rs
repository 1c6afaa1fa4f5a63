//! Connections coming and going: reconnection mid-turn, presence, spectators, and the turn
//! timer playing for an absent player.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::common::{Client, create_room, room_settings, start, take_seat};
use futures_util::{SinkExt, StreamExt};
use hesy::rules::examples::san_martin_duel;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A duel with both players joined; their clients, seat 0's first.
async fn duel(addr: SocketAddr, settings: Value) -> (String, [(Client, String); 2]) {
    let code = create_room(addr, settings).await;
    let (_, first) = take_seat(addr, &code, "Ada").await;
    let (_, second) = take_seat(addr, &code, "Ben").await;
    let ada = Client::join(addr, &code, &first).await;
    let ben = Client::join(addr, &code, &second).await;
    (code, [(ada, first), (ben, second)])
}

fn phase_is(name: &'static str) -> impl Fn(&Value) -> bool {
    move |state| state["game"]["phase"]["phase"] == name
}

#[tokio::test]
async fn a_player_reconnects_mid_turn_and_carries_on() {
    let addr = start(&[]).await;
    let (code, [(mut ada, ada_token), (mut ben, _)]) =
        duel(addr, room_settings(san_martin_duel(), json!({}))).await;
    ada.until(|s| s["status"] == "playing").await;
    ada.play(json!({"type": "conceal", "number": 3})).await;
    ada.until(phase_is("guess")).await;
    assert_eq!(ada.state["secret"]["hand"], 3);

    // Ada drops mid-turn; Ben sees her go.
    ada.close().await;
    ben.until(|s| s["seats"][0]["connected"] == false).await;

    // Ben guesses while she is away; she comes back to the current turn, hand included.
    ben.until(phase_is("guess")).await;
    ben.play(json!({"type": "move", "action": {"type": "guess", "number": 1}}))
        .await;
    ben.until(phase_is("act")).await;
    let mut ada = Client::join(addr, &code, &ada_token).await;
    assert_eq!(ada.state["game"]["phase"]["phase"], "act");
    assert_eq!(ada.state["game"]["phase"]["distance"], 3);
    assert_eq!(ada.state["seats"][0]["connected"], true);
    assert_eq!(ada.log, ben.log);
    ben.until(|s| s["seats"][0]["connected"] == true).await;

    ada.play(json!({"type": "move", "action": {"type": "deploy"}}))
        .await;
    ada.until(|s| s["game"]["marbles"]["0"]["space"] == 3).await;
    ben.until(|s| s["game"]["marbles"]["0"]["space"] == 3).await;
}

#[tokio::test]
async fn a_spectator_sees_the_game_but_no_hand() {
    let addr = start(&[]).await;
    let (code, [(mut ada, _), _]) = duel(addr, room_settings(san_martin_duel(), json!({}))).await;
    let mut spectator = Client::spectate(addr, &code).await;
    assert_eq!(spectator.state["you"], Value::Null);
    ada.until(|s| s["spectators"] == 1).await;
    ada.play(json!({"type": "conceal", "number": 5})).await;
    spectator.until(phase_is("guess")).await;
    assert_eq!(spectator.state["secret"]["hand"], Value::Null);
    assert!(spectator.frames.iter().all(|f| !f.contains("/game/hand")));
    spectator
        .send(json!({"type": "move", "version": spectator.version, "action": {"type": "guess", "number": 5}}))
        .await;
    let refusal = spectator.until_type("error").await;
    assert_eq!(refusal["code"], "not_a_player");
}

#[tokio::test]
async fn the_timer_plays_for_a_player_who_does_nothing() {
    let addr = start(&[]).await;
    let settings = room_settings(san_martin_duel(), json!({"turn_timer": 1}));
    // Both stay connected (an unbound client would be dropped, and get a grace period).
    let (_, [(mut ada, _), (_ben, _)]) = duel(addr, settings).await;
    ada.until(|s| s["status"] == "playing").await;
    assert!(ada.state["deadline_ms"].is_u64());
    // Nobody moves: the timer conceals for Ada, then guesses for Ben.
    ada.until(phase_is("guess")).await;
    ada.until(|s| !s["secret"]["hand"].is_null()).await;
    while ada.log.len() < 3 {
        ada.next().await;
    }
    let auto: Vec<&Value> = ada.log.iter().map(|entry| &entry["auto"]).collect();
    assert_eq!(
        auto,
        [true, true, false],
        "conceal and guess by the timer, reveal by the room"
    );
    assert_eq!(ada.log[1]["seat"], 1);
}

#[tokio::test]
async fn a_disconnected_player_gets_a_grace_period_first() {
    let addr = start(&["--disconnect-grace", "2"]).await;
    let settings = room_settings(san_martin_duel(), json!({"turn_timer": 1}));
    let (_, [(ada, _), (mut ben, _)]) = duel(addr, settings).await;
    ada.close().await;
    let left = Instant::now();
    ben.until(|s| s["seats"][0]["connected"] == false).await;
    ben.until(phase_is("guess")).await;
    let waited = left.elapsed();
    assert!(
        waited >= Duration::from_millis(1900),
        "played after {waited:?}"
    );
    assert_eq!(ben.log[0]["auto"], true);
    assert_eq!(ben.log[0]["seat"], 0);
}

#[tokio::test]
async fn a_trustless_concealer_who_never_reveals_loses_a_lion() {
    let addr = start(&["--reveal-timeout", "1"]).await;
    let settings = room_settings(san_martin_duel(), json!({"commitment": "trustless"}));
    let (_, [(mut ada, _), (mut ben, _)]) = duel(addr, settings).await;
    ada.until(|s| s["status"] == "playing").await;
    ada.play(json!({"type": "commit", "commitment": "ab".repeat(32)}))
        .await;
    ben.until(phase_is("guess")).await;
    assert!(
        ben.state["deadline_ms"].is_null(),
        "no turn timer in this room"
    );
    ben.play(json!({"type": "move", "action": {"type": "guess", "number": 2}}))
        .await;
    ben.until(phase_is("reveal")).await;
    assert!(
        ben.state["deadline_ms"].is_u64(),
        "the reveal has a deadline"
    );
    ben.until(|s| s["game"]["players"][0]["lions"] == 2).await;
    let withheld = &ben.log[2];
    assert_eq!(withheld["auto"], true);
    assert_eq!(withheld["events"][0]["type"], "withheld");
    ada.until(|s| s["game"]["players"][0]["lions"] == 2).await;
}

#[tokio::test]
async fn pings_keep_a_connection_that_answers_them_open_past_the_idle_timeout() {
    let addr = start(&["--ping-interval", "1", "--idle-timeout", "2"]).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    // The client answers each ping with a pong when it reads on; the pongs are what the
    // server hears from it.
    let until = tokio::time::Instant::now() + Duration::from_millis(4_500);
    let mut pings = 0;
    while let Ok(message) = tokio::time::timeout_at(until, socket.next()).await {
        match message {
            Some(Ok(Message::Ping(_))) => pings += 1,
            other => panic!("a silent client is sent pings only, not {other:?}"),
        }
    }
    assert!(pings >= 3, "a ping a second, {pings} in 4.5 s");
    socket
        .send(Message::text(json!({"type": "ping", "id": 1}).to_string()))
        .await
        .unwrap();
    let answer = tokio::time::timeout(Duration::from_secs(2), socket.next()).await;
    let Ok(Some(Ok(Message::Text(text)))) = answer else {
        panic!("the connection is still open: {answer:?}");
    };
    assert!(text.contains("not_joined"), "{text}");
}

/// A ping is for a client gone quiet: one that speaks within every interval is never
/// pinged, and is pinged once it falls silent.
#[tokio::test]
async fn a_client_that_speaks_is_not_pinged_until_it_falls_silent() {
    let addr = start(&["--ping-interval", "1", "--idle-timeout", "5"]).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    for _ in 0..10 {
        socket
            .send(Message::Pong(Default::default()))
            .await
            .unwrap();
        let quiet = tokio::time::timeout(Duration::from_millis(400), socket.next()).await;
        assert!(
            quiet.is_err(),
            "a client that speaks is not pinged: {quiet:?}"
        );
    }
    let ping = tokio::time::timeout(Duration::from_secs(3), socket.next()).await;
    assert!(
        matches!(ping, Ok(Some(Ok(Message::Ping(_))))),
        "a silent client is pinged: {ping:?}"
    );
}

#[tokio::test]
async fn a_silent_connection_is_closed_after_the_idle_timeout() {
    let addr = start(&["--idle-timeout", "1"]).await;
    let mut silent = Client::connect(addr).await;
    let close = silent.until_closed().await.expect("a close frame");
    assert_eq!(close.reason.as_str(), "idle timeout");
}

/// What the snapshot holds of the chat: a player who reconnects finds the table chat and
/// its own team's, a spectator the table chat alone.
#[tokio::test]
async fn a_reconnecting_player_finds_the_chat_it_may_read() {
    let addr = start(&[]).await;
    let (code, [(mut ada, ada_token), (ben, ben_token)]) =
        duel(addr, room_settings(san_martin_duel(), json!({}))).await;
    ada.send(json!({"type": "chat", "channel": "table", "text": "hello Ben"}))
        .await;
    ada.send(json!({"type": "chat", "channel": "team", "text": "note to self"}))
        .await;
    // Her own team message coming back says the room has both.
    while ada.until_type("chat").await["text"] != "note to self" {}
    ben.close().await;

    let texts = |client: &Client| -> Vec<Value> {
        let snapshot: Value = serde_json::from_str(&client.frames[0]).unwrap();
        let chat = snapshot["chat"].as_array().unwrap();
        chat.iter().map(|line| line["text"].clone()).collect()
    };
    let ben = Client::join(addr, &code, &ben_token).await;
    assert_eq!(texts(&ben), ["hello Ben"]);
    let snapshot: Value = serde_json::from_str(&ben.frames[0]).unwrap();
    assert_eq!(
        snapshot["chat"][0],
        json!({"channel": "table", "seat": 0, "name": "Ada", "text": "hello Ben"})
    );
    let spectator = Client::spectate(addr, &code).await;
    assert_eq!(texts(&spectator), ["hello Ben"]);
    let ada_again = Client::join(addr, &code, &ada_token).await;
    assert_eq!(texts(&ada_again), ["hello Ben", "note to self"]);
}

/// The open guess's proposals are in the guessing side's snapshot alone, until the guess.
#[tokio::test]
async fn proposals_last_until_the_guess() {
    let addr = start(&[]).await;
    let (code, [(mut ada, ada_token), (mut ben, ben_token)]) =
        duel(addr, room_settings(san_martin_duel(), json!({}))).await;
    ada.until(|s| s["status"] == "playing").await;
    ada.play(json!({"type": "conceal", "number": 3})).await;
    ben.until(phase_is("guess")).await;
    ben.send(json!({"type": "propose", "number": 4})).await;
    ben.until_type("proposal").await;

    let proposals = |client: &Client| {
        let snapshot: Value = serde_json::from_str(&client.frames[0]).unwrap();
        snapshot["proposals"].clone()
    };
    let guesser = Client::join(addr, &code, &ben_token).await;
    assert_eq!(proposals(&guesser), json!([{"seat": 1, "number": 4}]));
    let concealer = Client::join(addr, &code, &ada_token).await;
    assert_eq!(proposals(&concealer), json!([]));
    assert_eq!(proposals(&Client::spectate(addr, &code).await), json!([]));

    ben.play(json!({"type": "move", "action": {"type": "guess", "number": 4}}))
        .await;
    ben.until(phase_is("act")).await;
    let guesser = Client::join(addr, &code, &ben_token).await;
    assert_eq!(proposals(&guesser), json!([]));
}

/// Snapshots and patches carry the server's clock, to count down to `deadline_ms` with.
#[tokio::test]
async fn frames_carry_the_servers_clock() {
    let addr = start(&[]).await;
    let settings = room_settings(san_martin_duel(), json!({"turn_timer": 30}));
    let (_, [(mut ada, _), _]) = duel(addr, settings).await;
    let unix_ms = || {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        since.unwrap().as_millis() as u64
    };
    ada.until(|s| s["status"] == "playing").await;
    ada.play(json!({"type": "conceal", "number": 3})).await;
    ada.until(phase_is("guess")).await;
    let snapshot: Value = serde_json::from_str(&ada.frames[0]).unwrap();
    let patch = ada.frames.iter().rev().find(|f| f.contains("/deadline_ms"));
    let patch: Value = serde_json::from_str(patch.expect("the deadline was patched")).unwrap();
    for frame in [&snapshot, &patch] {
        let now_ms = frame["now_ms"].as_u64().expect("now_ms");
        assert!(now_ms.abs_diff(unix_ms()) < 10_000, "{frame}");
    }
    let now_ms = patch["now_ms"].as_u64().unwrap();
    let left = ada.state["deadline_ms"].as_u64().unwrap() - now_ms;
    assert!((29_000..=30_000).contains(&left), "{left} ms left");
}
