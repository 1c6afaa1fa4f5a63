//! Every rule set of Men behind the seam every rule set shares, written once.

use crate::fair::GameId;
use crate::rules::sticks::Sticks;
use crate::rules::{Awaiting, Outcome, Refusal, Rules, Seat, Step, Table};

use super::action::Play;
use super::lines::Side;
use super::turn::{self, Phase, Variant};

/// What one seat alone sees: nothing, for Men has no secrets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct NoSecret {}

impl<V: Variant> Rules for V {
    const NAME: &'static str = <V as Variant>::NAME;
    const TITLE: &'static str = <V as Variant>::TITLE;

    type Options = <V as Variant>::Options;
    type Action = <V as Variant>::Action;
    type Event = <V as Variant>::Event;
    type View = <V as Variant>::View;
    type Secret = NoSecret;
    type Reason = <V as Variant>::Reason;

    /// White at seat 0, black at seat 1.
    fn table(_: &Self::Options) -> Table {
        Table::team_a_seat(&Side::BOTH.map(Side::name))
    }

    fn presets() -> Vec<Self::Options> {
        vec![Default::default()]
    }

    fn new(_: &Self::Options, game: GameId) -> Self {
        V::start(game)
    }

    fn options(&self) -> Self::Options {
        Default::default()
    }

    fn game_id(&self) -> GameId {
        self.round().game
    }

    fn turn(&self) -> u32 {
        self.round().turn
    }

    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Event>, Refusal> {
        turn::play(self, seat, *action).map_err(Refusal::from)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action> {
        turn::legal_actions(self, seat)
    }

    fn awaiting(&self) -> Awaiting {
        match self.round().phase {
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

    fn view(&self) -> Self::View {
        Variant::view(self)
    }

    fn secret(&self, _: Seat) -> Option<NoSecret> {
        None
    }

    fn outcome(&self) -> Option<Outcome<Self::Reason>> {
        self.round().phase.outcome()
    }

    fn step_action(step: Step) -> Option<Self::Action> {
        match step {
            Step::Throw { faces } => Some(Play::Throw { faces }.into()),
            Step::Conceal { .. } | Step::Reveal { .. } | Step::Withhold => None,
        }
    }

    fn step_of(action: &Self::Action) -> Option<Step> {
        match (*action).into() {
            Play::Throw { faces } => Some(Step::Throw { faces }),
            Play::Enter | Play::Move { .. } => None,
        }
    }
}
