//! One room of a `play` run: its scripted players and spectators, all held by one task, so
//! it can see when the last of its viewers has received the patch of a move: that moment,
//! less the moment the move was sent, is the move's latency.

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use futures_util::stream::{SplitSink, select_all};
use futures_util::{SinkExt, StreamExt};
use hesy::client::{Bot, Update, http};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{Barrier, Semaphore};
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, client_async_with_config};

use super::pace::Held;
use super::play::{Options, Tally, settings};
use super::socket_config;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a room waits for a frame, with no move of its own held, before it gives up.
const QUIET: Duration = Duration::from_secs(30);

/// One connection of a room, as the room's task keeps it.
struct Viewer {
    sink: SplitSink<Socket, Message>,
    state: Value,
    version: u64,
    bot: Option<Bot>,
}

/// What a spectator reads of a frame.
#[derive(Deserialize)]
struct Header<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    version: Option<u64>,
}

/// A move whose patch has not yet reached every viewer.
struct Pending {
    sent_on: u64,
    at: Instant,
    /// Bit `i` is set once viewer `i` has its patch.
    seen: u64,
}

/// Where a room's set-up is: rooms take their seats and connect a few at a time (holding a
/// permit of `opening`), then all begin together (`barrier`).
pub struct Start {
    pub opening: Arc<Semaphore>,
    pub barrier: Arc<Barrier>,
}

/// A WebSocket to the server at `addr`, from loopback address `127.0.0.1 + source`.
async fn connect(addr: SocketAddr, source: u8) -> std::io::Result<Socket> {
    let [a, b, c, d] = Ipv4Addr::LOCALHOST.octets();
    let from = Ipv4Addr::new(a, b, c, d.wrapping_add(source));
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(IpAddr::V4(from), 0))?;
    let stream = socket.connect(addr).await?;
    stream.set_nodelay(true)?;
    let url = format!("ws://{addr}/ws");
    client_async_with_config(url, MaybeTlsStream::Plain(stream), socket_config())
        .await
        .map(|(socket, _)| socket)
        .map_err(std::io::Error::other)
}

