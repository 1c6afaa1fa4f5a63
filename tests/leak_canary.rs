//! The leak canary: scripted team games of both games of a concealed number (San Martin
//! Mehen and Pharaohs-and-lions Mehen), with chat, proposals and spectators, in server and
//! trustless modes, where every frame sent to every connection and every log line (at the
//! most verbose level) is recorded, then searched for what must not be there.
//!
//! - Before a reveal, neither its nonce nor the concealed number reaches anyone but the
//!   concealer (and the nonce not even the concealer: the server holds it). In trustless
//!   mode the server never holds the number, so nobody is shown a hand at all.
//! - Team chat and proposals reach the team alone; table chat reaches everyone. So does
//!   the chat history in the snapshots of those who arrive later.
//! - No log line holds a nonce, a seat token or chat text.

// A binary of its own: its log capture is the process's one subscriber, which the other
// tests must not write into.
#[path = "it/common/mod.rs"]
mod common;

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use common::{Client, FOR_BOTS, apply, create_room, play_out, room_settings, start, take_seat};
use hesy::client::Bot;
use hesy::rules::examples::san_martin_teams;
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

/// The log capture every test of this file shares: a process has one subscriber.
fn capture() -> &'static Capture {
    static CAPTURE: OnceLock<Capture> = OnceLock::new();
    CAPTURE.get_or_init(|| {
        let capture = Capture::default();
        tracing_subscriber::fmt()
            .with_env_filter("hesy=trace,tower_http=trace")
            .with_ansi(false)
            .with_writer(capture.clone())
            .init();
        capture
    })
}

/// One team game to watch: its room settings, how many sit at it, and the field of the
/// game's phase that names the concealer.
struct Table {
    settings: Value,
    players: u64,
    concealer: &'static str,
    trustless: bool,
}

impl Table {
    fn san_martin(commitment: &str) -> Table {
        Table {
            settings: room_settings(san_martin_teams(), json!({ "commitment": commitment })),
            players: 6,
            concealer: "actor",
            trustless: commitment == "trustless",
        }
    }

    fn pharaohs(players: u64, commitment: &str) -> Table {
        Table {
            settings: json!({"rule_set": "mehen-pharaohs", "options": {"players": players},
                "commitment": commitment}),
            players,
            concealer: "concealer",
            trustless: commitment == "trustless",
        }
    }

    /// Seats of the first half of the table are team 0, the rest team 1.
    fn team_of(&self, seat: u64) -> u64 {
        seat / (self.players / 2)
    }
}

#[tokio::test]
async fn nothing_secret_of_san_martin_mehen_reaches_anyone_it_must_not() {
    watch(Table::san_martin("server"), 40).await;
}

#[tokio::test]
async fn nothing_secret_of_trustless_san_martin_mehen_reaches_anyone_it_must_not() {
    watch(Table::san_martin("trustless"), 50).await;
}

#[tokio::test]
async fn nothing_secret_of_pharaohs_and_lions_reaches_anyone_it_must_not() {
    watch(Table::pharaohs(4, "server"), 60).await;
}

#[tokio::test]
async fn nothing_secret_of_trustless_pharaohs_and_lions_reaches_anyone_it_must_not() {
    watch(Table::pharaohs(6, "trustless"), 70).await;
}

