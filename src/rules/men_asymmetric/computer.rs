//! How a computer player judges asymmetric Men: by points, those scored and those a side's
//! pieces are still worth.
//!
//! Every point scored counts one. A piece still in play is worth part of the point it may
//! yet score by moving off: a piece waiting at its start [`WAITING`], a piece of the side
//! controlling its stack from [`SETTING_OUT`] to nearly a point as the stack nears its far
//! end, a piece buried under an opposing top [`BURIED`] (it goes back to its start when that
//! stack leaves). The side whose turn it is counts [`TEMPO`] more. The difference of the two
//! sides' worth, through `tanh`, is the value from -1 to 1.
//!
//! Men has no secrets, so a seat rebuilds the whole game from the view.

use super::stacks::controller;
use super::view::Place;
use super::{MenAsymmetric, Phase};
use crate::rules::computer::{ComputerPlayer, Seen};
use crate::rules::men::race::ended;
use crate::rules::men::{LINES, Round, Side};
use crate::rules::{Seat, Team};

/// What a piece waiting at its start is worth.
const WAITING: f64 = 0.4;
/// What a piece of the controlling side is worth as it sets out; it gains up to
/// `1 - SETTING_OUT` more as its stack nears the far end.
const SETTING_OUT: f64 = 0.45;
/// What a piece under an opposing top is worth.
const BURIED: f64 = 0.3;
/// What having the turn is worth.
const TEMPO: f64 = 0.15;
/// Points of difference that make a game as good as decided (`tanh(1) ≈ 0.76`).
const DECIDED: f64 = 2.5;

impl ComputerPlayer for MenAsymmetric {
    const LOOKAHEAD: u8 = 2;
    const NODES: u32 = 6000;

    fn evaluate(&self, team: Team) -> f64 {
        let mover = match self.round.phase {
            Phase::Over { outcome } => return ended(outcome, team),
            Phase::Throw { side } | Phase::Move { side, .. } => side,
        };
        let mut worth = [0.0; 2];
        let of = |side: Side| usize::from(side.seat().0);
        for side in Side::BOTH {
            worth[of(side)] = f64::from(self.points(side))
                + WAITING * f64::from(self.count(side, Place::Start))
                + if side == mover { TEMPO } else { 0.0 };
        }
        for line in 1..=LINES {
            let stack = self.stack(line);
            let Some(top) = controller(stack) else {
                continue;
            };
            let nearing = f64::from(top.narrow_line(line)) / f64::from(LINES);
            for piece in stack {
                let Some(side) = piece.side() else { continue };
                worth[of(side)] += if side == top {
                    SETTING_OUT + (1.0 - SETTING_OUT) * nearing
                } else {
                    BURIED
                };
            }
        }
        let mine = of(Side::of_seat(Seat(team.0)).unwrap_or(Side::White));
        ((worth[mine] - worth[1 - mine]) / DECIDED).tanh()
    }

    fn rebuild(seen: &Seen<Self>) -> Option<Self> {
        let view = &seen.view;
        let mut stacks: [Vec<_>; LINES as usize] = Default::default();
        for (line, shown) in &view.stacks {
            let stack = stacks.get_mut(usize::from(line.checked_sub(1)?))?;
            *stack = shown.pieces.iter().rev().copied().collect();
        }
        let at = |place: Place| {
            view.pieces
                .iter()
                .filter(move |(_, shown)| shown.place == place)
                .map(|(&piece, _)| piece)
                .collect()
        };
        let mut points = [0; 2];
        for shown in &view.sides {
            *points.get_mut(usize::from(shown.seat.0))? = shown.points;
        }
        Some(MenAsymmetric {
            round: Round::seen(view.turn, &view.phase, view.outcome)?,
            stacks,
            finished: at(Place::Off),
            captured: at(Place::Captured),
            points,
        })
    }
}

#[cfg(test)]
mod tests;
