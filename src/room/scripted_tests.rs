//! The room driven by its inputs alone: no task, socket, database or clock.

use std::time::Duration;

use serde_json::{Value, json};

use super::RoomConfig;
use super::effects::{Audience, Capacity, Effects, Input, Out};
use super::scripted::{Script, Sent, frames, received};
use crate::rules::computer::Strength;
use crate::rules::examples::{concealing_duel, setup_where};
use crate::rules::random::SplitMix64;
use crate::rules::steps::stand_in;
use crate::rules::{Awaiting, Seat, Viewer};
use crate::store::journal::JournalError;
use crate::store::record::Entry;
use crate::wire::{ClientMessage, CommitmentMode, RoomStatus};

/// What the task tells the room of a journal with room for every input.
const ROOMY: Capacity = Capacity::Free {
    free: 2,
    short: JournalError::Backlogged,
};

fn conceal(version: u64, number: u8) -> ClientMessage {
    ClientMessage::Conceal { version, number }
}

fn guess(version: u64, number: u8) -> ClientMessage {
    ClientMessage::Move {
        version,
        action: json!({"type": "guess", "number": number}),
    }
}

/// The patches of `effects` that everyone gets, but the viewers with patches of their own.
fn patches(effects: &Effects) -> Vec<Value> {
    frames(effects)
        .into_iter()
        .filter(|(sent, frame)| {
            let public = matches!(sent, Sent::To(Audience::Everyone | Audience::AllBut(_)));
            public && frame["type"] == "patch"
        })
        .map(|(_, frame)| frame)
        .collect()
}

/// Where the first frame and the last entry of `effects` stand in its order.
fn first_frame_and_last_entry(effects: &Effects) -> (usize, usize) {
    let frame = effects
        .out
        .iter()
        .position(|out| matches!(out, Out::Send(..)));
    let entry = effects
        .out
        .iter()
        .rposition(|out| matches!(out, Out::Write(_)));
    (frame.expect("a frame"), entry.expect("an entry"))
}

#[test]
fn the_room_starts_when_the_last_seat_is_taken() {
    let mut script = Script::new(concealing_duel(), CommitmentMode::Server, None);
    script.sit(None, "Ada").unwrap();
    assert_eq!(script.room.status(), RoomStatus::Waiting);
    script.capacity = ROOMY;
    script.sit(None, "Ben").unwrap();
    assert_eq!(script.room.status(), RoomStatus::Playing);
}

/// A duel played by messages: every move is written before anything tells of it, the guess
/// and the room's own reveal go out in one patch, and a stale move is answered at once.
#[test]
fn a_scripted_duel_saves_before_it_tells() {
    let mut script = Script::duel(concealing_duel(), None);
    script.capacity = ROOMY;
    let concealed = script.say(1, conceal(1, 2));
    assert_eq!(concealed.entries().count(), 1);
    let (frame, entry) = first_frame_and_last_entry(&concealed);
    assert!(
        entry < frame,
        "the entry comes before the frames that tell of it"
    );
    let guessed = script.say(2, guess(2, 1));
    let entries: Vec<&Entry> = guessed.entries().collect();
    assert!(matches!(
        entries[..],
        [Entry::Action { .. }, Entry::Action { .. }]
    ));
    let (frame, entry) = first_frame_and_last_entry(&guessed);
    assert!(entry < frame);
    let [patch] = &patches(&guessed)[..] else {
        panic!("one patch for everyone");
    };
    assert_eq!(patch["version"], 4);
    assert_eq!(patch["log"].as_array().map(Vec::len), Some(2), "{patch}");

    let stale = script.say(2, guess(2, 1));
    assert_eq!(stale.entries().count(), 0);
    let [(Sent::Answer(2), refusal)] = &frames(&stale)[..] else {
        panic!("one answer to the mover");
    };
    assert_eq!(refusal["code"], "stale_version");
}

