//! The baseline: a plain tokio-tungstenite echo server, and clients that send it a message
//! the size of a move and wait for it to come back, as fast as they can.
//!
//! With `--viewers N` the server relays instead: connections come in groups of N, the way a
//! room's viewers do, and a message from any of them goes to all N (`--bytes` long, the size
//! of a patch). A client sends from each member in turn and waits until every member has it:
//! the frames of a move and nothing else (no game, no view, no diff, no queue between tasks),
//! so the server's CPU per relayed message is what the sockets alone cost a move of a room
//! with N viewers, a floor for the game server's.

use std::future::poll_fn;
use std::task::Poll;
use std::time::Duration;

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, accept_async_with_config, connect_async_with_config};

use super::server::Process;
use super::{Rate, histogram, socket_config};

#[derive(Args, Clone, Debug)]
pub struct Options {
    /// Connections sending at once.
    #[arg(long, default_value_t = 300)]
    pub connections: usize,
    /// How long to send for.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// How many connections each message reaches: 1 echoes it to its sender; more relays it
    /// to every connection of its group (`--connections` is rounded down to whole groups).
    #[arg(long, default_value_t = 1)]
    pub viewers: usize,
    /// The size in bytes of what the server sends for each message (a move's size at least):
    /// 612 is that of a duel's patch.
    #[arg(long, default_value_t = MOVE.len())]
    pub bytes: usize,
}

/// A message the size of a typical move.
pub const MOVE: &str = r#"{"type":"guess","version":1234,"number":3}"#;

/// What an echo run measured.
pub struct Echoed {
    pub rate: Rate,
    pub server_us_per_round_trip: f64,
}

pub async fn run(options: &Options) -> Echoed {
    let me = std::env::current_exe().expect("the load test's own path");
    let viewers = options.viewers.max(1);
    let (group, bytes) = (viewers.to_string(), options.bytes.to_string());
    let args = ["echo-server", "--viewers", &group, "--bytes", &bytes];
    let server = Process::start(&me, &args, None).await;
    let url = format!("ws://{}/", server.addr);
    let mut groups = Vec::new();
    for _ in 0..options.connections / viewers {
        let mut group = Vec::new();
        for _ in 0..viewers {
            group.push(
                connect_async_with_config(url.as_str(), socket_config(), true)
                    .await
                    .expect("an echo socket")
                    .0,
            );
        }
        groups.push(group);
    }
    let start = Instant::now();
    let end = start + Duration::from_secs(options.seconds);
    let clients: Vec<_> = groups
        .into_iter()
        .map(|mut group| {
            tokio::spawn(async move {
                let mut latency = histogram();
                'sending: for sender in (0..group.len()).cycle() {
                    if Instant::now() >= end {
                        break;
                    }
                    let sent = Instant::now();
                    if group[sender].send(Message::text(MOVE)).await.is_err() {
                        break;
                    }
                    for socket in &mut group {
                        if !matches!(socket.next().await, Some(Ok(Message::Text(_)))) {
                            break 'sending;
                        }
                    }
                    latency.saturating_record(sent.elapsed().as_micros() as u64);
                }
                latency
            })
        })
        .collect();
    let mut latency = histogram();
    for client in clients {
        latency
            .add(client.await.expect("an echo client"))
            .expect("compatible histograms");
    }
    let rate = Rate {
        count: latency.len(),
        seconds: start.elapsed().as_secs_f64(),
        latency,
    };
    let cpu = server.cpu_seconds();
    let server_us_per_round_trip = cpu * 1e6 / rate.count.max(1) as f64;
    match viewers {
        1 => println!("echo: {} connections", options.connections),
        _ => println!(
            "echo relayed to groups of {viewers}: {} connections",
            options.connections / viewers * viewers
        ),
    }
    rate.print("  round trips");
    println!("  CPU: echo server {cpu:.2} s ({server_us_per_round_trip:.1} µs per round trip)");
    Echoed {
        rate,
        server_us_per_round_trip,
    }
}

/// Answers every text message with a message of `bytes` (the message itself, padded with
/// spaces), sent to every connection of its sender's group of `viewers`, until the process
/// is killed. Connections are grouped in the order they are accepted; one task serves a
/// whole group, reading from whichever member speaks and writing to all.
pub async fn serve(port: u16, viewers: usize, bytes: usize) {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .await
        .expect("the echo port");
    let mut group = Vec::new();
    while let Ok((stream, _)) = listener.accept().await {
        // As the game server does: a frame goes out when written, not once the last is acked.
        let _ = stream.set_nodelay(true);
        let Ok(socket) = accept_async_with_config(stream, socket_config()).await else {
            continue;
        };
        group.push(socket);
        if group.len() == viewers.max(1) {
            tokio::spawn(relay(std::mem::take(&mut group), bytes));
        }
    }
}

async fn relay(mut group: Vec<WebSocketStream<TcpStream>>, bytes: usize) {
    loop {
        let message = poll_fn(|cx| {
            for socket in &mut group {
                if let Poll::Ready(message) = socket.poll_next_unpin(cx) {
                    return Poll::Ready(message);
                }
            }
            Poll::Pending
        })
        .await;
        let Some(Ok(Message::Text(text))) = message else {
            return;
        };
        let message = match text.len() < bytes {
            true => Message::text(format!("{text:<bytes$}")),
            false => Message::Text(text),
        };
        for socket in &mut group {
            if socket.send(message.clone()).await.is_err() {
                return;
            }
        }
    }
}
