//! A server dropped in the middle of a game, and a new one on the same database: the game
//! comes back, players get in with their old tokens, the concealment the first server was
//! holding is voided and made again, and the game finishes with nothing missing.

use crate::common::store;
use crate::common::store::{
    TestDb, action_entries, journal_all, load, new_game, play, settle, token,
};
use hesy::rules::Awaiting;
use hesy::rules::mehen::Mode;
use hesy::rules::random::RandomPlayer;
use hesy::store::bundle::Bundle;
use hesy::store::journal::{Journal, JournalConfig};
use hesy::store::record::{Channel, Entry, VoidRecord};
use hesy::store::restore::restore;
use hesy::store::verify::verify_bundle;

async fn a_restarted_server_resumes_the_game(db: &TestDb) {
    let game = new_game(Mode::Duel, "player", 0);
    let mut state = game.setup.start(game.game_id());
    let mut player = RandomPlayer::new(7);
    // Some turns, then stop right after a guess: the concealer has not revealed yet.
    let mut before = play(&mut state, &mut player, 0, 0, 20);
    while !matches!(state.awaiting(), Awaiting::Reveal { .. }) {
        let seq = before.len() as u32;
        before.extend(play(&mut state, &mut player, seq, 0, 1));
    }

    let first = db.connect().await;
    let (journal, _writer) = Journal::start(first.clone(), JournalConfig::default());
    journal_all(&journal, &[Entry::Game(game.clone())]);
    journal_all(&journal, &action_entries(game.id, &before, state.outcome()));
    settle(&journal).await;
    // The first server dies: its connections go, nothing is flushed or closed politely.
    first.close().await;
    drop(journal);

    let second = db.connect().await;
    let mut unfinished = second.unfinished().await.expect("read");
    assert_eq!(unfinished.len(), 1);
    let stored = unfinished.pop().expect("one game");
    assert_eq!(stored.actions, before);
    for seat in &stored.game.seats {
        let hash = seat.token.expect("token hash kept");
        assert!(
            hash.matches(&token(seat.seat.0)),
            "{:?} gets back in",
            seat.seat
        );
        assert!(!hash.matches("a guessed token"));
    }

    let restored = restore(&stored).expect("replays");
    let voided = restored
        .voided
        .clone()
        .expect("the open concealment is voided");
    let last = before.len() as u32 - 1;
    assert_eq!((voided.first, voided.last), (last - 1, last));
    assert!(
        matches!(restored.game.awaiting(), Awaiting::Conceal { seat, .. } if seat == voided.seat)
    );

    let (journal, writer) = Journal::start(second.clone(), JournalConfig::default());
    let now = store::at(10_000);
    journal_all(
        &journal,
        &voided.entries(game.id, restored.next_chat_seq, now),
    );
    let mut state = restored.game;
    let after = play(
        &mut state,
        &mut RandomPlayer::new(8),
        restored.next_seq,
        0,
        usize::MAX,
    );
    assert!(state.outcome().is_some(), "the game finishes");
    journal_all(&journal, &action_entries(game.id, &after, state.outcome()));
    drop(journal);
    writer.flushed().await;

    let done = load(&second, game.id).await;
    let mut expected = before;
    for record in &mut expected[voided.first as usize..] {
        record.voided = true;
    }
    expected.extend(after);
    assert_eq!(done.actions, expected, "nothing acknowledged is missing");
    let void = VoidRecord {
        first: voided.first,
        last: voided.last,
        note: restored.next_chat_seq,
    };
    assert_eq!(done.voids, [void], "the note's place in the game log");
    assert_eq!(done.game.result, state.outcome());
    assert_eq!(done.chat.len(), 1);
    assert_eq!(done.chat[0].channel, Channel::Table);
    assert!(done.chat[0].body.contains("void"), "the game log says so");

    let report = verify_bundle(&Bundle::of(done));
    assert!(report.passed(), "{report}");
}
on_both_backends!(a_restarted_server_resumes_the_game);

/// Plays from `state` with `player` until the game awaits a guess (a concealment is open).
fn until_guess(
    state: &mut hesy::rules::Game,
    player: &mut RandomPlayer,
    seq: u32,
) -> Vec<hesy::store::record::ActionRecord> {
    let mut records = Vec::new();
    while !matches!(state.awaiting(), Awaiting::Guess { .. }) {
        records.extend(play(state, player, seq + records.len() as u32, 0, 1));
    }
    records
}

/// Two restarts, each with a concealment open: two voids back to back, each with its note,
/// and the finished game still verifies.
async fn two_restarts_void_two_concealments_in_a_row(db: &TestDb) {
    let store = db.connect().await;
    let game = new_game(Mode::Duel, "player", 0);
    let mut state = game.setup.start(game.game_id());
    let mut player = RandomPlayer::new(5);
    let mut entries = vec![Entry::Game(game.clone())];
    let begun = until_guess(&mut state, &mut player, 0);
    entries.extend(action_entries(game.id, &begun, state.outcome()));
    store.write(&entries).await.unwrap();
    let now = store::at(10_000);
    for restart in 0..2 {
        let restored = restore(&load(&store, game.id).await).expect("replays");
        let voided = restored.voided.expect("the open concealment is voided");
        assert_eq!(restored.next_chat_seq, restart);
        store
            .write(&voided.entries(game.id, restored.next_chat_seq, now))
            .await
            .unwrap();
        state = restored.game;
        let again = until_guess(&mut state, &mut player, restored.next_seq);
        store
            .write(&action_entries(game.id, &again, state.outcome()))
            .await
            .unwrap();
    }
    let restored = restore(&load(&store, game.id).await).expect("replays");
    let voided = restored
        .voided
        .expect("the third open concealment is voided");
    store
        .write(&voided.entries(game.id, restored.next_chat_seq, now))
        .await
        .unwrap();
    let mut state = restored.game;
    let rest = play(&mut state, &mut player, restored.next_seq, 0, usize::MAX);
    store
        .write(&action_entries(game.id, &rest, state.outcome()))
        .await
        .unwrap();

    let done = load(&store, game.id).await;
    assert_eq!(done.voids.len(), 3);
    assert!(
        done.voids
            .windows(2)
            .all(|pair| pair[0].last < pair[1].first)
    );
    assert!(done.game.ended_at.is_some());
    let report = verify_bundle(&Bundle::of(done));
    assert!(report.passed(), "{report}");
}
on_both_backends!(two_restarts_void_two_concealments_in_a_row);
