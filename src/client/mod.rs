//! A minimal client of the Hesy protocol, for the socket tests and the load test: a bare
//! HTTP/1.1 call, the application of snapshots and patches to the state a connection holds,
//! and a scripted player ([`Bot`]).

mod bot;

pub use bot::{Bot, game_id};

use std::io;
use std::net::SocketAddr;

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

/// Applies a `snapshot` or `patch` frame to the state a connection holds. False when a patch
/// does not apply (the client must then ask for a snapshot by reconnecting).
pub fn apply(state: &mut Value, frame: &Value) -> bool {
    match frame["type"].as_str() {
        Some("snapshot") => {
            *state = frame["state"].clone();
            true
        }
        Some("patch") => serde_json::from_value::<json_patch::Patch>(frame["ops"].clone())
            .is_ok_and(|ops| json_patch::patch(state, &ops).is_ok()),
        _ => true,
    }
}
