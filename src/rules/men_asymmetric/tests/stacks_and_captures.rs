//! Stacks and captures, with the worked examples 11.5 and 11.6.

use super::*;

#[test]
fn landing_on_own_pieces_stacks_them_and_they_move_together() {
    let mut game = thrown(positions::one_white_entered(), 2);
    ok(&mut game, WHITE, Action::Enter);
    assert_eq!(game.stack(2), &[W[0], W[1]]);
    throw_and_play(&mut game, BLACK, 1, Action::Enter);
    throw_and_play(&mut game, WHITE, 3, Action::Move { piece: W[1] });
    assert_eq!(game.stack(5), &[W[0], W[1]]);
}

#[test]
fn landing_on_an_opposing_piece_without_capture_turns_the_stack_the_top_pieces_way() {
    let mut game = game();
    put(&mut game, 10, &[B[0]]);
    put(&mut game, 8, &[W[0]]);
    throw_and_play(&mut game, WHITE, 2, Action::Move { piece: W[0] });
    assert_eq!(game.stack(10), &[B[0], W[0]]);
    let view = game.view();
    assert_eq!(view.stacks[&10].pieces, vec![W[0], B[0]]);
    assert_eq!(view.stacks[&10].controller, Side::White);
    throw(&mut game, BLACK, 1);
    assert_eq!(
        refused(&game, BLACK, Action::Move { piece: B[0] }).kind,
        RefusalKind::Illegal
    );
    ok(&mut game, BLACK, Action::Enter);
    throw_and_play(&mut game, WHITE, 1, Action::Move { piece: W[0] });
    assert_eq!(game.stack(11), &[B[0], W[0]]);
}

#[test]
fn two_whites_landing_directly_on_a_black_capture_it() {
    let mut game = thrown(positions::pair_behind_a_black(), 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[2] });
    assert_eq!(capture(&events), Some((vec![B[0]], Side::White, 1)));
    assert_eq!(game.place(B[0]), Place::Captured);
    assert_eq!(game.stack(5), &[W[1], W[2]]);
    assert_eq!(game.points(Side::White), 1);
}

#[test]
fn one_black_landing_directly_on_two_whites_captures_both() {
    let mut game = game();
    put(&mut game, 10, &[W[0], W[1]]);
    put(&mut game, 12, &[B[0]]);
    black_to_throw(&mut game);
    throw_and_play(&mut game, BLACK, 2, Action::Move { piece: B[0] });
    assert_eq!(game.stack(10), &[B[0]]);
    assert_eq!(game.count(Side::White, Place::Captured), 2);
    assert_eq!(game.points(Side::Black), 2);
}

#[test]
fn a_lone_white_on_a_black_or_a_black_on_a_lone_white_captures_nothing() {
    let mut game = thrown(positions::lone_white_behind_a_black(), 1);
    ok(&mut game, WHITE, Action::Move { piece: W[0] });
    assert_eq!(game.stack(5), &[B[0], W[0]]);
    assert_eq!(game.count(Side::Black, Place::Captured), 0);
}

#[test]
fn example_11_5_a_fifth_white_captures_the_third_black_but_not_the_bottom_one() {
    // Line 5 holds, top to bottom: white, black, white, black; W[2] is on line 3.
    let mut game = thrown(positions::example_11_5(), 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[2] });
    assert_eq!(capture(&events), Some((vec![B[1]], Side::White, 1)));
    assert_eq!(game.stack(5), &[B[0], W[0], W[1], W[2]]);
    assert_eq!(game.view().stacks[&5].controller, Side::White);
    // The stack keeps moving in white's direction.
    throw_and_play(&mut game, WHITE, 1, Action::Move { piece: W[2] });
    assert_eq!(game.stack(6), &[B[0], W[0], W[1], W[2]]);
}

#[test]
fn example_11_6_a_black_on_four_whites_captures_the_top_two() {
    let mut game = thrown(positions::example_11_6(), 2);
    let events = ok(&mut game, BLACK, Action::Move { piece: B[0] });
    assert_eq!(capture(&events), Some((vec![W[3], W[2]], Side::Black, 2)));
    assert_eq!(game.stack(10), &[W[0], W[1], B[0]]);
    // The two whites left travel in black's direction, towards the white end.
    throw_and_play(&mut game, BLACK, 1, Action::Move { piece: B[0] });
    assert_eq!(game.stack(9), &[W[0], W[1], B[0]]);
}

#[test]
fn a_capture_gives_a_second_turn_and_second_turns_chain() {
    let mut game = game();
    put(&mut game, 3, &[W[0], W[1]]);
    put(&mut game, 5, &[B[0]]);
    put(&mut game, 6, &[B[1]]);
    let events = throw_and_play(&mut game, WHITE, 2, Action::Move { piece: W[1] });
    assert_eq!(
        events.last(),
        Some(&Event::SecondTurn { side: Side::White })
    );
    let events = throw_and_play(&mut game, WHITE, 1, Action::Move { piece: W[1] });
    assert_eq!(
        events.last(),
        Some(&Event::SecondTurn { side: Side::White })
    );
    assert_eq!(game.points(Side::White), 2);
}
