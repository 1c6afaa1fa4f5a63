//! The concealed-number exchange of the marble-guessing games (San Martin Mehen, Pharaohs and
//! lions Mehen): a seat conceals a number from a range as a commitment, the other side
//! guesses it, and the concealer opens the commitment or withholds it.
//!
//! The rule sets keep who plays each part and what the answer brings; the range, the
//! commitment held, the guess and the checks of the reveal are written here, once. Every step
//! checks everything before it answers with a new value, so a refusal changes nothing.

use std::ops::RangeInclusive;

use thiserror::Error;

use crate::fair::{Commitment, GameId, Nonce};

use super::computer::solve;
use super::{Concealed, RefusalKind, Rules, Seat, Team};

/// The numbers a concealment may hold and a guess may name: 1 to `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub max: u8,
}

impl Range {
    pub const fn up_to(max: u8) -> Self {
        Range { max }
    }

    /// Every number of the range, lowest first.
    pub fn numbers(self) -> RangeInclusive<u8> {
        1..=self.max
    }

    fn check(self, what: &'static str, number: u8) -> Result<(), GuessingError> {
        if self.numbers().contains(&number) {
            Ok(())
        } else {
            Err(GuessingError::OutOfRange {
                what,
                number,
                max: self.max,
            })
        }
    }
}

/// A concealed number as the game holds it: the commitment every seat sees, the range it was
/// concealed from, and the number itself when whoever made the commitment shares it with the
/// engine (the server-held mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Concealment {
    commitment: Commitment,
    hand: Option<Concealed>,
    range: Range,
}

impl Concealment {
    /// Conceals a number from `range`: a number shared with the engine must lie in it.
    pub fn new(
        commitment: Commitment,
        hand: Option<Concealed>,
        range: Range,
    ) -> Result<Self, GuessingError> {
        if let Some(hand) = hand {
            range.check("conceal", hand.expose())?;
        }
        Ok(Concealment {
            commitment,
            hand,
            range,
        })
    }

    pub fn commitment(&self) -> Commitment {
        self.commitment
    }

    pub fn range(&self) -> Range {
        self.range
    }

    /// The concealed number while the engine holds it, for its concealer's eyes alone.
    pub fn hand(&self) -> Option<u8> {
        self.hand.map(Concealed::expose)
    }

    /// A guess at the number, which must lie in the range.
    pub fn guess(self, number: u8) -> Result<Guessed, GuessingError> {
        self.range.check("guess", number)?;
        Ok(Guessed {
            concealment: self,
            guess: number,
        })
    }
}

/// A concealment and the guess named at it, awaiting the concealer's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guessed {
    concealment: Concealment,
    guess: u8,
}

impl Guessed {
    pub fn concealment(&self) -> &Concealment {
        &self.concealment
    }

    pub fn guess(&self) -> u8 {
        self.guess
    }

    /// The concealer opens the commitment it made in `game` on `turn` from its seat
    /// `concealer`: `number` must lie in the range, open the commitment with `nonce`, and be
    /// the number the engine holds, if it holds one.
    pub fn reveal(
        &self,
        game: &GameId,
        turn: u32,
        concealer: Seat,
        number: u8,
        nonce: Nonce,
    ) -> Result<Answer, GuessingError> {
        self.concealment.range.check("reveal", number)?;
        let commitment = self.concealment.commitment;
        let opens = commitment.opens_to(game, turn, concealer.0, &nonce, number);
        if !opens || self.concealment.hand().is_some_and(|hand| hand != number) {
            return Err(GuessingError::CommitmentMismatch);
        }
        Ok(Answer {
            number,
            correct: self.guess == number,
        })
    }

    /// The concealer does not open the commitment: it counts as a correct guess.
    pub fn withhold(&self) -> Answer {
        Answer {
            number: self.guess,
            correct: true,
        }
    }
}

/// How an exchange ended: the number it settled on (the guess itself, when the reveal was
/// withheld) and whether the guess was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    pub number: u8,
    pub correct: bool,
}

/// Why a step of the exchange was refused. The exchange is as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GuessingError {
    #[error("{what} {number} is outside 1–{max}")]
    OutOfRange {
        what: &'static str,
        number: u8,
        max: u8,
    },
    #[error("the revealed number and nonce do not open the commitment")]
    CommitmentMismatch,
}

impl GuessingError {
    pub fn kind(&self) -> RefusalKind {
        match self {
            GuessingError::OutOfRange { .. } => RefusalKind::OutOfRange,
            GuessingError::CommitmentMismatch => RefusalKind::CommitmentMismatch,
        }
    }
}

/// How far a computer player's judgement of a guessing game looks: through the next
/// hide-and-guess, or at the position as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    Exchange,
    Still,
}

/// What a guessing game awaits, as a computer player's judgement looks through it.
pub enum Moment<A> {
    /// `seat` chooses one of `actions`: its side takes the best of them for it.
    Choice { seat: Seat, actions: Vec<A> },
    /// `concealer` is about to conceal a number: the exchange can be looked through.
    Concealment { concealer: Seat },
    /// Nothing to look through: the position is judged as it stands.
    Still,
}

