//! Kendall–Skiryuk Mehen from a described position, and the named positions of the worked
//! examples its rules tell (docs/rules/mehen-kendall-skiryuk.md): its tests and its lessons
//! start from these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::Seat;
use crate::rules::positions::{Named, PositionError};

use super::options::side;
use super::piece::{Place, Spot};
use super::{BALLS, Board, MehenKendall, Options, Phase, Players};

/// Where every player's pieces stand and who throws next. Players sit in the order listed
/// (two to six); each one's balls are numbered in the order listed, and its balls not listed
/// wait off the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub board: Board,
    pub players: Vec<Holding>,
    /// The seat to throw the sticks next.
    pub to_throw: Seat,
}

/// What one player holds in a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Holding {
    pub balls: Vec<Place>,
    /// Where the lion is, once the player's first ball home earned it.
    #[serde(default)]
    pub lion: Option<Place>,
    #[serde(default)]
    pub saved: u32,
    /// Other players' balls this player's lion ate.
    #[serde(default)]
    pub eaten: u8,
}

impl MehenKendall {
    /// A game at `position`, its first throw awaited, once the position is checked.
    pub fn from_position(position: &Position, game: GameId) -> Result<Self, PositionError> {
        let why = "Kendall–Skiryuk Mehen is played by two to six players";
        let players: Players = PositionError::players(position.players.len(), why)?;
        let seat = position.to_throw;
        PositionError::check_seat(seat, players.count().into())?;
        let board = position.board;
        let mut made = MehenKendall::new(Options { players, board }, game);
        let mut taken = Vec::new();
        let players = position.players.iter().zip(made.players.iter_mut());
        for ((holding, player), seat) in players.zip(0..) {
            PositionError::check_count(side(Seat(seat)), holding.balls.len(), BALLS)?;
            for (ball, &place) in player.balls.iter_mut().zip(&holding.balls) {
                *ball = spot(place, board, &mut taken)?;
            }
            let home = holding.balls.contains(&Place::Home);
            player.lion = match (holding.lion, home) {
                (None, false) => None,
                (None, true) => Some(Spot::Off),
                (Some(_), false) => return Err(unreachable("a lion is earned by a ball home")),
                (Some(Place::Home), true) => {
                    return Err(unreachable("a position starts before any lion is home"));
                }
                (Some(place), true) => Some(spot(place, board, &mut taken)?),
            };
            player.saved = holding.saved;
            player.eaten = holding.eaten;
        }
        let eaten: u32 = position.players.iter().map(|h| u32::from(h.eaten)).sum();
        let lost = position.players.iter().flat_map(|h| &h.balls);
        if usize::try_from(eaten).ok() != Some(lost.filter(|&&p| p == Place::Eaten).count()) {
            return Err(unreachable(
                "every eaten ball counts for the lion that ate it",
            ));
        }
        if made.done(seat) {
            return Err(unreachable("the seat to throw has nothing left to move"));
        }
        made.phase = Phase::Throw { seat };
        Ok(made)
    }
}

fn unreachable(why: &'static str) -> PositionError {
    PositionError::Unreachable { why }
}

/// Where a piece at `place` stands, refused when off the serpent or on a cell `taken`.
fn spot(place: Place, board: Board, taken: &mut Vec<u16>) -> Result<Spot, PositionError> {
    let cells = board.cells();
    Ok(match place {
        Place::OffBoard => Spot::Off,
        Place::Home => Spot::Home,
        Place::Eaten => Spot::Eaten,
        Place::Centre => Spot::Track(cells),
        Place::Inward { cell } | Place::Outward { cell } => {
            PositionError::check_place(cell, cells - 1)?;
            if taken.contains(&cell) {
                return Err(PositionError::Crowded { place: cell });
            }
            taken.push(cell);
            match place {
                Place::Inward { .. } => Spot::Track(cell),
                _ => Spot::Track(2 * cells - cell),
            }
        }
    })
}

/// Two players on the compact board, Carnelian to throw, holding `carnelian` and `lapis`.
fn carnelian_throws(carnelian: Holding, lapis: Holding) -> Position {
    Position {
        board: Board::Compact,
        players: vec![carnelian, lapis],
        to_throw: Seat(0),
    }
}

/// Balls at `places`, nothing saved, no lion.
fn balls(places: &[Place]) -> Holding {
    Holding {
        balls: places.to_vec(),
        ..Holding::default()
    }
}

