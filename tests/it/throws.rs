//! Fair throws over real sockets: whole games of every stick rule set played by scripted
//! players that commit hash chains and give a link to every throw; every throw in the log
//! re-derives from its proof, and a tampered link, server value or faces fails, naming the
//! throw. The archived bundle verifies, and fails once a link in it is tampered with.

use crate::common;
use crate::common::store;
use crate::common::{Client, FOR_BOTS, create_room, http, play_out, start, take_seat};
use hesy::client::{Bot, game_id};
use hesy::fair::Hash32;
use hesy::fair::throw::{Audit, ThrowError, ThrowProof, digest, faces_of};
use hesy::rules::sticks::Sticks;
use hesy::store::bundle::Bundle;
use hesy::store::verify::verify_bundle;
use serde_json::{Value, json};

/// Seats bots in every seat of a new room on the server at `addr` and plays one game out;
/// the spectator who watched it all.
async fn play_game(addr: std::net::SocketAddr, settings: Value, seed: u64) -> Client {
    let code = create_room(addr, settings).await;
    let spectator = Client::spectate(addr, &code).await;
    let seats = spectator.state["seats"].as_array().unwrap().len();
    let mut players = Vec::new();
    for n in 0..seats {
        let (seat, token) = take_seat(addr, &code, &format!("player {n}")).await;
        let client = Client::join(addr, &code, &token).await;
        players.push(tokio::spawn(play_out(
            client,
            Bot::new(seat, seed + u64::from(seat)),
        )));
    }
    let mut spectator = spectator;
    spectator.until(|state| state["status"] == "over").await;
    for player in players {
        player.await.unwrap();
    }
    spectator
}

fn proofs(log: &[Value]) -> Vec<ThrowProof> {
    log.iter()
        .filter(|entry| !entry["throw"].is_null())
        .map(|entry| serde_json::from_value(entry["throw"].clone()).unwrap())
        .collect()
}

/// Checks every throw of a finished game as a client would; how many carried the thrower's
/// own link.
fn audit(spectator: &Client, sticks: Sticks) -> usize {
    let game = game_id(&spectator.state).unwrap();
    let throws: Vec<(Value, ThrowProof)> = spectator
        .log
        .iter()
        .filter(|entry| !entry["throw"].is_null())
        .map(|entry| {
            let proof = serde_json::from_value(entry["throw"].clone()).unwrap();
            (entry["seat"].clone(), proof)
        })
        .collect();
    assert!(!throws.is_empty(), "a game of sticks throws");
    let mut audit = Audit::default();
    for (n, (_, proof)) in throws.iter().enumerate() {
        assert_eq!(proof.index as usize, n + 1);
        audit.check(&game, sticks, proof).unwrap();
    }
    throws
        .iter()
        .filter(|(seat, proof)| proof.links.iter().any(|link| json!(link.seat) == *seat))
        .count()
}

#[tokio::test]
async fn every_stick_game_is_played_out_with_verified_throws() {
    let addr = start(FOR_BOTS).await;
    let games = [
        (json!({"rule_set": "senet"}), Sticks::FourSenet),
        (json!({"rule_set": "men-asymmetric"}), Sticks::FourMen),
        (json!({"rule_set": "men-symmetric"}), Sticks::FourMen),
        (
            json!({"rule_set": "mehen-kendall-skiryuk", "options": {"players": 6, "board": "compact"}}),
            Sticks::Three,
        ),
    ];
    for (seed, (settings, sticks)) in (1..).zip(games) {
        let spectator = play_game(addr, settings.clone(), seed).await;
        assert!(
            spectator.state["game"]["outcome"].is_object(),
            "{settings}: {}",
            spectator.state["game"]
        );
        let throws = proofs(&spectator.log).len();
        let linked = audit(&spectator, sticks);
        // Every seat commits a chain as the game starts, and a fresh one when its 1,024
        // links are spent; only a throw due while its chain is on its way goes without the
        // thrower's link: once per seat and chain.
        let seats = spectator.state["seats"].as_array().unwrap().len();
        assert!(
            throws - linked <= seats * (1 + throws / 1024),
            "{settings}: the thrower's link in {linked} of {throws} throws"
        );
    }
}

#[tokio::test]
async fn a_tampered_throw_fails_and_names_what() {
    let addr = start(FOR_BOTS).await;
    let spectator = play_game(addr, json!({"rule_set": "senet"}), 11).await;
    let game = game_id(&spectator.state).unwrap();
    let proofs = proofs(&spectator.log);
    let linked = proofs.iter().position(|p| !p.links.is_empty()).unwrap();

    let replay = |tampered: &[ThrowProof]| {
        let mut audit = Audit::default();
        tampered
            .iter()
            .map(|proof| audit.check(&game, Sticks::FourSenet, proof))
            .find(Result::is_err)
            .map(|failure| failure.unwrap_err())
    };
    assert_eq!(replay(&proofs), None);

    // A forged link with faces made to match it: the chain gives it away.
    let mut link = proofs.clone();
    let forged = &mut link[linked];
    forged.links[0].value = Hash32([0; 32]);
    let digest = digest(&game, forged.index, &forged.server.value, &forged.links);
    forged.faces = faces_of(&digest, Sticks::FourSenet);
    let (seat, depth) = (forged.links[0].seat, forged.links[0].depth);
    assert_eq!(replay(&link), Some(ThrowError::NotInChain { seat, depth }));
    let mut server = proofs.clone();
    server[0].server.value = Hash32([1; 32]);
    assert_eq!(replay(&server), Some(ThrowError::ServerCommitment));
    let mut faces = proofs.clone();
    faces[0].faces.0 ^= 1;
    assert_eq!(replay(&faces), Some(ThrowError::Faces));
}

#[tokio::test]
async fn an_archived_game_of_sticks_verifies_and_a_tampered_link_fails() {
    let db = store::TestDb::sqlite();
    let server = common::served::Served::start(&db.url(None), FOR_BOTS).await;
    let spectator = play_game(server.addr, json!({"rule_set": "senet"}), 5).await;
    common::served::settled(server.addr).await;
    let id = spectator.state["game_id"].as_str().unwrap();
    let (status, body) = http(server.addr, "GET", &format!("/api/games/{id}/bundle"), None).await;
    assert_eq!(status, 200, "{body}");
    let bundle: Bundle = serde_json::from_value(body).unwrap();
    let report = verify_bundle(&bundle);
    assert!(report.passed(), "{report}");
    assert_eq!(report.throws, proofs(&spectator.log).len());

    let mut tampered = bundle.clone();
    let action = tampered
        .actions
        .iter_mut()
        .find(|a| a.throw.as_ref().is_some_and(|p| !p.links.is_empty()))
        .unwrap();
    let proof = action.throw.as_mut().unwrap();
    proof.links[0].value = Hash32([7; 32]);
    let (seq, index) = (action.seq, proof.index);
    let report = verify_bundle(&tampered);
    assert!(!report.passed());
    assert_eq!(report.failures[0].seq, Some(seq), "{report}");
    assert!(
        report.failures[0]
            .problem
            .starts_with(&format!("throw {index}:")),
        "{report}"
    );
}
