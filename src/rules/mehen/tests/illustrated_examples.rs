//! Section 6 of the seed: the illustrated examples.

use super::*;

#[test]
fn example_a_hidden_movement_conceal_four_wrong_guess_two_moves_exactly_four() {
    let mut game = at(positions::hidden_movement());
    let events = play_turn(&mut game, CARNELIAN, 4, 2, None);
    assert!(events.contains(&Event::Guessed {
        by: LAPIS,
        number: 2
    }));
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor: CARNELIAN,
            distance: 4
        }
    );
    let forward = advance(&game, CARNELIAN);
    let events = ok(&mut game, CARNELIAN, forward);
    assert_eq!(
        events[0],
        Event::Advanced {
            marble: MarbleId(0),
            seat: CARNELIAN,
            from: 3,
            to: 7
        }
    );
}

#[test]
fn example_b_deploying_enters_at_the_tail_and_moves_the_concealed_number() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 3);
    assert_eq!(
        game.act_options(),
        [ActOption {
            action: Action::Deploy,
            lands_on: Some(3)
        }]
    );
    let events = ok(&mut game, CARNELIAN, Action::Deploy);
    assert_eq!(
        events[0],
        Event::Deployed {
            marble: MarbleId(0),
            seat: CARNELIAN,
            to: 3
        }
    );
    assert_eq!(game.reserve(CARNELIAN), 5);
    // Deploying 1 lands on space 1: no marble ever rests on the tail.
    moves(&mut game, LAPIS, 1, Action::Deploy);
    assert_eq!(spaces_of(&game, LAPIS), [1]);
    assert!(game.marbles().iter().all(|m| m.space > 0));
}

#[test]
fn example_c_jumping_over_one_marble_and_capturing_another() {
    let mut game = at(positions::jump_and_capture());
    // Before: red on 2 and 1, blue on 6 and 4. The red marble on 2 moves 4.
    assert_eq!(spaces_of(&game, LAPIS), [6, 4]);
    let events = advances(&mut game, CARNELIAN, 4);
    // After: the blue marble on 4 was jumped and stays; the one on 6 went back to the pile.
    assert_eq!(captures(&events), [(MarbleId(2), LAPIS)]);
    assert_eq!(spaces_of(&game, CARNELIAN), [6, 1]);
    assert_eq!(spaces_of(&game, LAPIS), [4]);
    assert_eq!(game.reserve(LAPIS), 5);
}

#[test]
fn example_c_finishing_by_passing_the_head() {
    let mut game = at(positions::near_the_head());
    let marble = MarbleId(0);
    wrong_guess(&mut game, CARNELIAN, 5);
    let advance = Action::Advance { marble };
    assert_eq!(game.act_options()[0].lands_on, Some(HEAD));
    let events = ok(&mut game, CARNELIAN, advance);
    assert!(events.contains(&Event::Finished {
        marble,
        seat: CARNELIAN
    }));
    assert_eq!(spaces_of(&game, CARNELIAN), [HEAD]);
    assert_eq!(game.reserve(CARNELIAN), 5);
    assert!(game.view().marbles[&marble].finished);
}

#[test]
fn example_d_recovery_stands_a_lion_instead_of_moving() {
    let mut game = at(positions::a_lion_down());
    wrong_guess(&mut game, CARNELIAN, 3);
    let landings: Vec<Option<u8>> = game.act_options().iter().map(|o| o.lands_on).collect();
    assert_eq!(landings, [Some(5), Some(3), None]);
    let marbles = game.marbles().to_vec();
    ok(&mut game, CARNELIAN, Action::Recover);
    assert_eq!(game.lions(CARNELIAN), 3);
    assert_eq!(game.marbles(), marbles);
    assert_eq!(*game.phase(), Phase::Conceal { actor: LAPIS });
}

#[test]
fn example_e_position_is_the_one_play_reaches() {
    let mut played = teams();
    first_round(&mut played, &[]);
    caught(&mut played, Seat(2), 2);
    advances(&mut played, Seat(3), 3);
    choose(&mut played, Seat(0));
    let described = at_teams(positions::team_revival());
    assert_eq!(described.phase(), played.phase());
    for seat in played.seats() {
        assert_eq!(spaces_of(&described, seat), spaces_of(&played, seat));
        assert_eq!(described.is_frozen(seat), played.is_frozen(seat));
        assert_eq!(described.reserve(seat), played.reserve(seat));
        let acted = |game: &Mehen| game.has_acted_this_round(seat);
        assert_eq!(acted(&described), acted(&played));
    }
}

#[test]
fn example_e_team_revival_leaves_the_marble_in_place() {
    let mut game = at_teams(positions::team_revival());
    let events = moves(&mut game, Seat(0), 2, Action::Revive { seat: Seat(2) });
    assert!(events.contains(&Event::Revived {
        seat: Seat(2),
        by: Seat(0)
    }));
    assert!(!game.is_frozen(Seat(2)));
    assert_eq!(spaces_of(&game, Seat(2)), [3]);
    assert_eq!(spaces_of(&game, Seat(0)), [1]);
}
