//! The computer players of Senet: the rebuilt game plays on as the real one, decisions come
//! from the seat's view alone and are legal, and the strong player sees what is obvious.

use crate::rules::Seat;
use crate::rules::computer_checks::{check_strong_plays, stick_game_checks};

use super::super::action::{Action, Options, PieceId};
use super::super::board::Board;
use super::super::{Phase, Senet};

const CONES: Seat = Seat(0);

stick_game_checks!(Senet, Options {});

/// The Cones' piece numbered `piece` is the one the strong player moves, by `score`, with
/// the Cones on `cones` and the Spools on `spools`.
fn check_strong_moves(cones: &[u8], spools: &[u8], score: u8, piece: u8) {
    let game = Senet::at(
        Board::with(cones, spools),
        Phase::Move { seat: CONES, score },
    );
    let action = Action::Move {
        piece: PieceId(piece),
    };
    check_strong_plays(&game, CONES, action, 0..10).unwrap();
}

#[test]
fn strong_does_not_drown_a_piece_it_can_spare() {
    // A 1 takes the piece on 26 into the House of Water, back to 15; the piece on 10 can
    // use it instead.
    check_strong_moves(&[26, 10], &[1, 3], 1, 1);
}

#[test]
fn strong_swaps_the_leading_enemy_piece_back() {
    // A 2 carries the piece on 20 onto the lone Spool on 22, sending it back to 20.
    check_strong_moves(&[20, 5], &[22, 1], 2, 0);
}
