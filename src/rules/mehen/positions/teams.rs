//! San Martin Mehen's six-player team game from a described position: each participant's
//! marble and lion, who has acted this round and whose opportunity it is; and its named
//! positions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::fair::GameId;
use crate::rules::mehen::{Board, Config, Marble, MarbleId, Mehen, Mode, Phase, Round};
use crate::rules::positions::{Named, PositionError};
use crate::rules::{Seat, Team};

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
    // The team to move is one of two, refused as a seat is.
    PositionError::check_seat(Seat(team.0), 2)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn teams(position: TeamsPosition) -> Result<Mehen, PositionError> {
        Mehen::from_teams_position(&position, GameId::default())
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
