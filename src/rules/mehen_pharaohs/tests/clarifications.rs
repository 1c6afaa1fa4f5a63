//! The clarifications of the seed: swaps, entering, lions whose target leaves.

use super::*;

#[test]
fn an_attacked_pharaoh_swapped_back_keeps_its_lion() {
    let mut game = set_up(
        Players::TWO,
        &[(P0, Place::Serpent(10)), (P1, Place::Serpent(5))],
        &[(P0, Seat(1))],
        LIONESSES,
    );
    miss(&mut game, 5);
    assert_eq!(game.place(P1), Place::Serpent(10));
    assert_eq!(game.place(P0), Place::Serpent(5));
    assert_eq!(game.attacks().get(&P0), Some(&Seat(1)));
}

#[test]
fn an_entering_pharaoh_landing_on_an_opponent_sends_it_off() {
    let mut game = new_game(Players::TWO);
    miss(&mut game, 3);
    let events = miss(&mut game, 3);
    assert!(events.contains(&Event::SentOff { pharaoh: P0 }));
    assert_eq!(game.place(P0), Place::Waiting);
    assert_eq!(game.place(P1), Place::Serpent(3));
}

#[test]
fn a_lion_whose_target_is_sent_off_returns_to_its_team() {
    let mut game = set_up(
        Players::TWO,
        &[(P0, Place::Serpent(3))],
        &[(P0, Seat(1))],
        LIONESSES,
    );
    let events = miss(&mut game, 3);
    assert!(events.contains(&Event::LionReturned {
        target: P0,
        team: LIONESSES
    }));
    assert!(game.attacks().is_empty());
    assert_eq!(game.standing(LIONESSES), 3);
}

#[test]
fn two_lions_never_attack_one_pharaoh() {
    let mut game = offered_a_lion();
    ok(&mut game, Seat(1), Action::Unleash { target: P0 });
    miss(&mut game, 1);
    assert!(matches!(
        game.phase(),
        Phase::Conceal {
            pharaoh: P0,
            contest: Contest::Lion,
            ..
        }
    ));
}

#[test]
fn no_lion_is_offered_without_one_in_hand() {
    let mut game = offered_a_lion();
    ok(&mut game, Seat(1), Action::Spare);
    game.standing[1] = 0;
    game.graveyard[1] = 3;
    game.streaks[1] = 0;
    miss(&mut game, 1);
    hit(&mut game, 1);
    assert!(!matches!(game.phase(), Phase::Unleash { .. }));
}

#[test]
fn a_guesser_whose_pharaoh_is_attacked_does_not_move_it() {
    let mut game = set_up(
        Players::TWO,
        &[(P0, Place::Serpent(10)), (P1, Place::Serpent(20))],
        &[(P1, Seat(0))],
        LIONS,
    );
    let events = hit(&mut game, 3);
    assert!(events.contains(&Event::Stayed { pharaoh: P1 }));
    assert_eq!(game.place(P1), Place::Serpent(20));
    assert!(matches!(game.phase(), Phase::Unleash { target: P0, .. }));
}

#[test]
fn a_delivered_guessers_pharaoh_stays_delivered() {
    let mut game = set_up(Players::FOUR, &[(P2, Place::Delivered)], &[], LIONS);
    choose(&mut game, P0);
    let events = contest(&mut game, 2, 2, Some(Seat(2)));
    assert!(events.contains(&Event::Stayed { pharaoh: P2 }));
}
