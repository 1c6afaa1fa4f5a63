//! What the arena counts: results from the first player's side, and the CPU time of each
//! computer decision.

use hesy::rules::Setup;

use super::player::Player;

/// The CPU time this thread has used, in nanoseconds.
pub fn cpu_now() -> u64 {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes one `timespec` through a pointer to a live one.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    if status != 0 {
        return 0;
    }
    time.tv_sec as u64 * 1_000_000_000 + time.tv_nsec as u64
}

/// Results of one pairing.
pub struct Tally {
    teams: usize,
    wins: u32,
    losses: u32,
    draws: u32,
    unfinished: u32,
    /// CPU per decision of the first player, in nanoseconds.
    a_cpu: Vec<u64>,
}

impl Tally {
    pub fn new(teams: usize) -> Self {
        Tally {
            teams,
            wins: 0,
            losses: 0,
            draws: 0,
            unfinished: 0,
            a_cpu: Vec::new(),
        }
    }

    /// A game ended: `won` is whether the first player's team won (`None`: a draw).
    pub fn game(&mut self, over: bool, won: Option<bool>) {
        match (over, won) {
            (false, _) => self.unfinished += 1,
            (true, Some(true)) => self.wins += 1,
            (true, Some(false)) => self.losses += 1,
            (true, None) => self.draws += 1,
        }
    }

    pub fn decision(&mut self, by_a: bool, nanos: u64) {
        if by_a {
            self.a_cpu.push(nanos);
        }
    }

    /// One line of the arena's table.
    pub fn line(&self, setup: &Setup, a: Player, b: Player) -> String {
        let games = self.wins + self.losses + self.draws;
        let score = f64::from(self.wins) + f64::from(self.draws) / 2.0;
        let (low, high) = wilson(score, f64::from(games));
        let rate = if games == 0 {
            0.0
        } else {
            score / f64::from(games)
        };
        let mut cpu = self.a_cpu.clone();
        cpu.sort_unstable();
        let micros = |q: f64| {
            if cpu.is_empty() {
                return 0.0;
            }
            let index = ((cpu.len() - 1) as f64 * q).round() as usize;
            cpu[index] as f64 / 1000.0
        };
        let mut line = format!(
            "{:<24} {:>5} {:<16} {:>6} {:>6.1}% ({:>5.1}–{:>5.1}) {:>7.1}% {:>9.1} {:>9.1} {:>9.1}",
            setup.rule_set().name(),
            setup.table().seats.len(),
            format!("{a} v {b}"),
            games,
            100.0 * rate,
            100.0 * low,
            100.0 * high,
            100.0 / self.teams as f64,
            micros(0.5),
            micros(0.99),
            micros(1.0),
        );
        if self.unfinished > 0 {
            line.push_str(&format!("  ({} unfinished)", self.unfinished));
        }
        line
    }
}

/// The Wilson score interval at 95% for `successes` of `n`.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96_f64;
    let p = successes / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_of_half_of_a_hundred() {
        let (low, high) = wilson(50.0, 100.0);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
    }
}
