//! The flow of a turn (choose, conceal, guess, reveal, act) and who acts next.
//!
//! Every handler here checks everything before it changes anything, so a refusal leaves
//! the game untouched.

use crate::fair::{Commitment, GameId};
use crate::rules::guessing::{
    Answer, Answering, Concealment, Guessed, Range, TurnError, Waiting, answer_events,
};
use crate::rules::{Concealed, Outcome, Seat, Team};

use super::action::{Event, WinReason};
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

impl Waiting for Phase {
    fn waiting_for(&self) -> &'static str {
        match self {
            Phase::Choose { .. } => "the team to choose who acts",
            Phase::Conceal { .. } => "the actor to conceal",
            Phase::Guess { .. } => "the other side to guess",
            Phase::Reveal { .. } => "the concealer to reveal",
            Phase::Act { .. } => "the actor to move or recover",
            Phase::Over { .. } => "nothing: the game is over",
        }
    }

    fn is_over(&self) -> bool {
        matches!(self, Phase::Over { .. })
    }
}

impl Mehen {
    pub(super) fn choose(
        &mut self,
        seat: Seat,
        chosen: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), MehenError> {
        let Phase::Choose { team } = self.phase else {
            return Err(self.wrong_phase("choose who acts"));
        };
        if self.team_of(seat) != team {
            return Err(self.not_your_turn("choose who acts"));
        }
        if chosen.0 >= self.config.mode.seats() || self.team_of(chosen) != team {
            return Err(MehenError::NotTeammate { seat: chosen });
        }
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

    pub(super) fn conceal(
        &mut self,
        seat: Seat,
        commitment: Commitment,
        hand: Option<Concealed>,
        events: &mut Vec<Event>,
    ) -> Result<(), MehenError> {
        let Phase::Conceal { actor } = self.phase else {
            return Err(self.wrong_phase("conceal"));
        };
        if seat != actor {
            return Err(self.not_your_turn("conceal"));
        }
        let concealment = Concealment::new(commitment, hand, self.range(actor))?;
        self.phase = Phase::Guess { actor, concealment };
        events.push(Event::Concealed {
            seat,
            turn: self.turn,
            commitment,
        });
        Ok(())
    }

    pub(super) fn guess(
        &mut self,
        seat: Seat,
        number: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), MehenError> {
        let Phase::Guess { actor, concealment } = self.phase else {
            return Err(self.wrong_phase("guess"));
        };
        if self.team_of(seat) == self.team_of(actor) {
            return Err(self.not_your_turn("guess"));
        }
        let guessed = concealment.guess(number)?;
        self.phase = Phase::Reveal { actor, guessed };
        events.push(Event::Guessed { by: seat, number });
        Ok(())
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
        let Phase::Act { actor, distance } = self.phase else {
            return Err(self.wrong_phase(action));
        };
        if seat != actor {
            return Err(self.not_your_turn(action));
        }
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

    /// What `actor` may conceal, and so what the guess may name: 1 to its reserve.
    fn range(&self, actor: Seat) -> Range {
        Range::up_to(self.reserve(actor))
    }

    pub(super) fn wrong_phase(&self, action: &'static str) -> MehenError {
        TurnError::wrong_phase(&self.phase, action).into()
    }

    pub(super) fn not_your_turn(&self, action: &'static str) -> MehenError {
        TurnError::not_your_turn(&self.phase, action).into()
    }
}

impl Answering for Mehen {
    type Error = MehenError;
    type Event = Event;
    /// The actor, whose turn the answer settles.
    type Pending = Seat;

    fn committed(&self) -> (GameId, u32) {
        (self.game, self.turn)
    }

    fn answering(&self, seat: Seat, action: &'static str) -> Result<(Seat, Guessed), MehenError> {
        let Phase::Reveal { actor, guessed } = self.phase else {
            return Err(self.wrong_phase(action));
        };
        if seat != actor {
            return Err(self.not_your_turn(action));
        }
        Ok((actor, guessed))
    }

    fn settle(&mut self, actor: Seat, answer: Answer, events: &mut Vec<Event>) {
        self.answered(actor, answer, events);
    }

    answer_events!(Event);
}
