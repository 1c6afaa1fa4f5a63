//! The search's model of the other side, pinned on a game of two choices made up for it.

use super::{ComputerPlayer, Outlook, Reach, Seen, best_actions};
use crate::fair::GameId;
use crate::rules::{
    Awaiting, Outcome, Refusal, RefusalKind, Rules, Seat, SeatSide, Step, Table, Team,
};

/// What the first seat's team ends with, by its choice (row) and the second seat's reply
/// (column). The first choice is safe; the second wins much unless the reply is the one
/// good answer among three.
const ENDS: [[f64; 3]; 2] = [[-0.5, -0.5, -0.5], [-0.6, 0.9, 0.9]];

/// The first seat chooses a row of [`ENDS`], the second a column, and the game stands there.
#[derive(Clone, Debug, PartialEq)]
struct Choices {
    made: Vec<u8>,
}

impl Rules for Choices {
    const NAME: &'static str = "choices";
    const TITLE: &'static str = "Choices";

    type Options = ();
    type Action = u8;
    type Event = u8;
    type View = ();
    type Secret = ();
    type Reason = ();

    fn table(_options: &()) -> Table {
        let side = |team| SeatSide {
            team: Team(team),
            side: "side",
        };
        Table {
            seats: vec![side(0), side(1)],
        }
    }

    fn presets() -> Vec<()> {
        vec![()]
    }

    fn new(_options: &(), _game: GameId) -> Self {
        Choices { made: Vec::new() }
    }

    fn options(&self) {}

    fn game_id(&self) -> GameId {
        GameId::default()
    }

    fn turn(&self) -> u32 {
        self.made.len() as u32
    }

    fn apply(&mut self, seat: Seat, action: &u8) -> Result<Vec<u8>, Refusal> {
        if !self.legal_actions(seat).contains(action) {
            return Err(Refusal::new(RefusalKind::Malformed, "no such choice"));
        }
        self.made.push(*action);
        Ok(vec![*action])
    }

    fn legal_actions(&self, seat: Seat) -> Vec<u8> {
        match (self.made.len(), seat.0) {
            (0, 0) => vec![0, 1],
            (1, 1) => vec![0, 1, 2],
            _ => Vec::new(),
        }
    }

    fn awaiting(&self) -> Awaiting {
        let seat = Seat(self.made.len().min(1) as u8);
        Awaiting::Action { seats: vec![seat] }
    }

    fn view(&self) {}

    fn secret(&self, _seat: Seat) -> Option<()> {
        None
    }

    fn outcome(&self) -> Option<Outcome<()>> {
        None
    }

    fn step_action(_step: Step) -> Option<u8> {
        None
    }

    fn step_of(_action: &u8) -> Option<Step> {
        None
    }
}

impl ComputerPlayer for Choices {
    fn evaluate(&self, team: Team) -> f64 {
        let end = match self.made[..] {
            [row, column] => ENDS[usize::from(row)][usize::from(column)],
            _ => 0.0,
        };
        if team == Team(0) { end } else { -end }
    }

    fn rebuild(_seen: &Seen<Self>) -> Option<Self> {
        None
    }
}

/// The first seat's best choices, two actions ahead, taking the reply to slip into a random
/// one as often as `careless` says.
fn chosen(careless: f64) -> Vec<usize> {
    let reach = Reach {
        lookahead: 2,
        nodes: 0,
        rounds: 0,
    };
    let outlook = Outlook {
        careless,
        ..Outlook::default()
    };
    best_actions(
        &Choices::new(&(), GameId::default()),
        Seat(0),
        &[0, 1],
        reach,
        &outlook,
    )
}

#[test]
fn a_careful_reply_is_feared_and_a_careless_one_is_counted_on() {
    // Never slipping, the reply finds the one good answer: the safe row is better.
    assert_eq!(chosen(0.0), vec![0]);
    // Slipping half the time: -0.6 / 2 + 0.4 / 2 = -0.1 beats -0.5.
    assert_eq!(chosen(0.5), vec![1]);
    // Always slipping: the mean, 0.4.
    assert_eq!(chosen(1.0), vec![1]);
}

#[test]
fn the_reply_is_worth_its_best_and_its_mean_in_the_careless_share() {
    // Slipping one time in ten: 0.9 × -0.6 + 0.1 × 0.4 = -0.5, as much as the safe row.
    assert_eq!(chosen(0.1), vec![0, 1]);
    assert_eq!(chosen(0.05), vec![0]);
    assert_eq!(chosen(0.15), vec![1]);
}
