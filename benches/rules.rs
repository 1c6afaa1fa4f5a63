//! Rules throughput of every rule set: `cargo bench --bench rules`.
//!
//! Random games are first recorded with the shared random player, every step the room
//! supplies included (concealments, reveals, throws of the sticks); then their logs are timed
//! as they replay through `Rules::apply` alone, on one core: a seat's action as it is, a step
//! made into the rule set's action first, as the room does. Throughput is in applied actions
//! (steps included) per second; the target is 1,000,000 for every rule set.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use hesy::fair::GameId;
use hesy::rules::mehen::Mehen;
use hesy::rules::mehen_kendall::MehenKendall;
use hesy::rules::mehen_pharaohs::MehenPharaohs;
use hesy::rules::men_asymmetric::MenAsymmetric;
use hesy::rules::men_symmetric::MenSymmetric;
use hesy::rules::random::RandomPlayer;
use hesy::rules::senet::Senet;
use hesy::rules::{Rules, Seat, Step};
use serde_json::{Value, json};

/// Random games recorded per set-up.
const GAMES: u64 = 32;

/// Far beyond any game's length: a game still running here never ends, and the bench says so.
const LIMIT: usize = 1_000_000;

/// One entry of a recorded game: an action a seat chose, or a step the room supplied.
enum Entry<A> {
    Action(A),
    Step(Step),
}

/// A recorded game: its id (every commitment is bound to it) and who played what.
type Log<G> = (GameId, Vec<(Seat, Entry<<G as Rules>::Action>)>);

/// Plays one random game of `options` to its end.
fn record<G: Rules>(options: &G::Options, seed: u64) -> Log<G> {
    let id = GameId([seed as u8; 16]);
    let mut game = G::new(options, id);
    let mut player = RandomPlayer::new(seed);
    let mut log = Vec::new();
    while let Some((seat, action)) = player.next_action(&game) {
        game.apply(seat, &action)
            .expect("the random player plays legally");
        let entry = match G::step_of(&action) {
            Some(step) => Entry::Step(step),
            None => Entry::Action(action),
        };
        log.push((seat, entry));
        assert!(log.len() < LIMIT, "{} game {seed} does not end", G::NAME);
    }
    (id, log)
}

/// Records `GAMES` random games of the set-up `options` (in the rule set's JSON) and times
/// their replay.
fn replay<G: Rules>(group: &mut BenchmarkGroup<WallTime>, setup: &str, options: Value) {
    let options: G::Options = serde_json::from_value(options).expect("options of the rule set");
    let games: Vec<Log<G>> = (0..GAMES).map(|seed| record::<G>(&options, seed)).collect();
    let actions: usize = games.iter().map(|(_, log)| log.len()).sum();
    group.throughput(Throughput::Elements(actions as u64));
    group.bench_function(format!("{}/{setup}", G::NAME), |b| {
        b.iter(|| {
            for (id, log) in &games {
                let mut game = G::new(&options, *id);
                for (seat, entry) in log {
                    let applied = match entry {
                        Entry::Action(action) => game.apply(*seat, action),
                        Entry::Step(step) => {
                            let action = G::step_action(*step).expect("a step of this rule set");
                            game.apply(*seat, &action)
                        }
                    };
                    black_box(applied.ok());
                }
                black_box(game.outcome());
            }
        })
    });
}

fn rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("apply");
    let duel = json!({"mode": "duel", "board": "compact"});
    replay::<Mehen>(&mut group, "duel", duel);
    let teams = json!({"mode": "teams", "board": "compact"});
    replay::<Mehen>(&mut group, "teams", teams);
    for players in [2, 4, 6] {
        let options = json!({ "players": players });
        replay::<MehenPharaohs>(&mut group, &format!("{players}-players"), options);
    }
    replay::<Senet>(&mut group, "duel", json!({}));
    replay::<MenSymmetric>(&mut group, "duel", json!({}));
    replay::<MenAsymmetric>(&mut group, "duel", json!({}));
    for players in [2, 6] {
        let options = json!({ "players": players, "board": "compact" });
        replay::<MehenKendall>(&mut group, &format!("{players}-players"), options);
    }
    group.finish();
}

criterion_group!(benches, rules);
criterion_main!(benches);
