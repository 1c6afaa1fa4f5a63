//! The bot arena: computer players of every strength play thousands of games against each
//! other, and the arena prints win rates with 95% confidence intervals and the CPU each
//! decision took.
//!
//! `cargo run --release --bin arena -- --help`. Every player decides through
//! `Game::decide`, from what its seat is shown; the arena plays the room's part (concealed
//! numbers committed, reveals, throws of the sticks) with its own seeded generator, so a
//! seed replays the same games.

mod guessing;
mod luck;
mod player;
mod stats;

use std::process::ExitCode;

use clap::Parser;
use hesy::rules::{RuleSet, Setup};
use serde_json::Value;

use player::{Contest, Player};
use stats::Tally;

#[derive(Parser)]
#[command(about = "Plays computer players against each other and prints their strength")]
struct Args {
    /// Rule sets to play (by name); all of them when none is given.
    #[arg(long = "rule-set")]
    rule_sets: Vec<String>,
    /// Options of the rule set as JSON; every preset of the rule set when not given.
    #[arg(long)]
    options: Option<String>,
    /// Games per pairing and set-up.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// The first player of each pairing: random, easy, strong, oracle (told the concealed
    /// numbers), fixed-N (hides and guesses N, plays like strong otherwise), or in the stick
    /// games strong-xN (strong with N times its positions budget and sampled rounds),
    /// minimax[-xN] (takes its opponents never to slip, as strong did before),
    /// counter[-xN] (takes its opponents to play uniformly at random) or seer[-xN] (counter,
    /// told the coming throws: a bound no fair player reaches).
    #[arg(long, default_value = "strong")]
    a: Player,
    /// Their opponents, one pairing each.
    #[arg(long, default_values = ["random", "easy"])]
    b: Vec<Player>,
    /// Seeds the games; the sticks fall by a generator of each game's own, so one seed deals
    /// every pairing the same throws in turn.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let rule_sets: Vec<RuleSet> = if args.rule_sets.is_empty() {
        RuleSet::ALL.to_vec()
    } else {
        let mut chosen = Vec::new();
        for name in &args.rule_sets {
            let Some(rule_set) = RuleSet::parse(name) else {
                eprintln!("there is no rule set named `{name}`");
                return ExitCode::FAILURE;
            };
            chosen.push(rule_set);
        }
        chosen
    };
    println!(
        "{:<24} {:>5} {:<16} {:>6} {:>22} {:>8} {:>9} {:>9} {:>9}",
        "set-up",
        "seats",
        "pairing",
        "games",
        "A's score (95% CI)",
        "baseline",
        "A p50 µs",
        "A p99 µs",
        "A max µs"
    );
    for rule_set in rule_sets {
        let setups = match setups(rule_set, args.options.as_deref()) {
            Ok(setups) => setups,
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        };
        for setup in setups {
            for b in &args.b {
                let contest = Contest::new(setup.clone(), args.a, *b);
                let tally: Tally = contest.play(args.games, args.seed);
                println!("{}", tally.line(&setup, args.a, *b));
            }
        }
    }
    ExitCode::SUCCESS
}

fn setups(rule_set: RuleSet, options: Option<&str>) -> Result<Vec<Setup>, String> {
    let options: Vec<Value> = match options {
        Some(text) => vec![serde_json::from_str(text).map_err(|e| format!("options: {e}"))?],
        None => rule_set
            .info()
            .presets
            .into_iter()
            .map(|p| p.options)
            .collect(),
    };
    options
        .into_iter()
        .map(|options| rule_set.setup(options).map_err(|e| e.to_string()))
        .collect()
}
