//! Computer players over real sockets: a seat given to one over HTTP, refused at a table
//! where no person sits, and whole games of every rule set between a person and computer
//! players, the computers' moves in the log as their own (Kendall–Skiryuk Mehen, whose
//! games run about 1,500 moves, is played by computers in its own tests and the arena).

use std::net::SocketAddr;

use crate::common::{
    Client, FOR_BOTS, create_room, http, play_out_allowing, room_settings, start, take_seat,
};
use hesy::client::Bot;
use hesy::rules::examples::{san_martin_duel, san_martin_teams};
use serde_json::{Value, json};

async fn seat_computer(addr: SocketAddr, code: &str, body: Value) -> (u16, Value) {
    http(
        addr,
        "POST",
        &format!("/api/rooms/{code}/seats"),
        Some(body),
    )
    .await
}

#[tokio::test]
async fn a_computer_player_sits_only_at_a_table_where_a_person_sits() {
    let addr = start(&[]).await;
    let code = create_room(addr, json!({"rule_set": "senet"})).await;
    let (status, refusal) = seat_computer(addr, &code, json!({"computer": "strong"})).await;
    assert_eq!((status, refusal["code"].clone()), (409, json!("no_person")));
    let (status, refusal) =
        seat_computer(addr, &code, json!({"name": "Ada", "computer": "easy"})).await;
    assert_eq!(
        (status, refusal["code"].clone()),
        (400, json!("bad_request"))
    );
    let (status, _) = seat_computer(addr, &code, json!({})).await;
    assert_eq!(status, 400);
    let (status, _) = seat_computer(addr, &code, json!({"computer": "genius"})).await;
    assert_eq!(status, 400);

    take_seat(addr, &code, "Ada").await;
    let (status, taken) = seat_computer(addr, &code, json!({"computer": "strong"})).await;
    assert_eq!(status, 201, "{taken}");
    assert_eq!(taken, json!({"seat": 1, "computer": "strong"}), "no token");
    let (_, room) = http(addr, "GET", &format!("/api/rooms/{code}"), None).await;
    assert_eq!(room["status"], "playing");
    assert_eq!(room["seats"][1]["computer"], "strong");
    assert_eq!(room["seats"][1]["connected"], true);
    assert_eq!(room["seats"][0]["computer"], Value::Null);
}

#[tokio::test]
async fn a_person_plays_every_rule_set_against_computer_players() {
    let addr = start(&[FOR_BOTS, &["--computer-delay", "0"]].concat()).await;
    let settings = [
        room_settings(san_martin_duel(), json!({})),
        room_settings(san_martin_teams(), json!({})),
        json!({"rule_set": "mehen-pharaohs", "options": {"players": 4}}),
        json!({"rule_set": "senet"}),
        json!({"rule_set": "men-asymmetric"}),
        json!({"rule_set": "men-symmetric"}),
    ];
    for (n, settings) in settings.into_iter().enumerate() {
        let code = create_room(addr, settings.clone()).await;
        let (seat, token) = take_seat(addr, &code, "Ada").await;
        let client = Client::join(addr, &code, &token).await;
        let seats = client.state["seats"].as_array().unwrap().len();
        // The room's path is the same for both strengths; the strong one thinks longer, so
        // it plays only the duel here (the rule sets' own tests cover its choices).
        for _ in 1..seats {
            let strength = if seats == 2 && n == 0 {
                "strong"
            } else {
                "easy"
            };
            let (status, taken) = seat_computer(addr, &code, json!({"computer": strength})).await;
            assert_eq!(status, 201, "{settings}: {taken}");
        }
        // A move a computer teammate made first comes back as stale, as it would to a person.
        let bot = Bot::new(seat, 40 + n as u64);
        let client = play_out_allowing(client, bot, &["stale_version"]).await;
        let computers: Vec<&Value> = client
            .log
            .iter()
            .filter(|entry| entry["seat"] != json!(seat))
            .collect();
        assert!(!computers.is_empty(), "{settings}: the computers moved");
        assert!(
            computers.iter().all(|entry| entry["auto"] == false),
            "{settings}: a computer's move is its own, not a stand-in's"
        );
        let proposals = client
            .frames
            .iter()
            .filter(|frame| frame.contains("\"type\":\"proposal\""))
            .count();
        if settings["options"]["mode"] == "teams" {
            assert!(proposals > 0, "computer teammates propose their guesses");
        }
    }
}

/// With no delay at all, a computer's throw still waits for the link of the person at the
/// table: every throw of the game rests on the person's chain as well as the server's value.
#[tokio::test]
async fn a_computers_throw_waits_for_the_persons_link() {
    let addr = start(&[FOR_BOTS, &["--computer-delay", "0"]].concat()).await;
    let code = create_room(addr, json!({"rule_set": "senet"})).await;
    let (seat, token) = take_seat(addr, &code, "Ada").await;
    let mut client = Client::join(addr, &code, &token).await;
    let mut bot = Bot::new(seat, 5);
    let chain = bot.decide(&client.state, client.version).expect("a chain");
    client.send(chain).await;
    client
        .until(|state| !state["throws"]["chains"].as_array().unwrap().is_empty())
        .await;
    let (status, taken) = seat_computer(addr, &code, json!({"computer": "easy"})).await;
    assert_eq!(status, 201, "{taken}");
    let client = play_out_allowing(client, bot, &["stale_version"]).await;
    let proofs: Vec<&Value> = client
        .log
        .iter()
        .map(|entry| &entry["throw"])
        .filter(|proof| !proof.is_null())
        .collect();
    let computers = client
        .log
        .iter()
        .filter(|entry| !entry["throw"].is_null() && entry["seat"] != json!(seat))
        .count();
    assert!(computers > 0, "the computer threw");
    for proof in proofs {
        let links = proof["links"].as_array().unwrap();
        assert!(
            links.iter().any(|link| link["seat"] == json!(seat)),
            "the person's link is in {proof}"
        );
    }
}
