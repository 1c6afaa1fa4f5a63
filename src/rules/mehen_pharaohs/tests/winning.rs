//! Winning: reaching the head and delivering every pharaoh.

use super::*;

#[test]
fn the_head_needs_no_exact_throw() {
    let mut game = set_up(Players::FOUR, &[(P0, Place::Serpent(68))], &[], LIONS);
    choose(&mut game, P0);
    miss(&mut game, 5);
    assert_eq!(game.place(P0), Place::Delivered);
    assert_eq!(game.outcome(), None, "a teammate is still on the way");
    assert!(matches!(game.phase(), Phase::Choose { team: LIONESSES }));
}

#[test]
fn space_seventy_is_a_playing_space() {
    let places = [(P0, Place::Serpent(66)), (P1, Place::Serpent(68))];
    let mut game = set_up(Players::TWO, &places, &[], LIONS);
    miss(&mut game, 4);
    assert_eq!(
        game.place(P0),
        Place::Serpent(70),
        "70 is reached, not passed"
    );
    assert_eq!(game.outcome(), None);
    let events = miss(&mut game, 2);
    assert_eq!(game.place(P1), Place::Serpent(70));
    assert_eq!(
        game.place(P0),
        Place::Serpent(68),
        "a swap on 70 as anywhere"
    );
    assert!(events.contains(&Event::Swapped {
        pharaoh: P0,
        to: 68
    }));
    let places = [(P0, Place::Serpent(40)), (P1, Place::Serpent(70))];
    let mut game = set_up(Players::TWO, &places, &[], LIONESSES);
    hit(&mut game, 1);
    let events = ok(&mut game, Seat(0), Action::Unleash { target: P1 });
    assert!(events.contains(&Event::LionUnleashed {
        by: Seat(0),
        target: P1
    }));
    assert_eq!(
        game.attacks().get(&P1),
        Some(&Seat(0)),
        "a lion attacks on 70"
    );
    assert_eq!(game.place(P1), Place::Serpent(70));
}

#[test]
fn a_teammate_on_space_seventy_is_passed_into_the_head() {
    let places = [(P0, Place::Serpent(70)), (P1, Place::Serpent(67))];
    let mut game = set_up(Players::FOUR, &places, &[], LIONS);
    choose(&mut game, P1);
    miss(&mut game, 3);
    assert_eq!(
        game.place(P1),
        Place::Delivered,
        "one on from 70 is the head"
    );
    assert_eq!(game.place(P0), Place::Serpent(70));
}

#[test]
fn a_delivered_pharaoh_can_no_longer_be_chosen() {
    let mut game = set_up(Players::FOUR, &[(P0, Place::Delivered)], &[], LIONS);
    assert_eq!(concealer(&game), Seat(1), "the one pharaoh left moves");
    game.phase = Phase::Choose { team: LIONS };
    let error = refused(&game, Seat(0), Action::Choose { pharaoh: P0 });
    assert_eq!(error, PharaohsError::AlreadyDelivered { pharaoh: P0 });
}

#[test]
fn the_first_team_to_deliver_all_its_pharaohs_wins() {
    let mut game = set_up(
        Players::FOUR,
        &[(P0, Place::Delivered), (P1, Place::Serpent(66))],
        &[],
        LIONS,
    );
    let events = miss(&mut game, 5);
    let outcome = Outcome {
        winner: Some(LIONS),
        reason: WinReason::AllDelivered,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(Rules::awaiting(&game), Awaiting::Over);
    let error = refused(&game, Seat(0), Action::Spare);
    assert_eq!(Refusal::from(error).kind, RefusalKind::GameOver);
}

#[test]
fn a_correct_guesser_can_win_with_the_move() {
    let mut game = set_up(Players::TWO, &[(P1, Place::Serpent(67))], &[], LIONS);
    hit(&mut game, 4);
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(LIONESSES));
}
