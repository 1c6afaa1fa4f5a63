//! The computer players of symmetric Men: the rebuilt game plays on as the real one,
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
use super::super::view::Place;
use super::super::{MenSymmetric, Phase, PieceId};

const WHITE: Seat = Seat(0);

#[test]
fn the_rebuilt_game_plays_on_as_the_real_one() {
    let steps = check_rebuilt_games::<MenSymmetric>(&Options {}, 3, 1, 5_000).unwrap();
    assert!(steps > 200, "only {steps} steps checked");
}

#[test]
fn a_decision_depends_only_on_what_the_seat_sees() {
    check_decides_whatever_the_id::<MenSymmetric>(&Options {}).unwrap();
}

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
    for seed in 0..10 {
        let decided = decide(
            &Seen::of(&game, WHITE),
            Strength::Strong,
            &mut SplitMix64::new(seed),
        );
        assert_eq!(
            decided,
            Some(Decision::Play(Action::Move { piece: PieceId(1) }))
        );
    }
}

#[test]
fn both_strengths_play_legal_games_to_the_end() {
    check_legal_duels::<MenSymmetric>(&Options {}, 1, 5_000).unwrap();
}
