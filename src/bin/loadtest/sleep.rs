//! Rooms asleep in the store: a store filled with unfinished games (each room asleep, as a
//! server leaves a room nobody is in), then the server started on it twice: once with every
//! room marked awake, which is what a server before sleeping rooms did at start-up (it
//! reopened every unfinished game), and once as it is, with every room asleep, after which
//! `--awake` rooms are woken by a request each. It prints start-up time (from the process's
//! start to its first answer) and resident memory for both, and how long a request that
//! wakes a room takes (p50, p99).

use std::path::Path;
use std::time::Duration;

use clap::Args;
use hesy::client::http;
use hesy::rules::examples::san_martin_duel;
use hesy::rules::random::RandomPlayer;
use hesy::rules::{Awaiting, Seat, replay};
use hesy::store::record::{ActionRecord, Entry, GameRecord, RoomRecord, SeatRecord};
use hesy::store::rooms::RoomRest;
use hesy::store::{Database, Store};
use hesy::wire::{CommitmentMode, RoomCode, TokenHash};
use time::OffsetDateTime;
use tokio::time::Instant;
use uuid::Uuid;

use super::histogram;
use super::server::Process;

#[derive(Args, Clone, Debug)]
pub struct Options {
    /// Unfinished games to store.
    #[arg(long, default_value_t = 100_000)]
    pub games: usize,
    /// Rooms to wake once the server runs with every room asleep.
    #[arg(long, default_value_t = 1_000)]
    pub awake: usize,
    /// Actions played in each stored game (a few more to finish a turn).
    #[arg(long, default_value_t = 6)]
    pub actions: usize,
    /// Leave out the start-up with every room awake (slow with many games).
    #[arg(long)]
    pub asleep_only: bool,
    /// An empty database to fill; SQLite in a new temporary directory by default.
    #[arg(long)]
    pub database_url: Option<String>,
}

/// Games written to the store at once.
const BATCH: usize = 1_000;

pub async fn run(server_bin: &Path, options: &Options) {
    let dir = std::env::temp_dir().join(format!("hesy-sleep-{}", std::process::id()));
    let url = options
        .database_url
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}/sleep.sqlite3", dir.display()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let database = Database::parse(&url).expect("a database URL");
    let store = Store::connect(database).await.expect("the database opens");
    let filling = Instant::now();
    let codes = fill(&store, options).await;
    println!(
        "sleep: {} unfinished games stored in {:.1} s",
        codes.len(),
        filling.elapsed().as_secs_f64()
    );

    if !options.asleep_only {
        mark_awake(&store, true).await;
        let (server, started) = start(server_bin, &url).await;
        println!(
            "  every room awake at start-up (as before sleeping rooms): start-up {:.2} s, RSS {} MiB",
            started.as_secs_f64(),
            server.rss_kib() / 1024
        );
        drop(server);
        mark_awake(&store, false).await;
    }

    let (server, started) = start(server_bin, &url).await;
    let asleep = server.rss_kib();
    let mut waking = histogram();
    for code in codes.iter().take(options.awake) {
        let asked = Instant::now();
        let (status, info) = http(server.addr, "GET", &format!("/api/rooms/{code}"), None)
            .await
            .expect("the server answers");
        assert_eq!(status, 200, "{info}");
        waking.record(asked.elapsed().as_micros() as u64).ok();
    }
    let ms = |us: u64| us as f64 / 1000.0;
    println!(
        "  every room asleep: start-up {:.2} s, RSS {} MiB; {} rooms woken: RSS {} MiB, \
         a wake takes p50 {:.2} ms, p99 {:.2} ms",
        started.as_secs_f64(),
        asleep / 1024,
        waking.len(),
        server.rss_kib() / 1024,
        ms(waking.value_at_quantile(0.5)),
        ms(waking.value_at_quantile(0.99)),
    );
    drop(server);
    store.close().await;
    if options.database_url.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Starts the server on `url`; it and the time until it first answered.
async fn start(server_bin: &Path, url: &str) -> (Process, Duration) {
    let starting = Instant::now();
    let server = Process::hesy(server_bin, Some(url), &[]).await;
    // The port is bound before the rooms are woken; the first answer comes after.
    while http(server.addr, "GET", "/healthz", None).await.is_err() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    (server, starting.elapsed())
}

/// Stores `options.games` unfinished duels, each in a sleeping room; their codes.
async fn fill(store: &Store, options: &Options) -> Vec<String> {
    let now = OffsetDateTime::now_utc();
    let mut codes = Vec::with_capacity(options.games);
    let mut player = RandomPlayer::new(1);
    while codes.len() < options.games {
        let (mut play, mut rooms) = (Vec::new(), Vec::new());
        for _ in codes.len()..options.games.min(codes.len() + BATCH) {
            let code = RoomCode::random().to_string();
            let (game, actions) = unfinished(&code, options.actions, &mut player, now);
            let id = game.id;
            play.push(Entry::Game(game));
            play.extend(actions.into_iter().map(|record| Entry::Action {
                game: id,
                record,
                outcome: None,
            }));
            rooms.push(Entry::Room(RoomRest {
                awake: false,
                active_at: Some(now),
                ..RoomRest::awake(code.clone())
            }));
            codes.push(code);
        }
        // Play first, then the rooms: two runs, so each backend writes play in bulk.
        play.append(&mut rooms);
        store.write(&play).await.expect("the store takes the games");
    }
    codes
}

/// A duel in room `code`, played `actions` actions and on to the end of a turn.
fn unfinished(
    code: &str,
    actions: usize,
    player: &mut RandomPlayer,
    now: OffsetDateTime,
) -> (GameRecord, Vec<ActionRecord>) {
    let setup = san_martin_duel();
    let game = GameRecord {
        id: Uuid::new_v4(),
        seats: (0..2)
            .map(|seat| SeatRecord {
                seat: Seat(seat),
                name: format!("player {seat}"),
                team: setup.table().seats[usize::from(seat)].team,
                token: Some(TokenHash::of(&format!("sleep-{seat}"))),
                computer: None,
            })
            .collect(),
        started_at: now,
        ended_at: None,
        result: None,
        room: Some(RoomRecord {
            code: code.to_owned(),
            turn_timer: None,
            commitment: CommitmentMode::Server,
            game_number: 1,
            first_version: 1,
        }),
        setup,
    };
    let mut state = game.setup.start(game.game_id());
    let mut records = Vec::new();
    let mid_turn =
        |awaiting: &Awaiting| matches!(awaiting, Awaiting::Guess { .. } | Awaiting::Reveal { .. });
    while records.len() < actions || mid_turn(&state.awaiting()) {
        let Some((seat, chosen)) = state.random_move(player) else {
            break;
        };
        let logged = replay::play(&mut state, seat, &chosen).expect("a legal random move");
        let seq = records.len() as u32;
        records.push(ActionRecord::new(seq, seat, &chosen, logged, now));
    }
    (game, records)
}

/// Marks every room awake (as a server that stopped with them all open) or asleep.
async fn mark_awake(store: &Store, awake: bool) {
    let update = "UPDATE rooms SET awake = $1";
    let marked = match store {
        Store::Postgres(pool) => sqlx::query(update)
            .bind(awake)
            .execute(pool)
            .await
            .map(drop),
        Store::Sqlite(pool) => sqlx::query(update)
            .bind(awake)
            .execute(pool)
            .await
            .map(drop),
    };
    marked.expect("the rooms are marked");
}
