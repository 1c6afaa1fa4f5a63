//! A real server on port 0, a bare HTTP helper, and a WebSocket client that keeps the state
//! the server's snapshot and patches describe.

#![allow(dead_code)] // leak_canary.rs, a binary of its own, uses only a part.

pub mod proxy;
pub mod served;
#[macro_use]
pub mod store;

use std::net::SocketAddr;
use std::time::Duration;

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use hesy::client::{Bot, Update};
use hesy::config::ServeConfig;
use hesy::fair::{Commitment, GameId, Nonce};
use hesy::http::Server;
use hesy::rules::Setup;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one frame before it fails.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// Flags for a server that bots play on: they move far faster than the flood limit allows
/// a person.
pub const FOR_BOTS: &[&str] = &["--flood-burst", "100000", "--flood-rate", "100000"];

/// The settings of a server on a free port, with these extra flags.
pub fn config(flags: &[&str]) -> ServeConfig {
    let mut args = vec![
        "hesy",
        "--addr",
        "127.0.0.1:0",
        "--static-dir",
        "no-client-here",
    ];
    args.extend_from_slice(flags);
    ServeConfig::parse_from(args)
}

/// Starts a server on a free port with these extra flags, keeping games in memory only.
pub async fn start(flags: &[&str]) -> SocketAddr {
    let server = Server::bind(config(&[&["--memory-only"], flags].concat()))
        .await
        .unwrap();
    let addr = server.local_addr().unwrap();
    tokio::spawn(server.run());
    addr
}

/// One HTTP/1.1 request; the status and the body of the answer.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    hesy::client::http(addr, method, path, body.as_ref())
        .await
        .unwrap()
}

/// Creates a room; its code.
pub async fn create_room(addr: SocketAddr, settings: Value) -> String {
    let (status, body) = http(addr, "POST", "/api/rooms", Some(settings)).await;
    assert_eq!(status, 201, "{body}");
    body["code"].as_str().unwrap().to_owned()
}

/// A room's settings as a client sends them: `setup` (one of `hesy::rules::examples`) and
/// the `extra` fields of an object, such as `turn_timer` or `commitment`.
pub fn room_settings(setup: Setup, extra: Value) -> Value {
    let mut settings = json!(setup);
    if let (Some(settings), Value::Object(extra)) = (settings.as_object_mut(), extra) {
        settings.extend(extra);
    }
    settings
}

/// Takes the next free seat; its number and token.
pub async fn take_seat(addr: SocketAddr, code: &str, name: &str) -> (u8, String) {
    let path = format!("/api/rooms/{code}/seats");
    let (status, body) = http(addr, "POST", &path, Some(json!({ "name": name }))).await;
    assert_eq!(status, 201, "{body}");
    (
        body["seat"].as_u64().unwrap() as u8,
        body["token"].as_str().unwrap().to_owned(),
    )
}

/// Applies a snapshot or a patch to the state a client holds.
pub fn apply(state: &mut Value, frame: &Value) {
    let update: Update = serde_json::from_value(frame.clone()).unwrap();
    assert!(update.apply(state), "a patch did not apply: {frame}");
}

