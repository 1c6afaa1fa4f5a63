//! Rules 16 to 18 of the seed: pieces landing on pieces swap.

use super::*;

#[test]
fn rule_16_a_ball_landing_on_a_ball_swaps_with_it() {
    let mut game = at(positions::a_ball_to_swap());
    play(&mut game, A, 2, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Inward { cell: 7 }));
    assert_eq!(game.place(ball(B, 0)), Some(Place::Inward { cell: 5 }));
    let mut game = self::game(2);
    put(&mut game, ball(A, 0), Spot::Track(5));
    put(&mut game, ball(B, 1), Spot::Track(73));
    play(&mut game, A, 2, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Inward { cell: 7 }));
    assert_eq!(game.place(ball(B, 1)), Some(Place::Outward { cell: 5 }));
}

#[test]
fn rule_16_leaving_the_centre_onto_an_opponent_swaps_it_into_the_centre() {
    // Cell 38 seen heading in (spot 38) and heading home (spot 42).
    for other in [Spot::Track(38), Spot::Track(42)] {
        let mut game = game(2);
        put(&mut game, ball(A, 0), Spot::Track(40));
        put(&mut game, ball(B, 0), other);
        game.players[0].saved = 4;
        let events = play(&mut game, A, 2, ball(A, 0));
        assert_eq!(game.place(ball(A, 0)), Some(Place::Outward { cell: 38 }));
        assert_eq!(game.place(ball(B, 0)), Some(Place::Centre));
        assert!(events.contains(&Event::Swapped {
            piece: ball(B, 0),
            to: Place::Centre
        }));
        game.players[1].saved = 3;
        let events = throw(&mut game, B, 2);
        let owes = Event::NoMove { seat: B, score: 2 };
        assert_eq!(events[1], owes, "the swapped ball owes its four ones");
    }
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(40));
    put(&mut game, PieceId::lion(B), Spot::Track(44));
    game.players[0].saved = 10;
    game.players[1].saved = 9;
    play(&mut game, A, 2, PieceId::lion(A));
    assert_eq!(game.place(PieceId::lion(B)), Some(Place::Centre));
    let events = throw(&mut game, B, 6);
    let owes = Event::NoMove { seat: B, score: 6 };
    assert_eq!(events[1], owes, "the swapped lion owes its ten ones");
}

#[test]
fn rule_17_a_lion_heading_in_swaps_with_a_ball() {
    let game = lion_moves_onto(5, ball(B, 0), 9);
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Inward { cell: 9 })
    );
    assert_eq!(game.place(ball(B, 0)), Some(Place::Inward { cell: 5 }));
    assert_eq!(game.eaten(A), 0);
}

#[test]
fn rule_18_lion_against_lion_swaps() {
    let game = lion_moves_onto(41, PieceId::lion(B), 35);
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 35 })
    );
    assert_eq!(
        game.place(PieceId::lion(B)),
        Some(Place::Inward { cell: 39 })
    );
}
