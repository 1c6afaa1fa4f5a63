//! The exchange as a computer player's judgement looks through it: what a guessing game
//! awaits, the matrix of the hide-and-guess about to begin, and the worth of a position.

use super::Range;
use crate::rules::computer::solve;
use crate::rules::{Rules, Seat, Team};

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

/// Writes, inside an `impl ComputerPlayer`, what a computer player plays alike in every
/// guessing game: it takes the other side's choices (which marble or pharaoh moves, a lion
/// set or spared) to be careful ones, since the hide-and-guess equilibrium and its
/// exploitability figures rest on that; it judges a position by [`judge`], looking through
/// the next exchange; and it reads a guess's number from the action type named in the call,
/// whose guess is `Guess { number }`.
macro_rules! guessing_player {
    ($action:ident) => {
        const CARELESS: f64 = 0.0;

        fn evaluate(&self, team: $crate::rules::Team) -> f64 {
            use $crate::rules::guessing::{Reach, judge};
            judge(self, team, Reach::Exchange)
        }

        fn guessed(action: &$action) -> Option<u8> {
            match action {
                $action::Guess { number } => Some(*number),
                _ => None,
            }
        }
    };
}

pub(crate) use guessing_player;
