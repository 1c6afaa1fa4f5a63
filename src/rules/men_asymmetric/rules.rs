//! Asymmetric Men behind the seam every rule set shares.

use crate::fair::GameId;
use crate::rules::men_symmetric::{NoSecret, men_table};
use crate::rules::sticks::Sticks;
use crate::rules::{Awaiting, Outcome, Refusal, Rules, Seat, Step, Table};

use super::action::{Action, Event, Options, Reason};
use super::view::View;
use super::{MenAsymmetric, Phase};

impl Rules for MenAsymmetric {
    const NAME: &'static str = "men-asymmetric";
    const TITLE: &'static str = "Men (asymmetric)";

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
        MenAsymmetric::new(game)
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
        MenAsymmetric::legal_actions(self, seat)
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
        MenAsymmetric::view(self)
    }

    fn secret(&self, _: Seat) -> Option<NoSecret> {
        None
    }

    fn outcome(&self) -> Option<Outcome<Reason>> {
        MenAsymmetric::outcome(self)
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
