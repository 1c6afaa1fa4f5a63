//! What the store tests share: a fresh database per test on either backend, and real games
//! played by the random player.
#![allow(dead_code, unused_macros)] // leak_canary.rs, a binary of its own, uses only a part.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use hesy::rules::mehen::{Board, Config, Mode};
use hesy::rules::random::RandomPlayer;
use hesy::rules::replay;
use hesy::rules::{Game, Move, Setup, Step};
use hesy::rules::{Seat, Team};
use hesy::store::journal::{Health, Journal};
use hesy::store::queries::{ChatReader, StoredGame};
use hesy::store::record::{ActionRecord, Channel, ChatRecord, Entry, GameRecord, SeatRecord};
use hesy::store::{Database, Store};
use hesy::wire::TokenHash;
use serde_json::Value;
use sqlx::postgres::PgConnectOptions;
use sqlx::{AssertSqlSafe, Connection, PgConnection};
use time::OffsetDateTime;
use uuid::Uuid;

/// A database made for one test and removed by [`TestDb::drop_database`].
pub enum TestDb {
    Postgres {
        name: String,
        options: Box<PgConnectOptions>,
    },
    Sqlite {
        path: PathBuf,
    },
}

impl TestDb {
    /// A fresh SQLite file in the temporary directory.
    pub fn sqlite() -> Self {
        let path = std::env::temp_dir().join(format!("hesy-test-{}.sqlite3", Uuid::new_v4()));
        TestDb::Sqlite { path }
    }

    /// A fresh database on the Postgres server `DATABASE_URL` names, or `None` (said out
    /// loud) when there is no `DATABASE_URL`.
    pub async fn postgres(test: &str) -> Option<Self> {
        let Ok(url) = std::env::var("DATABASE_URL") else {
            eprintln!("skipped: DATABASE_URL not set ({test} needs Postgres)");
            return None;
        };
        let options: PgConnectOptions = url.parse().expect("DATABASE_URL parses");
        let name = format!("hesy_test_{}", Uuid::new_v4().simple());
        maintain(&options, format!("CREATE DATABASE {name}")).await;
        let options = Box::new(options.database(&name));
        Some(TestDb::Postgres { name, options })
    }

    pub fn database(&self) -> Database {
        match self {
            TestDb::Postgres { options, .. } => Database::Postgres(*options.clone()),
            TestDb::Sqlite { path } => {
                Database::parse(&format!("sqlite://{}", path.display())).expect("a valid URL")
            }
        }
    }

    /// The URL a server is started with. `via` (a local address) stands in for the
    /// Postgres server's own, for a test that puts a proxy in between.
    pub fn url(&self, via: Option<std::net::SocketAddr>) -> String {
        match self {
            TestDb::Postgres { name, .. } => {
                let base = std::env::var("DATABASE_URL").expect("a Postgres test has DATABASE_URL");
                let (scheme, rest) = base.split_once("://").expect("DATABASE_URL has a scheme");
                let authority = rest.split('/').next().unwrap_or(rest);
                let (user, host) = authority.rsplit_once('@').unwrap_or(("", authority));
                let host = via.map_or_else(|| host.to_owned(), |addr| addr.to_string());
                match user {
                    "" => format!("{scheme}://{host}/{name}"),
                    user => format!("{scheme}://{user}@{host}/{name}"),
                }
            }
            TestDb::Sqlite { path } => format!("sqlite://{}", path.display()),
        }
    }

    pub async fn connect(&self) -> Store {
        Store::connect(self.database())
            .await
            .expect("connect and migrate")
    }

    pub async fn drop_database(self) {
        match self {
            TestDb::Postgres { name, options } => {
                maintain(&options, format!("DROP DATABASE {name} WITH (FORCE)")).await;
            }
            TestDb::Sqlite { path } => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
        }
    }
}

/// Runs `sql` on the server's maintenance database, `postgres`.
async fn maintain(options: &PgConnectOptions, sql: String) {
    let admin = options.clone().database("postgres");
    let mut connection = PgConnection::connect_with(&admin)
        .await
        .expect("Postgres answers");
    sqlx::raw_sql(AssertSqlSafe(sql))
        .execute(&mut connection)
        .await
        .expect("the maintenance database takes it");
}

/// Runs `$test(store)` on a fresh SQLite file and a fresh Postgres database, as two tests.
macro_rules! on_both_backends {
    ($test:ident) => {
        mod $test {
            #[tokio::test]
            async fn sqlite() {
                let db = $crate::common::store::TestDb::sqlite();
                super::$test(&db).await;
                db.drop_database().await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(db) = $crate::common::store::TestDb::postgres(stringify!($test)).await {
                    super::$test(&db).await;
                    db.drop_database().await;
                }
            }
        }
    };
}

/// A fixed instant, `seconds` after a base, so records compare equal after a round trip.
pub fn at(seconds: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_800_000_000 + seconds).expect("in range")
}