const fn inward(cell: u16) -> Place {
    Place::Inward { cell }
}

const fn outward(cell: u16) -> Place {
    Place::Outward { cell }
}

/// The opening of a two-player game: every ball off the board, Carnelian to throw.
pub fn opening() -> Position {
    carnelian_throws(Holding::default(), Holding::default())
}

/// Carnelian's balls on cells 5 and 12 heading in, a Lapis ball two cells ahead on 7.
pub fn a_ball_to_swap() -> Position {
    carnelian_throws(balls(&[inward(5), inward(12)]), balls(&[inward(7)]))
}

/// A Carnelian ball four cells short of the centre (on 36) with two saved ones, another on
/// 5; a Lapis ball on 20.
pub fn short_of_the_centre() -> Position {
    let carnelian = Holding {
        saved: 2,
        ..balls(&[inward(36), inward(5)])
    };
    carnelian_throws(carnelian, balls(&[inward(20)]))
}

/// A Carnelian ball waiting in the centre with four saved ones, another on 5; a Lapis ball
/// on 20.
pub fn waiting_in_the_centre() -> Position {
    let carnelian = Holding {
        saved: 4,
        ..balls(&[Place::Centre, inward(5)])
    };
    carnelian_throws(carnelian, balls(&[inward(20)]))
}

/// A Carnelian ball on its way back two cells from home, another heading in on 5; a Lapis
/// ball on 20.
pub fn almost_home() -> Position {
    carnelian_throws(balls(&[outward(2), inward(5)]), balls(&[inward(20)]))
}

/// Carnelian's lion heading back on cell 39, six cells behind a Lapis ball on 33 also
/// heading back; a Carnelian ball home (it earned the lion) and one heading in on 10.
pub fn lion_behind_a_ball() -> Position {
    let carnelian = Holding {
        lion: Some(outward(39)),
        ..balls(&[Place::Home, inward(10)])
    };
    carnelian_throws(carnelian, balls(&[outward(33)]))
}

/// Every named position, by name.
pub const NAMED: &[Named<Position>] = &[
    ("opening", opening),
    ("a-ball-to-swap", a_ball_to_swap),
    ("short-of-the-centre", short_of_the_centre),
    ("waiting-in-the-centre", waiting_in_the_centre),
    ("almost-home", almost_home),
    ("lion-behind-a-ball", lion_behind_a_ball),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::positions::refusal;

    #[test]
    fn a_position_the_rules_cannot_reach_is_refused_with_its_reason() {
        let refused = |carnelian: Holding| {
            let position = carnelian_throws(carnelian, balls(&[inward(7)]));
            refusal(MehenKendall::from_position, position)
        };
        assert_eq!(
            refused(balls(&[inward(7)])),
            PositionError::Crowded { place: 7 }
        );
        assert_eq!(
            refused(balls(&[outward(7)])),
            PositionError::Crowded { place: 7 }
        );
        assert_eq!(
            refused(balls(&[inward(40)])),
            PositionError::NoSuchPlace {
                place: 40,
                last: 39
            }
        );
        assert!(matches!(
            refused(balls(&[Place::OffBoard; 7])),
            PositionError::TooManyPieces { count: 7, .. }
        ));
        let unreachable = |holding| matches!(refused(holding), PositionError::Unreachable { .. });
        let lion = |lion, balls: Holding| Holding {
            lion: Some(lion),
            ..balls
        };
        assert!(unreachable(lion(inward(3), balls(&[inward(5)]))));
        assert!(unreachable(lion(Place::Home, balls(&[Place::Home]))));
        assert!(unreachable(Holding {
            eaten: 1,
            ..balls(&[inward(5)])
        }));
        let changed = |change: fn(&mut Position)| {
            let mut position = opening();
            change(&mut position);
            refusal(MehenKendall::from_position, position)
        };
        assert_eq!(
            changed(|p| p.to_throw = Seat(2)),
            PositionError::NoSuchSeat { seat: Seat(2) }
        );
        assert!(matches!(
            changed(|p| p.players.truncate(1)),
            PositionError::Unreachable { .. }
        ));
    }

    #[test]
    fn a_ball_home_waits_with_its_lion_beside_the_tail() {
        let position = carnelian_throws(balls(&[Place::Home]), balls(&[]));
        let game = MehenKendall::from_position(&position, GameId::default()).unwrap();
        let lion = super::super::PieceId::lion(Seat(0));
        assert_eq!(game.place(lion), Some(Place::OffBoard));
    }
}
