//! Computer players: a seat's decisions made from what that seat sees, never more.
//!
//! A computer player is handed a [`Seen`]: the public view, its seat's own secret, what the
//! game awaits and the seat's legal actions, exactly what a person at that seat is shown.
//! From that alone it decides. Each rule set teaches it three things through
//! [`ComputerPlayer`]: how good a position is for a team, how to rebuild the game from what
//! a seat sees (so it can think ahead), and, for the games of a concealed number, what each
//! pair of hidden and guessed numbers would be worth. The thinking itself is shared:
//! - `search`: expectimax over the throws of the sticks, for any rule set's actions;
//! - `rounds`: sampled rounds up to a side's own next turn, at tables too big for that;
//! - `matrix`: the exact solution of a zero-sum matrix game, for hiding and guessing.
//!
//! Randomness arrives as data too: the caller hands a [`Chance`] (the room draws it from the
//! operating system), so a hider is never predictable, and a test replays with a seed.
//!
//! Two strengths: [`Strength::Easy`] plays plausible moves at once (the best position one
//! action ahead, numbers uniformly at random) and is the stand-in for absent players;
//! [`Strength::Strong`] looks [`ComputerPlayer::LOOKAHEAD`] actions ahead through every
//! throw (deeper while [`ComputerPlayer::NODES`] allows; another side taken to slip into a
//! random action as often as [`ComputerPlayer::CARELESS`] says), or, at a table of [`MANY`] sides
//! or more, plays out [`ComputerPlayer::ROUNDS`] sampled rounds to its own next turn where
//! the rule set asks for them; it hides and guesses by the equilibrium of the
//! hide-and-guess matrix game.

mod matrix;
mod rounds;
mod search;
#[cfg(test)]
mod search_tests;

pub use matrix::{Solution, solve};
pub use search::{MANY, Outlook, Reach, best_actions};

use rounds::best_over_rounds;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::random::SplitMix64;
use super::{Awaiting, Rules, Seat, Team};

/// How well a computer player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// Plausible moves at once; the stand-in for absent players.
    Easy,
    /// Looks ahead through the throws; hides and guesses by the game's equilibrium.
    Strong,
}

impl Strength {
    pub const ALL: [Strength; 2] = [Strength::Easy, Strength::Strong];

    pub const fn name(self) -> &'static str {
        match self {
            Strength::Easy => "easy",
            Strength::Strong => "strong",
        }
    }
}

/// A source of random numbers a computer player draws its choices from.
pub trait Chance {
    fn next_u64(&mut self) -> u64;

    /// A number in `0..1`.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index drawn with the given weights (which need not sum to 1); `None` when none is
    /// positive.
    fn weighted(&mut self, weights: &[f64]) -> Option<usize> {
        let total: f64 = weights.iter().filter(|w| **w > 0.0).sum();
        if total <= 0.0 {
            return None;
        }
        let mut left = self.unit() * total;
        let last = weights.iter().rposition(|w| *w > 0.0)?;
        for (index, weight) in weights.iter().enumerate() {
            if *weight > 0.0 {
                left -= weight;
                if left < 0.0 {
                    return Some(index);
                }
            }
        }
        Some(last)
    }

    /// An index in `0..n`, uniformly; `None` when `n` is 0.
    fn below(&mut self, n: usize) -> Option<usize> {
        (n > 0).then(|| (self.next_u64() % n as u64) as usize)
    }
}

impl Chance for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        SplitMix64::next_u64(self)
    }
}

/// Everything one seat is shown, in the rule set's own types: all a computer player may
/// decide from.
pub struct Seen<G: Rules> {
    pub seat: Seat,
    pub options: G::Options,
    pub view: G::View,
    pub secret: Option<G::Secret>,
    pub awaiting: Awaiting,
    pub legal: Vec<G::Action>,
}

impl<G: Rules> Seen<G> {
    /// What `seat` of `game` is shown.
    pub fn of(game: &G, seat: Seat) -> Self {
        Seen {
            seat,
            options: game.options(),
            view: game.view(),
            secret: game.secret(seat),
            awaiting: game.awaiting(),
            legal: game.legal_actions(seat),
        }
    }

    /// The seat's team.
    pub fn team(&self) -> Option<Team> {
        G::table(&self.options).team_of(self.seat)
    }
}

/// The numbers of one hide-and-guess and what each pair is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct HideAndGuess {
    /// The smallest number that may be hidden or guessed: row and column 0.
    pub min: u8,
    /// `payoff[h][g]`: how good the game stands for the hiding side, from -1 to 1, once
    /// `min + h` was hidden and `min + g` guessed.
    pub payoff: Vec<Vec<f64>>,
}

/// What a computer player does.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision<A> {
    /// An action of the rule set.
    Play(A),
    /// Conceal this number (the room commits to it on the player's behalf).
    Conceal(u8),
    /// Guess `number` with `action`: a teammate proposes the number before anyone enters it.
    Guess { number: u8, action: A },
}

impl<A> Decision<A> {
    /// The same decision with its action turned into another form.
    pub fn map<B>(self, f: impl FnOnce(A) -> B) -> Decision<B> {
        match self {
            Decision::Play(action) => Decision::Play(f(action)),
            Decision::Conceal(number) => Decision::Conceal(number),
            Decision::Guess { number, action } => Decision::Guess {
                number,
                action: f(action),
            },
        }
    }
}

