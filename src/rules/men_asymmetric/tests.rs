//! One test per rule sentence of seed 003's asymmetric rules, the worked examples 11.5 and
//! 11.6, the decisions of `docs/rules/men-asymmetric.md`, the refusals, and random play.
//! Positions are set by hand with `put` where reaching them by play would take many throws.

use super::*;
use crate::rules::men::checks::{self, BLACK, STICKS, WHITE};
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::testing::{faces, ok, refused, throw};
use crate::rules::{Awaiting, Outcome, RefusalKind, Rules, Seat, Team};

const GAME: GameId = GameId([0x4a; 16]);
const W: [PieceId; 5] = [PieceId(0), PieceId(1), PieceId(2), PieceId(3), PieceId(4)];
const B: [PieceId; 5] = [PieceId(5), PieceId(6), PieceId(7), PieceId(8), PieceId(9)];

fn game() -> MenAsymmetric {
    MenAsymmetric::new(GAME)
}

/// Puts a stack, bottom first, on narrow `line` by hand.
fn put(game: &mut MenAsymmetric, line: u8, stack: &[PieceId]) {
    game.stacks[usize::from(line - 1)] = stack.to_vec();
}

fn black_to_throw(game: &mut MenAsymmetric) {
    game.phase = Phase::Throw { side: Side::Black };
}

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
    throw(&mut game, WHITE, 2);
    ok(&mut game, WHITE, Action::Enter);
    throw(&mut game, BLACK, 2);
    ok(&mut game, BLACK, Action::Enter);
    assert_eq!(game.place(W[0]), Place::Line(2));
    assert_eq!(game.place(B[0]), Place::Line(15));
}

#[test]
fn every_line_in_the_events_counts_from_the_white_end() {
    let mut game = game();
    throw(&mut game, WHITE, 2);
    let events = ok(&mut game, WHITE, Action::Enter);
    assert!(events.contains(&Event::Entered {
        piece: W[0],
        line: 2
    }));
    throw(&mut game, BLACK, 2);
    let events = ok(&mut game, BLACK, Action::Enter);
    assert!(events.contains(&Event::Entered {
        piece: B[0],
        line: 15
    }));
    throw(&mut game, WHITE, 3);
    ok(&mut game, WHITE, Action::Move { piece: W[0] });
    throw(&mut game, BLACK, 3);
    let events = ok(&mut game, BLACK, Action::Move { piece: B[0] });
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

#[test]
fn landing_on_own_pieces_stacks_them_and_they_move_together() {
    let mut game = game();
    put(&mut game, 2, &[W[0]]);
    throw(&mut game, WHITE, 2);
    ok(&mut game, WHITE, Action::Enter);
    assert_eq!(game.stack(2), &[W[0], W[1]]);
    throw(&mut game, BLACK, 1);
    ok(&mut game, BLACK, Action::Enter);
    throw(&mut game, WHITE, 3);
    ok(&mut game, WHITE, Action::Move { piece: W[1] });
    assert_eq!(game.stack(5), &[W[0], W[1]]);
}

#[test]
fn landing_on_an_opposing_piece_without_capture_turns_the_stack_the_top_pieces_way() {
    let mut game = game();
    put(&mut game, 10, &[B[0]]);
    put(&mut game, 8, &[W[0]]);
    throw(&mut game, WHITE, 2);
    ok(&mut game, WHITE, Action::Move { piece: W[0] });
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
    throw(&mut game, WHITE, 1);
    ok(&mut game, WHITE, Action::Move { piece: W[0] });
    assert_eq!(game.stack(11), &[B[0], W[0]]);
}

#[test]
fn two_whites_landing_directly_on_a_black_capture_it() {
    let mut game = game();
    put(&mut game, 3, &[W[0], W[1]]);
    put(&mut game, 5, &[B[0]]);
    throw(&mut game, WHITE, 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[1] });
    assert!(events.contains(&Event::Captured {
        pieces: vec![B[0]],
        by: Side::White,
        points: 1
    }));
    assert_eq!(game.place(B[0]), Place::Captured);
    assert_eq!(game.stack(5), &[W[0], W[1]]);
    assert_eq!(game.points(Side::White), 1);
}

