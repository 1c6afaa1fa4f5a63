//! How a computer player judges MehenPharaohs: not yet taught, so it plays legal actions at random.

use super::{Action, MehenPharaohs};
use crate::rules::Team;
use crate::rules::computer::{ComputerPlayer, Seen};

impl ComputerPlayer for MehenPharaohs {
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
