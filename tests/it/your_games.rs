//! A player's list of games over real HTTP (`POST /api/rooms/mine`): one answer per token, in
//! the order asked, that fits the published schema; `not_yours` alike for a stranger's token
//! and a room that is not there; refusals of a request too long or malformed; the rate limit;
//! and turn timers of up to fourteen days a step.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::common::{
    Client, FOR_BOTS, create_room, http, play_out, room_settings, start, take_seat,
};
use hesy::client::Bot;
use hesy::rules::examples::san_martin_duel;
use serde_json::{Value, json};

const MINE: &str = "/api/rooms/mine";

/// Asks for the games of `seats` (room, token); the status and the answer.
async fn mine(addr: SocketAddr, seats: &[(&str, &str)]) -> (u16, Value) {
    let tokens: Vec<Value> = seats
        .iter()
        .map(|(room, token)| json!({"room": room, "token": token}))
        .collect();
    http(addr, "POST", MINE, Some(json!({ "tokens": tokens }))).await
}

/// Fails unless `answer` fits `protocol/schema/mine.json`.
fn fits_the_schema(answer: &Value) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("protocol/schema/mine.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(answer)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{answer}");
}

/// A duel with a day a step, both seats taken; its code and the two tokens.
async fn daily_duel(addr: SocketAddr) -> (String, String, String) {
    let settings = room_settings(san_martin_duel(), json!({"turn_timer": 86_400}));
    let code = create_room(addr, settings).await;
    let (_, ada) = take_seat(addr, &code, "Ada").await;
    let (_, ben) = take_seat(addr, &code, "Ben").await;
    (code, ada, ben)
}

