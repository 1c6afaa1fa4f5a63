//! The NATS server the cluster tests share, spoken to in its plain text protocol: whether it
//! answers, and removing the key-value bucket a test's cluster leaves behind. Both block
//! for a moment at most, so a `Drop` can remove the bucket of a test that failed.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// Where the machine's NATS (with JetStream) listens.
pub const NATS: &str = "127.0.0.1:4222";

/// How long a word with NATS may take.
const PATIENCE: Duration = Duration::from_secs(5);

pub fn addr() -> SocketAddr {
    NATS.parse().expect("a socket address")
}

/// Whether NATS answers. When it does not, a test is skipped, said out loud, unless
/// `HESY_REQUIRE_NATS` is set (as CI sets it): then it fails.
pub fn answers(test: &str) -> bool {
    if hello().is_some() {
        return true;
    }
    assert!(
        std::env::var_os("HESY_REQUIRE_NATS").is_none(),
        "NATS does not answer at {NATS}, and HESY_REQUIRE_NATS is set"
    );
    eprintln!("skipped: NATS does not answer at {NATS} ({test} needs it)");
    false
}

/// A connection past the server's greeting.
fn hello() -> Option<BufReader<TcpStream>> {
    let stream = TcpStream::connect_timeout(&addr(), PATIENCE).ok()?;
    stream.set_read_timeout(Some(PATIENCE)).ok()?;
    let mut stream = BufReader::new(stream);
    let mut line = String::new();
    stream.read_line(&mut line).ok()?;
    line.starts_with("INFO ").then_some(stream)
}

/// Deletes the stream behind cluster `name`'s bucket of leases (`NAME_rooms`), so runs do
/// not pile up buckets in JetStream. Whether JetStream said it was deleted.
pub fn remove_bucket(name: &str) -> bool {
    let Some(mut stream) = hello() else {
        return false;
    };
    let inbox = format!("_INBOX.{name}");
    let request = format!(
        "CONNECT {{\"verbose\":false,\"pedantic\":false}}\r\nSUB {inbox} 1\r\n\
         PUB $JS.API.STREAM.DELETE.KV_{name}_rooms {inbox} 0\r\n\r\n"
    );
    if stream.get_mut().write_all(request.as_bytes()).is_err() {
        return false;
    }
    // The answer is `MSG <inbox> 1 <bytes>` and a JSON line saying `"success":true`.
    let mut line = String::new();
    loop {
        line.clear();
        if !matches!(stream.read_line(&mut line), Ok(read) if read > 0) {
            return false;
        }
        if line.starts_with("PING") && stream.get_mut().write_all(b"PONG\r\n").is_err() {
            return false;
        }
        if line.starts_with('{') {
            return line.contains("\"success\":true");
        }
    }
}