/// The log entries a frame brings: a patch's new entries; none for any other frame.
pub fn news(frame: &Value) -> impl Iterator<Item = &Value> {
    frame["log"]
        .as_array()
        .filter(|_| frame["type"] == "patch")
        .into_iter()
        .flatten()
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a client received, in order.
#[derive(Debug, Clone)]
pub enum Received {
    Frame(Value),
    Closed(Option<CloseFrame>),
}

/// A WebSocket client holding the state the server has described to it.
pub struct Client {
    socket: Socket,
    /// The server it is connected to.
    pub addr: SocketAddr,
    pub state: Value,
    pub version: u64,
    /// Every text frame received, raw, in order.
    pub frames: Vec<String>,
    /// Every game log entry received (from snapshots and `log` frames).
    pub log: Vec<Value>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::try_connect(addr)
            .await
            .expect("the server takes a WebSocket")
    }

    /// Connects, or says why it could not (a server that is down refuses).
    pub async fn try_connect(addr: SocketAddr) -> Result<Client, String> {
        let url = format!("ws://{addr}/ws");
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
            .await
            .map_err(|error| error.to_string())?;
        Ok(Client {
            socket,
            addr,
            state: Value::Null,
            version: 0,
            frames: Vec::new(),
            log: Vec::new(),
        })
    }

    /// Connects and sends `message` (a `join` or `spectate`), up to the snapshot; the error
    /// frame, the close or the failure to connect that came instead.
    pub async fn try_enter(addr: SocketAddr, message: Value) -> Result<Client, String> {
        let mut client = Client::try_connect(addr).await?;
        if !client.try_send(message).await {
            return Err("closed before joining".into());
        }
        loop {
            match client.next_within(PATIENCE).await {
                Some(Received::Frame(frame)) if frame["type"] == "snapshot" => return Ok(client),
                Some(Received::Frame(frame)) if frame["type"] == "error" => {
                    return Err(frame.to_string());
                }
                Some(Received::Frame(_)) => {}
                Some(Received::Closed(close)) => return Err(format!("closed: {close:?}")),
                None => return Err("no snapshot in time".into()),
            }
        }
    }

    /// Connects and joins a seat, up to the snapshot.
    pub async fn join(addr: SocketAddr, code: &str, token: &str) -> Client {
        let mut client = Client::connect(addr).await;
        client
            .send(json!({"type": "join", "room": code, "token": token}))
            .await;
        client.until_type("snapshot").await;
        client
    }

    pub async fn spectate(addr: SocketAddr, code: &str) -> Client {
        let mut client = Client::connect(addr).await;
        client.send(json!({"type": "spectate", "room": code})).await;
        client.until_type("snapshot").await;
        client
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.socket.send(Message::text(text)).await.unwrap();
    }

    /// Sends a message to a server that may be gone; whether it went out.
    pub async fn try_send(&mut self, message: Value) -> bool {
        self.socket
            .send(Message::text(message.to_string()))
            .await
            .is_ok()
    }

    /// Sends a move made on the latest version this client has seen.
    pub async fn play(&mut self, mut message: Value) {
        message["version"] = json!(self.version);
        self.send(message).await;
    }

    /// The next frame or close, applying snapshots and patches to `state`.
    pub async fn next(&mut self) -> Received {
        self.next_within(PATIENCE).await.expect("no frame in time")
    }

    /// The next frame or close, or `None` when nothing came within `patience`.
    pub async fn next_within(&mut self, patience: Duration) -> Option<Received> {
        loop {
            let message = tokio::time::timeout(patience, self.socket.next())
                .await
                .ok()?;
            match message {
                Some(Ok(Message::Text(text))) => {
                    self.frames.push(text.to_string());
                    let frame: Value = serde_json::from_str(&text).unwrap();
                    self.absorb(&frame);
                    return Some(Received::Frame(frame));
                }
                Some(Ok(Message::Close(close))) => return Some(Received::Closed(close)),
                Some(Ok(_)) => continue,
                None | Some(Err(_)) => return Some(Received::Closed(None)),
            }
        }
    }

    fn absorb(&mut self, frame: &Value) {
        if let Some(version) = frame["version"].as_u64() {
            self.version = version;
        }
        let update: Update = serde_json::from_value(frame.clone()).unwrap();
        if !update.apply(&mut self.state) {
            let recent = &self.frames[self.frames.len().saturating_sub(4)..];
            let addr = self.addr;
            panic!(
                "a patch from {addr} did not apply; the last frames, this one last: {recent:#?}"
            );
        }
        match frame["type"].as_str() {
            Some("snapshot") => self.log = frame["log"].as_array().unwrap().clone(),
            Some("patch") => self.log.extend(news(frame).cloned()),
            _ => {}
        }
    }

    /// Reads frames until one of type `kind`, which it returns.
    pub async fn until_type(&mut self, kind: &str) -> Value {
        loop {
            match self.next().await {
                Received::Frame(frame) if frame["type"] == kind => return frame,
                Received::Frame(_) => {}
                Received::Closed(close) => panic!("closed while waiting for {kind}: {close:?}"),
            }
        }
    }

    /// Reads frames until the state satisfies `done`.
    pub async fn until(&mut self, done: impl Fn(&Value) -> bool) {
        while !done(&self.state) {
            if let Received::Closed(close) = self.next().await {
                panic!("closed while waiting: {close:?}");
            }
        }
    }

    /// Reads until the socket closes; the close frame.
    pub async fn until_closed(&mut self) -> Option<CloseFrame> {
        loop {
            if let Received::Closed(close) = self.next().await {
                return close;
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }

    pub fn phase(&self) -> &Value {
        &self.state["game"]["phase"]
    }
}

/// Plays a bot's seat until the game is over; the client, with everything it received.
pub async fn play_out(client: Client, bot: Bot) -> Client {
    play_out_allowing(client, bot, &[]).await
}

/// Plays a bot's seat until the game is over, taking refusals with one of the `allowed`
/// codes as a person would (the next state brings a new choice); any other refusal fails.
pub async fn play_out_allowing(mut client: Client, mut bot: Bot, allowed: &[&str]) -> Client {
    loop {
        if client.state["status"] == "over" {
            return client;
        }
        if let Some(message) = bot.decide(&client.state, client.version) {
            client.send(message).await;
        }
        loop {
            match client.next().await {
                Received::Frame(frame)
                    if frame["type"] == "error"
                        && !allowed.iter().any(|code| frame["code"] == *code) =>
                {
                    panic!("seat {} was refused: {frame}", bot.seat)
                }
                Received::Frame(frame)
                    if matches!(frame["type"].as_str(), Some("patch" | "snapshot")) =>
                {
                    break;
                }
                Received::Frame(_) => {}
                Received::Closed(close) => panic!("seat {} was closed: {close:?}", bot.seat),
            }
        }
    }
}

/// Checks every reveal in a game log against its commitment; how many it checked.
pub fn verify_reveals(log: &[Value], game: GameId, first_turn: u64) -> usize {
    let mut turn = first_turn;
    let mut pending: Option<Commitment> = None;
    let mut verified = 0;
    for event in log
        .iter()
        .flat_map(|entry| entry["events"].as_array().unwrap())
    {
        match event["type"].as_str().unwrap() {
            "actor_chosen" => turn = event["turn"].as_u64().unwrap(),
            "concealed" => {
                pending = Some(serde_json::from_value(event["commitment"].clone()).unwrap())
            }
            "revealed" => {
                let commitment = pending.take().expect("a reveal without a commitment");
                let nonce: Nonce = serde_json::from_value(event["nonce"].clone()).unwrap();
                let seat = event["seat"].as_u64().unwrap() as u8;
                let number = event["number"].as_u64().unwrap() as u8;
                assert!(commitment.opens_to(&game, turn as u32, seat, &nonce, number));
                verified += 1;
            }
            "withheld" => pending = None,
            _ => {}
        }
    }
    verified
}
