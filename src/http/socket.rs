//! One WebSocket connection: the upgrade, then one task that writes what the room queues and
//! reads what the client sends, checking it before the room sees it.
//!
//! A single task serves both directions: a move's frame costs one wake-up and one write, and
//! the socket is never split between two tasks that contend for it. The room never waits on
//! a connection: it queues without waiting, and holds the only strong sender of the outbound
//! queue once the client has joined. When the room drops a slow connection, the queue closes
//! and the connection closes the socket. A client that does not read is not heard meanwhile,
//! which costs it nothing it would not lose anyway.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::{FutureExt, SinkExt, StreamExt};
use tokio::time::{Instant, sleep_until, timeout};
use tokio_tungstenite::tungstenite;
use tracing::{Instrument, debug, debug_span};

use crate::metrics::Metrics;
use crate::room::queue::{self, TryRecvError};
use crate::room::{ConnId, Credentials, Heard, Missing, Outbound, RoomHandle};
use crate::wire::{ClientMessage, ErrorCode, RoomCode, ServerMessage};

use super::App;
use super::bucket::Bucket;
use super::limits::{Client, Opened};

mod ending;

use ending::{
    Ending, GOING_AWAY, NORMAL, POLICY, PROTOCOL_ERROR, TOO_BIG, TRY_AGAIN_LATER, close, closing,
};

/// The read buffer each connection starts with: small, so an idle connection costs little;
/// it grows for a larger message, up to the message limit.
const READ_BUFFER: usize = 256;

/// Each frame goes to the socket as it is fed. The codec's buffer keeps the size of the
/// largest write for as long as the connection lives, so gathering frames would make every
/// connection hold its largest burst; a move is one frame, so nothing is lost.
const WRITE_BUFFER: usize = 0;

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
    if app.metrics().connections.get() >= app.config.max_connections {
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
///
/// The task lives as long as the connection, so its size is memory every connection holds:
/// an async block keeps the socket in one place (an `async fn` would also keep its argument),
/// and joining, done once, is boxed rather than sized into the task.
#[expect(
    clippy::manual_async_fn,
    reason = "an async fn would copy its argument"
)]
fn run(
    mut socket: WebSocket,
    app: Arc<App>,
    conn: ConnId,
    opened: Opened,
) -> impl Future<Output = ()> {
    async move {
        let metrics = app.metrics().clone();
        metrics.connections.inc();
        let (out, mut outbox) = queue::channel(app.config.outbox);
        let mut session = Session::new(app, conn, out);
        let ending = session.serve(&mut socket, &mut outbox).await;
        if let Some(room) = session.room.take() {
            room.disconnect(conn).await;
        }
        drop(session);
        if let Ending::Close { code, reason } = ending {
            // Write what is queued and the closing frame, and let the client answer it, but not
            // for long. Reading on meanwhile matters: a socket closed with unread input is
            // reset, and a reset loses the closing frame and its reason.
            let farewell = async {
                if let Ok(queued) = outbox.try_recv() {
                    let _ = write(&mut socket, Some(queued), &mut outbox, &metrics).await;
                }
                // After the client's own close this only flushes the answer tungstenite queued.
                let _ = socket.send(close(code, reason)).await;
                while let Some(Ok(_)) = socket.next().await {}
            };
            let _ = timeout(LINGER, farewell).await;
        }
        metrics.connections.dec();
        drop(opened);
        debug!("connection closed");
    }
}

/// Writes `first` and every frame queued behind it, then flushes; the ending, when the queue
/// asks to close, has closed (the room dropped a connection that could not keep up), or the
/// socket has failed.
async fn write(
    socket: &mut WebSocket,
    first: Option<Outbound>,
    outbox: &mut queue::Receiver<Outbound>,
    metrics: &Metrics,
) -> Result<(), Ending> {
    let mut item = first;
    loop {
        match item {
            Some(Outbound::Frame(frame)) => feed(socket, frame, metrics).await?,
            Some(Outbound::Frames(frames)) => {
                for frame in frames {
                    feed(socket, frame, metrics).await?;
                }
            }
            Some(Outbound::Close { code, reason }) => return Err(Ending::Close { code, reason }),
            None => {
                return Err(Ending::Close {
                    code: POLICY,
                    reason: "too slow: reconnect for a fresh snapshot",
                });
            }
        }
        item = match outbox.try_recv() {
            Ok(next) => Some(next),
            Err(TryRecvError::Empty) => break,
            Err(TryRecvError::Disconnected) => None,
        };
    }
    socket.flush().await.map_err(|_| Ending::Gone)
}

/// Writes one text frame.
async fn feed(socket: &mut WebSocket, frame: Utf8Bytes, metrics: &Metrics) -> Result<(), Ending> {
    socket
        .feed(Message::Text(frame))
        .await
        .map_err(|_| Ending::Gone)?;
    metrics.frames_out.inc();
    Ok(())
}

/// A write that has not gone out within `limit` is a client that no longer reads: the
/// connection ends (it reconnects for a fresh snapshot), and holds nothing meanwhile.
fn stalls(
    limit: Duration,
    write: impl Future<Output = Result<(), Ending>>,
) -> impl Future<Output = Result<(), Ending>> {
    timeout(limit, write).map(|written| written.unwrap_or(Err(Ending::Gone)))
}

/// The receiving side of a connection: which room it joined, and its rate limits.
struct Session {
    app: Arc<App>,
    conn: ConnId,
    /// The outbound queue, held strongly until the room holds it; weakly after, so the room
    /// alone decides when it closes.
    strong: Option<queue::Sender<Outbound>>,
    weak: queue::WeakSender<Outbound>,
    room: Option<RoomHandle>,
    flood: Bucket,
    chat: Bucket,
}

