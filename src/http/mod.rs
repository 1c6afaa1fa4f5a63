//! The HTTP face of the server: the rooms API, the WebSocket, health and metrics, and the
//! web client's files.
//!
//! The files: `rooms` (the JSON API), `mine` (the games a client holds seats in), `socket`
//! (one WebSocket connection), `bucket` (rate limits), `limits` (limits per client address,
//! and on every request), `listen` (the accept loop), `archive` (finished games and their
//! audit bundles), `replay` (a finished game step by step, for the replay page),
//! `persistence` (the database at start-up and shutdown), `files` (the web client's files
//! and how browsers keep them), `rules_page` (the rules' Markdown as HTML), `lessons` (the
//! lessons, served without a room).
//!
//! Every answer is compressed (brotli or gzip, as the client accepts) when it is worth it.

mod archive;
mod bucket;
mod files;
mod lessons;
mod limits;
mod listen;
mod mine;
mod persistence;
mod replay;
mod rooms;
mod rules_page;
mod socket;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router, middleware};
use serde::Serialize;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::trace::TraceLayer;

use crate::config::ServeConfig;
use crate::metrics::Metrics;
use crate::room::cluster::{Cluster, ClusterHealth};
use crate::room::{ConnId, Registry};
use crate::store::Store;
use crate::store::journal::Health;

use files::ClientFiles;
use limits::{OpenPerClient, PerClient};
use persistence::Persistence;

/// What every handler shares.
#[derive(Debug)]
pub struct App {
    registry: Registry,
    /// The database games are kept in; `None` with `--memory-only`.
    store: Option<Store>,
    config: ServeConfig,
    public_url: String,
    limits: Limits,
}

/// The limits per client address.
#[derive(Debug)]
struct Limits {
    rooms: PerClient,
    seats: PerClient,
    /// Requests for a client's games (`POST /api/rooms/mine`).
    lookups: PerClient,
    sockets: Arc<OpenPerClient>,
}

impl Limits {
    fn new(config: &ServeConfig) -> Self {
        Limits {
            rooms: PerClient::new("rooms", config.room_burst, config.room_rate),
            seats: PerClient::new("seats", config.seat_burst, config.seat_rate),
            lookups: PerClient::new("game lists", config.lookup_burst, config.lookup_rate),
            sockets: OpenPerClient::new(config.sockets_per_address),
        }
    }
}

impl App {
    fn metrics(&self) -> &Arc<Metrics> {
        self.registry.metrics()
    }

    fn next_conn(&self) -> ConnId {
        self.registry.next_conn()
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
fn router(app: Arc<App>, files: &ClientFiles) -> Router {
    let static_dir = app.config.static_dir.clone();
    let max_body = app.config.max_body;
    files
        .routes()
        .route("/api/rule-sets", get(rooms::rule_sets))
        .route("/api/rooms", post(rooms::create))
        .route("/api/rooms/mine", post(mine::mine))
        .route("/api/rooms/{code}", get(rooms::info))
        .route("/api/rooms/{code}/seats", post(rooms::take_seat))
        .route("/api/rooms/{code}/rematch", post(rooms::rematch))
        .route("/ws", get(socket::upgrade))
        .route("/api/games", get(archive::list))
        .route("/api/games/mine", post(archive::mine))
        .route("/api/games/{id}/bundle", get(archive::bundle))
        .route("/api/games/{id}/replay", get(replay::replay))
        .merge(lessons::routes())
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .fallback_service(ServeDir::new(static_dir))
        .layer(DefaultBodyLimit::max(max_body))
        .layer(middleware::from_fn_with_state(app.clone(), limits::bounded))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .with_state(app)
}

/// What `/healthz` answers: persistence's health, and with several nodes this node's place
/// among them.
#[derive(Serialize)]
struct Healthz {
    #[serde(flatten)]
    saving: Saving,
    #[serde(skip_serializing_if = "Option::is_none")]
    cluster: Option<ClusterHealth>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Saving {
    /// The journal's health: `ok` with its backlog, or `degraded` while writes fail.
    Journal(Health),
    /// A `--memory-only` server: `{"status": "ok", "persistence": "off"}`.
    MemoryOnly {
        status: &'static str,
        persistence: &'static str,
    },
}

/// Several nodes share their rooms through a Postgres database: refuses anything else.
fn check_cluster_store(persistence: Option<&Persistence>) -> anyhow::Result<()> {
    match persistence.map(|p| &p.store) {
        Some(Store::Postgres(_)) => Ok(()),
        Some(Store::Sqlite(_)) => anyhow::bail!(
            "--nats-url needs a Postgres database shared by every node (DATABASE_URL=postgres://…); \
             SQLite is one machine's file"
        ),
        None => anyhow::bail!(
            "--nats-url needs a Postgres database shared by every node; --memory-only keeps games \
             in this process alone"
        ),
    }
}

/// Always 200: the server still plays while the database is away, so restarting it for
/// that would only cut the games short.
async fn healthz(State(app): State<Arc<App>>) -> Json<Healthz> {
    let config = app.registry.config();
    let saving = match &config.journal {
        Some(journal) => Saving::Journal(journal.health()),
        None => Saving::MemoryOnly {
            status: "ok",
            persistence: "off",
        },
    };
    let cluster = config.cluster.as_ref().map(Cluster::health);
    Json(Healthz { saving, cluster })
}

async fn metrics(State(app): State<Arc<App>>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)],
        app.metrics().render(),
    )
}

