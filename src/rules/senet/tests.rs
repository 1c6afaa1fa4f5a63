//! One test per rule sentence of seed 004 (here) and per decision of `docs/rules/senet.md`
//! (in `decisions`, with the refusals and random play).

mod decisions;

use crate::fair::GameId;
use crate::rules::conformance::check_random_games;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::testing::{faces, ok, refused, refused_throw, throw};
use crate::rules::{Awaiting, Refusal, RefusalKind, Rules, Seat, Step, Team};

use super::*;

const CONES: Seat = Seat(0);
const SPOOLS: Seat = Seat(1);
/// Senet's four sticks.
const STICKS: Sticks = Sticks::FourSenet;

fn throwing(cones: &[u8], spools: &[u8], seat: Seat) -> Senet {
    Senet::at(
        Board::with(cones, spools),
        Phase::Throw { seat, again: false },
    )
}

fn moving(cones: &[u8], spools: &[u8], seat: Seat, score: u8) -> Senet {
    Senet::at(Board::with(cones, spools), Phase::Move { seat, score })
}

/// The named `position` once the seat to throw has thrown `score`.
fn thrown(position: positions::Position, score: u8) -> Senet {
    let seat = position.to_throw;
    let mut game =
        Senet::from_position(&position, GameId::default()).expect("a named position is legal");
    throw(&mut game, seat, score);
    game
}

fn play(game: &mut Senet, seat: Seat, piece: u8) -> Vec<Event> {
    let piece = PieceId(piece);
    ok(game, seat, Action::Move { piece })
}

fn refused_move(game: &Senet, seat: Seat, piece: u8) -> Refusal {
    let piece = PieceId(piece);
    refused(game, seat, Action::Move { piece })
}

/// The refusal of `seat`'s move of `piece`, whose words must name `why`.
fn refused_because(game: &Senet, seat: Seat, piece: u8, why: &str) -> Refusal {
    let refusal = refused_move(game, seat, piece);
    assert!(refusal.message.contains(why), "{}", refusal.message);
    refusal
}

/// The spools are to throw, for the first time this turn.
const SPOOLS_THROW: Phase = Phase::Throw {
    seat: SPOOLS,
    again: false,
};

fn square(game: &Senet, piece: u8) -> Option<u8> {
    game.board().square_of(PieceId(piece))
}

/// The square the cones' `piece` moves to in `game`, which awaits their move.
fn moves_to(mut game: Senet, piece: u8) -> Option<u8> {
    play(&mut game, CONES, piece);
    square(&game, piece)
}

fn movable(game: &Senet, seat: Seat) -> Vec<u8> {
    game.legal_actions(seat)
        .into_iter()
        .filter_map(|action| match action {
            Action::Move { piece } => Some(piece.0),
            Action::Throw { .. } => None,
        })
        .collect()
}

// Rule sentences of the seed.

#[test]
fn thirty_squares_run_as_one_track_across_the_row_turns() {
    // 10 runs on into 11, and 20 into 21, where the rows turn.
    for (from, score, to) in [(8, 2, 10), (10, 1, 11), (19, 2, 21)] {
        let game = moving(&[from], &[], CONES, score);
        assert_eq!(moves_to(game, 0), Some(to), "{score} from {from}");
    }
    assert_eq!(SQUARES, 30);
}

#[test]
fn two_players_with_five_pieces_each() {
    let table = Senet::table(&Options {});
    assert_eq!(table.seats.len(), 2);
    let game = Senet::new(crate::fair::GameId::default());
    for seat in [CONES, SPOOLS] {
        let on_board = Board::pieces_of(seat)
            .filter(|&piece| game.board().square_of(piece).is_some())
            .count();
        assert_eq!(on_board, 5);
    }
    assert_eq!(game.view().pieces.len(), 10);
}

#[test]
fn cones_move_first() {
    let game = Senet::new(crate::fair::GameId::default());
    assert_eq!(
        game.awaiting(),
        Awaiting::Throw {
            seat: CONES,
            sticks: Sticks::FourSenet
        }
    );
    assert_eq!(Senet::table(&Options {}).seats[0].side, "Cones");
}

