//! Whole games over real sockets: a duel and a six-player game to their result, every reveal
//! checked against its commitment, and the trustless mode end to end.

use crate::common::{
    Client, FOR_BOTS, create_room, play_out, room_settings, start, take_seat, verify_reveals,
};
use hesy::client::{Bot, game_id};
use hesy::rules::examples::{san_martin_duel, san_martin_teams};
use serde_json::{Value, json};

/// Seats every player of a new room, plays it out with bots, and returns every client and a
/// spectator who watched it all.
async fn play_game(settings: Value, seed: u64) -> (Vec<Client>, Client) {
    let addr = start(FOR_BOTS).await;
    let code = create_room(addr, settings).await;
    let spectator = Client::spectate(addr, &code).await;
    let mut tokens = Vec::new();
    let seats = spectator.state["seats"].as_array().unwrap().len();
    for n in 0..seats {
        tokens.push(take_seat(addr, &code, &format!("player {n}")).await);
    }
    let mut players = Vec::new();
    for (seat, token) in &tokens {
        let client = Client::join(addr, &code, token).await;
        let bot = Bot::new(*seat, seed + u64::from(*seat));
        players.push(tokio::spawn(play_out(client, bot)));
    }
    let watcher = tokio::spawn(async move {
        let mut spectator = spectator;
        spectator.until(|state| state["status"] == "over").await;
        spectator
    });
    let mut clients = Vec::new();
    for player in players {
        clients.push(player.await.unwrap());
    }
    (clients, watcher.await.unwrap())
}

fn first_turn(mode: &str) -> u64 {
    if mode == "duel" { 1 } else { 0 }
}

#[tokio::test]
async fn a_duel_is_played_to_a_result_and_every_reveal_verifies() {
    let (players, spectator) = play_game(room_settings(san_martin_duel(), json!({})), 1).await;
    let outcome = &spectator.state["game"]["outcome"];
    assert!(outcome["winner"].is_u64(), "{outcome}");
    for player in &players {
        assert_eq!(&player.state["game"]["outcome"], outcome);
    }
    let verified = verify_reveals(
        &spectator.log,
        game_id(&spectator.state).unwrap(),
        first_turn("duel"),
    );
    assert!(verified > 0);
    assert_eq!(players[0].log, spectator.log);
}

#[tokio::test]
async fn a_six_player_game_is_played_to_a_result() {
    let (players, spectator) = play_game(room_settings(san_martin_teams(), json!({})), 2).await;
    let outcome = &spectator.state["game"]["outcome"];
    assert!(outcome["winner"].is_u64(), "{outcome}");
    assert_eq!(players.len(), 6);
    for player in &players {
        assert_eq!(player.state["game"], spectator.state["game"]);
    }
    let verified = verify_reveals(
        &spectator.log,
        game_id(&spectator.state).unwrap(),
        first_turn("teams"),
    );
    assert!(verified > 0);
}

#[tokio::test]
async fn a_trustless_game_commits_and_reveals_from_the_clients() {
    let settings = room_settings(san_martin_duel(), json!({"commitment": "trustless"}));
    let (players, spectator) = play_game(settings, 3).await;
    assert!(spectator.state["game"]["outcome"]["winner"].is_u64());
    let verified = verify_reveals(
        &spectator.log,
        game_id(&spectator.state).unwrap(),
        first_turn("duel"),
    );
    assert!(verified > 0);
    // The server never held a number: no client was ever shown a hand.
    for player in &players {
        assert!(
            !player
                .frames
                .iter()
                .any(|f| f.contains("\"hand\":") && !f.contains("\"hand\":null"))
        );
    }
}

/// The seam carries a second rule set end to end: a six-player game of Pharaohs-and-lions
/// Mehen, hidden numbers and all, played by the same scripted players to one outcome, with
/// the server committing and with the clients committing.
#[tokio::test]
async fn a_six_player_pharaohs_game_is_played_to_a_result() {
    for commitment in ["server", "trustless"] {
        let settings = json!({"rule_set": "mehen-pharaohs", "options": {"players": 6},
            "commitment": commitment});
        let (players, spectator) = play_game(settings, 7).await;
        let outcome = &spectator.state["game"]["outcome"];
        assert!(outcome["winner"].is_u64(), "{}", spectator.state["game"]);
        for player in &players {
            assert_eq!(&player.state["game"]["outcome"], outcome);
        }
    }
}
