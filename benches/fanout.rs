//! One room's move fan-out: `cargo bench --bench fanout`.
//!
//! A room that keeps nothing, with its players and spectators connected through queues as
//! the socket tasks are. One iteration is one move: from the command reaching the room's
//! inbox until every connection has been queued that move's patch. The players choosing
//! their moves and applying what they receive happens outside the clock; a game that ends
//! is followed by a rematch, also outside it.

#[path = "support/table.rs"]
mod table;

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use table::{Table, open_room};

fn fanout(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut group = c.benchmark_group("fanout");
    for (name, options, seats) in [
        ("duel", json!({"mode": "duel"}), 2),
        ("teams", json!({"mode": "teams"}), 6),
    ] {
        let room = runtime.block_on(open_room(options));
        let mut table = runtime.block_on(Table::open(room, seats, 2));
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        total += table.step().await;
                    }
                    total
                })
            });
        });
    }
    group.finish();
}

criterion_group!(benches, fanout);
criterion_main!(benches);
