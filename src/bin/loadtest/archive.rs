//! With persistence on: how long the journal takes to catch up once play ends, and how many
//! finished games the archive then lists, per second of the run.

use std::net::SocketAddr;
use std::time::Duration;

use hesy::client::http;
use tokio::time::Instant;

/// Waits until the server's journal has written everything, then counts the archive.
pub async fn report(addr: SocketAddr, start: Instant) {
    let played = start.elapsed();
    loop {
        let (_, health) = http(addr, "GET", "/healthz", None)
            .await
            .expect("the server answers /healthz");
        if health["status"] == "ok" && health["backlog"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let saved = start.elapsed();
    let mut games = 0;
    let mut page = Some(0);
    while let Some(number) = page {
        let path = format!("/api/games?per_page=100&page={number}");
        let (_, listed) = http(addr, "GET", &path, None)
            .await
            .expect("the server answers /api/games");
        games += listed["games"].as_array().map_or(0, Vec::len);
        page = listed["next_page"].as_u64();
    }
    println!(
        "  archived: {games} finished games, all saved {:.0} ms after the last move = {:.0} games/s",
        (saved - played).as_secs_f64() * 1000.0,
        games as f64 / saved.as_secs_f64()
    );
}
