//! Falling asleep, waking and abandonment, driven by inputs alone: no task or clock.

use std::time::Duration;

use super::effects::{Capacity, Input};
use super::rest::Farewell;
use super::scripted::Script;
use crate::rules::examples::concealing_duel;
use crate::store::journal::JournalError;
use crate::store::record::Entry;
use crate::store::rooms::{RoomRest, abandoned};
use crate::wire::{ClientMessage, CommitmentMode};

const ROOMY: Capacity = Capacity::Free {
    free: 2,
    short: JournalError::Backlogged,
};

/// A duel whose seat 0 has concealed (the room holds the number), then both players left.
fn concealed_and_left(turn_timer: Option<u32>) -> Script {
    let mut script = Script::duel(concealing_duel(), turn_timer);
    let version = script.room.saved.version;
    script.say(1, ClientMessage::Conceal { version, number: 2 });
    assert!(script.room.held.is_some(), "the room holds the number");
    script.now += Duration::from_secs(5);
    script.input(Input::Disconnect { conn: 1 });
    script.input(Input::Disconnect { conn: 2 });
    script
}

fn asleep(farewell: Farewell) -> RoomRest {
    match farewell {
        Farewell::Sleep(rest) => rest,
        Farewell::Forget => panic!("the room was forgotten rather than put to sleep"),
    }
}

#[test]
fn an_idle_room_sleeps_with_its_deadline_its_number_and_when_it_was_used() {
    let mut script = concealed_and_left(Some(24 * 60 * 60));
    let left = script.now;
    let deadline = script.room.timer.deadline();
    let idle = script.wake().expect("the idle limit");
    assert!(idle.close, "idle before the day's deadline");
    let rest = asleep(script.room.farewell());
    assert!(!rest.awake);
    assert_eq!(rest.deadline, deadline);
    assert_eq!(rest.alarm, deadline, "woken for the deadline");
    assert_eq!(rest.active_at, Some(left));
    let kept = rest.held.expect("the number is kept").0;
    assert_eq!(kept.number, 2);
}

#[test]
fn a_room_without_a_timer_sleeps_until_abandonment() {
    let mut script = concealed_and_left(None);
    let left = script.now;
    script.wake().expect("the idle limit");
    let rest = asleep(script.room.farewell());
    let abandon = super::RoomConfig::default().abandon;
    assert_eq!(rest.alarm, Some(left + abandon));
}

#[test]
fn a_room_nobody_sat_in_is_forgotten() {
    let script = Script::new(concealing_duel(), CommitmentMode::Server, None);
    assert_eq!(script.room.farewell(), Farewell::Forget);
}

#[test]
fn a_game_everyone_left_ends_without_a_winner() {
    let mut script = concealed_and_left(None);
    script.capacity = ROOMY;
    script.now += super::RoomConfig::default().abandon;
    let ended = script.input(Input::Wake);
    let entries: Vec<&Entry> = ended.entries().collect();
    assert!(
        matches!(entries[..], [Entry::Abandoned { result, .. }] if *result == abandoned()),
        "{entries:?}"
    );
    assert!(ended.close);
    assert_eq!(script.room.farewell(), Farewell::Forget, "the room closes");
    assert_eq!(script.room.abandon_at(), None);
}

#[test]
fn an_abandonment_the_journal_cannot_take_is_tried_again() {
    let mut script = concealed_and_left(None);
    script.capacity = Capacity::Free {
        free: 0,
        short: JournalError::Backlogged,
    };
    script.now += super::RoomConfig::default().abandon;
    let refused = script.input(Input::Wake);
    assert_eq!(refused.entries().count(), 0);
    assert!(!refused.close);
    let retry = script.now + Duration::from_secs(1);
    assert_eq!(script.room.abandon_at(), Some(retry));
}

#[test]
fn someone_connected_keeps_a_game_from_being_abandoned() {
    let mut script = Script::duel(concealing_duel(), None);
    script.now += super::RoomConfig::default().abandon;
    assert_eq!(script.room.abandon_at(), None);
}
