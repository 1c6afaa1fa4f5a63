//! The flow of a turn (choose, conceal, guess, reveal) and who moves next.
//!
//! Every handler checks everything before it changes anything, so a refusal leaves the
//! game untouched.

use crate::fair::Commitment;
use crate::rules::guessing::{Answer, Concealment, Guessed, GuessingGame, Range, exchange_events};
use crate::rules::{Outcome, Seat, Team};

use super::action::{Action, Contest, Event, PharaohId, Place, WinReason};
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
    /// The concealer is to open the commitment; `pending` is what its answer settles.
    Reveal {
        concealer: Seat,
        guessed: Guessed,
        pending: Pending,
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

/// What a concealer's answer decides: the contest over `pharaoh` and who guessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        let team = self.chooser(seat, "choose a pharaoh")?;
        if pharaoh.0 >= self.options.seats() || self.pharaoh_team(pharaoh) != team {
            return Err(PharaohsError::NotYourPharaoh { pharaoh });
        }
        if self.place(pharaoh) == Place::Delivered {
            return Err(PharaohsError::AlreadyDelivered { pharaoh });
        }
        self.start_pharaoh(pharaoh, events);
        Ok(())
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

    /// The team whose turn it is, while the game goes on.
    pub fn moving_team(&self) -> Option<Team> {
        match self.phase {
            Phase::Choose { team } => Some(team),
            Phase::Conceal { pharaoh, .. }
            | Phase::Guess { pharaoh, .. }
            | Phase::Reveal {
                pending: Pending { pharaoh, .. },
                ..
            } => Some(self.pharaoh_team(pharaoh)),
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
}

impl GuessingGame for MehenPharaohs {
    type Error = PharaohsError;
    /// The pharaoh an exchange is over, and the contest.
    type Stake = (PharaohId, Contest);
    type Pending = Pending;

    fn waiting_for(&self) -> &'static str {
        match self.phase {
            Phase::Choose { .. } => "the team to choose its pharaoh",
            Phase::Conceal { .. } => "the concealer to hide marbles",
            Phase::Guess { .. } => "the other side to guess",
            Phase::Reveal { .. } => "the concealer to reveal",
            Phase::Unleash { .. } => "the guesser to unleash a lion or spare",
            Phase::Over { .. } => "nothing: the game is over",
        }
    }

    fn choosing(&self) -> Option<Team> {
        match self.phase {
            Phase::Choose { team } => Some(team),
            _ => None,
        }
    }

    fn concealing(&self) -> Option<(Seat, (PharaohId, Contest), Range)> {
        match self.phase {
            Phase::Conceal {
                pharaoh,
                contest,
                concealer,
            } => Some((concealer, (pharaoh, contest), contest.range())),
            _ => None,
        }
    }

    fn guessing(&self) -> Option<(Seat, (PharaohId, Contest), Concealment)> {
        match self.phase {
            Phase::Guess {
                pharaoh,
                contest,
                concealer,
                concealment,
            } => Some((concealer, (pharaoh, contest), concealment)),
            _ => None,
        }
    }

    fn answering(&self) -> Option<(Seat, Pending, Guessed)> {
        match self.phase {
            Phase::Reveal {
                concealer,
                guessed,
                pending,
            } => Some((concealer, pending, guessed)),
            _ => None,
        }
    }

    /// For a move the whole opposing team, for a lion fight the pharaoh's owner alone.
    fn guessers(&self, concealer: Seat, (pharaoh, contest): (PharaohId, Contest)) -> Vec<Seat> {
        match contest {
            Contest::Move => self
                .options
                .seats_of(opponent(self.team_of(concealer)))
                .collect(),
            Contest::Lion => vec![pharaoh.owner()],
        }
    }

    fn await_guess(
        &mut self,
        concealer: Seat,
        (pharaoh, contest): (PharaohId, Contest),
        concealment: Concealment,
    ) {
        self.phase = Phase::Guess {
            pharaoh,
            contest,
            concealer,
            concealment,
        };
    }

    /// Each seat's record keeps the guesses it named.
    fn await_answer(
        &mut self,
        concealer: Seat,
        (pharaoh, contest): (PharaohId, Contest),
        guessed: Guessed,
        guesser: Seat,
    ) {
        let pending = Pending {
            pharaoh,
            contest,
            guesser,
        };
        self.phase = Phase::Reveal {
            concealer,
            guessed,
            pending,
        };
        self.records[usize::from(guesser.0)].guess(contest, guessed.guess());
    }

    fn opened(&mut self, seat: Seat, pending: &Pending, number: u8) {
        self.records[usize::from(seat.0)].reveal(pending.contest, number);
    }

    fn settle(&mut self, pending: Pending, answer: Answer, events: &mut Vec<Event>) {
        self.answered(pending, answer, events);
    }

    fn concealed(
        seat: Seat,
        turn: u32,
        (_, contest): (PharaohId, Contest),
        commitment: Commitment,
    ) -> Event {
        Event::Concealed {
            seat,
            turn,
            contest,
            commitment,
        }
    }

    exchange_events!(Action, Event);
}
