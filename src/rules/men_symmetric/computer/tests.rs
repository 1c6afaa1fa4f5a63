//! The computer players of symmetric Men: the rebuilt game plays on as the real one,
//! decisions come from the seat's view alone and are legal, and the strong player sees what
//! is obvious.

use crate::fair::GameId;
use crate::rules::Seat;
use crate::rules::computer_checks::{check_strong_plays, stick_game_checks};
use crate::rules::men::Side;

use super::super::action::{Action, Options};
use super::super::view::Place;
use super::super::{MenSymmetric, Phase, PieceId};

stick_game_checks!(MenSymmetric, Options {});

#[test]
fn strong_springs_the_trap_it_can() {
    // White's piece on its line 3 moves 3 to line 6 (board line 10), next to the black
    // piece on board line 9 with white's piece on board line 8 beyond it: a trap.
    let mut game = MenSymmetric::new(GameId::default());
    game.places[0] = Place::Line(5);
    game.places[1] = Place::Line(3);
    game.places[5] = Place::Line(12);
    game.round.phase = Phase::Move {
        side: Side::White,
        score: 3,
    };
    let trap = Action::Move { piece: PieceId(1) };
    check_strong_plays(&game, Seat(0), trap, 0..10).unwrap();
}