/// What a guessing game teaches a computer player's judgement (San Martin Mehen,
/// Pharaohs and lions Mehen): what it awaits, the matrix of the exchange about to begin, and
/// how a position stands looking no further.
pub trait Exchanges: Rules {
    fn moment(&self) -> Moment<Self::Action>;

    /// While a concealment is awaited: `payoff[h][g]` for the concealer's side once `h + 1`
    /// was concealed and `g + 1` guessed, each settled pair judged with `reach`.
    fn exchange(&self, reach: Reach) -> Vec<Vec<f64>>;

    /// How the game stands for `team` as it is, from -1 to 1.
    fn standing(&self, team: Team) -> f64;
}

/// How well `game` stands for `team`, from -1 to 1: a finished game by its outcome, a choice
/// by its best option for the side choosing, a concealment (with `Reach::Exchange`) by the
/// value of its exchange as a matrix game, anything else as it stands.
pub fn judge<G: Exchanges>(game: &G, team: Team, reach: Reach) -> f64 {
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Some(winner) if winner == team => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    let table = G::table(&game.options());
    let ours = |seat: Seat| table.team_of(seat) == Some(team);
    match game.moment() {
        Moment::Choice { seat, actions } => {
            let values = actions
                .iter()
                .map(|action| judge(&after(game, seat, action), team, reach));
            best_for(ours(seat), values).unwrap_or_else(|| game.standing(team))
        }
        Moment::Concealment { concealer } if reach == Reach::Exchange => {
            let value = solve(&game.exchange(Reach::Still)).value;
            if ours(concealer) { value } else { -value }
        }
        _ => game.standing(team),
    }
}

/// The game after `seat` plays `action`; the game as it is if that is refused, which the
/// actions a judgement tries never are.
pub fn after<G: Rules>(game: &G, seat: Seat, action: &G::Action) -> G {
    let mut next = game.clone();
    match next.apply(seat, action) {
        Ok(_) => next,
        Err(_) => game.clone(),
    }
}

/// A race of two sides' times, from -1 to 1: `ours` and `theirs` the turns each side needs,
/// `spread` how widely a race's length spreads per square root of its turns (the lead, in
/// those units, that makes a side the clear favourite).
pub fn race(ours: f64, theirs: f64, spread: f64) -> f64 {
    ((theirs - ours) / (spread * (ours + theirs + 1.0).sqrt())).tanh()
}

/// What a computer player reckons an exchange over `range` is worth to the concealer's
/// side: `payoff[h][g]` once `h + 1` was concealed and `g + 1` guessed, from `settled(number,
/// correct)`, the worth of the answer that settles on `number`. Only right and wrong
/// matter, so each hidden number is settled twice.
pub fn payoff(range: Range, settled: impl Fn(u8, bool) -> f64) -> Vec<Vec<f64>> {
    range
        .numbers()
        .map(|hidden| {
            let right = settled(hidden, true);
            let wrong = if range.max > 1 {
                settled(hidden, false)
            } else {
                right
            };
            let row = range
                .numbers()
                .map(|guess| if guess == hidden { right } else { wrong });
            row.collect()
        })
        .collect()
}

/// The worth of the best of `values` to the side choosing among them, judged for one team:
/// the highest when the chooser is that team (`ours`), the lowest otherwise; `None` when
/// there is nothing to choose.
pub fn best_for(ours: bool, values: impl Iterator<Item = f64>) -> Option<f64> {
    let best = if ours {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    };
    best.is_finite().then_some(best)
}

/// Games of a concealed number played out between computer players and random ones, for
/// the tests of both rule sets.
#[cfg(test)]
pub mod played {
    use super::super::computer::{ComputerPlayer, Decision, Seen, Solution, Strength, decide};
    use super::super::random::SplitMix64;
    use super::super::{Awaiting, Concealed, Rules, Seat, Step, Team};
    use crate::fair::{Commitment, Nonce};

    const NONCE: Nonce = Nonce::from_bytes([0x5a; 32]);

    /// Plays `game` to its end, each seat by `player(seat)`: a computer player of that
    /// strength, or uniformly random legal play for `None`. Every decision must be legal.
    /// The winning team.
    pub fn play_out<G: ComputerPlayer>(
        game: &mut G,
        player: &dyn Fn(Seat) -> Option<Strength>,
        seed: u64,
    ) -> Option<Team> {
        let mut chance = SplitMix64::new(seed);
        let mut held = 0;
        for _ in 0..20_000 {
            let awaiting = game.awaiting();
            let (seat, action) = match awaiting {
                Awaiting::Over => return game.outcome().and_then(|outcome| outcome.winner),
                Awaiting::Reveal { seat, .. } => {
                    let step = Step::Reveal {
                        number: held,
                        nonce: NONCE,
                    };
                    (seat, G::step_action(step).unwrap())
                }
                _ => {
                    let seat = awaiting.seats()[0];
                    let seen = Seen::of(&*game, seat);
                    let decision = match player(seat) {
                        Some(strength) => decide(&seen, strength, &mut chance).unwrap(),
                        None => random(&seen, &mut chance),
                    };
                    match decision {
                        Decision::Play(action) | Decision::Guess { action, .. } => (seat, action),
                        Decision::Conceal(number) => {
                            held = number;
                            let commitment = Commitment::new(
                                &game.game_id(),
                                game.turn(),
                                seat.0,
                                &NONCE,
                                number,
                            );
                            let hand = Some(Concealed::new(number));
                            let step = Step::Conceal { commitment, hand };
                            (seat, G::step_action(step).unwrap())
                        }
                    }
                }
            };
            if let Err(refusal) = game.apply(seat, &action) {
                panic!("{seat} was refused {action:?}: {refusal:?}");
            }
        }
        panic!("the game did not end");
    }

