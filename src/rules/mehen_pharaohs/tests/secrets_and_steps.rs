//! Secrets and steps: what the concealer alone sees, the reveal, and the steps the room supplies.

use super::*;

#[test]
fn the_concealer_alone_sees_its_hand() {
    let mut game = new_game(Players::FOUR);
    choose(&mut game, P0);
    let blind = game.view();
    hides(&mut game, 4);
    assert_eq!(Rules::secret(&game, Seat(0)), Some(Hand { hand: 4 }));
    assert_eq!(Rules::secret(&game, Seat(1)), None);
    assert_eq!(Rules::secret(&game, Seat(2)), None);
    let shown = serde_json::to_string(&game.view()).unwrap();
    assert!(!shown.contains("\"hand\""));
    assert_eq!(blind.pharaohs, game.view().pharaohs);
}

#[test]
fn a_reveal_must_open_the_commitment_and_match_the_hand() {
    let mut game = new_game(Players::TWO);
    hides(&mut game, 3);
    ok(&mut game, Seat(1), Action::Guess { number: 1 });
    let error = refused(&game, Seat(0), reveal(2));
    assert_eq!(Refusal::from(error).kind, RefusalKind::CommitmentMismatch);
    let error = refused(&game, Seat(1), reveal(3));
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    ok(&mut game, Seat(0), reveal(3));
}

#[test]
fn a_hand_other_than_the_commitment_is_refused() {
    let mut game = new_game(Players::TWO);
    let commitment = Commitment::new(&GAME, game.turn(), 0, &NONCE, 3);
    let action = Action::Conceal {
        commitment,
        hand: Some(Concealed::new(2)),
    };
    ok(&mut game, Seat(0), action);
    ok(&mut game, Seat(1), Action::Guess { number: 2 });
    let error = refused(&game, Seat(0), reveal(3));
    assert_eq!(
        error,
        PharaohsError::Guessing(GuessingError::CommitmentMismatch)
    );
}

#[test]
fn a_withheld_reveal_counts_as_a_correct_guess() {
    let mut game = new_game(Players::TWO);
    hides(&mut game, 3);
    ok(&mut game, Seat(1), Action::Guess { number: 4 });
    refused(&game, Seat(1), Action::Withhold);
    ok(&mut game, Seat(0), Action::Withhold);
    assert_eq!(game.place(P1), Place::Serpent(4));
    assert_eq!(game.place(P0), Place::Waiting);
}

#[test]
fn steps_map_both_ways_and_are_never_listed() {
    use crate::rules::Step;
    let step = Step::Reveal {
        number: 2,
        nonce: NONCE,
    };
    let action = MehenPharaohs::step_action(step).unwrap();
    assert_eq!(MehenPharaohs::step_of(&action), Some(step));
    assert_eq!(MehenPharaohs::step_of(&Action::Spare), None);
    let game = new_game(Players::TWO);
    assert!(Rules::legal_actions(&game, Seat(0)).is_empty());
    assert!(Rules::legal_actions(&game, Seat(2)).is_empty());
}

#[test]
fn a_seat_beyond_the_table_is_refused() {
    let game = new_game(Players::TWO);
    let error = refused(&game, Seat(2), Action::Spare);
    assert_eq!(Refusal::from(error).kind, RefusalKind::NoSuchSeat);
    let error = refused(&game, Seat(0), Action::Guess { number: 1 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::WrongPhase);
}
