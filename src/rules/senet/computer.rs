//! How a computer player judges Senet: not yet taught, so it plays legal actions at random.

use super::Senet;
use crate::rules::Team;
use crate::rules::computer::{ComputerPlayer, Seen};

impl ComputerPlayer for Senet {
    fn evaluate(&self, _team: Team) -> f64 {
        0.0
    }

    fn rebuild(_seen: &Seen<Self>) -> Option<Self> {
        None
    }
}
