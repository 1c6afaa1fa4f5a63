//! One test per rule sentence of seed 003's symmetric rules, one per decision of
//! `docs/rules/men-symmetric.md`, the refusals, and random play. Positions are set by hand
//! with `set` where reaching them by play would take many scripted throws.

use super::*;
use crate::rules::men::checks::{self, BLACK, STICKS, WHITE};
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::testing::{faces, ok, refused, throw};
use crate::rules::{Awaiting, Outcome, RefusalKind, Rules, Seat, Team};

const GAME: GameId = GameId([0x3e; 16]);

fn game() -> MenSymmetric {
    MenSymmetric::new(GAME)
}

/// Puts `piece` at `place` by hand.
fn set(game: &mut MenSymmetric, piece: u8, place: Place) {
    game.places[usize::from(piece)] = place;
}

/// White's piece 0 on board 10 (its line 6), black's piece 5 on board 11 (its line 11); black
/// throws 2 and moves piece 6 from board 13 (its line 10) to board 9, trapping white's piece
/// between its two. The events of that move.
fn black_traps_white(game: &mut MenSymmetric) -> Vec<Event> {
    set(game, 0, Place::Line(6));
    set(game, 5, Place::Line(11));
    set(game, 6, Place::Line(10));
    game.phase = Phase::Throw { side: Side::Black };
    throw(game, BLACK, 2);
    ok(game, BLACK, Action::Move { piece: PieceId(6) })
}

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
fn white_moves_on_narrow_lines_and_black_on_wide_lines() {
    let mut game = game();
    throw(&mut game, WHITE, 2);
    ok(&mut game, WHITE, Action::Enter);
    throw(&mut game, BLACK, 2);
    ok(&mut game, BLACK, Action::Enter);
    let view = game.view();
    assert_eq!(view.pieces[&PieceId(0)].board_line, Some(2));
    assert_eq!(view.pieces[&PieceId(5)].board_line, Some(29));
}

#[test]
fn pieces_move_one_at_a_time_never_as_a_stack() {
    let mut game = game();
    set(&mut game, 0, Place::Line(4));
    set(&mut game, 1, Place::Line(4));
    throw(&mut game, WHITE, 2);
    ok(&mut game, WHITE, Action::Move { piece: PieceId(0) });
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(6)));
    assert_eq!(game.place(PieceId(1)), Some(Place::Line(4)));
}

#[test]
fn two_pieces_on_a_line_block_the_opponent_from_crossing_it() {
    let mut game = game();
    // Black's line 12 is board line 9, between white's lines 5 (board 8) and 6 (board 10).
    set(&mut game, 5, Place::Line(12));
    set(&mut game, 6, Place::Line(12));
    set(&mut game, 0, Place::Line(5));
    throw(&mut game, WHITE, 1);
    assert_eq!(
        refused(&game, WHITE, Action::Move { piece: PieceId(0) }).kind,
        RefusalKind::Illegal
    );
    assert_eq!(Rules::legal_actions(&game, WHITE), vec![Action::Enter]);
}

#[test]
fn a_single_piece_does_not_block() {
    let mut game = game();
    set(&mut game, 5, Place::Line(12));
    set(&mut game, 0, Place::Line(5));
    throw(&mut game, WHITE, 1);
    ok(&mut game, WHITE, Action::Move { piece: PieceId(0) });
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(6)));
}

/// White's block on board 8 facing black's on board 9: read literally, neither could pass.
fn facing_blocks() -> MenSymmetric {
    let mut game = game();
    set(&mut game, 0, Place::Line(5));
    set(&mut game, 1, Place::Line(5));
    set(&mut game, 5, Place::Line(12));
    set(&mut game, 6, Place::Line(12));
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

#[test]
fn a_piece_trapped_between_two_opposing_pieces_goes_back_to_the_start() {
    let mut game = game();
    let events = black_traps_white(&mut game);
    assert!(events.contains(&Event::Trapped {
        piece: PieceId(0),
        line: 6
    }));
    assert_eq!(game.place(PieceId(0)), Some(Place::Start));
}

#[test]
fn two_pieces_trap_only_one_opposing_piece() {
    let mut game = game();
    // Two whites on board 10; black on board 9 (its line 12) lands on board 11 (line 11).
    set(&mut game, 0, Place::Line(6));
    set(&mut game, 1, Place::Line(6));
    set(&mut game, 5, Place::Line(12));
    set(&mut game, 6, Place::Line(10));
    game.phase = Phase::Throw { side: Side::Black };
    throw(&mut game, BLACK, 1);
    ok(&mut game, BLACK, Action::Move { piece: PieceId(6) });
    assert_eq!(game.count(Side::White, Place::Line(6)), 1);
    assert_eq!(game.count(Side::White, Place::Start), 4);
}

#[test]
fn moving_between_two_opposing_pieces_is_safe() {
    let mut game = game();
    set(&mut game, 5, Place::Line(11));
    set(&mut game, 6, Place::Line(12));
    set(&mut game, 0, Place::Line(5));
    throw(&mut game, WHITE, 1);
    ok(&mut game, WHITE, Action::Move { piece: PieceId(0) });
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(6)));
}

