//! The HTTP face of the server: the rooms API, the WebSocket, health and metrics, and the
//! web client's files.
//!
//! The files: `rooms` (the JSON API), `socket` (one WebSocket connection), `bucket` (rate
//! limits).

mod bucket;
mod rooms;
mod socket;

use std::future::IntoFuture;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;
use tracing::debug;

use crate::config::ServeConfig;
use crate::metrics::Metrics;
use crate::room::{ConnId, Registry};

/// The largest HTTP body accepted: every request body of the API is a few hundred bytes.
const MAX_BODY: usize = 16 * 1024;

/// What every handler shares.
#[derive(Debug)]
pub struct App {
    registry: Registry,
    config: ServeConfig,
    public_url: String,
    next_conn: AtomicU64,
}

impl App {
    fn metrics(&self) -> &Arc<Metrics> {
        self.registry.metrics()
    }

    fn next_conn(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Browsers send the page's origin; other clients send none and are let through.
    fn origin_allowed(&self, origin: Option<&HeaderValue>) -> bool {
        let allowed = &self.config.allowed_origins;
        match origin.and_then(|o| o.to_str().ok()) {
            _ if allowed.is_empty() => true,
            None => origin.is_none(),
            Some(origin) => allowed.iter().any(|a| a == origin),
        }
    }
}

/// The routes, ready to serve.
pub fn router(config: ServeConfig, public_url: String) -> Router {
    let static_dir = config.static_dir.clone();
    let registry = Registry::new(config.room_config(), Arc::default());
    let app = Arc::new(App {
        registry,
        config,
        public_url,
        next_conn: AtomicU64::new(1),
    });
    Router::new()
        .route("/api/rooms", post(rooms::create))
        .route("/api/rooms/{code}", get(rooms::info))
        .route("/api/rooms/{code}/seats", post(rooms::take_seat))
        .route("/api/rooms/{code}/rematch", post(rooms::rematch))
        .route("/ws", get(socket::upgrade))
        .route("/healthz", get(|| async { "ok" }))
        .route("/metrics", get(metrics))
        .route_service("/r/{code}", ServeFile::new(static_dir.join("index.html")))
        .fallback_service(ServeDir::new(static_dir))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(TraceLayer::new_for_http())
        .with_state(app)
}

async fn metrics(State(app): State<Arc<App>>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        app.metrics().render(),
    )
}

/// A server bound to its address, not yet serving.
pub struct Server {
    listener: TcpListener,
    router: Router,
}

impl Server {
    pub async fn bind(config: ServeConfig) -> std::io::Result<Server> {
        let listener = TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let public_url = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{addr}"));
        Ok(Server {
            listener,
            router: router(config, public_url),
        })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the process is stopped.
    pub async fn run(self) -> std::io::Result<()> {
        // Game frames are small and wait for no more: Nagle's algorithm would hold them back
        // for the peer's delayed acknowledgement, tens of milliseconds.
        let listener = self.listener.tap_io(|tcp| {
            if let Err(error) = tcp.set_nodelay(true) {
                debug!(%error, "cannot set TCP_NODELAY");
            }
        });
        axum::serve(listener, self.router).into_future().await
    }
}
