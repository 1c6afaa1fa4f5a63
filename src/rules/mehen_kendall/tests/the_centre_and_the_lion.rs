//! Rules 11 to 15 of the seed: the centre, saved ones, and the lion earned, entering and eating.

use super::*;

#[test]
fn rule_11_the_centre_takes_an_exact_score_or_saved_ones() {
    let mut game = at(positions::short_of_the_centre());
    let over = KendallError::OverScore { over: 2, saved: 0 };
    let events = paid_with_saved_ones(&mut game, 6, ball(A, 0), over, (0, 3));
    assert!(matches!(
        events[0],
        Event::Moved {
            to: Place::Centre,
            spent: 2,
            ..
        }
    ));
    assert_eq!(game.saved(A), 1);
}

#[test]
fn rule_12_leaving_the_centre_costs_four_saved_ones() {
    let mut game = at(positions::waiting_in_the_centre());
    let fee = KendallError::ExitFee { need: 4, saved: 3 };
    paid_with_saved_ones(&mut game, 2, ball(A, 0), fee, (3, 5));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Outward { cell: 38 }));
    assert_eq!(game.saved(A), 1);
}

#[test]
fn rule_12_a_ball_in_the_centre_alone_without_its_ones_loses_the_throw() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(40));
    game.players[0].saved = 3;
    let events = throw(&mut game, A, 2);
    assert_eq!(events[1], Event::NoMove { seat: A, score: 2 });
}

#[test]
fn rule_12_other_pieces_move_while_one_waits_in_the_centre() {
    let mut game = at(positions::waiting_in_the_centre());
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
    let mut game = at(positions::almost_home());
    let events = play(&mut game, A, 2, ball(A, 0));
    assert!(events.contains(&Event::LionEarned { seat: A }));
    assert_eq!(game.place(PieceId::lion(A)), Some(Place::OffBoard));
    assert_eq!(game.count_balls(A, Some(Place::OffBoard)), BALLS - 2);
}

#[test]
fn rule_14_the_lion_enters_and_leaves_the_centre_like_a_ball() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Off);
    throw_and_play(&mut game, A, 1, Action::EnterLion);
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Inward { cell: 1 })
    );
    put(&mut game, PieceId::lion(A), Spot::Track(38));
    game.players[0].saved = 2;
    game.phase = Phase::Throw { seat: A };
    play(&mut game, A, 2, PieceId::lion(A));
    assert_eq!(game.place(PieceId::lion(A)), Some(Place::Centre));
    assert_eq!(game.saved(A), 0, "two over: two saved ones, not doubled");
    put(&mut game, ball(A, 0), Spot::Track(3));
    game.phase = Phase::Throw { seat: A };
    let fee = KendallError::ExitFee { need: 10, saved: 9 };
    paid_with_saved_ones(&mut game, 2, PieceId::lion(A), fee, (9, 10));
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 36 })
    );
}

#[test]
fn rule_15_a_lion_heading_home_eats_for_good() {
    let mut game = at(positions::lion_behind_a_ball());
    let events = play(&mut game, A, 3, PieceId::lion(A));
    assert!(events.contains(&Event::Eaten {
        piece: ball(B, 0),
        by: PieceId::lion(A)
    }));
    assert_eq!(game.place(ball(B, 0)), Some(Place::Eaten));
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 33 })
    );
    assert_eq!(game.eaten(A), 1);
    assert!(balls_conserved(&game).is_ok());
}
