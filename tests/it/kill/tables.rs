//! Rooms of bots playing on a server that may go away at any moment, and what each player
//! had seen of its game when its connection ended.

use std::net::SocketAddr;
use std::time::Duration;

use hesy::client::Bot;
use hesy::rules::RuleSet;
use serde_json::{Value, json};
use tokio::task::JoinSet;
use uuid::Uuid;

use crate::common::{self, Client, Received};

/// One room: its seats with their tokens and bots, and what its players last held.
pub struct Table {
    pub code: String,
    /// What the room was created with, for another room like it once its game is over.
    pub settings: Value,
    pub seats: Vec<(String, Bot)>,
    /// Each player's game log when its last connection ended.
    pub held: Vec<Vec<Value>>,
    /// How long the game log was when the players last joined.
    pub joined: usize,
    pub game: Option<Uuid>,
    pub over: bool,
}

/// The settings of `count` rooms: every preset of every rule set in turn, in both
/// commitment modes.
pub fn settings(count: usize) -> Vec<Value> {
    let presets: Vec<(&str, Value)> = RuleSet::ALL
        .iter()
        .flat_map(|rule_set| {
            let presets = rule_set.info().presets;
            presets
                .into_iter()
                .map(|preset| (rule_set.name(), preset.options))
        })
        .collect();
    let modes = ["server", "trustless"];
    (0..count)
        .map(|n| {
            let (rule_set, options) = &presets[n % presets.len()];
            let mode = modes[(n / presets.len() + n) % 2];
            json!({"rule_set": rule_set, "options": options, "commitment": mode})
        })
        .collect()
}

impl Table {
    /// Creates a room with `settings` and takes every seat; bots seeded from `seed`.
    pub async fn open(addr: SocketAddr, settings: Value, seed: u64) -> Table {
        let code = common::create_room(addr, settings.clone()).await;
        let (_, info) = common::http(addr, "GET", &format!("/api/rooms/{code}"), None).await;
        let mut seats = Vec::new();
        for n in 0..info["seats"].as_array().expect("seats").len() {
            let (seat, token) = common::take_seat(addr, &code, &format!("player {n}")).await;
            seats.push((token, Bot::new(seat, seed + u64::from(seat))));
        }
        Table {
            code,
            settings,
            seats,
            held: Vec::new(),
            joined: 0,
            game: None,
            over: false,
        }
    }

    /// How many entries the players saw added to the game log since they joined.
    pub fn seen(&self) -> usize {
        let longest = self.held.iter().map(Vec::len).max().unwrap_or(0);
        longest.saturating_sub(self.joined)
    }

    /// Whether the server has this room's game under way (a room whose game is over
    /// sleeps, kept for a rematch, or is gone).
    pub async fn is_playing(&self, addr: SocketAddr) -> bool {
        let path = format!("/api/rooms/{}", self.code);
        let (status, info) = common::http(addr, "GET", &path, None).await;
        status == 200 && info["status"] == "playing"
    }

    /// The players leave without a move, so the room falls asleep; what each held.
    pub async fn leave(mut self, clients: Vec<Client>) -> Table {
        self.held = clients.iter().map(|client| client.log.clone()).collect();
        for client in clients {
            client.close().await;
        }
        self
    }

    /// Joins every seat; each player's snapshot.
    pub async fn join(&mut self, addr: SocketAddr) -> Vec<Client> {
        let mut clients = Vec::new();
        for (token, bot) in &mut self.seats {
            bot.reconnected();
            let client = Client::join(addr, &self.code, token).await;
            check_version(&client);
            clients.push(client);
        }
        self.joined = clients[0].log.len();
        self.game = clients[0].state["game_id"]
            .as_str()
            .and_then(|id| id.parse().ok());
        clients
    }

