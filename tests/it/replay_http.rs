//! The replay over HTTP: a duel played over real sockets, once finished, replays from
//! `/api/games/{id}/replay` through its rules, step for step the log the players saw, each
//! step's view what the game showed then, ending in the state they ended in. A game of
//! sticks replays with every throw's proof. Refused while the game is played, for an
//! unknown game, and on a server that keeps no games.

use crate::common::served::{Served, duel, play_to_the_end, settled, step};
use crate::common::store::TestDb;
use crate::common::{Client, FOR_BOTS, create_room, http, play_out, start, take_seat};
use hesy::client::Bot;
use serde_json::{Value, json};

async fn a_finished_game_replays_step_by_step(db: &TestDb) {
    let server = Served::start(&db.url(None), FOR_BOTS).await;
    let addr = server.addr;
    let (_, _, mut players) = duel(addr, 11).await;
    let id = players[0].0.state["game_id"].as_str().unwrap().to_owned();
    let path = format!("/api/games/{id}/replay");
    // The opening view, and whatever a few moves in the game awaits, as the players saw them.
    let opening = players[0].0.state["game"].clone();
    step(&mut players).await;
    settled(addr).await;
    let (status, body) = http(addr, "GET", &path, None).await;
    assert_eq!(
        (status, &body["code"]),
        (404, &json!("no_such_game")),
        "{body}"
    );

    play_to_the_end(&mut players).await;
    settled(addr).await;
    let (status, replay) = http(addr, "GET", &path, None).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(replay["id"], json!(id));
    assert_eq!(replay["rule_set"], "mehen-san-martin");
    assert_eq!(replay["options"]["mode"], "duel");
    assert_eq!(
        replay["seats"],
        json!([
            {"seat": 0, "team": 0, "side": "Carnelian", "name": "Ada"},
            {"seat": 1, "team": 1, "side": "Lapis", "name": "Ben"},
        ])
    );
    assert!(replay["result"].is_object(), "{replay}");
    assert_eq!(replay["start"]["view"], opening);
    assert_eq!(replay["start"]["awaiting"]["kind"], "conceal");

    // Step for step the log every player received, seat and events alike.
    let log = &players[0].0.log;
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.len(), log.len());
    for (k, (step, entry)) in steps.iter().zip(log).enumerate() {
        assert_eq!(step["seq"], json!(k), "{step}");
        assert_eq!(step["seat"], entry["seat"], "step {k}");
        assert_eq!(step["events"], entry["events"], "step {k}");
        assert!(
            step["view"].is_object() && step["awaiting"].is_object(),
            "step {k}"
        );
    }
    // A step's view is the game after it: a concealment shows the guess to come.
    let concealed = steps
        .iter()
        .find(|s| s["events"][0]["type"] == "concealed")
        .unwrap();
    assert_eq!(concealed["view"]["phase"]["phase"], "guess");
    assert_eq!(concealed["awaiting"]["kind"], "guess");
    // The last one is where the players ended.
    let last = steps.last().unwrap();
    assert_eq!(last["view"], players[1].0.state["game"]);
    assert_eq!(last["awaiting"], json!({"kind": "over"}));
    // Public views only: nobody's concealed hand.
    assert!(!replay.to_string().contains("\"hand\""));

    let missing = format!("/api/games/{}/replay", uuid::Uuid::new_v4());
    let (status, body) = http(addr, "GET", &missing, None).await;
    assert_eq!((status, &body["code"]), (404, &json!("no_such_game")));
    let (status, _) = http(addr, "GET", "/api/games/not-a-uuid/replay", None).await;
    assert_eq!(status, 404);
}

on_both_backends!(a_finished_game_replays_step_by_step);

#[tokio::test]
async fn a_game_of_sticks_replays_with_its_proofs() {
    let db = TestDb::sqlite();
    let server = Served::start(&db.url(None), FOR_BOTS).await;
    let addr = server.addr;
    let code = create_room(addr, json!({"rule_set": "senet"})).await;
    let mut spectator = Client::spectate(addr, &code).await;
    let mut players = Vec::new();
    for name in ["Ada", "Ben"] {
        let (seat, token) = take_seat(addr, &code, name).await;
        let client = Client::join(addr, &code, &token).await;
        players.push(tokio::spawn(play_out(
            client,
            Bot::new(seat, 3 + u64::from(seat)),
        )));
    }
    spectator.until(|state| state["status"] == "over").await;
    for player in players {
        player.await.unwrap();
    }
    settled(addr).await;
    let id = spectator.state["game_id"].as_str().unwrap();
    let (status, replay) = http(addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.len(), spectator.log.len());
    let mut throws = 0;
    for (step, entry) in steps.iter().zip(&spectator.log) {
        assert_eq!(step["events"], entry["events"]);
        // The proof as the log carried it, or none for a move.
        assert_eq!(step.get("throw"), entry.get("throw"), "{step}");
        throws += usize::from(step.get("throw").is_some());
    }
    assert!(throws > 0, "a game of Senet throws");
    assert_eq!(replay["start"]["awaiting"]["kind"], "throw");
    db.drop_database().await;
}

#[tokio::test]
async fn a_server_that_keeps_no_games_has_no_replays() {
    let addr = start(&[]).await;
    let path = format!("/api/games/{}/replay", uuid::Uuid::new_v4());
    let (status, body): (u16, Value) = http(addr, "GET", &path, None).await;
    assert_eq!(
        (status, &body["code"]),
        (404, &json!("no_archive")),
        "{body}"
    );
}
