//! One WebSocket connection: the upgrade, a send task that writes what the room queues, and
//! the receive loop that checks what the client sends before the room sees it.
//!
//! The receive side runs in the upgrade's own task; the send side is a second task, so a
//! client that reads slowly never stops the server from hearing it (and the other way
//! round). The room holds the only strong sender of the outbound queue once the client has
//! joined: when the room drops a slow connection, the queue closes and the send task closes
//! the socket.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio::time::{Instant, MissedTickBehavior, interval_at, sleep_until, timeout};
use tokio_tungstenite::tungstenite;
use tracing::{Instrument, debug, debug_span};

use crate::metrics::Metrics;
use crate::room::{Command, ConnId, Credentials, Outbound, RoomHandle};
use crate::wire::{ClientMessage, ErrorCode, RoomCode, ServerMessage};

use super::App;
use super::bucket::Bucket;
use super::limits::{Client, Opened};

/// Close codes of RFC 6455.
const NORMAL: u16 = 1000;
const GOING_AWAY: u16 = 1001;
const PROTOCOL_ERROR: u16 = 1002;
const POLICY: u16 = 1008;
const TOO_BIG: u16 = 1009;

/// The read buffer each connection starts with: small, so an idle connection costs little;
/// it grows for a larger message, up to the message limit.
const READ_BUFFER: usize = 256;

/// Frames are gathered up to this size before a write (a flush writes them all anyway).
const WRITE_BUFFER: usize = 8 * 1024;

/// How long a closing connection waits for its last frames to go out.
const LINGER: Duration = Duration::from_secs(1);

/// Chat messages and proposals: a burst of 5, then one a second.
const CHAT_BURST: u32 = 5;
const CHAT_RATE: f32 = 1.0;

pub async fn upgrade(
    State(app): State<Arc<App>>,
    client: Client,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !app.origin_allowed(headers.get(header::ORIGIN)) {
        return (
            StatusCode::FORBIDDEN,
            "this origin may not open a game connection",
        )
            .into_response();
    }
    if app.metrics().connections.load(Ordering::Relaxed) >= app.config.max_connections {
        let full = "the server is full: try again later";
        return (StatusCode::SERVICE_UNAVAILABLE, full).into_response();
    }
    let opened = match app.limits.sockets.open(client) {
        Ok(opened) => opened,
        Err(refusal) => return refusal.into_response(),
    };
    let limit = app.config.max_message;
    upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| {
            let conn = app.next_conn();
            run(socket, app, conn, opened).instrument(debug_span!("conn", id = conn))
        })
}

/// Serves one connection; `opened` counts it against its client address until it ends.
async fn run(socket: WebSocket, app: Arc<App>, conn: ConnId, opened: Opened) {
    let metrics = app.metrics().clone();
    Metrics::inc(&metrics.connections);
    let (sink, mut stream) = socket.split();
    let (out, outbox) = mpsc::channel(app.config.outbox);
    let ping = Duration::from_secs(app.config.ping_interval);
    let mut sender = tokio::spawn(send(sink, outbox, ping, metrics.clone()).in_current_span());
    let mut session = Session::new(app, conn, out);
    let sent_all = tokio::select! {
        () = session.receive(&mut stream) => false,
        _ = &mut sender => true,
    };
    if let Some(room) = session.room.take() {
        let _ = room.send(Command::Disconnect { conn }).await;
    }
    drop(session);
    // Let the send task write its closing frame and the client answer it, but not for long.
    // Reading on meanwhile matters: a socket closed with unread input is reset, and a reset
    // loses the closing frame and its reason.
    if !sent_all {
        let drain = async { while let Some(Ok(_)) = stream.next().await {} };
        let last_frames = futures_util::future::join(&mut sender, drain);
        if timeout(LINGER, last_frames).await.is_err() {
            sender.abort();
        }
    }
    Metrics::dec(&metrics.connections);
    drop(opened);
    debug!("connection closed");
}

/// Writes queued frames, and a ping now and then, until the queue closes or a close is
/// queued. Frames queued together (a move's log entry and its patch) go out in one write.
async fn send(
    mut sink: SplitSink<WebSocket, Message>,
    mut outbox: mpsc::Receiver<Outbound>,
    ping: Duration,
    metrics: Arc<Metrics>,
) {
    let mut pings = interval_at(Instant::now() + ping, ping);
    pings.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        let mut item = tokio::select! {
            item = outbox.recv() => item,
            _ = pings.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
                continue;
            }
        };
        loop {
            let closing = match item {
                Some(Outbound::Frame(frame)) => {
                    if !feed(&mut sink, Message::Text(frame), &metrics).await {
                        return;
                    }
                    None
                }
                Some(Outbound::Frames(frames)) => {
                    for frame in frames {
                        if !feed(&mut sink, Message::Text(frame), &metrics).await {
                            return;
                        }
                    }
                    None
                }
                Some(Outbound::Close { code, reason }) => Some(close(code, reason)),
                // The room dropped this connection: it could not keep up.
                None => Some(close(POLICY, "too slow: reconnect for a fresh snapshot")),
            };
            if let Some(message) = closing {
                if feed(&mut sink, message, &metrics).await {
                    let _ = sink.flush().await;
                }
                return;
            }
            item = match outbox.try_recv() {
                Ok(next) => Some(next),
                Err(mpsc::error::TryRecvError::Empty) => break,
                Err(mpsc::error::TryRecvError::Disconnected) => None,
            };
        }
        if sink.flush().await.is_err() {
            return;
        }
    }
}