/// A room, created through node `index` of `nodes` (modulo their count), its connections
/// spread over the nodes from there on (unless `--together`).
pub async fn room(nodes: Arc<[SocketAddr]>, options: Options, index: u64, start: Start) -> Tally {
    let spread = usize::from(!options.together);
    let node = |nth: usize| nodes[(index as usize + nth * spread) % nodes.len()];
    let addr = node(0);
    let opening = start.opening.acquire().await.expect("the set-up's permits");
    let (status, created) = http(addr, "POST", "/api/rooms", Some(&settings(&options)))
        .await
        .expect("a room");
    let code = match created["code"].as_str() {
        Some(code) if status == 201 => code.to_owned(),
        _ => {
            eprintln!("refused: {created}");
            drop(opening);
            return never_begun(start).await;
        }
    };
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{code}"), None)
        .await
        .expect("the room's info");
    let seats = info["seats"].as_array().map_or(0, Vec::len);
    let mut hellos = Vec::new();
    let mut tokens = Vec::new();
    for seat in 0..seats {
        let path = format!("/api/rooms/{code}/seats");
        let name = json!({"name": format!("bot {seat}")});
        let (_, taken) = http(addr, "POST", &path, Some(&name))
            .await
            .expect("a seat");
        let token = taken["token"].clone();
        hellos.push((
            Some(seat as u8),
            json!({"type": "join", "room": code, "token": token}),
        ));
        tokens.push(token);
    }
    for _ in 0..options.spectators {
        hellos.push((None, json!({"type": "spectate", "room": code})));
    }
    let mut viewers = Vec::new();
    let mut streams = Vec::new();
    for (index_in_room, (seat, hello)) in hellos.into_iter().enumerate() {
        let source = (index as usize * 8 + index_in_room) % usize::from(options.sources.max(1));
        let mut socket = connect(node(index_in_room), source as u8)
            .await
            .expect("a socket");
        socket
            .send(Message::text(hello.to_string()))
            .await
            .expect("a hello");
        let (sink, stream) = socket.split();
        streams.push(stream.map(move |message| (index_in_room, message)));
        let bot = seat.map(|seat| Bot::new(seat, index * 16 + u64::from(seat)));
        viewers.push(Viewer {
            sink,
            state: Value::Null,
            version: 0,
            bot,
        });
    }
    drop(opening);
    let mut frames = select_all(streams);
    let mut tally = Tally::new();
    tally.connections = viewers.len();
    let everyone = (1u64 << viewers.len()) - 1;
    let mut pending: Vec<Pending> = Vec::new();
    let mut held = Held::new(None);
    let mut games_over = 0;
    let mut started = false;
    let mut rematching = false;
    loop {
        let next = held.next();
        let frame = tokio::select! {
            frame = frames.next() => frame,
            () = sleep_until(next.unwrap_or_else(|| Instant::now() + QUIET)) => {
                if next.is_none() {
                    break;
                }
                for (i, message) in held.due() {
                    send(&mut viewers[i], message, &mut pending, &mut tally).await;
                }
                continue;
            }
            () = sleep_until(held.until().unwrap_or_else(Instant::now)), if held.until().is_some() => break,
        };
        let Some((i, message)) = frame else {
            break;
        };
        let Ok(Message::Text(text)) = message else {
            continue;
        };
        let viewer = &mut viewers[i];
        // A spectator here only times delivery: it reads a frame's type and version and keeps
        // no state, so the load test spends its own CPU on the players.
        let read = match viewer.bot {
            Some(_) => Update::parse(&text).map(|u| (u.kind.clone(), u.version, Some(u))),
            None => serde_json::from_str::<Header>(&text).map(|h| (h.kind.into(), h.version, None)),
        };
        let Ok((kind, version, update)) = read else {
            tally.errors += 1;
            continue;
        };
        if let Some(version) = version {
            viewer.version = version;
        }
        match kind.as_str() {
            "snapshot" => {
                tally.snapshots += 1;
                tally.snapshot_bytes += text.len() as u64;
            }
            "patch" => {
                tally.patches += 1;
                tally.patch_bytes += text.len() as u64;
            }
            "error" => {
                eprintln!("refused: {text}");
                tally.errors += 1;
                // Refused before the game began: the room cannot play.
                if !started {
                    break;
                }
                continue;
            }
            _ => continue,
        }
        if update.is_some_and(|update| !update.apply(&mut viewer.state)) {
            tally.errors += 1;
        }
        let version = viewer.version;
        pending.retain_mut(|move_| {
            if move_.sent_on < version {
                move_.seen |= 1 << i;
            }
            let done = move_.seen == everyone;
            if done {
                tally
                    .latency
                    .saturating_record(move_.at.elapsed().as_micros() as u64);
            }
            !done
        });
        if held.over() {
            break;
        }
        if !started {
            // Wait for every snapshot, then for every room to be ready, before playing.
            if viewers.iter().any(|v| v.bot.is_some() && v.state.is_null()) {
                continue;
            }
            start.barrier.wait().await;
            held = Held::new(options.pace());
            started = true;
            for i in 0..viewers.len() {
                decide(&mut viewers, i, &mut held, &mut pending, &mut tally).await;
            }
            continue;
        }
        let players = viewers.iter().filter(|v| v.bot.is_some());
        if players
            .map(|v| &v.state["status"])
            .all(|status| status == "over")
        {
            if !rematching {
                games_over += 1;
                if games_over == options.games && held.until().is_none() {
                    break;
                }
                let path = format!("/api/rooms/{code}/rematch");
                let token = json!({"token": tokens[0]});
                http(addr, "POST", &path, Some(&token))
                    .await
                    .expect("a rematch");
                rematching = true;
            }
            continue;
        }
        rematching = false;
        decide(&mut viewers, i, &mut held, &mut pending, &mut tally).await;
    }
    if !started {
        start.barrier.wait().await;
    }
    if games_over < options.games && held.until().is_none() {
        eprintln!("room {code} stopped after {games_over} games");
        tally.errors += 1;
    }
    for viewer in &mut viewers {
        let _ = viewer.sink.close().await;
    }
    tally
}

/// What a room that could not begin counts: one error, once it has let the others begin.
async fn never_begun(start: Start) -> Tally {
    start.barrier.wait().await;
    let mut tally = Tally::new();
    tally.errors += 1;
    tally
}

/// Has viewer `i`'s bot decide its move, if the game waits on it and it holds none, and
/// sends it now or after its wait.
async fn decide(
    viewers: &mut [Viewer],
    i: usize,
    held: &mut Held,
    pending: &mut Vec<Pending>,
    tally: &mut Tally,
) {
    let viewer = &mut viewers[i];
    if held.holds(i) {
        return;
    }
    let Some(bot) = &mut viewer.bot else {
        return;
    };
    let Some(message) = bot.decide(&viewer.state, viewer.version) else {
        return;
    };
    if let Some(message) = held.keep(i, message) {
        send(viewer, message, pending, tally).await;
    }
}

/// Sends a player's move and starts timing it.
async fn send(viewer: &mut Viewer, message: Value, pending: &mut Vec<Pending>, tally: &mut Tally) {
    pending.push(Pending {
        sent_on: viewer.version,
        at: Instant::now(),
        seen: 0,
    });
    tally.moves += 1;
    if viewer
        .sink
        .send(Message::text(message.to_string()))
        .await
        .is_err()
    {
        tally.errors += 1;
    }
}
