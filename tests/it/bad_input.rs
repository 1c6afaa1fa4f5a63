//! Bad input of every class gets a clear error (or, for an oversized frame and a flood, a
//! close with a reason), and leaves the room exactly as it was.

use std::net::SocketAddr;

use crate::common::{Client, create_room, room_settings, start, take_seat};
use hesy::rules::examples::san_martin_duel;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

struct Table {
    addr: SocketAddr,
    code: String,
    ada: Client,
    ben: Client,
}

/// A duel waiting for Ada (seat 0) to conceal.
async fn table() -> Table {
    let addr = start(&[]).await;
    let code = create_room(addr, room_settings(san_martin_duel(), json!({}))).await;
    let (_, first) = take_seat(addr, &code, "Ada").await;
    let (_, second) = take_seat(addr, &code, "Ben").await;
    let mut ada = Client::join(addr, &code, &first).await;
    let mut ben = Client::join(addr, &code, &second).await;
    ada.until(|s| s["seats"][1]["connected"] == true).await;
    ben.until(|s| s["seats"][1]["connected"] == true).await;
    Table {
        addr,
        code,
        ada,
        ben,
    }
}

impl Table {
    /// The room as a newcomer sees it: the game and its version.
    async fn seen(&self) -> (Value, u64) {
        let spectator = Client::spectate(self.addr, &self.code).await;
        (spectator.state["game"].clone(), spectator.version)
    }
}

async fn refused(client: &mut Client, message: Value) -> Value {
    client.send(message).await;
    client.until_type("error").await
}

#[tokio::test]
async fn each_bad_message_gets_its_error_and_changes_nothing() {
    let mut table = table().await;
    let before = table.seen().await;
    let version = table.ada.version;

    table.ada.send_text("{this is not json".to_owned()).await;
    assert_eq!(table.ada.until_type("error").await["code"], "malformed");

    let unknown = refused(
        &mut table.ada,
        json!({"type": "teleport", "version": version}),
    )
    .await;
    assert_eq!(unknown["code"], "unknown_type");
    assert!(unknown["message"].as_str().unwrap().contains("teleport"));

    let bad_field = json!({"type": "conceal", "version": version, "number": 300});
    assert_eq!(
        refused(&mut table.ada, bad_field).await["code"],
        "malformed"
    );

    let out_of_turn = json!({"type": "conceal", "version": version, "number": 2});
    assert_eq!(
        refused(&mut table.ben, out_of_turn).await["code"],
        "not_your_turn"
    );

    let too_many = json!({"type": "conceal", "version": version, "number": 9});
    let range = refused(&mut table.ada, too_many).await;
    assert_eq!(range["code"], "out_of_range");
    assert!(range["message"].as_str().unwrap().contains("1–6"));

    let wild_proposal = json!({"type": "propose", "number": 40});
    assert_eq!(
        refused(&mut table.ben, wild_proposal).await["code"],
        "out_of_range"
    );

    let early_guess =
        json!({"type": "move", "version": version, "action": {"type": "guess", "number": 2}});
    assert_eq!(
        refused(&mut table.ben, early_guess).await["code"],
        "wrong_phase"
    );

    let stale = json!({"type": "conceal", "version": version - 1, "number": 2});
    assert_eq!(
        refused(&mut table.ada, stale).await["code"],
        "stale_version"
    );

    let trustless_only =
        json!({"type": "commit", "version": version, "commitment": "00".repeat(32)});
    let mode = refused(&mut table.ada, trustless_only).await;
    assert_eq!(mode["code"], "wrong_commitment_mode");

    let twice = json!({"type": "spectate", "room": table.code});
    assert_eq!(
        refused(&mut table.ada, twice).await["code"],
        "already_joined"
    );

    assert_eq!(table.seen().await, before);
}

