//! The leak canary: a scripted six-player game with chat, proposals and spectators, where
//! every frame sent to every connection and every log line (at the most verbose level) is
//! recorded, then searched for what must not be there.
//!
//! - Before a reveal, neither its nonce nor the concealed number reaches anyone but the
//!   concealer (and the nonce not even the concealer: the server holds it).
//! - Team chat and proposals reach the team alone; table chat reaches everyone. So does
//!   the chat history in the snapshots of those who arrive later.
//! - No log line holds a nonce, a seat token or chat text.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::{Client, FOR_BOTS, apply, create_room, play_out, start, take_seat};
use hesy::client::Bot;
use serde_json::{Value, json};
use tracing_subscriber::fmt::MakeWriter;

/// Every log line the server writes, kept in memory.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Capture {
    type Writer = Capture;

    fn make_writer(&'a self) -> Capture {
        self.clone()
    }
}

const LIONS_SECRET: &str = "canary-lions-hide-two";
const LIONESSES_SECRET: &str = "canary-lionesses-guess-high";
const TABLE_TEXT: &str = "good luck, everyone";

#[tokio::test]
async fn nothing_secret_reaches_anyone_it_must_not() {
    let capture = Capture::default();
    tracing_subscriber::fmt()
        .with_env_filter("hesy=trace,tower_http=trace")
        .with_ansi(false)
        .with_writer(capture.clone())
        .init();

    let addr = start(FOR_BOTS).await;
    let code = create_room(
        addr,
        json!({"rule_set": "mehen-san-martin", "options": {"mode": "teams"}}),
    )
    .await;
    let spectators = [
        Client::spectate(addr, &code).await,
        Client::spectate(addr, &code).await,
    ];
    let mut tokens = Vec::new();
    for n in 0..6 {
        tokens.push(take_seat(addr, &code, &format!("player {n}")).await);
    }
    let mut players = Vec::new();
    for (_, token) in &tokens {
        players.push(Client::join(addr, &code, token).await);
    }
    players[0]
        .send(json!({"type": "chat", "channel": "team", "text": LIONS_SECRET}))
        .await;
    players[4]
        .send(json!({"type": "chat", "channel": "team", "text": LIONESSES_SECRET}))
        .await;
    players[5]
        .send(json!({"type": "propose", "number": 5}))
        .await;
    players[1]
        .send(json!({"type": "chat", "channel": "table", "text": TABLE_TEXT}))
        .await;

    let mut games = Vec::new();
    for (client, (seat, _)) in players.into_iter().zip(&tokens) {
        games.push(tokio::spawn(play_out(
            client,
            Bot::new(*seat, 40 + u64::from(*seat)),
        )));
    }
    let mut clients = Vec::new();
    for game in games {
        clients.push(game.await.unwrap());
    }
    for mut spectator in spectators {
        spectator.until(|state| state["status"] == "over").await;
        clients.push(spectator);
    }

    let nonces: Vec<String> = clients[6]
        .log
        .iter()
        .flat_map(|entry| entry["events"].as_array().unwrap())
        .filter(|event| event["type"] == "revealed")
        .map(|event| event["nonce"].as_str().unwrap().to_owned())
        .collect();
    assert!(!nonces.is_empty());

    let mut hands = 0;
    for client in &clients {
        let you = client.state["you"].as_u64();
        let team = you.map(|seat| seat / 3);
        let reads = |text: &str| client.frames.iter().any(|f| f.contains(text));
        assert_eq!(reads(LIONS_SECRET), team == Some(0), "seat {you:?}");
        assert_eq!(reads(LIONESSES_SECRET), team == Some(1), "seat {you:?}");
        assert_eq!(reads("\"proposal\""), team == Some(1), "seat {you:?}");
        assert!(reads(TABLE_TEXT), "seat {you:?}");
        hands += check_frames(&client.frames, &nonces, you);
    }
    assert!(hands > 0, "concealers were shown their own hands");

    // Late arrivals read the same in their snapshot's chat history, and nothing more.
    let mut late = vec![Client::spectate(addr, &code).await];
    for (_, token) in &tokens {
        late.push(Client::join(addr, &code, token).await);
    }
    for client in &late {
        let team = client.state["you"].as_u64().map(|seat| seat / 3);
        let snapshot = &client.frames[0];
        assert_eq!(snapshot.contains(LIONS_SECRET), team == Some(0), "{team:?}");
        assert_eq!(
            snapshot.contains(LIONESSES_SECRET),
            team == Some(1),
            "{team:?}"
        );
        assert!(snapshot.contains(TABLE_TEXT), "{team:?}");
    }

    let logs = String::from_utf8(capture.0.lock().unwrap().clone()).unwrap();
    assert!(logs.contains("joined"), "the capture saw the server's log");
    for secret in nonces
        .iter()
        .map(String::as_str)
        .chain(tokens.iter().map(|(_, token)| token.as_str()))
        .chain([LIONS_SECRET, LIONESSES_SECRET, TABLE_TEXT])
    {
        assert!(!logs.contains(secret), "a log line holds a secret");
    }
}

/// Replays one connection's frames: a hand is shown only to its concealer, and each nonce
/// first appears in the log frame of its own reveal. How many of its own hands it saw.
fn check_frames(frames: &[String], nonces: &[String], you: Option<u64>) -> usize {
    let mut state = Value::Null;
    let mut seen = 0;
    let mut hands = 0;
    for frame in frames {
        let message: Value = serde_json::from_str(frame).unwrap();
        apply(&mut state, &message);
        let hand = &state["secret"]["hand"];
        if !hand.is_null() {
            assert_eq!(
                state["game"]["phase"]["actor"].as_u64(),
                you,
                "a hand reached another"
            );
            hands += 1;
        }
        for (index, nonce) in nonces.iter().enumerate() {
            if frame.contains(nonce.as_str()) && index >= seen {
                assert_eq!(index, seen, "a nonce appeared before its turn");
                assert_eq!(
                    message["type"], "log",
                    "a nonce appeared outside its reveal"
                );
                seen += 1;
            }
        }
    }
    assert_eq!(seen, nonces.len(), "every reveal reached every connection");
    hands
}
