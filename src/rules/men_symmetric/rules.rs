//! Symmetric Men behind the seam every rule set shares.

use crate::fair::GameId;
use crate::rules::sticks::Sticks;
use crate::rules::{Awaiting, Outcome, Refusal, Rules, Seat, SeatSide, Step, Table};

use super::action::{Action, Event, Options, Reason};
use super::lines::Side;
use super::view::View;
use super::{MenSymmetric, Phase};

/// What one seat alone sees: nothing, for Men has no secrets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct NoSecret {}

/// The table both Men rule sets seat: white at seat 0, black at seat 1.
pub fn men_table() -> Table {
    let seats = Side::BOTH
        .into_iter()
        .map(|side| SeatSide {
            team: side.team(),
            side: side.name(),
        })
        .collect();
    Table { seats }
}

impl Rules for MenSymmetric {
    const NAME: &'static str = "men-symmetric";
    const TITLE: &'static str = "Men (symmetric)";

    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Secret = NoSecret;
    type Reason = Reason;

    fn table(_: &Options) -> Table {
        men_table()
    }

    fn presets() -> Vec<Options> {
        vec![Options {}]
    }

    fn new(_: &Options, game: GameId) -> Self {
        MenSymmetric::new(game)
    }

    fn options(&self) -> Options {
        Options {}
    }

    fn game_id(&self) -> GameId {
        self.game
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Refusal> {
        self.play(seat, *action).map_err(Refusal::from)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        MenSymmetric::legal_actions(self, seat)
    }

    fn awaiting(&self) -> Awaiting {
        match self.phase {
            Phase::Throw { side } => Awaiting::Throw {
                seat: side.seat(),
                sticks: Sticks::FourMen,
            },
            Phase::Move { side, .. } => Awaiting::Action {
                seats: vec![side.seat()],
            },
            Phase::Over { .. } => Awaiting::Over,
        }
    }

    fn view(&self) -> View {
        MenSymmetric::view(self)
    }

    fn secret(&self, _: Seat) -> Option<NoSecret> {
        None
    }

    fn outcome(&self) -> Option<Outcome<Reason>> {
        MenSymmetric::outcome(self)
    }

    fn step_action(step: Step) -> Option<Action> {
        match step {
            Step::Throw { faces } => Some(Action::Throw { faces }),
            Step::Conceal { .. } | Step::Reveal { .. } | Step::Withhold => None,
        }
    }

    fn step_of(action: &Action) -> Option<Step> {
        match *action {
            Action::Throw { faces } => Some(Step::Throw { faces }),
            Action::Enter | Action::Move { .. } => None,
        }
    }
}
