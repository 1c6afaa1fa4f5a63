//! The computer players of Senet: the rebuilt game plays on as the real one, decisions come
//! from the seat's view alone and are legal, and the strong player sees what is obvious.

use crate::rules::Seat;
use crate::rules::computer::{Decision, Seen, Strength, decide};
use crate::rules::computer_checks::{
    check_decides_whatever_the_id, check_legal_duels, check_rebuilt_games,
};
use crate::rules::random::SplitMix64;

use super::super::action::{Action, Options, PieceId};
use super::super::board::Board;
use super::super::{Phase, Senet};

const CONES: Seat = Seat(0);

fn moving(cones: &[u8], spools: &[u8], score: u8) -> Senet {
    Senet::at(
        Board::with(cones, spools),
        Phase::Move { seat: CONES, score },
    )
}

fn strong_choice(game: &Senet, seed: u64) -> Option<Decision<Action>> {
    decide(
        &Seen::of(game, CONES),
        Strength::Strong,
        &mut SplitMix64::new(seed),
    )
}

#[test]
fn the_rebuilt_game_plays_on_as_the_real_one() {
    let steps = check_rebuilt_games::<Senet>(&Options {}, 3, 1, 5_000).unwrap();
    assert!(steps > 200, "only {steps} steps checked");
}

#[test]
fn a_decision_depends_only_on_what_the_seat_sees() {
    check_decides_whatever_the_id::<Senet>(&Options {}).unwrap();
}

#[test]
fn strong_does_not_drown_a_piece_it_can_spare() {
    // A 1 takes the piece on 26 into the House of Water, back to 15; the piece on 10 can
    // use it instead.
    let game = moving(&[26, 10], &[1, 3], 1);
    for seed in 0..10 {
        assert_eq!(
            strong_choice(&game, seed),
            Some(Decision::Play(Action::Move { piece: PieceId(1) }))
        );
    }
}

#[test]
fn strong_swaps_the_leading_enemy_piece_back() {
    // A 2 carries the piece on 20 onto the lone Spool on 22, sending it back to 20.
    let game = moving(&[20, 5], &[22, 1], 2);
    for seed in 0..10 {
        assert_eq!(
            strong_choice(&game, seed),
            Some(Decision::Play(Action::Move { piece: PieceId(0) }))
        );
    }
}

#[test]
fn both_strengths_play_legal_games_to_the_end() {
    check_legal_duels::<Senet>(&Options {}, 1, 5_000).unwrap();
}
