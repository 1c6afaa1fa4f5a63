//! Rules-engine throughput: `cargo bench --bench mehen`.
//!
//! - `replay/*`: applying recorded actions of complete random games (the engine alone).
//!   Throughput is in applied actions per second.
//! - `playout/*`: whole random games from set-up to outcome, the random player's choices and
//!   commitments included. Throughput is in games per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hesy::fair::GameId;
use hesy::rules::mehen::{Action, Board, Config, Mehen, Mode};
use hesy::rules::random::RandomPlayer;
use hesy::rules::{Rules, Seat};

const CONFIGS: [(&str, Mode, Board); 3] = [
    ("duel-compact", Mode::Duel, Board::Compact),
    ("duel-extended", Mode::Duel, Board::Extended),
    ("six-player", Mode::Teams, Board::Compact),
];

/// Plays one random game to its end and returns its action log.
fn random_game(config: Config, seed: u64) -> Vec<(Seat, Action)> {
    let mut game = Mehen::new(config, GameId([seed as u8; 16]));
    let mut player = RandomPlayer::new(seed);
    let mut log = Vec::new();
    while let Some((seat, action)) = player.next_action(&game) {
        game.apply(seat, action)
            .expect("the random player plays legally");
        log.push((seat, action));
    }
    log
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    for (name, mode, board) in CONFIGS {
        let config = Config { mode, board };
        let games: Vec<_> = (0..64)
            .map(|seed| (seed, random_game(config, seed)))
            .collect();
        let actions: usize = games.iter().map(|(_, log)| log.len()).sum();
        group.throughput(Throughput::Elements(actions as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for (seed, log) in &games {
                    let mut game = Mehen::new(config, GameId([*seed as u8; 16]));
                    for &(seat, action) in log {
                        black_box(game.apply(seat, action).ok());
                    }
                    black_box(game.outcome());
                }
            })
        });
    }
    group.finish();
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for (name, mode, board) in CONFIGS {
        let config = Config { mode, board };
        group.throughput(Throughput::Elements(1));
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(config, seed).len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replay, playout);
criterion_main!(benches);
