//! Rooms of bots playing on a cluster whose nodes come and go. Each player keeps one seat
//! for the whole game: when its connection ends (its node died, or the node closed it for
//! a room that moved), or nothing comes for a while, it joins again on the next node, and
//! the snapshot it gets must extend the log it held. A spectator watches each room from a
//! third node the same way. When a game is over, a fresh look at the room must extend every
//! log its players and spectator held, and its audit bundle must verify.

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hesy::store::bundle::Bundle;
use hesy::store::verify::verify_bundle;
use serde_json::{Value, json};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::common::Client;
use crate::kill::tables::{Ended, Table, check_version, lost, play_seat, settings};

use super::nodes::NODES;

/// How long a player or spectator keeps trying to enter a room before the test fails.
const ENTRY_PATIENCE: Duration = Duration::from_secs(60);

/// The service close code a node sends when it drains or gives a room up.
const SERVICE_RESTART: u16 = 1012;

/// Which node a room is created on, and where its players and spectator connect first.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    pub create: usize,
    /// Even seats connect to the first, odd seats to the second.
    pub seats: [usize; 2],
    pub spectator: usize,
}

impl Placement {
    /// The `n`th room: created on one node, its players on that node and the next, its
    /// spectator on the third.
    pub fn spread(n: usize) -> Placement {
        Placement {
            create: n % NODES,
            seats: [n % NODES, (n + 1) % NODES],
            spectator: (n + 2) % NODES,
        }
    }
}

/// What the players of every room saw, counted.
#[derive(Default)]
pub struct Tally {
    /// Rooms opened, and games that ended and verified.
    pub opened: usize,
    pub verified: usize,
    /// Log entries a player or spectator had seen that a later look at the room lacked
    /// or showed changed.
    pub lost: usize,
    /// Log entries of the games played, as finally stored.
    pub seen: usize,
    /// Connections that ended before their game did, by node and how.
    cut: BTreeMap<(usize, Ended), usize>,
    rooms: HashMap<String, Watch>,
}

/// When one room's log grew, and when its connections were cut and whether a node said
/// the room had moved (1012).
#[derive(Default)]
struct Watch {
    longest: usize,
    moves: Vec<Instant>,
    cuts: Vec<(Instant, bool)>,
    over: bool,
}

/// How long a room took to move again after a stop, and whether a node told one of its
/// clients that it had moved (1012): so, after a kill, that its owner was the node killed.
pub struct Resumed {
    pub after: Duration,
    pub moved: bool,
}

impl Tally {
    fn heard(&mut self, code: &str, length: usize) {
        let watch = self.rooms.entry(code.to_owned()).or_default();
        if length > watch.longest {
            watch.longest = length;
            watch.moves.push(Instant::now());
        }
    }

    fn ended(&mut self, code: &str, node: usize, ended: Ended) {
        let watch = self.rooms.entry(code.to_owned()).or_default();
        if ended == Ended::Over {
            watch.over = true;
            return;
        }
        *self.cut.entry((node, ended)).or_default() += 1;
        let moved = ended == Ended::Closed(Some(SERVICE_RESTART));
        watch.cuts.push((Instant::now(), moved));
    }

    /// Connections that `node` closed with 1012.
    pub fn moved_by(&self, node: usize) -> usize {
        let moved = Ended::Closed(Some(SERVICE_RESTART));
        self.cut.get(&(node, moved)).copied().unwrap_or(0)
    }

    /// The connections cut, by node and how: `n0 1012×4, n0 none×2, n2 silent×1`.
    pub fn cuts(&self) -> String {
        let cuts: Vec<String> = self
            .cut
            .iter()
            .map(|((node, ended), count)| match ended {
                Ended::Closed(Some(code)) => format!("n{node} {code}×{count}"),
                Ended::Closed(None) => format!("n{node} none×{count}"),
                _ => format!("n{node} silent×{count}"),
            })
            .collect();
        cuts.join(", ")
    }

    /// Whether every room whose game is not over has moved since `since`.
    fn all_moved_since(&self, since: Instant) -> Result<(), Vec<String>> {
        let stuck: Vec<String> = self
            .rooms
            .iter()
            .filter(|(_, watch)| !watch.over && !watch.moves.iter().any(|&at| at > since))
            .map(|(code, _)| code.clone())
            .collect();
        match stuck.is_empty() {
            true => Ok(()),
            false => Err(stuck),
        }
    }

    /// For each room that had a connection cut since `since`: the time from `since` to
    /// its first move after that cut (rooms whose game ended first are left out).
    fn resumed_after(&self, since: Instant) -> Vec<Resumed> {
        self.rooms
            .values()
            .filter_map(|watch| {
                let mut cuts = watch.cuts.iter().filter(|(at, _)| *at >= since);
                let (cut, _) = cuts.clone().next()?;
                let moved = cuts.any(|(_, moved)| *moved);
                let first = watch.moves.iter().find(|&at| at > cut)?;
                let after = *first - since;
                Some(Resumed { after, moved })
            })
            .collect()
    }
}