    /// What the best pure reply to `solution` gains over its value: the most any one
    /// column yields the column side beyond the value, or any row the row side.
    pub fn best_reply_gain(payoff: &[Vec<f64>], solution: &Solution) -> f64 {
        let against_rows = (0..solution.columns.len()).map(|column| {
            let row_side: f64 = (solution.rows.iter().zip(payoff))
                .map(|(chance, row)| chance * row[column])
                .sum();
            solution.value - row_side
        });
        let against_columns = payoff.iter().map(|row| {
            let row_side: f64 = (solution.columns.iter().zip(row))
                .map(|(chance, value)| chance * value)
                .sum();
            row_side - solution.value
        });
        against_rows
            .chain(against_columns)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Uniformly random play: a number in range, or a legal action.
    fn random<G: Rules>(seen: &Seen<G>, chance: &mut SplitMix64) -> Decision<G::Action> {
        match seen.awaiting {
            Awaiting::Conceal { min, max, .. } => Decision::Conceal(chance.between(min, max)),
            _ => Decision::Play(seen.legal[chance.below(seen.legal.len())].clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: GameId = GameId([7; 16]);
    const NONCE: Nonce = Nonce::from_bytes([3; 32]);
    const SEAT: Seat = Seat(1);

    fn concealed(number: u8, told: bool) -> Concealment {
        let commitment = Commitment::new(&GAME, 4, SEAT.0, &NONCE, number);
        let hand = told.then_some(Concealed::new(number));
        Concealment::new(commitment, hand, Range::up_to(5)).unwrap()
    }

    #[test]
    fn a_number_told_to_the_engine_must_lie_in_the_range() {
        let commitment = Commitment::new(&GAME, 4, SEAT.0, &NONCE, 6);
        let refused = Concealment::new(commitment, Some(Concealed::new(6)), Range::up_to(5));
        let outside = GuessingError::OutOfRange {
            what: "conceal",
            number: 6,
            max: 5,
        };
        assert_eq!(refused, Err(outside));
        assert!(Concealment::new(commitment, None, Range::up_to(5)).is_ok());
        assert_eq!(concealed(5, true).hand(), Some(5));
        assert_eq!(concealed(5, false).hand(), None);
    }

    #[test]
    fn a_guess_must_lie_in_the_range() {
        for number in [0, 6] {
            let error = concealed(3, true).guess(number).unwrap_err();
            assert_eq!(error.kind(), RefusalKind::OutOfRange);
        }
        assert_eq!(concealed(3, true).guess(5).unwrap().guess(), 5);
    }

    #[test]
    fn a_reveal_must_open_the_commitment_and_match_the_hand() {
        let guessed = concealed(3, true).guess(2).unwrap();
        let reveal = |turn, seat, number, nonce| guessed.reveal(&GAME, turn, seat, number, nonce);
        let mismatch = Err(GuessingError::CommitmentMismatch);
        assert_eq!(reveal(4, SEAT, 2, NONCE), mismatch, "another number");
        assert_eq!(reveal(5, SEAT, 3, NONCE), mismatch, "another turn");
        assert_eq!(reveal(4, Seat(0), 3, NONCE), mismatch, "another seat");
        assert_eq!(reveal(4, SEAT, 3, Nonce::from_bytes([0; 32])), mismatch);
        let answer = Answer {
            number: 3,
            correct: false,
        };
        assert_eq!(reveal(4, SEAT, 3, NONCE), Ok(answer));

        let told_otherwise = Concealment::new(
            Commitment::new(&GAME, 4, SEAT.0, &NONCE, 3),
            Some(Concealed::new(4)),
            Range::up_to(5),
        );
        let guessed = told_otherwise.unwrap().guess(3).unwrap();
        for number in [3, 4] {
            assert_eq!(guessed.reveal(&GAME, 4, SEAT, number, NONCE), mismatch);
        }
    }

    #[test]
    fn a_right_guess_and_a_withheld_reveal_count_alike() {
        let guessed = concealed(2, false).guess(2).unwrap();
        let right = Answer {
            number: 2,
            correct: true,
        };
        assert_eq!(guessed.reveal(&GAME, 4, SEAT, 2, NONCE), Ok(right));
        assert_eq!(concealed(4, true).guess(2).unwrap().withhold(), right);
    }
}
