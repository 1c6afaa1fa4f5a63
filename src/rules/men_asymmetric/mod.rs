//! Men, the game of sixteen lines, by the asymmetric rules of seed 003 (after Puluc): both
//! sides travel the narrow lines in opposite directions, stack on any piece, and capture
//! differently: two whites on a black, one black on two whites. Most points wins.
//! `docs/rules/men-asymmetric.md` tells the rules as implemented and every decision taken.
//!
//! The files: `action` (options, actions, events), `stacks` (landing and capture), `play`
//! (moves and the end), `view` (what everybody sees). The board, pieces, refusals, the turn
//! of throw and move and the seam are shared with `men_symmetric` in `rules::men`.

mod action;
mod computer;
mod play;
pub mod positions;
mod stacks;
mod view;

pub use crate::rules::men::{LINES, MenError, PIECES, PieceId, Reach, Side};
pub use action::{Action, Event, Landing, MenOutcome, Options, Reason};
pub use view::{MoveView, PieceView, Place, SideView, StackView, View};

use crate::fair::GameId;
use crate::rules::men;

/// What the game waits for.
pub type Phase = men::Phase<Reason>;

/// The phase as everybody sees it.
pub type PhaseView = men::PhaseView<MoveView>;

/// One game of asymmetric Men.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenAsymmetric {
    round: men::Round<Reason>,
    /// The stack on each narrow line (index 0 is line 1, at the white end), bottom first.
    stacks: [Vec<PieceId>; LINES as usize],
    /// Pieces moved off the far end, in either side's scoring pile.
    finished: Vec<PieceId>,
    /// Pieces captured, in their captor's scoring pile.
    captured: Vec<PieceId>,
    /// Points of white and black.
    points: [u8; 2],
}

impl MenAsymmetric {
    /// A new game: every piece at its start, white to throw.
    pub fn new(game: GameId) -> Self {
        MenAsymmetric {
            round: men::Round::new(game),
            stacks: Default::default(),
            finished: Vec::new(),
            captured: Vec::new(),
            points: [0, 0],
        }
    }

    pub fn points(&self, side: Side) -> u8 {
        self.points[usize::from(side.seat().0)]
    }

    /// The stack on narrow `line` (1–16 from the white end), bottom first.
    pub fn stack(&self, line: u8) -> &[PieceId] {
        line.checked_sub(1)
            .and_then(|i| self.stacks.get(usize::from(i)))
            .map_or(&[], Vec::as_slice)
    }

    /// Where `piece` is.
    pub fn place(&self, piece: PieceId) -> Place {
        if let Some(i) = self.stacks.iter().position(|s| s.contains(&piece)) {
            Place::Line(i as u8 + 1)
        } else if self.finished.contains(&piece) {
            Place::Off
        } else if self.captured.contains(&piece) {
            Place::Captured
        } else {
            Place::Start
        }
    }

    /// How many of `side`'s pieces are at `place`.
    pub fn count(&self, side: Side, place: Place) -> u8 {
        side.pieces().filter(|&p| self.place(p) == place).count() as u8
    }

    /// How many of `side`'s pieces are on the board, in any stack.
    pub fn on_board(&self, side: Side) -> u8 {
        side.pieces()
            .filter(|&p| matches!(self.place(p), Place::Line(_)))
            .count() as u8
    }

    /// Whether `side` has nothing left to play: every piece moved off or captured.
    fn is_done(&self, side: Side) -> bool {
        self.count(side, Place::Off) + self.count(side, Place::Captured) == PIECES
    }

    /// Every piece is in exactly one place: in one stack, off, captured or at its start,
    /// five a side.
    pub fn conserves_pieces(&self) -> bool {
        let mut seen = [0u8; 2 * PIECES as usize];
        let placed = self.stacks.iter().flatten();
        for piece in placed.chain(&self.finished).chain(&self.captured) {
            match seen.get_mut(usize::from(piece.0)) {
                Some(times) => *times += 1,
                None => return false,
            }
        }
        let once = seen.iter().all(|&times| times <= 1);
        once && Side::BOTH.into_iter().all(|side| {
            self.on_board(side)
                + self.count(side, Place::Off)
                + self.count(side, Place::Captured)
                + self.count(side, Place::Start)
                == PIECES
        })
    }
}

#[cfg(test)]
mod tests;
