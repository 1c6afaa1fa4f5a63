//! Computer players: the game rebuilt from a seat's view plays on as the real one, decisions
//! are legal and come from the view alone, and strong sees an eating and a threat. The
//! strength figures come from the arena (`src/bin/arena/`).

use crate::fair::GameId;
use crate::rules::computer::{ComputerPlayer, Decision, Seen, Strength, decide};
use crate::rules::computer_checks::check_strong_plays;
use crate::rules::random::SplitMix64;
use crate::rules::sticks::Faces;
use crate::rules::testing::throw;
use crate::rules::{Awaiting, Rules};

use super::piece::Spot;
use super::tests::{A, B, ball, game, options, put};
use super::*;

/// Who plays a seat: a computer player, or `None` for uniformly random legal play.
type Player = Option<Strength>;

/// The game a seat's view rebuilds, checked against the real one for every seat.
fn check_rebuild(real: &MehenKendall) {
    let same = MehenKendall {
        game: GameId::default(),
        ..real.clone()
    };
    for seat in real.seats() {
        let rebuilt = MehenKendall::rebuild(&Seen::of(real, seat)).expect("rebuilt");
        assert_eq!(rebuilt, same, "rebuilt for {seat}");
        assert_eq!(rebuilt.view(), real.view());
        assert_eq!(Rules::awaiting(&rebuilt), Rules::awaiting(real));
        for other in real.seats() {
            assert_eq!(rebuilt.legal_actions(other), real.legal_actions(other));
        }
        if let Phase::Throw { seat: thrower } = real.phase() {
            for bits in 0..8 {
                let thrown = Action::Throw { faces: Faces(bits) };
                let (mut a, mut b) = (real.clone(), rebuilt.clone());
                assert_eq!(a.apply(thrower, thrown), b.apply(thrower, thrown));
                assert_eq!(a.view(), b.view());
            }
        }
    }
}

/// One action of the seat awaited, as `players` play; `false` once the game is over.
fn step(game: &mut MehenKendall, players: &[Player], rng: &mut SplitMix64) -> bool {
    match Rules::awaiting(game) {
        Awaiting::Throw { seat, .. } => {
            let faces = Faces(rng.below(8) as u8);
            game.apply(seat, Action::Throw { faces }).unwrap();
            true
        }
        Awaiting::Action { seats } => {
            let seat = seats[0];
            let action = match players[usize::from(seat.0)] {
                None => rng.pick(game.legal_actions(seat)).unwrap(),
                Some(strength) => match decide(&Seen::of(game, seat), strength, rng) {
                    Some(Decision::Play(action)) => action,
                    other => panic!("{seat} decided {other:?}"),
                },
            };
            assert!(game.legal_actions(seat).contains(&action), "{action:?}");
            game.apply(seat, action).unwrap();
            true
        }
        _ => false,
    }
}

#[test]
fn the_rebuilt_game_plays_on_as_the_real_one() {
    for players in 2..=6 {
        let mut game = MehenKendall::new(options(players, Board::Compact), GameId([7; 16]));
        let mut rng = SplitMix64::new(u64::from(players));
        let random = vec![None; usize::from(players)];
        loop {
            check_rebuild(&game);
            if !step(&mut game, &random, &mut rng) {
                break;
            }
        }
        assert!(game.outcome().is_some());
    }
}

/// Every decision of easy and strong is legal, over the first stretch of a game (a whole
/// game runs about 1,500 actions, too long for a debug build; the arena plays whole ones).
#[test]
fn easy_and_strong_make_legal_decisions() {
    let players = [Some(Strength::Strong), Some(Strength::Easy)];
    let mut game = MehenKendall::new(options(2, Board::Compact), GameId::default());
    let mut rng = SplitMix64::new(5);
    let mut decisions = 0;
    while decisions < 300 && step(&mut game, &players, &mut rng) {
        decisions += 1;
    }
    assert_eq!(decisions, 300, "the game went on");
}

/// With three players strong searches; with six it plays out sampled rounds.
#[test]
fn a_decision_comes_from_the_view_alone() {
    for players in [3, 6] {
        let mut one = game(players);
        put(&mut one, ball(A, 0), Spot::Track(5));
        put(&mut one, ball(A, 1), Spot::Track(9));
        throw(&mut one, A, 2);
        let other = MehenKendall {
            game: GameId([9; 16]),
            ..one.clone()
        };
        for strength in Strength::ALL {
            for seed in 0..8 {
                let decided = |game: &MehenKendall| {
                    decide(&Seen::of(game, A), strength, &mut SplitMix64::new(seed))
                };
                assert_eq!(decided(&one), decided(&other));
            }
        }
    }
}

/// With `pieces` where they stand and a throw of 2, strong moves `best` for A: searched with
/// two players, played out in sampled rounds with six.
fn strong_moves(pieces: &[(PieceId, Spot)], best: PieceId) {
    for players in [2, 6] {
        let mut game = game(players);
        for &(piece, spot) in pieces {
            put(&mut game, piece, spot);
        }
        throw(&mut game, A, 2);
        let best = Action::Move { piece: best };
        check_strong_plays(&game, A, best, 1..2).unwrap_or_else(|e| panic!("{players}: {e}"));
    }
}

/// A's lion eats the ball on 20.
#[test]
fn strong_eats_when_it_can() {
    let pieces = [
        (PieceId::lion(A), Spot::Track(50)),
        (ball(A, 0), Spot::Home),
        (ball(A, 1), Spot::Track(10)),
        (ball(B, 0), Spot::Track(20)),
        (ball(B, 1), Spot::Track(54)),
    ];
    strong_moves(&pieces, PieceId::lion(A));
}

/// The next player's lion would eat the ball on 20 with a 2: strong moves it away.
#[test]
fn strong_takes_its_ball_out_of_a_lions_reach() {
    let pieces = [
        (PieceId::lion(B), Spot::Track(56)),
        (ball(B, 0), Spot::Home),
        (ball(A, 0), Spot::Track(20)),
        (ball(A, 1), Spot::Track(30)),
    ];
    strong_moves(&pieces, ball(A, 0));
}
