//! Section 3 of the seed: movement and capturing.

use super::*;

#[test]
fn after_a_wrong_guess_the_actor_takes_exactly_one_action() {
    let mut game = first_marbles_in();
    wrong_guess(&mut game, CARNELIAN, 3);
    let first = advance(&game, CARNELIAN);
    assert_eq!(game.legal_actions(CARNELIAN), [first, Action::Deploy]);
    assert_eq!(
        game.view().phase,
        PhaseView::Act {
            actor: CARNELIAN,
            distance: 3,
            options: vec![
                ActOption {
                    action: first,
                    lands_on: Some(5)
                },
                ActOption {
                    action: Action::Deploy,
                    lands_on: Some(3)
                },
            ]
        }
    );
    ok(&mut game, CARNELIAN, first);
    assert_eq!(
        refused(&game, CARNELIAN, Action::Deploy).to_string(),
        "you cannot deploy now: the game is waiting for the actor to conceal"
    );
}

#[test]
fn advance_moves_one_own_marble_by_the_concealed_number() {
    let mut game = first_marbles_in();
    moves(&mut game, CARNELIAN, 4, Action::Deploy);
    advances(&mut game, LAPIS, 2);
    let second = Action::Advance {
        marble: ids_of(&game, CARNELIAN)[1],
    };
    let events = moves(&mut game, CARNELIAN, 4, second);
    assert!(events.contains(&Event::Advanced {
        marble: MarbleId(2),
        seat: CARNELIAN,
        from: 4,
        to: 8
    }));
    assert_eq!(spaces_of(&game, CARNELIAN), [2, 8]);
}

#[test]
fn deploy_is_refused_at_the_serpent_limit() {
    let mut game = teams();
    first_round(&mut game, &[]);
    wrong_guess(&mut game, Seat(0), 2);
    assert_eq!(game.legal_actions(Seat(0)), [advance(&game, Seat(0))]);
    assert_eq!(
        refused(&game, Seat(0), Action::Deploy),
        MehenError::SerpentFull { limit: 1 }
    );
}

#[test]
fn recovery_spends_the_whole_turn_and_moves_no_marble() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    caught(&mut game, LAPIS, 3);
    advances(&mut game, CARNELIAN, 1);
    wrong_guess(&mut game, LAPIS, 4);
    let marbles = game.marbles().to_vec();
    let events = ok(&mut game, LAPIS, Action::Recover);
    assert_eq!(
        events[0],
        Event::LionStood {
            seat: LAPIS,
            standing: 3
        }
    );
    assert_eq!(game.marbles(), marbles);
    assert_eq!(*game.phase(), Phase::Conceal { actor: CARNELIAN });
    assert!(matches!(
        refused(&game, LAPIS, Action::Deploy),
        MehenError::Turn(TurnError::WrongPhase { .. })
    ));
}

#[test]
fn with_nobody_to_recover_the_actor_must_move() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 2);
    assert_eq!(game.legal_actions(CARNELIAN), [Action::Deploy]);
    assert_eq!(
        refused(&game, CARNELIAN, Action::Recover).to_string(),
        "none of your lions has fallen"
    );

    let mut game = teams();
    wrong_guess(&mut game, Seat(0), 2);
    assert_eq!(game.legal_actions(Seat(0)), [Action::Deploy]);
    let revive = Action::Revive { seat: Seat(1) };
    assert_eq!(
        refused(&game, Seat(0), revive).to_string(),
        "seat 1 is not frozen"
    );
}

#[test]
fn nobody_may_pass_while_an_action_is_legal() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 2);
    for (seat, action) in [
        (CARNELIAN, Action::Withhold),
        (CARNELIAN, conceal(&game, CARNELIAN, 2)),
        (LAPIS, conceal(&game, LAPIS, 2)),
        (LAPIS, Action::Deploy),
        (LAPIS, guess(2)),
    ] {
        refused(&game, seat, action);
    }
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor: CARNELIAN,
            distance: 2
        }
    );
}

#[test]
fn a_player_moves_only_their_own_marbles() {
    let mut game = first_marbles_in();
    wrong_guess(&mut game, CARNELIAN, 3);
    let lapis = advance(&game, LAPIS);
    assert_eq!(
        refused(&game, CARNELIAN, lapis).to_string(),
        "marble 1 is not yours"
    );
    let bogus = Action::Advance {
        marble: MarbleId(99),
    };
    assert_eq!(
        refused(&game, CARNELIAN, bogus).to_string(),
        "there is no marble 99 on the serpent"
    );

    let mut game = teams();
    first_round(&mut game, &[]);
    wrong_guess(&mut game, Seat(1), 2);
    let ally = advance(&game, Seat(0));
    assert_eq!(
        refused(&game, Seat(1), ally),
        MehenError::NotYourMarble {
            marble: MarbleId(0)
        }
    );
}

#[test]
fn marbles_travel_inward_only() {
    let mut game = duel();
    deploys(&mut game, &[(CARNELIAN, 5), (LAPIS, 1)]);
    wrong_guess(&mut game, CARNELIAN, 3);
    let landings: Vec<Option<u8>> = game.act_options().iter().map(|o| o.lands_on).collect();
    assert_eq!(landings, [Some(8), Some(3)]);
    let forward = advance(&game, CARNELIAN);
    ok(&mut game, CARNELIAN, forward);
    assert_eq!(spaces_of(&game, CARNELIAN), [8]);
}

