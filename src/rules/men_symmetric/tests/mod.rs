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
use crate::rules::testing::{faces, ok, refused, throw};
use crate::rules::{Awaiting, Outcome, RefusalKind, Rules, Seat, Team};

const GAME: GameId = GameId([0x3e; 16]);

fn game() -> MenSymmetric {
    MenSymmetric::new(GAME)
}

/// Puts `piece` at `place` by hand.
fn set(game: &mut MenSymmetric, piece: u8, place: Place) {
    game.places[usize::from(piece)] = place;
}

/// White's piece 0 on board 10 (its line 6), black's piece 5 on board 11 (its line 11); black
/// throws 2 and moves piece 6 from board 13 (its line 10) to board 9, trapping white's piece
/// between its two. The events of that move.
fn black_traps_white(game: &mut MenSymmetric) -> Vec<Event> {
    set(game, 0, Place::Line(6));
    set(game, 5, Place::Line(11));
    set(game, 6, Place::Line(10));
    game.round.phase = Phase::Throw { side: Side::Black };
    throw(game, BLACK, 2);
    ok(game, BLACK, Action::Move { piece: PieceId(6) })
}
