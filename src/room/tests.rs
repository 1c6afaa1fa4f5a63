use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::*;
use crate::rules::Setup;
use crate::rules::mehen::{Board, Config, Mode};
use crate::wire::{ClientMessage, DisplayName};

fn duel() -> CreateRoom {
    CreateRoom {
        setup: Setup::MehenSanMartin(Config {
            mode: Mode::Duel,
            board: Board::Compact,
        }),
        turn_timer: None,
        commitment: CommitmentMode::Server,
    }
}

/// A connection that stops reading is dropped once its queue is full; the room goes on
/// serving everyone else without waiting for it.
#[tokio::test]
async fn a_connection_that_does_not_read_is_dropped() {
    let registry = Registry::new(RoomConfig::default(), Arc::default());
    let room = registry.get(&registry.create(duel()).unwrap()).unwrap();
    let (out, mut slow) = mpsc::channel(2);
    room.connect(1, Credentials::Spectator, out)
        .await
        .unwrap()
        .unwrap();
    let mut readers = Vec::new();
    for conn in 2..6 {
        let (out, reader) = mpsc::channel(64);
        room.connect(conn, Credentials::Spectator, out)
            .await
            .unwrap()
            .unwrap();
        readers.push(reader);
    }
    assert_eq!(room.info().await.unwrap().spectators, 4);
    let dropped = registry.metrics().dropped_consumers.load(Ordering::Relaxed);
    assert_eq!(dropped, 1);
    let mut queued = 0;
    while slow.recv().await.is_some() {
        queued += 1;
    }
    assert_eq!(
        queued, 2,
        "the snapshot and one patch, then the queue closed"
    );
}

#[tokio::test(start_paused = true)]
async fn an_idle_room_is_cleaned_up() {
    let config = RoomConfig {
        idle: Duration::from_secs(60),
        ..RoomConfig::default()
    };
    let registry = Registry::new(config, Arc::default());
    let code = registry.create(duel()).unwrap();
    let room = registry.get(&code).unwrap();
    tokio::time::sleep(Duration::from_secs(30)).await;
    room.info().await.unwrap();
    tokio::time::sleep(Duration::from_secs(45)).await;
    assert!(
        registry.get(&code).is_some(),
        "activity restarted the idle clock"
    );
    tokio::time::sleep(Duration::from_secs(30)).await;
    assert!(registry.get(&code).is_none());
    assert_eq!(room.info().await, Err(RoomGone));
}

/// With the journal's queue full (its database gone), a move is refused as `unsaved`
/// and changes nothing; a guess needs room for its reveal too.
#[tokio::test]
async fn a_move_the_journal_cannot_take_is_refused_and_changes_nothing() {
    use crate::store::journal::{Health, Journal, JournalConfig};
    use crate::store::{Database, Store};

    let path = std::env::temp_dir().join(format!("hesy-room-{}.sqlite3", Uuid::new_v4()));
    let url = format!("sqlite://{}", path.display());
    let store = Store::connect(Database::parse(&url).unwrap())
        .await
        .unwrap();
    // Every write fails from now on, and is retried for as long as the test lasts.
    store.close().await;
    let config = JournalConfig {
        capacity: 1,
        batch: 1,
        ..JournalConfig::default()
    };
    let (journal, _writer) = Journal::start(store, config);
    let registry = Registry::new(
        RoomConfig {
            journal: Some(journal.clone()),
            ..RoomConfig::default()
        },
        Arc::default(),
    );
    let room = registry.get(&registry.create(duel()).unwrap()).unwrap();
    let name = Sitter::Person(DisplayName::try_from("Ada".to_owned()).unwrap());
    let mut seats = Vec::new();
    for conn in 1..=2 {
        let taken = room.take_seat(None, name.clone()).await.unwrap().unwrap();
        let (out, inbox) = mpsc::channel(64);
        let credentials = Credentials::Seat(taken.token.unwrap());
        room.connect(conn, credentials, out).await.unwrap().unwrap();
        seats.push(inbox);
    }
    // The writer holds the game's record, failing; the queue's one place is free.
    while matches!(journal.health(), Health::Ok { .. }) {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let play = |conn, message| Command::Message { conn, message };
    let conceal = ClientMessage::Conceal {
        version: 1,
        number: 2,
    };
    room.send(play(1, conceal)).await.unwrap();
    let guess = ClientMessage::Move {
        version: 2,
        action: serde_json::json!({"type": "guess", "number": 1}),
    };
    room.send(play(2, guess)).await.unwrap();
    let refusal = loop {
        let Some(Outbound::Frame(frame)) = seats[1].recv().await else {
            panic!("the guesser's queue closed");
        };
        let frame: serde_json::Value = serde_json::from_str(&frame).unwrap();
        if frame["type"] == "error" {
            break frame;
        }
    };
    assert_eq!(refusal["code"], "unsaved", "{refusal}");
    let (out, mut watcher) = mpsc::channel(64);
    room.connect(3, Credentials::Spectator, out)
        .await
        .unwrap()
        .unwrap();
    let Some(Outbound::Frame(snapshot)) = watcher.recv().await else {
        panic!("no snapshot");
    };
    let snapshot: serde_json::Value = serde_json::from_str(&snapshot).unwrap();
    assert_eq!(snapshot["version"], 2, "the concealment alone was made");
    assert_eq!(snapshot["state"]["awaiting"]["kind"], "guess");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

#[tokio::test]
async fn the_room_starts_when_the_last_seat_is_taken() {
    let registry = Registry::new(RoomConfig::default(), Arc::default());
    let room = registry.get(&registry.create(duel()).unwrap()).unwrap();
    let name = Sitter::Person(DisplayName::try_from("Ada".to_owned()).unwrap());
    room.take_seat(None, name.clone()).await.unwrap().unwrap();
    assert_eq!(room.info().await.unwrap().status, RoomStatus::Waiting);
    room.take_seat(None, name).await.unwrap().unwrap();
    assert_eq!(room.info().await.unwrap().status, RoomStatus::Playing);
}
