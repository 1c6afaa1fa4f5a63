//! San Martin Mehen behind the seam every rule set shares.

use crate::fair::GameId;
use crate::rules::guessing::GuessingGame;
use crate::rules::rule_set::{guessing_steps, inherent_seam};
use crate::rules::{Awaiting, Rules, Seat, Table, Viewer};

use super::action::{Action, Event, WinReason};
use super::config::{Board, Config, MARBLES, Mode};
use super::view::{Hand, View};
use super::{Mehen, Phase};

impl Rules for Mehen {
    const NAME: &'static str = "mehen-san-martin";
    const TITLE: &'static str = "San Martin Mehen";

    type Options = Config;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Secret = Hand;
    type Reason = WinReason;

    fn table(options: &Config) -> Table {
        let mode = options.mode;
        Table::new(
            mode.seats(),
            |seat| mode.team_of(seat),
            |team| mode.team_name(team),
        )
    }

    fn presets() -> Vec<Config> {
        [Mode::Duel, Mode::Teams]
            .into_iter()
            .map(|mode| Config {
                mode,
                board: Board::Compact,
            })
            .collect()
    }

    fn guesses(_options: &Config) -> Option<(u8, u8)> {
        Some((1, MARBLES))
    }

    fn new(options: &Config, game: GameId) -> Self {
        Mehen::new(*options, game)
    }

    fn options(&self) -> Config {
        self.config()
    }

    fn awaiting(&self) -> Awaiting {
        let mode = self.config().mode;
        match *self.phase() {
            Phase::Choose { team } => Awaiting::Action {
                seats: mode.seats_of(team).collect(),
            },
            Phase::Conceal { .. } | Phase::Guess { .. } | Phase::Reveal { .. } => {
                self.exchange_awaiting()
            }
            Phase::Act { actor, .. } => Awaiting::Action { seats: vec![actor] },
            Phase::Over { .. } => Awaiting::Over,
        }
    }

    fn secret(&self, seat: Seat) -> Option<Hand> {
        self.hand(Viewer::Seat(seat)).map(|hand| Hand { hand })
    }

    inherent_seam!(Mehen);
    guessing_steps!(Action);
}
