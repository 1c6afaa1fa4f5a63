//! How a computer player judges Mehen: not yet taught, so it plays legal actions at random.

use super::{Action, Mehen};
use crate::rules::Team;
use crate::rules::computer::{ComputerPlayer, Seen};

impl ComputerPlayer for Mehen {
    fn evaluate(&self, _team: Team) -> f64 {
        0.0
    }

    fn rebuild(_seen: &Seen<Self>) -> Option<Self> {
        None
    }

    fn guessed(action: &Action) -> Option<u8> {
        match action {
            Action::Guess { number } => Some(*number),
            _ => None,
        }
    }
}