#[test]
fn the_throw_is_the_flat_faces_and_none_flat_is_six() {
    for (bits, score) in [
        (0b0000, 6),
        (0b0001, 1),
        (0b0110, 2),
        (0b1011, 3),
        (0b1111, 4),
    ] {
        let mut game = throwing(&[1], &[], CONES);
        let events = game
            .apply(CONES, Action::Throw { faces: Faces(bits) })
            .expect("accepted");
        assert_eq!(
            events[0],
            Event::Thrown {
                seat: CONES,
                faces: Faces(bits),
                score
            }
        );
    }
}

#[test]
fn a_throw_of_five_is_impossible() {
    let scores: Vec<u8> = (0..16).map(|bits| STICKS.score(Faces(bits))).collect();
    assert!(!scores.contains(&5));
}

#[test]
fn one_four_and_six_throw_again_after_the_move() {
    for score in [1, 4, 6] {
        let mut game = moving(&[1], &[], CONES, score);
        let events = play(&mut game, CONES, 0);
        assert_eq!(events.last(), Some(&Event::ThrowAgain { seat: CONES }));
        assert_eq!(
            game.phase(),
            Phase::Throw {
                seat: CONES,
                again: true
            }
        );
        assert_eq!(game.turn(), 1, "a throw again continues the turn");
    }
}

#[test]
fn two_and_three_pass_the_turn() {
    for score in [2, 3] {
        let mut game = moving(&[1], &[20], CONES, score);
        let events = play(&mut game, CONES, 0);
        assert_eq!(
            events.last(),
            Some(&Event::TurnPassed {
                seat: SPOOLS,
                turn: 2
            })
        );
        assert_eq!(game.phase(), SPOOLS_THROW);
    }
}

#[test]
fn a_usable_throw_must_be_used() {
    let mut game = throwing(&[1], &[20], CONES);
    throw(&mut game, CONES, 2);
    assert_eq!(game.awaiting(), Awaiting::Action { seats: vec![CONES] });
    let refusal = refused_throw(&game, CONES, STICKS, 3);
    assert_eq!(refusal.kind, RefusalKind::WrongPhase);
}

#[test]
fn a_throw_moves_exactly_one_piece() {
    let mut game = moving(&[1, 3], &[20], CONES, 2);
    let events = play(&mut game, CONES, 1);
    assert_eq!((square(&game, 0), square(&game, 1)), (Some(1), Some(5)));
    let moved = events
        .iter()
        .filter(|event| matches!(event, Event::Moved { .. }))
        .count();
    assert_eq!(moved, 1);
    assert_eq!(game.phase(), SPOOLS_THROW);
}

#[test]
fn two_pieces_never_share_a_square() {
    let game = moving(&[1, 3], &[20], CONES, 2);
    assert_eq!(movable(&game, CONES), vec![1]);
    let refusal = refused_because(&game, CONES, 0, "own piece");
    assert_eq!(refusal.kind, RefusalKind::Illegal);
}

#[test]
fn landing_on_a_lone_enemy_swaps_it_back_to_the_square_left() {
    let mut game = thrown(positions::lone_spool_ahead(), 2);
    let events = play(&mut game, CONES, 0);
    assert_eq!((square(&game, 0), square(&game, 5)), (Some(5), Some(3)));
    assert!(events.contains(&Event::Swapped {
        piece: PieceId(5),
        owner: SPOOLS,
        from: 5,
        to: 3
    }));
}

#[test]
fn adjacent_pieces_defend_each_other() {
    for score in [2, 3] {
        let game = thrown(positions::defended_pair(), score);
        refused_because(&game, CONES, 0, "defended");
    }
    let game = moving(&[3], &[5, 7], CONES, 2);
    assert_eq!(movable(&game, CONES), vec![0], "5 and 7 are not neighbours");
}

#[test]
fn a_defended_pair_can_be_passed() {
    let game = thrown(positions::defended_pair(), 4);
    assert_eq!(moves_to(game, 0), Some(7));
}

