//! The players, the sticks, and pieces entering on the narrow lines from opposite ends.

use super::*;

#[test]
fn two_players_white_at_seat_0_and_black_at_seat_1() {
    checks::white_at_seat_0_and_black_at_seat_1::<MenAsymmetric>();
}

#[test]
fn all_pieces_start_off_the_board_and_white_throws_first() {
    let game = game();
    assert!(game.view().pieces.values().all(|p| p.place == Place::Start));
    checks::white_throws_first(&game);
}

#[test]
fn the_sticks_score_one_to_four_by_flat_faces_and_five_when_none_is_flat() {
    checks::every_score_is_thrown(game);
}

#[test]
fn both_sides_move_on_the_narrow_lines_from_opposite_ends() {
    let mut game = game();
    throw_and_play(&mut game, WHITE, 2, Action::Enter);
    throw_and_play(&mut game, BLACK, 2, Action::Enter);
    assert_eq!(game.place(W[0]), Place::Line(2));
    assert_eq!(game.place(B[0]), Place::Line(15));
}

#[test]
fn every_line_in_the_events_counts_from_the_white_end() {
    let mut game = game();
    let events = throw_and_play(&mut game, WHITE, 2, Action::Enter);
    assert!(events.contains(&Event::Entered {
        piece: W[0],
        line: 2
    }));
    let events = throw_and_play(&mut game, BLACK, 2, Action::Enter);
    assert!(events.contains(&Event::Entered {
        piece: B[0],
        line: 15
    }));
    throw_and_play(&mut game, WHITE, 3, Action::Move { piece: W[0] });
    let events = throw_and_play(&mut game, BLACK, 3, Action::Move { piece: B[0] });
    let moved = Event::Moved {
        piece: B[0],
        from: 15,
        to: Landing::Line(12),
    };
    assert!(
        events.contains(&moved),
        "black's own line 5 is line 12: {events:?}"
    );
}