#[test]
fn passing_an_opposing_marble_does_not_capture() {
    let mut game = duel();
    deploys(&mut game, &[(CARNELIAN, 1), (LAPIS, 3), (CARNELIAN, 2)]);
    caught(&mut game, LAPIS, 2);
    // The marble on 1 passes its friend on 2 and Lapis on 3.
    let events = advances(&mut game, CARNELIAN, 4);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, LAPIS), [3]);
    assert_eq!(spaces_of(&game, CARNELIAN), [5, 2]);
}

#[test]
fn passing_allied_and_opposing_marbles_changes_nothing() {
    let mut game = teams();
    first_round(&mut game, &[]);
    // Seat 0 on 1 passes Lionesses on 2, 2 and 4, and an ally on 3.
    let before = game.marbles().to_vec();
    let events = advances(&mut game, Seat(0), 4);
    assert!(captures(&events).is_empty());
    assert_eq!(game.marbles()[1..], before[1..]);
    assert_eq!(spaces_of(&game, Seat(0)), [5]);
}

#[test]
fn occupied_spaces_still_count() {
    let mut game = duel();
    deploys(&mut game, &[(CARNELIAN, 1), (LAPIS, 2)]);
    advances(&mut game, CARNELIAN, 2);
    // Space 2, held by Lapis, is counted: 1 + 2 lands on 3.
    assert_eq!(spaces_of(&game, CARNELIAN), [3]);
}

#[test]
fn friendly_marbles_share_a_space() {
    let mut game = first_marbles_in();
    let events = moves(&mut game, CARNELIAN, 2, Action::Deploy);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, CARNELIAN), [2, 2]);
}

#[test]
fn allied_marbles_share_a_space_and_are_never_captured() {
    let mut game = teams();
    deploys(&mut game, &[(Seat(0), 3), (Seat(3), 1)]);
    let events = moves(&mut game, Seat(1), 3, Action::Deploy);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, Seat(0)), [3]);
    assert_eq!(spaces_of(&game, Seat(1)), [3]);
}

#[test]
fn landing_on_an_opposing_marble_captures_it() {
    let mut game = duel();
    deploys(&mut game, &[(CARNELIAN, 2), (LAPIS, 5)]);
    let events = advances(&mut game, CARNELIAN, 3);
    assert!(events.contains(&Event::Captured {
        marble: MarbleId(1),
        owner: LAPIS,
        at: 5,
        by: MarbleId(0)
    }));
    assert!(spaces_of(&game, LAPIS).is_empty());
    assert_eq!(game.reserve(LAPIS), 6);
}

#[test]
fn deploying_onto_an_opposing_marble_captures_it() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 4, Action::Deploy);
    let events = moves(&mut game, LAPIS, 4, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(0), CARNELIAN)]);
    assert_eq!(spaces_of(&game, LAPIS), [4]);
}

#[test]
fn lowest_seat_is_captured_when_several_share_the_space() {
    let mut game = teams();
    deploys(
        &mut game,
        &[(Seat(0), 1), (Seat(4), 5), (Seat(1), 2), (Seat(3), 5)],
    );
    // Seats 3 and 4 share space 5; seat 4 entered first, but seat 3 is the lower seat.
    let events = moves(&mut game, Seat(2), 5, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(3), Seat(3))]);
    assert_eq!(spaces_of(&game, Seat(4)), [5]);
    assert_eq!(spaces_of(&game, Seat(2)), [5]);
}

#[test]
fn earliest_marble_of_one_player_is_captured() {
    let mut game = duel();
    deploys(
        &mut game,
        &[(CARNELIAN, 1), (LAPIS, 3), (CARNELIAN, 5), (LAPIS, 3)],
    );
    assert_eq!(spaces_of(&game, LAPIS), [3, 3]);
    let events = advances(&mut game, CARNELIAN, 2);
    assert_eq!(captures(&events), [(MarbleId(1), LAPIS)]);
    assert_eq!(ids_of(&game, LAPIS), [MarbleId(3)]);
}

#[test]
fn a_marble_that_reaches_or_passes_the_head_finishes() {
    for hidden in [3, 5] {
        let mut game = duel();
        let marble = place(&mut game, CARNELIAN, 45);
        let events = advances(&mut game, CARNELIAN, hidden);
        assert_eq!(
            events[3..5],
            [
                Event::Advanced {
                    marble,
                    seat: CARNELIAN,
                    from: 45,
                    to: HEAD
                },
                Event::Finished {
                    marble,
                    seat: CARNELIAN
                }
            ]
        );
    }
}

#[test]
fn a_finished_marble_is_safe_from_capture_and_never_moves_again() {
    let mut game = duel();
    let finished = place(&mut game, CARNELIAN, 45);
    place(&mut game, LAPIS, 46);
    advances(&mut game, CARNELIAN, 3);
    let events = advances(&mut game, LAPIS, 2);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, CARNELIAN), [HEAD]);
    assert_eq!(spaces_of(&game, LAPIS), [HEAD]);
    wrong_guess(&mut game, CARNELIAN, 2);
    assert_eq!(game.legal_actions(CARNELIAN), [Action::Deploy]);
    let again = Action::Advance { marble: finished };
    assert_eq!(
        refused(&game, CARNELIAN, again).to_string(),
        "marble 0 has finished and cannot move again"
    );
}
