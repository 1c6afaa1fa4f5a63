//! Zero-sum matrix games, solved exactly by the simplex method: the mixed strategies that
//! neither side can gain against by playing anything else.
//!
//! The row side receives `payoff[r][c]` from the column side. Spread over 1 to 2 (an affine
//! change of the payoffs keeps the equilibria, and payoffs that differ only in their last
//! digits become a programme the arithmetic can solve), the column side's strategy is the linear programme "maximize the sum of `y`
//! subject to `payoff · y <= 1`, `y >= 0`"; the row side's strategy is its dual, read off the
//! same final tableau. Bland's rule keeps the method from cycling. The matrices here are at
//! most six by six, so the tableau is tiny.

/// The equilibrium of a matrix game.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// What the row side gains on average when both play these strategies.
    pub value: f64,
    /// The row side's chance of playing each row.
    pub rows: Vec<f64>,
    /// The column side's chance of playing each column.
    pub columns: Vec<f64>,
}

const EPSILON: f64 = 1e-12;

/// Solves the game whose row side receives `payoff[r][c]`. Rows must all be as long; an
/// empty game has value 0 and no strategies.
pub fn solve(payoff: &[Vec<f64>]) -> Solution {
    let m = payoff.len();
    let n = payoff.first().map_or(0, Vec::len);
    if m == 0 || n == 0 || payoff.iter().any(|row| row.len() != n) {
        return Solution {
            value: 0.0,
            rows: Vec::new(),
            columns: Vec::new(),
        };
    }
    let values = || payoff.iter().flatten().copied();
    let lowest = values().fold(f64::INFINITY, f64::min);
    let span = values().fold(f64::NEG_INFINITY, f64::max) - lowest;
    let spread = if span > 0.0 { 1.0 / span } else { 1.0 };
    // Rows 0..m: [payoff spread over 1..=2 | identity | 1]; row m: the objective, -1 per column.
    let width = n + m + 1;
    let mut tableau = vec![vec![0.0; width]; m + 1];
    for (r, row) in payoff.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            tableau[r][c] = 1.0 + (value - lowest) * spread;
        }
        tableau[r][n + r] = 1.0;
        tableau[r][width - 1] = 1.0;
    }
    for cell in &mut tableau[m][..n] {
        *cell = -1.0;
    }
    let mut basis: Vec<usize> = (n..n + m).collect();
    while let Some(entering) = (0..n + m).find(|&c| tableau[m][c] < -EPSILON) {
        let leaving = (0..m)
            .filter(|&r| tableau[r][entering] > EPSILON)
            .min_by(|&a, &b| {
                let ratio = |r: usize| tableau[r][width - 1] / tableau[r][entering];
                ratio(a).total_cmp(&ratio(b)).then(basis[a].cmp(&basis[b]))
            });
        // The programme is bounded (every payoff is positive), so a leaving row exists.
        let Some(leaving) = leaving else { break };
        pivot(&mut tableau, leaving, entering);
        basis[leaving] = entering;
    }
    let total = tableau[m][width - 1];
    let scale = 1.0 / total;
    let mut columns = vec![0.0; n];
    for (r, &variable) in basis.iter().enumerate() {
        if variable < n {
            columns[variable] = tableau[r][width - 1] * scale;
        }
    }
    let rows = (0..m).map(|r| tableau[m][n + r] * scale).collect();
    Solution {
        value: (scale - 1.0) / spread + lowest,
        rows,
        columns,
    }
}