/// What the rooms' tasks share.
struct Shared {
    nodes: Vec<SocketAddr>,
    /// How long a connection may stay silent before its player gives up on it.
    patience: Duration,
    /// Nodes nobody connects to for now.
    shunned: Mutex<[bool; NODES]>,
    tally: Mutex<Tally>,
}

impl Shared {
    fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.tally
            .lock()
            .expect("a player's task failed while counting")
    }
}

/// Rooms playing on a cluster, each a task of its own.
pub struct Fleet {
    shared: Arc<Shared>,
    rooms: Vec<JoinHandle<()>>,
    opened: usize,
    seed: u64,
}

impl Fleet {
    /// A fleet on the nodes at `nodes`; a connection silent for `patience` is given up.
    pub fn new(nodes: Vec<SocketAddr>, patience: Duration, seed: u64) -> Fleet {
        let shared = Shared {
            nodes,
            patience,
            shunned: Mutex::default(),
            tally: Mutex::default(),
        };
        Fleet {
            shared: Arc::new(shared),
            rooms: Vec::new(),
            opened: 0,
            seed,
        }
    }

    /// From now on, no player or spectator connects to `node` (while `shunned`), as a
    /// proxy in front would leave out a node that fails its checks.
    pub fn shun(&self, node: usize, shunned: bool) {
        self.shared.shunned.lock().expect("shunned")[node] = shunned;
    }

    /// Connections that `node` closed with 1012.
    pub fn moved_by(&self, node: usize) -> usize {
        self.shared.tally().moved_by(node)
    }

    /// The connections cut so far, as [`Tally::cuts`] says them.
    pub fn cuts(&self) -> String {
        self.shared.tally().cuts()
    }

    /// Opens `count` rooms spread over the nodes (every preset of every rule set in turn,
    /// both commitment modes), with every node up.
    pub async fn open(&mut self, count: usize) {
        for _ in 0..count {
            self.open_at(Placement::spread(self.opened)).await;
        }
    }

    /// Opens one room as `placement` says, and its players and spectator start.
    pub async fn open_at(&mut self, placement: Placement) {
        let nodes = &self.shared.nodes;
        let settings = settings(self.opened + 1).pop().expect("settings");
        let seed = self.seed + 100 * self.opened as u64;
        let table = Table::open(nodes[placement.create], settings, seed).await;
        self.opened += 1;
        let mut tally = self.shared.tally();
        tally.opened += 1;
        tally.rooms.entry(table.code.clone()).or_default();
        drop(tally);
        let shared = self.shared.clone();
        self.rooms
            .push(tokio::spawn(host(shared, table, placement)));
    }

    /// Opens a room in place of each whose game is over, so as many go on playing.
    pub async fn top_up(&mut self) {
        let before = self.rooms.len();
        let mut finished = Vec::new();
        for room in std::mem::take(&mut self.rooms) {
            match room.is_finished() {
                true => finished.push(room),
                false => self.rooms.push(room),
            }
        }
        for room in finished {
            room.await.expect("a room's task failed");
        }
        self.open(before - self.rooms.len()).await;
    }

