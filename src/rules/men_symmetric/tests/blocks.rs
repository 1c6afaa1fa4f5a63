//! Pieces move one at a time, and two on a line block the opponent.

use super::*;

#[test]
fn pieces_move_one_at_a_time_never_as_a_stack() {
    let (game, _) = moved(positions::white_pair(), 2, 0);
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(6)));
    assert_eq!(game.place(PieceId(1)), Some(Place::Line(4)));
}

#[test]
fn two_pieces_on_a_line_block_the_opponent_from_crossing_it() {
    // Black's line 12 is board line 9, between white's lines 5 (board 8) and 6 (board 10).
    let game = thrown(positions::black_block_ahead(), 1);
    assert_eq!(
        refused(&game, WHITE, Action::Move { piece: PieceId(0) }).kind,
        RefusalKind::Illegal
    );
    assert_eq!(Rules::legal_actions(&game, WHITE), vec![Action::Enter]);
}

#[test]
fn a_second_piece_brought_onto_a_line_makes_a_block() {
    let (mut game, _) = moved(positions::block_to_make(), 2, 0);
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(5)));
    assert_eq!(game.place(PieceId(1)), Some(Place::Line(5)));
    // Black's line 12 (board 9) is just past the pair on white's line 5 (board 8).
    set(&mut game, 5, Place::Line(12));
    throw(&mut game, BLACK, 1);
    let crossing = Action::Move { piece: PieceId(5) };
    assert_eq!(refused(&game, BLACK, crossing).kind, RefusalKind::Illegal);
}

#[test]
fn a_single_piece_does_not_block() {
    let mut game = game();
    set_lines(&mut game, &[(5, 12), (0, 5)]);
    throw_and_play(&mut game, WHITE, 1, Action::Move { piece: PieceId(0) });
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(6)));
}

/// White's block on board 8 facing black's on board 9: read literally, neither could pass.
fn facing_blocks() -> MenSymmetric {
    let mut game = game();
    set_lines(&mut game, &[(0, 5), (1, 5), (5, 12), (6, 12)]);
    game
}

#[test]
fn a_block_holds_when_another_piece_can_use_the_throw() {
    let mut game = facing_blocks();
    throw(&mut game, WHITE, 1);
    let leaving = Action::Move { piece: PieceId(0) };
    assert_eq!(refused(&game, WHITE, leaving).kind, RefusalKind::Illegal);
    assert_eq!(Rules::legal_actions(&game, WHITE), [Action::Enter]);
}

#[test]
fn a_piece_leaving_its_own_block_crosses_an_opposing_block_when_nothing_else_can_move() {
    let mut game = facing_blocks();
    for piece in 2..5 {
        set(&mut game, piece, Place::Off);
    }
    throw(&mut game, WHITE, 1);
    let leaving = [0, 1].map(|piece| Action::Move {
        piece: PieceId(piece),
    });
    assert_eq!(Rules::legal_actions(&game, WHITE), leaving);
    ok(&mut game, WHITE, leaving[0]);
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(6)));
}
