//! Games of a concealed number played out between computer players and random ones, and
//! random games looked at step by step, for the tests of both rule sets.

use std::ops::Range;

use crate::fair::{Commitment, GameId, Nonce};
use crate::rules::computer::{ComputerPlayer, Decision, Seen, Solution, Strength, decide, solve};
use crate::rules::random::{RandomPlayer, SplitMix64};
use crate::rules::{Awaiting, Concealed, Rules, Seat, Step, Team};

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
                        let commitment =
                            Commitment::new(&game.game_id(), game.turn(), seat.0, &NONCE, number);
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

/// Plays a random game of each of `options` for each of `seeds`, handing `look` the game
/// before each of its actions.
pub fn along_random_games<G: Rules>(
    options: &[G::Options],
    seeds: Range<u64>,
    mut look: impl FnMut(&G),
) {
    for options in options {
        for seed in seeds.clone() {
            let mut game = G::new(options, GameId::default());
            let mut player = RandomPlayer::new(seed);
            while let Some((seat, action)) = player.next_action(&game) {
                look(&game);
                if let Err(refusal) = game.apply(seat, &action) {
                    panic!("{seat} was refused {action:?}: {refusal:?}");
                }
            }
        }
    }
}

/// Along random games of each of `options` for each of `seeds`: wherever a number is to be
/// concealed, no pure reply of either side gains against the equilibrium of the matrix
/// `matrix` makes of what the concealer sees more than the solver's rounding. The number of
/// exchanges checked.
pub fn check_no_fixed_number_gains<G: Rules>(
    options: &[G::Options],
    seeds: Range<u64>,
    matrix: impl Fn(&Seen<G>) -> Vec<Vec<f64>>,
) -> usize {
    let mut exchanges = 0;
    along_random_games(options, seeds, |game: &G| {
        if let Awaiting::Conceal { seat: hider, .. } = game.awaiting() {
            let payoff = matrix(&Seen::of(game, hider));
            let gain = best_reply_gain(&payoff, &solve(&payoff));
            assert!(gain < 1e-9, "a fixed number gains {gain}");
            exchanges += 1;
        }
    });
    exchanges
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
