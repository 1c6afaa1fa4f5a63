//! Rooms waiting for players as the store keeps them: saved again as seats are taken, each
//! seat once, and forgotten once their game begins or the room closes.

use crate::common::store;
use crate::common::store::{TestDb, new_game};
use hesy::rules::mehen::Mode;
use hesy::store::record::{Entry, GameRecord, RoomRecord};
use hesy::wire::CommitmentMode;

/// `game` as its room waits with the first `taken` seats taken.
fn waiting(game: &GameRecord, taken: usize) -> Entry {
    let mut game = game.clone();
    game.seats.truncate(taken);
    Entry::Waiting(game)
}

fn room(code: &str) -> Option<RoomRecord> {
    Some(RoomRecord {
        code: code.into(),
        turn_timer: Some(20),
        commitment: CommitmentMode::Trustless,
        game_number: 1,
        first_version: 1,
    })
}

async fn waiting_rooms_are_kept_until_their_game_begins(db: &TestDb) {
    let store = db.connect().await;
    let mut duel = new_game(Mode::Duel, "duel", 0);
    duel.room = room("DUELROOM23");
    let mut teams = new_game(Mode::Teams, "team", 1);
    teams.room = room("TEAMROOM45");
    // A write is idempotent: the same batch twice, as a retry after a lost answer, is once.
    let batch = [waiting(&duel, 0), waiting(&teams, 1), waiting(&duel, 1)];
    store.write(&batch).await.unwrap();
    store.write(&batch).await.unwrap();
    store.write(&[waiting(&teams, 3)]).await.unwrap();

    let stored = store.waiting().await.unwrap();
    assert_eq!(stored.len(), 2);
    let expect = |game: &GameRecord, taken: usize| GameRecord {
        seats: game.seats[..taken].to_vec(),
        ..game.clone()
    };
    assert_eq!(stored[0], expect(&duel, 1));
    assert_eq!(stored[1], expect(&teams, 3));
    let token = stored[0].seats[0].token.expect("the token hash is kept");
    assert!(token.matches(&store::token(0)));

    // The duel's game begins; the six-player room closes unfilled.
    store.write(&[Entry::Game(duel.clone())]).await.unwrap();
    let closed = Entry::Closed {
        code: "TEAMROOM45".into(),
    };
    store.write(&[closed.clone(), closed]).await.unwrap();
    assert!(store.waiting().await.unwrap().is_empty());
    let unfinished = store.unfinished().await.unwrap();
    assert_eq!(unfinished.len(), 1);
    assert_eq!(unfinished[0].game.room, duel.room);

    // A room forgotten takes its seats with it: a later room under the same code starts
    // with none taken.
    let mut again = new_game(Mode::Teams, "again", 2);
    again.room = room("TEAMROOM45");
    store.write(&[waiting(&again, 0)]).await.unwrap();
    assert_eq!(store.waiting().await.unwrap(), [expect(&again, 0)]);
}

on_both_backends!(waiting_rooms_are_kept_until_their_game_begins);

/// The journal may hand over a room's last seat and the game it begins in one batch: the
/// room is saved, then forgotten as its game is stored.
async fn a_room_filled_within_one_batch_is_not_left_waiting(db: &TestDb) {
    let store = db.connect().await;
    let mut duel = new_game(Mode::Duel, "duel", 0);
    duel.room = room("DUELROOM23");
    let batch = [
        waiting(&duel, 1),
        waiting(&duel, 2),
        Entry::Game(duel.clone()),
    ];
    store.write(&batch).await.unwrap();
    assert!(store.waiting().await.unwrap().is_empty());
    let unfinished = store.unfinished().await.unwrap();
    assert_eq!(unfinished.len(), 1);
    assert_eq!(unfinished[0].game, duel);
}

on_both_backends!(a_room_filled_within_one_batch_is_not_left_waiting);
