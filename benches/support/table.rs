//! A San Martin Mehen room played by scripted players through the queues the socket tasks
//! use, one move at a time: what `fanout.rs` times and `room_instructions.rs` counts.

use std::time::{Duration, Instant};

use hesy::client::{Bot, Update};
use hesy::room::{Credentials, Heard, Outbound, Registry, Request, RoomConfig, RoomHandle, queue};
use hesy::wire::{ClientMessage, CreateRoom, DisplayName, SeatToken, Sitter};
use serde_json::{Value, json};

/// A new San Martin Mehen room with `options`, in a registry that keeps nothing; it runs
/// on the runtime this is called from.
pub async fn open_room(options: Value) -> RoomHandle {
    let registry = Registry::new(RoomConfig::default(), Default::default());
    let settings: CreateRoom =
        serde_json::from_value(json!({"rule_set": "mehen-san-martin", "options": options}))
            .expect("room settings");
    registry
        .find(&registry.create(settings).await.expect("a room"))
        .await
        .expect("the room")
}

/// Checks in a row, a millisecond apart, that find nothing new before the room counts as
/// settled.
const SETTLED: u32 = 5;

/// What a connection's queue holds before it counts as slow; larger than one move sends.
const QUEUE: usize = 64;

struct Viewer {
    inbox: queue::Receiver<Outbound>,
    state: Value,
    version: u64,
    bot: Option<Bot>,
}

pub struct Table {
    room: RoomHandle,
    viewers: Vec<Viewer>,
    token: SeatToken,
}

impl Table {
    /// Seats `seats` scripted players and connects `spectators` in `room`.
    pub async fn open(room: RoomHandle, seats: u8, spectators: u64) -> Table {
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

    /// Applies whatever the connections hold, untimed, once every player sees a game in
    /// play: the room may run on another thread, which queues its frames after it answers.
    async fn settle(&mut self) {
        let mut quiet = 0;
        while quiet < SETTLED {
            tokio::time::sleep(Duration::from_millis(1)).await;
            let mut received = false;
            for viewer in &mut self.viewers {
                while let Ok(outbound) = viewer.inbox.try_recv() {
                    received = true;
                    for frame in outbound.into_frames() {
                        viewer.apply(&frame);
                    }
                }
            }
            let playing = self
                .viewers
                .iter()
                .filter(|v| v.bot.is_some())
                .all(|v| !v.state.is_null() && v.state["status"] != "over");
            quiet = if playing && !received { quiet + 1 } else { 0 };
        }
    }

    /// Plays one move and returns how long its fan-out took.
    pub async fn step(&mut self) -> Duration {
        loop {
            if let Some((conn, request)) = self.next_move() {
                let start = Instant::now();
                self.room
                    .message(conn, request, "")
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
