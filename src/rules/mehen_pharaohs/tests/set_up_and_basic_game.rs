//! The set-up and the basic game: choosing a pharaoh, hiding and guessing, unleashing a lion,
//! landing on pharaohs.

use super::*;

#[test]
fn two_four_or_six_players_and_three_fails_clearly() {
    for count in [2, 4, 6] {
        let options: Options = serde_json::from_value(serde_json::json!({ "players": count }))
            .expect("a playable count");
        assert_eq!(options.players.count(), count);
    }
    let error = serde_json::from_value::<Options>(serde_json::json!({ "players": 3 }))
        .expect_err("three players is no game");
    assert!(error.to_string().contains("2, 4 or 6 players"), "{error}");
    assert_eq!(MehenPharaohs::presets().len(), 3);
}

#[test]
fn first_half_of_the_seats_are_lions_the_rest_lionesses() {
    let table = MehenPharaohs::table(&Options {
        players: Players::SIX,
    });
    let teams: Vec<u8> = table.seats.iter().map(|s| s.team.0).collect();
    assert_eq!(teams, [0, 0, 0, 1, 1, 1]);
    assert_eq!(table.seats[0].side, "Lions");
    assert_eq!(table.seats[5].side, "Lionesses");
}

#[test]
fn each_player_has_one_pharaoh_waiting_by_the_tail() {
    let game = new_game(Players::SIX);
    assert_eq!(game.pharaohs().len(), 6);
    assert!(game.pharaohs().values().all(|&p| p == Place::Waiting));
    assert_eq!(game.view().spaces, 70);
}

#[test]
fn each_team_has_three_lions() {
    for players in [Players::TWO, Players::SIX] {
        let game = new_game(players);
        assert_eq!(game.standing(LIONS), 3);
        assert_eq!(game.standing(LIONESSES), 3);
    }
}

