//! `hesy`: parse the settings, start tracing, then serve or verify.

use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use hesy::config::{Cli, Command};
use hesy::http::Server;
use tracing_subscriber::EnvFilter;

/// A room's moves allocate many small, short-lived values across the runtime's threads;
/// mimalloc's per-thread free lists serve them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<ExitCode> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt().with_env_filter(filter).init();
    match Cli::parse().command() {
        Command::Serve(config) => {
            let server = Server::bind(config).await?;
            tracing::info!(addr = %server.local_addr()?, "serving Hesy");
            server.run().await.context("the server stopped")?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Verify { source } => match hesy::store::verify_cli::run(&source).await {
            Ok(true) => Ok(ExitCode::SUCCESS),
            Ok(false) => Ok(ExitCode::FAILURE),
            Err(error) => {
                eprintln!("error: {error:#}");
                Ok(ExitCode::from(2))
            }
        },
    }
}