/// What a rule set teaches its computer players.
pub trait ComputerPlayer: Rules {
    /// How many actions a strong player looks ahead at least, throws between them weighed by
    /// their chances.
    const LOOKAHEAD: u8 = 2;

    /// How many positions a strong player may meet in one search one action deeper than the
    /// last: it goes on deepening while the deeper search fits (0: never deeper than
    /// [`ComputerPlayer::LOOKAHEAD`]).
    const NODES: u32 = 0;

    /// [`ComputerPlayer::NODES`] at a table of these options, for a rule set where each
    /// position costs more with more sides.
    fn nodes(_options: &Self::Options) -> u32 {
        Self::NODES
    }

    /// How often a strong player takes another side to play any legal action, uniformly at
    /// random, instead of its best ([`Outlook::careless`]; 0: always its best). Half the
    /// time, measured in the stick games: against a random player it wins as much as or
    /// more than taking every reply to be the best, against that careful player no less.
    const CARELESS: f64 = 0.5;

    /// At a table of [`MANY`] teams or more: how many sampled rounds, each up to the
    /// player's own next turn, a strong player plays out instead of searching (0: none, it
    /// searches).
    const ROUNDS: u32 = 0;

    /// How well the game stands for `team`, from -1 (as good as lost) to 1 (as good as won).
    /// A finished game is scored by its outcome instead.
    fn evaluate(&self, team: Team) -> f64;

    /// The game as `seen` shows it, to think ahead on; `None` when the view hides part of the
    /// game that the next actions depend on.
    fn rebuild(seen: &Seen<Self>) -> Option<Self>;

    /// While a number is to be concealed or guessed: what each hidden and guessed pair is
    /// worth. `None` plays the numbers uniformly at random.
    fn hide_and_guess(_seen: &Seen<Self>) -> Option<HideAndGuess> {
        None
    }

    /// The number an action guesses, if it is a guess.
    fn guessed(_action: &Self::Action) -> Option<u8> {
        None
    }
}

/// What the computer player at `seen.seat` does now; `None` when nothing is its to do (the
/// room's own steps, reveals and throws, included).
pub fn decide<G: ComputerPlayer>(
    seen: &Seen<G>,
    strength: Strength,
    chance: &mut dyn Chance,
) -> Option<Decision<G::Action>> {
    let mine = seen.awaiting.seats().contains(&seen.seat);
    match seen.awaiting {
        _ if !mine => None,
        Awaiting::Conceal { min, max, .. } => {
            let hidden = |solution: Solution| solution.rows;
            let index = pick_number(seen, strength, hidden, (min, max), chance)?;
            Some(Decision::Conceal(min + index as u8))
        }
        Awaiting::Guess { min, max, .. } => {
            let guessed = |solution: Solution| solution.columns;
            let index = pick_number(seen, strength, guessed, (min, max), chance)?;
            let number = min + index as u8;
            let action = seen
                .legal
                .iter()
                .find(|action| G::guessed(action) == Some(number))
                .or_else(|| seen.legal.first())?
                .clone();
            let number = G::guessed(&action).unwrap_or(number);
            Some(Decision::Guess { number, action })
        }
        Awaiting::Action { .. } => {
            let (reach, outlook) = match strength {
                Strength::Easy => (
                    Reach {
                        lookahead: 1,
                        nodes: 0,
                        rounds: 0,
                    },
                    Outlook::default(),
                ),
                Strength::Strong => (
                    Reach {
                        lookahead: G::LOOKAHEAD,
                        nodes: G::nodes(&seen.options),
                        rounds: G::ROUNDS,
                    },
                    Outlook {
                        careless: G::CARELESS,
                        ..Outlook::default()
                    },
                ),
            };
            play(seen, reach, &outlook, chance).map(Decision::Play)
        }
        Awaiting::Reveal { .. } | Awaiting::Throw { .. } | Awaiting::Over => None,
    }
}

/// The action a player searching as far as `reach` allows, with `outlook`, plays at
/// `seen.seat` (of equally good ones, one at random); `None` when it has none.
pub fn play<G: ComputerPlayer>(
    seen: &Seen<G>,
    reach: Reach,
    outlook: &Outlook,
    chance: &mut dyn Chance,
) -> Option<G::Action> {
    let many = search::teams(&G::table(&seen.options)).len() >= MANY;
    let best = match (G::rebuild(seen), seen.team()) {
        (Some(game), Some(team)) if many && reach.rounds > 0 => {
            best_over_rounds(&game, (seen.seat, team), &seen.legal, reach.rounds, chance)
        }
        (Some(game), _) => best_actions(&game, seen.seat, &seen.legal, reach, outlook),
        (None, _) => (0..seen.legal.len()).collect(),
    };
    let index = best[chance.below(best.len())?];
    Some(seen.legal[index].clone())
}

/// Which of the numbers `min` to `max` to play, counted from `min`: drawn from the strong
/// player's mixed strategy for its `side` of the solved matrix of the exchange, or
/// uniformly without one.
fn pick_number<G: ComputerPlayer>(
    seen: &Seen<G>,
    strength: Strength,
    side: fn(Solution) -> Vec<f64>,
    (min, max): (u8, u8),
    chance: &mut dyn Chance,
) -> Option<usize> {
    let n = usize::from(max - min) + 1;
    let mixed = (strength == Strength::Strong)
        .then(|| G::hide_and_guess(seen))
        .flatten()
        .map(|game| side(solve(&game.payoff)));
    match mixed {
        Some(weights) if weights.len() == n => chance.weighted(&weights),
        _ => chance.below(n),
    }
}
