//! Rules 1 to 10 of the seed: the players, the pieces, the sticks, and how balls and lions
//! enter and move.

use super::*;

#[test]
fn rule_01_two_to_six_players() {
    for count in 2..=6u8 {
        let parsed: Options =
            serde_json::from_str(&format!(r#"{{"players":{count},"board":"compact"}}"#)).unwrap();
        let table = MehenKendall::table(&parsed);
        assert_eq!(table.seats.len(), usize::from(count));
        assert!(
            table
                .seats
                .iter()
                .enumerate()
                .all(|(i, s)| s.team == Team(i as u8))
        );
    }
    for count in [0, 1, 7] {
        let error =
            serde_json::from_str::<Options>(&format!(r#"{{"players":{count},"board":"compact"}}"#))
                .unwrap_err();
        assert!(error.to_string().contains("2 to 6 players"), "{error}");
    }
    assert_eq!(MehenKendall::presets().len(), 5);
}

#[test]
fn rule_02_six_balls_and_a_lion_each() {
    let game = game(6);
    for seat in game.seats() {
        assert_eq!(game.count_balls(seat, Some(Place::OffBoard)), BALLS);
        assert_eq!(game.place(PieceId::lion(seat)), None);
    }
    assert_eq!(game.view().pieces.len(), 36);
}

#[test]
fn rule_03_three_sticks_score_1_2_3_6() {
    for (bits, score) in [(0b001, 1), (0b110, 2), (0b111, 3), (0, 6)] {
        let mut game = game(2);
        let events = ok(&mut game, A, Action::Throw { faces: Faces(bits) });
        assert_eq!(events[0], Event::Thrown { seat: A, score });
    }
    let game = game(2);
    let error = refused(
        &game,
        A,
        Action::Throw {
            faces: Faces(0b1000),
        },
    );
    assert_eq!(Refusal::from(error).kind, RefusalKind::Malformed);
}

#[test]
fn rule_04_the_lion_exists_to_eat_balls() {
    let game = lion_moves_onto(41, ball(B, 0), 35);
    assert_eq!(game.eaten(A), 1);
    assert_eq!(game.view().players[0].eaten, 1);
    assert_eq!(game.view().players[1].lost, 1);
}

#[test]
fn rule_05_balls_go_to_the_centre_and_back_to_the_tail() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(38));
    play(&mut game, A, 2, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Centre));
    let mut game = self::game(2);
    put(&mut game, ball(A, 0), Spot::Track(78));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Outward { cell: 2 }));
    play(&mut game, A, 6, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Home));
}

#[test]
fn rule_06_one_throw_a_turn_even_a_six() {
    let mut game = game(3);
    put(&mut game, ball(A, 0), Spot::Track(5));
    play(&mut game, A, 6, ball(A, 0));
    assert_eq!(game.phase(), Phase::Throw { seat: B });
    let error = refused_throw(&game, A, STICKS, 6);
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
}

#[test]
fn rule_07_balls_start_off_and_enter_one_by_one() {
    let mut game = game(2);
    assert_eq!(game.count_balls(A, Some(Place::OffBoard)), BALLS);
    throw(&mut game, A, 1);
    assert_eq!(game.legal_actions(A), vec![Action::Save, Action::EnterBall]);
    ok(&mut game, A, Action::EnterBall);
    assert_eq!(game.place(ball(A, 0)), Some(Place::Inward { cell: 1 }));
    assert_eq!(game.count_balls(A, Some(Place::OffBoard)), BALLS - 1);
    game.phase = Phase::Throw { seat: A };
    assert_eq!(game.ball_entry(A), Err(KendallError::EntryTaken));
    let events = throw(&mut game, A, 1);
    assert_eq!(
        events[1],
        Event::Saved { seat: A, saved: 1 },
        "no entry: the 1 is saved"
    );
}

#[test]
fn rule_08_a_lion_moves_double() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(5));
    play(&mut game, A, 3, PieceId::lion(A));
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Inward { cell: 11 })
    );
}

#[test]
fn rule_09_a_ball_enters_only_on_a_one() {
    let mut game = game(2);
    let events = throw(&mut game, A, 2);
    assert_eq!(events[1], Event::NoMove { seat: A, score: 2 });
    assert_eq!(game.phase(), Phase::Throw { seat: B });
    put(&mut game, ball(B, 0), Spot::Track(5));
    throw(&mut game, B, 3);
    assert!(matches!(
        refused(&game, B, Action::EnterBall),
        KendallError::NeedsOne { score: 3, .. }
    ));
}

#[test]
fn rule_10_a_one_is_saved_not_moved() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(5));
    throw(&mut game, A, 1);
    let move_it = Action::Move { piece: ball(A, 0) };
    assert_eq!(refused(&game, A, move_it), KendallError::OneMovesNothing);
    ok(&mut game, A, Action::Save);
    assert_eq!(game.saved(A), 1);
    for index in 0..BALLS {
        put(&mut game, ball(B, index), Spot::Track(2 + u16::from(index)));
    }
    let events = throw(&mut game, B, 1);
    assert_eq!(events[1], Event::Saved { seat: B, saved: 1 });
    assert_eq!(game.phase(), Phase::Throw { seat: A });
}
