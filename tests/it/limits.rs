//! The abuse limits over real HTTP: rooms and seats per client address (429 with
//! `Retry-After`), game connections held open per address, the address behind a trusted proxy, the body size, the header and request
//! deadlines, and the sooner close of a room nobody has sat down in.

use std::net::SocketAddr;
use std::time::Duration;

use crate::common::{PATIENCE, create_room, http, start, take_seat};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::{Instant, sleep, timeout};

const DUEL: &str = r#"{"rule_set": "mehen-san-martin", "options": {"mode": "duel"}}"#;

/// An answer: its status, its headers (names in lower case) and its JSON body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Value,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        let found = self.headers.iter().find(|(n, _)| n == name);
        found.map(|(_, value)| value.as_str())
    }
}

/// Sends `request` (everything, headers and body, as written) and reads the answer.
async fn raw(addr: SocketAddr, request: &str) -> Answer {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    timeout(PATIENCE, stream.read_to_string(&mut response))
        .await
        .expect("an answer in time")
        .unwrap();
    parse(&response)
}

fn parse(response: &str) -> Answer {
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP answer");
    let mut lines = head.lines();
    let status = lines.next().unwrap()[9..12].parse().unwrap();
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: serde_json::from_str(body).unwrap_or(Value::String(body.to_owned())),
    }
}

/// `POST path` with a JSON body and extra header lines.
async fn post(addr: SocketAddr, path: &str, body: &str, extra: &str) -> Answer {
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
        body.len()
    );
    raw(addr, &request).await
}

fn assert_rate_limited(answer: &Answer) {
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert_eq!(answer.body["code"], "rate_limited");
    assert!(
        answer.body["message"]
            .as_str()
            .unwrap()
            .contains("try again in")
    );
    let wait: u64 = answer.header("retry-after").unwrap().parse().unwrap();
    assert!(wait >= 1, "Retry-After: {wait}");
}

#[tokio::test]
async fn one_address_creates_only_so_many_rooms() {
    let addr = start(&["--room-burst", "3", "--room-rate", "1"]).await;
    for _ in 0..3 {
        assert_eq!(post(addr, "/api/rooms", DUEL, "").await.status, 201);
    }
    let refused = post(addr, "/api/rooms", DUEL, "").await;
    assert_rate_limited(&refused);
    // One room a minute: the next is a minute away, give or take the test's own time.
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((50..=60).contains(&wait), "Retry-After: {wait}");
    // Other requests are not limited.
    assert_eq!(http(addr, "GET", "/api/rule-sets", None).await.0, 200);
}

