//! One test per rule sentence of seed 003's asymmetric rules, the worked examples 11.5 and
//! 11.6, the decisions of `docs/rules/men-asymmetric.md`, the refusals, and random play.
//! Positions are set by hand with `put` where reaching them by play would take many throws.

mod leaving_the_board_and_the_end;
mod refusals_and_random_play;
mod set_up_and_entering;
mod stacks_and_captures;

use super::*;
use crate::rules::men::checks::{self, BLACK, WHITE};
use crate::rules::sticks::Sticks;
use crate::rules::testing::{ok, refused, throw, throw_and_play};
use crate::rules::{Awaiting, RefusalKind, Rules, Team};

const GAME: GameId = GameId([0x4a; 16]);
const W: [PieceId; 5] = [PieceId(0), PieceId(1), PieceId(2), PieceId(3), PieceId(4)];
const B: [PieceId; 5] = [PieceId(5), PieceId(6), PieceId(7), PieceId(8), PieceId(9)];

fn game() -> MenAsymmetric {
    MenAsymmetric::new(GAME)
}

/// Puts a stack, bottom first, on narrow `line` by hand.
fn put(game: &mut MenAsymmetric, line: u8, stack: &[PieceId]) {
    game.stacks[usize::from(line - 1)] = stack.to_vec();
}

/// The named `position` once its side to throw has thrown `score`.
fn thrown(position: positions::Position, score: u8) -> MenAsymmetric {
    let seat = position.to_throw.seat();
    let mut game =
        MenAsymmetric::from_position(&position, GAME).expect("a named position is legal");
    throw(&mut game, seat, score);
    game
}

/// The capture `events` tell, if any: the pieces captured, by which side, for how many points.
fn capture(events: &[Event]) -> Option<(Vec<PieceId>, Side, u8)> {
    events.iter().find_map(|event| match event {
        Event::Captured { pieces, by, points } => Some((pieces.clone(), *by, *points)),
        _ => None,
    })
}

/// Who won the game `events` end, and why; the last of them must end it.
fn game_over(events: &[Event]) -> (Option<Team>, Reason) {
    match events.last() {
        Some(Event::GameOver { outcome }) => (outcome.winner, outcome.reason),
        other => panic!("the game goes on after {other:?}"),
    }
}

fn black_to_throw(game: &mut MenAsymmetric) {
    game.round.phase = Phase::Throw { side: Side::Black };
}
