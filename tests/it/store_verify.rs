//! `hesy verify` passes on a real exported game and fails, naming the action, on a tampered
//! one.

use crate::common::store::{TEAM_CANARY, TestDb, finished_game};
use hesy::rules::mehen::Mode;
use hesy::store::bundle::Bundle;
use hesy::store::verify::verify_bundle;
use hesy::store::verify_cli;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A real game, stored in SQLite and exported as the archive serves it.
async fn exported_bundle() -> Value {
    let db = TestDb::sqlite();
    let store = db.connect().await;
    let (game, entries) = finished_game(Mode::Teams, "player", 0, 21);
    store.write(&entries).await.expect("write");
    let bundle = store
        .bundle(game.id)
        .await
        .expect("read")
        .expect("finished");
    db.drop_database().await;
    serde_json::to_value(bundle).expect("json")
}

/// The failures `verify_bundle` finds in `bundle`, as printed.
fn failures(bundle: &Value) -> Vec<String> {
    let bundle: Bundle = serde_json::from_value(bundle.clone()).expect("a bundle");
    verify_bundle(&bundle)
        .failures
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The position in `actions` of the first action of `kind`.
fn first(bundle: &Value, kind: &str) -> usize {
    let actions = bundle["actions"].as_array().expect("actions");
    actions
        .iter()
        .position(|a| a["action"]["type"] == kind)
        .expect("such an action")
}

#[tokio::test]
async fn a_real_game_verifies_from_a_file() {
    let bundle = exported_bundle().await;
    let text = bundle.to_string();
    assert!(
        !text.contains(TEAM_CANARY),
        "team chat never leaves its team"
    );
    assert!(!text.contains("token"), "no token hash in a bundle");
    let path = std::env::temp_dir().join(format!("hesy-bundle-{}.json", uuid::Uuid::new_v4()));
    std::fs::write(&path, text).expect("write the bundle");
    let passed = verify_cli::run(path.to_str().expect("utf-8 path")).await;
    std::fs::remove_file(&path).expect("remove the bundle");
    assert!(passed.expect("a readable bundle"));
}

/// Serves `body` with `status` to one HTTP request on a loopback port; returns the URL.
async fn serve_once(status: &'static str, body: String) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!(
        "http://{}/games/1/bundle",
        listener.local_addr().expect("address")
    );
    tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.expect("a request");
        let mut request = Vec::new();
        while !request.ends_with(b"\r\n\r\n") {
            let mut byte = [0u8; 1];
            socket.read_exact(&mut byte).await.expect("read");
            request.push(byte[0]);
        }
        let head = format!(
            "HTTP/1.1 {status}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        );
        socket.write_all(head.as_bytes()).await.expect("write");
        socket.write_all(body.as_bytes()).await.expect("write");
    });
    url
}

#[tokio::test]
async fn a_bundle_verifies_from_a_url() {
    let url = serve_once("200 OK", exported_bundle().await.to_string()).await;
    assert!(verify_cli::run(&url).await.expect("a readable bundle"));
    let missing = serve_once("404 Not Found", String::new()).await;
    assert!(verify_cli::run(&missing).await.is_err());
}

#[tokio::test]
async fn a_changed_nonce_is_named() {
    let mut bundle = exported_bundle().await;
    let reveal = first(&bundle, "reveal");
    let seq = bundle["actions"][reveal]["seq"].clone();
    let other_nonce = json!("00".repeat(32));
    bundle["actions"][reveal]["action"]["nonce"] = other_nonce.clone();
    bundle["actions"][reveal]["nonce"] = other_nonce;
    let failures = failures(&bundle);
    assert!(!failures.is_empty());
    let named = format!("action {seq}: the reveal does not open the commitment");
    assert!(failures.contains(&named), "{failures:?}");
}

#[tokio::test]
async fn a_changed_guess_is_named() {
    let mut bundle = exported_bundle().await;
    let guess = first(&bundle, "guess");
    let seq = bundle["actions"][guess]["seq"].clone();
    let number = bundle["actions"][guess]["action"]["number"]
        .as_u64()
        .expect("a number");
    // Still in range, but not what was guessed: the recorded events give it away.
    bundle["actions"][guess]["action"]["number"] = json!(if number == 1 { 2 } else { 1 });
    let failures = failures(&bundle);
    assert!(
        failures
            .iter()
            .all(|failure| failure.starts_with(&format!("action {seq}:")))
    );
    assert!(!failures.is_empty());
}

#[tokio::test]
async fn a_changed_result_fails_the_game() {
    let mut bundle = exported_bundle().await;
    let winner = bundle["game"]["result"]["winner"]
        .as_u64()
        .expect("a winner");
    bundle["game"]["result"]["winner"] = json!(1 - winner);
    let failures = failures(&bundle);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].starts_with("game: the replay ends in"));
}

#[tokio::test]
async fn a_malformed_bundle_is_an_error_not_a_verdict() {
    let path = std::env::temp_dir().join(format!("hesy-bundle-{}.json", uuid::Uuid::new_v4()));
    std::fs::write(&path, "{\"format\": 1}").expect("write");
    let result = verify_cli::run(path.to_str().expect("utf-8 path")).await;
    std::fs::remove_file(&path).expect("remove");
    assert!(result.is_err());
}

#[tokio::test]
async fn voiding_anything_but_a_concealment_is_named() {
    let mut bundle = exported_bundle().await;
    let reveal = first(&bundle, "reveal");
    let seq = bundle["actions"][reveal]["seq"].clone();
    bundle["actions"][reveal]["voided"] = json!(true);
    let failures = failures(&bundle);
    let named = format!("action {seq}: voided, but only a concealment and its guess may be");
    assert!(failures.contains(&named), "{failures:?}");
}
