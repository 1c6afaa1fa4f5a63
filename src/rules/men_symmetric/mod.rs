//! Men, the game of sixteen lines, by the symmetric rules of seed 003: a race on the
//! Senet pattern, white on narrow lines from the narrow end, black on wide lines from the
//! wide end, with blocks of two and traps between two opposing pieces.
//! `docs/rules/men-symmetric.md` tells the rules as implemented and every decision taken.
//!
//! The files: `lines` (the board and pieces both Men rule sets share), `action` (options,
//! actions, events), `error` (refusals, shared too), `play` (throws, moves, blocks, traps),
//! `view` (what everybody sees), `rules` (the shared seam).

mod action;
pub mod error;
pub mod lines;
mod play;
mod rules;
mod view;

pub use action::{Action, Event, MenOutcome, Options, Reason};
pub use error::MenError;
pub use lines::{LINES, PIECES, PieceId, Reach, Side};
pub use rules::{NoSecret, men_table};
pub use view::{MoveView, PhaseView, PieceView, Place, SideView, View};

use crate::fair::GameId;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Throw { side: Side },
    Move { side: Side, score: u8 },
    Over { outcome: MenOutcome },
}

/// One game of symmetric Men.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenSymmetric {
    game: GameId,
    turn: u32,
    /// Where each piece stands, by id.
    places: [Place; 2 * PIECES as usize],
    phase: Phase,
}

impl MenSymmetric {
    /// A new game: every piece at its start, white to throw.
    pub fn new(game: GameId) -> Self {
        MenSymmetric {
            game,
            turn: 1,
            places: [Place::Start; 2 * PIECES as usize],
            phase: Phase::Throw { side: Side::White },
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn place(&self, piece: PieceId) -> Option<Place> {
        self.places.get(usize::from(piece.0)).copied()
    }

    /// How many of `side`'s pieces stand at `place`.
    pub fn count(&self, side: Side, place: Place) -> u8 {
        self.pieces(side)
            .filter(|&p| self.place(p) == Some(place))
            .count() as u8
    }

    /// `side`'s pieces, lowest id first.
    pub fn pieces(&self, side: Side) -> impl Iterator<Item = PieceId> + use<> {
        PieceId::all().filter(move |p| p.side() == Some(side))
    }

    pub fn outcome(&self) -> Option<MenOutcome> {
        match self.phase {
            Phase::Over { outcome } => Some(outcome),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