    /// Plays with `clients` until the server goes away or the game ends, every player on
    /// a task of its own.
    pub async fn play(mut self, clients: Vec<Client>) -> Table {
        let mut players = JoinSet::new();
        let seats = clients.into_iter().zip(self.seats);
        for (index, (client, (token, mut bot))) in seats.enumerate() {
            players.spawn(async move {
                let decide = |state: &Value, version| bot.decide(state, version);
                let (client, _) = play_seat(client, common::PATIENCE, decide, |_| {}).await;
                (index, client, token, bot)
            });
        }
        let mut seats = Vec::new();
        while let Some(done) = players.join_next().await {
            seats.push(done.expect("a player's task failed"));
        }
        seats.sort_by_key(|(index, ..)| *index);
        self.over = seats
            .iter()
            .any(|(_, client, ..)| client.state["status"] == "over");
        self.held = seats
            .iter()
            .map(|(_, client, ..)| client.log.clone())
            .collect();
        self.seats = seats
            .into_iter()
            .map(|(_, _, token, bot)| (token, bot))
            .collect();
        self
    }
}

/// Why a player stopped playing on a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ended {
    /// The game is over.
    Over,
    /// The connection closed or broke; the close code, if one came.
    Closed(Option<u16>),
    /// Nothing came for longer than the player waits.
    Quiet,
}

/// One player's moves (`decide` on the state and version a snapshot or patch leaves: a
/// bot, or nobody for a spectator) until its connection ends, nothing comes for
/// `patience`, or the game is over. It shows `heard` the client after each snapshot or
/// patch.
pub async fn play_seat(
    mut client: Client,
    patience: Duration,
    mut decide: impl FnMut(&Value, u64) -> Option<Value>,
    mut heard: impl FnMut(&Client),
) -> (Client, Ended) {
    let mut fresh = true;
    loop {
        if client.state["status"] == "over" {
            return (client, Ended::Over);
        }
        if fresh
            && let Some(message) = decide(&client.state, client.version)
            && !client.try_send(message).await
        {
            return (client, Ended::Closed(None));
        }
        let frame = match client.next_within(patience).await {
            Some(Received::Frame(frame)) => frame,
            Some(Received::Closed(close)) => {
                let code = close.map(|close| u16::from(close.code));
                return (client, Ended::Closed(code));
            }
            None => return (client, Ended::Quiet),
        };
        let kind = frame["type"].as_str().unwrap_or_default();
        fresh = matches!(kind, "patch" | "snapshot");
        if fresh {
            check_version(&client);
            heard(&client);
        }
    }
}

/// A version names one place in the game log: the room's first game begins at version 1,
/// and every entry of its log adds one, across restarts too.
pub fn check_version(client: &Client) {
    assert_eq!(
        client.version,
        1 + client.log.len() as u64,
        "the version does not match the game log; what came from {}, the last frame last: {}",
        client.addr,
        history(&client.frames)
    );
}

/// The last 40 frames a client received, one line each (type, version, log entries,
/// operations), and the last three in full but for their first 1,500 characters.
fn history(frames: &[String]) -> String {
    let line = |text: &String| {
        let frame: Value = serde_json::from_str(text).unwrap_or_default();
        let count = |field: &str| frame[field].as_array().map_or(0, Vec::len);
        format!(
            "{} v{} log+{} ops {}",
            frame["type"],
            frame["version"],
            count("log"),
            count("ops")
        )
    };
    let lines: Vec<String> = frames[frames.len().saturating_sub(40)..]
        .iter()
        .map(line)
        .collect();
    let last: Vec<String> = frames[frames.len().saturating_sub(3)..]
        .iter()
        .map(|frame| frame.chars().take(1500).collect())
        .collect();
    format!("{lines:#?}\n{last:#?}")
}

/// How many entries of the logs `held` the `restored` log lacks (the most of any player),
/// checking that none of the first `stored` entries, which the database held, was changed.
pub fn lost(held: &[Vec<Value>], restored: &[Value], stored: usize) -> usize {
    let mut lost = 0;
    for log in held {
        let same = log.iter().zip(restored).take_while(|(a, b)| a == b).count();
        assert!(
            same >= log.len().min(stored),
            "an entry the database held and players saw came back changed: {:?} became {:?}",
            log.get(same),
            restored.get(same)
        );
        lost = lost.max(log.len() - same);
    }
    lost
}
