//! Section 2 of the seed: the marbles in hand, the reserve ranges, and what the first finish
//! costs a team.

use super::*;

#[test]
fn concealed_marbles_return_to_hand_but_a_deployed_one_leaves_the_reserve() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 6);
    assert_eq!(game.reserve(CARNELIAN), 6);
    moves(&mut game, LAPIS, 2, Action::Deploy);
    moves(&mut game, CARNELIAN, 6, Action::Recover);
    assert_eq!(game.reserve(CARNELIAN), 6);
    advances(&mut game, LAPIS, 2);
    moves(&mut game, CARNELIAN, 5, Action::Deploy);
    assert_eq!(game.reserve(CARNELIAN), 5);
}

#[test]
fn a_capture_puts_the_marble_back_in_its_owners_pile_to_enter_again() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 3, Action::Deploy);
    assert_eq!(game.reserve(CARNELIAN), 5);
    let events = moves(&mut game, LAPIS, 3, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(0), CARNELIAN)]);
    assert_eq!(game.reserve(CARNELIAN), 6);
    assert!(spaces_of(&game, CARNELIAN).is_empty());
    assert_hides(&game, CARNELIAN, 6);
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    assert_eq!(ids_of(&game, CARNELIAN), [MarbleId(2)]);
}

#[test]
fn reserve_ranges_follow_the_table() {
    let mut game = duel();
    assert_hides(&game, CARNELIAN, 6);
    deploys(&mut game, &[(CARNELIAN, 6), (LAPIS, 1)]);
    assert_hides(&game, CARNELIAN, 5);
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    advances(&mut game, LAPIS, 4);
    assert_hides(&game, CARNELIAN, 4);
    assert_eq!(game.reserve(LAPIS), 5);
}

#[test]
fn one_marble_on_the_serpent_leaves_a_six_player_reserve_of_five() {
    let mut game = teams();
    assert_hides(&game, Seat(0), 6);
    first_round(&mut game, &[]);
    for seat in game.seats() {
        assert_eq!(game.reserve(seat), 5);
    }
    assert_hides(&game, Seat(0), 5);
}

#[test]
fn first_finish_costs_each_other_teammate_a_marble() {
    let mut game = seat_0_near_the_head();
    let events = advances(&mut game, Seat(0), 3);
    assert_eq!(
        events[events.len() - 3..],
        [
            Event::Finished {
                marble: MarbleId(0),
                seat: Seat(0)
            },
            Event::MarbleLost { seat: Seat(1) },
            Event::MarbleLost { seat: Seat(2) },
        ]
    );
    let lost: Vec<u8> = game.seats().map(|s| game.lost(s)).collect();
    assert_eq!(lost, [0, 1, 1, 0, 0, 0]);
    // The finisher's own reserve is 6 less the finished marble.
    let reserves = [0, 1, 3].map(|seat| game.reserve(Seat(seat)));
    assert_eq!(reserves, [5, 5, 6]);
}

#[test]
fn after_the_first_finish_teammates_hide_up_to_five_then_four() {
    let mut game = seat_0_near_the_head();
    advances(&mut game, Seat(0), 3);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    assert_hides(&game, Seat(1), 5);
    moves(&mut game, Seat(1), 1, Action::Deploy);
    assert_eq!(game.reserve(Seat(1)), 4);
    // Seat 4 captures seat 1's marble: it comes back, but the lost marble stays lost.
    let events = moves(&mut game, Seat(4), 1, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(2), Seat(1))]);
    assert_eq!(game.reserve(Seat(1)), 5);
    assert_hides(&game, Seat(2), 5);
    moves(&mut game, Seat(2), 3, Action::Deploy);
    assert_eq!(game.reserve(Seat(2)), 4);
}

#[test]
fn a_teams_first_finished_marble_is_complete_and_safe() {
    let mut game = teams();
    let lion = place(&mut game, Seat(0), 45);
    let lioness = place(&mut game, Seat(3), 44);
    advances(&mut game, Seat(0), 3);
    assert!(game.has_finished(Seat(0)));
    let events = advances(&mut game, Seat(3), 5);
    assert!(captures(&events).is_empty());
    let view = game.view();
    assert!(view.marbles[&lion].finished && view.marbles[&lioness].finished);
    let lost: Vec<u8> = game.seats().map(|s| game.lost(s)).collect();
    assert_eq!(lost, [0, 1, 1, 0, 1, 1]);
}

#[test]
fn teammates_marbles_on_the_serpent_stay_after_the_first_finish() {
    let mut game = seat_0_near_the_head();
    place(&mut game, Seat(1), 10);
    advances(&mut game, Seat(0), 3);
    assert_eq!(spaces_of(&game, Seat(1)), [10]);
    assert_eq!(game.reserve(Seat(1)), 4);
}
