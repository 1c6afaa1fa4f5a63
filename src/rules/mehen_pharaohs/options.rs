//! The options a game is set up with: how many play, and the seats and teams that makes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::{Seat, Team};

/// The lions' team (seats in the first half of the table).
pub const LIONS: Team = Team(0);
/// The lionesses' team (seats in the second half of the table).
pub const LIONESSES: Team = Team(1);

/// How many play: 2, 4 or 6, checked where it is parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "u8", into = "u8")]
pub struct Players(u8);

impl Players {
    pub const TWO: Players = Players(2);
    pub const FOUR: Players = Players(4);
    pub const SIX: Players = Players(6);

    pub const fn count(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Players {
    type Error = String;

    fn try_from(count: u8) -> Result<Self, String> {
        match count {
            2 | 4 | 6 => Ok(Players(count)),
            _ => Err(format!(
                "Pharaohs and lions Mehen is played by 2, 4 or 6 players, not {count}"
            )),
        }
    }
}

impl From<Players> for u8 {
    fn from(players: Players) -> u8 {
        players.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub players: Players,
}

impl Options {
    pub const fn seats(self) -> u8 {
        self.players.0
    }

    /// Seats 0 to n/2 − 1 are the lions, the rest the lionesses.
    pub const fn team_of(self, seat: Seat) -> Team {
        Team(seat.0 / (self.players.0 / 2))
    }

    pub fn seats_of(self, team: Team) -> impl Iterator<Item = Seat> {
        let half = self.players.0 / 2;
        (team.0 * half..(team.0 + 1) * half).map(Seat)
    }
}

/// The name of a team in the game's own words.
pub const fn team_name(team: Team) -> &'static str {
    match team.0 {
        0 => "Lions",
        _ => "Lionesses",
    }
}

/// The other of the two teams.
pub const fn opponent(team: Team) -> Team {
    Team(1 - team.0)
}
