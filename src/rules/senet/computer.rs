//! How a computer player judges Senet: a race, so a position is worth the chance that the
//! side's lead in squares still to go holds until the end.
//!
//! Each piece still has to go from its square to one past 30 (an off piece has nothing to
//! go). The side whose turn it is counts half a turn's squares ahead, a thrown score it
//! has yet to use ahead too, and the squares a swap it could make now would send an enemy
//! piece back. The lead, measured against how far the two sides' throws spread over the
//! turns left, gives the chance of winning the race, scaled to -1..1.
//!
//! Senet has no secrets, so a seat rebuilds the whole game from the view.

use super::board::{Board, Landing, PIECES, SQUARES};
use super::view::PhaseView;
use super::{Phase, STICKS, Senet, opponent, throws_again};
use crate::fair::GameId;
use crate::rules::computer::{ComputerPlayer, Seen};
use crate::rules::men::race::{self, Race};
use crate::rules::{Seat, Team};

/// Squares a turn carries a side on average: the mean throw of 2.375, and another throw after
/// every used 1, 4 or 6 (six throws in sixteen).
const SQUARES_PER_TURN: f64 = 3.8;
/// The race: the squares of a turn spread by 2.8 about their mean (standard deviation).
const RACE: Race = Race {
    per_turn: SQUARES_PER_TURN,
    spread: 2.8,
};

impl ComputerPlayer for Senet {
    const LOOKAHEAD: u8 = 2;
    const NODES: u32 = 3000;

    fn evaluate(&self, team: Team) -> f64 {
        let me = Seat(team.0);
        let (mover, score) = match self.phase() {
            Phase::Over { outcome } => return race::ended(outcome, team),
            Phase::Throw { seat, .. } => (seat, None),
            Phase::Move { seat, score } => (seat, Some(score)),
        };
        let board = self.board();
        let mut to_go = [to_go(board, Seat(0)), to_go(board, Seat(1))];
        let side = |seat: Seat| usize::from(seat.0);
        let next_turn = match score {
            Some(score) => {
                to_go[side(mover)] -= f64::from(score);
                to_go[side(opponent(mover))] += swap_gain(board, mover, score);
                if throws_again(score) {
                    mover
                } else {
                    opponent(mover)
                }
            }
            None => {
                to_go[side(opponent(mover))] += expected_swap_gain(board, mover);
                mover
            }
        };
        to_go[side(next_turn)] -= SQUARES_PER_TURN / 2.0;
        RACE.value(to_go[side(me)], to_go[side(opponent(me))])
    }

    fn rebuild(seen: &Seen<Self>) -> Option<Self> {
        let view = &seen.view;
        let mut squares = [None; 2 * PIECES as usize];
        for (piece, shown) in &view.pieces {
            *squares.get_mut(usize::from(piece.0))? = shown.square;
        }
        let phase = match view.phase {
            PhaseView::Throw { seat, again } => Phase::Throw { seat, again },
            PhaseView::Move { seat, score, .. } => Phase::Move { seat, score },
            PhaseView::Over => Phase::Over {
                outcome: view.outcome?,
            },
        };
        Some(Senet {
            game: GameId::default(),
            board: Board::from_squares(squares),
            turn: view.turn,
            phase,
        })
    }
}

/// The squares `seat`'s pieces still have to go, each to one past 30.
fn to_go(board: &Board, seat: Seat) -> f64 {
    Board::pieces_of(seat)
        .filter_map(|piece| board.square_of(piece))
        .map(|square| f64::from(SQUARES + 1 - square))
        .sum()
}

/// How far back the best swap `seat` can make with `score` sends an enemy piece: `score`
/// squares, or nothing without a swap.
fn swap_gain(board: &Board, seat: Seat, score: u8) -> f64 {
    let swaps = board
        .plans(seat, score)
        .iter()
        .any(|plan| matches!(plan.landing, Landing::Square { swaps: Some(_), .. }));
    if swaps { f64::from(score) } else { 0.0 }
}

/// [`swap_gain`] over the throw `seat` is about to make, weighed by each score's chance.
fn expected_swap_gain(board: &Board, seat: Seat) -> f64 {
    STICKS
        .distribution()
        .into_iter()
        .map(|(score, ways, of)| swap_gain(board, seat, score) * f64::from(ways) / f64::from(of))
        .sum()
}

#[cfg(test)]
mod tests;
