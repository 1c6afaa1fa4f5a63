//! The options a game is set up with: how many players, and which serpent.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::Seat;

/// Every player starts with this many balls off the board.
pub const BALLS: u8 = 6;
/// Saved ones a ball spends to leave the centre.
pub const BALL_EXIT: u32 = 4;
/// Saved ones a lion spends to leave the centre.
pub const LION_EXIT: u32 = 10;

/// The colours of the six sides, in seat order.
const SIDES: [&str; 6] = [
    "Carnelian",
    "Lapis",
    "Turquoise",
    "Malachite",
    "Gold",
    "Ivory",
];

/// How many play: 2 to 6, checked when parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "u8", into = "u8")]
pub struct Players(u8);

impl Players {
    pub const MIN: u8 = 2;
    pub const MAX: u8 = 6;

    pub const fn count(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Players {
    type Error = String;

    fn try_from(count: u8) -> Result<Self, String> {
        if (Players::MIN..=Players::MAX).contains(&count) {
            Ok(Players(count))
        } else {
            Err(format!(
                "Kendall–Skiryuk Mehen is played by {} to {} players, not {count}",
                Players::MIN,
                Players::MAX
            ))
        }
    }
}

impl From<Players> for u8 {
    fn from(players: Players) -> u8 {
        players.0
    }
}

/// The length of the serpent. The seed's boards had 40 to 400 cells; the rules are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Board {
    /// 40 cells, the smallest board the seed knows.
    Compact,
    /// 127 cells, the count of the Chicago board.
    Extended,
}

impl Board {
    /// Cells from the first at the tail (1) to the centre at the head (the last).
    pub const fn cells(self) -> u16 {
        match self {
            Board::Compact => 40,
            Board::Extended => 127,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub players: Players,
    pub board: Board,
}

impl Options {
    pub const fn seats(self) -> u8 {
        self.players.count()
    }
}

/// The colour of a seat's side.
pub fn side(seat: Seat) -> &'static str {
    SIDES
        .get(usize::from(seat.0))
        .copied()
        .unwrap_or("Unseated")
}