pub fn token(seat: u8) -> String {
    format!("token-of-seat-{seat}")
}

/// A game record for `mode`, its players named `{prefix}{seat}`, started at `at(start)`.
pub fn new_game(mode: Mode, prefix: &str, start: i64) -> GameRecord {
    let config = Config {
        mode,
        board: Board::Compact,
    };
    GameRecord {
        id: Uuid::new_v4(),
        setup: Setup::MehenSanMartin(config),
        seats: (0..mode.seats())
            .map(|seat| SeatRecord {
                seat: Seat(seat),
                name: format!("{prefix}{seat}"),
                team: mode.team_of(Seat(seat)),
                token: Some(TokenHash::of(&token(seat))),
                computer: None,
            })
            .collect(),
        started_at: at(start),
        ended_at: None,
        result: None,
        room: None,
    }
}

/// Plays on with the random player from where `state` stands, numbering actions from
/// `seq` and timing them `start + seq` seconds (a reveal at its guess's time), for at most
/// `limit` actions.
pub fn play(
    state: &mut Game,
    player: &mut RandomPlayer,
    seq: u32,
    start: i64,
    limit: usize,
) -> Vec<ActionRecord> {
    let mut records = Vec::new();
    while records.len() < limit {
        let Some((seat, chosen)) = state.random_move(player) else {
            break;
        };
        let seq = seq + records.len() as u32;
        let logged = replay::play(state, seat, &chosen).expect("the random player plays legally");
        // The room reveals in the same instant as the guess that asks for it.
        let at = match (&chosen, records.last()) {
            (Move::Step(Step::Reveal { .. }), Some(ActionRecord { at, .. })) => *at,
            _ => at(start + i64::from(seq)),
        };
        let record = ActionRecord::new(seq, seat, &chosen, logged, at);
        records.push(record);
    }
    records
}

/// A whole game played with `seed`, as the entries a room would journal: the game, one
/// table message and one team message, then every action. Returns the game as it ended.
pub fn finished_game(mode: Mode, prefix: &str, start: i64, seed: u64) -> (GameRecord, Vec<Entry>) {
    let mut game = new_game(mode, prefix, start);
    let mut state = game.setup.start(game.game_id());
    let records = play(
        &mut state,
        &mut RandomPlayer::new(seed),
        0,
        start,
        usize::MAX,
    );
    let last = records.last().expect("a game has actions");
    game.ended_at = Some(last.at);
    game.result = state.outcome();
    let mut entries = vec![Entry::Game(GameRecord {
        ended_at: None,
        result: None,
        ..game.clone()
    })];
    entries.push(chat(game.id, 0, Seat(0), Channel::Table, "good luck"));
    entries.push(chat(
        game.id,
        1,
        Seat(1),
        Channel::Team(Team(1)),
        TEAM_CANARY,
    ));
    entries.extend(action_entries(game.id, &records, game.result.clone()));
    (game, entries)
}

/// Team chat that must never reach anyone outside team 1.
pub const TEAM_CANARY: &str = "canary-team-secret";

pub fn chat(game: Uuid, seq: u32, seat: Seat, channel: Channel, body: &str) -> Entry {
    let at = at(i64::from(seq));
    let record = ChatRecord {
        seq,
        seat: Some(seat),
        channel,
        body: body.into(),
        at,
    };
    Entry::Chat { game, record }
}

/// Waits until the journal has written everything handed to it.
pub async fn settle(journal: &Journal) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while journal.health() != (Health::Ok { backlog: 0 }) {
        assert!(
            Instant::now() < deadline,
            "the journal did not settle: {:?}",
            journal.health()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Hands `entries` to the journal one by one, as rooms do.
pub fn journal_all(journal: &Journal, entries: &[Entry]) {
    for entry in entries {
        journal
            .reserve()
            .expect("room in the queue")
            .write(entry.clone());
    }
}

/// The journal entries of `records`, actions of `game`; `outcome` is how the game stands
/// after them (`Game::outcome`), which the last of them brought about if it is over.
pub fn action_entries(game: Uuid, records: &[ActionRecord], outcome: Option<Value>) -> Vec<Entry> {
    let last = records.len().saturating_sub(1);
    records
        .iter()
        .enumerate()
        .map(|(index, record)| Entry::Action {
            game,
            record: record.clone(),
            outcome: outcome.clone().filter(|_| index == last),
        })
        .collect()
}

/// Everything stored about `game`, which must be there.
pub async fn load(store: &Store, game: Uuid) -> StoredGame {
    store
        .game(game, ChatReader::Server)
        .await
        .expect("read")
        .expect("the game is stored")
}

/// The action records among `entries`.
pub fn actions(entries: &[Entry]) -> Vec<ActionRecord> {
    entries
        .iter()
        .filter_map(|entry| match entry {
            Entry::Action { record, .. } => Some(record.clone()),
            _ => None,
        })
        .collect()
}
