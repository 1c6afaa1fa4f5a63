//! Pharaohs and lions Mehen from a described position, and its named positions: its tests
//! and its lessons start from these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::positions::{Named, PositionError};
use crate::rules::{Seat, Team};

use super::{
    LIONS, LIONS_PER_TEAM, MehenPharaohs, Options, PharaohId, Place, Players, SPACES, team_name,
};

/// Where every pharaoh stands (one per seat, by seat: 2, 4 or 6), which lions attack which
/// pharaoh, and the team to move. Each team's lions not attacking stand in its hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub pharaohs: Vec<Place>,
    #[serde(default)]
    pub attacks: Vec<Attack>,
    pub to_move: Team,
}

/// A lion of `by`'s team set on the pharaoh `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub target: PharaohId,
    pub by: Seat,
}

impl MehenPharaohs {
    /// A game at `position`, its team's turn begun, once the position is checked.
    pub fn from_position(position: &Position, game: GameId) -> Result<Self, PositionError> {
        let why = "Pharaohs and lions Mehen is played by two, four or six, one pharaoh each";
        let players: Players = PositionError::players(position.pharaohs.len(), why)?;
        let mut made = MehenPharaohs::new(Options { players }, game);
        let mut taken = Vec::new();
        for (&place, seat) in position.pharaohs.iter().zip(0..) {
            if let Place::Serpent(space) = place {
                PositionError::check_place(space, SPACES)?;
                if taken.contains(&space) {
                    return Err(PositionError::Crowded {
                        place: space.into(),
                    });
                }
                taken.push(space);
            }
            made.pharaohs.insert(PharaohId(seat), place);
        }
        for team in [LIONS, super::opponent(LIONS)] {
            let mut side = made.options.seats_of(team).map(|seat| PharaohId(seat.0));
            if side.all(|p| made.place(p) == Place::Delivered) {
                let side = team_name(team);
                return Err(PositionError::AlreadyOver { side });
            }
        }
        for attack in &position.attacks {
            PositionError::check_seat(attack.by, players.count().into())?;
            let team = made.team_of(attack.by);
            if !matches!(made.place(attack.target), Place::Serpent(_))
                || made.team_of(attack.target.owner()) == team
            {
                let why = "a lion attacks a pharaoh of the other team on the serpent";
                return Err(PositionError::Unreachable { why });
            }
            let standing = &mut made.standing[usize::from(team.0)];
            if *standing == 0 {
                let (side, most) = (team_name(team), LIONS_PER_TEAM);
                let count = usize::from(most) + 1;
                return Err(PositionError::TooManyPieces { side, count, most });
            }
            *standing -= 1;
            if made.attacks.insert(attack.target, attack.by).is_some() {
                let why = "one lion at most attacks a pharaoh";
                return Err(PositionError::Unreachable { why });
            }
        }
        // The team to move is one of two, refused as a seat is.
        PositionError::check_seat(Seat(position.to_move.0), 2)?;
        // The turn the new game began is begun again, for the team the position names.
        made.turn = 0;
        made.begin_team_turn(position.to_move, &mut Vec::new());
        Ok(made)
    }
}

/// Two players, the Lions to move, pharaohs at `lions` and `lionesses`.
fn duel(lions: u8, lionesses: u8, attacks: &[Attack]) -> Position {
    Position {
        pharaohs: vec![Place::Serpent(lions), Place::Serpent(lionesses)],
        attacks: attacks.to_vec(),
        to_move: LIONS,
    }
}

/// The opening of a two-player game: both pharaohs waiting by the tail, the Lions to move.
pub fn opening() -> Position {
    Position {
        pharaohs: vec![Place::Waiting; 2],
        attacks: Vec::new(),
        to_move: LIONS,
    }
}

/// Two players: the Lions' pharaoh on 10, the Lionesses' on 20, and a lioness attacking
/// the Lions' pharaoh, which must fight it before it moves.
pub fn lion_on_your_pharaoh() -> Position {
    let attack = Attack {
        target: PharaohId(0),
        by: Seat(1),
    };
    duel(10, 20, &[attack])
}

/// Two players, the Lionesses to move: their pharaoh on 20, the Lions' on 10.
pub fn lionesses_to_move() -> Position {
    Position {
        to_move: super::opponent(LIONS),
        ..duel(10, 20, &[])
    }
}

/// Two players, the Lions to move: their pharaoh on 10, three spaces behind the Lionesses'
/// on 13, so a move of three lands on it and the two swap.
pub fn a_swap_ahead() -> Position {
    duel(10, 13, &[])
}

/// Four players, the Lions (seats 0 and 1) to choose which pharaoh moves: theirs on 10,
/// attacked by a lioness of seat 2, and on 30; the Lionesses' on 20 and 40.
pub fn two_pharaohs_to_choose() -> Position {
    let attack = Attack {
        target: PharaohId(0),
        by: Seat(2),
    };
    Position {
        pharaohs: [10, 30, 20, 40].map(Place::Serpent).to_vec(),
        attacks: vec![attack],
        to_move: LIONS,
    }
}

/// Every named position, by name.
pub const NAMED: &[Named<Position>] = &[
    ("opening", opening),
    ("lion-on-your-pharaoh", lion_on_your_pharaoh),
    ("lionesses-to-move", lionesses_to_move),
    ("a-swap-ahead", a_swap_ahead),
    ("two-pharaohs-to-choose", two_pharaohs_to_choose),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::positions::refusal;

    #[test]
    fn a_position_the_rules_cannot_reach_is_refused_with_its_reason() {
        let refused = |position: Position| refusal(MehenPharaohs::from_position, position);
        assert_eq!(
            refused(duel(10, 10, &[])),
            PositionError::Crowded { place: 10 }
        );
        assert_eq!(
            refused(duel(71, 10, &[])),
            PositionError::NoSuchPlace {
                place: 71,
                last: 70
            }
        );
        let mut position = duel(10, 20, &[]);
        position.pharaohs[1] = Place::Delivered;
        assert_eq!(
            refused(position),
            PositionError::AlreadyOver { side: "Lionesses" }
        );
        let own = Attack {
            target: PharaohId(0),
            by: Seat(0),
        };
        assert!(matches!(
            refused(duel(10, 20, &[own])),
            PositionError::Unreachable { .. }
        ));
        let mut position = opening();
        position.pharaohs.push(Place::Waiting);
        assert!(matches!(
            refused(position),
            PositionError::Unreachable { .. }
        ));
    }
}
