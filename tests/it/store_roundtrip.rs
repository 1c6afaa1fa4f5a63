//! A finished game goes into either backend and comes back whole; writes are idempotent;
//! team chat reaches its team alone.

use crate::common::store::{TEAM_CANARY, TestDb, actions, finished_game, load, token};
use hesy::rules::Team;
use hesy::rules::mehen::Mode;
use hesy::store::database::DEFAULT_FILE;
use hesy::store::queries::ChatReader;
use hesy::store::{Database, Store};

async fn a_finished_game_round_trips_whole(db: &TestDb) {
    let store = db.connect().await;
    for (mode, seed) in [(Mode::Duel, 1), (Mode::Teams, 2)] {
        let (game, entries) = finished_game(mode, "player", 0, seed);
        for batch in entries.chunks(7) {
            store.write(batch).await.expect("write");
        }
        let stored = load(&store, game.id).await;
        assert_eq!(stored.game, game);
        assert_eq!(stored.actions, actions(&entries));
        assert_eq!(stored.chat.len(), 2);
        let seat = &stored.game.seats[1];
        let hash = seat.token.expect("the token hash is kept");
        assert!(hash.matches(&token(1)) && !hash.matches(&token(0)));
    }
    assert!(store.unfinished().await.expect("read").is_empty());
}
on_both_backends!(a_finished_game_round_trips_whole);

async fn writing_again_never_duplicates(db: &TestDb) {
    let store = db.connect().await;
    let (game, entries) = finished_game(Mode::Duel, "player", 0, 3);
    // A batch cut off halfway, retried, then the whole log written twice over.
    store.write(&entries[..10]).await.expect("write");
    store.write(&entries[5..20]).await.expect("write");
    store.write(&entries).await.expect("write");
    store.write(&entries).await.expect("write");
    let stored = load(&store, game.id).await;
    assert_eq!(stored.actions, actions(&entries));
    assert_eq!(stored.chat.len(), 2);
    assert_eq!(stored.game, game);
}
on_both_backends!(writing_again_never_duplicates);

/// How many rows `game`'s actions take.
async fn action_rows(store: &Store, game: uuid::Uuid) -> i64 {
    const COUNT: &str = "SELECT count(*) FROM actions WHERE game_id = $1";
    match store {
        Store::Postgres(pool) => sqlx::query_scalar(COUNT).bind(game).fetch_one(pool).await,
        Store::Sqlite(pool) => sqlx::query_scalar(COUNT).bind(game).fetch_one(pool).await,
    }
    .expect("count")
}

async fn a_guess_and_its_reveal_share_a_row(db: &TestDb) {
    let store = db.connect().await;
    let (game, entries) = finished_game(Mode::Duel, "player", 0, 5);
    store.write(&entries).await.expect("write");
    let actions = actions(&entries);
    let reveals = actions.iter().filter(|a| a.reveal.is_some()).count();
    assert!(reveals > 0);
    let rows = action_rows(&store, game.id).await;
    assert_eq!(rows as usize, actions.len() - reveals);
    assert_eq!(load(&store, game.id).await.actions, actions);
}
on_both_backends!(a_guess_and_its_reveal_share_a_row);

/// Whatever part of a game a lost acknowledgement had already stored (a guess without its
/// reveal, or each in a row of its own), writing it all again keeps every action once.
async fn a_reveal_written_again_is_kept_once(db: &TestDb) {
    let store = db.connect().await;
    let (_, entries) = finished_game(Mode::Duel, "player", 0, 6);
    let first_reveal = entries
        .iter()
        .position(|e| e.action().is_some_and(|(_, a, _)| a.reveal.is_some()))
        .expect("a reveal");
    let last = (first_reveal + 12).min(entries.len());
    for cut in first_reveal - 1..last {
        for reveal_alone in [false, true] {
            let (game, entries) = finished_game(Mode::Duel, "player", 0, 6);
            store.write(&entries[..cut]).await.expect("write");
            if reveal_alone {
                store.write(&entries[cut..last]).await.expect("write");
            }
            store.write(&entries).await.expect("write");
            store.write(&entries).await.expect("write");
            let stored = load(&store, game.id).await.actions;
            assert_eq!(stored, actions(&entries), "cut at {cut}, {reveal_alone}");
        }
    }
}
on_both_backends!(a_reveal_written_again_is_kept_once);

async fn team_chat_reaches_its_team_alone(db: &TestDb) {
    let store = db.connect().await;
    let (game, entries) = finished_game(Mode::Duel, "player", 0, 4);
    store.write(&entries).await.expect("write");
    let bodies = |chat: Vec<hesy::store::record::ChatRecord>| {
        chat.into_iter()
            .map(|message| message.body)
            .collect::<Vec<_>>()
    };
    let read = |reader| store.chat(game.id, reader);
    assert_eq!(
        bodies(read(ChatReader::Public).await.expect("read")),
        ["good luck"]
    );
    assert_eq!(
        bodies(read(ChatReader::Team(Team(0))).await.expect("read")),
        ["good luck"]
    );
    assert_eq!(
        bodies(read(ChatReader::Team(Team(1))).await.expect("read")),
        ["good luck", TEAM_CANARY]
    );
    let public = store
        .game(game.id, ChatReader::Public)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(bodies(public.chat), ["good luck"]);
}
on_both_backends!(team_chat_reaches_its_team_alone);

#[tokio::test]
async fn with_no_url_the_sqlite_file_is_made_with_its_directory() {
    let dir = std::env::temp_dir().join(format!("hesy-data-{}", uuid::Uuid::new_v4()));
    let database = Database::from_url_or_dir(None, dir.join("nested")).expect("the default");
    let store = Store::connect(database).await.expect("connect and migrate");
    assert!(store.unfinished().await.expect("read").is_empty());
    store.close().await;
    assert!(dir.join("nested").join(DEFAULT_FILE).exists());
    std::fs::remove_dir_all(dir).expect("clean up");
}
