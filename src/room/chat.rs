//! Who may read what: the team channel reaches the sender's team alone, the table channel
//! reaches everyone at the table, spectators included. Team guess proposals follow the team
//! channel.

use crate::rules::mehen::Mode;
use crate::rules::{Seat, Viewer};
use crate::wire::Channel;

/// Whether `viewer` may read a message `from` a seat on `channel`.
pub fn reaches(mode: Mode, channel: Channel, from: Seat, viewer: Viewer) -> bool {
    match (channel, viewer) {
        (Channel::Table, _) => true,
        (Channel::Team, Viewer::Seat(seat)) => mode.team_of(seat) == mode.team_of(from),
        (Channel::Team, Viewer::Spectator) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_chat_stays_in_the_team() {
        let from = Seat(1);
        let team = |viewer| reaches(Mode::Teams, Channel::Team, from, viewer);
        assert!(team(Viewer::Seat(Seat(0))));
        assert!(team(Viewer::Seat(Seat(2))));
        assert!(!team(Viewer::Seat(Seat(3))));
        assert!(!team(Viewer::Spectator));
        assert!(!reaches(
            Mode::Duel,
            Channel::Team,
            Seat(0),
            Viewer::Seat(Seat(1))
        ));
    }

    #[test]
    fn table_chat_reaches_everyone() {
        for viewer in [Viewer::Seat(Seat(5)), Viewer::Spectator] {
            assert!(reaches(Mode::Teams, Channel::Table, Seat(0), viewer));
        }
    }
}
