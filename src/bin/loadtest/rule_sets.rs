//! Every rule set the server offers, played in turn: one line each of moves per second,
//! latency, server CPU per move and bytes per patch.

use std::path::Path;

use clap::Args;
use hesy::rules::RuleSet;

use super::play::{self, Played};

#[derive(Args, Clone, Debug)]
pub struct Options {
    /// Rooms playing at once, for each rule set.
    #[arg(long, default_value_t = 50)]
    pub rooms: usize,
    /// Games each room plays.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
}

/// Plays every preset of every rule set (the set-ups the start page offers), then prints the
/// summary.
pub async fn run(server_bin: &Path, options: &Options) {
    let setups: Vec<(&str, String)> = RuleSet::ALL
        .iter()
        .map(|rule_set| rule_set.info())
        .flat_map(|info| {
            let name = info.name;
            info.presets
                .into_iter()
                .map(move |preset| (name, preset.options.to_string()))
        })
        .collect();
    let mut rows = Vec::new();
    for (rule_set, rule_options) in setups {
        let play = play::Options {
            rooms: options.rooms,
            spectators: 1,
            games: options.games,
            rule_set: rule_set.to_owned(),
            mode: String::new(),
            options: Some(rule_options.clone()),
            database_url: None,
            pace: 0.0,
            seconds: 0,
            sources: 1,
            nodes: 1,
            together: false,
            nats_url: String::new(),
        };
        let played = play::run(server_bin, &play).await;
        rows.push((format!("{rule_set} {rule_options}"), played));
    }
    println!(
        "\n| rule set and options | moves | moves/s | p99 ms | server µs per move | bytes per patch |"
    );
    println!("|---|---|---|---|---|---|");
    for (
        setup,
        Played {
            rate,
            server_us_per_move,
            bytes_per_patch,
            ..
        },
    ) in rows
    {
        println!(
            "| {} | {} | {:.0} | {:.2} | {server_us_per_move:.1} | {bytes_per_patch:.0} |",
            setup,
            rate.count,
            rate.per_second(),
            rate.latency.value_at_quantile(0.99) as f64 / 1000.0,
        );
    }
}
