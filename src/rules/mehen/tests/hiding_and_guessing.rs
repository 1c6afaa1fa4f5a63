//! Section 2 of the seed: hiding, guessing, revealing, and what a guess brings.

use super::*;

#[test]
fn duel_players_alternate_whatever_the_turn_brought() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 2);
    assert_eq!(*game.phase(), Phase::Conceal { actor: LAPIS });
    moves(&mut game, LAPIS, 3, Action::Deploy);
    assert_eq!(*game.phase(), Phase::Conceal { actor: CARNELIAN });
    moves(&mut game, CARNELIAN, 3, Action::Recover);
    assert_eq!(*game.phase(), Phase::Conceal { actor: LAPIS });
}

#[test]
fn teams_alternate_and_the_team_to_move_chooses_its_actor() {
    let mut game = teams();
    let action = Action::Choose { seat: Seat(1) };
    assert_eq!(
        refused(&game, Seat(3), action).to_string(),
        "it is not your turn to choose who acts: the game is waiting for the team to choose who acts"
    );
    let events = ok(&mut game, Seat(0), action);
    assert_eq!(
        events,
        [Event::ActorChosen {
            seat: Seat(1),
            turn: 1
        }]
    );
    moves(&mut game, Seat(1), 2, Action::Deploy);
    assert_eq!(*game.phase(), Phase::Choose { team: LIONESSES });
    moves(&mut game, Seat(5), 3, Action::Deploy);
    assert_eq!(*game.phase(), Phase::Choose { team: LIONS });
}

#[test]
fn conceal_ranges_from_one_to_the_reserve() {
    let game = duel();
    for (number, message) in [
        (0, "conceal 0 is outside 1–6"),
        (7, "conceal 7 is outside 1–6"),
    ] {
        let action = conceal(&game, CARNELIAN, number);
        assert_eq!(refused(&game, CARNELIAN, action).to_string(), message);
    }
    let by_lapis = conceal(&game, LAPIS, 3);
    assert!(matches!(
        refused(&game, LAPIS, by_lapis),
        MehenError::Turn(TurnError::NotYourTurn { .. })
    ));
    assert_hides(&game, CARNELIAN, 6);
}

#[test]
fn the_guess_is_a_whole_number_in_the_concealers_range() {
    let mut game = duel();
    deploys(&mut game, &[(CARNELIAN, 4), (LAPIS, 1)]);
    let concealment = conceal(&game, CARNELIAN, 3);
    ok(&mut game, CARNELIAN, concealment);
    for number in [0, 6, 7] {
        assert_eq!(
            refused(&game, LAPIS, guess(number)).to_string(),
            format!("guess {number} is outside 1–5")
        );
    }
    // An out-of-range guess is refused, not counted as wrong: the guess is still awaited.
    assert!(matches!(game.phase(), Phase::Guess { .. }));
    assert!(matches!(
        refused(&game, CARNELIAN, guess(2)),
        MehenError::Turn(TurnError::NotYourTurn { .. })
    ));
    ok(&mut game, LAPIS, guess(5));
}

#[test]
fn the_reveal_must_open_the_commitment() {
    let mut game = duel();
    let concealment = conceal(&game, CARNELIAN, 3);
    ok(&mut game, CARNELIAN, concealment);
    ok(&mut game, LAPIS, guess(1));
    assert!(matches!(
        refused(&game, LAPIS, reveal(3)),
        MehenError::Turn(TurnError::NotYourTurn { .. })
    ));
    assert_eq!(
        refused(&game, CARNELIAN, reveal(4)).to_string(),
        "the revealed number and nonce do not open the commitment"
    );
    assert_eq!(
        refused(&game, CARNELIAN, reveal(7)).to_string(),
        "reveal 7 is outside 1–6"
    );
    let other_nonce = Action::Reveal {
        number: 3,
        nonce: Nonce::from_bytes([0; 32]),
    };
    assert_eq!(
        refused(&game, CARNELIAN, other_nonce),
        MehenError::Guessing(GuessingError::CommitmentMismatch)
    );
    ok(&mut game, CARNELIAN, reveal(3));

    // A commitment to 3 told to the engine as 4 opens to neither: the concealer can only
    // withhold.
    let mut game = duel();
    let Action::Conceal { commitment, .. } = conceal(&game, CARNELIAN, 3) else {
        unreachable!("conceal makes a concealment")
    };
    let hand = Some(Concealed::new(4));
    ok(&mut game, CARNELIAN, Action::Conceal { commitment, hand });
    ok(&mut game, LAPIS, guess(1));
    for number in [3, 4] {
        assert_eq!(
            refused(&game, CARNELIAN, reveal(number)),
            MehenError::Guessing(GuessingError::CommitmentMismatch)
        );
    }
    ok(&mut game, CARNELIAN, Action::Withhold);
}

