//! The server under test, run as a child process so its memory can be read on its own.

use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::stat::cpu_seconds;

pub struct Process {
    child: Child,
    pub addr: SocketAddr,
}

impl Process {
    /// Starts `program` with `args`, then `--addr`/a port of its own, and waits until it
    /// accepts connections.
    pub async fn start(program: &Path, args: &[&str], port_flag: Option<&str>) -> Process {
        // Ask the system for a free port, then hand it over.
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port");
        let mut command = Command::new(program);
        command.args(args);
        match port_flag {
            Some(flag) => command.args([flag, &addr.to_string()]),
            None => command.arg(addr.port().to_string()),
        };
        let child = command
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start {}: {error}", program.display()));
        let started = Instant::now();
        while tokio::net::TcpStream::connect(addr).await.is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the server did not start"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Process { child, addr }
    }

    /// The hesy server, with limits opened up for a load far beyond human play, keeping its
    /// games in `database_url` (`None`: in memory only), with `more` flags.
    pub async fn hesy(program: &Path, database_url: Option<&str>, more: &[&str]) -> Process {
        let mut args = vec![
            "--flood-burst",
            "1000000",
            "--flood-rate",
            "1000000",
            "--max-rooms",
            "1000000",
            "--max-connections",
            "1000000",
            "--room-burst",
            "1000000",
            "--seat-burst",
            "1000000",
            "--sockets-per-address",
            "1000000",
            "--outbox",
            "1024",
            "--static-dir",
            "no-static-files",
        ];
        match database_url {
            Some(url) => args.extend(["--database-url", url]),
            None => args.push("--memory-only"),
        }
        args.extend(more);
        Process::start(program, &args, Some("--addr")).await
    }

    /// The server's resident memory, in KiB.
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS in the server's /proc status")
    }

    /// CPU time the server has used, in seconds.
    pub fn cpu_seconds(&self) -> f64 {
        cpu_seconds(&format!("/proc/{}/stat", self.child.id()))
    }
}

/// The nodes of the service under test: one process, or several sharing a database and a NATS
/// server (`--nodes`).
pub struct Nodes(pub Vec<Process>);

impl Nodes {
    /// `count` hesy nodes; more than one join a cluster of their own name on `nats_url`.
    pub async fn start(
        program: &Path,
        database_url: Option<&str>,
        count: usize,
        nats_url: &str,
    ) -> Nodes {
        if count <= 1 {
            return Nodes(vec![Process::hesy(program, database_url, &[]).await]);
        }
        let cluster = format!("loadtest{}", std::process::id());
        let mut nodes = Vec::new();
        for node in 0..count {
            let name = format!("node{node}");
            let flags = [
                "--nats-url",
                nats_url,
                "--cluster",
                &cluster,
                "--node",
                &name,
            ];
            nodes.push(Process::hesy(program, database_url, &flags).await);
        }
        Nodes(nodes)
    }

    pub fn addrs(&self) -> Vec<SocketAddr> {
        self.0.iter().map(|node| node.addr).collect()
    }

    /// Every node's resident memory, in KiB.
    pub fn rss_kib(&self) -> u64 {
        self.0.iter().map(Process::rss_kib).sum()
    }

    /// The CPU time every node has used, in seconds.
    pub fn cpu_seconds(&self) -> f64 {
        self.0.iter().map(Process::cpu_seconds).sum()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