#[test]
fn one_black_landing_directly_on_two_whites_captures_both() {
    let mut game = game();
    put(&mut game, 10, &[W[0], W[1]]);
    put(&mut game, 12, &[B[0]]);
    black_to_throw(&mut game);
    throw(&mut game, BLACK, 2);
    ok(&mut game, BLACK, Action::Move { piece: B[0] });
    assert_eq!(game.stack(10), &[B[0]]);
    assert_eq!(game.count(Side::White, Place::Captured), 2);
    assert_eq!(game.points(Side::Black), 2);
}

#[test]
fn a_lone_white_on_a_black_or_a_black_on_a_lone_white_captures_nothing() {
    let mut game = game();
    put(&mut game, 5, &[B[0]]);
    put(&mut game, 4, &[W[0]]);
    throw(&mut game, WHITE, 1);
    ok(&mut game, WHITE, Action::Move { piece: W[0] });
    assert_eq!(game.stack(5), &[B[0], W[0]]);
    assert_eq!(game.count(Side::Black, Place::Captured), 0);
}

#[test]
fn example_11_5_a_fifth_white_captures_the_third_black_but_not_the_bottom_one() {
    let mut game = game();
    // Top to bottom: white, black, white, black.
    put(&mut game, 5, &[B[0], W[0], B[1], W[1]]);
    put(&mut game, 3, &[W[2]]);
    throw(&mut game, WHITE, 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[2] });
    assert!(events.contains(&Event::Captured {
        pieces: vec![B[1]],
        by: Side::White,
        points: 1
    }));
    assert_eq!(game.stack(5), &[B[0], W[0], W[1], W[2]]);
    assert_eq!(game.view().stacks[&5].controller, Side::White);
    // The stack keeps moving in white's direction.
    throw(&mut game, WHITE, 1);
    ok(&mut game, WHITE, Action::Move { piece: W[2] });
    assert_eq!(game.stack(6), &[B[0], W[0], W[1], W[2]]);
}

#[test]
fn example_11_6_a_black_on_four_whites_captures_the_top_two() {
    let mut game = game();
    put(&mut game, 10, &[W[0], W[1], W[2], W[3]]);
    put(&mut game, 12, &[B[0]]);
    black_to_throw(&mut game);
    throw(&mut game, BLACK, 2);
    let events = ok(&mut game, BLACK, Action::Move { piece: B[0] });
    assert!(events.contains(&Event::Captured {
        pieces: vec![W[3], W[2]],
        by: Side::Black,
        points: 2
    }));
    assert_eq!(game.stack(10), &[W[0], W[1], B[0]]);
    // The two whites left travel in black's direction, towards the white end.
    throw(&mut game, BLACK, 1);
    ok(&mut game, BLACK, Action::Move { piece: B[0] });
    assert_eq!(game.stack(9), &[W[0], W[1], B[0]]);
}

#[test]
fn a_capture_gives_a_second_turn_and_second_turns_chain() {
    let mut game = game();
    put(&mut game, 3, &[W[0], W[1]]);
    put(&mut game, 5, &[B[0]]);
    put(&mut game, 6, &[B[1]]);
    throw(&mut game, WHITE, 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[1] });
    assert_eq!(
        events.last(),
        Some(&Event::SecondTurn { side: Side::White })
    );
    throw(&mut game, WHITE, 1);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[1] });
    assert_eq!(
        events.last(),
        Some(&Event::SecondTurn { side: Side::White })
    );
    assert_eq!(game.points(Side::White), 2);
}

#[test]
fn a_piece_leaving_the_far_end_scores_a_point_without_an_exact_throw() {
    let mut game = game();
    put(&mut game, 15, &[W[0]]);
    throw(&mut game, WHITE, 4);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[0] });
    assert!(events.contains(&Event::Finished {
        pieces: vec![W[0]],
        side: Side::White
    }));
    assert_eq!(game.place(W[0]), Place::Off);
    assert_eq!(game.points(Side::White), 1);
}

