//! Scenario tests, one or more for each rule sentence of the seed and each decision in
//! `docs/rules/mehen-pharaohs.md`, whose last section maps sentences to test names, and the
//! shared conformance checks for 2, 4 and 6 players.
//!
//! Most positions are reached by legal play; `set_up` places pharaohs and lions by hand
//! where play would take dozens of scripted turns.

use super::*;
use crate::fair::{Commitment, Nonce};
use crate::rules::guessing::GuessingError;
use crate::rules::{Awaiting, Concealed, Outcome, Refusal, RefusalKind, Rules};

const GAME: GameId = GameId([0x2c; 16]);
const NONCE: Nonce = Nonce::from_bytes([0x41; 32]);
const P0: PharaohId = PharaohId(0);
const P1: PharaohId = PharaohId(1);
const P2: PharaohId = PharaohId(2);
const P3: PharaohId = PharaohId(3);

fn new_game(players: Players) -> MehenPharaohs {
    MehenPharaohs::new(Options { players }, GAME)
}

/// A game whose pharaohs stand at `places`, with `attacks`, and `team` to move.
fn set_up(
    players: Players,
    places: &[(PharaohId, Place)],
    attacks: &[(PharaohId, Seat)],
    team: Team,
) -> MehenPharaohs {
    let mut game = new_game(players);
    for &(pharaoh, place) in places {
        game.pharaohs.insert(pharaoh, place);
    }
    for &(target, owner) in attacks {
        game.attacks.insert(target, owner);
        game.standing[usize::from(game.team_of(owner).0)] -= 1;
    }
    game.begin_team_turn(team, &mut Vec::new());
    game
}

fn ok(game: &mut MehenPharaohs, seat: Seat, action: Action) -> Vec<Event> {
    game.apply(seat, action)
        .unwrap_or_else(|error| panic!("{seat} could not {action:?}: {error}"))
}

fn refused(game: &mut MehenPharaohs, seat: Seat, action: Action) -> PharaohsError {
    let before = game.clone();
    let error = game.apply(seat, action).expect_err("should be refused");
    assert_eq!(*game, before, "a refusal changed the game");
    error
}

fn concealer(game: &MehenPharaohs) -> Seat {
    match Rules::awaiting(game) {
        Awaiting::Conceal { seat, .. } | Awaiting::Reveal { seat, .. } => seat,
        other => panic!("not concealing: {other:?}"),
    }
}

fn conceal(game: &MehenPharaohs, hidden: u8) -> Action {
    let seat = concealer(game);
    Action::Conceal {
        commitment: Commitment::new(&GAME, game.turn(), seat.0, &NONCE, hidden),
        hand: Some(Concealed::new(hidden)),
    }
}

fn reveal(hidden: u8) -> Action {
    Action::Reveal {
        number: hidden,
        nonce: NONCE,
    }
}

/// One whole hide-and-guess: `hidden` concealed, `guess` named by `by` (or the first
/// seat allowed to guess).
fn contest(game: &mut MehenPharaohs, hidden: u8, guess: u8, by: Option<Seat>) -> Vec<Event> {
    let seat = concealer(game);
    let mut events = ok(game, seat, conceal(game, hidden));
    let Awaiting::Guess { seats, .. } = Rules::awaiting(game) else {
        panic!("not guessing");
    };
    let guesser = by.unwrap_or(seats[0]);
    events.extend(ok(game, guesser, Action::Guess { number: guess }));
    events.extend(ok(game, seat, reveal(hidden)));
    events
}

fn miss(game: &mut MehenPharaohs, hidden: u8) -> Vec<Event> {
    contest(game, hidden, if hidden == 1 { 2 } else { 1 }, None)
}

fn hit(game: &mut MehenPharaohs, hidden: u8) -> Vec<Event> {
    contest(game, hidden, hidden, None)
}

fn choose(game: &mut MehenPharaohs, pharaoh: PharaohId) {
    ok(game, pharaoh.owner(), Action::Choose { pharaoh });
}

