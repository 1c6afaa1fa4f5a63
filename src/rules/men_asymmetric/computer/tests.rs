//! The computer players of asymmetric Men: the rebuilt game plays on as the real one,
//! decisions come from the seat's view alone and are legal, and the strong player sees what
//! is obvious.

use crate::fair::GameId;
use crate::rules::Seat;
use crate::rules::computer::{Decision, Seen, Strength, decide};
use crate::rules::computer_checks::{
    check_decides_whatever_the_id, check_legal_duels, check_rebuilt_games,
};
use crate::rules::men::Side;
use crate::rules::random::SplitMix64;

use super::super::action::{Action, Options};
use super::super::{MenAsymmetric, Phase, PieceId};

const BLACK: Seat = Seat(1);

#[test]
fn the_rebuilt_game_plays_on_as_the_real_one() {
    let steps = check_rebuilt_games::<MenAsymmetric>(&Options {}, 3, 1, 5_000).unwrap();
    assert!(steps > 200, "only {steps} steps checked");
}

#[test]
fn a_decision_depends_only_on_what_the_seat_sees() {
    check_decides_whatever_the_id::<MenAsymmetric>(&Options {}).unwrap();
}

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
    for seed in 0..10 {
        let decided = decide(
            &Seen::of(&game, BLACK),
            Strength::Strong,
            &mut SplitMix64::new(seed),
        );
        assert_eq!(
            decided,
            Some(Decision::Play(Action::Move { piece: PieceId(5) }))
        );
    }
}

#[test]
fn both_strengths_play_legal_games_to_the_end() {
    check_legal_duels::<MenAsymmetric>(&Options {}, 1, 5_000).unwrap();
}
