//! One room's move fan-out: `cargo bench --bench fanout`.
//!
//! A room that keeps nothing, with its players and spectators connected through queues as
//! the socket tasks are. One iteration is one move: from the command reaching the room's
//! inbox until every connection has been queued that move's patch. The players choosing
//! their moves and applying what they receive happens outside the clock; a game that ends
//! is followed by a rematch, also outside it.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use hesy::client::{Bot, Update};
use hesy::room::{
    Command, Credentials, Heard, Outbound, Registry, Request, RoomConfig, RoomHandle, queue,
};
use hesy::wire::{ClientMessage, CreateRoom, DisplayName, SeatToken, Sitter};
use serde_json::{Value, json};

/// What a connection's queue holds before it counts as slow; larger than one move sends.
const QUEUE: usize = 64;

struct Viewer {
    inbox: queue::Receiver<Outbound>,
    state: Value,
    version: u64,
    bot: Option<Bot>,
}

struct Table {
    room: RoomHandle,
    viewers: Vec<Viewer>,
    token: SeatToken,
}

impl Table {
    async fn open(options: Value, seats: u8, spectators: u64) -> Table {
        let registry = Registry::new(RoomConfig::default(), Default::default());
        let settings: CreateRoom =
            serde_json::from_value(json!({"rule_set": "mehen-san-martin", "options": options}))
                .expect("room settings");
        let room = registry
            .find(&registry.create(settings).expect("a room"))
            .await
            .expect("the room");
        let name = Sitter::Person(DisplayName::try_from("bench".to_owned()).expect("a name"));
        let mut viewers = Vec::new();
        let mut tokens = Vec::new();
        for seat in 0..seats {
            let taken = room.take_seat(None, name.clone()).await.unwrap().unwrap();
            let token = taken.token.expect("a person's seat has a token");
            tokens.push(token.clone());
            let bot = Some(Bot::new(seat, u64::from(seat) + 1));
            let credentials = Credentials::Seat(token);
            viewers.push(connect(&room, viewers.len(), credentials, bot).await);
        }
        for _ in 0..spectators {
            viewers.push(connect(&room, viewers.len(), Credentials::Spectator, None).await);
        }
        let mut table = Table {
            room,
            viewers,
            token: tokens.swap_remove(0),
        };
        table.settle().await;
        table
    }

    /// Applies whatever the connections hold, untimed.
    async fn settle(&mut self) {
        tokio::task::yield_now().await;
        for viewer in &mut self.viewers {
            while let Ok(outbound) = viewer.inbox.try_recv() {
                for frame in outbound.into_frames() {
                    viewer.apply(&frame);
                }
            }
        }
    }

    /// Plays one move and returns how long its fan-out took.
    async fn step(&mut self) -> Duration {
        loop {
            if let Some((conn, request)) = self.next_move() {
                let start = Instant::now();
                self.room
                    .send(Command::Message { conn, request })
                    .await
                    .expect("the room");
                let mut frames = Vec::new();
                for viewer in &mut self.viewers {
                    loop {
                        let Some(outbound) = viewer.inbox.recv().await else {
                            panic!("a connection was dropped");
                        };
                        let batch = outbound.into_frames();
                        let patch = batch
                            .iter()
                            .any(|frame| frame.starts_with(r#"{"type":"patch""#));
                        frames.extend(batch);
                        if patch {
                            break;
                        }
                    }
                }
                let elapsed = start.elapsed();
                let mut frames = frames.into_iter();
                for viewer in &mut self.viewers {
                    for frame in frames.by_ref() {
                        viewer.apply(&frame);
                        if frame.starts_with(r#"{"type":"patch""#) {
                            break;
                        }
                    }
                }
                return elapsed;
            }
            self.room
                .rematch(self.token.clone())
                .await
                .expect("the room")
                .expect("a rematch");
            self.settle().await;
        }
    }

    /// The connection whose player the game waits on, and its move.
    fn next_move(&mut self) -> Option<(u64, Request)> {
        self.viewers.iter_mut().enumerate().find_map(|(i, v)| {
            let message = v.bot.as_mut()?.decide(&v.state, v.version)?;
            let message = ClientMessage::parse(&message.to_string()).expect("a bot's message");
            let Heard::Request(request) = Heard::from(message) else {
                panic!("a bot's move is a request for the room");
            };
            Some((i as u64, request))
        })
    }
}

impl Viewer {
    fn apply(&mut self, frame: &str) {
        let update = Update::parse(frame).expect("a frame");
        if let Some(version) = update.version {
            self.version = version;
        }
        assert!(update.apply(&mut self.state), "a patch that applies");
    }
}

/// Connects as the room's connection number `conn`.
async fn connect(
    room: &RoomHandle,
    conn: usize,
    credentials: Credentials,
    bot: Option<Bot>,
) -> Viewer {
    let (out, inbox) = queue::channel(QUEUE);
    room.connect(conn as u64, credentials, out)
        .await
        .expect("the room")
        .expect("a connection");
    Viewer {
        inbox,
        state: Value::Null,
        version: 0,
        bot,
    }
}

fn fanout(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut group = c.benchmark_group("fanout");
    for (name, options, seats) in [
        ("duel", json!({"mode": "duel"}), 2),
        ("teams", json!({"mode": "teams"}), 6),
    ] {
        let mut table = runtime.block_on(Table::open(options, seats, 2));
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        total += table.step().await;
                    }
                    total
                })
            });
        });
    }
    group.finish();
}

criterion_group!(benches, fanout);
criterion_main!(benches);
