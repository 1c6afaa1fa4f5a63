//! The checks both rule sets of Men pass alike, each called from the test of the rule set
//! that its rules page cites.

use crate::rules::conformance::check_random_games;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::testing::{Scripted, faces, refused, throw};
use crate::rules::{Awaiting, Refusal, RefusalKind, Rules, Seat, Team};

use super::Play;

pub const WHITE: Seat = Seat(0);
pub const BLACK: Seat = Seat(1);
/// The four sticks of Men.
pub const STICKS: Sticks = Sticks::FourMen;

/// The options `{}`, the only ones Men has.
fn options<G: Rules>() -> G::Options {
    serde_json::from_str("{}").expect("Men's options are empty")
}

/// White at seat 0 and black at seat 1, each its own team, and one preset.
pub fn white_at_seat_0_and_black_at_seat_1<G: Rules>() {
    assert_eq!(G::presets(), vec![options::<G>()]);
    let table = G::table(&options::<G>());
    let sides: Vec<(Team, &str)> = table.seats.iter().map(|s| (s.team, s.side)).collect();
    assert_eq!(sides, [(Team(0), "White"), (Team(1), "Black")]);
}

/// A game that awaits white's throw of the four sticks, with nothing else to do.
pub fn white_throws_first<G: Rules>(game: &G) {
    let throw = Awaiting::Throw {
        seat: WHITE,
        sticks: STICKS,
    };
    assert_eq!(game.awaiting(), throw);
    assert!(game.legal_actions(WHITE).is_empty());
}

/// Each score from 1 to 5, thrown as white's first throw, is the score the event tells.
pub fn every_score_is_thrown<G: Scripted>(new: fn() -> G) {
    for score in 1..=5 {
        let mut game = new();
        let events = throw(&mut game, WHITE, score);
        let thrown = serde_json::to_value(&events[0]).expect("an event serializes");
        assert_eq!(thrown["type"], "thrown");
        assert_eq!(thrown["score"], score);
    }
}

/// Each of `cases`, an action of a seat, is refused for its reason, the game unchanged.
pub fn refusals<G: Scripted<Error = Refusal>>(game: &G, cases: &[(Seat, G::Action, RefusalKind)]) {
    for (seat, action, kind) in cases {
        let refusal = refused(game, *seat, action.clone());
        assert_eq!(refusal.kind, *kind, "{seat}: {action:?}");
    }
}

/// The turn's refusals, alike in both rule sets: before white's first throw, black may not
/// throw, a seat not at the table may not act, white may not enter before throwing nor
/// throw faces of sticks Men does not have; once white has thrown, it may not throw again
/// and black may not enter.
pub fn turn_refusals<G>(new: fn() -> G)
where
    G: Scripted<Error = Refusal, Action: From<Play> + Copy>,
{
    let mut game = new();
    let throw_1 = G::Action::from(Play::Throw {
        faces: faces(STICKS, 1),
    });
    let enter = G::Action::from(Play::Enter);
    let foreign = G::Action::from(Play::Throw {
        faces: Faces(0b1_0000),
    });
    refusals(
        &game,
        &[
            (BLACK, throw_1, RefusalKind::NotYourTurn),
            (Seat(2), enter, RefusalKind::NoSuchSeat),
            (WHITE, enter, RefusalKind::WrongPhase),
            (WHITE, foreign, RefusalKind::Malformed),
        ],
    );
    throw(&mut game, WHITE, 2);
    refusals(
        &game,
        &[
            (WHITE, throw_1, RefusalKind::WrongPhase),
            (BLACK, enter, RefusalKind::NotYourTurn),
        ],
    );
}

/// `games` random games, each of which ends with `conserved` holding at every step.
pub fn random_games_all_end<G: Rules>(games: usize, conserved: impl Fn(&G) -> Result<(), String>) {
    let report = check_random_games::<G>(&options::<G>(), games, 1, 20_000, conserved).unwrap();
    println!("{report:?}");
    assert_eq!(report.games, games);
}