#[test]
fn a_trap_gives_a_second_turn_and_second_turns_chain() {
    let mut game = game();
    let events = black_traps_white(&mut game);
    assert_eq!(
        events.last(),
        Some(&Event::SecondTurn { side: Side::Black })
    );
    assert_eq!(
        Rules::awaiting(&game),
        Awaiting::Throw {
            seat: BLACK,
            sticks: STICKS
        }
    );
}

#[test]
fn a_piece_leaves_the_far_end_with_any_throw_that_carries_it_beyond() {
    let mut game = game();
    set(&mut game, 0, Place::Line(15));
    throw(&mut game, WHITE, 5);
    let events = ok(&mut game, WHITE, Action::Move { piece: PieceId(0) });
    assert_eq!(
        events[0],
        Event::Moved {
            piece: PieceId(0),
            from: 15,
            to: Reach::Off
        }
    );
}

#[test]
fn the_first_to_move_all_five_off_wins() {
    let mut game = game();
    for piece in 0..4 {
        set(&mut game, piece, Place::Off);
    }
    set(&mut game, 4, Place::Line(16));
    throw(&mut game, WHITE, 1);
    let events = ok(&mut game, WHITE, Action::Move { piece: PieceId(4) });
    let outcome = Outcome {
        winner: Some(Team(0)),
        reason: Reason::AllOff,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(Rules::awaiting(&game), Awaiting::Over);
    assert_eq!(
        refused(
            &game,
            WHITE,
            Action::Throw {
                faces: faces(STICKS, 1)
            }
        )
        .kind,
        RefusalKind::GameOver
    );
}

#[test]
fn with_no_legal_move_the_throw_is_lost_and_the_turn_passes() {
    let mut game = game();
    for piece in 0..4 {
        set(&mut game, piece, Place::Off);
    }
    // White's last piece on board 8 faces a black block on board 9.
    set(&mut game, 4, Place::Line(5));
    set(&mut game, 5, Place::Line(12));
    set(&mut game, 6, Place::Line(12));
    let events = throw(&mut game, WHITE, 2);
    assert_eq!(
        events[1],
        Event::NoMove {
            side: Side::White,
            score: 2
        }
    );
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
    let throw_1 = Action::Throw {
        faces: faces(STICKS, 1),
    };
    checks::refusals(
        &game,
        &[
            (BLACK, throw_1, RefusalKind::NotYourTurn),
            (Seat(2), Action::Enter, RefusalKind::NoSuchSeat),
            (WHITE, Action::Enter, RefusalKind::WrongPhase),
            (
                WHITE,
                Action::Throw {
                    faces: Faces(0b1_0000),
                },
                RefusalKind::OutOfRange,
            ),
        ],
    );
    throw(&mut game, WHITE, 2);
    let moving = |piece| Action::Move {
        piece: PieceId(piece),
    };
    checks::refusals(
        &game,
        &[
            (WHITE, throw_1, RefusalKind::WrongPhase),
            (WHITE, moving(7), RefusalKind::Illegal),
            (WHITE, moving(42), RefusalKind::Illegal),
            (WHITE, moving(0), RefusalKind::Illegal),
            (BLACK, Action::Enter, RefusalKind::NotYourTurn),
        ],
    );
}

#[test]
fn only_throws_are_steps() {
    let throw = Action::Throw { faces: Faces(3) };
    assert_eq!(
        MenSymmetric::step_action(crate::rules::Step::Throw { faces: Faces(3) }),
        Some(throw)
    );
    assert_eq!(
        MenSymmetric::step_of(&throw),
        Some(crate::rules::Step::Throw { faces: Faces(3) })
    );
    assert_eq!(
        MenSymmetric::step_action(crate::rules::Step::Withhold),
        None
    );
    assert_eq!(MenSymmetric::step_of(&Action::Enter), None);
}

#[test]
fn random_games_all_end_with_pieces_conserved() {
    checks::random_games_all_end::<MenSymmetric>(150, |game| {
        for side in Side::BOTH {
            let on = (1..=LINES)
                .map(|l| game.count(side, Place::Line(l)))
                .sum::<u8>();
            let total = on + game.count(side, Place::Start) + game.count(side, Place::Off);
            if total != PIECES {
                return Err(format!("{} has {total} pieces", side.name()));
            }
        }
        Ok(())
    });
}

/// The deadlock decision's proof by play: thousands of games, every one ends (run with
/// `cargo nextest run --run-ignored only -E 'test(thousands_of_random_games_all_end)'`;
/// the figures are in the rule set's page).
#[test]
#[ignore = "minutes of play; the quick check above runs every time"]
fn thousands_of_random_games_all_end() {
    checks::random_games_all_end::<MenSymmetric>(3000, |_| Ok(()));
}
