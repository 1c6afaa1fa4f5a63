//! Section 4 of the seed: lions and recovery.

use super::*;

#[test]
fn views_show_standing_fallen_and_frozen_lions() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 1);
    let lions: Vec<u8> = game.view().players.iter().map(|p| p.lions).collect();
    assert_eq!(lions, [2, 3]);

    let mut game = teams();
    caught(&mut game, Seat(0), 1);
    let view = game.view();
    let frozen: Vec<bool> = view.players.iter().map(|p| p.frozen).collect();
    assert_eq!(frozen, [true, false, false, false, false, false]);
}

#[test]
fn three_fallen_lions_lose_at_once() {
    let mut game = duel();
    for hidden in [1, 2] {
        caught(&mut game, CARNELIAN, hidden);
        moves(&mut game, LAPIS, hidden, Action::Deploy);
    }
    let events = caught(&mut game, CARNELIAN, 6);
    let outcome = Outcome {
        winner: Some(Team(1)),
        reason: WinReason::LionsFallen,
    };
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::LionFell {
                seat: CARNELIAN,
                standing: 0
            },
            Event::GameOver { outcome }
        ]
    );
    assert_eq!(game.outcome(), Some(outcome));
    let late = conceal(&game, LAPIS, 1);
    assert_eq!(refused(&game, LAPIS, late).to_string(), "the game is over");
}

#[test]
fn a_frozen_players_marble_stays_and_can_still_be_captured() {
    let mut game = teams();
    first_round(&mut game, &[]);
    caught(&mut game, Seat(2), 4);
    assert_eq!(spaces_of(&game, Seat(2)), [3]);
    wrong_guess(&mut game, Seat(3), 1);
    let frozen_moves = advance(&game, Seat(2));
    assert!(matches!(
        refused(&game, Seat(2), frozen_moves),
        MehenError::Turn(TurnError::NotYourTurn { .. })
    ));
    let forward = advance(&game, Seat(3));
    let events = ok(&mut game, Seat(3), forward);
    assert_eq!(captures(&events), [(MarbleId(4), Seat(2))]);
    assert_eq!(game.reserve(Seat(2)), 6);
}

#[test]
fn team_loses_when_all_three_frozen() {
    let mut game = seat_0_frozen();
    caught(&mut game, Seat(1), 3);
    moves(&mut game, Seat(4), 2, Action::Deploy);
    let events = caught(&mut game, Seat(2), 5);
    let outcome = Outcome {
        winner: Some(LIONESSES),
        reason: WinReason::AllFrozen,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(game.outcome(), Some(outcome));
}

#[test]
fn three_freezes_not_at_the_same_time_do_not_lose() {
    let mut game = frozen_and_revived();
    caught(&mut game, Seat(2), 5);
    moves(&mut game, Seat(5), 4, Action::Deploy);
    caught(&mut game, Seat(0), 3);
    assert_eq!(game.outcome(), None);
    let frozen: Vec<Seat> = game.seats().filter(|&s| game.is_frozen(s)).collect();
    assert_eq!(frozen, [Seat(0), Seat(2)]);
}