#[test]
fn a_commitment_binds_its_turn_and_may_keep_the_number_from_the_engine() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    // A commitment made for another turn does not open on this one.
    let commitment = Commitment::new(&GAME, game.turn() - 1, LAPIS.0, &NONCE, 3);
    let hand = None;
    ok(&mut game, LAPIS, Action::Conceal { commitment, hand });
    ok(&mut game, CARNELIAN, guess(1));
    assert_eq!(
        refused(&game, LAPIS, reveal(3)),
        MehenError::Guessing(GuessingError::CommitmentMismatch)
    );

    // A trustless concealer keeps the number: the engine learns it only at the reveal.
    let mut game = duel();
    let commitment = Commitment::new(&GAME, game.turn(), CARNELIAN.0, &NONCE, 5);
    ok(&mut game, CARNELIAN, Action::Conceal { commitment, hand });
    assert_eq!(game.hand(Viewer::Seat(CARNELIAN)), None);
    ok(&mut game, LAPIS, guess(2));
    ok(&mut game, CARNELIAN, reveal(5));
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor: CARNELIAN,
            distance: 5
        }
    );
}

#[test]
fn correct_guess_knocks_one_lion_down() {
    let mut game = at(positions::lapis_to_hide());
    let marbles = game.marbles().to_vec();
    let events = caught(&mut game, LAPIS, 2);
    assert!(events.contains(&Event::LionFell {
        seat: LAPIS,
        standing: 2
    }));
    assert_eq!(game.lions(LAPIS), 2);
    assert_eq!(game.lions(CARNELIAN), 3);
    assert_eq!(game.marbles(), marbles, "nothing moves");
    assert_eq!(*game.phase(), Phase::Conceal { actor: CARNELIAN });
}

#[test]
fn correct_guess_freezes_the_actor_in_the_team_game() {
    let mut game = teams();
    first_round(&mut game, &[]);
    let events = caught(&mut game, Seat(1), 5);
    assert!(events.contains(&Event::Frozen { seat: Seat(1) }));
    assert!(game.is_frozen(Seat(1)));
    assert_eq!(game.lions(Seat(1)), 0);
    assert!(
        game.seats()
            .filter(|&s| s != Seat(1))
            .all(|s| !game.is_frozen(s))
    );
    assert_eq!(spaces_of(&game, Seat(1)), [1]);
    assert_eq!(*game.phase(), Phase::Choose { team: LIONESSES });
}

#[test]
fn wrong_guess_lets_the_actor_move_or_recover() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 2);
    moves(&mut game, LAPIS, 2, Action::Deploy);
    wrong_guess(&mut game, CARNELIAN, 3);
    assert_eq!(
        game.legal_actions(CARNELIAN),
        [Action::Deploy, Action::Recover]
    );
    // Recovering is a choice: moving instead leaves the lion down.
    let mut moved = game.clone();
    ok(&mut moved, CARNELIAN, Action::Deploy);
    assert_eq!(spaces_of(&moved, CARNELIAN), [3]);
    assert_eq!(moved.lions(CARNELIAN), 2);
    ok(&mut game, CARNELIAN, Action::Recover);
    assert_eq!(game.lions(CARNELIAN), 3);
}

#[test]
fn wrong_guess_lets_the_actor_revive_a_frozen_teammate_instead_of_moving() {
    let mut game = seat_0_frozen();
    wrong_guess(&mut game, Seat(1), 4);
    let revive = Action::Revive { seat: Seat(0) };
    assert_eq!(game.legal_actions(Seat(1)), [Action::Deploy, revive]);
    let events = ok(&mut game, Seat(1), revive);
    assert_eq!(
        events[0],
        Event::Revived {
            seat: Seat(0),
            by: Seat(1)
        }
    );
    assert!(!game.is_frozen(Seat(0)));
    assert!(spaces_of(&game, Seat(1)).is_empty());
}

#[test]
fn only_the_concealed_number_is_secret_and_every_reserve_is_public() {
    let mut game = first_marbles_in();
    let concealment = conceal(&game, CARNELIAN, 4);
    let Action::Conceal { commitment, .. } = concealment else {
        unreachable!("conceal makes a concealment")
    };
    let events = ok(&mut game, CARNELIAN, concealment);
    assert!(matches!(
        events[..],
        [Event::Concealed {
            seat: CARNELIAN,
            ..
        }]
    ));
    let hand = |game: &Mehen, viewer| game.hand(viewer);
    assert_eq!(hand(&game, Viewer::Seat(CARNELIAN)), Some(4));
    assert_eq!(hand(&game, Viewer::Seat(LAPIS)), None);
    assert_eq!(hand(&game, Viewer::Spectator), None);
    let spectator = game.view();
    let reserves: Vec<u8> = spectator.players.iter().map(|p| p.reserve).collect();
    assert_eq!(reserves, [5, 5]);
    assert_eq!(
        spectator.phase,
        PhaseView::Guess {
            actor: CARNELIAN,
            commitment,
            max: 5
        }
    );
    ok(&mut game, LAPIS, guess(1));
    let events = ok(&mut game, CARNELIAN, reveal(4));
    assert!(events.contains(&Event::Revealed {
        seat: CARNELIAN,
        turn: game.turn(),
        number: 4,
        nonce: NONCE,
        correct: false
    }));
    assert_eq!(hand(&game, Viewer::Seat(CARNELIAN)), None);
}
