//! The database goes away in the middle of a game (a proxy in front of Postgres stops): a
//! move is taken but told to nobody while it cannot be stored, `/healthz` says degraded with
//! the backlog, and once the database is back the move is told, play goes on, and every
//! action is stored, in order, exactly once.

use crate::common::store;
use std::net::SocketAddr;
use std::time::Duration;

use crate::common::FOR_BOTS;
use crate::common::proxy::Proxy;
use crate::common::served::{
    Served, duel, health, play_to_the_end, send_move, settled, step, until_patch,
};
use crate::common::store::TestDb;
use serde_json::Value;
use uuid::Uuid;

/// The address of the Postgres server `DATABASE_URL` names.
async fn postgres_addr() -> SocketAddr {
    let url = std::env::var("DATABASE_URL").unwrap();
    let rest = url.split_once("://").unwrap().1;
    let authority = rest.split('/').next().unwrap();
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    tokio::net::lookup_host(host).await.unwrap().next().unwrap()
}

#[tokio::test]
async fn an_outage_loses_nothing_and_shows_in_health() {
    let Some(db) = TestDb::postgres("outage").await else {
        return;
    };
    let mut proxy = Proxy::start(postgres_addr().await).await;
    let server = Served::start(&db.url(Some(proxy.addr)), FOR_BOTS).await;
    let (_, _, mut players) = duel(server.addr, 3).await;
    for _ in 0..6 {
        assert!(step(&mut players).await, "the game ended early");
    }
    settled(server.addr).await;

    proxy.stop().await;
    assert!(send_move(&mut players).await, "the game ended early");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let degraded = loop {
        let health = health(server.addr).await;
        if health["status"] == "degraded" {
            break health;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never degraded: {health}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(degraded["backlog"].as_u64().unwrap() > 0, "{degraded}");
    assert!(!degraded["last_error"].as_str().unwrap().is_empty());

    proxy.resume().await;
    until_patch(&mut players).await;
    settled(server.addr).await;
    play_to_the_end(&mut players).await;
    settled(server.addr).await;

    let game: Uuid = serde_json::from_value(players[0].0.state["game_id"].clone()).unwrap();
    let stored = store::load(&db.connect().await, game).await;
    let seqs: Vec<u32> = stored.actions.iter().map(|record| record.seq).collect();
    assert_eq!(seqs, (0..seqs.len() as u32).collect::<Vec<_>>());
    let events: Vec<Value> = stored
        .actions
        .iter()
        .map(|record| serde_json::to_value(&record.events).unwrap())
        .collect();
    let seen: Vec<Value> = players[0]
        .0
        .log
        .iter()
        .map(|entry| entry["events"].clone())
        .collect();
    assert_eq!(events, seen);
    assert!(stored.game.ended_at.is_some());
    drop(server);
    db.drop_database().await;
}