#[test]
fn the_team_chooses_which_pharaoh_moves() {
    let mut game = new_game(Players::FOUR);
    assert_eq!(
        Rules::awaiting(&game),
        Awaiting::Action {
            seats: vec![Seat(0), Seat(1)]
        }
    );
    assert_eq!(
        game.legal_actions(Seat(1)),
        [
            Action::Choose { pharaoh: P0 },
            Action::Choose { pharaoh: P1 }
        ]
    );
    let error = refused(&game, Seat(2), Action::Choose { pharaoh: P0 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    let error = refused(&game, Seat(0), Action::Choose { pharaoh: P2 });
    assert_eq!(error, PharaohsError::NotYourPharaoh { pharaoh: P2 });
    ok(&mut game, Seat(0), Action::Choose { pharaoh: P1 });
    assert_eq!(concealer(&game), Seat(1));
}

#[test]
fn a_lone_pharaoh_moves_without_a_choice() {
    let game = new_game(Players::TWO);
    assert_eq!(hiding_awaited(&game), (Seat(0), 1, 5));
}

#[test]
fn teams_take_turns_lions_first() {
    let mut game = new_game(Players::TWO);
    miss(&mut game, 3);
    assert_eq!(concealer(&game), Seat(1));
    miss(&mut game, 2);
    assert_eq!(concealer(&game), Seat(0));
}

#[test]
fn the_owner_hides_one_to_five_marbles() {
    let mut game = new_game(Players::TWO);
    for number in [0, 6] {
        let hiding = conceal(&game, number);
        let error = refused(&game, Seat(0), hiding);
        assert_eq!(Refusal::from(error).kind, RefusalKind::OutOfRange);
    }
    let hiding = conceal(&game, 3);
    let error = refused(&game, Seat(1), hiding);
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    hides(&mut game, 5);
}

#[test]
fn the_whole_opposing_team_may_guess() {
    let mut game = new_game(Players::FOUR);
    choose(&mut game, P0);
    hides(&mut game, 2);
    assert!(matches!(
        Rules::awaiting(&game),
        Awaiting::Guess { ref seats, concealer: Seat(0), min: 1, max: 5 } if *seats == [Seat(2), Seat(3)]
    ));
    let error = refused(&game, Seat(1), Action::Guess { number: 2 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    let error = refused(&game, Seat(3), Action::Guess { number: 6 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::OutOfRange);
    ok(&mut game, Seat(3), Action::Guess { number: 2 });
}

#[test]
fn a_wrong_guess_moves_the_pharaoh() {
    let mut game = new_game(Players::TWO);
    miss(&mut game, 3);
    assert_eq!(game.place(P0), Place::Serpent(3));
    assert_eq!(game.place(P1), Place::Waiting);
}

#[test]
fn a_correct_guess_moves_the_guessers_pharaoh_instead() {
    let mut game = new_game(Players::FOUR);
    choose(&mut game, P0);
    contest(&mut game, 4, 4, Some(Seat(3)));
    assert_eq!(game.place(P0), Place::Waiting);
    assert_eq!(game.place(P3), Place::Serpent(4));
    assert_eq!(game.place(P2), Place::Waiting);
}

#[test]
fn a_right_guess_walks_the_guessers_pharaoh_and_offers_a_lion() {
    let mut game = at(positions::lionesses_to_move());
    hit(&mut game, 2);
    assert_eq!(game.place(P0), Place::Serpent(12));
    assert_eq!(game.place(P1), Place::Serpent(20), "the concealer's stays");
    let offer = [Action::Unleash { target: P1 }, Action::Spare];
    assert_eq!(game.legal_actions(Seat(0)), offer);
}

#[test]
fn a_correct_guesser_may_unleash_a_lion_on_the_concealers_pharaoh() {
    let mut game = offered_a_lion();
    assert_eq!(
        game.legal_actions(Seat(1)),
        [Action::Unleash { target: P0 }, Action::Spare]
    );
    let error = refused(&game, Seat(1), Action::Unleash { target: P1 });
    assert_eq!(error, PharaohsError::WrongTarget { offered: P0 });
    refused(&game, Seat(0), Action::Spare);
    let events = ok(&mut game, Seat(1), Action::Unleash { target: P0 });
    assert!(events.contains(&Event::LionUnleashed {
        by: Seat(1),
        target: P0
    }));
    assert_eq!(game.attacks().get(&P0), Some(&Seat(1)));
    assert_eq!(game.standing(LIONESSES), 2);
    assert_eq!(concealer(&game), Seat(1), "the lionesses' turn follows");
    assert_eq!(game.view().moving_team, Some(LIONESSES));
}

#[test]
fn unleashing_is_optional() {
    let mut game = offered_a_lion();
    ok(&mut game, Seat(1), Action::Spare);
    assert!(game.attacks().is_empty());
    assert_eq!(game.standing(LIONESSES), 3);
}

#[test]
fn no_lion_against_a_pharaoh_still_waiting() {
    let mut game = new_game(Players::TWO);
    hit(&mut game, 2);
    assert_eq!(game.place(P1), Place::Serpent(2));
    assert_eq!(concealer(&game), Seat(1), "no offer: the turn passed");
}

#[test]
fn landing_on_an_opposing_pharaoh_swaps_the_two() {
    let mut game = new_game(Players::TWO);
    miss(&mut game, 3);
    miss(&mut game, 1);
    miss(&mut game, 2);
    assert_eq!(game.place(P0), Place::Serpent(5));
    let events = miss(&mut game, 4);
    assert_eq!(game.place(P1), Place::Serpent(5));
    assert_eq!(game.place(P0), Place::Serpent(1));
    assert!(events.contains(&Event::Swapped { pharaoh: P0, to: 1 }));
}

#[test]
fn a_wrong_guess_that_lands_on_the_opposing_pharaoh_swaps_the_two() {
    let mut game = at(positions::a_swap_ahead());
    let events = miss(&mut game, 3);
    assert_eq!(game.place(P0), Place::Serpent(13));
    assert_eq!(game.place(P1), Place::Serpent(10));
    assert!(events.contains(&Event::Swapped {
        pharaoh: P1,
        to: 10
    }));
}

#[test]
fn the_chosen_pharaoh_fights_its_lion_first_and_the_free_one_moves() {
    let game = at(positions::two_pharaohs_to_choose());
    let mut attacked = game.clone();
    choose(&mut attacked, P0);
    assert_eq!(concealer(&attacked), Seat(2), "the lioness's owner hides");
    assert!(matches!(
        attacked.phase(),
        Phase::Conceal {
            contest: Contest::Lion,
            ..
        }
    ));
    let mut free = game;
    choose(&mut free, P1);
    assert_eq!(concealer(&free), Seat(1), "its owner hides for the move");
}

#[test]
fn landing_on_a_teammate_moves_on_to_the_next_space() {
    let mut game = new_game(Players::FOUR);
    choose(&mut game, P0);
    miss(&mut game, 3);
    choose(&mut game, P2);
    miss(&mut game, 1);
    choose(&mut game, P1);
    miss(&mut game, 3);
    assert_eq!(game.place(P1), Place::Serpent(4));
    assert_eq!(game.place(P0), Place::Serpent(3));
}

#[test]
fn moving_on_past_teammates_repeats_and_follows_the_next_rule() {
    let mut game = set_up(
        Players::SIX,
        &[
            (P2, Place::Serpent(3)),
            (P0, Place::Serpent(5)),
            (P1, Place::Serpent(6)),
            (P3, Place::Serpent(7)),
        ],
        &[],
        LIONS,
    );
    choose(&mut game, P2);
    miss(&mut game, 2);
    // 5 and 6 hold teammates; 7 the lionesses' pharaoh, swapped back to 3.
    assert_eq!(game.place(P2), Place::Serpent(7));
    assert_eq!(game.place(P3), Place::Serpent(3));
}
