//! Kendall–Skiryuk Mehen behind the seam every rule set shares.

use crate::fair::GameId;
use crate::rules::rule_set::{inherent_seam, throw_steps};
use crate::rules::sticks::Sticks;
use crate::rules::{Awaiting, Rules, Seat, Table, Team};

use super::action::{Action, Event, Reason};
use super::options::{Board, Options, Players, side};
use super::view::{Secret, View};
use super::{MehenKendall, Phase};

impl Rules for MehenKendall {
    const NAME: &'static str = "mehen-kendall-skiryuk";
    const TITLE: &'static str = "Kendall–Skiryuk Mehen";

    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Secret = Secret;
    type Reason = Reason;

    fn table(options: &Options) -> Table {
        Table::new(
            options.seats(),
            |seat| Team(seat.0),
            |team| side(Seat(team.0)),
        )
    }

    fn presets() -> Vec<Options> {
        (Players::MIN..=Players::MAX)
            .filter_map(|count| Players::try_from(count).ok())
            .map(|players| Options {
                players,
                board: Board::Compact,
            })
            .collect()
    }

    fn new(options: &Options, game: GameId) -> Self {
        MehenKendall::new(*options, game)
    }

    fn options(&self) -> Options {
        MehenKendall::options(self)
    }

    fn awaiting(&self) -> Awaiting {
        match self.phase() {
            Phase::Throw { seat } => Awaiting::Throw {
                seat,
                sticks: Sticks::Three,
            },
            Phase::Choose { seat, .. } => Awaiting::Action { seats: vec![seat] },
            Phase::Over { .. } => Awaiting::Over,
        }
    }

    fn secret(&self, _seat: Seat) -> Option<Secret> {
        None
    }

    inherent_seam!(MehenKendall);
    throw_steps!(Action);
}
