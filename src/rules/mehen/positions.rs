//! San Martin Mehen from a described position, the duel ([`Position`]) or the six-player
//! team game ([`TeamsPosition`], which also says who has acted this round), and the named
//! positions of the illustrated examples of its seed (section 6): its tests and its lessons
//! start from these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::Seat;
use crate::rules::positions::{Named, PositionError};

use super::config::{Board, Config, Mode};
use super::serpent::Marble;
use super::{MarbleId, Mehen, Phase};

mod teams;

pub use teams::{Participant, TEAMS_NAMED, TeamsPosition, second_finisher_to_choose, team_revival};

/// Where both duellists' marbles stand, how many lions each has standing, and who conceals
/// next. Marbles are numbered in the order listed, Carnelian's first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default)]
    pub board: Board,
    pub carnelian: Holding,
    pub lapis: Holding,
    /// The seat to conceal a number next.
    pub to_conceal: Seat,
}

/// One duellist's marbles on the serpent (spaces from the tail; the head is a marble
/// finished) and standing lions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Holding {
    pub marbles: Vec<u8>,
    pub lions: u8,
}

const SIDES: [&str; 2] = ["Carnelian", "Lapis"];

impl Mehen {
    /// A duel at `position`, awaiting the concealer's number, once the position is checked.
    pub fn from_position(position: &Position, game: GameId) -> Result<Self, PositionError> {
        let seat = position.to_conceal;
        PositionError::check_seat(seat, SIDES.len())?;
        let config = Config {
            mode: Mode::Duel,
            board: position.board,
        };
        let head = config.board.head();
        let mut made = Mehen::new(config, game);
        for ((holding, side), owner) in [&position.carnelian, &position.lapis]
            .into_iter()
            .zip(SIDES)
            .zip((0..).map(Seat))
        {
            let limit = config.mode.serpent_limit();
            PositionError::check_count(side, holding.marbles.len(), limit)?;
            PositionError::check_count(side, usize::from(holding.lions), config.mode.lions())?;
            if holding.lions == 0 || holding.marbles.iter().filter(|&&s| s == head).count() > 1 {
                return Err(PositionError::AlreadyOver { side });
            }
            made.players[usize::from(owner.0)].lions = holding.lions;
            for &space in &holding.marbles {
                PositionError::check_place(space, head)?;
                let foe = |m: &Marble| m.space == space && m.owner != owner;
                if space != head && made.marbles.iter().any(foe) {
                    return Err(PositionError::Crowded {
                        place: space.into(),
                    });
                }
                let id = MarbleId(made.next_marble);
                made.next_marble += 1;
                made.marbles.push(Marble { id, owner, space });
            }
        }
        made.phase = Phase::Conceal { actor: seat };
        Ok(made)
    }
}

/// Carnelian to conceal, its marbles on `carnelian` and Lapis's on `lapis`, three lions each.
fn carnelian_conceals(carnelian: &[u8], lapis: &[u8]) -> Position {
    let holding = |marbles: &[u8]| Holding {
        marbles: marbles.to_vec(),
        lions: Mode::Duel.lions(),
    };
    Position {
        board: Board::Compact,
        carnelian: holding(carnelian),
        lapis: holding(lapis),
        to_conceal: Seat(0),
    }
}

/// The opening of a duel: every marble in the piles, Carnelian to conceal.
pub fn opening() -> Position {
    carnelian_conceals(&[], &[])
}

/// Example A: a Carnelian marble on 3, a Lapis one on 1.
pub fn hidden_movement() -> Position {
    carnelian_conceals(&[3], &[1])
}

/// Example A's marbles with Lapis to conceal: Carnelian's side guesses.
pub fn lapis_to_hide() -> Position {
    Position {
        to_conceal: Seat(1),
        ..hidden_movement()
    }
}

/// Example C: Carnelian's marbles on 2 and 1, Lapis's on 6 and 4; a 4 from 2 jumps the
/// marble on 4 and captures the one on 6.
pub fn jump_and_capture() -> Position {
    carnelian_conceals(&[2, 1], &[6, 4])
}

/// A Carnelian marble on 44, four spaces short of the head (48).
pub fn near_the_head() -> Position {
    carnelian_conceals(&[44], &[])
}

/// Example D: Carnelian, caught once, has two lions standing; its marble is on 2, Lapis's
/// on 4.
pub fn a_lion_down() -> Position {
    let mut position = carnelian_conceals(&[2], &[4]);
    position.carnelian.lions = 2;
    position
}

/// Every named position, by name.
pub const NAMED: &[Named<Position>] = &[
    ("opening", opening),
    ("hidden-movement", hidden_movement),
    ("lapis-to-hide", lapis_to_hide),
    ("jump-and-capture", jump_and_capture),
    ("near-the-head", near_the_head),
    ("a-lion-down", a_lion_down),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::positions::refusal;

    #[test]
    fn a_position_the_rules_cannot_reach_is_refused_with_its_reason() {
        let refused = |carnelian: &[u8], lapis: &[u8]| {
            refusal(Mehen::from_position, carnelian_conceals(carnelian, lapis))
        };
        assert_eq!(refused(&[5], &[5]), PositionError::Crowded { place: 5 });
        assert_eq!(
            refused(&[49], &[]),
            PositionError::NoSuchPlace {
                place: 49,
                last: 48
            }
        );
        assert!(matches!(
            refused(&[1, 2, 3], &[]),
            PositionError::TooManyPieces { count: 3, .. }
        ));
        assert_eq!(
            refused(&[48, 48], &[]),
            PositionError::AlreadyOver { side: "Carnelian" }
        );
        let changed = |change: fn(&mut Position)| {
            let mut position = opening();
            change(&mut position);
            refusal(Mehen::from_position, position)
        };
        assert_eq!(
            changed(|p| p.lapis.lions = 0),
            PositionError::AlreadyOver { side: "Lapis" }
        );
        assert_eq!(
            changed(|p| p.to_conceal = Seat(2)),
            PositionError::NoSuchSeat { seat: Seat(2) }
        );
    }

    #[test]
    fn own_marbles_may_share_a_space() {
        let position = carnelian_conceals(&[5, 5], &[]);
        assert!(Mehen::from_position(&position, GameId::default()).is_ok());
    }
}
