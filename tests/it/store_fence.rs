//! Fencing: once another owner has claimed a room, the store refuses what the former owner
//! writes for it, and tells it so; the new owner's entries are written.

use std::sync::Arc;

use crate::common::store::{TestDb, finished_game, load, settle};
use hesy::rules::mehen::Mode;
use hesy::store::journal::{Journal, JournalConfig};

/// Hands `entries` to `journal` as a room does.
fn write(journal: &Journal, entries: &[hesy::store::record::Entry]) {
    for entry in entries {
        journal
            .reserve()
            .expect("room in the queue")
            .write(entry.clone());
    }
}

async fn a_former_owner_cannot_write(db: &TestDb) {
    let store = db.connect().await;
    let (journal, _writer) = Journal::start(store.clone(), JournalConfig::default());
    let (game, entries) = finished_game(Mode::Duel, "fence", 0, 7);
    let (opening, rest) = entries.split_at(3);
    let middle = &rest[..rest.len() / 2];

    let first = Arc::new(store.raise_fence("room-a").await.expect("a fence"));
    let first_owner = journal.fenced(first.clone());
    write(&first_owner, opening);
    settle(&journal).await;
    assert!(!first.lost(), "the latest owner writes");

    let second = Arc::new(store.raise_fence("room-a").await.expect("a fence"));
    assert!(
        second.number() > first.number(),
        "every claim raises the fence"
    );
    write(&first_owner, middle);
    settle(&journal).await;
    assert!(
        first.lost(),
        "the former owner is told its entries were refused"
    );
    assert_eq!(first.refused(), middle.len() as u64);
    let stored = load(&store, game.id).await;
    assert_eq!(
        stored.actions.len(),
        0,
        "nothing of the former owner's is stored"
    );

    let second_owner = journal.fenced(second.clone());
    write(&second_owner, rest);
    settle(&journal).await;
    assert!(!second.lost());
    let stored = load(&store, game.id).await;
    assert_eq!(
        stored.actions.len(),
        rest.len(),
        "the new owner's entries are stored"
    );
    assert!(stored.game.ended_at.is_some(), "and the game it finished");
}

on_both_backends!(a_former_owner_cannot_write);
