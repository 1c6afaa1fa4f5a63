//! San Martin Mehen from a described position, the duel ([`Position`]) or the six-player
//! team game ([`TeamsPosition`], which also says who has acted this round), and the named
//! positions of the illustrated examples of its seed (section 6): its tests and its lessons
//! start from these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::positions::{Named, PositionError};
use crate::rules::{Seat, Team};

use super::config::{Board, Config, Mode};
use super::serpent::Marble;
use super::{MarbleId, Mehen, Phase, Round};

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
        if usize::from(seat.0) >= SIDES.len() {
            return Err(PositionError::NoSuchSeat { seat });
        }
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

/// The six-player game: each participant's marble and lion, by seat (the Lions on 0 to 2,
/// the Lionesses on 3 to 5), the team whose opportunity it is and, when its teammate is
/// already chosen, the actor. Marbles are numbered by seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamsPosition {
    #[serde(default)]
    pub board: Board,
    pub players: Vec<Participant>,
    pub to_move: Team,
    /// The teammate chosen to act, to conceal next; without one, the team chooses.
    #[serde(default)]
    pub actor: Option<Seat>,
}

/// One participant of the six-player game: the space of its one marble on the serpent
/// (the head is a marble finished), whether its lion is frozen, and whether it has acted
/// in this round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Participant {
    #[serde(default)]
    pub marble: Option<u8>,
    #[serde(default)]
    pub frozen: bool,
    #[serde(default)]
    pub acted: bool,
}

impl Mehen {
    /// A six-player game at `position`, awaiting the team's choice or its actor's number,
    /// once the position is checked. A team whose first marble finished has its other
    /// teammates' lost marble taken from their piles, as the rules take it.
    pub fn from_teams_position(
        position: &TeamsPosition,
        game: GameId,
    ) -> Result<Self, PositionError> {
        let mode = Mode::Teams;
        let config = Config {
            mode,
            board: position.board,
        };
        let head = config.board.head();
        let mut made = Mehen::new(config, game);
        made.marbles.clear();
        let players = &position.players;
        if players.len() != usize::from(mode.seats()) {
            let why = "the six-player game seats six, one participant each";
            return Err(PositionError::Unreachable { why });
        }
        for (participant, seat) in players.iter().zip((0..).map(Seat)) {
            if let Some(space) = participant.marble {
                PositionError::check_place(space, head)?;
                let foe = |m: &Marble| made.team_of(m.owner) != made.team_of(seat);
                let crowded = made.marbles.iter().any(|m| m.space == space && foe(m));
                if space != head && crowded {
                    return Err(PositionError::Crowded {
                        place: space.into(),
                    });
                }
                made.marbles.push(Marble {
                    id: MarbleId(u32::from(seat.0)),
                    owner: seat,
                    space,
                });
            }
            made.players[usize::from(seat.0)].lions = u8::from(!participant.frozen);
        }
        made.next_marble = u32::from(mode.seats());
        for team in [Team(0), Team(1)] {
            let side = mode.team_name(team);
            let finishers = mode.seats_of(team).filter(|&s| made.has_finished(s));
            let finishers: Vec<Seat> = finishers.collect();
            if finishers.len() > 1 || mode.seats_of(team).all(|s| made.is_frozen(s)) {
                return Err(PositionError::AlreadyOver { side });
            }
            for &finisher in &finishers {
                for teammate in mode.seats_of(team).filter(|&s| s != finisher) {
                    made.players[usize::from(teammate.0)].lost = 1;
                }
            }
        }
        made.round = round_of(position)?;
        made.open_opportunity(&mut Vec::new());
        if let (Some(actor), Phase::Choose { .. }) = (position.actor, made.phase) {
            let why = "the chosen actor may not act on this opportunity";
            made.choose(actor, actor, &mut Vec::new())
                .map_err(|_| PositionError::Unreachable { why })?;
        }
        let moving = match made.phase {
            Phase::Choose { team } => Some(team),
            phase => phase.actor().map(|actor| made.team_of(actor)),
        };
        if moving != Some(position.to_move) {
            let why = "nobody of the team to move may act";
            return Err(PositionError::Unreachable { why });
        }
        if position
            .actor
            .is_some_and(|a| made.phase.actor() != Some(a))
        {
            let why = "the chosen actor may not act on this opportunity";
            return Err(PositionError::Unreachable { why });
        }
        Ok(made)
    }
}

