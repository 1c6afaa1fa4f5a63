//! The computer players of asymmetric Men: the rebuilt game plays on as the real one,
//! decisions come from the seat's view alone and are legal, and the strong player sees what
//! is obvious.

use crate::fair::GameId;
use crate::rules::Seat;
use crate::rules::computer_checks::{check_strong_plays, stick_game_checks};
use crate::rules::men::Side;

use super::super::action::{Action, Options};
use super::super::{MenAsymmetric, Phase, PieceId};

stick_game_checks!(MenAsymmetric, Options {});

#[test]
fn strong_takes_two_whites_with_one_black() {
    // Black's piece on narrow line 13 moves 3 onto the two whites stacked on line 10.
    let mut game = MenAsymmetric::new(GameId::default());
    game.stacks[9] = vec![PieceId(0), PieceId(1)];
    game.stacks[12] = vec![PieceId(5)];
    game.round.phase = Phase::Move {
        side: Side::Black,
        score: 3,
    };
    let take = Action::Move { piece: PieceId(5) };
    check_strong_plays(&game, Seat(1), take, 0..10).unwrap();
}