/// With the server keeping games, the room lets go of the log's entries once they are told
/// and saved: a late joiner's snapshot leaves saying how many to read from the store.
/// Without a store the room keeps them, and the snapshot leaves whole.
#[test]
fn a_late_joiner_reads_the_log_the_room_let_go_from_the_store() {
    let spectate = |script: &mut Script| {
        let credentials = super::Credentials::Spectator;
        let joined = script.input(Input::Connect {
            conn: 3,
            credentials,
        });
        let unread = joined.out.iter().find_map(|out| match out {
            Out::Unread(3, unread) => Some(unread.entries),
            _ => None,
        });
        let whole = joined.out.iter().any(|out| matches!(out, Out::To(3, _)));
        (unread, whole)
    };
    for (capacity, seen) in [(ROOMY, (Some(3), false)), (Capacity::Unkept, (None, true))] {
        let mut script = Script::duel(concealing_duel(), None);
        script.capacity = capacity;
        script.say(1, conceal(1, 2));
        script.say(2, guess(2, 1));
        assert_eq!(script.room.saved.log.len(), 3);
        assert_eq!(spectate(&mut script), seen, "{capacity:?}");
    }
}

/// With the journal unable to take a guess and its reveal, the guess is refused as
/// `unsaved` and nothing changes; with room, it is played.
#[test]
fn a_move_the_journal_cannot_take_is_refused_and_changes_nothing() {
    let mut script = Script::duel(concealing_duel(), None);
    script.capacity = ROOMY;
    script.say(1, conceal(1, 2));
    script.capacity = Capacity::Free {
        free: 1,
        short: JournalError::Backlogged,
    };
    let refused = script.say(2, guess(2, 1));
    assert_eq!(refused.entries().count(), 0);
    let [(Sent::Answer(2), refusal)] = &frames(&refused)[..] else {
        panic!("one answer to the guesser");
    };
    assert_eq!(refusal["code"], "unsaved", "{refusal}");
    assert_eq!(
        script.room.saved.version, 2,
        "the concealment alone was made"
    );
    assert!(matches!(
        script.room.saved.game.awaiting(),
        Awaiting::Guess { .. }
    ));
    script.capacity = ROOMY;
    assert_eq!(script.say(2, guess(2, 1)).entries().count(), 2);
}

/// The turn's deadline is the room's next wake; when it comes, the room moves for the absent
/// player and tells everyone, the entry marked as made for them.
#[test]
fn a_timer_firing_plays_for_the_absent() {
    let mut script = Script::duel(concealing_duel(), Some(10));
    let start = script.now;
    assert_eq!(
        script.room.next_wake(),
        Some(start + Duration::from_secs(10))
    );
    let fired = script.wake().expect("a deadline");
    assert_eq!(script.now, start + Duration::from_secs(10));
    let [patch] = &patches(&fired)[..] else {
        panic!("one patch");
    };
    assert_eq!(patch["log"][0]["auto"], true, "{patch}");
    assert_eq!(patch["version"], 2);
    let next = script.room.next_wake();
    assert_eq!(
        next,
        Some(script.now + Duration::from_secs(10)),
        "the guess's turn"
    );
}

/// A disconnected player whose deadline passes is waited for a little longer.
#[test]
fn a_player_who_just_left_has_grace() {
    let mut script = Script::duel(concealing_duel(), Some(10));
    script.now += Duration::from_secs(9);
    let left = script.now;
    script.input(Input::Disconnect { conn: 1 });
    let waited = script.wake().expect("a deadline");
    assert!(patches(&waited).iter().all(|patch| patch["log"].is_null()));
    let until = left + RoomConfig::default().grace;
    assert_eq!(script.room.next_wake(), Some(until));
    assert_eq!(script.room.saved.version, 1, "nothing was played");
}

/// A room nobody has sat down in closes once it has been idle long enough.
#[test]
fn an_unseated_room_closes_when_idle() {
    let mut script = Script::new(concealing_duel(), CommitmentMode::Server, None);
    let closed = script.wake().expect("an idle limit");
    assert!(closed.close);
}

