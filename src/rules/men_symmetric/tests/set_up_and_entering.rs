//! The players, the board, the sticks, and pieces entering on their own lines.

use super::*;

#[test]
fn two_players_white_at_seat_0_and_black_at_seat_1() {
    checks::white_at_seat_0_and_black_at_seat_1::<MenSymmetric>();
}

#[test]
fn the_board_has_sixteen_narrow_and_sixteen_wide_lines_narrow_at_one_end_wide_at_the_other() {
    let white: Vec<u8> = (1..=LINES).map(|l| Side::White.board_line(l)).collect();
    let black: Vec<u8> = (1..=LINES).map(|l| Side::Black.board_line(l)).collect();
    assert!(white.iter().all(|b| b % 2 == 0) && black.iter().all(|b| b % 2 == 1));
    assert_eq!((white[0], black[0]), (0, 31));
    let mut all: Vec<u8> = white.into_iter().chain(black).collect();
    all.sort_unstable();
    assert_eq!(all, (0..32).collect::<Vec<u8>>());
}

#[test]
fn all_pieces_start_off_the_board_and_white_throws_first() {
    let game = game();
    let view = game.view();
    assert_eq!(view.pieces.len(), 10);
    assert!(view.pieces.values().all(|p| p.place == Place::Start));
    checks::white_throws_first(&game);
}

#[test]
fn the_sticks_score_one_to_four_by_flat_faces_and_five_when_none_is_flat() {
    checks::every_score_is_thrown(game);
}

#[test]
fn a_piece_enters_on_its_own_line_numbered_by_the_throw() {
    let mut game = game();
    throw(&mut game, WHITE, 3);
    assert_eq!(
        Rules::awaiting(&game),
        Awaiting::Action { seats: vec![WHITE] }
    );
    let events = ok(&mut game, WHITE, Action::Enter);
    assert_eq!(
        events[0],
        Event::Entered {
            piece: PieceId(0),
            line: 3
        }
    );
    assert_eq!(game.view().pieces[&PieceId(0)].board_line, Some(4));
}

#[test]
fn another_piece_enters_while_one_is_out_one_piece_a_move() {
    let mut game = thrown(positions::one_white_out(), 2);
    let legal = Rules::legal_actions(&game, WHITE);
    assert!(legal.contains(&Action::Enter) && legal.contains(&Action::Move { piece: PieceId(0) }));
    let events = ok(&mut game, WHITE, Action::Enter);
    assert_eq!(
        events[0],
        Event::Entered {
            piece: PieceId(1),
            line: 2
        }
    );
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(1)));
}

#[test]
fn white_moves_on_narrow_lines_and_black_on_wide_lines() {
    let mut game = game();
    throw_and_play(&mut game, WHITE, 2, Action::Enter);
    throw_and_play(&mut game, BLACK, 2, Action::Enter);
    let view = game.view();
    assert_eq!(view.pieces[&PieceId(0)].board_line, Some(2));
    assert_eq!(view.pieces[&PieceId(5)].board_line, Some(29));
}
