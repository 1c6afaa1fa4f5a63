//! The archive over HTTP: a game played over real sockets, once finished, is listed by
//! `/api/games` and its bundle from `/api/games/{id}/bundle` verifies (with `hesy verify`
//! too), holds the table chat but never the team chat, and fails once tampered with,
//! naming the action.

use std::process::Command;

use crate::common::served::{Served, duel, play_to_the_end, settled, step};
use crate::common::store::TestDb;
use crate::common::{FOR_BOTS, http};
use hesy::store::bundle::Bundle;
use hesy::store::verify::verify_bundle;
use serde_json::json;

async fn a_finished_game_is_archived_and_verifies(db: &TestDb) {
    let server = Served::start(&db.url(None), FOR_BOTS).await;
    let addr = server.addr;
    let (_, seats, mut players) = duel(addr, 7).await;
    step(&mut players).await;
    let chat = |channel, text| json!({"type": "chat", "channel": channel, "text": text});
    players[0].0.send(chat("table", "good game")).await;
    players[0].0.send(chat("team", "team-secret")).await;
    let (status, page) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(
        (status, page["games"].as_array().map(Vec::len)),
        (200, Some(0))
    );
    play_to_the_end(&mut players).await;
    settled(addr).await;

    let (status, page) = http(addr, "GET", "/api/games?player=ada&per_page=5", None).await;
    assert_eq!(status, 200, "{page}");
    let games = page["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{page}");
    let id = games[0]["id"].as_str().unwrap();
    assert_eq!(games[0]["id"], players[0].0.state["game_id"]);
    assert!(games[0]["result"].is_object(), "{page}");
    assert_eq!(
        games[0]["seats"],
        json!([
            {"seat": 0, "team": 0, "side": "Carnelian", "name": "Ada"},
            {"seat": 1, "team": 1, "side": "Lapis", "name": "Ben"},
        ])
    );
    let (_, none) = http(addr, "GET", "/api/games?player=nobody", None).await;
    assert_eq!(none["games"], json!([]));

    // By the seat tokens a client holds, sent in the body.
    let stranger = "0".repeat(64);
    let mine = |tokens: Vec<&str>| json!({ "tokens": tokens, "per_page": 5 });
    let (status, yours) = http(
        addr,
        "POST",
        "/api/games/mine",
        Some(mine(vec![&stranger, &seats[1].1])),
    )
    .await;
    assert_eq!(status, 200, "{yours}");
    assert_eq!(yours["games"], page["games"]);
    let (_, theirs) = http(addr, "POST", "/api/games/mine", Some(mine(vec![&stranger]))).await;
    assert_eq!(theirs["games"], json!([]));
    for refused in [
        json!({ "tokens": [] }),
        json!({ "tokens": ["not a token"] }),
        json!({ "tokens": vec![stranger.clone(); 101] }),
    ] {
        let (status, body) = http(addr, "POST", "/api/games/mine", Some(refused)).await;
        assert_eq!(
            (status, &body["code"]),
            (400, &json!("bad_request")),
            "{body}"
        );
    }

    let path = format!("/api/games/{id}/bundle");
    let (status, body) = http(addr, "GET", &path, None).await;
    assert_eq!(status, 200, "{body}");
    let text = body.to_string();
    assert!(text.contains("good game") && !text.contains("team-secret"));
    let bundle: Bundle = serde_json::from_value(body).unwrap();
    let report = verify_bundle(&bundle);
    assert!(report.passed(), "{report}");
    assert_eq!(report.actions, players[0].0.log.len());

    let mut tampered = bundle.clone();
    let reveal = tampered
        .actions
        .iter_mut()
        .find(|action| action.reveal.is_some())
        .unwrap();
    reveal.reveal = reveal.reveal.map(|n| n % 6 + 1);
    let seq = reveal.seq;
    let report = verify_bundle(&tampered);
    assert!(!report.passed());
    assert_eq!(report.failures[0].seq, Some(seq), "{report}");

    // The command line, against the URL.
    let url = format!("http://{addr}{path}");
    let verify = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_hesy"))
            .args(["verify", &url])
            .output()
            .unwrap()
    });
    let output = verify.await.unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("verified"), "{stdout}");

    let missing = format!("/api/games/{}/bundle", uuid::Uuid::new_v4());
    assert_eq!(http(addr, "GET", &missing, None).await.0, 404);
}

on_both_backends!(a_finished_game_is_archived_and_verifies);
