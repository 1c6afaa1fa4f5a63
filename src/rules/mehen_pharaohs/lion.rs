//! Lions: unleashing one after a correct guess, killing one, reviving a dead one.

use crate::rules::guessing::GuessingGame;
use crate::rules::{Seat, Team};

use super::MehenPharaohs;
use super::action::{Event, PharaohId, Place};
use super::error::PharaohsError;
use super::turn::Phase;

/// Correct move guesses in a row that bring a dead lion back.
const REVIVING_STREAK: u8 = 2;

impl MehenPharaohs {
    /// After a correct move guess: offers the guesser a lion against the concealer's
    /// pharaoh, when its team has one in hand and that pharaoh stands unattacked on the
    /// serpent; otherwise the turn ends.
    pub(super) fn offer_lion(&mut self, guesser: Seat, target: PharaohId, events: &mut Vec<Event>) {
        let on_serpent = matches!(self.place(target), Place::Serpent(_));
        let free = !self.attacks.contains_key(&target);
        if on_serpent && free && self.standing(self.team_of(guesser)) > 0 {
            self.phase = Phase::Unleash { guesser, target };
        } else {
            self.end_turn(events);
        }
    }

    pub(super) fn unleash(
        &mut self,
        seat: Seat,
        target: PharaohId,
        events: &mut Vec<Event>,
    ) -> Result<(), PharaohsError> {
        let offered = self.unleasher(seat, "unleash a lion")?;
        if target != offered {
            return Err(PharaohsError::WrongTarget { offered });
        }
        self.standing[usize::from(self.team_of(seat).0)] -= 1;
        self.attacks.insert(target, seat);
        events.push(Event::LionUnleashed { by: seat, target });
        self.end_turn(events);
        Ok(())
    }

    pub(super) fn spare(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), PharaohsError> {
        self.unleasher(seat, "spare the lions")?;
        events.push(Event::LionSpared { by: seat });
        self.end_turn(events);
        Ok(())
    }

    /// The offered target, when `seat` is the guesser offered a lion.
    fn unleasher(&self, seat: Seat, action: &'static str) -> Result<PharaohId, PharaohsError> {
        let offered = match self.phase {
            Phase::Unleash { guesser, target } => Some((guesser, target)),
            _ => None,
        };
        let (_, target) = self.check_turn(action, offered, |&(guesser, _)| guesser == seat)?;
        Ok(target)
    }

    /// The pharaoh's owner guessed the lion's marbles: the lion goes to the graveyard.
    pub(super) fn kill_lion(&mut self, target: PharaohId, events: &mut Vec<Event>) {
        if let Some(owner) = self.attacks.remove(&target) {
            let team = self.team_of(owner);
            self.graveyard[usize::from(team.0)] += 1;
            events.push(Event::LionKilled { target, team });
        }
    }

    /// The lion attacking `target`, if any, goes back into its team's hand.
    pub(super) fn return_lion(&mut self, target: PharaohId, events: &mut Vec<Event>) {
        if let Some(owner) = self.attacks.remove(&target) {
            let team = self.team_of(owner);
            self.standing[usize::from(team.0)] += 1;
            events.push(Event::LionReturned { target, team });
        }
    }

    /// A correct move guess by `team`: the second in a row brings a dead lion back, if the
    /// team has one, and starts the count again.
    pub(super) fn count_correct(&mut self, team: Team, events: &mut Vec<Event>) {
        let index = usize::from(team.0);
        self.streaks[index] += 1;
        if self.streaks[index] >= REVIVING_STREAK {
            self.streaks[index] = 0;
            if self.graveyard[index] > 0 {
                self.graveyard[index] -= 1;
                self.standing[index] += 1;
                events.push(Event::LionRevived { team });
            }
        }
    }
}
