//! One test per numbered rule of the seed (1–21), refusals, and the conformance checks.

mod players_sticks_and_entering;
mod refusals_views_and_conformance;
mod swaps;
mod the_centre_and_the_lion;
mod the_end_of_the_game;

use crate::fair::GameId;
use crate::rules::conformance::check_random_games;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::testing::{ok, refused, refused_throw, throw, throw_and_play};
use crate::rules::{Awaiting, Refusal, RefusalKind, Rules, Seat, Team};

use super::piece::Spot;
use super::*;

pub(super) const A: Seat = Seat(0);
pub(super) const B: Seat = Seat(1);
/// Kendall–Skiryuk's three sticks.
const STICKS: Sticks = Sticks::Three;

pub(super) fn options(players: u8, board: Board) -> Options {
    Options {
        players: Players::try_from(players).unwrap(),
        board,
    }
}

pub(super) fn game(players: u8) -> MehenKendall {
    MehenKendall::new(options(players, Board::Compact), GameId([0; 16]))
}

/// A game at one of the named positions.
pub(super) fn at(position: positions::Position) -> MehenKendall {
    MehenKendall::from_position(&position, GameId([0; 16])).unwrap()
}

pub(super) fn put(game: &mut MehenKendall, piece: PieceId, spot: Spot) {
    game.set_spot(piece, spot);
}

/// Throws `score` for `seat` and moves `piece` by it.
fn play(game: &mut MehenKendall, seat: Seat, score: u8, piece: PieceId) -> Vec<Event> {
    throw_and_play(game, seat, score, Action::Move { piece })
}

/// A throws `score` and moves `piece`, paying with saved ones: holding `saved.0` of them the
/// move is refused with `refusal`, holding `saved.1` it is carried out. The events of the move.
fn paid_with_saved_ones(
    game: &mut MehenKendall,
    score: u8,
    piece: PieceId,
    refusal: KendallError,
    saved: (u32, u32),
) -> Vec<Event> {
    game.players[0].saved = saved.0;
    throw(game, A, score);
    let moving = Action::Move { piece };
    assert_eq!(refused(game, A, moving), refusal);
    game.players[0].saved = saved.1;
    ok(game, A, moving)
}

/// A duel in which A's lion, on track spot `from`, moves by a throw of 2 (four cells) onto
/// `other`, a piece of B's on its own track spot `at`.
fn lion_moves_onto(from: u16, other: PieceId, at: u16) -> MehenKendall {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(from));
    put(&mut game, other, Spot::Track(at));
    play(&mut game, A, 2, PieceId::lion(A));
    game
}

pub(super) fn ball(seat: Seat, index: u8) -> PieceId {
    PieceId::ball(seat, index)
}

fn balls_conserved(game: &MehenKendall) -> Result<(), String> {
    for seat in game.seats() {
        let total: u8 = [Place::OffBoard, Place::Home, Place::Eaten]
            .into_iter()
            .map(|place| game.count_balls(seat, Some(place)))
            .sum::<u8>()
            + game.count_balls(seat, None);
        if total != BALLS {
            return Err(format!("{seat} has {total} balls"));
        }
    }
    Ok(())
}
