//! Section 1 of the seed: the set-up, and the duel's limits.

use super::*;

#[test]
fn set_up_gives_six_marbles_and_the_lions_of_each_mode() {
    let duel = duel();
    for seat in [CARNELIAN, LAPIS] {
        assert_eq!((duel.reserve(seat), duel.lions(seat)), (6, 3));
    }
    assert_eq!(*duel.phase(), Phase::Conceal { actor: CARNELIAN });
    let teams = teams();
    for seat in teams.seats() {
        assert_eq!((teams.reserve(seat), teams.lions(seat)), (6, 1));
        assert!(!teams.is_frozen(seat));
    }
    assert_eq!(*teams.phase(), Phase::Choose { team: LIONS });
    assert!(duel.marbles().is_empty() && teams.marbles().is_empty());
}

#[test]
fn seats_are_numbered_carnelian_lapis_then_lions_and_lionesses() {
    let sides = |game: &Mehen| -> Vec<&str> {
        let view = game.view();
        view.players.iter().map(|p| p.side).collect()
    };
    assert_eq!(sides(&duel()), ["Carnelian", "Lapis"]);
    let teams = teams();
    assert_eq!(
        sides(&teams),
        [
            "Lions",
            "Lions",
            "Lions",
            "Lionesses",
            "Lionesses",
            "Lionesses"
        ]
    );
    assert_eq!(teams.team_of(Seat(2)), LIONS);
    assert_eq!(teams.team_of(Seat(3)), LIONESSES);
}

#[test]
fn duel_limit_is_two_marbles_and_a_finished_one_still_counts() {
    let mut game = duel();
    place(&mut game, CARNELIAN, 45);
    advances(&mut game, CARNELIAN, 3);
    assert_eq!(spaces_of(&game, CARNELIAN), [HEAD]);
    assert_eq!(game.reserve(CARNELIAN), 5);
    deploys(&mut game, &[(LAPIS, 1), (CARNELIAN, 2)]);
    advances(&mut game, LAPIS, 3);
    wrong_guess(&mut game, CARNELIAN, 3);
    assert_eq!(
        refused(&game, CARNELIAN, Action::Deploy).to_string(),
        "you already have 2 marble(s) on the serpent, the most allowed"
    );
    assert!(!game.legal_actions(CARNELIAN).contains(&Action::Deploy));
}

#[test]
fn two_finished_marbles_win_the_duel() {
    let mut game = duel();
    place(&mut game, CARNELIAN, 45);
    place(&mut game, CARNELIAN, 44);
    let events = advances(&mut game, CARNELIAN, 3);
    assert!(events.contains(&Event::Finished {
        marble: MarbleId(0),
        seat: CARNELIAN
    }));
    assert_eq!(game.outcome(), None);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    let events = advances(&mut game, CARNELIAN, 4);
    let outcome = Outcome {
        winner: Some(Team(0)),
        reason: WinReason::TwoFinished,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(game.outcome(), Some(outcome));
}
