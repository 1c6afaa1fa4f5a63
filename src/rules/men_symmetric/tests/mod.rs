//! One test per rule sentence of seed 003's symmetric rules, one per decision of
//! `docs/rules/men-symmetric.md`, the refusals, and random play. Positions are set by hand
//! with `set` where reaching them by play would take many scripted throws.

mod blocks;
mod leaving_the_board_and_the_end;
mod refusals_and_random_play;
mod set_up_and_entering;
mod traps;

use super::*;
use crate::rules::men::checks::{self, BLACK, STICKS, WHITE};
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::testing::{ok, refused, refused_throw, throw, throw_and_play};
use crate::rules::{Awaiting, Outcome, RefusalKind, Rules, Team};

const GAME: GameId = GameId([0x3e; 16]);

fn game() -> MenSymmetric {
    MenSymmetric::new(GAME)
}

/// Puts `piece` at `place` by hand.
fn set(game: &mut MenSymmetric, piece: u8, place: Place) {
    game.places[usize::from(piece)] = place;
}

/// Puts each `(piece, line)` on that line of its own side's by hand.
fn set_lines(game: &mut MenSymmetric, pieces: &[(u8, u8)]) {
    for &(piece, line) in pieces {
        set(game, piece, Place::Line(line));
    }
}

/// A game in which white's pieces 0 to 3 are off the board and its last, piece 4, is on
/// `line`.
fn last_white_on(line: u8) -> MenSymmetric {
    let mut game = game();
    for piece in 0..4 {
        set(&mut game, piece, Place::Off);
    }
    set(&mut game, 4, Place::Line(line));
    game
}

/// The named `position` once its side to throw has thrown `score`.
fn thrown(position: positions::Position, score: u8) -> MenSymmetric {
    let seat = position.to_throw.seat();
    let mut game = MenSymmetric::from_position(&position, GAME).expect("a named position is legal");
    throw(&mut game, seat, score);
    game
}

/// The named `position` once its side to throw has thrown `score` and moved `piece`, with the
/// events of that move.
fn moved(position: positions::Position, score: u8, piece: u8) -> (MenSymmetric, Vec<Event>) {
    let seat = position.to_throw.seat();
    let mut game = thrown(position, score);
    let events = ok(
        &mut game,
        seat,
        Action::Move {
            piece: PieceId(piece),
        },
    );
    (game, events)
}

/// White's piece 0 on board 10 (its line 6), black's piece 5 on board 11 (its line 11); black
/// throws 2 and moves piece 6 from board 13 (its line 10) to board 9, trapping white's piece
/// between its two. The game after, with the events of that move.
fn black_traps_white() -> (MenSymmetric, Vec<Event>) {
    moved(positions::trap_to_close(), 2, 6)
}
