//! How a computer player judges symmetric Men: a race, so a position is worth the chance
//! that the side's lead in lines still to go holds until the end.
//!
//! Each piece has to go from its own line to beyond the sixteenth (seventeen lines from
//! the start, none once off). A piece that one opposing piece already flanks is a trap
//! waiting to be sprung: it counts a fifth of the lines it would lose. The side whose turn
//! it is counts half a turn ahead, and a score it has thrown and yet to use ahead too. The
//! lead, measured against how far the two sides' throws spread over the turns left, gives
//! the chance of winning the race, scaled to -1..1.
//!
//! Men has no secrets, so a seat rebuilds the whole game from the view.

use super::view::Place;
use super::{MenSymmetric, Phase};
use crate::rules::computer::{ComputerPlayer, Seen};
use crate::rules::men::{
    BOARD_LINES, LINES, PIECES, PieceId, Round, Side,
    race::{self, Race},
};
use crate::rules::{Seat, Team};

/// Lines a turn carries a side on average: the mean throw of the four sticks.
const LINES_PER_TURN: f64 = 37.0 / 16.0;
/// The race: a turn's lines spread by about 1.1 about their mean; traps widen that.
const RACE: Race = Race {
    per_turn: LINES_PER_TURN,
    spread: 2.0,
};
/// The share of its lines a flanked piece is reckoned to lose.
const FLANKED: f64 = 0.2;

impl ComputerPlayer for MenSymmetric {
    const LOOKAHEAD: u8 = 2;
    const NODES: u32 = 8000;

    fn evaluate(&self, team: Team) -> f64 {
        let (mover, score) = match self.round.phase {
            Phase::Over { outcome } => return race::ended(outcome, team),
            Phase::Throw { side } => (side, None),
            Phase::Move { side, score } => (side, Some(score)),
        };
        let mut held = [0u8; BOARD_LINES as usize];
        for piece in PieceId::all() {
            if let (Some(side), Some(Place::Line(line))) = (piece.side(), self.place(piece)) {
                held[usize::from(side.board_line(line))] += 1;
            }
        }
        let flanked = |side: Side, line: u8| {
            let at = usize::from(side.board_line(line));
            let below = at.checked_sub(1).is_some_and(|b| held[b] > 0);
            let above = held.get(at + 1).is_some_and(|&n| n > 0);
            below != above
        };
        let to_go = |side: Side| -> f64 {
            side.pieces()
                .filter_map(|piece| self.place(piece))
                .map(|place| match place {
                    Place::Start => f64::from(LINES + 1),
                    Place::Line(line) if flanked(side, line) => {
                        f64::from(LINES + 1 - line) + FLANKED * f64::from(line)
                    }
                    Place::Line(line) => f64::from(LINES + 1 - line),
                    Place::Off => 0.0,
                })
                .sum()
        };
        let mine = Side::of_seat(Seat(team.0)).unwrap_or(Side::White);
        let mut left = [to_go(mine), to_go(mine.opponent())];
        let of = |side: Side| usize::from(side != mine);
        match score {
            Some(score) => {
                left[of(mover)] -= f64::from(score);
                left[of(mover.opponent())] -= LINES_PER_TURN / 2.0;
            }
            None => left[of(mover)] -= LINES_PER_TURN / 2.0,
        }
        RACE.value(left[0], left[1])
    }

    fn rebuild(seen: &Seen<Self>) -> Option<Self> {
        let view = &seen.view;
        let mut places = [Place::Start; 2 * PIECES as usize];
        for (piece, shown) in &view.pieces {
            *places.get_mut(usize::from(piece.0))? = shown.place;
        }
        Some(MenSymmetric {
            round: Round::seen(view.turn, &view.phase, view.outcome)?,
            places,
        })
    }
}

#[cfg(test)]
mod tests;
