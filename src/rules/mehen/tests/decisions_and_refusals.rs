//! The decisions of `docs/rules/mehen-san-martin.md`, the refusals, and the shared
//! conformance checks.

use super::*;

#[test]
fn a_withheld_reveal_counts_as_a_correct_guess() {
    let mut game = duel();
    let concealment = conceal(&game, CARNELIAN, 3);
    assert!(matches!(
        refused(&game, CARNELIAN, Action::Withhold),
        MehenError::Turn(TurnError::WrongPhase { .. })
    ));
    ok(&mut game, CARNELIAN, concealment);
    ok(&mut game, LAPIS, guess(1));
    assert!(matches!(
        refused(&game, LAPIS, Action::Withhold),
        MehenError::Turn(TurnError::NotYourTurn { .. })
    ));
    let events = ok(&mut game, CARNELIAN, Action::Withhold);
    assert_eq!(events[0], Event::Withheld { seat: CARNELIAN });
    assert_eq!(game.lions(CARNELIAN), 2);

    let mut game = teams();
    choose(&mut game, Seat(2));
    let concealment = conceal(&game, Seat(2), 3);
    ok(&mut game, Seat(2), concealment);
    ok(&mut game, Seat(4), guess(1));
    ok(&mut game, Seat(2), Action::Withhold);
    assert!(game.is_frozen(Seat(2)));
}

#[test]
fn refusals_outside_the_mode_or_the_table_explain_themselves() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 2);
    assert_eq!(
        refused(&game, Seat(2), Action::Deploy).to_string(),
        "seat 2 is not at this table"
    );
    let revive = Action::Revive { seat: LAPIS };
    assert_eq!(
        refused(&game, CARNELIAN, revive).to_string(),
        "that action is not part of this game mode"
    );
    assert_eq!(
        refused(&game, CARNELIAN, Action::Choose { seat: LAPIS }).to_string(),
        "you cannot choose who acts now: the game is waiting for the actor to move or recover"
    );

    let mut game = teams();
    first_round(&mut game, &[Seat(1)]);
    wrong_guess(&mut game, Seat(0), 2);
    assert_eq!(
        refused(&game, Seat(0), Action::Recover),
        MehenError::NotInThisMode
    );
    let opposing = Action::Revive { seat: Seat(3) };
    assert_eq!(
        refused(&game, Seat(0), opposing).to_string(),
        "seat 3 is not on your team"
    );
    let off_the_table = Action::Revive { seat: Seat(6) };
    assert_eq!(
        refused(&game, Seat(0), off_the_table),
        MehenError::NotTeammate { seat: Seat(6) }
    );
    assert!(game.legal_actions(Seat(6)).is_empty());
}

/// The checks every rule set passes, over random games of both modes and boards.
#[test]
fn passes_the_shared_conformance_checks() {
    use crate::rules::conformance::check_random_games;
    for mode in [Mode::Duel, Mode::Teams] {
        for board in [Board::Compact, Board::Extended] {
            let config = Config { mode, board };
            let report = check_random_games::<Mehen>(&config, 40, 1, 20_000, |game| {
                for seat in game.seats() {
                    let on = game.marbles().iter().filter(|m| m.owner == seat).count() as u8;
                    if game.reserve(seat) + on + game.lost(seat) != MARBLES {
                        return Err(format!("{seat}'s marbles are not conserved"));
                    }
                }
                Ok(())
            })
            .unwrap();
            assert_eq!(report.games, 40);
        }
    }
}