/// The round a six-player position is in: the team to move has had one opportunity for
/// each teammate who acted, and the other team as many (the Lionesses, moving second, one
/// fewer when the Lions are to move).
fn round_of(position: &TeamsPosition) -> Result<Round, PositionError> {
    let mode = Mode::Teams;
    let team = position.to_move;
    if team.0 > 1 {
        return Err(PositionError::NoSuchSeat { seat: Seat(team.0) });
    }
    let acted_in = |team: Team| {
        mode.seats_of(team)
            .filter(|s| position.players[usize::from(s.0)].acted)
            .count() as u8
    };
    let (own, other) = (acted_in(team), acted_in(Team(1 - team.0)));
    let opportunity = 2 * own + team.0;
    let before = own + team.0;
    if own == 3 || other > before {
        let why = "each team acts once an opportunity, in turn, three times a round";
        return Err(PositionError::Unreachable { why });
    }
    let acted = (0..mode.seats())
        .filter(|&s| position.players[usize::from(s)].acted)
        .fold(0, |bits, s| bits | 1 << s);
    Ok(Round {
        number: 1,
        opportunity,
        acted,
    })
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

/// Example E: the six-player game, the Lions to move with their first teammate chosen.
/// The Lions' marbles are on 1, 1 and 3, the one on 3 frozen by a right guess this round;
/// the Lionesses' are on 5 (moved this round), 2 and 4.
pub fn team_revival() -> TeamsPosition {
    let at = |space: u8| Participant {
        marble: Some(space),
        ..Participant::default()
    };
    let caught = Participant {
        frozen: true,
        acted: true,
        ..at(3)
    };
    let moved = Participant {
        acted: true,
        ..at(5)
    };
    TeamsPosition {
        board: Board::Compact,
        players: vec![at(1), at(1), caught, moved, at(2), at(4)],
        to_move: Team(0),
        actor: Some(Seat(0)),
    }
}

/// The six-player game, the Lions to choose who acts: their first marble has finished (so
/// the other two have each given up a marble), the second is on 45, the third on 5; the
/// Lionesses' are on 10, 12 and 20. The finisher has no frozen teammate, so it may not act.
pub fn second_finisher_to_choose() -> TeamsPosition {
    let at = |space: u8| Participant {
        marble: Some(space),
        ..Participant::default()
    };
    TeamsPosition {
        board: Board::Compact,
        players: [48, 45, 5, 10, 12, 20].map(at).to_vec(),
        to_move: Team(0),
        actor: None,
    }
}

/// Every named six-player position, by name.
pub const TEAMS_NAMED: &[Named<TeamsPosition>] = &[
    ("team-revival", team_revival),
    ("second-finisher-to-choose", second_finisher_to_choose),
];

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

    fn from(position: Position) -> Result<Mehen, PositionError> {
        Mehen::from_position(&position, GameId::default())
    }

    fn teams(position: TeamsPosition) -> Result<Mehen, PositionError> {
        Mehen::from_teams_position(&position, GameId::default())
    }

    #[test]
    fn every_named_position_is_legal_and_the_opening_is_a_new_duel() {
        for (name, position) in NAMED {
            assert!(from(position()).is_ok(), "{name}");
        }
        for (name, position) in TEAMS_NAMED {
            assert!(teams(position()).is_ok(), "{name}");
        }
        let config = Config {
            mode: Mode::Duel,
            board: Board::Compact,
        };
        assert_eq!(
            from(opening()).unwrap(),
            Mehen::new(config, GameId::default())
        );
    }

    #[test]
    fn a_position_the_rules_cannot_reach_is_refused_with_its_reason() {
        let refused = |carnelian: &[u8], lapis: &[u8]| {
            from(carnelian_conceals(carnelian, lapis)).unwrap_err()
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
        let mut position = opening();
        position.lapis.lions = 0;
        assert_eq!(
            from(position).unwrap_err(),
            PositionError::AlreadyOver { side: "Lapis" }
        );
        let mut position = opening();
        position.to_conceal = Seat(2);
        assert_eq!(
            from(position).unwrap_err(),
            PositionError::NoSuchSeat { seat: Seat(2) }
        );
    }

    #[test]
    fn own_marbles_may_share_a_space() {
        assert!(from(carnelian_conceals(&[5, 5], &[])).is_ok());
    }

    #[test]
    fn a_six_player_position_awaits_its_team_and_refuses_what_play_cannot_reach() {
        let game = teams(team_revival()).unwrap();
        assert_eq!(*game.phase(), Phase::Conceal { actor: Seat(0) });
        assert!(game.is_frozen(Seat(2)) && game.has_acted_this_round(Seat(2)));
        let choosing = TeamsPosition {
            actor: None,
            ..team_revival()
        };
        let game = teams(choosing).unwrap();
        assert_eq!(*game.phase(), Phase::Choose { team: Team(0) });
        assert_eq!(game.round(), (1, 2));
        let refused = |change: fn(&mut TeamsPosition)| {
            let mut position = team_revival();
            change(&mut position);
            teams(position).unwrap_err()
        };
        assert_eq!(
            refused(|p| p.players[4].marble = Some(1)),
            PositionError::Crowded { place: 1 }
        );
        assert!(matches!(
            refused(|p| p.actor = Some(Seat(2))),
            PositionError::Unreachable { .. }
        ));
        assert!(matches!(
            refused(|p| p.actor = Some(Seat(4))),
            PositionError::Unreachable { .. }
        ));
        assert!(matches!(
            refused(|p| p.players[4].acted = true),
            PositionError::Unreachable { .. }
        ));
        assert!(matches!(
            refused(|p| p.players.truncate(4)),
            PositionError::Unreachable { .. }
        ));
        assert_eq!(
            refused(|p| p.players.iter_mut().take(3).for_each(|l| l.frozen = true)),
            PositionError::AlreadyOver { side: "Lions" }
        );
        let finished = teams(TeamsPosition {
            actor: None,
            ..{
                let mut position = team_revival();
                position.players[1].marble = Some(48);
                position
            }
        })
        .unwrap();
        assert_eq!(finished.lost(Seat(0)), 1);
        assert_eq!(finished.lost(Seat(1)), 0);
        assert_eq!(finished.reserve(Seat(2)), 4);
    }
}