impl Session {
    fn new(app: Arc<App>, conn: ConnId, out: queue::Sender<Outbound>) -> Self {
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

    /// Serves the connection until it ends: writes what the room and the session queue,
    /// and reads what the client sends, in one task, so a move's frames cost one wake-up.
    /// Only a client silent for a ping interval is pinged (again each interval it stays
    /// silent): one that plays needs none. One timer serves the next ping and the idle
    /// limit; it is moved only when it fires, not for every frame.
    async fn serve(
        &mut self,
        socket: &mut WebSocket,
        outbox: &mut queue::Receiver<Outbound>,
    ) -> Ending {
        let metrics = self.app.metrics().clone();
        let ping = Duration::from_secs(self.app.config.ping_interval);
        let idle = Duration::from_secs(self.app.config.idle_timeout);
        let mut heard = Instant::now();
        let mut pinged = heard;
        let timer = sleep_until((heard + ping).min(heard + idle));
        tokio::pin!(timer);
        loop {
            let next = tokio::select! {
                biased;
                item = outbox.recv() => {
                    if let Err(ending) = stalls(idle, write(socket, item, outbox, &metrics)).await {
                        return ending;
                    }
                    continue;
                }
                next = socket.next() => next,
                () = &mut timer => {
                    let now = timer.deadline();
                    if now >= heard + idle {
                        return closing(GOING_AWAY, "idle timeout");
                    }
                    if now >= heard.max(pinged) + ping {
                        let sent = async {
                            let ping = Message::Ping(Default::default());
                            socket.send(ping).await.map_err(|_| Ending::Gone)
                        };
                        if let Err(ending) = stalls(idle, sent).await {
                            return ending;
                        }
                        pinged = Instant::now();
                    }
                    timer.as_mut().reset((heard.max(pinged) + ping).min(heard + idle));
                    continue;
                }
            };
            heard = Instant::now();
            let message = match next {
                None => return Ending::Gone,
                Some(Ok(Message::Close(_))) => return closing(NORMAL, "bye"),
                Some(Err(error)) => {
                    let too_big = matches!(
                        error.into_inner().downcast_ref::<tungstenite::Error>(),
                        Some(tungstenite::Error::Capacity(_))
                    );
                    return if too_big {
                        closing(TOO_BIG, "message too big")
                    } else {
                        closing(PROTOCOL_ERROR, "protocol error")
                    };
                }
                Some(Ok(message)) => message,
            };
            if !self.flood.take(heard) {
                return closing(POLICY, "message flood");
            }
            match message {
                Message::Text(text) => {
                    // Boxed: handling a message is the largest thing a connection does, and
                    // it does it for a moment; the task, which lives as long as the
                    // connection, is not sized for it.
                    if let Err(ending) = Box::pin(self.on_text(&text)).await {
                        return ending;
                    }
                }
                Message::Binary(_) => {
                    self.refuse(ErrorCode::Malformed, "messages are JSON text frames")
                }
                Message::Ping(_) | Message::Pong(_) | Message::Close(_) => {}
            }
        }
    }

    /// Handles one text frame; the ending when the connection must close.
    async fn on_text(&mut self, text: &str) -> Result<(), Ending> {
        let message = match ClientMessage::parse(text) {
            Ok(message) => message,
            Err((code, why)) => {
                self.refuse(code, &why);
                return Ok(());
            }
        };
        match (&self.room, Heard::from(message)) {
            (Some(_), Heard::Ping { id }) => self.reply(&ServerMessage::Pong { id }),
            (None, Heard::Join { room, credentials }) => {
                return Box::pin(self.join(room, credentials)).await;
            }
            (None, _) => self.refuse(ErrorCode::NotJoined, "send `join` or `spectate` first"),
            (Some(_), Heard::Join { .. }) => self.refuse(
                ErrorCode::AlreadyJoined,
                "this connection has joined already",
            ),
            (Some(room), Heard::Request(request)) => {
                if request.is_chat() && !self.chat.take(Instant::now()) {
                    self.refuse(
                        ErrorCode::RateLimited,
                        "slow down: at most 5 messages in 5 seconds",
                    );
                    return Ok(());
                }
                let sent = room.message(self.conn, request, text).await;
                return sent.map_err(|_| closing(GOING_AWAY, "the room has closed"));
            }
        }
        Ok(())
    }

    /// Joins the room `code`; a room that cannot be reached now (its store away, or the room
    /// moving between nodes) closes the connection, so the client tries again.
    async fn join(&mut self, code: RoomCode, credentials: Credentials) -> Result<(), Ending> {
        let conn = self.conn;
        let joined = match self.strong.clone() {
            Some(out) => {
                let join = |room: RoomHandle| {
                    let (credentials, out) = (credentials.clone(), out.clone());
                    async move { Ok((room.connect(conn, credentials, out).await?, room)) }
                };
                self.app.registry.ask(&code, join).await
            }
            None => Err(Missing::NoSuchRoom),
        };
        let (joined, room) = match joined {
            Ok(joined) => joined,
            Err(Missing::NoSuchRoom) => {
                self.refuse(ErrorCode::NoSuchRoom, "there is no such room");
                return Ok(());
            }
            Err(Missing::Unreachable) => {
                let message = "the server cannot reach its store right now, try again shortly";
                self.refuse(ErrorCode::Unsaved, message);
                return Err(closing(TRY_AGAIN_LATER, "try again later"));
            }
        };
        match joined {
            Ok(viewer) => {
                debug!(room = %code, ?viewer, "joined");
                self.room = Some(room);
                self.strong = None;
            }
            Err(code) => self.refuse(code, "that token is no seat of this room"),
        }
        Ok(())
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
}
