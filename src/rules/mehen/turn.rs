//! The flow of a turn (choose, conceal, guess, reveal, act) and who acts next.
//!
//! Every handler here checks everything before it changes anything, so a refusal leaves
//! the game untouched.

use crate::fair::Commitment;
use crate::rules::guessing::{Answer, Concealment, Guessed, GuessingGame, Range, exchange_events};
use crate::rules::{Outcome, Seat, Team};

use super::action::{Action, Event, WinReason};
use super::config::{Mode, opponent};
use super::error::MehenError;
use super::{Mehen, MehenOutcome, Round};

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Six-player: the team to move picks which eligible teammate acts.
    Choose {
        team: Team,
    },
    /// The actor is to conceal a number.
    Conceal {
        actor: Seat,
    },
    /// The opposing side is to guess the concealed number.
    Guess {
        actor: Seat,
        concealment: Concealment,
    },
    /// The actor is to open the commitment.
    Reveal {
        actor: Seat,
        guessed: Guessed,
    },
    /// The guess was wrong: the actor takes one action, moving exactly `distance`.
    Act {
        actor: Seat,
        distance: u8,
    },
    Over {
        outcome: MehenOutcome,
    },
}

impl Phase {
    /// The seat the turn belongs to, while a turn is under way.
    pub fn actor(&self) -> Option<Seat> {
        match *self {
            Phase::Conceal { actor }
            | Phase::Guess { actor, .. }
            | Phase::Reveal { actor, .. }
            | Phase::Act { actor, .. } => Some(actor),
            Phase::Choose { .. } | Phase::Over { .. } => None,
        }
    }
}

impl Mehen {
    pub(super) fn choose(
        &mut self,
        seat: Seat,
        chosen: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), MehenError> {
        let team = self.chooser(seat, "choose who acts")?;
        self.check_teammate(chosen, team)?;
        if let Some(reason) = self.ineligibility(chosen) {
            return Err(MehenError::NotEligible {
                seat: chosen,
                reason,
            });
        }
        self.round.acted |= 1 << chosen.0;
        self.start_turn(chosen, events);
        Ok(())
    }

    /// Refuses `seat` unless it sits at this table on `team`.
    pub(super) fn check_teammate(&self, seat: Seat, team: Team) -> Result<(), MehenError> {
        match seat.0 < self.config.mode.seats() && self.team_of(seat) == team {
            true => Ok(()),
            false => Err(MehenError::NotTeammate { seat }),
        }
    }

    /// The guess is known right or wrong: a right one penalizes the actor, a wrong one lets
    /// it move by the concealed number (or passes, when it cannot).
    pub(super) fn answered(&mut self, actor: Seat, answer: Answer, events: &mut Vec<Event>) {
        if answer.correct {
            return self.penalize(actor, events);
        }
        self.phase = Phase::Act {
            actor,
            distance: answer.number,
        };
        if self.act_options().is_empty() {
            events.push(Event::Passed { seat: actor });
            self.end_turn(events);
        }
    }

    /// A correct guess (or a withheld reveal): the actor loses a lion, or freezes, and the
    /// turn ends with no movement.
    fn penalize(&mut self, actor: Seat, events: &mut Vec<Event>) {
        let mode = self.config.mode;
        let player = self.player_mut(actor);
        player.lions -= 1;
        let standing = player.lions;
        match mode {
            Mode::Duel => {
                events.push(Event::LionFell {
                    seat: actor,
                    standing,
                });
                if standing == 0 {
                    let winner = opponent(self.team_of(actor));
                    return self.finish_game(winner, WinReason::LionsFallen, events);
                }
            }
            Mode::Teams => {
                events.push(Event::Frozen { seat: actor });
                let team = self.team_of(actor);
                if mode.seats_of(team).all(|s| self.is_frozen(s)) {
                    return self.finish_game(opponent(team), WinReason::AllFrozen, events);
                }
            }
        }
        self.end_turn(events);
    }

    pub(super) fn finish_game(&mut self, winner: Team, reason: WinReason, events: &mut Vec<Event>) {
        let outcome = Outcome {
            winner: Some(winner),
            reason,
        };
        self.phase = Phase::Over { outcome };
        events.push(Event::GameOver { outcome });
    }

    /// The actor's seat and the distance, when `seat` may take its action after a wrong guess.
    pub(super) fn acting(&self, seat: Seat, action: &'static str) -> Result<u8, MehenError> {
        let acting = match self.phase {
            Phase::Act { actor, distance } => Some((actor, distance)),
            _ => None,
        };
        let (_, distance) = self.check_turn(action, acting, |&(actor, _)| actor == seat)?;
        Ok(distance)
    }

    pub(super) fn start_turn(&mut self, actor: Seat, events: &mut Vec<Event>) {
        self.turn += 1;
        self.phase = Phase::Conceal { actor };
        events.push(Event::ActorChosen {
            seat: actor,
            turn: self.turn,
        });
    }

