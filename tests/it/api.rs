//! The HTTP API: rooms, seats, rematches, health and metrics, and their refusals.

use crate::common::{
    Client, FOR_BOTS, create_room, http, play_out, room_settings, start, take_seat,
};
use hesy::client::Bot;
use hesy::rules::examples::san_martin_duel;
use serde_json::json;

#[tokio::test]
async fn a_room_is_created_read_and_seated() {
    let addr = start(&[]).await;
    let (status, created) = http(
        addr,
        "POST",
        "/api/rooms",
        Some(json!({"rule_set": "mehen-san-martin", "options": {"mode": "teams"}})),
    )
    .await;
    assert_eq!(status, 201);
    let code = created["code"].as_str().unwrap();
    assert_eq!(created["link"], format!("http://{addr}/r/{code}"));

    let path = format!("/api/rooms/{code}");
    let (status, info) = http(addr, "GET", &path, None).await;
    assert_eq!(status, 200);
    assert_eq!(info["options"]["mode"], "teams");
    assert_eq!(info["rule_set"], "mehen-san-martin");
    assert_eq!(info["options"]["board"], "compact");
    assert_eq!(info["commitment"], "server");
    assert_eq!(info["turn_timer"], json!(null));
    assert_eq!(info["status"], "waiting");
    assert_eq!(info["seats"].as_array().unwrap().len(), 6);
    assert_eq!(info["seats"][3]["side"], "Lionesses");

    let seats = format!("/api/rooms/{code}/seats");
    let (status, seat) = http(
        addr,
        "POST",
        &seats,
        Some(json!({"name": " Nefer ", "seat": 4})),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(seat["seat"], 4);
    assert_eq!(seat["token"].as_str().unwrap().len(), 64);
    let (_, info) = http(addr, "GET", &path, None).await;
    assert_eq!(info["seats"][4]["name"], "Nefer");
    assert_eq!(info["seats"][4]["connected"], false);
    assert!(!info.to_string().contains(seat["token"].as_str().unwrap()));
}

#[tokio::test]
async fn bad_requests_are_refused_with_a_code() {
    let addr = start(&["--turn-timer", "45"]).await;
    let refusal = |status: u16, code: &str| (status, code.to_owned());
    let ask = |method: &'static str, path: String, body| async move {
        let (status, body) = http(addr, method, &path, body).await;
        (status, body["code"].as_str().unwrap_or_default().to_owned())
    };
    let rooms = "/api/rooms".to_owned();
    assert_eq!(
        ask(
            "POST",
            rooms.clone(),
            Some(json!({"rule_set": "mehen-san-martin", "options": {"mode": "chess"}}))
        )
        .await,
        refusal(400, "bad_request")
    );
    assert_eq!(
        ask("POST", rooms.clone(), None).await,
        refusal(400, "bad_request")
    );
    let slow = room_settings(san_martin_duel(), json!({"turn_timer": 1_209_601}));
    assert_eq!(
        ask("POST", rooms.clone(), Some(slow)).await,
        refusal(400, "bad_request")
    );
    assert_eq!(
        ask("GET", "/api/rooms/abcdefghij".into(), None).await,
        refusal(404, "no_such_room")
    );
    assert_eq!(
        ask("GET", "/api/rooms/NOT-A-CODE".into(), None).await,
        refusal(404, "no_such_room")
    );

    let code = create_room(addr, room_settings(san_martin_duel(), json!({}))).await;
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{code}"), None).await;
    assert_eq!(info["turn_timer"], 45, "the server's default timer");
    let untimed = create_room(
        addr,
        room_settings(san_martin_duel(), json!({"turn_timer": 0})),
    )
    .await;
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{untimed}"), None).await;
    assert_eq!(info["turn_timer"], json!(null), "0 turns the timer off");

    let seats = format!("/api/rooms/{code}/seats");
    let named = |name: &str, seat: u8| Some(json!({"name": name, "seat": seat}));
    assert_eq!(
        ask("POST", seats.clone(), named("", 0)).await,
        refusal(400, "bad_request")
    );
    assert_eq!(
        ask("POST", seats.clone(), named(&"n".repeat(25), 0)).await,
        refusal(400, "bad_request")
    );
    assert_eq!(
        ask("POST", seats.clone(), named("Ada", 2)).await,
        refusal(400, "no_such_seat")
    );
    assert_eq!(ask("POST", seats.clone(), named("Ada", 1)).await.0, 201);
    assert_eq!(
        ask("POST", seats.clone(), named("Ben", 1)).await,
        refusal(409, "seat_taken")
    );

    let rematch = format!("/api/rooms/{code}/rematch");
    let stranger = Some(json!({"token": "cd".repeat(32)}));
    assert_eq!(
        ask("POST", rematch.clone(), stranger).await,
        refusal(403, "bad_token")
    );
}

#[tokio::test]
async fn a_rematch_starts_a_new_game_in_the_same_room() {
    let addr = start(FOR_BOTS).await;
    let code = create_room(addr, room_settings(san_martin_duel(), json!({}))).await;
    let (_, first) = take_seat(addr, &code, "Ada").await;
    let (_, second) = take_seat(addr, &code, "Ben").await;
    let rematch = format!("/api/rooms/{code}/rematch");
    let (status, body) = http(addr, "POST", &rematch, Some(json!({"token": first}))).await;
    assert_eq!((status, body["code"].as_str().unwrap()), (409, "not_over"));

    let ada = tokio::spawn(play_out(
        Client::join(addr, &code, &first).await,
        Bot::new(0, 5),
    ));
    let ben = play_out(Client::join(addr, &code, &second).await, Bot::new(1, 6)).await;
    let mut ada = ada.await.unwrap();
    let old_game = ada.state["game_id"].clone();

    let (status, info) = http(addr, "POST", &rematch, Some(json!({"token": second}))).await;
    assert_eq!(status, 200);
    assert_eq!(info["game_number"], 2);
    assert_eq!(info["status"], "playing");
    ada.until_type("snapshot").await;
    assert_ne!(ada.state["game_id"], old_game);
    assert_eq!(ada.state["game"]["phase"]["phase"], "conceal");
    assert!(ada.log.is_empty());
    assert_eq!(ada.state["seats"][1]["name"], "Ben");
    drop(ben);
}

#[tokio::test]
async fn health_and_metrics_answer() {
    let addr = start(&[]).await;
    let (status, body) = http(addr, "GET", "/healthz", None).await;
    assert_eq!(status, 200);
    assert_eq!(body, json!({"status": "ok", "persistence": "off"}));
    let code = create_room(addr, room_settings(san_martin_duel(), json!({}))).await;
    let _watcher = Client::spectate(addr, &code).await;
    let (status, body) = http(addr, "GET", "/metrics", None).await;
    assert_eq!(status, 200);
    let text = body.as_str().unwrap();
    assert!(text.contains("hesy_rooms 1\n"), "{text}");
    assert!(text.contains("hesy_connections 1\n"), "{text}");
    assert!(text.contains("hesy_frames_out_total "), "{text}");
    assert!(text.contains("hesy_dropped_consumers_total 0\n"), "{text}");
}
