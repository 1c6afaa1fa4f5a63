//! Section 5 of the seed: the six-player team rules.

use super::*;

#[test]
fn a_round_is_six_alternating_team_opportunities() {
    let mut game = teams();
    let mut teams_seen = Vec::new();
    for (seat, hidden) in ROUND_ONE {
        teams_seen.push(game.team_of(Seat(seat)));
        let (round, opportunity) = game.round();
        assert_eq!(round, 1);
        assert_eq!(usize::from(opportunity), teams_seen.len() - 1);
        let events = moves(&mut game, Seat(seat), hidden, Action::Deploy);
        if opportunity == 5 {
            assert!(events.contains(&Event::RoundStarted { round: 2 }));
        }
    }
    assert_eq!(
        teams_seen,
        [LIONS, LIONESSES, LIONS, LIONESSES, LIONS, LIONESSES]
    );
    assert_eq!(game.round(), (2, 0));
}

#[test]
fn the_team_chooses_only_a_teammate_who_has_not_yet_acted() {
    let mut game = teams();
    deploys(&mut game, &[(Seat(0), 1), (Seat(3), 2)]);
    assert_eq!(
        refused(&game, Seat(1), Action::Choose { seat: Seat(0) }).to_string(),
        "seat 0 cannot be chosen: they have already acted this round"
    );
    assert_eq!(
        refused(&game, Seat(1), Action::Choose { seat: Seat(4) }).to_string(),
        "seat 4 is not on your team"
    );
    let choices = [Seat(1), Seat(2)].map(|seat| Action::Choose { seat });
    assert_eq!(game.legal_actions(Seat(1)), choices);
}

#[test]
fn each_player_acts_at_most_once_per_round() {
    let mut game = teams();
    deploys(&mut game, &[(Seat(0), 1), (Seat(3), 2), (Seat(1), 1)]);
    let events = moves(&mut game, Seat(4), 2, Action::Deploy);
    // Only seat 2 of the Lions has not acted, so the engine names them at once.
    assert_eq!(
        events.last(),
        Some(&Event::ActorChosen {
            seat: Seat(2),
            turn: 5
        })
    );
    assert!(
        [0, 1, 2]
            .map(Seat)
            .iter()
            .all(|&s| game.has_acted_this_round(s))
    );
}

#[test]
fn a_correct_guess_still_uses_that_turn() {
    let game = frozen_and_revived();
    // Seat 0 is standing again, but its caught turn counts: seat 2 is the only choice.
    assert!(game.has_acted_this_round(Seat(0)));
    assert_eq!(*game.phase(), Phase::Conceal { actor: Seat(2) });
}

#[test]
fn frozen_player_cannot_be_chosen() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0)]);
    assert_eq!(game.round(), (2, 0));
    assert_eq!(
        refused(&game, Seat(1), Action::Choose { seat: Seat(0) }).to_string(),
        "seat 0 cannot be chosen: they are frozen"
    );
    assert_eq!(
        game.view().phase,
        PhaseView::Choose {
            team: LIONS,
            eligible: vec![Seat(1), Seat(2)]
        }
    );
}

#[test]
fn revived_player_may_still_act_this_round() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0)]);
    moves(&mut game, Seat(1), 3, Action::Revive { seat: Seat(0) });
    advances(&mut game, Seat(3), 3);
    let events = moves(&mut game, Seat(0), 6, Action::Deploy);
    assert!(events.contains(&Event::ActorChosen {
        seat: Seat(0),
        turn: 9
    }));
    assert_eq!(spaces_of(&game, Seat(0)), [6]);
}

#[test]
fn opportunity_with_nobody_able_is_skipped() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0), Seat(1)]);
    // Round 2: seat 2 is the only Lion able to act, and acts first.
    advances(&mut game, Seat(2), 3);
    let events = advances(&mut game, Seat(3), 1);
    let turn = game.turn();
    assert_eq!(
        events.last(),
        Some(&Event::OpportunitySkipped { team: LIONS })
    );
    assert_eq!(game.round(), (2, 3));
    assert_eq!(*game.phase(), Phase::Choose { team: LIONESSES });
    // A skipped opportunity takes no turn number.
    let events = choose(&mut game, Seat(4));
    assert_eq!(
        events,
        [Event::ActorChosen {
            seat: Seat(4),
            turn: turn + 1
        }]
    );
}

#[test]
fn everyone_may_act_again_after_the_round() {
    let mut game = teams();
    first_round(&mut game, &[]);
    assert!(game.seats().all(|s| !game.has_acted_this_round(s)));
    let choices = [0, 1, 2].map(|s| Action::Choose { seat: Seat(s) });
    assert_eq!(game.legal_actions(Seat(2)), choices);
}

#[test]
fn the_guessing_team_gives_one_guess_entered_by_any_member() {
    let mut game = teams();
    choose(&mut game, Seat(1));
    let concealment = conceal(&game, Seat(1), 3);
    ok(&mut game, Seat(1), concealment);
    for seat in [3, 4, 5].map(Seat) {
        assert_eq!(game.legal_actions(seat).len(), 6);
    }
    assert!(matches!(
        refused(&game, Seat(2), guess(1)),
        MehenError::Turn(TurnError::NotYourTurn { .. })
    ));
    let events = ok(&mut game, Seat(5), guess(1));
    assert_eq!(
        events,
        [Event::Guessed {
            by: Seat(5),
            number: 1
        }]
    );
    assert!(matches!(
        refused(&game, Seat(4), guess(2)),
        MehenError::Turn(TurnError::WrongPhase { .. })
    ));
}