#[test]
fn a_blockade_can_be_neither_landed_on_nor_passed() {
    for score in [6, 3] {
        let game = thrown(positions::blockade(), score);
        refused_because(&game, CONES, 0, "blockade");
    }
    let game = moving(&[4], &[5, 6, 7], CONES, 4);
    refused_because(&game, CONES, 0, "blockade");
}

#[test]
fn three_in_a_row_made_by_a_move_stop_the_other_side() {
    let mut game = thrown(positions::blockade_to_make(), 4);
    play(&mut game, CONES, 2);
    assert_eq!([0, 1, 2].map(|p| square(&game, p)), [5, 6, 7].map(Some));
    // A 4 throws again: a 2 moves the cone on 12 and hands the sticks over.
    throw(&mut game, CONES, 2);
    play(&mut game, CONES, 3);
    throw(&mut game, SPOOLS, 3);
    refused_because(&game, SPOOLS, 6, "blockade");
    assert_eq!(
        movable(&game, SPOOLS),
        [5],
        "the spool on 1 stops short of it"
    );
}

#[test]
fn a_blockade_does_not_stop_its_own_side() {
    let game = moving(&[5, 6, 7, 4], &[20], CONES, 4);
    assert_eq!(moves_to(game, 3), Some(8));
}

#[test]
fn a_piece_short_of_26_cannot_pass_it() {
    let game = thrown(positions::short_of_beauty(), 3);
    refused_because(&game, CONES, 0, "House of Beauty");
    let game = thrown(positions::short_of_beauty(), 2);
    assert_eq!(moves_to(game, 0), Some(HOUSE_OF_BEAUTY));
}

#[test]
fn from_26_a_piece_continues_normally() {
    for (score, to) in [(2, Some(28)), (3, Some(29)), (4, Some(30))] {
        let game = thrown(positions::on_beauty(), score);
        assert_eq!(moves_to(game, 0), to, "a throw of {score}");
    }
}

#[test]
fn a_piece_stopping_on_27_drowns_and_returns_to_15() {
    let mut game = thrown(positions::on_beauty(), 1);
    let events = play(&mut game, CONES, 0);
    assert_eq!(square(&game, 0), Some(HOUSE_OF_REBIRTH));
    assert!(events.contains(&Event::Drowned {
        piece: PieceId(0),
        seat: CONES,
        to: 15
    }));
}

#[test]
fn when_15_is_taken_a_drowned_piece_goes_to_the_lowest_free_square() {
    let game = thrown(positions::rebirth_taken(), 1);
    assert_eq!(moves_to(game, 0), Some(3));
}

#[test]
fn pieces_leave_by_landing_exactly_one_past_30() {
    for (piece, from, score) in [(0, 28, 3), (1, 29, 2), (2, 30, 1)] {
        let mut game = thrown(positions::at_the_end(), score);
        let events = play(&mut game, CONES, piece);
        assert_eq!(square(&game, piece), None);
        assert!(events.contains(&Event::LeftBoard {
            piece: PieceId(piece),
            seat: CONES,
            from
        }));
        assert_eq!(game.view().sides[0].off, 5 - 4 + 1);
    }
}

#[test]
fn an_overshooting_throw_cannot_be_used_by_that_piece() {
    for (from, score) in [(28, 4), (29, 3), (30, 2), (30, 6)] {
        let game = moving(&[from, 1], &[], CONES, score);
        refused_because(&game, CONES, 0, "overshoot");
        assert_eq!(movable(&game, CONES), vec![1]);
    }
}

#[test]
fn the_first_to_bring_all_five_off_wins() {
    let mut game = thrown(positions::last_cone(), 1);
    let events = play(&mut game, CONES, 0);
    let outcome = SenetOutcome {
        winner: Some(Team(0)),
        reason: WinReason::AllPiecesOff,
    };
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(game.awaiting(), Awaiting::Over);
    let refusal = refused_throw(&game, SPOOLS, STICKS, 2);
    assert_eq!(refusal.kind, RefusalKind::GameOver);
}
