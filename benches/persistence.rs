//! What persistence costs: `cargo bench --bench persistence`.
//!
//! Simulated rooms (tokio tasks) play random games as fast as they can, first with nothing
//! stored, then through the journal into a fresh database: Postgres when `DATABASE_URL` is
//! set, otherwise an SQLite file. A room does what a real one does per action: take a
//! journal slot (waiting while the journal says it is backlogged), apply the action, hand
//! over the record. Throughput counts until everything is committed, so it is the rate the
//! database sustains, not the rate at which actions were queued.
//!
//! Printed: actions per second, p99 of one action as the room sees it (slot, engine,
//! hand-over) and finished games archived per second.

#[path = "../tests/it/common/store.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{TestDb, new_game};
use hesy::rules::mehen::Mode;
use hesy::rules::random::RandomPlayer;
use hesy::rules::replay;
use hesy::store::journal::{Journal, JournalConfig, JournalError, Slot};
use hesy::store::record::{ActionRecord, Entry};
use time::OffsetDateTime;

const ROOMS: u64 = 64;
const GAMES_PER_ROOM: u64 = 8;

struct Run {
    actions: usize,
    games: u64,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        report("persistence off", &play_all(None).await);
        let db = match TestDb::postgres("the persistence benchmark").await {
            Some(db) => db,
            None => TestDb::sqlite(),
        };
        let backend = match db {
            TestDb::Postgres { .. } => "Postgres",
            TestDb::Sqlite { .. } => "SQLite",
        };
        let store = db.connect().await;
        let (journal, writer) = Journal::start(store.clone(), JournalConfig::default());
        let started = Instant::now();
        let mut run = play_all(Some(journal)).await;
        writer.flushed().await;
        run.elapsed = started.elapsed();
        assert!(
            store.unfinished().await.expect("read").is_empty(),
            "every game archived"
        );
        report(&format!("persistence on ({backend})"), &run);
        store.close().await;
        db.drop_database().await;
    });
}

async fn play_all(journal: Option<Journal>) -> Run {
    let started = Instant::now();
    let rooms: Vec<_> = (0..ROOMS)
        .map(|seed| tokio::spawn(room(journal.clone(), seed)))
        .collect();
    drop(journal);
    let mut latencies = Vec::new();
    for room in rooms {
        latencies.extend(room.await.expect("a room finishes"));
    }
    Run {
        actions: latencies.len(),
        games: ROOMS * GAMES_PER_ROOM,
        elapsed: started.elapsed(),
        latencies,
    }
}

/// One room playing its games back to back; returns each action's latency.
async fn room(journal: Option<Journal>, seed: u64) -> Vec<Duration> {
    let mut latencies = Vec::new();
    for game_number in 0..GAMES_PER_ROOM {
        let game = new_game(Mode::Duel, "bench", 0);
        if let Some(journal) = &journal {
            slot(journal).await.write(Entry::Game(game.clone()));
        }
        let mut state = game.setup.start(game.game_id());
        let mut player = RandomPlayer::new(seed * GAMES_PER_ROOM + game_number);
        let mut seq = 0;
        while let Some((seat, chosen)) = state.random_move(&mut player) {
            let started = Instant::now();
            let slot = match &journal {
                Some(journal) => Some(slot(journal).await),
                None => None,
            };
            let now = OffsetDateTime::now_utc();
            let logged = replay::play(&mut state, seat, &chosen).expect("a legal action");
            let record = ActionRecord::new(seq, seat, &chosen, logged, now);
            if let Some(slot) = slot {
                slot.write(Entry::Action {
                    game: game.id,
                    record,
                    outcome: state.outcome(),
                });
            }
            latencies.push(started.elapsed());
            seq += 1;
            tokio::task::yield_now().await;
        }
    }
    latencies
}

/// A journal slot, waiting while the journal is backlogged as a room's player would.
async fn slot(journal: &Journal) -> Slot<'_> {
    loop {
        match journal.reserve() {
            Ok(slot) => return slot,
            Err(JournalError::Backlogged) => tokio::time::sleep(Duration::from_millis(1)).await,
            Err(JournalError::Closed) => panic!("the journal closed during the benchmark"),
        }
    }
}

fn report(name: &str, run: &Run) {
    let mut latencies = run.latencies.clone();
    latencies.sort_unstable();
    let p99 = latencies[latencies.len() * 99 / 100];
    let seconds = run.elapsed.as_secs_f64();
    println!(
        "{name}: {} actions in {seconds:.2} s = {:.0} actions/s, p99 {p99:?} per action, \
         {:.1} games/s",
        run.actions,
        run.actions as f64 / seconds,
        run.games as f64 / seconds,
    );
}
