//! The journal through a database outage: rooms keep playing, health says so, and once the
//! database is back every action is stored, in order, exactly once. With the queue full,
//! rooms are told to wait instead of anything being dropped.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::common::store::{TestDb, actions, finished_game, journal_all, load, settle};
use hesy::rules::mehen::Mode;
use hesy::store::Database;
use hesy::store::Store;
use hesy::store::gathering::Gathering;
use hesy::store::journal::{Health, Journal, JournalConfig, JournalError};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A TCP proxy in front of the database that can be cut (every connection dropped, new
/// ones refused) and restored.
struct Proxy {
    port: u16,
    up: watch::Sender<bool>,
}

impl Proxy {
    async fn start(target: SocketAddr) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("address").port();
        let (up, watch) = watch::channel(true);
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let mut up = watch.clone();
                if !*up.borrow() {
                    continue;
                }
                tokio::spawn(async move {
                    let Ok(mut outbound) = TcpStream::connect(target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = up.wait_for(|up| !*up) => {}
                    }
                });
            }
        });
        Proxy { port, up }
    }

    fn set(&self, up: bool) {
        self.up.send_replace(up);
    }
}

fn quick_retries() -> JournalConfig {
    JournalConfig {
        capacity: 1024,
        batch: 16,
        backoff_min: Duration::from_millis(10),
        backoff_max: Duration::from_millis(200),
        write_timeout: Duration::from_secs(2),
        idle_probe: Duration::from_millis(50),
        ..JournalConfig::default()
    }
}

async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn an_outage_loses_nothing_and_duplicates_nothing() {
    let Some(db) = TestDb::postgres("an_outage_loses_nothing_and_duplicates_nothing").await else {
        return;
    };
    let direct = db.connect().await;
    let TestDb::Postgres { options, .. } = &db else {
        unreachable!("a Postgres database")
    };
    let target = format!("{}:{}", options.get_host(), options.get_port());
    let target = tokio::net::lookup_host(target)
        .await
        .expect("resolve")
        .next()
        .expect("an address");
    let proxy = Proxy::start(target).await;
    let through_proxy = Database::Postgres(options.clone().host("127.0.0.1").port(proxy.port));
    let store = Store::connect(through_proxy)
        .await
        .expect("connect through the proxy");
    let (journal, writer) = Journal::start(store, quick_retries());

    let (game, entries) = finished_game(Mode::Teams, "player", 0, 5);
    let third = entries.len() / 3;
    journal_all(&journal, &entries[..third]);
    settle(&journal).await;

    proxy.set(false);
    journal_all(&journal, &entries[third..2 * third]);
    until("degraded health", || {
        matches!(journal.health(), Health::Degraded { .. })
    })
    .await;
    let Health::Degraded { backlog, .. } = journal.health() else {
        unreachable!()
    };
    assert!(backlog > 0, "the waiting actions show as backlog");
    // Play goes on while the database is away.
    journal_all(&journal, &entries[2 * third..]);

    proxy.set(true);
    settle(&journal).await;
    drop(journal);
    writer.flushed().await;

    let stored = load(&direct, game.id).await;
    assert_eq!(
        stored.actions,
        actions(&entries),
        "every action, in order, once"
    );
    assert_eq!(stored.chat.len(), 2);
    assert_eq!(stored.game, game);
    direct.close().await;
    db.drop_database().await;
}

