//! The room's task: connections dropped, idle rooms closed, frames held until committed.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;

use super::*;
use crate::rules::examples::concealing_duel;
use crate::rules::steps::Asked;
use crate::wire::{DisplayName, Sitter};

/// The frames of the next item a connection's queue holds (none once it has closed).
async fn frames(inbox: &mut queue::Receiver<Outbound>) -> Vec<Utf8Bytes> {
    inbox
        .recv()
        .await
        .map(Outbound::into_frames)
        .unwrap_or_default()
}

fn duel() -> CreateRoom {
    CreateRoom {
        setup: concealing_duel(),
        turn_timer: None,
        commitment: CommitmentMode::Server,
    }
}

/// A connection that stops reading is dropped once its queue is full; the room goes on
/// serving everyone else without waiting for it.
#[tokio::test]
async fn a_connection_that_does_not_read_is_dropped() {
    let registry = Registry::new(RoomConfig::default(), Arc::default());
    let room = registry
        .find(&registry.create(duel()).await.unwrap())
        .await
        .unwrap();
    let (out, mut slow) = queue::channel(2);
    room.connect(1, Credentials::Spectator, out)
        .await
        .unwrap()
        .unwrap();
    let mut readers = Vec::new();
    for conn in 2..6 {
        let (out, reader) = queue::channel(64);
        room.connect(conn, Credentials::Spectator, out)
            .await
            .unwrap()
            .unwrap();
        readers.push(reader);
    }
    assert_eq!(room.info().await.unwrap().spectators, 4);
    let dropped = registry.metrics().dropped_consumers.get();
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
    let code = registry.create(duel()).await.unwrap();
    tokio::time::sleep(Duration::from_secs(30)).await;
    registry.find(&code).await.unwrap().info().await.unwrap();
    tokio::time::sleep(Duration::from_secs(45)).await;
    let room = registry.find(&code).await;
    assert!(room.is_ok(), "activity restarted the idle clock");
    // A handle held keeps the room's task: it leaves once nothing else reaches it.
    let room = room.unwrap();
    tokio::time::sleep(Duration::from_secs(30)).await;
    assert!(room.info().await.is_ok());
    drop(room);
    tokio::time::sleep(Duration::from_secs(90)).await;
    assert_eq!(registry.find(&code).await.err(), Some(Missing::NoSuchRoom));
}