#[test]
fn guessing_is_not_a_turn() {
    let mut game = teams();
    let events = play_turn(&mut game, Seat(0), 2, 2, None);
    assert!(events.contains(&Event::Guessed {
        by: Seat(3),
        number: 2
    }));
    assert!(!game.has_acted_this_round(Seat(3)));
    let choices = [3, 4, 5].map(|s| Action::Choose { seat: Seat(s) });
    assert_eq!(game.legal_actions(Seat(3)), choices);
    moves(&mut game, Seat(3), 4, Action::Deploy);
}

#[test]
fn a_frozen_player_may_enter_the_team_guess() {
    let mut game = teams();
    moves(&mut game, Seat(0), 1, Action::Deploy);
    caught(&mut game, Seat(3), 2);
    choose(&mut game, Seat(1));
    let concealment = conceal(&game, Seat(1), 3);
    ok(&mut game, Seat(1), concealment);
    assert!(game.is_frozen(Seat(3)));
    ok(&mut game, Seat(3), guess(3));
}

#[test]
fn any_team_member_may_choose_even_a_frozen_one() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0)]);
    let events = ok(&mut game, Seat(0), Action::Choose { seat: Seat(2) });
    assert!(matches!(
        events[..],
        [Event::ActorChosen { seat: Seat(2), .. }]
    ));
}

#[test]
fn finisher_may_be_chosen_only_to_revive() {
    let mut game = teams();
    let finished = place(&mut game, Seat(0), 45);
    first_round(&mut game, &[Seat(1)]);
    wrong_guess(&mut game, Seat(0), 5);
    let revive = Action::Revive { seat: Seat(1) };
    assert_eq!(game.legal_actions(Seat(0)), [revive]);
    assert_eq!(
        refused(&game, Seat(0), Action::Deploy).to_string(),
        "you have finished your journey: you may only revive a frozen teammate"
    );
    let again = Action::Advance { marble: finished };
    assert_eq!(
        refused(&game, Seat(0), again),
        MehenError::MarbleFinished { marble: finished }
    );
    ok(&mut game, Seat(0), revive);
    assert_eq!(spaces_of(&game, Seat(0)), [HEAD]);
    assert!(!game.is_frozen(Seat(1)));
}

#[test]
fn finisher_without_a_frozen_teammate_cannot_be_chosen() {
    let mut game = seat_0_near_the_head();
    first_round(&mut game, &[]);
    assert_eq!(
        refused(&game, Seat(1), Action::Choose { seat: Seat(0) }).to_string(),
        "seat 0 cannot be chosen: they have finished and have no frozen teammate to revive"
    );
}

#[test]
fn opportunity_is_skipped_when_only_an_idle_finisher_remains() {
    let mut game = seat_0_near_the_head();
    first_round(&mut game, &[]);
    // Round 2: seat 1 (on 1) to 5, seat 3 (on 2) to 7, seat 2 (on 3) to 5, seat 4 (on 2) to 3.
    for (seat, hidden) in [(1, 4), (3, 5), (2, 2)] {
        advances(&mut game, Seat(seat), hidden);
    }
    let events = advances(&mut game, Seat(4), 1);
    assert!(captures(&events).is_empty());
    assert!(events.contains(&Event::OpportunitySkipped { team: LIONS }));
    assert_eq!(*game.phase(), Phase::Conceal { actor: Seat(5) });
    assert_eq!(game.outcome(), None);
}

#[test]
fn frozen_finishers_journey_still_counts() {
    let mut game = seat_0_near_the_head();
    place(&mut game, Seat(2), 44);
    place(&mut game, Seat(5), 40);
    first_round(&mut game, &[Seat(1)]);
    // Round 2: the finisher, chosen to revive, is caught and freezes.
    caught(&mut game, Seat(0), 4);
    assert!(game.is_frozen(Seat(0)) && game.has_finished(Seat(0)));
    // A Lioness reaches the head: the frozen finisher's marble is still safe there.
    let events = advances(&mut game, Seat(5), 5);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, Seat(0)), [HEAD]);
    // Seat 2 finishes the team's second journey while the first finisher is frozen.
    let events = advances(&mut game, Seat(2), 1);
    let outcome = Outcome {
        winner: Some(LIONS),
        reason: WinReason::TwoFinished,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
}

#[test]
fn frozen_finisher_may_be_revived() {
    let mut game = seat_0_near_the_head();
    first_round(&mut game, &[Seat(1)]);
    caught(&mut game, Seat(0), 4);
    advances(&mut game, Seat(3), 5);
    wrong_guess(&mut game, Seat(2), 2);
    let [zero, one] = [0, 1].map(|s| Action::Revive { seat: Seat(s) });
    assert_eq!(
        game.legal_actions(Seat(2)),
        [advance(&game, Seat(2)), zero, one]
    );
    ok(&mut game, Seat(2), zero);
    assert!(!game.is_frozen(Seat(0)));
    assert!(game.has_finished(Seat(0)));
}

#[test]
fn team_wins_with_two_different_finishers() {
    let mut game = at_teams(positions::second_finisher_to_choose());
    let choices = [Seat(1), Seat(2)].map(|seat| Action::Choose { seat });
    assert_eq!(
        game.legal_actions(Seat(0)),
        choices,
        "the finisher may not act"
    );
    assert_eq!([game.reserve(Seat(1)), game.reserve(Seat(2))], [4, 4]);
    let events = advances(&mut game, Seat(1), 3);
    let outcome = Outcome {
        winner: Some(LIONS),
        reason: WinReason::TwoFinished,
    };
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::Finished {
                marble: MarbleId(1),
                seat: Seat(1)
            },
            Event::GameOver { outcome }
        ]
    );
    // The second finish wins at once and costs nobody a marble.
    assert_eq!(game.lost(Seat(2)), 1);
}