#[tokio::test]
async fn one_address_takes_only_so_many_seats() {
    let addr = start(&["--seat-burst", "2", "--seat-rate", "1"]).await;
    let first = create_room(addr, serde_json::from_str(DUEL).unwrap()).await;
    let second = create_room(addr, serde_json::from_str(DUEL).unwrap()).await;
    take_seat(addr, &first, "Ada").await;
    take_seat(addr, &first, "Ben").await;
    let path = format!("/api/rooms/{second}/seats");
    let refused = post(addr, &path, r#"{"name": "Cleo"}"#, "").await;
    assert_rate_limited(&refused);
    let info = http(addr, "GET", &format!("/api/rooms/{second}"), None)
        .await
        .1;
    assert_eq!(
        info["seats"][0]["name"],
        json!(null),
        "the refused seat stays free"
    );
}

#[tokio::test]
async fn one_address_holds_only_so_many_game_connections() {
    let addr = start(&["--sockets-per-address", "2"]).await;
    let url = format!("ws://{addr}/ws");
    let first = tokio_tungstenite::connect_async(&url).await.unwrap().0;
    let second = tokio_tungstenite::connect_async(&url).await.unwrap().0;
    let refused = tokio_tungstenite::connect_async(&url).await.unwrap_err();
    assert!(refused.to_string().contains("429"), "{refused}");
    drop(first);
    // The closed connection is given back once the server has seen it close.
    let deadline = Instant::now() + PATIENCE;
    while tokio_tungstenite::connect_async(&url).await.is_err() {
        assert!(
            Instant::now() < deadline,
            "the closed connection was never given back"
        );
        sleep(Duration::from_millis(20)).await;
    }
    drop(second);
}

#[tokio::test]
async fn forwarded_for_names_the_client_only_when_trusted() {
    let from = |address: &str| format!("X-Forwarded-For: 203.0.113.9, {address}\r\n");
    let trusting = start(&["--room-burst", "1", "--trust-forwarded-for"]).await;
    let alone = start(&["--room-burst", "1"]).await;
    for addr in [trusting, alone] {
        assert_eq!(
            post(addr, "/api/rooms", DUEL, &from("192.0.2.1"))
                .await
                .status,
            201
        );
    }
    // Behind a trusted proxy, another client has a limit of its own, and the entries a
    // client wrote before the proxy's do not make it another one.
    let other = post(trusting, "/api/rooms", DUEL, &from("192.0.2.2")).await;
    assert_eq!(other.status, 201);
    let spoofed = "X-Forwarded-For: 192.0.2.3, 192.0.2.1\r\n";
    assert_rate_limited(&post(trusting, "/api/rooms", DUEL, spoofed).await);
    // Without the flag the header is the client's own word, and ignored.
    assert_rate_limited(&post(alone, "/api/rooms", DUEL, &from("192.0.2.2")).await);
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_announced_or_not() {
    let addr = start(&["--max-body", "64"]).await;
    let big = format!(r#"{{"name": "{}"}}"#, "x".repeat(100));
    let announced = post(addr, "/api/rooms", &big, "").await;
    assert_eq!(announced.status, 413, "{}", announced.body);
    assert_eq!(announced.body["code"], "too_large");
    // Chunked: no length up front, so it is cut off where it is read.
    let request = format!(
        "POST /api/rooms HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{big}\r\n0\r\n\r\n",
        big.len()
    );
    let chunked = raw(addr, &request).await;
    assert_eq!(chunked.status, 413, "{}", chunked.body);
    assert_eq!(chunked.body["code"], "too_large");
    // Within the limit, all is as before.
    assert_eq!(post(addr, "/api/rooms", DUEL, "").await.status, 201);
}

#[tokio::test]
async fn headers_sent_too_slowly_lose_the_connection() {
    let addr = start(&["--header-timeout", "1"]).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut rest = Vec::new();
    let ended = timeout(PATIENCE, stream.read_to_end(&mut rest)).await;
    assert!(ended.is_ok(), "the connection is still open");
    let answer = String::from_utf8_lossy(&rest);
    assert!(!answer.contains(" 200 "), "{answer}");
    assert_eq!(http(addr, "GET", "/healthz", None).await.0, 200);
}

#[tokio::test]
async fn a_request_over_its_deadline_is_answered_408() {
    let addr = start(&["--request-timeout", "1"]).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/rooms HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\nConnection: close\r\n\r\n{{\"rule_set\""
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut response = String::new();
    timeout(PATIENCE, stream.read_to_string(&mut response))
        .await
        .expect("an answer in time")
        .unwrap();
    let answer = parse(&response);
    assert_eq!(answer.status, 408, "{}", answer.body);
    assert_eq!(answer.body["code"], "timed_out");
}

#[tokio::test]
async fn a_room_nobody_sat_down_in_closes_sooner() {
    let addr = start(&["--room-idle-unseated", "1", "--room-idle", "3600"]).await;
    let empty = create_room(addr, serde_json::from_str(DUEL).unwrap()).await;
    let seated = create_room(addr, serde_json::from_str(DUEL).unwrap()).await;
    take_seat(addr, &seated, "Ada").await;
    // Asking about a room is activity too: ask less often than its idle time.
    let started = Instant::now();
    while http(addr, "GET", &format!("/api/rooms/{empty}"), None)
        .await
        .0
        != 404
    {
        assert!(started.elapsed() < PATIENCE, "the empty room is still open");
        sleep(Duration::from_millis(1500)).await;
    }
    assert_eq!(
        http(addr, "GET", &format!("/api/rooms/{seated}"), None)
            .await
            .0,
        200,
        "a room with a player keeps the longer idle time"
    );
}
