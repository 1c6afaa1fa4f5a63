//! The lion attack: fighting the lion, and the streak of correct guesses that revives one.

use super::*;

fn attacked() -> MehenPharaohs {
    at(positions::lion_on_your_pharaoh())
}

#[test]
fn an_attacked_pharaoh_first_fights_the_lion_one_to_three() {
    let mut game = attacked();
    assert_eq!(hiding_awaited(&game), (Seat(1), 1, 3));
    let hiding = conceal(&game, 4);
    let error = refused(&game, Seat(1), hiding);
    assert_eq!(Refusal::from(error).kind, RefusalKind::OutOfRange);
    hides(&mut game, 2);
    assert!(matches!(
        Rules::awaiting(&game),
        Awaiting::Guess { ref seats, max: 3, .. } if *seats == [Seat(0)]
    ));
}

#[test]
fn only_the_attacked_pharaohs_owner_guesses_the_lion() {
    let mut game = set_up(
        Players::FOUR,
        &[(P0, Place::Serpent(10))],
        &[(P0, Seat(2))],
        LIONS,
    );
    choose(&mut game, P0);
    let hiding = conceal(&game, 1);
    ok(&mut game, Seat(2), hiding);
    let error = refused(&game, Seat(1), Action::Guess { number: 1 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    assert!(game.legal_actions(Seat(1)).is_empty());
    assert_eq!(game.legal_actions(Seat(0)).len(), 3);
}

#[test]
fn a_correct_lion_guess_kills_it_and_a_normal_move_follows() {
    let mut game = attacked();
    let fight = game.turn();
    let events = hit(&mut game, 2);
    assert!(events.contains(&Event::LionKilled {
        target: P0,
        team: LIONESSES
    }));
    assert!(game.attacks().is_empty());
    assert_eq!(game.graveyard(LIONESSES), 1);
    assert_eq!(concealer(&game), Seat(0), "the owner hides for the move");
    assert_eq!(game.turn(), fight + 1, "a new commitment, a new turn");
    miss(&mut game, 4);
    assert_eq!(game.place(P0), Place::Serpent(14));
}

#[test]
fn a_wrong_lion_guess_ends_the_turn_without_a_move() {
    let mut game = attacked();
    let events = miss(&mut game, 2);
    assert!(events.contains(&Event::LionHeld { target: P0 }));
    assert_eq!(game.place(P0), Place::Serpent(10));
    assert_eq!(game.attacks().get(&P0), Some(&Seat(1)));
    assert_eq!(concealer(&game), Seat(1));
    assert_eq!(game.waiting_for(), "the concealer to hide marbles");
}

#[test]
fn two_correct_move_guesses_in_a_row_revive_a_dead_lion() {
    let mut game = lionesses_on_a_streak();
    assert_eq!(game.streak(LIONESSES), 1);
    miss(&mut game, 1);
    let events = hit(&mut game, 3);
    assert!(events.contains(&Event::LionRevived { team: LIONESSES }));
    assert_eq!(lions(&game, LIONESSES), (3, 0, 0));
}

#[test]
fn a_wrong_move_guess_breaks_the_streak() {
    let mut game = lionesses_on_a_streak();
    miss(&mut game, 1);
    miss(&mut game, 3);
    assert_eq!(lions(&game, LIONESSES), (2, 1, 0));
}

#[test]
fn lion_guesses_do_not_count_towards_the_streak() {
    let mut game = attacked();
    hit(&mut game, 2);
    assert_eq!(game.streak(LIONS), 0);
}

#[test]
fn the_streak_counts_for_the_whole_team() {
    let mut game = a_lioness_lion_dead(Players::FOUR);
    choose(&mut game, P0);
    contest(&mut game, 2, 2, Some(Seat(2)));
    choose(&mut game, P2);
    miss(&mut game, 1);
    choose(&mut game, P1);
    let events = contest(&mut game, 3, 3, Some(Seat(3)));
    assert!(events.contains(&Event::LionRevived { team: LIONESSES }));
}