/// Buffers one frame for the next write; false when the socket has failed.
async fn feed(
    sink: &mut SplitSink<WebSocket, Message>,
    message: Message,
    metrics: &Metrics,
) -> bool {
    let fed = sink.feed(message).await.is_ok();
    if fed {
        Metrics::inc(&metrics.frames_out);
    }
    fed
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// The receiving side of a connection: which room it joined, and its rate limits.
struct Session {
    app: Arc<App>,
    conn: ConnId,
    /// The outbound queue, held strongly until the room holds it; weakly after, so the room
    /// alone decides when it closes.
    strong: Option<mpsc::Sender<Outbound>>,
    weak: mpsc::WeakSender<Outbound>,
    room: Option<RoomHandle>,
    flood: Bucket,
    chat: Bucket,
}

impl Session {
    fn new(app: Arc<App>, conn: ConnId, out: mpsc::Sender<Outbound>) -> Self {
        let flood = Bucket::new(app.config.flood_burst, app.config.flood_rate);
        Session {
            conn,
            weak: out.downgrade(),
            strong: Some(out),
            room: None,
            flood,
            chat: Bucket::new(CHAT_BURST, CHAT_RATE),
            app,
        }
    }

    /// Reads frames until the client leaves or must be closed. The idle timer is set once and
    /// moved only when it fires early (the client spoke since): a timer set anew for every
    /// frame would cost a timer-wheel entry per message.
    async fn receive(&mut self, stream: &mut SplitStream<WebSocket>) {
        let idle = Duration::from_secs(self.app.config.idle_timeout);
        let mut heard = Instant::now();
        let quiet = sleep_until(heard + idle);
        tokio::pin!(quiet);
        loop {
            let next = tokio::select! {
                biased;
                next = stream.next() => next,
                () = &mut quiet => {
                    if heard.elapsed() >= idle {
                        return self.close(GOING_AWAY, "idle timeout");
                    }
                    quiet.as_mut().reset(heard + idle);
                    continue;
                }
            };
            heard = Instant::now();
            let message = match next {
                None | Some(Ok(Message::Close(_))) => return self.close(NORMAL, "bye"),
                Some(Err(error)) => {
                    let too_big = matches!(
                        error.into_inner().downcast_ref::<tungstenite::Error>(),
                        Some(tungstenite::Error::Capacity(_))
                    );
                    return if too_big {
                        self.close(TOO_BIG, "message too big")
                    } else {
                        self.close(PROTOCOL_ERROR, "protocol error")
                    };
                }
                Some(Ok(message)) => message,
            };
            if !self.flood.take(heard) {
                return self.close(POLICY, "message flood");
            }
            match message {
                Message::Text(text) => {
                    if !self.on_text(&text).await {
                        return self.close(GOING_AWAY, "the room has closed");
                    }
                }
                Message::Binary(_) => {
                    self.refuse(ErrorCode::Malformed, "messages are JSON text frames")
                }
                Message::Ping(_) | Message::Pong(_) | Message::Close(_) => {}
            }
        }
    }

    /// Handles one text frame; false when the room has gone.
    async fn on_text(&mut self, text: &str) -> bool {
        let message = match ClientMessage::parse(text) {
            Ok(message) => message,
            Err((code, why)) => {
                self.refuse(code, &why);
                return true;
            }
        };
        match (&self.room, message) {
            (Some(_), ClientMessage::Ping { id }) => self.reply(&ServerMessage::Pong { id }),
            (None, ClientMessage::Join { room, token }) => {
                return self.join(room, Credentials::Seat(token)).await;
            }
            (None, ClientMessage::Spectate { room }) => {
                return self.join(room, Credentials::Spectator).await;
            }
            (None, _) => self.refuse(ErrorCode::NotJoined, "send `join` or `spectate` first"),
            (Some(_), ClientMessage::Join { .. } | ClientMessage::Spectate { .. }) => self.refuse(
                ErrorCode::AlreadyJoined,
                "this connection has joined already",
            ),
            (Some(room), message) => {
                let chatty = matches!(
                    message,
                    ClientMessage::Chat { .. } | ClientMessage::Propose { .. }
                );
                if chatty && !self.chat.take(Instant::now()) {
                    self.refuse(
                        ErrorCode::RateLimited,
                        "slow down: at most 5 messages in 5 seconds",
                    );
                    return true;
                }
                let conn = self.conn;
                return room.send(Command::Message { conn, message }).await.is_ok();
            }
        }
        true
    }

    async fn join(&mut self, code: RoomCode, credentials: Credentials) -> bool {
        let (Some(room), Some(out)) = (self.app.registry.get(&code), self.strong.clone()) else {
            self.refuse(ErrorCode::NoSuchRoom, "there is no such room");
            return true;
        };
        match room.connect(self.conn, credentials, out).await {
            Ok(Ok(viewer)) => {
                debug!(room = %code, ?viewer, "joined");
                self.room = Some(room);
                self.strong = None;
            }
            Ok(Err(code)) => self.refuse(code, "that token is no seat of this room"),
            Err(_) => self.refuse(ErrorCode::NoSuchRoom, "there is no such room"),
        }
        true
    }

    fn refuse(&self, code: ErrorCode, message: &str) {
        self.reply(&ServerMessage::Error {
            code,
            message: message.to_owned(),
        });
    }

    /// Queues a frame for this client alone. A full queue means the client is not reading;
    /// the frame is dropped, and the room drops the connection on its next frame.
    fn reply(&self, message: &ServerMessage) {
        let Ok(text) = serde_json::to_string(message) else {
            return;
        };
        if let Some(out) = self.weak.upgrade() {
            let _ = out.try_send(Outbound::Frame(text.into()));
        }
    }

    fn close(&self, code: u16, reason: &'static str) {
        if let Some(out) = self.weak.upgrade() {
            let _ = out.try_send(Outbound::Close { code, reason });
        }
    }
}
