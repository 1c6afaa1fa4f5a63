//! Pharaohs and lions Mehen behind the seam every rule set shares.

use crate::fair::GameId;
use crate::rules::guessing::{GuessingGame, TurnError};
use crate::rules::rule_set::{guessing_steps, inherent_seam};
use crate::rules::{Awaiting, Rules, Seat, Table};

use super::action::{Action, Contest, Event, WinReason};
use super::error::PharaohsError;
use super::options::{Options, Players, team_name};
use super::view::{Hand, View};
use super::{MehenPharaohs, Phase};

impl Rules for MehenPharaohs {
    const NAME: &'static str = "mehen-pharaohs";
    const TITLE: &'static str = "Pharaohs and lions Mehen";

    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Secret = Hand;
    type Reason = WinReason;

    fn table(options: &Options) -> Table {
        Table::new(options.seats(), |seat| options.team_of(seat), team_name)
    }

    fn presets() -> Vec<Options> {
        [Players::TWO, Players::FOUR, Players::SIX]
            .into_iter()
            .map(|players| Options { players })
            .collect()
    }

    /// The widest guess is a move's, 1 to 5.
    fn guesses(_options: &Options) -> Option<(u8, u8)> {
        Some((1, Contest::Move.range().max))
    }

    fn new(options: &Options, game: GameId) -> Self {
        MehenPharaohs::new(*options, game)
    }

    fn options(&self) -> Options {
        MehenPharaohs::options(self)
    }

    fn awaiting(&self) -> Awaiting {
        match *self.phase() {
            Phase::Choose { team } => Awaiting::Action {
                seats: self.options().seats_of(team).collect(),
            },
            Phase::Conceal { .. } | Phase::Guess { .. } | Phase::Reveal { .. } => {
                self.exchange_awaiting()
            }
            Phase::Unleash { guesser, .. } => Awaiting::Action {
                seats: vec![guesser],
            },
            Phase::Over { .. } => Awaiting::Over,
        }
    }

    fn secret(&self, seat: Seat) -> Option<Hand> {
        self.concealed_hand(seat).map(|hand| Hand { hand })
    }

    inherent_seam!(MehenPharaohs);
    guessing_steps!(Action);
}

impl MehenPharaohs {
    /// Carries out `action` for `seat`. On a refusal nothing changes.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, PharaohsError> {
        if seat.0 >= self.options.seats() {
            return Err(TurnError::NoSuchSeat { seat }.into());
        }
        let mut events = Vec::new();
        match action {
            Action::Choose { pharaoh } => self.choose(seat, pharaoh, &mut events)?,
            Action::Conceal { commitment, hand } => {
                self.conceal(seat, commitment, hand, &mut events)?
            }
            Action::Guess { number } => self.guess(seat, number, &mut events)?,
            Action::Reveal { number, nonce } => self.reveal(seat, number, nonce, &mut events)?,
            Action::Withhold => self.withhold(seat, &mut events)?,
            Action::Unleash { target } => self.unleash(seat, target, &mut events)?,
            Action::Spare => self.spare(seat, &mut events)?,
        }
        Ok(events)
    }
}
