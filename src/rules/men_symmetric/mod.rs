//! Men, the game of sixteen lines, by the symmetric rules of seed 003: a race on the
//! Senet pattern, white on narrow lines from the narrow end, black on wide lines from the
//! wide end, with blocks of two and traps between two opposing pieces.
//! `docs/rules/men-symmetric.md` tells the rules as implemented and every decision taken.
//!
//! The files: `action` (options, actions, events), `play` (moves, blocks, traps), `view`
//! (what everybody sees). The board, pieces, refusals, the turn of throw and move and the
//! seam are shared with `men_asymmetric` in `rules::men`.

mod action;
mod computer;
mod play;
pub mod positions;
mod view;

pub use crate::rules::men::{LINES, MenError, PIECES, PieceId, Reach, Side};
pub use action::{Action, Event, MenOutcome, Options, Reason};
pub use view::{MoveView, PieceView, Place, SideView, View};

use crate::fair::GameId;
use crate::rules::men;

/// What the game waits for.
pub type Phase = men::Phase<Reason>;

/// The phase as everybody sees it.
pub type PhaseView = men::PhaseView<MoveView>;

/// One game of symmetric Men.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenSymmetric {
    round: men::Round<Reason>,
    /// Where each piece stands, by id.
    places: [Place; 2 * PIECES as usize],
}

impl MenSymmetric {
    /// A new game: every piece at its start, white to throw.
    pub fn new(game: GameId) -> Self {
        MenSymmetric {
            round: men::Round::new(game),
            places: [Place::Start; 2 * PIECES as usize],
        }
    }

    pub fn place(&self, piece: PieceId) -> Option<Place> {
        self.places.get(usize::from(piece.0)).copied()
    }

    /// How many of `side`'s pieces stand at `place`.
    pub fn count(&self, side: Side, place: Place) -> u8 {
        side.pieces()
            .filter(|&p| self.place(p) == Some(place))
            .count() as u8
    }
}

#[cfg(test)]
mod tests;