#[tokio::test]
async fn a_connection_must_join_with_a_real_token_first() {
    let table = table().await;
    let before = table.seen().await;
    let mut stranger = Client::connect(table.addr).await;

    let move_first = json!({"type": "conceal", "version": 1, "number": 2});
    assert_eq!(
        refused(&mut stranger, move_first).await["code"],
        "not_joined"
    );
    let ping_first = json!({"type": "ping", "id": 1});
    assert_eq!(
        refused(&mut stranger, ping_first).await["code"],
        "not_joined",
        "anything but join or spectate is refused before joining, as PROTOCOL.md says"
    );

    let wrong = json!({"type": "join", "room": table.code, "token": "ab".repeat(32)});
    assert_eq!(refused(&mut stranger, wrong).await["code"], "bad_token");

    let missing = json!({"type": "join", "room": table.code});
    assert_eq!(refused(&mut stranger, missing).await["code"], "malformed");

    let short = json!({"type": "join", "room": table.code, "token": "abc"});
    assert_eq!(refused(&mut stranger, short).await["code"], "malformed");

    let nowhere = json!({"type": "spectate", "room": "abcdefghij"});
    assert_eq!(
        refused(&mut stranger, nowhere).await["code"],
        "no_such_room"
    );

    // Still unjoined after all that: a move is refused, and nothing changed.
    let again = json!({"type": "move", "version": 1, "action": {"type": "guess", "number": 2}});
    assert_eq!(refused(&mut stranger, again).await["code"], "not_joined");
    assert_eq!(table.seen().await, before);
}

#[tokio::test]
async fn an_oversized_frame_closes_the_connection_with_a_reason() {
    let mut table = table().await;
    let before = table.seen().await;
    let huge = json!({"type": "chat", "channel": "table", "text": "x".repeat(20_000)});
    table.ada.send(huge).await;
    let close = table.ada.until_closed().await.expect("a close frame");
    assert_eq!(close.code, CloseCode::Size);
    assert_eq!(close.reason.as_str(), "message too big");
    table
        .ben
        .until(|s| s["seats"][0]["connected"] == false)
        .await;
    assert!(!table.ben.frames.iter().any(|f| f.contains("xxxx")));
    assert_eq!(table.seen().await, before);
}

#[tokio::test]
async fn a_flood_closes_the_connection_with_a_reason() {
    let mut table = table().await;
    let before = table.seen().await;
    for id in 0..60 {
        table.ada.send(json!({"type": "ping", "id": id})).await;
    }
    let close = table.ada.until_closed().await.expect("a close frame");
    assert_eq!(close.code, CloseCode::Policy);
    assert_eq!(close.reason.as_str(), "message flood");
    assert_eq!(table.seen().await, before);
}

#[tokio::test]
async fn chat_is_rate_limited_and_checked() {
    let mut table = table().await;
    let empty = json!({"type": "chat", "channel": "table", "text": "   "});
    assert_eq!(refused(&mut table.ada, empty).await["code"], "malformed");
    for n in 0..5 {
        let line = json!({"type": "chat", "channel": "table", "text": format!("line {n}")});
        table.ada.send(line).await;
    }
    let sixth = json!({"type": "chat", "channel": "table", "text": "one too many"});
    assert_eq!(refused(&mut table.ada, sixth).await["code"], "rate_limited");
    for n in 0..5 {
        let chat = table.ben.until_type("chat").await;
        assert_eq!(chat["text"], format!("line {n}"));
        assert_eq!(chat["name"], "Ada");
    }
}

#[tokio::test]
async fn a_browser_from_another_origin_cannot_open_a_socket() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;

    let addr = start(&["--allowed-origins", "https://mehen.example"]).await;
    let request = |origin: &str| {
        let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
        request
    };
    let refused = tokio_tungstenite::connect_async(request("https://evil.example")).await;
    assert!(refused.is_err(), "another origin was let in");
    let allowed = tokio_tungstenite::connect_async(request("https://mehen.example")).await;
    assert!(allowed.is_ok());
    // A client that sends no Origin (not a browser) is let through.
    Client::connect(addr).await.close().await;
}

#[tokio::test]
async fn connections_beyond_the_limit_are_refused() {
    let addr = start(&["--max-connections", "1"]).await;
    let first = Client::connect(addr).await;
    // The first connection counts once its upgrade has run; give it a moment.
    let mut refused = None;
    for _ in 0..50 {
        let url = format!("ws://{addr}/ws");
        match tokio_tungstenite::connect_async(url).await {
            Err(error) => {
                refused = Some(error.to_string());
                break;
            }
            Ok((socket, _)) => drop(socket),
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(refused.unwrap().contains("503"));
    first.close().await;
}