fn pivot(tableau: &mut [Vec<f64>], row: usize, column: usize) {
    let divisor = tableau[row][column];
    for cell in &mut tableau[row] {
        *cell /= divisor;
    }
    let pivot_row = tableau[row].clone();
    for (r, other) in tableau.iter_mut().enumerate() {
        let factor = other[column];
        if r != row && factor != 0.0 {
            for (cell, p) in other.iter_mut().zip(&pivot_row) {
                *cell -= factor * p;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    fn all_close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| close(*x, *y))
    }

    #[test]
    fn rock_paper_scissors_is_played_uniformly() {
        let solution = solve(&[
            vec![0.0, -1.0, 1.0],
            vec![1.0, 0.0, -1.0],
            vec![-1.0, 1.0, 0.0],
        ]);
        assert!(close(solution.value, 0.0));
        assert!(all_close(&solution.rows, &[1.0 / 3.0; 3]));
        assert!(all_close(&solution.columns, &[1.0 / 3.0; 3]));
    }

    #[test]
    fn a_two_by_two_game_mixes_as_its_indifference_equations_say() {
        // 3p - 2(1-p) = -p + (1-p) gives p = 3/7; the value is 1/7.
        let solution = solve(&[vec![3.0, -1.0], vec![-2.0, 1.0]]);
        assert!(close(solution.value, 1.0 / 7.0));
        assert!(all_close(&solution.rows, &[3.0 / 7.0, 4.0 / 7.0]));
        assert!(all_close(&solution.columns, &[2.0 / 7.0, 5.0 / 7.0]));
    }

    #[test]
    fn a_saddle_point_is_played_purely() {
        let solution = solve(&[vec![4.0, 2.0, 3.0], vec![1.0, 0.0, -1.0]]);
        assert!(close(solution.value, 2.0));
        assert!(all_close(&solution.rows, &[1.0, 0.0]));
        assert!(all_close(&solution.columns, &[0.0, 1.0, 0.0]));
    }

    /// Payoffs that differ only in their last digits (as when one side's choice barely
    /// matters) still give two strategies, each a distribution. Solved as they stood, this
    /// matrix gave a row strategy summing to 0.99998.
    #[test]
    fn payoffs_that_differ_in_their_last_digits_still_give_strategies() {
        let payoff = [
            vec![
                0.19906280074166516,
                -0.5739526069802225,
                0.10612609635918907,
            ],
            vec![
                0.19906280074726387,
                -0.5739526069853444,
                0.10612609635202745,
            ],
            vec![
                0.19906280074894697,
                -0.5739526069819612,
                0.10612609635866323,
            ],
        ];
        let solution = solve(&payoff);
        assert!(close(solution.rows.iter().sum(), 1.0), "{solution:?}");
        assert!(close(solution.columns.iter().sum(), 1.0), "{solution:?}");
        assert!(
            solution
                .rows
                .iter()
                .chain(&solution.columns)
                .all(|p| *p >= 0.0)
        );
    }

    /// Against the equilibrium, no pure reply does better than the value: the property that
    /// makes a strong hider unexploitable.
    #[test]
    fn no_pure_reply_beats_the_equilibrium_of_a_guessing_matrix() {
        // A hider's payoffs over 1..=5 hidden and guessed: caught (diagonal) costs the
        // number hidden, escaping earns it.
        let payoff: Vec<Vec<f64>> = (1..=5)
            .map(|h| {
                (1..=5)
                    .map(|g| {
                        if h == g {
                            -0.1 * f64::from(h)
                        } else {
                            0.1 * f64::from(h)
                        }
                    })
                    .collect()
            })
            .collect();
        let solution = solve(&payoff);
        for g in 0..5 {
            let against: f64 = solution
                .rows
                .iter()
                .zip(&payoff)
                .map(|(p, row)| p * row[g])
                .sum();
            assert!(against >= solution.value - 1e-9, "column {g} gains");
        }
        for (h, row) in payoff.iter().enumerate() {
            let against: f64 = solution.columns.iter().zip(row).map(|(q, v)| q * v).sum();
            assert!(against <= solution.value + 1e-9, "row {h} gains");
        }
        assert!(close(solution.rows.iter().sum(), 1.0));
        assert!(close(solution.columns.iter().sum(), 1.0));
    }
}
