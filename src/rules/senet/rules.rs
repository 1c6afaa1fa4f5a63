//! Senet behind the seam every rule set shares.

use crate::fair::GameId;
use crate::rules::rule_set::{inherent_seam, throw_steps};
use crate::rules::{Awaiting, Rules, Seat, Table};

use super::action::{Action, Event, Options, WinReason};
use super::view::{NoSecret, View};
use super::{Phase, SIDES, STICKS, Senet};

impl Rules for Senet {
    const NAME: &'static str = "senet";
    const TITLE: &'static str = "Senet";

    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Secret = NoSecret;
    type Reason = WinReason;

    fn table(_options: &Options) -> Table {
        Table::team_a_seat(&SIDES)
    }

    fn presets() -> Vec<Options> {
        vec![Options {}]
    }

    fn new(_options: &Options, game: GameId) -> Self {
        Senet::new(game)
    }

    fn options(&self) -> Options {
        Options {}
    }

    fn awaiting(&self) -> Awaiting {
        match self.phase() {
            Phase::Throw { seat, .. } => Awaiting::Throw {
                seat,
                sticks: STICKS,
            },
            Phase::Move { seat, .. } => Awaiting::Action { seats: vec![seat] },
            Phase::Over { .. } => Awaiting::Over,
        }
    }

    fn secret(&self, _seat: Seat) -> Option<NoSecret> {
        None
    }

    inherent_seam!(Senet);
    throw_steps!(Action);
}