#[test]
fn a_stack_reaching_the_end_finishes_its_controllers_pieces_and_sends_the_others_back() {
    let mut game = game();
    put(&mut game, 15, &[B[0], W[0], W[1]]);
    throw(&mut game, WHITE, 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[1] });
    assert!(events.contains(&Event::SentBack { pieces: vec![B[0]] }));
    assert_eq!(game.place(B[0]), Place::Start);
    assert_eq!(game.count(Side::White, Place::Off), 2);
    assert_eq!(game.points(Side::White), 2);
}

#[test]
fn the_game_ends_when_all_opposing_pieces_are_captured_and_most_points_wins() {
    let mut game = game();
    game.captured = vec![B[1], B[2], B[3], B[4]];
    game.points = [4, 0];
    put(&mut game, 3, &[W[0], W[1]]);
    put(&mut game, 5, &[B[0]]);
    throw(&mut game, WHITE, 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[1] });
    let outcome = Outcome {
        winner: Some(Team(0)),
        reason: Reason::AllCaptured,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(
        refused(&game, WHITE, Action::Enter).kind,
        RefusalKind::GameOver
    );
}

#[test]
fn finishing_first_does_not_win_when_the_other_side_has_more_points() {
    let mut game = game();
    game.finished = vec![W[0], W[1]];
    game.captured = vec![W[2], W[3]];
    game.points = [2, 4];
    put(&mut game, 16, &[W[4]]);
    throw(&mut game, WHITE, 1);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[4] });
    let outcome = Outcome {
        winner: Some(Team(1)),
        reason: Reason::AllMovedOff,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
}

#[test]
fn equal_points_at_the_end_are_a_draw() {
    let mut game = game();
    game.finished = vec![W[0], W[1], W[2], W[3]];
    game.points = [4, 5];
    put(&mut game, 16, &[W[4]]);
    throw(&mut game, WHITE, 1);
    ok(&mut game, WHITE, Action::Move { piece: W[4] });
    assert_eq!(game.outcome().map(|o| o.winner), Some(None));
}

#[test]
fn a_side_that_controls_nothing_and_has_nothing_to_enter_loses_the_throw() {
    let mut game = game();
    game.finished = vec![W[1], W[2], W[3], W[4]];
    put(&mut game, 8, &[W[0], B[0]]);
    let events = throw(&mut game, WHITE, 3);
    assert_eq!(events[1], Event::NoMove { side: Side::White });
    assert_eq!(
        Rules::awaiting(&game),
        Awaiting::Throw {
            seat: BLACK,
            sticks: Sticks::FourMen
        }
    );
}

#[test]
fn every_refusal_leaves_the_game_unchanged() {
    let mut game = game();
    put(&mut game, 4, &[B[0], W[0]]);
    let throw_1 = Action::Throw {
        faces: faces(STICKS, 1),
    };
    checks::refusals(
        &game,
        &[
            (BLACK, throw_1, RefusalKind::NotYourTurn),
            (Seat(5), Action::Enter, RefusalKind::NoSuchSeat),
            (WHITE, Action::Enter, RefusalKind::WrongPhase),
            (
                WHITE,
                Action::Throw { faces: Faces(0xf0) },
                RefusalKind::OutOfRange,
            ),
        ],
    );
    throw(&mut game, WHITE, 2);
    let moving = |piece| Action::Move { piece };
    checks::refusals(
        &game,
        &[
            (WHITE, throw_1, RefusalKind::WrongPhase),
            (WHITE, moving(B[0]), RefusalKind::Illegal),
            (WHITE, moving(PieceId(99)), RefusalKind::Illegal),
            (WHITE, moving(W[1]), RefusalKind::Illegal),
            (BLACK, Action::Enter, RefusalKind::NotYourTurn),
        ],
    );
}

#[test]
fn random_games_all_end_with_pieces_conserved() {
    checks::random_games_all_end::<MenAsymmetric>(150, |game| {
        if game.conserves_pieces() {
            Ok(())
        } else {
            Err("pieces are not conserved".into())
        }
    });
}
