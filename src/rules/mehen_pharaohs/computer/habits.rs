//! How strong reads the other side's habits. From the numbers a seat has revealed and guessed
//! so far (its `Record`, announced at the table) strong estimates the mixed strategy the seat
//! plays, and plays the contest as a game in which the other side keeps to that estimate with
//! weight `TRUST` and plays its worst for strong otherwise (a restricted Nash response).
//!
//! The estimate starts at the contest's equilibrium, so with nothing on record strong plays
//! the equilibrium; as the seat plays, it moves to the seat's counts, smoothed towards every
//! number alike (a seat that shows no favourite is taken to have none). Against a seat that
//! always plays one number it settles on that number and strong punishes it; against uniform
//! numbers strong comes close to the best reply to them. Whatever the record says, no way of
//! playing gains against strong more than `TRUST / (1 − TRUST)` times what strong expects to
//! gain by its estimate.

use crate::rules::computer::solve;

/// How many numbers the contest's equilibrium weighs as in a seat's estimate, against the
/// numbers it has played.
const EQUILIBRIUM: f64 = 3.0;
/// How many numbers, one of each alike, a seat's counts are smoothed with.
const SMOOTHING: f64 = 30.0;
/// The weight of the estimate against the other side's worst for strong: below 1, strong
/// keeps some guard against the estimate being wrong.
const TRUST: f64 = 0.95;

/// The hider's matrix strong guesses by, when the hider revealed `revealed` (counts by
/// number, lowest first): each guess's worth against the estimated hider, blended with
/// `payoff` itself.
pub(super) fn against_hider(payoff: &[Vec<f64>], revealed: &[u32]) -> Vec<Vec<f64>> {
    let hider = estimate(revealed, &solve(payoff).rows);
    let worth: Vec<f64> = (0..hider.len())
        .map(|guess| {
            (hider.iter().zip(payoff))
                .map(|(chance, row)| chance * row[guess])
                .sum()
        })
        .collect();
    blend(payoff, |_, guess| worth[guess])
}

/// The hider's matrix strong hides by, when the guessing seats guessed `guessed`: each hidden
/// number's worth against the estimated guesser, blended with `payoff` itself.
pub(super) fn against_guesser(payoff: &[Vec<f64>], guessed: &[u32]) -> Vec<Vec<f64>> {
    let guesser = estimate(guessed, &solve(payoff).columns);
    let worth: Vec<f64> = (payoff.iter())
        .map(|row| {
            guesser
                .iter()
                .zip(row)
                .map(|(chance, value)| chance * value)
                .sum()
        })
        .collect();
    blend(payoff, |hidden, _| worth[hidden])
}

/// The strategy a seat that played `counts` is taken to play: the counts smoothed towards
/// every number alike, weighed against `equilibrium` as `EQUILIBRIUM` numbers.
fn estimate(counts: &[u32], equilibrium: &[f64]) -> Vec<f64> {
    let played = f64::from(counts.iter().sum::<u32>());
    let alike = SMOOTHING / equilibrium.len() as f64;
    let shown = played / (played + EQUILIBRIUM);
    (equilibrium.iter().enumerate())
        .map(|(number, &chance)| {
            let count = f64::from(counts.get(number).copied().unwrap_or(0));
            let smoothed = (count + alike) / (played + SMOOTHING);
            shown * smoothed + (1.0 - shown) * chance
        })
        .collect()
}

/// `TRUST` times `worth` plus the rest times `payoff`. Its payoffs may differ only in their
/// last digits; the solver spreads them before it solves.
fn blend(payoff: &[Vec<f64>], worth: impl Fn(usize, usize) -> f64) -> Vec<Vec<f64>> {
    (payoff.iter().enumerate())
        .map(|(hidden, row)| {
            (row.iter().enumerate())
                .map(|(guess, value)| TRUST * worth(hidden, guess) + (1.0 - TRUST) * value)
                .collect()
        })
        .collect()
}
