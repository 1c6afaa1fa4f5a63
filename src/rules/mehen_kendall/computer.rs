//! How a computer player judges MehenKendall: not yet taught, so it plays legal actions at random.

use super::MehenKendall;
use crate::rules::Team;
use crate::rules::computer::{ComputerPlayer, Seen};

impl ComputerPlayer for MehenKendall {
    fn evaluate(&self, _team: Team) -> f64 {
        0.0
    }

    fn rebuild(_seen: &Seen<Self>) -> Option<Self> {
        None
    }
}
