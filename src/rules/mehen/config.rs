//! The options a game of San Martin Mehen is set up with, and the numbers each implies.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::{Seat, Team};

/// Every player starts with this many marbles in reserve, in both modes.
pub const MARBLES: u8 = 6;

/// Two players (Carnelian and Lapis) or two teams of three (Lions and Lionesses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Duel,
    Teams,
}

/// The length of the serpent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Board {
    /// 49 spaces.
    #[default]
    Compact,
    /// 127 spaces, the count of the Chicago board.
    Extended,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub mode: Mode,
    /// Compact when not given.
    #[serde(default)]
    pub board: Board,
}

impl Board {
    pub const fn spaces(self) -> u8 {
        match self {
            Board::Compact => 49,
            Board::Extended => 127,
        }
    }

    /// The last space. Position 0 is the tail.
    pub const fn head(self) -> u8 {
        self.spaces() - 1
    }
}

impl Mode {
    pub const fn seats(self) -> u8 {
        match self {
            Mode::Duel => 2,
            Mode::Teams => 6,
        }
    }

    /// Lions each player starts with standing.
    pub const fn lions(self) -> u8 {
        match self {
            Mode::Duel => 3,
            Mode::Teams => 1,
        }
    }

    /// Marbles one player may have on the serpent at once, finished ones included.
    pub const fn serpent_limit(self) -> u8 {
        match self {
            Mode::Duel => 2,
            Mode::Teams => 1,
        }
    }

    /// Duel: seat 0 is Carnelian and seat 1 is Lapis, each its own team.
    /// Teams: seats 0–2 are the Lions (team 0), seats 3–5 the Lionesses (team 1).
    pub const fn team_of(self, seat: Seat) -> Team {
        match self {
            Mode::Duel => Team(seat.0),
            Mode::Teams => Team(seat.0 / 3),
        }
    }

    pub fn seats_of(self, team: Team) -> impl Iterator<Item = Seat> {
        let per_team = self.seats() / 2;
        (team.0 * per_team..(team.0 + 1) * per_team).map(Seat)
    }

    /// The name of a team in the game's own words.
    pub const fn team_name(self, team: Team) -> &'static str {
        match (self, team.0) {
            (Mode::Duel, 0) => "Carnelian",
            (Mode::Duel, _) => "Lapis",
            (Mode::Teams, 0) => "Lions",
            (Mode::Teams, _) => "Lionesses",
        }
    }
}

/// The other of the two teams.
pub const fn opponent(team: Team) -> Team {
    Team(1 - team.0)
}
