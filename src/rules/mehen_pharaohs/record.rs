//! What each seat has shown of its numbers so far: the numbers it hid, once revealed, and the
//! numbers it guessed, counted by contest. All of it was announced at the table (every guess
//! and every reveal is in the game's log), so a person at any seat can keep the same count; a
//! computer player reads it from the view to judge how a seat hides and guesses. A number is
//! counted as hidden only when its reveal opens it: a number still concealed, or withheld,
//! never is.

use schemars::JsonSchema;
use serde::Serialize;

use super::action::Contest;

/// How often a seat played each number: `moves[n - 1]` in move contests (1 to 5),
/// `lions[n - 1]` in lion fights (1 to 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Tally {
    pub moves: [u32; 5],
    pub lions: [u32; 3],
}

impl Tally {
    /// The counts of `contest`'s numbers, lowest first.
    pub fn of(&self, contest: Contest) -> &[u32] {
        match contest {
            Contest::Move => &self.moves,
            Contest::Lion => &self.lions,
        }
    }

    /// Counts `number` played in `contest` (a number out of range is not counted).
    fn count(&mut self, contest: Contest, number: u8) {
        let counts = match contest {
            Contest::Move => &mut self.moves[..],
            Contest::Lion => &mut self.lions[..],
        };
        if let Some(count) = counts.get_mut(usize::from(number).wrapping_sub(1)) {
            *count += 1;
        }
    }
}

/// One seat's numbers so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Record {
    /// The numbers it hid, counted when revealed.
    pub revealed: Tally,
    /// The numbers it guessed.
    pub guessed: Tally,
}

impl Record {
    pub(super) fn reveal(&mut self, contest: Contest, number: u8) {
        self.revealed.count(contest, number);
    }

    pub(super) fn guess(&mut self, contest: Contest, number: u8) {
        self.guessed.count(contest, number);
    }
}
