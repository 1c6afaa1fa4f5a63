//! Rules 11 to 15 of the seed: the centre, saved ones, and the lion earned, entering and eating.

use super::*;

#[test]
fn rule_11_the_centre_takes_an_exact_score_or_saved_ones() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(38));
    put(&mut game, ball(A, 1), Spot::Track(5));
    throw(&mut game, A, 3);
    let into_centre = Action::Move { piece: ball(A, 0) };
    assert_eq!(
        refused(&game, A, into_centre),
        KendallError::OverScore { over: 1, saved: 0 }
    );
    game.players[0].saved = 2;
    let events = ok(&mut game, A, into_centre);
    assert!(matches!(
        events[0],
        Event::Moved {
            to: Place::Centre,
            spent: 1,
            ..
        }
    ));
    assert_eq!(game.saved(A), 1);
}

#[test]
fn rule_12_leaving_the_centre_costs_four_saved_ones() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(40));
    game.players[0].saved = 3;
    let events = throw(&mut game, A, 2);
    assert_eq!(events[1], Event::NoMove { seat: A, score: 2 });
    game.phase = Phase::Throw { seat: A };
    game.players[0].saved = 5;
    throw(&mut game, A, 2);
    ok(&mut game, A, Action::Move { piece: ball(A, 0) });
    assert_eq!(game.place(ball(A, 0)), Some(Place::Outward { cell: 38 }));
    assert_eq!(game.saved(A), 1);
}

#[test]
fn rule_12_other_pieces_move_while_one_waits_in_the_centre() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(40));
    put(&mut game, ball(A, 1), Spot::Track(5));
    game.players[0].saved = 3;
    throw(&mut game, A, 2);
    let other = Action::Move { piece: ball(A, 1) };
    assert_eq!(game.legal_actions(A), [other]);
    ok(&mut game, A, other);
    assert_eq!(game.place(ball(A, 1)), Some(Place::Inward { cell: 7 }));
    assert_eq!(
        game.place(ball(A, 0)),
        Some(Place::Centre),
        "it waits for its ones"
    );
}

#[test]
fn rule_13_the_first_ball_home_earns_the_lion() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(79));
    let events = play(&mut game, A, 2, ball(A, 0));
    assert!(events.contains(&Event::LionEarned { seat: A }));
    assert_eq!(game.place(PieceId::lion(A)), Some(Place::OffBoard));
    assert_eq!(game.count_balls(A, Some(Place::OffBoard)), BALLS - 1);
}

#[test]
fn rule_14_the_lion_enters_and_leaves_the_centre_like_a_ball() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Off);
    throw(&mut game, A, 1);
    ok(&mut game, A, Action::EnterLion);
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Inward { cell: 1 })
    );
    put(&mut game, PieceId::lion(A), Spot::Track(38));
    game.players[0].saved = 2;
    game.phase = Phase::Throw { seat: A };
    throw(&mut game, A, 2);
    ok(
        &mut game,
        A,
        Action::Move {
            piece: PieceId::lion(A),
        },
    );
    assert_eq!(game.place(PieceId::lion(A)), Some(Place::Centre));
    assert_eq!(game.saved(A), 0, "two over: two saved ones, not doubled");
    game.players[0].saved = 9;
    put(&mut game, ball(A, 0), Spot::Track(3));
    game.phase = Phase::Throw { seat: A };
    throw(&mut game, A, 2);
    let leave = Action::Move {
        piece: PieceId::lion(A),
    };
    assert_eq!(
        refused(&game, A, leave),
        KendallError::ExitFee { need: 10, saved: 9 }
    );
    game.players[0].saved = 10;
    ok(&mut game, A, leave);
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 36 })
    );
}

#[test]
fn rule_15_a_lion_heading_home_eats_for_good() {
    let mut game = game(3);
    put(&mut game, PieceId::lion(A), Spot::Track(41));
    put(&mut game, ball(Seat(2), 3), Spot::Track(45));
    let events = play(&mut game, A, 2, PieceId::lion(A));
    assert!(events.contains(&Event::Eaten {
        piece: ball(Seat(2), 3),
        by: PieceId::lion(A)
    }));
    assert_eq!(game.place(ball(Seat(2), 3)), Some(Place::Eaten));
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 35 })
    );
    assert!(balls_conserved(&game).is_ok());
}