#[tokio::test]
async fn each_token_is_answered_in_the_order_asked() {
    let addr = start(&[]).await;
    let (playing, ada, ben) = daily_duel(addr).await;
    let waiting = create_room(addr, room_settings(san_martin_duel(), json!({}))).await;
    let (_, ada_waiting) = take_seat(addr, &waiting, "Ada").await;
    let stranger = "cd".repeat(32);
    let (status, answer) = mine(
        addr,
        &[
            (&playing, &ada),
            (&waiting, &ada_waiting),
            (&playing, &ben),
            (&waiting, &ada),
            ("abcdefghij", &ada),
            (&playing, &stranger),
        ],
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    fits_the_schema(&answer);
    let rooms = answer["rooms"].as_array().unwrap();
    let answers: Vec<&str> = rooms
        .iter()
        .map(|r| r["answer"].as_str().unwrap())
        .collect();
    let codes: Vec<&str> = rooms.iter().map(|r| r["room"].as_str().unwrap()).collect();
    assert_eq!(
        answers,
        [
            "seated",
            "seated",
            "seated",
            "not_yours",
            "not_yours",
            "not_yours"
        ]
    );
    assert_eq!(
        codes,
        [
            &*playing,
            &*waiting,
            &*playing,
            &*waiting,
            "abcdefghij",
            &*playing
        ]
    );
    for not_yours in &rooms[3..] {
        assert_eq!(not_yours.as_object().unwrap().len(), 2, "{not_yours}");
    }

    let (ada, ben) = (&rooms[0], &rooms[2]);
    assert_eq!(ada["rule_set"], "mehen-san-martin");
    assert_eq!(
        (&ada["status"], &ada["you"], &ben["you"]),
        (&json!("playing"), &json!(0), &json!(1))
    );
    assert_eq!(ada["seats"][1]["name"], "Ben");
    assert_eq!(ada["turn_timer"], 86_400);
    let waiting_on = ada["waiting_on"].as_array().unwrap();
    assert_eq!(waiting_on.len(), 1);
    assert_eq!(ada["your_turn"], waiting_on.contains(&ada["you"]));
    assert_eq!(ben["your_turn"], waiting_on.contains(&ben["you"]));
    assert_ne!(ada["your_turn"], ben["your_turn"]);
    let left = ada["deadline_ms"].as_u64().unwrap() - answer["now_ms"].as_u64().unwrap();
    assert!((86_000_000..=86_400_000).contains(&left), "{left} ms left");

    let waiting = &rooms[1];
    assert_eq!(waiting["status"], "waiting");
    assert_eq!(
        (&waiting["your_turn"], &waiting["deadline_ms"]),
        (&json!(false), &Value::Null)
    );
    assert!(
        !answer.to_string().contains(&ada_waiting),
        "a token is never sent back"
    );
}

#[tokio::test]
async fn a_finished_game_says_who_won() {
    let addr = start(FOR_BOTS).await;
    let code = create_room(addr, room_settings(san_martin_duel(), json!({}))).await;
    let (_, first) = take_seat(addr, &code, "Ada").await;
    let (_, second) = take_seat(addr, &code, "Ben").await;
    let ada = tokio::spawn(play_out(
        Client::join(addr, &code, &first).await,
        Bot::new(0, 3),
    ));
    play_out(Client::join(addr, &code, &second).await, Bot::new(1, 4)).await;
    let ada = ada.await.unwrap();
    let (_, answer) = mine(addr, &[(&code, &first)]).await;
    fits_the_schema(&answer);
    let over = &answer["rooms"][0];
    assert_eq!(
        (&over["status"], &over["your_turn"]),
        (&json!("over"), &json!(false))
    );
    assert_eq!(over["waiting_on"], json!([]));
    assert_eq!(over["winner"], ada.state["game"]["outcome"]["winner"]);
    assert!(over["winner"].is_u64(), "{over}");
}

#[tokio::test]
async fn a_request_too_long_or_malformed_is_refused() {
    let addr = start(&[]).await;
    let (code, ada, _) = daily_duel(addr).await;
    let many = vec![(&*code, &*ada); 51];
    let (status, refusal) = mine(addr, &many).await;
    assert_eq!((status, &refusal["code"]), (400, &json!("bad_request")));
    let (status, answer) = mine(addr, &many[..50]).await;
    assert_eq!(
        (status, answer["rooms"].as_array().unwrap().len()),
        (200, 50)
    );
    for body in [
        json!({"tokens": [{"room": code, "token": "not a token"}]}),
        json!({"tokens": [{"room": code, "token": ada, "seat": 0}]}),
        json!({"rooms": []}),
        json!([]),
    ] {
        let (status, refusal) = http(addr, "POST", MINE, Some(body.clone())).await;
        assert_eq!(
            (status, &refusal["code"]),
            (400, &json!("bad_request")),
            "{body}"
        );
    }
    let (status, _) = http(addr, "GET", MINE, None).await;
    assert_eq!(status, 405, "tokens never travel in a URL");
}

#[tokio::test]
async fn lists_of_games_are_rate_limited_per_address() {
    let addr = start(&["--lookup-burst", "2", "--lookup-rate", "1"]).await;
    for _ in 0..2 {
        assert_eq!(mine(addr, &[]).await.0, 200);
    }
    let (status, refusal) = mine(addr, &[]).await;
    assert_eq!((status, &refusal["code"]), (429, &json!("rate_limited")));
}

#[tokio::test]
async fn a_turn_timer_may_be_two_weeks() {
    let addr = start(&[]).await;
    let fortnight = 14 * 24 * 60 * 60;
    let settings = |seconds: u32| room_settings(san_martin_duel(), json!({"turn_timer": seconds}));
    let code = create_room(addr, settings(fortnight)).await;
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{code}"), None).await;
    assert_eq!(info["turn_timer"], fortnight);
    let (status, refusal) = http(addr, "POST", "/api/rooms", Some(settings(fortnight + 1))).await;
    assert_eq!((status, &refusal["code"]), (400, &json!("bad_request")));

    let (_, ada) = take_seat(addr, &code, "Ada").await;
    take_seat(addr, &code, "Ben").await;
    let (_, answer) = mine(addr, &[(&code, &ada)]).await;
    let left =
        answer["rooms"][0]["deadline_ms"].as_u64().unwrap() - answer["now_ms"].as_u64().unwrap();
    assert!(left > 1_209_000_000, "{left} ms left of two weeks");
}
