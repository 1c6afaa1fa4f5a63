//! What Postgres spends of its own CPU per stored action, by the size of the journal's
//! batches: `DATABASE_URL=postgres://… cargo bench --bench batches [-- SIZE …]`.
//!
//! The journal writes whatever queued while its last write ran, so under load its batches
//! are as large as the moves made during one commit. Here the same stream of entries (300
//! finished duel games, played 60 rooms at a time and interleaved as rooms interleave them)
//! goes through one kept `Writer`, as the journal's, in batches of each size given (default
//! 4, 18, 100 and 500), one write after another, into a fresh database. The database's CPU
//! is read from `/proc/PID/stat` of its backends (user and system time), so Postgres must
//! run on this machine. Two figures separate: a write's own cost and a row's, from the smallest and
//! largest sizes.

#[path = "../tests/it/common/store.rs"]
mod common;
#[path = "../src/bin/loadtest/stat.rs"]
#[expect(
    dead_code,
    reason = "the benchmark reads CPU times, not the load test's parents"
)]
mod stat;

use std::time::{Duration, Instant};

use common::{TestDb, finished_game};
use hesy::rules::mehen::Mode;
use hesy::store::Store;
use hesy::store::record::Entry;
use stat::cpu_seconds;

const GAMES: u64 = 300;
const ROOMS: usize = 60;

/// The CPU seconds the backends serving `database` have used.
async fn backend_seconds(store: &Store) -> f64 {
    let Store::Postgres(pool) = store else {
        unreachable!("a Postgres store")
    };
    let pids: Vec<i32> =
        sqlx::query_scalar("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
            .fetch_all(pool)
            .await
            .expect("the database's backends");
    pids.iter()
        .map(|pid| cpu_seconds(&format!("/proc/{pid}/stat")))
        .sum()
}

/// The entries of `GAMES` games, `ROOMS` played side by side.
fn stream() -> Vec<Entry> {
    let games: Vec<Vec<Entry>> = (0..GAMES)
        .map(|seed| finished_game(Mode::Duel, &format!("b{seed}"), 0, seed).1)
        .collect();
    let mut stream = Vec::new();
    for side_by_side in games.chunks(ROOMS) {
        let longest = side_by_side.iter().map(Vec::len).max().unwrap_or(0);
        for step in 0..longest {
            stream.extend(side_by_side.iter().filter_map(|g| g.get(step)).cloned());
        }
    }
    stream
}

struct Run {
    writes: usize,
    /// The database's CPU seconds.
    cpu: f64,
    elapsed: Duration,
}

async fn run(db: TestDb, entries: &[Entry], batch: usize) -> Run {
    let store = db.connect().await;
    // One connection kept for every write, as the journal keeps one.
    let mut writer = store.writer().await.expect("a connection to write with");
    let before = backend_seconds(&store).await;
    let started = Instant::now();
    for chunk in entries.chunks(batch) {
        writer.write(chunk).await.expect("write");
    }
    let elapsed = started.elapsed();
    let cpu = backend_seconds(&store).await - before;
    drop(writer);
    store.close().await;
    db.drop_database().await;
    Run {
        writes: entries.len().div_ceil(batch),
        cpu,
        elapsed,
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|arg| arg.parse().ok())
        .filter(|&size| size > 0)
        .collect();
    let sizes = if sizes.is_empty() {
        vec![4, 18, 100, 500]
    } else {
        sizes
    };
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let entries = stream();
        let actions = entries.iter().filter(|e| e.action().is_some()).count();
        println!("{} entries, {actions} of them actions", entries.len());
        let mut runs = Vec::new();
        for &size in &sizes {
            let Some(db) = TestDb::postgres("the batches benchmark").await else {
                return;
            };
            let run = run(db, &entries, size).await;
            println!(
                "batch {size:>4}: {:>5} writes in {:.2} s, database CPU {:.2} s = {:.1} µs per action",
                run.writes,
                run.elapsed.as_secs_f64(),
                run.cpu,
                run.cpu * 1e6 / actions as f64,
            );
            runs.push(run);
        }
        if let (Some(small), Some(large)) = (runs.first(), runs.last())
            && small.writes > large.writes
        {
            let per_write = (small.cpu - large.cpu) * 1e6 / (small.writes - large.writes) as f64;
            let per_row = (large.cpu * 1e6 - per_write * large.writes as f64) / actions as f64;
            println!("a write costs the database {per_write:.0} µs, a row {per_row:.1} µs");
        }
    });
}