// Set-up

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

// Basic game

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
    let error = refused(&mut game, Seat(2), Action::Choose { pharaoh: P0 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    let error = refused(&mut game, Seat(0), Action::Choose { pharaoh: P2 });
    assert_eq!(error, PharaohsError::NotYourPharaoh { pharaoh: P2 });
    ok(&mut game, Seat(0), Action::Choose { pharaoh: P1 });
    assert_eq!(concealer(&game), Seat(1));
}

#[test]
fn a_lone_pharaoh_moves_without_a_choice() {
    let game = new_game(Players::TWO);
    assert!(matches!(
        Rules::awaiting(&game),
        Awaiting::Conceal {
            seat: Seat(0),
            min: 1,
            max: 5,
            ..
        }
    ));
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
        let error = refused(&mut game, Seat(0), hiding);
        assert_eq!(Refusal::from(error).kind, RefusalKind::OutOfRange);
    }
    let hiding = conceal(&game, 3);
    let error = refused(&mut game, Seat(1), hiding);
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    let hiding = conceal(&game, 5);
    ok(&mut game, Seat(0), hiding);
}

#[test]
fn the_whole_opposing_team_may_guess() {
    let mut game = new_game(Players::FOUR);
    choose(&mut game, P0);
    let hiding = conceal(&game, 2);
    ok(&mut game, Seat(0), hiding);
    assert!(matches!(
        Rules::awaiting(&game),
        Awaiting::Guess { ref seats, concealer: Seat(0), min: 1, max: 5 } if *seats == [Seat(2), Seat(3)]
    ));
    let error = refused(&mut game, Seat(1), Action::Guess { number: 2 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    let error = refused(&mut game, Seat(3), Action::Guess { number: 6 });
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

/// Lions' pharaoh on 3, lionesses' on 2, then the lionesses guess right: their pharaoh
/// moves to 6 and they may unleash a lion on the lions' pharaoh.
fn offered_a_lion() -> MehenPharaohs {
    let mut game = new_game(Players::TWO);
    miss(&mut game, 3);
    miss(&mut game, 2);
    hit(&mut game, 4);
    assert_eq!(game.place(P1), Place::Serpent(6));
    game
}

#[test]
fn a_correct_guesser_may_unleash_a_lion_on_the_concealers_pharaoh() {
    let mut game = offered_a_lion();
    assert_eq!(
        game.legal_actions(Seat(1)),
        [Action::Unleash { target: P0 }, Action::Spare]
    );
    let error = refused(&mut game, Seat(1), Action::Unleash { target: P1 });
    assert_eq!(error, PharaohsError::WrongTarget { offered: P0 });
    refused(&mut game, Seat(0), Action::Spare);
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

// Lion attack

fn attacked() -> MehenPharaohs {
    set_up(
        Players::TWO,
        &[(P0, Place::Serpent(10)), (P1, Place::Serpent(20))],
        &[(P0, Seat(1))],
        LIONS,
    )
}

#[test]
fn an_attacked_pharaoh_first_fights_the_lion_one_to_three() {
    let mut game = attacked();
    assert!(matches!(
        Rules::awaiting(&game),
        Awaiting::Conceal {
            seat: Seat(1),
            min: 1,
            max: 3,
            ..
        }
    ));
    let hiding = conceal(&game, 4);
    let error = refused(&mut game, Seat(1), hiding);
    assert_eq!(Refusal::from(error).kind, RefusalKind::OutOfRange);
    let hiding = conceal(&game, 2);
    ok(&mut game, Seat(1), hiding);
    assert!(matches!(
        Rules::awaiting(&game),
        Awaiting::Guess { ref seats, max: 3, .. } if *seats == [Seat(0)]
    ));
}

#[test]
fn only_the_attacked_pharaohs_owner_guesses_the_lion() {
    let mut game = set_up(
        Players::FOUR,
        &[(P0, Place::Serpent(10))],
        &[(P0, Seat(2))],
        LIONS,
    );
    choose(&mut game, P0);
    let hiding = conceal(&game, 1);
    ok(&mut game, Seat(2), hiding);
    let error = refused(&mut game, Seat(1), Action::Guess { number: 1 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    assert!(game.legal_actions(Seat(1)).is_empty());
    assert_eq!(game.legal_actions(Seat(0)).len(), 3);
}

#[test]
fn a_correct_lion_guess_kills_it_and_a_normal_move_follows() {
    let mut game = attacked();
    let fight = game.turn();
    let events = hit(&mut game, 2);
    assert!(events.contains(&Event::LionKilled {
        target: P0,
        team: LIONESSES
    }));
    assert!(game.attacks().is_empty());
    assert_eq!(game.graveyard(LIONESSES), 1);
    assert_eq!(concealer(&game), Seat(0), "the owner hides for the move");
    assert_eq!(game.turn(), fight + 1, "a new commitment, a new turn");
    miss(&mut game, 4);
    assert_eq!(game.place(P0), Place::Serpent(14));
}

#[test]
fn a_wrong_lion_guess_ends_the_turn_without_a_move() {
    let mut game = attacked();
    let events = miss(&mut game, 2);
    assert!(events.contains(&Event::LionHeld { target: P0 }));
    assert_eq!(game.place(P0), Place::Serpent(10));
    assert_eq!(game.attacks().get(&P0), Some(&Seat(1)));
    assert_eq!(concealer(&game), Seat(1));
    assert_eq!(game.phase().waiting_for(), "the concealer to hide marbles");
}

#[test]
fn two_correct_move_guesses_in_a_row_revive_a_dead_lion() {
    let mut game = new_game(Players::TWO);
    game.graveyard[1] = 1;
    game.standing[1] = 2;
    hit(&mut game, 2);
    assert_eq!(game.streak(LIONESSES), 1);
    miss(&mut game, 1);
    let events = hit(&mut game, 3);
    assert!(events.contains(&Event::LionRevived { team: LIONESSES }));
    assert_eq!(game.graveyard(LIONESSES), 0);
    assert_eq!(game.standing(LIONESSES), 3);
    assert_eq!(game.streak(LIONESSES), 0);
}

#[test]
fn a_wrong_move_guess_breaks_the_streak() {
    let mut game = new_game(Players::TWO);
    game.graveyard[1] = 1;
    game.standing[1] = 2;
    hit(&mut game, 2);
    miss(&mut game, 1);
    miss(&mut game, 3);
    assert_eq!(game.streak(LIONESSES), 0);
    assert_eq!(game.graveyard(LIONESSES), 1);
}

#[test]
fn lion_guesses_do_not_count_towards_the_streak() {
    let mut game = attacked();
    hit(&mut game, 2);
    assert_eq!(game.streak(LIONS), 0);
}

#[test]
fn the_streak_counts_for_the_whole_team() {
    let mut game = new_game(Players::FOUR);
    game.graveyard[1] = 1;
    game.standing[1] = 2;
    choose(&mut game, P0);
    contest(&mut game, 2, 2, Some(Seat(2)));
    choose(&mut game, P2);
    miss(&mut game, 1);
    choose(&mut game, P1);
    let events = contest(&mut game, 3, 3, Some(Seat(3)));
    assert!(events.contains(&Event::LionRevived { team: LIONESSES }));
}

// Clarifications

#[test]
fn an_attacked_pharaoh_swapped_back_keeps_its_lion() {
    let mut game = set_up(
        Players::TWO,
        &[(P0, Place::Serpent(10)), (P1, Place::Serpent(5))],
        &[(P0, Seat(1))],
        LIONESSES,
    );
    miss(&mut game, 5);
    assert_eq!(game.place(P1), Place::Serpent(10));
    assert_eq!(game.place(P0), Place::Serpent(5));
    assert_eq!(game.attacks().get(&P0), Some(&Seat(1)));
}

#[test]
fn an_entering_pharaoh_landing_on_an_opponent_sends_it_off() {
    let mut game = new_game(Players::TWO);
    miss(&mut game, 3);
    let events = miss(&mut game, 3);
    assert!(events.contains(&Event::SentOff { pharaoh: P0 }));
    assert_eq!(game.place(P0), Place::Waiting);
    assert_eq!(game.place(P1), Place::Serpent(3));
}

#[test]
fn a_lion_whose_target_is_sent_off_returns_to_its_team() {
    let mut game = set_up(
        Players::TWO,
        &[(P0, Place::Serpent(3))],
        &[(P0, Seat(1))],
        LIONESSES,
    );
    let events = miss(&mut game, 3);
    assert!(events.contains(&Event::LionReturned {
        target: P0,
        team: LIONESSES
    }));
    assert!(game.attacks().is_empty());
    assert_eq!(game.standing(LIONESSES), 3);
}

#[test]
fn two_lions_never_attack_one_pharaoh() {
    let mut game = offered_a_lion();
    ok(&mut game, Seat(1), Action::Unleash { target: P0 });
    miss(&mut game, 1);
    assert!(matches!(
        game.phase(),
        Phase::Conceal {
            pharaoh: P0,
            contest: Contest::Lion,
            ..
        }
    ));
}

#[test]
fn no_lion_is_offered_without_one_in_hand() {
    let mut game = offered_a_lion();
    ok(&mut game, Seat(1), Action::Spare);
    game.standing[1] = 0;
    game.graveyard[1] = 3;
    game.streaks[1] = 0;
    miss(&mut game, 1);
    hit(&mut game, 1);
    assert!(!matches!(game.phase(), Phase::Unleash { .. }));
}

#[test]
fn a_guesser_whose_pharaoh_is_attacked_does_not_move_it() {
    let mut game = set_up(
        Players::TWO,
        &[(P0, Place::Serpent(10)), (P1, Place::Serpent(20))],
        &[(P1, Seat(0))],
        LIONS,
    );
    let events = hit(&mut game, 3);
    assert!(events.contains(&Event::Stayed { pharaoh: P1 }));
    assert_eq!(game.place(P1), Place::Serpent(20));
    assert!(matches!(game.phase(), Phase::Unleash { target: P0, .. }));
}

#[test]
fn a_delivered_guessers_pharaoh_stays_delivered() {
    let mut game = set_up(Players::FOUR, &[(P2, Place::Delivered)], &[], LIONS);
    choose(&mut game, P0);
    let events = contest(&mut game, 2, 2, Some(Seat(2)));
    assert!(events.contains(&Event::Stayed { pharaoh: P2 }));
}

// Winning

#[test]
fn the_head_needs_no_exact_throw() {
    let mut game = set_up(Players::FOUR, &[(P0, Place::Serpent(68))], &[], LIONS);
    choose(&mut game, P0);
    miss(&mut game, 5);
    assert_eq!(game.place(P0), Place::Delivered);
    assert_eq!(game.outcome(), None, "a teammate is still on the way");
    assert!(matches!(game.phase(), Phase::Choose { team: LIONESSES }));
}

#[test]
fn space_seventy_is_a_playing_space() {
    let places = [(P0, Place::Serpent(66)), (P1, Place::Serpent(68))];
    let mut game = set_up(Players::TWO, &places, &[], LIONS);
    miss(&mut game, 4);
    assert_eq!(
        game.place(P0),
        Place::Serpent(70),
        "70 is reached, not passed"
    );
    assert_eq!(game.outcome(), None);
    let events = miss(&mut game, 2);
    assert_eq!(game.place(P1), Place::Serpent(70));
    assert_eq!(
        game.place(P0),
        Place::Serpent(68),
        "a swap on 70 as anywhere"
    );
    assert!(events.contains(&Event::Swapped {
        pharaoh: P0,
        to: 68
    }));
    let places = [(P0, Place::Serpent(40)), (P1, Place::Serpent(70))];
    let mut game = set_up(Players::TWO, &places, &[], LIONESSES);
    hit(&mut game, 1);
    let events = ok(&mut game, Seat(0), Action::Unleash { target: P1 });
    assert!(events.contains(&Event::LionUnleashed {
        by: Seat(0),
        target: P1
    }));
    assert_eq!(
        game.attacks().get(&P1),
        Some(&Seat(0)),
        "a lion attacks on 70"
    );
    assert_eq!(game.place(P1), Place::Serpent(70));
}

#[test]
fn a_teammate_on_space_seventy_is_passed_into_the_head() {
    let places = [(P0, Place::Serpent(70)), (P1, Place::Serpent(67))];
    let mut game = set_up(Players::FOUR, &places, &[], LIONS);
    choose(&mut game, P1);
    miss(&mut game, 3);
    assert_eq!(
        game.place(P1),
        Place::Delivered,
        "one on from 70 is the head"
    );
    assert_eq!(game.place(P0), Place::Serpent(70));
}

#[test]
fn a_delivered_pharaoh_can_no_longer_be_chosen() {
    let mut game = set_up(Players::FOUR, &[(P0, Place::Delivered)], &[], LIONS);
    assert_eq!(concealer(&game), Seat(1), "the one pharaoh left moves");
    game.phase = Phase::Choose { team: LIONS };
    let error = refused(&mut game, Seat(0), Action::Choose { pharaoh: P0 });
    assert_eq!(error, PharaohsError::AlreadyDelivered { pharaoh: P0 });
}

#[test]
fn the_first_team_to_deliver_all_its_pharaohs_wins() {
    let mut game = set_up(
        Players::FOUR,
        &[(P0, Place::Delivered), (P1, Place::Serpent(66))],
        &[],
        LIONS,
    );
    let events = miss(&mut game, 5);
    let outcome = Outcome {
        winner: Some(LIONS),
        reason: WinReason::AllDelivered,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(Rules::awaiting(&game), Awaiting::Over);
    let error = refused(&mut game, Seat(0), Action::Spare);
    assert_eq!(Refusal::from(error).kind, RefusalKind::GameOver);
}

#[test]
fn a_correct_guesser_can_win_with_the_move() {
    let mut game = set_up(Players::TWO, &[(P1, Place::Serpent(67))], &[], LIONS);
    hit(&mut game, 4);
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(LIONESSES));
}

// Secrets and steps

#[test]
fn the_concealer_alone_sees_its_hand() {
    let mut game = new_game(Players::FOUR);
    choose(&mut game, P0);
    let blind = game.view();
    let hiding = conceal(&game, 4);
    ok(&mut game, Seat(0), hiding);
    assert_eq!(Rules::secret(&game, Seat(0)), Some(Hand { hand: 4 }));
    assert_eq!(Rules::secret(&game, Seat(1)), None);
    assert_eq!(Rules::secret(&game, Seat(2)), None);
    let shown = serde_json::to_string(&game.view()).unwrap();
    assert!(!shown.contains("\"hand\""));
    assert_eq!(blind.pharaohs, game.view().pharaohs);
}

#[test]
fn a_reveal_must_open_the_commitment_and_match_the_hand() {
    let mut game = new_game(Players::TWO);
    let hiding = conceal(&game, 3);
    ok(&mut game, Seat(0), hiding);
    ok(&mut game, Seat(1), Action::Guess { number: 1 });
    let error = refused(&mut game, Seat(0), reveal(2));
    assert_eq!(Refusal::from(error).kind, RefusalKind::CommitmentMismatch);
    let error = refused(&mut game, Seat(1), reveal(3));
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
    ok(&mut game, Seat(0), reveal(3));
}

#[test]
fn a_hand_other_than_the_commitment_is_refused() {
    let mut game = new_game(Players::TWO);
    let commitment = Commitment::new(&GAME, game.turn(), 0, &NONCE, 3);
    let action = Action::Conceal {
        commitment,
        hand: Some(Concealed::new(2)),
    };
    ok(&mut game, Seat(0), action);
    ok(&mut game, Seat(1), Action::Guess { number: 2 });
    let error = refused(&mut game, Seat(0), reveal(3));
    assert_eq!(
        error,
        PharaohsError::Guessing(GuessingError::CommitmentMismatch)
    );
}

#[test]
fn a_withheld_reveal_counts_as_a_correct_guess() {
    let mut game = new_game(Players::TWO);
    let hiding = conceal(&game, 3);
    ok(&mut game, Seat(0), hiding);
    ok(&mut game, Seat(1), Action::Guess { number: 4 });
    refused(&mut game, Seat(1), Action::Withhold);
    ok(&mut game, Seat(0), Action::Withhold);
    assert_eq!(game.place(P1), Place::Serpent(4));
    assert_eq!(game.place(P0), Place::Waiting);
}

#[test]
fn steps_map_both_ways_and_are_never_listed() {
    use crate::rules::Step;
    let step = Step::Reveal {
        number: 2,
        nonce: NONCE,
    };
    let action = MehenPharaohs::step_action(step).unwrap();
    assert_eq!(MehenPharaohs::step_of(&action), Some(step));
    assert_eq!(MehenPharaohs::step_of(&Action::Spare), None);
    let game = new_game(Players::TWO);
    assert!(Rules::legal_actions(&game, Seat(0)).is_empty());
    assert!(Rules::legal_actions(&game, Seat(2)).is_empty());
}

#[test]
fn a_seat_beyond_the_table_is_refused() {
    let mut game = new_game(Players::TWO);
    let error = refused(&mut game, Seat(2), Action::Spare);
    assert_eq!(Refusal::from(error).kind, RefusalKind::NoSuchSeat);
    let error = refused(&mut game, Seat(0), Action::Guess { number: 1 });
    assert_eq!(Refusal::from(error).kind, RefusalKind::WrongPhase);
}

// Conformance

fn conserved(game: &MehenPharaohs) -> Result<(), String> {
    let players = game.options().seats();
    for seat in 0..players {
        let mine = game
            .pharaohs()
            .keys()
            .filter(|id| id.owner() == Seat(seat))
            .count();
        if mine != 1 {
            return Err(format!("seat {seat} has {mine} pharaohs"));
        }
    }
    let mut spaces: Vec<u8> = game
        .pharaohs()
        .values()
        .filter_map(|place| match place {
            Place::Serpent(space) => Some(*space),
            _ => None,
        })
        .collect();
    let on = spaces.len();
    spaces.sort_unstable();
    spaces.dedup();
    if spaces.len() != on {
        return Err("two pharaohs share a space".into());
    }
    for team in [LIONS, LIONESSES] {
        let lions = game.standing(team) + game.attacking(team) + game.graveyard(team);
        if lions != LIONS_PER_TEAM {
            return Err(format!("{} has {lions} lions", team_name(team)));
        }
    }
    if game
        .attacks()
        .keys()
        .any(|&target| !matches!(game.place(target), Place::Serpent(_)))
    {
        return Err("a lion attacks a pharaoh off the serpent".into());
    }
    Ok(())
}

/// Plays `games` random games of `players` through the shared conformance checks.
fn conforms(players: Players, games: usize) {
    use crate::rules::conformance::check_random_games;
    let options = Options { players };
    let report = check_random_games::<MehenPharaohs>(&options, games, 1, 5_000, conserved)
        .unwrap_or_else(|error| panic!("{} players: {error}", players.count()));
    assert_eq!(report.games, games);
    println!(
        "{} players: {} games, {} actions, longest {}, endings {:?}",
        players.count(),
        report.games,
        report.actions,
        report.longest,
        report.endings
    );
}

#[test]
fn random_two_player_games_conform() {
    conforms(Players::TWO, 8);
}

#[test]
fn random_four_player_games_conform() {
    conforms(Players::FOUR, 4);
}

#[test]
fn random_six_player_games_conform() {
    conforms(Players::SIX, 3);
}