    /// Passes play on once the actor's turn is over.
    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        match self.config.mode {
            Mode::Duel => {
                let next = match self.phase.actor() {
                    Some(Seat(0)) => Seat(1),
                    _ => Seat(0),
                };
                self.start_turn(next, events);
            }
            Mode::Teams => {
                self.round.opportunity += 1;
                self.open_opportunity(events);
            }
        }
    }

    /// Six-player: finds the next opportunity on which a team can act, skipping those where
    /// nobody can, and either names the actor (one candidate) or lets the team choose.
    ///
    /// It always finds one within a round and a bit: at the start of a round, a team that is
    /// not all frozen has an unfrozen player who has not finished (who can always move), or
    /// its one finisher with both teammates frozen (who can revive). So the loop is bounded
    /// by two rounds' opportunities as a belt to those braces.
    pub(super) fn open_opportunity(&mut self, events: &mut Vec<Event>) {
        for _ in 0..12 {
            if self.round.opportunity == 6 {
                self.round = Round {
                    number: self.round.number + 1,
                    opportunity: 0,
                    acted: 0,
                };
                events.push(Event::RoundStarted {
                    round: self.round.number,
                });
            }
            let team = Team(self.round.opportunity % 2);
            let (first, second) = {
                let mut eligible = self.eligible(team);
                (eligible.next(), eligible.next())
            };
            match (first, second) {
                (None, _) => {
                    events.push(Event::OpportunitySkipped { team });
                    self.round.opportunity += 1;
                }
                (Some(only), None) => {
                    self.round.acted |= 1 << only.0;
                    return self.start_turn(only, events);
                }
                (Some(_), Some(_)) => {
                    self.phase = Phase::Choose { team };
                    return;
                }
            }
        }
    }

    /// Teammates who may be chosen to act on this opportunity.
    pub(super) fn eligible(&self, team: Team) -> impl Iterator<Item = Seat> + '_ {
        self.config
            .mode
            .seats_of(team)
            .filter(|&s| self.ineligibility(s).is_none())
    }

    /// Why `seat` may not be chosen to act now, if it may not.
    fn ineligibility(&self, seat: Seat) -> Option<&'static str> {
        if self.round.acted & (1 << seat.0) != 0 {
            Some("they have already acted this round")
        } else if self.is_frozen(seat) {
            Some("they are frozen")
        } else if self.has_finished(seat) && !self.has_frozen_teammate(seat) {
            Some("they have finished and have no frozen teammate to revive")
        } else {
            None
        }
    }

    pub(super) fn has_frozen_teammate(&self, seat: Seat) -> bool {
        self.config
            .mode
            .seats_of(self.team_of(seat))
            .any(|s| s != seat && self.is_frozen(s))
    }

    /// Whether the current six-player round has seen `seat` act.
    pub fn has_acted_this_round(&self, seat: Seat) -> bool {
        self.config.mode == Mode::Teams && self.round.acted & (1 << seat.0) != 0
    }

    /// The six-player round number and opportunity (0–5) now open.
    pub fn round(&self) -> (u32, u8) {
        (self.round.number, self.round.opportunity)
    }
}

impl GuessingGame for Mehen {
    type Error = MehenError;
    /// An exchange is over the concealer's own move: nothing more.
    type Stake = ();
    /// The actor, whose turn the answer settles.
    type Pending = Seat;

    fn waiting_for(&self) -> &'static str {
        match self.phase {
            Phase::Choose { .. } => "the team to choose who acts",
            Phase::Conceal { .. } => "the actor to conceal",
            Phase::Guess { .. } => "the other side to guess",
            Phase::Reveal { .. } => "the concealer to reveal",
            Phase::Act { .. } => "the actor to move or recover",
            Phase::Over { .. } => "nothing: the game is over",
        }
    }

    fn choosing(&self) -> Option<Team> {
        match self.phase {
            Phase::Choose { team } => Some(team),
            _ => None,
        }
    }

    /// The actor conceals from 1 to its reserve.
    fn concealing(&self) -> Option<(Seat, (), Range)> {
        match self.phase {
            Phase::Conceal { actor } => Some((actor, (), Range::up_to(self.reserve(actor)))),
            _ => None,
        }
    }

    fn guessing(&self) -> Option<(Seat, (), Concealment)> {
        match self.phase {
            Phase::Guess { actor, concealment } => Some((actor, (), concealment)),
            _ => None,
        }
    }

    fn answering(&self) -> Option<(Seat, Seat, Guessed)> {
        match self.phase {
            Phase::Reveal { actor, guessed } => Some((actor, actor, guessed)),
            _ => None,
        }
    }

    /// Every seat of the other team.
    fn guessers(&self, concealer: Seat, (): ()) -> Vec<Seat> {
        let mode = self.config.mode;
        mode.seats_of(opponent(self.team_of(concealer))).collect()
    }

    fn await_guess(&mut self, actor: Seat, (): (), concealment: Concealment) {
        self.phase = Phase::Guess { actor, concealment };
    }

    fn await_answer(&mut self, actor: Seat, (): (), guessed: Guessed, _guesser: Seat) {
        self.phase = Phase::Reveal { actor, guessed };
    }

    fn settle(&mut self, actor: Seat, answer: Answer, events: &mut Vec<Event>) {
        self.answered(actor, answer, events);
    }

    fn concealed(seat: Seat, turn: u32, (): (), commitment: Commitment) -> Event {
        Event::Concealed {
            seat,
            turn,
            commitment,
        }
    }

    exchange_events!(Action, Event);
}