/// A server bound to its address, not yet serving.
pub struct Server {
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    persistence: Option<Persistence>,
    registry: Registry,
}

impl Server {
    /// Opens the database (unless memory-only), reopens the rooms of unfinished games and
    /// binds the address.
    pub async fn bind(config: ServeConfig) -> anyhow::Result<Server> {
        let persistence = match config.memory_only {
            true => None,
            false => Some(Persistence::open(&config).await?),
        };
        let listener = TcpListener::bind(config.addr)
            .await
            .with_context(|| format!("cannot listen on {}", config.addr))?;
        let addr = listener.local_addr()?;
        let public_url = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{addr}"));
        let metrics = Arc::<Metrics>::default();
        let cluster = match config.cluster_config() {
            None => None,
            Some(cluster) => {
                check_cluster_store(persistence.as_ref())?;
                Some(Cluster::join(&cluster, metrics.clone()).await?)
            }
        };
        let room_config = crate::room::RoomConfig {
            journal: persistence.as_ref().map(|p| p.journal.clone()),
            store: persistence.as_ref().map(|p| p.store.clone()),
            cluster: cluster.clone(),
            ..config.room_config()
        };
        let registry = Registry::new(room_config, metrics);
        if let (Some(cluster), Some(persistence)) = (cluster, &persistence) {
            tokio::spawn(cluster.clone().keep_leases(registry.clone()));
            tokio::spawn(cluster.adopt_orphans(registry.clone(), persistence.store.clone()));
        }
        if let Some(persistence) = &persistence {
            persistence.resume(&registry).await?;
            tokio::spawn(registry.clone().ring_alarms());
        }
        let header_timeout = Duration::from_secs(config.header_timeout);
        let static_dir = config.static_dir.clone();
        let files = tokio::task::spawn_blocking(move || ClientFiles::load(&static_dir))
            .await?
            .with_context(|| {
                format!(
                    "cannot read the web client in {}",
                    config.static_dir.display()
                )
            })?;
        let app = Arc::new(App {
            registry,
            store: persistence.as_ref().map(|p| p.store.clone()),
            limits: Limits::new(&config),
            config,
            public_url,
        });
        Ok(Server {
            listener,
            router: router(app.clone(), &files),
            header_timeout,
            persistence,
            registry: app.registry.clone(),
        })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the process is stopped (Ctrl-C or SIGTERM), then waits for the journal
    /// to write what it holds; with several nodes, then lets its rooms go to the others.
    pub async fn run(self) -> std::io::Result<()> {
        let stop = persistence::stop_signal();
        listen::serve(self.listener, self.router, self.header_timeout, stop).await?;
        if let Some(persistence) = self.persistence {
            persistence.drain().await;
        }
        persistence::hand_over(&self.registry).await;
        Ok(())
    }
}
