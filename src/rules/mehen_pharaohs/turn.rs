//! The flow of a turn (choose, conceal, guess, reveal) and who moves next.
//!
//! Every handler checks everything before it changes anything, so a refusal leaves the
//! game untouched.

use crate::fair::{Commitment, GameId};
use crate::rules::guessing::{
    Answer, Answering, Concealment, Guessed, TurnError, Waiting, answer_events,
};
use crate::rules::{Concealed, Outcome, Seat, Team};

use super::action::{Contest, Event, PharaohId, Place, WinReason};
use super::error::PharaohsError;
use super::options::opponent;
use super::{MehenPharaohs, PharaohsOutcome};

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The team names which of its pharaohs moves.
    Choose {
        team: Team,
    },
    /// `concealer` is to hide marbles for `contest` over `pharaoh`.
    Conceal {
        pharaoh: PharaohId,
        contest: Contest,
        concealer: Seat,
    },
    /// The guessing side is to name the number.
    Guess {
        pharaoh: PharaohId,
        contest: Contest,
        concealer: Seat,
        concealment: Concealment,
    },
    /// The concealer is to open the commitment.
    Reveal {
        pharaoh: PharaohId,
        contest: Contest,
        concealer: Seat,
        guessed: Guessed,
        guesser: Seat,
    },
    /// The guesser may set a lion on `target`.
    Unleash {
        guesser: Seat,
        target: PharaohId,
    },
    Over {
        outcome: PharaohsOutcome,
    },
}

impl Waiting for Phase {
    fn waiting_for(&self) -> &'static str {
        match self {
            Phase::Choose { .. } => "the team to choose its pharaoh",
            Phase::Conceal { .. } => "the concealer to hide marbles",
            Phase::Guess { .. } => "the other side to guess",
            Phase::Reveal { .. } => "the concealer to reveal",
            Phase::Unleash { .. } => "the guesser to unleash a lion or spare",
            Phase::Over { .. } => "nothing: the game is over",
        }
    }

    fn is_over(&self) -> bool {
        matches!(self, Phase::Over { .. })
    }
}

/// What a concealer's answer decides: the contest over `pharaoh` and who guessed.
#[derive(Clone, Copy)]
pub struct Pending {
    pub(super) pharaoh: PharaohId,
    pub(super) contest: Contest,
    pub(super) guesser: Seat,
}

impl MehenPharaohs {
    pub(super) fn choose(
        &mut self,
        seat: Seat,
        pharaoh: PharaohId,
        events: &mut Vec<Event>,
    ) -> Result<(), PharaohsError> {
        let Phase::Choose { team } = self.phase else {
            return Err(self.wrong_phase("choose a pharaoh"));
        };
        if self.team_of(seat) != team {
            return Err(self.not_your_turn("choose a pharaoh"));
        }
        if pharaoh.0 >= self.options.seats() || self.pharaoh_team(pharaoh) != team {
            return Err(PharaohsError::NotYourPharaoh { pharaoh });
        }
        if self.place(pharaoh) == Place::Delivered {
            return Err(PharaohsError::AlreadyDelivered { pharaoh });
        }
        self.start_pharaoh(pharaoh, events);
        Ok(())
    }

    pub(super) fn conceal(
        &mut self,
        seat: Seat,
        commitment: Commitment,
        hand: Option<Concealed>,
        events: &mut Vec<Event>,
    ) -> Result<(), PharaohsError> {
        let Some((pharaoh, contest, concealer)) = self.concealing() else {
            return Err(self.wrong_phase("conceal"));
        };
        if seat != concealer {
            return Err(self.not_your_turn("conceal"));
        }
        let concealment = Concealment::new(commitment, hand, contest.range())?;
        self.phase = Phase::Guess {
            pharaoh,
            contest,
            concealer,
            concealment,
        };
        events.push(Event::Concealed {
            seat,
            turn: self.turn,
            contest,
            commitment,
        });
        Ok(())
    }

    pub(super) fn guess(
        &mut self,
        seat: Seat,
        number: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), PharaohsError> {
        let Phase::Guess {
            pharaoh,
            contest,
            concealer,
            concealment,
        } = self.phase
        else {
            return Err(self.wrong_phase("guess"));
        };
        if !self.guessers(pharaoh, contest, concealer).contains(&seat) {
            return Err(self.not_your_turn("guess"));
        }
        self.phase = Phase::Reveal {
            pharaoh,
            contest,
            concealer,
            guessed: concealment.guess(number)?,
            guesser: seat,
        };
        self.records[usize::from(seat.0)].guess(contest, number);
        events.push(Event::Guessed { by: seat, number });
        Ok(())
    }

    /// Who may guess: for a move the whole opposing team, for a lion fight the pharaoh's
    /// owner alone.
    pub(super) fn guessers(
        &self,
        pharaoh: PharaohId,
        contest: Contest,
        concealer: Seat,
    ) -> Vec<Seat> {
        match contest {
            Contest::Move => self
                .options
                .seats_of(opponent(self.team_of(concealer)))
                .collect(),
            Contest::Lion => vec![pharaoh.owner()],
        }
    }