    /// Waits until every room that is still playing has made a move since `since` (or its
    /// game ended); how soon each room that had a connection cut since then moved again.
    pub async fn resumed(&self, since: Instant) -> Vec<Resumed> {
        // Longer than a client keeps trying to enter, so a room no node lets in is told
        // with the refusals.
        let deadline = Instant::now() + 2 * ENTRY_PATIENCE;
        loop {
            let stuck = self.shared.tally().all_moved_since(since);
            match stuck {
                Ok(()) => return self.shared.tally().resumed_after(since),
                Err(stuck) => assert!(
                    Instant::now() < deadline,
                    "rooms did not move again: {stuck:?}"
                ),
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Plays every game to its end; the tally.
    pub async fn finish(self) -> Tally {
        for room in self.rooms {
            room.await.expect("a room's task failed");
        }
        let shared = Arc::into_inner(self.shared).expect("every room's task is done");
        shared.tally.into_inner().expect("counted")
    }
}

/// Who sits at a connection: a player with its seat's token, or a spectator.
enum Role {
    Player {
        token: String,
        bot: hesy::client::Bot,
    },
    Spectator,
}

/// What one connection's holder saw of a game by its end: its log, and the game's id.
struct Seen {
    log: Vec<Value>,
    game: Option<String>,
}

/// Plays one room's game to its end with its players and spectator, then checks what they
/// saw against a fresh look at the room and verifies the game's audit bundle.
async fn host(shared: Arc<Shared>, table: Table, placement: Placement) {
    let code = table.code.clone();
    let mut attending = Vec::new();
    for (index, (token, bot)) in table.seats.into_iter().enumerate() {
        let role = Role::Player { token, bot };
        let home = placement.seats[index % 2];
        attending.push(tokio::spawn(attend(
            shared.clone(),
            code.clone(),
            home,
            role,
        )));
    }
    let spectator = Role::Spectator;
    let home = placement.spectator;
    attending.push(tokio::spawn(attend(
        shared.clone(),
        code.clone(),
        home,
        spectator,
    )));
    let mut seen = Vec::new();
    for attendant in attending {
        seen.push(attendant.await.expect("a player's task failed"));
    }
    // Over, or gone (which the checks below fail unless its game is over).
    shared.tally().rooms.entry(code.clone()).or_default().over = true;
    let game = seen
        .iter()
        .find_map(|seen| seen.game.clone())
        .expect("the players saw the game's id");

    // A fresh look at the room, from the node after the spectator's: every log held must
    // be a prefix of it. A room whose game ended may be gone: then the longest log held.
    let mut node = (placement.spectator + 1) % NODES;
    let enter = json!({"type": "spectate", "room": code});
    let last = match enter_any(&shared, &code, &mut node, &enter).await {
        Some(client) => {
            assert_eq!(client.state["status"], "over", "room {code}: not over");
            let log = client.log.clone();
            client.close().await;
            log
        }
        None => seen
            .iter()
            .map(|seen| seen.log.clone())
            .max_by_key(Vec::len)
            .unwrap_or_default(),
    };
    let logs: Vec<Vec<Value>> = seen.into_iter().map(|seen| seen.log).collect();
    let lost_here = lost(&logs, &last, 0);
    let verified = verifies(&shared, &game).await;
    let mut tally = shared.tally();
    tally.lost += lost_here;
    tally.seen += last.len();
    if verified {
        tally.verified += 1;
    }
    drop(tally);
    assert_eq!(lost_here, 0, "room {code}: a log held was lost or changed");
    assert!(verified, "room {code}: game {game} does not verify");
}

/// One seat's player, or the spectator, until the game is over: it joins, plays or
/// watches until its connection ends, and joins again on the next node. What it saw.
async fn attend(shared: Arc<Shared>, code: String, home: usize, mut role: Role) -> Seen {
    let mut node = home;
    let mut held: Option<Vec<Value>> = None;
    let mut game = None;
    loop {
        let enter = match &role {
            Role::Player { token, .. } => json!({"type": "join", "room": code, "token": token}),
            Role::Spectator => json!({"type": "spectate", "room": code}),
        };
        let Some(client) = enter_any(&shared, &code, &mut node, &enter).await else {
            // The room is gone, which only a game that is over may be.
            let log = held.unwrap_or_default();
            return Seen { log, game };
        };
        check_version(&client);
        game = client.state["game_id"].as_str().map(str::to_owned).or(game);
        if let Some(held) = &held {
            shared.tally().lost += lost(std::slice::from_ref(held), &client.log, 0);
        }
        let heard = |client: &Client| shared.tally().heard(&code, client.log.len());
        let (client, ended) = match &mut role {
            Role::Player { bot, .. } => {
                bot.reconnected();
                let decide = |state: &Value, version| bot.decide(state, version);
                play_seat(client, shared.patience, decide, heard).await
            }
            Role::Spectator => play_seat(client, shared.patience, |_, _| None, heard).await,
        };
        held = Some(client.log.clone());
        shared.tally().ended(&code, node, ended);
        if ended == Ended::Over {
            return Seen {
                log: client.log,
                game,
            };
        }
        client.close().await;
        node = (node + 1) % NODES;
    }
}

/// Enters `code` with `message`, starting at node `node` and going round the nodes until
/// one gives a snapshot; `None` when the room is gone.
async fn enter_any(
    shared: &Shared,
    code: &str,
    node: &mut usize,
    message: &Value,
) -> Option<Client> {
    let deadline = Instant::now() + ENTRY_PATIENCE;
    let mut refusals: [String; NODES] = Default::default();
    loop {
        if shared.shunned.lock().expect("shunned")[*node] {
            *node = (*node + 1) % NODES;
            continue;
        }
        match Client::try_enter(shared.nodes[*node], message.clone()).await {
            Ok(client) => return Some(client),
            Err(refusal) if refusal.contains("no_such_room") => return None,
            Err(refusal) => refusals[*node] = refusal,
        }
        assert!(
            Instant::now() < deadline,
            "room {code}: no node let a client in; the last refusal of each: {refusals:?}"
        );
        *node = (*node + 1) % NODES;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Whether the game's audit bundle, from any node that serves it, verifies.
async fn verifies(shared: &Shared, game: &str) -> bool {
    let path = format!("/api/games/{game}/bundle");
    let deadline = Instant::now() + ENTRY_PATIENCE;
    let mut node = 0;
    loop {
        let answer = hesy::client::http(shared.nodes[node], "GET", &path, None).await;
        if let Ok((200, bundle)) = answer {
            let bundle: Bundle = serde_json::from_value(bundle).expect("a bundle");
            let report = verify_bundle(&bundle);
            for failure in &report.failures {
                eprintln!("game {game}: {failure}");
            }
            return report.passed();
        }
        assert!(
            Instant::now() < deadline,
            "game {game}: no node serves its bundle: {answer:?}"
        );
        node = (node + 1) % NODES;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
