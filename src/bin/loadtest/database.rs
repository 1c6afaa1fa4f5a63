//! With persistence on a Postgres server of this machine: the CPU its processes spend, read
//! from `/proc`, so a run can tell what the database cost per move beside the server.

use std::path::Path;

use sqlx::{Connection, PgConnection};

use super::stat::Stat;

pub struct Postgres {
    postmaster: String,
}

impl Postgres {
    /// The postmaster serving `url`, when it runs on this machine and the load test may read
    /// its data directory (`None` for SQLite, a remote server or a user without the right).
    pub async fn local(url: &str) -> Option<Postgres> {
        let mut connection = PgConnection::connect(url).await.ok()?;
        let directory: String = sqlx::query_scalar("SHOW data_directory")
            .fetch_one(&mut connection)
            .await
            .ok()?;
        connection.close().await.ok()?;
        let pid = std::fs::read_to_string(Path::new(&directory).join("postmaster.pid")).ok()?;
        let postmaster = pid.lines().next()?.trim().to_owned();
        Some(Postgres { postmaster })
    }

    /// CPU seconds spent so far by the postmaster, its children that have ended (backends,
    /// which come and go with the server's pool, and workers) and those still running.
    pub fn cpu_seconds(&self) -> f64 {
        let own = Stat::read(&format!("/proc/{}/stat", self.postmaster));
        let children: f64 = std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| Stat::read(&format!("{}/stat", entry.path().display())))
            .filter(|stat| stat.parent() == self.postmaster)
            .map(|stat| stat.seconds())
            .sum();
        own.seconds_with_children() + children
    }
}
