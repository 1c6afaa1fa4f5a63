//! A server killed in the middle of a game over real sockets, and a new one on the same
//! database: the room is back under its code, the players get in with their old tokens, the
//! concealment the first server held is voided (the game log keeps it, with a note after
//! it) and made again, a second restart changes nothing players saw, and the game finishes
//! with every action the players saw stored.

use crate::common;
use crate::common::FOR_BOTS;
use crate::common::served::{Served, duel, join_all, play_to_the_end, settled, step};
use crate::common::store;
use crate::common::store::TestDb;
use hesy::store::queries::ChatReader;
use serde_json::{Value, json};
use uuid::Uuid;

/// The events of each entry of a game log, leaving out the server's notes.
fn events(log: &[Value]) -> Vec<Value> {
    log.iter()
        .filter(|entry| entry.get("note").is_none())
        .map(|entry| entry["events"].clone())
        .collect()
}

async fn a_killed_server_resumes_on_restart(db: &TestDb) {
    let url = db.url(None);
    let first = Served::start(&url, FOR_BOTS).await;
    let (code, seats, mut players) = duel(first.addr, 40).await;
    // A few turns, then stop with a number concealed and not yet guessed.
    for _ in 0..12 {
        assert!(step(&mut players).await, "the game ended early");
    }
    while players[0].0.phase()["phase"] != "guess" {
        assert!(step(&mut players).await, "the game ended early");
    }
    let concealer = players[0].0.phase()["actor"].clone();
    for (channel, text) in [("table", "before the crash"), ("team", "ours alone")] {
        let ada = &mut players[0].0;
        ada.send(json!({"type": "chat", "channel": channel, "text": text}))
            .await;
        while ada.until_type("chat").await["text"] != text {}
    }
    // What players saw is stored once the journal has caught up (its durability delay).
    settled(first.addr).await;
    let seen = players[0].0.log.clone();
    let seen_version = players[0].0.version;
    drop(players);
    drop(first);

    let second = Served::start(&url, FOR_BOTS).await;
    let players = join_all(second.addr, &code, &seats, 50).await;
    let resumed = &players[0].0;
    // The chat comes back from the database, each message to those who may read it.
    let chat = |client: &common::Client| {
        let snapshot: Value = serde_json::from_str(&client.frames[0]).unwrap();
        let lines = snapshot["chat"].as_array().unwrap().clone();
        lines
            .into_iter()
            .map(|line| line["text"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(chat(resumed), ["before the crash", "ours alone"]);
    assert_eq!(chat(&players[1].0), ["before the crash"]);
    assert_eq!(resumed.phase()["phase"], "conceal");
    assert_eq!(resumed.phase()["actor"], concealer);
    let note = resumed.log.last().expect("a game log");
    assert!(
        note["note"]
            .as_str()
            .is_some_and(|note| note.contains("conceals again")),
        "{note}"
    );
    assert_eq!(
        resumed.log[..seen.len()],
        seen[..],
        "the log comes back as the players saw it, the voided concealment included"
    );
    assert_eq!(resumed.log.len(), seen.len() + 1, "and the note after it");
    assert_eq!(
        resumed.version,
        seen_version + 1,
        "the note is a new version"
    );
    let (log, version) = (resumed.log.clone(), resumed.version);

    // A second restart before anyone moves: nothing players saw changes.
    settled(second.addr).await;
    drop(players);
    drop(second);
    let second = Served::start(&url, FOR_BOTS).await;
    let mut players = join_all(second.addr, &code, &seats, 50).await;
    assert_eq!(players[0].0.log, log, "the same log after another restart");
    assert_eq!(players[0].0.version, version, "at the same version");
    play_to_the_end(&mut players).await;
    settled(second.addr).await;

    let game: Uuid = serde_json::from_value(players[0].0.state["game_id"].clone()).unwrap();
    let stored = store::load(&db.connect().await, game).await;
    let all: Vec<Value> = stored
        .actions
        .iter()
        .map(|record| serde_json::to_value(&record.events).unwrap())
        .collect();
    assert_eq!(
        all[..seen.len()],
        events(&seen)[..],
        "everything seen before the crash"
    );
    assert_eq!(all, events(&players[1].0.log), "everything seen after it");
    assert_eq!(stored.actions.iter().filter(|r| r.voided).count(), 1);
    assert!(stored.game.ended_at.is_some(), "the game is finished");
    let chat = db
        .connect()
        .await
        .chat(game, ChatReader::Public)
        .await
        .unwrap();
    assert_eq!(chat[0].body, "before the crash");
    assert!(chat[1].body.contains("conceals again"));
}

on_both_backends!(a_killed_server_resumes_on_restart);