/// With the journal's commit held back (another writer holds the database's lock), a move's
/// log entry and patch are held too: the mover's next refusal, which answers at once, comes
/// first. Once the lock is gone and the journal commits, they follow.
#[tokio::test]
async fn a_move_is_told_only_once_it_is_committed() {
    use crate::store::Store;
    use crate::store::journal::{Journal, JournalConfig};
    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};

    let path = std::env::temp_dir().join(format!("hesy-room-{}.sqlite3", Uuid::new_v4()));
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .busy_timeout(Duration::from_millis(20));
    let pool = SqlitePoolOptions::new()
        .max_connections(4)
        .connect_with(options)
        .await
        .unwrap();
    sqlx::migrate!("migrations/sqlite")
        .run(&pool)
        .await
        .unwrap();
    let config = JournalConfig {
        backoff_min: Duration::from_millis(10),
        backoff_max: Duration::from_millis(10),
        ..JournalConfig::default()
    };
    let (journal, _writer) = Journal::start(Store::Sqlite(pool.clone()), config);
    let registry = Registry::new(
        RoomConfig {
            journal: Some(journal),
            ..RoomConfig::default()
        },
        Arc::default(),
    );
    let room = registry
        .find(&registry.create(duel()).await.unwrap())
        .await
        .unwrap();
    let name = Sitter::Person(DisplayName::try_from("Ada".to_owned()).unwrap());
    let mut seats = Vec::new();
    for conn in 1..=2 {
        let taken = room.take_seat(None, name.clone()).await.unwrap().unwrap();
        let (out, inbox) = queue::channel(64);
        let credentials = Credentials::Seat(taken.token.unwrap());
        room.connect(conn, credentials, out).await.unwrap().unwrap();
        seats.push(inbox);
    }
    let queued = |inbox: &mut queue::Receiver<Outbound>| inbox.try_recv().is_ok();
    // The second seat's snapshot follows the game's record, so that record is committed.
    let Some(snapshot) = frames(&mut seats[1]).await.into_iter().next() else {
        panic!("no snapshot");
    };
    assert!(snapshot.contains(r#""type":"snapshot""#));
    // The room has sent everything of the connection's command once it answers the next.
    room.info().await.unwrap();
    while queued(&mut seats[0]) {}

    let mut lock = pool.acquire().await.unwrap();
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut *lock)
        .await
        .unwrap();
    let conceal = || Request::Play {
        version: 1,
        asked: Asked::Conceal(2),
    };
    room.message(1, conceal(), "").await.unwrap();
    room.message(1, conceal(), "").await.unwrap();
    let [first] = &frames(&mut seats[0]).await[..] else {
        panic!("the mover's queue closed");
    };
    let first: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(first["type"], "error", "{first}");
    assert_eq!(first["code"], "stale_version", "{first}");
    assert!(!queued(&mut seats[0]) && !queued(&mut seats[1]));

    sqlx::query("COMMIT").execute(&mut *lock).await.unwrap();
    drop(lock);
    for inbox in &mut seats {
        let mut kinds = Vec::new();
        while kinds.is_empty() {
            let batch = frames(inbox).await;
            assert!(!batch.is_empty(), "a queue closed");
            for frame in batch {
                let frame: serde_json::Value = serde_json::from_str(&frame).unwrap();
                let entries = frame["log"].as_array().map_or(0, Vec::len);
                kinds.push((frame["type"].clone(), frame["version"].clone(), entries));
            }
        }
        assert_eq!(
            kinds,
            [(serde_json::json!("patch"), serde_json::json!(2), 1)]
        );
    }
    pool.close().await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// A connection whose queue was full when a frame came misses it, and is sent nothing after
/// it, though its queue has room again before the room hears it was dropped: the frames it
/// holds stay a prefix of what the room said.
#[tokio::test]
async fn a_connection_that_missed_a_frame_is_sent_nothing_after_it() {
    use super::effects::Audience;
    use super::fanout::Fanout;
    let mut fanout = Fanout::new(concealing_duel().table(), Arc::default(), None);
    let (out, mut slow) = queue::channel(1);
    fanout.subscribe(1, Viewer::Spectator, out);
    for frame in ["first", "missed", "after"] {
        fanout.send(&Audience::Everyone, Utf8Bytes::from_static(frame));
        fanout.release();
        if frame == "missed" {
            assert_eq!(frames(&mut slow).await, ["first"]);
        }
    }
    assert_eq!(fanout.next_dropped(), Some(1));
    assert_eq!(fanout.next_dropped(), None);
    assert!(frames(&mut slow).await.is_empty(), "the queue closed");
}

/// A snapshot whose log is read from the store leaves first, whole, and the frames released
/// after it wait for it; a connection whose log cannot be read is let go.
#[tokio::test]
async fn the_frames_after_a_snapshot_being_read_wait_for_it() {
    use super::effects::{Audience, Out};
    use super::fanout::Fanout;
    use super::scripted::Script;
    use crate::store::journal::JournalError;
    use crate::wire::ClientMessage;

    let mut script = Script::duel(concealing_duel(), None);
    script.capacity = Capacity::Free {
        free: 2,
        short: JournalError::Backlogged,
    };
    script.say(
        1,
        ClientMessage::Conceal {
            version: 1,
            number: 2,
        },
    );
    let mut fanout = Fanout::new(concealing_duel().table(), Arc::default(), None);
    let mut inboxes = Vec::new();
    for conn in [3, 4] {
        let credentials = Credentials::Spectator;
        let joined = script.input(Input::Connect { conn, credentials });
        let (out, inbox) = queue::channel(8);
        fanout.subscribe(conn, Viewer::Spectator, out);
        for out in joined.out {
            if let Out::Unread(conn, unread) = out {
                fanout.send_unread(conn, unread);
            }
        }
        inboxes.push(inbox);
    }
    fanout.send(&Audience::Everyone, Utf8Bytes::from_static("after"));
    fanout.release();
    let mut reads: Vec<ConnId> = std::iter::from_fn(|| fanout.next_read())
        .map(|(conn, _)| conn)
        .collect();
    reads.sort_unstable();
    assert_eq!(reads, [3, 4]);
    assert!(inboxes.iter_mut().all(|inbox| inbox.try_recv().is_err()));
    fanout.send(&Audience::Everyone, Utf8Bytes::from_static("later"));
    fanout.release();
    fanout.read(3, Some(Utf8Bytes::from_static("snapshot")));
    fanout.read(4, None);
    assert_eq!(
        frames(&mut inboxes[0]).await,
        ["snapshot", "after", "later"]
    );
    assert_eq!(fanout.next_dropped(), Some(4));
    assert!(frames(&mut inboxes[1]).await.is_empty(), "the queue closed");
}