/// Plays `table` out with team chat from each team, a proposal, table chat and two
/// spectators, and checks every frame, every late snapshot and every log line.
async fn watch(table: Table, seed: u64) {
    let capture = capture();
    let team_secrets = [
        format!("canary-team-zero-hides-two-{seed}"),
        format!("canary-team-one-guesses-high-{seed}"),
    ];
    let table_text = format!("good luck, everyone {seed}");
    let addr = start(FOR_BOTS).await;
    let code = create_room(addr, table.settings.clone()).await;
    let spectators = [
        Client::spectate(addr, &code).await,
        Client::spectate(addr, &code).await,
    ];
    let mut tokens = Vec::new();
    for n in 0..table.players {
        tokens.push(take_seat(addr, &code, &format!("player {n}")).await);
    }
    let mut players = Vec::new();
    for (_, token) in &tokens {
        players.push(Client::join(addr, &code, token).await);
    }
    let last = players.len() - 1;
    players[0]
        .send(json!({"type": "chat", "channel": "team", "text": team_secrets[0]}))
        .await;
    players[last - 1]
        .send(json!({"type": "chat", "channel": "team", "text": team_secrets[1]}))
        .await;
    players[last]
        .send(json!({"type": "propose", "number": 3}))
        .await;
    players[1]
        .send(json!({"type": "chat", "channel": "table", "text": table_text}))
        .await;

    let mut games = Vec::new();
    for (client, (seat, _)) in players.into_iter().zip(&tokens) {
        games.push(tokio::spawn(play_out(
            client,
            Bot::new(*seat, seed + u64::from(*seat)),
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

    let nonces: Vec<String> = clients[last + 1]
        .log
        .iter()
        .flat_map(|entry| entry["events"].as_array().unwrap())
        .filter(|event| event["type"] == "revealed")
        .map(|event| event["nonce"].as_str().unwrap().to_owned())
        .collect();
    assert!(!nonces.is_empty());

    let team_of = |client: &Client| client.state["you"].as_u64().map(|s| table.team_of(s));
    let mut hands = 0;
    for client in &clients {
        let you = client.state["you"].as_u64();
        let team = team_of(client);
        let reads = |text: &str| client.frames.iter().any(|f| f.contains(text));
        for (index, secret) in team_secrets.iter().enumerate() {
            assert_eq!(reads(secret), team == Some(index as u64), "seat {you:?}");
        }
        assert_eq!(reads("\"proposal\""), team == Some(1), "seat {you:?}");
        assert!(reads(&table_text), "seat {you:?}");
        hands += check_frames(&client.frames, &nonces, you, table.concealer);
    }
    if table.trustless {
        assert_eq!(hands, 0, "a trustless server showed a hand it cannot know");
    } else {
        assert!(hands > 0, "concealers were shown their own hands");
    }

    // Late arrivals read the same in their snapshot's chat history, and nothing more.
    let mut late = vec![Client::spectate(addr, &code).await];
    for (_, token) in &tokens {
        late.push(Client::join(addr, &code, token).await);
    }
    for client in &late {
        let team = team_of(client);
        let snapshot = &client.frames[0];
        for (index, secret) in team_secrets.iter().enumerate() {
            assert_eq!(
                snapshot.contains(secret),
                team == Some(index as u64),
                "{team:?}"
            );
        }
        assert!(snapshot.contains(&table_text), "{team:?}");
    }

    let logs = String::from_utf8(capture.0.lock().unwrap().clone()).unwrap();
    assert!(logs.contains("joined"), "the capture saw the server's log");
    for secret in nonces
        .iter()
        .chain(tokens.iter().map(|(_, token)| token))
        .chain(&team_secrets)
        .chain([&table_text])
    {
        assert!(!logs.contains(secret.as_str()), "a log line holds a secret");
    }
}

/// Replays one connection's frames: a hand is shown only to its concealer (named by the
/// phase's `concealer` field), and each nonce
/// first appears in the log entries of the patch of its own reveal. How many of its own hands it saw.
fn check_frames(frames: &[String], nonces: &[String], you: Option<u64>, concealer: &str) -> usize {
    let mut state = Value::Null;
    let mut seen = 0;
    let mut hands = 0;
    for frame in frames {
        let message: Value = serde_json::from_str(frame).unwrap();
        apply(&mut state, &message);
        let hand = &state["secret"]["hand"];
        if !hand.is_null() {
            assert_eq!(
                state["game"]["phase"][concealer].as_u64(),
                you,
                "a hand reached another"
            );
            hands += 1;
        }
        for (index, nonce) in nonces.iter().enumerate() {
            if frame.contains(nonce.as_str()) && index >= seen {
                assert_eq!(index, seen, "a nonce appeared before its turn");
                assert!(
                    message["type"] == "patch"
                        && message["log"].to_string().contains(nonce.as_str()),
                    "a nonce appeared outside its reveal"
                );
                seen += 1;
            }
        }
    }
    assert_eq!(seen, nonces.len(), "every reveal reached every connection");
    hands
}
