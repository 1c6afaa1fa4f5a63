//! The baseline: a plain tokio-tungstenite echo server, and clients that send it a message
//! the size of a move and wait for it to come back, as fast as they can.

use std::time::Duration;

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpListener;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{accept_async_with_config, connect_async_with_config};

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
}

/// A message the size of a typical move.
const MOVE: &str = r#"{"type":"guess","version":1234,"number":3}"#;

pub async fn run(options: &Options) -> Rate {
    let me = std::env::current_exe().expect("the load test's own path");
    let server = Process::start(&me, &["echo-server"], None).await;
    let url = format!("ws://{}/", server.addr);
    let mut sockets = Vec::new();
    for _ in 0..options.connections {
        sockets.push(
            connect_async_with_config(url.as_str(), socket_config(), true)
                .await
                .expect("an echo socket")
                .0,
        );
    }
    let start = Instant::now();
    let end = start + Duration::from_secs(options.seconds);
    let clients: Vec<_> = sockets
        .into_iter()
        .map(|mut socket| {
            tokio::spawn(async move {
                let mut latency = histogram();
                while Instant::now() < end {
                    let sent = Instant::now();
                    if socket.send(Message::text(MOVE)).await.is_err() {
                        break;
                    }
                    match socket.next().await {
                        Some(Ok(Message::Text(_))) => {
                            latency.saturating_record(sent.elapsed().as_micros() as u64)
                        }
                        _ => break,
                    }
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
    println!("echo: {} connections", options.connections);
    rate.print("  round trips");
    rate
}

/// Echoes every text message on every connection, until the process is killed.
pub async fn serve(port: u16) {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .await
        .expect("the echo port");
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(async move {
            let Ok(mut socket) = accept_async_with_config(stream, socket_config()).await else {
                return;
            };
            while let Some(Ok(message)) = socket.next().await {
                if message.is_text() && socket.send(message).await.is_err() {
                    break;
                }
            }
        });
    }
}
