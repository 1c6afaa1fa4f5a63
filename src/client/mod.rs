//! A minimal client of the Hesy protocol, for the socket tests and the load test: a bare
//! HTTP/1.1 call, the [`Update`] a frame makes to the state a connection holds,
//! and a scripted player ([`Bot`]).

mod bot;

pub use bot::{Bot, game_id};

use std::io;
use std::net::SocketAddr;

use serde::Deserialize;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One HTTP/1.1 request with an optional JSON body; the status and the body of the answer
/// (as JSON, or as a JSON string when it is not JSON).
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).await?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let malformed = || io::Error::new(io::ErrorKind::InvalidData, "not an HTTP response");
    let status = response
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .ok_or_else(malformed)?;
    let (head, body) = response.split_once("\r\n\r\n").ok_or_else(malformed)?;
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    Ok((
        status,
        serde_json::from_str(&body).unwrap_or(Value::String(body)),
    ))
}

/// The payload of a chunked body.
fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

/// What a client reads of a server frame to keep its state: the type, the version, and the
/// snapshot's state or the patch's operations. Other fields are skipped unread.
#[derive(Debug, Deserialize)]
pub struct Update {
    #[serde(rename = "type")]
    pub kind: String,
    pub version: Option<u64>,
    pub state: Option<Value>,
    pub ops: Option<json_patch::Patch>,
}

impl Update {
    pub fn parse(text: &str) -> serde_json::Result<Update> {
        serde_json::from_str(text)
    }

    /// Applies a snapshot or a patch to the state a connection holds. False when a patch
    /// does not apply (the client must then reconnect for a snapshot).
    pub fn apply(self, state: &mut Value) -> bool {
        match (self.state, self.ops) {
            (Some(snapshot), _) => {
                *state = snapshot;
                true
            }
            (None, Some(ops)) => json_patch::patch(state, &ops).is_ok(),
            (None, None) => true,
        }
    }
}