    /// The guess is known right or wrong: carries out what follows.
    pub(super) fn answered(&mut self, pending: Pending, answer: Answer, events: &mut Vec<Event>) {
        let Pending {
            pharaoh,
            contest,
            guesser,
        } = pending;
        let number = answer.number;
        match (contest, answer.correct) {
            (Contest::Lion, true) => {
                self.kill_lion(pharaoh, events);
                self.begin_concealment(pharaoh, Contest::Move, pharaoh.owner());
            }
            (Contest::Lion, false) => {
                events.push(Event::LionHeld { target: pharaoh });
                self.end_turn(events);
            }
            (Contest::Move, true) => {
                self.count_correct(self.team_of(guesser), events);
                let own = PharaohId(guesser.0);
                if self.attacks.contains_key(&own) || self.place(own) == Place::Delivered {
                    events.push(Event::Stayed { pharaoh: own });
                } else if self.move_pharaoh(own, number, events) {
                    return;
                }
                self.offer_lion(guesser, pharaoh, events);
            }
            (Contest::Move, false) => {
                self.streaks[usize::from(opponent(self.pharaoh_team(pharaoh)).0)] = 0;
                if !self.move_pharaoh(pharaoh, number, events) {
                    self.end_turn(events);
                }
            }
        }
    }

    /// Opens `team`'s turn: its one pharaoh left moves, or the team chooses.
    pub(super) fn begin_team_turn(&mut self, team: Team, events: &mut Vec<Event>) {
        events.push(Event::TurnBegan { team });
        let mut left = self
            .pharaohs
            .iter()
            .filter(|&(&id, &place)| self.pharaoh_team(id) == team && place != Place::Delivered)
            .map(|(&id, _)| id);
        match (left.next(), left.next()) {
            (Some(only), None) => self.start_pharaoh(only, events),
            _ => self.phase = Phase::Choose { team },
        }
    }

    /// The chosen pharaoh fights its lion first if one attacks it, else moves.
    fn start_pharaoh(&mut self, pharaoh: PharaohId, events: &mut Vec<Event>) {
        events.push(Event::PharaohChosen { pharaoh });
        match self.attacks.get(&pharaoh) {
            Some(&lion_owner) => self.begin_concealment(pharaoh, Contest::Lion, lion_owner),
            None => self.begin_concealment(pharaoh, Contest::Move, pharaoh.owner()),
        }
    }

    /// Every concealment has a turn number of its own.
    fn begin_concealment(&mut self, pharaoh: PharaohId, contest: Contest, concealer: Seat) {
        self.turn += 1;
        self.phase = Phase::Conceal {
            pharaoh,
            contest,
            concealer,
        };
    }

    /// The pharaoh, contest and concealer of the concealment awaited, if one is.
    pub(super) fn concealing(&self) -> Option<(PharaohId, Contest, Seat)> {
        match self.phase {
            Phase::Conceal {
                pharaoh,
                contest,
                concealer,
            } => Some((pharaoh, contest, concealer)),
            _ => None,
        }
    }

    /// The team whose turn it is, while the game goes on.
    pub fn moving_team(&self) -> Option<Team> {
        match self.phase {
            Phase::Choose { team } => Some(team),
            Phase::Conceal { pharaoh, .. }
            | Phase::Guess { pharaoh, .. }
            | Phase::Reveal { pharaoh, .. } => Some(self.pharaoh_team(pharaoh)),
            Phase::Unleash { guesser, .. } => Some(opponent(self.team_of(guesser))),
            Phase::Over { .. } => None,
        }
    }

    /// The other team moves next.
    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        if let Some(team) = self.moving_team() {
            self.begin_team_turn(opponent(team), events);
        }
    }

    pub(super) fn finish_game(&mut self, winner: Team, events: &mut Vec<Event>) {
        let outcome = Outcome {
            winner: Some(winner),
            reason: WinReason::AllDelivered,
        };
        self.phase = Phase::Over { outcome };
        events.push(Event::GameOver { outcome });
    }

    pub(super) fn wrong_phase(&self, action: &'static str) -> PharaohsError {
        TurnError::wrong_phase(&self.phase, action).into()
    }

    pub(super) fn not_your_turn(&self, action: &'static str) -> PharaohsError {
        TurnError::not_your_turn(&self.phase, action).into()
    }
}

impl Answering for MehenPharaohs {
    type Error = PharaohsError;
    type Event = Event;
    type Pending = Pending;

    fn committed(&self) -> (GameId, u32) {
        (self.game, self.turn)
    }

    fn answering(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(Pending, Guessed), PharaohsError> {
        let Phase::Reveal {
            pharaoh,
            contest,
            concealer,
            guessed,
            guesser,
        } = self.phase
        else {
            return Err(self.wrong_phase(action));
        };
        if seat != concealer {
            return Err(self.not_your_turn(action));
        }
        let pending = Pending {
            pharaoh,
            contest,
            guesser,
        };
        Ok((pending, guessed))
    }

    fn opened(&mut self, seat: Seat, pending: &Pending, number: u8) {
        self.records[usize::from(seat.0)].reveal(pending.contest, number);
    }

    fn settle(&mut self, pending: Pending, answer: Answer, events: &mut Vec<Event>) {
        self.answered(pending, answer, events);
    }

    answer_events!(Event);
}