#[tokio::test]
async fn a_full_queue_refuses_new_actions_and_keeps_the_old() {
    let db = TestDb::sqlite();
    let store = db.connect().await;
    let config = JournalConfig {
        capacity: 4,
        batch: 2,
        ..quick_retries()
    };
    let (journal, _writer) = Journal::start(store.clone(), config);
    // The database goes away for good: every write fails from here on.
    store.close().await;

    let (_, entries) = finished_game(Mode::Duel, "player", 0, 6);
    let mut accepted = 0;
    let refused = loop {
        match journal.reserve() {
            Ok(slot) => slot.write(entries[accepted].clone()),
            Err(error) => break error,
        }
        accepted += 1;
        // Let the writer take its batch, so the bound counts the batch in flight too.
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(refused, JournalError::Backlogged);
    assert_eq!(
        refused.to_string(),
        "the server cannot save right now, try again shortly"
    );
    let bound = config.capacity + config.batch;
    assert!(
        (config.capacity + 1..=bound).contains(&accepted),
        "the queue and one batch in flight"
    );
    let Health::Degraded {
        backlog,
        last_error,
        ..
    } = journal.health()
    else {
        panic!("degraded: {:?}", journal.health());
    };
    assert_eq!(backlog, accepted, "every acknowledged entry is still held");
    assert!(!last_error.is_empty());
    db.drop_database().await;
}

#[tokio::test]
async fn an_idle_journal_notices_the_database_is_gone() {
    let db = TestDb::sqlite();
    let store = db.connect().await;
    let (journal, _writer) = Journal::start(store.clone(), quick_retries());
    tokio::time::sleep(Duration::from_millis(120)).await;
    assert_eq!(journal.health(), Health::Ok { backlog: 0 });
    store.close().await;
    until("degraded health", || {
        matches!(journal.health(), Health::Degraded { backlog: 0, .. })
    })
    .await;
    db.drop_database().await;
}

/// A stop closes the journal before it drains: no new place is given out (rooms refuse with
/// `unsaved`), and what a room took a place for before the stop is still written.
async fn a_closed_journal_refuses_new_moves_and_keeps_what_it_took(db: &TestDb) {
    let store = db.connect().await;
    let (journal, writer) = Journal::start(store.clone(), JournalConfig::default());
    let (game, entries) = finished_game(Mode::Duel, "player", 0, 3);
    let taken = journal.reserve().expect("a place before the stop");
    journal.close();
    assert_eq!(journal.reserve().err(), Some(JournalError::Closed));
    taken.write(entries[0].clone());
    drop(journal);
    writer.flushed().await;
    assert_eq!(load(&store, game.id).await.game.id, game.id);
}
on_both_backends!(a_closed_journal_refuses_new_moves_and_keeps_what_it_took);

/// Entries that come one by one while a small batch gathers are written together, in one
/// write: the count of committed entries goes from none to all of them in one step.
async fn entries_that_come_one_by_one_are_written_together(db: &TestDb) {
    let store = db.connect().await;
    let config = JournalConfig {
        gathering: Gathering {
            below: 32,
            wait: Duration::from_millis(400),
            ..Gathering::default()
        },
        ..JournalConfig::default()
    };
    let (journal, writer) = Journal::start(store.clone(), config);
    let mut commits = journal.commits();
    let (game, entries) = finished_game(Mode::Duel, "player", 0, 4);
    let together = &entries[..5];
    for entry in together {
        journal_all(&journal, std::slice::from_ref(entry));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    commits.changed().await.expect("a commit");
    assert_eq!(
        *commits.borrow(),
        together.len() as u64,
        "one write for all five"
    );
    drop(journal);
    writer.flushed().await;
    assert_eq!(load(&store, game.id).await.game.id, game.id);
}
on_both_backends!(entries_that_come_one_by_one_are_written_together);

/// A game written to a moment ago is played faster than people play: its next entry is
/// written at once, however long a small write otherwise waits, while another game's entry
/// waits for company, and so does a brisk entry among more of those, until the queue closes.
async fn a_game_played_briskly_is_not_kept_waiting(db: &TestDb) {
    let store = db.connect().await;
    let hour = Duration::from_secs(3600);
    let config = JournalConfig {
        gathering: Gathering {
            below: 4,
            wait: hour,
            brisk: hour,
        },
        ..JournalConfig::default()
    };
    let (journal, writer) = Journal::start(store.clone(), config);
    let mut commits = journal.commits();
    let (brisk, entries) = finished_game(Mode::Duel, "brisk", 0, 4);
    let (other, others) = finished_game(Mode::Duel, "other", 0, 5);
    journal_all(&journal, &entries[..4]);
    commits
        .wait_for(|&committed| committed == 4)
        .await
        .expect("four go at once");
    journal_all(&journal, &entries[4..5]);
    commits
        .wait_for(|&committed| committed == 5)
        .await
        .expect("the brisk game's entry");
    journal_all(&journal, &others[..2]);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        *commits.borrow(),
        5,
        "another game's entries wait for company"
    );
    journal_all(&journal, &entries[5..6]);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        *commits.borrow(),
        5,
        "one brisk entry among two others waits with them"
    );
    drop(journal);
    writer.flushed().await;
    assert_eq!(load(&store, brisk.id).await.actions, actions(&entries[..6]));
    assert_eq!(load(&store, other.id).await.game.id, other.id);
}
on_both_backends!(a_game_played_briskly_is_not_kept_waiting);
