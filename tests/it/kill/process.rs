//! The `hesy` binary as a child process, so a test can stop it the way an operating system
//! does: SIGKILL (nothing runs after it) or SIGTERM (the server's own shutdown).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use tokio::time::Instant;

/// How long a server may take to start or to stop.
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Process {
    child: Child,
    pub addr: SocketAddr,
}

impl Process {
    /// Starts a server on a free port of the loopback on `database_url`, once it listens:
    /// the games and rooms it reopens are open by then.
    pub async fn start(database_url: &str) -> Process {
        Process::start_at(database_url, ([127, 0, 0, 1], 0).into(), &[]).await
    }

    /// Starts a server on `addr` (port 0: a free one) with these extra flags.
    pub async fn start_at(database_url: &str, addr: SocketAddr, flags: &[&str]) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hesy"))
            .args([
                "--addr",
                &addr.to_string(),
                "--static-dir",
                "no-client-here",
            ])
            .args(["--database-url", database_url])
            // Bots move far faster than the flood limit allows a person, and a busy test
            // machine may leave a client behind for a moment.
            .args(["--flood-burst", "100000", "--flood-rate", "100000"])
            .args(["--room-burst", "100000", "--seat-burst", "100000"])
            .args(["--sockets-per-address", "100000"])
            .args(["--outbox", "4096"])
            // Rooms fall asleep a second after their players leave, so kills meet rooms
            // asleep and waking too.
            .args(["--room-idle", "1"])
            .args(flags)
            .env("RUST_LOG", "warn,hesy=info")
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .spawn()
            .expect("the hesy binary runs");
        let stdout = child.stdout.take().expect("piped");
        let (found, address) = mpsc::channel();
        let pid = child.id();
        // Its output is read to the end, so the server never blocks on a full pipe; its
        // warnings and errors go on to the test's output, which shows them if it fails.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if line.contains("serving Hesy") {
                    let _ = found.send(listening(&line));
                }
                if line.contains(" WARN ") || line.contains(" ERROR ") {
                    eprintln!("hesy {pid}: {line}");
                }
            }
        });
        let addr = tokio::task::spawn_blocking(move || address.recv_timeout(PATIENCE))
            .await
            .expect("waiting for the server")
            .expect("the server listens in time")
            .expect("the address it serves on");
        Process { child, addr }
    }

    /// SIGKILL: the process ends where it is.
    pub async fn kill(mut self) {
        self.child.kill().expect("the server can be killed");
        self.exit().await;
    }

    /// SIGTERM, and the wait for the server's own shutdown, which must end well.
    pub async fn terminate(mut self) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "SIGTERM was not sent");
        let status = self.exit().await;
        assert!(status.success(), "the server stopped with {status}");
    }

    /// How the process ended, if it has.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().expect("the server's status")
    }

    /// Waits for the process to end.
    async fn exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                return status;
            }
            assert!(Instant::now() < deadline, "the server did not stop in time");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

impl Drop for Process {
    /// A failing test leaves no server behind.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The loopback address in a log line (`serving Hesy addr=127.0.0.1:40123`).
fn listening(line: &str) -> Option<SocketAddr> {
    let from = line.find("127.0.0.1:")?;
    let rest = &line[from..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ':'))
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}