/// The frames a seat at `conn` receives of `effects`.
fn seen(script: &Script, effects: &Effects, conn: u64, seat: u8) -> Vec<Value> {
    received(&script.room, effects, conn, Viewer::Seat(Seat(seat)))
}

/// A computer player thinks off the room's task: its turn comes after a delay, the room asks
/// for its decision, and the decision is played. A decision about a game that has moved on
/// meanwhile is dropped and the next move planned afresh.
#[test]
fn a_computer_thinks_and_its_stale_decision_is_dropped() {
    let mut script = Script::new(concealing_duel(), CommitmentMode::Server, None);
    let ada = script.sit(Some(Seat(0)), "Ada").unwrap().token.unwrap();
    script.sit_computer(Strength::Strong);
    script.join(1, &ada);
    let concealed = script.say(1, conceal(1, 3));
    assert!(
        concealed.think.is_none(),
        "the computer waits a moment first"
    );
    let asked = script.wake().expect("the computer's turn");
    let think = asked.think.expect("a decision to think out");
    script.room.saved.version += 1;
    let entries = script.room.saved.log.len();
    let dropped = script.input(Input::Thought(think.run()));
    assert_eq!(
        script.room.saved.log.len(),
        entries,
        "nothing was played from it"
    );
    assert!(dropped.out.is_empty());
    assert!(script.room.computers.due_at().is_some(), "a fresh plan");

    let asked = script.wake().expect("the computer's turn");
    let played = script.think(asked).expect("a decision");
    assert!(
        script.room.saved.log.len() > entries,
        "the fresh decision was played"
    );
    assert!(!matches!(
        script.room.saved.game.awaiting(),
        Awaiting::Guess { .. }
    ));
    assert!(!seen(&script, &played, 1, 0).is_empty(), "Ada is told");
}

/// In a team guess every computer player on the guessing side proposes its number to the
/// team, not only the first.
#[test]
fn every_computer_teammate_proposes() {
    let setup = setup_where("teams of three", |setup| {
        let table = setup.table();
        table.seats.iter().all(|side| {
            let team = table.seats.iter().filter(|other| other.team == side.team);
            team.count() >= 3
        })
    });
    let table = setup.table();
    let mut script = Script::new(setup, CommitmentMode::Server, None);
    let person = Seat(0);
    let ada = script.sit(Some(person), "Ada").unwrap().token.unwrap();
    for _ in 1..table.seats.len() {
        script.sit_computer(Strength::Easy);
    }
    let mut effects = script.join(1, &ada);
    // Moves as for absent players, until the person's team is to guess.
    let mut chance = SplitMix64::new(3);
    while !matches!(script.room.saved.game.awaiting(), Awaiting::Guess { seats, .. } if seats.contains(&person))
    {
        let (seat, asked) = stand_in(script.room.saved.game.game(), &mut chance).expect("a move");
        script.room.make_move(seat, asked, true).unwrap();
        script.room.after_move();
        effects = std::mem::take(&mut script.room.effects);
    }
    script.think(effects).expect("the computers think");
    let proposals = script.room.proposals.read(&table, Viewer::Seat(person));
    let teammates = table
        .seats()
        .filter(|&seat| seat != person && table.team_of(seat) == table.team_of(person))
        .collect::<Vec<_>>();
    assert_eq!(
        proposals.iter().map(|p| p.seat).collect::<Vec<_>>(),
        teammates
    );
}

/// What the room keeps of what its game awaits follows every move, refused ones included.
#[test]
fn what_the_game_awaits_follows_its_moves() {
    let mut script = Script::duel(concealing_duel(), None);
    script.capacity = ROOMY;
    let said = [
        (1, conceal(1, 2)),
        (2, guess(9, 1)),
        (1, guess(2, 1)),
        (2, guess(2, 1)),
    ];
    for (conn, message) in said {
        script.say(conn, message);
        let game = &script.room.saved.game;
        assert_eq!(game.awaiting(), &game.game().awaiting());
    }
    assert_eq!(
        script.room.saved.version, 4,
        "the concealment, guess and reveal"
    );
}
