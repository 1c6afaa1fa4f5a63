//! One test per numbered rule of the seed (1–21), refusals, and the conformance checks.

mod players_sticks_and_entering;
mod refusals_views_and_conformance;
mod swaps;
mod the_centre_and_the_lion;
mod the_end_of_the_game;

use crate::fair::GameId;
use crate::rules::conformance::check_random_games;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::testing::{faces, ok, refused, throw};
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
    throw(game, seat, score);
    ok(game, seat, Action::Move { piece })
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
