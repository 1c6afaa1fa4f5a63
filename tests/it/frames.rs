//! Real frames against the published schema: games of every rule set (every preset, in
//! both commitment modes, of those that conceal numbers), played to their end by bots over real sockets and watched by a
//! spectator, with a second connection of a seat that chats, proposes, pings and sends
//! something unknown. Every frame each of them received must fit
//! `protocol/schema/server-message.json` (and, through it, the rule set's own schemas it
//! refers to); so must the state a client holds after every patch, and the events of every
//! patch must be those of the snapshot's rule set. The drift test (`tests/it/schema.rs`) keeps
//! the files in step with the code; this one keeps them in step with what is sent.

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::common::{Client, FOR_BOTS, apply, create_room, http, play_out, start, take_seat};
use hesy::client::Bot;
use hesy::fair::GameId;
use hesy::rules::Setup;
use jsonschema::Validator;
use serde_json::{Value, json};
use tokio::task::JoinSet;

/// The published schemas, as a third-party client would load them: from their files, each
/// reference resolved against the folder they are published in.
struct Published {
    frame: Validator,
    room_view: Validator,
    /// The events of each rule set, by name.
    events: BTreeMap<String, Validator>,
}

impl Published {
    fn load(rule_sets: &[&str]) -> Published {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("protocol/schema");
        let text = std::fs::read_to_string(dir.join("server-message.json")).unwrap();
        let frame: Value = serde_json::from_str(&text).unwrap();
        let validator = |schema: &Value, file: &str| {
            jsonschema::options()
                .with_base_uri(format!("file://{}/{file}", dir.display()))
                .build(schema)
                .unwrap_or_else(|error| panic!("the published schema does not load: {error}"))
        };
        let events = rule_sets
            .iter()
            .map(|&name| {
                let events = json!({
                    "type": "array",
                    "items": { "$ref": format!("rules/{name}/event.json") },
                });
                (name.to_owned(), validator(&events, ""))
            })
            .collect();
        Published {
            frame: validator(&frame, "server-message.json"),
            room_view: validator(
                &json!({ "$ref": "server-message.json#/$defs/RoomView" }),
                "",
            ),
            events,
        }
    }

    /// Checks every frame a client received, in order, and the state they build; the
    /// types of the frames.
    fn check(&self, who: &str, client: &Client) -> BTreeSet<String> {
        let mut state = Value::Null;
        let mut rule_set = String::new();
        let mut types = BTreeSet::new();
        for text in &client.frames {
            let frame: Value = serde_json::from_str(text).unwrap();
            fits(&self.frame, &frame, who, "a frame");
            apply(&mut state, &frame);
            let kind = frame["type"].as_str().unwrap_or_default();
            match kind {
                "snapshot" => rule_set = state["rule_set"].as_str().unwrap().to_owned(),
                "patch" => {
                    fits(&self.room_view, &state, who, "the state after a patch");
                    for entry in frame["log"].as_array().into_iter().flatten() {
                        fits(&self.events[&rule_set], &entry["events"], who, "events");
                    }
                }
                _ => {}
            }
            types.insert(kind.to_owned());
        }
        types
    }
}

/// Fails, saying where, unless `value` fits `schema`.
fn fits(schema: &Validator, value: &Value, who: &str, what: &str) {
    let errors: Vec<String> = schema
        .iter_errors(value)
        .map(|error| format!("{error} (at {})", error.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{who}: {what} does not fit the published schema:\n{}\n{value}",
        errors.join("\n")
    );
}

/// Everyone at one table, with everything each of them received: the seats' bots, a
/// spectator, and a second connection of seat 0 that says a little of everything.
async fn play(addr: SocketAddr, settings: Value, seed: u64) -> Vec<(String, Client)> {
    let code = create_room(addr, settings.clone()).await;
    let spectator = Client::spectate(addr, &code).await;
    let seats = spectator.state["seats"].as_array().unwrap().len();
    let mut tokens = Vec::new();
    for n in 0..seats {
        tokens.push(take_seat(addr, &code, &format!("player {n}")).await);
    }
    let mut talker = Client::join(addr, &code, &tokens[0].1).await;
    for message in [
        json!({"type": "ping", "id": 1}),
        json!({"type": "chat", "channel": "table", "text": "good luck"}),
        json!({"type": "chat", "channel": "team", "text": "they always hide 2"}),
        json!({"type": "propose", "number": 1}),
        json!({"type": "no_such_message"}),
    ] {
        talker.send(message).await;
    }
    let mut everyone = JoinSet::new();
    for (seat, token) in &tokens {
        let client = Client::join(addr, &code, token).await;
        let bot = Bot::new(*seat, seed + u64::from(*seat));
        let who = format!("{settings}, seat {seat}");
        everyone.spawn(async move { (who, play_out(client, bot).await) });
    }
    for (who, mut watcher) in [("spectator", spectator), ("second connection", talker)] {
        let who = format!("{settings}, {who}");
        everyone.spawn(async move {
            watcher.until(|state| state["status"] == "over").await;
            (who, watcher)
        });
    }
    everyone.join_all().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_frame_of_every_rule_set_fits_the_published_schema() {
    let many_rooms = [
        "--room-burst",
        "1000",
        "--seat-burst",
        "1000",
        "--sockets-per-address",
        "1000",
    ];
    let addr = start(&[FOR_BOTS, &many_rooms].concat()).await;
    let (status, offered) = http(addr, "GET", "/api/rule-sets", None).await;
    assert_eq!(status, 200, "{offered}");
    let mut tables = JoinSet::new();
    let mut names = Vec::new();
    for rule_set in offered["rule_sets"].as_array().unwrap() {
        let name = rule_set["name"].as_str().unwrap();
        names.push(name);
        let presets = rule_set["presets"].as_array().unwrap();
        let conceals = Setup::parse(name, presets[0]["options"].clone())
            .unwrap()
            .start(GameId([0; 16]))
            .guesses()
            .is_some();
        // A game that conceals numbers shows each set-up's teams and who commits in its
        // frames; a game of sticks frames its presets alike, and a long game of six
        // players adds minutes, not shapes, so its first preset stands for the rest.
        let presets = if conceals { presets } else { &presets[..1] };
        for preset in presets {
            let modes = if conceals {
                &["server", "trustless"][..]
            } else {
                &["server"]
            };
            for commitment in modes {
                let settings = json!({"rule_set": name, "options": preset["options"],
                    "commitment": commitment});
                tables.spawn(play(addr, settings, 10 * tables.len() as u64));
            }
        }
    }
    let published = Published::load(&names);
    let mut types = BTreeSet::new();
    for (who, client) in tables.join_all().await.into_iter().flatten() {
        types.extend(published.check(&who, &client));
    }
    let every = [
        "snapshot", "patch", "chat", "proposal", "presence", "error", "pong",
    ];
    assert_eq!(
        types,
        every.map(String::from).into(),
        "frames of every type"
    );
}
