//! Stacks and captures (seed 003, asymmetric rules 11.1–11.6), as pure functions on a stack
//! listed bottom first.
//!
//! Captures are judged once, where the moving pieces meet the stack they land on: the run
//! of the mover's colour at the top (the moving pieces with any of the mover's pieces they
//! land directly on) against the run of opposing pieces directly beneath it. Pieces below
//! are never judged again in that landing, so pieces separated by opposing ones never
//! combine.

use crate::rules::men::{PieceId, Side};

/// The side a piece of a stack belongs to (every id on the board names a piece).
fn side(piece: PieceId) -> Side {
    piece.side().unwrap_or(Side::White)
}

/// The side that controls a stack: the owner of its top piece.
pub fn controller(stack: &[PieceId]) -> Option<Side> {
    stack.last().copied().map(side)
}

/// Lands `moving` (bottom first, topped by `mover`'s piece) on `stack` and takes what the
/// landing captures, returning the captured pieces.
pub fn land(stack: &mut Vec<PieceId>, moving: &[PieceId], mover: Side) -> Vec<PieceId> {
    let landed_on_something = !stack.is_empty();
    stack.extend_from_slice(moving);
    let uniform = moving.iter().all(|&p| side(p) == mover);
    if !landed_on_something || !uniform {
        return Vec::new();
    }
    let top_run = run_below(stack, stack.len(), mover);
    let under_start = stack.len() - top_run;
    let under_run = run_below(stack, under_start, mover.opponent());
    let taken = match mover {
        Side::White if top_run >= 2 && under_run >= 1 => 1,
        Side::Black if under_run >= 2 => 2,
        _ => 0,
    };
    stack
        .drain(under_start - taken..under_start)
        .rev()
        .collect()
}

/// How many pieces of `colour` lie in an unbroken run just below position `end`.
fn run_below(stack: &[PieceId], end: usize, colour: Side) -> usize {
    stack[..end]
        .iter()
        .rev()
        .take_while(|&&p| side(p) == colour)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: [PieceId; 5] = [PieceId(0), PieceId(1), PieceId(2), PieceId(3), PieceId(4)];
    const B: [PieceId; 5] = [PieceId(5), PieceId(6), PieceId(7), PieceId(8), PieceId(9)];

    #[test]
    fn a_lone_white_on_a_lone_black_captures_nothing() {
        let mut stack = vec![B[0]];
        assert!(land(&mut stack, &[W[0]], Side::White).is_empty());
        assert_eq!(stack, vec![B[0], W[0]]);
    }

    #[test]
    fn a_black_on_a_lone_white_captures_nothing() {
        let mut stack = vec![W[0]];
        assert!(land(&mut stack, &[B[0]], Side::Black).is_empty());
    }

    #[test]
    fn a_black_carrying_a_white_onto_a_white_captures_nothing() {
        let mut stack = vec![W[1]];
        assert!(land(&mut stack, &[W[0], B[0]], Side::Black).is_empty());
        assert_eq!(
            stack,
            vec![W[1], W[0], B[0]],
            "the carried white was not landed on"
        );
    }

    #[test]
    fn a_black_landing_on_a_black_over_two_whites_captures_them() {
        let mut stack = vec![W[1], W[0], B[0]];
        assert_eq!(land(&mut stack, &[B[1]], Side::Black), vec![W[0], W[1]]);
        assert_eq!(stack, vec![B[0], B[1]]);
    }

    #[test]
    fn a_mixed_stack_landing_captures_nothing() {
        let mut stack = vec![B[1]];
        assert!(land(&mut stack, &[B[0], W[0], W[1]], Side::White).is_empty());
    }
}
