//! A server on a database, on a runtime of its own so a test can stop it as a crash would,
//! and players driven move by move over their sockets.

use std::net::SocketAddr;

use hesy::client::Bot;
use hesy::http::Server;
use tokio::runtime::Runtime;

use super::{Client, Received};

/// A server whose every task (rooms, connections, the journal writer) stops where it is
/// when it is dropped: nothing is flushed and no socket is closed politely.
pub struct Served {
    pub addr: SocketAddr,
    runtime: Option<Runtime>,
}

impl Served {
    /// Starts a server on `database_url` with these extra flags.
    pub async fn start(database_url: &str, flags: &[&str]) -> Served {
        let config = super::config(&[&["--database-url", database_url], flags].concat());
        // A runtime cannot be built or blocked on inside the test's own.
        tokio::task::spawn_blocking(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .unwrap();
            let addr = runtime.block_on(async {
                let server = Server::bind(config).await.unwrap();
                let addr = server.local_addr().unwrap();
                tokio::spawn(server.run());
                addr
            });
            Served {
                addr,
                runtime: Some(runtime),
            }
        })
        .await
        .unwrap()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// A seated player: its socket and the bot that chooses its moves.
pub type Player = (Client, Bot);

/// Opens a duel on `addr` for Ada and Ben and joins them (see [`join_all`]); the room's
/// code, the seats with their tokens, and the players.
pub async fn duel(addr: SocketAddr, seed: u64) -> (String, Vec<(u8, String)>, Vec<Player>) {
    let code = super::create_room(
        addr,
        super::room_settings(
            hesy::rules::examples::san_martin_duel(),
            serde_json::json!({}),
        ),
    )
    .await;
    let mut seats = Vec::new();
    for name in ["Ada", "Ben"] {
        seats.push(super::take_seat(addr, &code, name).await);
    }
    let players = join_all(addr, &code, &seats, seed).await;
    (code, seats, players)
}

/// Joins every seat of `code` with its token and a bot seeded from `seed`, and waits until
/// each player sees everyone connected, so no player has frames from the joins left unread.
pub async fn join_all(
    addr: SocketAddr,
    code: &str,
    seats: &[(u8, String)],
    seed: u64,
) -> Vec<Player> {
    let mut players = Vec::new();
    for (seat, token) in seats {
        let client = Client::join(addr, code, token).await;
        players.push((client, Bot::new(*seat, seed + u64::from(*seat))));
    }
    for (client, _) in &mut players {
        client
            .until(|state| {
                state["seats"]
                    .as_array()
                    .is_some_and(|seats| seats.iter().all(|seat| seat["connected"] == true))
            })
            .await;
    }
    players
}

/// Makes the move of whichever player has one and waits until every player has the state
/// it led to; false when nobody has a move (the game is over).
pub async fn step(players: &mut [Player]) -> bool {
    let moved = send_move(players).await;
    if moved {
        until_patch(players).await;
    }
    moved
}

/// Sends the move of the player the game waits on; false when it waits on nobody.
pub async fn send_move(players: &mut [Player]) -> bool {
    let next = players
        .iter_mut()
        .enumerate()
        .find_map(|(index, (client, bot))| {
            bot.decide(&client.state, client.version)
                .map(|message| (index, message))
        });
    let Some((index, message)) = next else {
        return false;
    };
    players[index].0.send(message).await;
    true
}

/// Reads every player's frames up to its next patch.
pub async fn until_patch(players: &mut [Player]) {
    for (client, bot) in players.iter_mut() {
        loop {
            match client.next().await {
                Received::Frame(frame) if frame["type"] == "error" => {
                    panic!("seat {} was refused: {frame}", bot.seat)
                }
                Received::Frame(frame) if frame["type"] == "patch" => break,
                Received::Frame(_) => {}
                Received::Closed(close) => panic!("seat {} was closed: {close:?}", bot.seat),
            }
        }
    }
}

/// Plays until the game is over.
pub async fn play_to_the_end(players: &mut [Player]) {
    while step(players).await {}
}

/// The health the server reports.
pub async fn health(addr: SocketAddr) -> serde_json::Value {
    let (status, body) = super::http(addr, "GET", "/healthz", None).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// Waits until the server's journal has written everything it was handed.
pub async fn settled(addr: SocketAddr) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let health = health(addr).await;
        // A node of a cluster says more (its leases, its link to NATS): not asked here.
        if health["status"] == "ok" && health["backlog"] == 0 {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not settled: {health}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
