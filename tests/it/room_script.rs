//! A room driven by its inputs from outside the crate, with the set-ups of
//! `hesy::room::scripted`: no server, socket, database or clock.

use hesy::room::scripted::{Script, received};
use hesy::rules::examples::san_martin_duel;
use hesy::rules::{Seat, Viewer};
use hesy::wire::ClientMessage;
use serde_json::Value;

/// Whether any patch among `frames` touches the viewer's secret.
fn shows_a_secret(frames: &[Value]) -> bool {
    frames.iter().any(|frame| {
        let ops = frame["ops"].as_array().into_iter().flatten();
        ops.into_iter().any(|op| op["path"] == "/secret")
    })
}

/// The number a player conceals reaches that player's own patch, and nobody else's.
#[test]
fn a_concealed_number_reaches_its_concealer_alone() {
    let mut script = Script::duel(san_martin_duel(), None);
    let concealed = script.say(
        1,
        ClientMessage::Conceal {
            version: 1,
            number: 4,
        },
    );
    let concealer = received(&script.room, &concealed, 1, Viewer::Seat(Seat(0)));
    let guesser = received(&script.room, &concealed, 2, Viewer::Seat(Seat(1)));
    let spectator = received(&script.room, &concealed, 3, Viewer::Spectator);
    assert!(shows_a_secret(&concealer), "{concealer:?}");
    assert!(!shows_a_secret(&guesser), "{guesser:?}");
    assert!(!shows_a_secret(&spectator));
    assert_eq!(guesser.len(), 1, "one patch for the guesser");
}
