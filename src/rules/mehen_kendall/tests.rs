//! One test per numbered rule of the seed (1–21), refusals, and the conformance checks.

use crate::fair::GameId;
use crate::rules::conformance::check_random_games;
use crate::rules::sticks::Faces;
use crate::rules::{Awaiting, Refusal, RefusalKind, Rules, Seat, Team};

use super::piece::Spot;
use super::*;

pub(super) const A: Seat = Seat(0);
pub(super) const B: Seat = Seat(1);

pub(super) fn options(players: u8, board: Board) -> Options {
    Options {
        players: Players::try_from(players).unwrap(),
        board,
    }
}

pub(super) fn game(players: u8) -> MehenKendall {
    MehenKendall::new(options(players, Board::Compact), GameId([0; 16]))
}

/// Faces for a score: 1, 2, 3 flat sticks, or none for 6.
pub(super) fn faces(score: u8) -> Faces {
    Faces(match score {
        1 => 0b001,
        2 => 0b011,
        3 => 0b111,
        _ => 0,
    })
}

pub(super) fn put(game: &mut MehenKendall, piece: PieceId, spot: Spot) {
    game.set_spot(piece, spot);
}

pub(super) fn throw(game: &mut MehenKendall, seat: Seat, score: u8) -> Vec<Event> {
    game.apply(
        seat,
        Action::Throw {
            faces: faces(score),
        },
    )
    .unwrap()
}

/// The refusal of `action`, checking the game is left exactly as it was.
fn refused(game: &MehenKendall, seat: Seat, action: Action) -> KendallError {
    let mut after = game.clone();
    let error = after.apply(seat, action).unwrap_err();
    assert_eq!(&after, game, "a refusal changed the game");
    error
}

/// Throws `score` for `seat` and moves `piece` by it.
fn play(game: &mut MehenKendall, seat: Seat, score: u8, piece: PieceId) -> Vec<Event> {
    throw(game, seat, score);
    game.apply(seat, Action::Move { piece }).unwrap()
}

pub(super) fn ball(seat: Seat, index: u8) -> PieceId {
    PieceId::ball(seat, index)
}

fn balls_conserved(game: &MehenKendall) -> Result<(), String> {
    for seat in game.seats() {
        let total: u8 = [Place::OffBoard, Place::Home, Place::Eaten]
            .into_iter()
            .map(|place| game.count_balls(seat, Some(place)))
            .sum::<u8>()
            + game.count_balls(seat, None);
        if total != BALLS {
            return Err(format!("{seat} has {total} balls"));
        }
    }
    Ok(())
}

#[test]
fn rule_01_two_to_six_players() {
    for count in 2..=6u8 {
        let parsed: Options =
            serde_json::from_str(&format!(r#"{{"players":{count},"board":"compact"}}"#)).unwrap();
        let table = MehenKendall::table(&parsed);
        assert_eq!(table.seats.len(), usize::from(count));
        assert!(
            table
                .seats
                .iter()
                .enumerate()
                .all(|(i, s)| s.team == Team(i as u8))
        );
    }
    for count in [0, 1, 7] {
        let error =
            serde_json::from_str::<Options>(&format!(r#"{{"players":{count},"board":"compact"}}"#))
                .unwrap_err();
        assert!(error.to_string().contains("2 to 6 players"), "{error}");
    }
    assert_eq!(MehenKendall::presets().len(), 5);
}

#[test]
fn rule_02_six_balls_and_a_lion_each() {
    let game = game(6);
    for seat in game.seats() {
        assert_eq!(game.count_balls(seat, Some(Place::OffBoard)), BALLS);
        assert_eq!(game.place(PieceId::lion(seat)), None);
    }
    assert_eq!(game.view().pieces.len(), 36);
}

#[test]
fn rule_03_three_sticks_score_1_2_3_6() {
    for (bits, score) in [(0b001, 1), (0b110, 2), (0b111, 3), (0, 6)] {
        let mut game = game(2);
        let events = game.apply(A, Action::Throw { faces: Faces(bits) }).unwrap();
        assert_eq!(events[0], Event::Thrown { seat: A, score });
    }
    let game = game(2);
    let error = refused(
        &game,
        A,
        Action::Throw {
            faces: Faces(0b1000),
        },
    );
    assert_eq!(Refusal::from(error).kind, RefusalKind::Malformed);
}

#[test]
fn rule_04_the_lion_exists_to_eat_balls() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(41));
    put(&mut game, ball(B, 0), Spot::Track(35));
    play(&mut game, A, 2, PieceId::lion(A));
    assert_eq!(game.eaten(A), 1);
    assert_eq!(game.view().players[0].eaten, 1);
    assert_eq!(game.view().players[1].lost, 1);
}

#[test]
fn rule_05_balls_go_to_the_centre_and_back_to_the_tail() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(38));
    play(&mut game, A, 2, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Centre));
    let mut game = self::game(2);
    put(&mut game, ball(A, 0), Spot::Track(78));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Outward { cell: 2 }));
    play(&mut game, A, 6, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Home));
}

#[test]
fn rule_06_one_throw_a_turn_even_a_six() {
    let mut game = game(3);
    put(&mut game, ball(A, 0), Spot::Track(5));
    throw(&mut game, A, 6);
    game.apply(A, Action::Move { piece: ball(A, 0) }).unwrap();
    assert_eq!(game.phase(), Phase::Throw { seat: B });
    let error = refused(&game, A, Action::Throw { faces: faces(6) });
    assert_eq!(Refusal::from(error).kind, RefusalKind::NotYourTurn);
}

#[test]
fn rule_07_balls_start_off_and_enter_one_by_one() {
    let mut game = game(2);
    assert_eq!(game.count_balls(A, Some(Place::OffBoard)), BALLS);
    throw(&mut game, A, 1);
    assert_eq!(game.legal_actions(A), vec![Action::Save, Action::EnterBall]);
    game.apply(A, Action::EnterBall).unwrap();
    assert_eq!(game.place(ball(A, 0)), Some(Place::Inward { cell: 1 }));
    assert_eq!(game.count_balls(A, Some(Place::OffBoard)), BALLS - 1);
    game.phase = Phase::Throw { seat: A };
    assert_eq!(game.ball_entry(A), Err(KendallError::EntryTaken));
    let events = throw(&mut game, A, 1);
    assert_eq!(
        events[1],
        Event::Saved { seat: A, saved: 1 },
        "no entry: the 1 is saved"
    );
}

#[test]
fn rule_08_a_lion_moves_double() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(5));
    throw(&mut game, A, 3);
    game.apply(
        A,
        Action::Move {
            piece: PieceId::lion(A),
        },
    )
    .unwrap();
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Inward { cell: 11 })
    );
}

#[test]
fn rule_09_a_ball_enters_only_on_a_one() {
    let mut game = game(2);
    let events = throw(&mut game, A, 2);
    assert_eq!(events[1], Event::NoMove { seat: A, score: 2 });
    assert_eq!(game.phase(), Phase::Throw { seat: B });
    put(&mut game, ball(B, 0), Spot::Track(5));
    throw(&mut game, B, 3);
    assert!(matches!(
        refused(&game, B, Action::EnterBall),
        KendallError::NeedsOne { score: 3, .. }
    ));
}

#[test]
fn rule_10_a_one_is_saved_not_moved() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(5));
    throw(&mut game, A, 1);
    let move_it = Action::Move { piece: ball(A, 0) };
    assert_eq!(refused(&game, A, move_it), KendallError::OneMovesNothing);
    game.apply(A, Action::Save).unwrap();
    assert_eq!(game.saved(A), 1);
    for index in 0..BALLS {
        put(&mut game, ball(B, index), Spot::Track(2 + u16::from(index)));
    }
    let events = throw(&mut game, B, 1);
    assert_eq!(events[1], Event::Saved { seat: B, saved: 1 });
    assert_eq!(game.phase(), Phase::Throw { seat: A });
}

#[test]
fn rule_11_the_centre_takes_an_exact_score_or_saved_ones() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(38));
    put(&mut game, ball(A, 1), Spot::Track(5));
    throw(&mut game, A, 3);
    let into_centre = Action::Move { piece: ball(A, 0) };
    assert_eq!(
        refused(&game, A, into_centre),
        KendallError::OverScore { over: 1, saved: 0 }
    );
    game.players[0].saved = 2;
    let events = game.apply(A, into_centre).unwrap();
    assert!(matches!(
        events[0],
        Event::Moved {
            to: Place::Centre,
            spent: 1,
            ..
        }
    ));
    assert_eq!(game.saved(A), 1);
}

#[test]
fn rule_12_leaving_the_centre_costs_four_saved_ones() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(40));
    game.players[0].saved = 3;
    let events = throw(&mut game, A, 2);
    assert_eq!(events[1], Event::NoMove { seat: A, score: 2 });
    game.phase = Phase::Throw { seat: A };
    game.players[0].saved = 5;
    throw(&mut game, A, 2);
    game.apply(A, Action::Move { piece: ball(A, 0) }).unwrap();
    assert_eq!(game.place(ball(A, 0)), Some(Place::Outward { cell: 38 }));
    assert_eq!(game.saved(A), 1);
}

#[test]
fn rule_12_other_pieces_move_while_one_waits_in_the_centre() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(40));
    put(&mut game, ball(A, 1), Spot::Track(5));
    game.players[0].saved = 3;
    throw(&mut game, A, 2);
    let other = Action::Move { piece: ball(A, 1) };
    assert_eq!(game.legal_actions(A), [other]);
    game.apply(A, other).unwrap();
    assert_eq!(game.place(ball(A, 1)), Some(Place::Inward { cell: 7 }));
    assert_eq!(
        game.place(ball(A, 0)),
        Some(Place::Centre),
        "it waits for its ones"
    );
}

#[test]
fn rule_13_the_first_ball_home_earns_the_lion() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(79));
    let events = play(&mut game, A, 2, ball(A, 0));
    assert!(events.contains(&Event::LionEarned { seat: A }));
    assert_eq!(game.place(PieceId::lion(A)), Some(Place::OffBoard));
    assert_eq!(game.count_balls(A, Some(Place::OffBoard)), BALLS - 1);
}

#[test]
fn rule_14_the_lion_enters_and_leaves_the_centre_like_a_ball() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Off);
    throw(&mut game, A, 1);
    game.apply(A, Action::EnterLion).unwrap();
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Inward { cell: 1 })
    );
    put(&mut game, PieceId::lion(A), Spot::Track(38));
    game.players[0].saved = 2;
    game.phase = Phase::Throw { seat: A };
    throw(&mut game, A, 2);
    game.apply(
        A,
        Action::Move {
            piece: PieceId::lion(A),
        },
    )
    .unwrap();
    assert_eq!(game.place(PieceId::lion(A)), Some(Place::Centre));
    assert_eq!(game.saved(A), 0, "two over: two saved ones, not doubled");
    game.players[0].saved = 9;
    put(&mut game, ball(A, 0), Spot::Track(3));
    game.phase = Phase::Throw { seat: A };
    throw(&mut game, A, 2);
    let leave = Action::Move {
        piece: PieceId::lion(A),
    };
    assert_eq!(
        refused(&game, A, leave),
        KendallError::ExitFee { need: 10, saved: 9 }
    );
    game.players[0].saved = 10;
    game.apply(A, leave).unwrap();
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 36 })
    );
}

#[test]
fn rule_15_a_lion_heading_home_eats_for_good() {
    let mut game = game(3);
    put(&mut game, PieceId::lion(A), Spot::Track(41));
    put(&mut game, ball(Seat(2), 3), Spot::Track(45));
    let events = play(&mut game, A, 2, PieceId::lion(A));
    assert!(events.contains(&Event::Eaten {
        piece: ball(Seat(2), 3),
        by: PieceId::lion(A)
    }));
    assert_eq!(game.place(ball(Seat(2), 3)), Some(Place::Eaten));
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 35 })
    );
    assert!(balls_conserved(&game).is_ok());
}

#[test]
fn rule_16_a_ball_landing_on_a_ball_swaps_with_it() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(5));
    put(&mut game, ball(B, 0), Spot::Track(7));
    play(&mut game, A, 2, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Inward { cell: 7 }));
    assert_eq!(game.place(ball(B, 0)), Some(Place::Inward { cell: 5 }));
    let mut game = self::game(2);
    put(&mut game, ball(A, 0), Spot::Track(5));
    put(&mut game, ball(B, 1), Spot::Track(73));
    play(&mut game, A, 2, ball(A, 0));
    assert_eq!(game.place(ball(A, 0)), Some(Place::Inward { cell: 7 }));
    assert_eq!(game.place(ball(B, 1)), Some(Place::Outward { cell: 5 }));
}

#[test]
fn rule_16_leaving_the_centre_onto_an_opponent_swaps_it_into_the_centre() {
    // Cell 38 seen heading in (spot 38) and heading home (spot 42).
    for other in [Spot::Track(38), Spot::Track(42)] {
        let mut game = game(2);
        put(&mut game, ball(A, 0), Spot::Track(40));
        put(&mut game, ball(B, 0), other);
        game.players[0].saved = 4;
        let events = play(&mut game, A, 2, ball(A, 0));
        assert_eq!(game.place(ball(A, 0)), Some(Place::Outward { cell: 38 }));
        assert_eq!(game.place(ball(B, 0)), Some(Place::Centre));
        assert!(events.contains(&Event::Swapped {
            piece: ball(B, 0),
            to: Place::Centre
        }));
        game.players[1].saved = 3;
        let events = throw(&mut game, B, 2);
        let owes = Event::NoMove { seat: B, score: 2 };
        assert_eq!(events[1], owes, "the swapped ball owes its four ones");
    }
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(40));
    put(&mut game, PieceId::lion(B), Spot::Track(44));
    game.players[0].saved = 10;
    game.players[1].saved = 9;
    play(&mut game, A, 2, PieceId::lion(A));
    assert_eq!(game.place(PieceId::lion(B)), Some(Place::Centre));
    let events = throw(&mut game, B, 6);
    let owes = Event::NoMove { seat: B, score: 6 };
    assert_eq!(events[1], owes, "the swapped lion owes its ten ones");
}

#[test]
fn rule_17_a_lion_heading_in_swaps_with_a_ball() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(5));
    put(&mut game, ball(B, 0), Spot::Track(9));
    play(&mut game, A, 2, PieceId::lion(A));
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Inward { cell: 9 })
    );
    assert_eq!(game.place(ball(B, 0)), Some(Place::Inward { cell: 5 }));
    assert_eq!(game.eaten(A), 0);
}

#[test]
fn rule_18_lion_against_lion_swaps() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(A), Spot::Track(41));
    put(&mut game, PieceId::lion(B), Spot::Track(35));
    play(&mut game, A, 2, PieceId::lion(A));
    assert_eq!(
        game.place(PieceId::lion(A)),
        Some(Place::Outward { cell: 35 })
    );
    assert_eq!(
        game.place(PieceId::lion(B)),
        Some(Place::Inward { cell: 39 })
    );
}

#[test]
fn rule_19_after_the_lion_the_balls_come_home() {
    let mut game = game(3);
    put(&mut game, PieceId::lion(A), Spot::Home);
    put(&mut game, ball(A, 0), Spot::Track(5));
    put(&mut game, PieceId::lion(B), Spot::Home);
    assert_eq!(game.ball_entry(A), Err(KendallError::LionHome));
    let events = throw(&mut game, A, 1);
    assert_eq!(events[1], Event::Saved { seat: A, saved: 1 });
    assert_eq!(
        game.phase(),
        Phase::Throw { seat: Seat(2) },
        "B has nothing left to do"
    );
}

#[test]
fn rule_20_the_game_ends_when_every_lion_is_home() {
    let mut game = game(3);
    put(&mut game, PieceId::lion(A), Spot::Track(79));
    put(&mut game, ball(A, 0), Spot::Track(5));
    put(&mut game, PieceId::lion(B), Spot::Home);
    for index in 0..BALLS {
        put(&mut game, ball(Seat(2), index), Spot::Eaten);
    }
    throw(&mut game, A, 2);
    game.apply(
        A,
        Action::Move {
            piece: PieceId::lion(A),
        },
    )
    .unwrap();
    assert!(
        game.outcome().is_some(),
        "a ball on the track does not hold the game"
    );
    assert_eq!(game.awaiting(), Awaiting::Over);
    let error = refused(&game, B, Action::Throw { faces: faces(1) });
    assert_eq!(Refusal::from(error).kind, RefusalKind::GameOver);
}

#[test]
fn rule_21_most_eaten_wins_even_last_home() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(B), Spot::Track(79));
    put(&mut game, PieceId::lion(A), Spot::Track(79));
    put(&mut game, ball(A, 0), Spot::Track(5));
    game.players[0].eaten = 1;
    game.phase = Phase::Throw { seat: B };
    play(&mut game, B, 2, PieceId::lion(B));
    play(&mut game, A, 2, PieceId::lion(A));
    assert_eq!(game.lions_home(), &[B, A]);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Team(0)), Reason::MostEaten)
    );
}

#[test]
fn rule_21_a_tie_goes_to_the_first_lion_home() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(B), Spot::Track(79));
    put(&mut game, PieceId::lion(A), Spot::Track(79));
    put(&mut game, ball(A, 0), Spot::Track(5));
    game.phase = Phase::Throw { seat: B };
    play(&mut game, B, 2, PieceId::lion(B));
    play(&mut game, A, 2, PieceId::lion(A));
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Team(1)), Reason::FirstHomeBreaksTie)
    );
}

#[test]
fn rule_21_all_eaten_first_lion_home_wins() {
    let mut game = game(2);
    put(&mut game, PieceId::lion(B), Spot::Track(79));
    put(&mut game, PieceId::lion(A), Spot::Track(60));
    for index in 0..BALLS {
        put(&mut game, ball(A, index), Spot::Eaten);
        put(&mut game, ball(B, index), Spot::Eaten);
    }
    put(&mut game, ball(A, 0), Spot::Home);
    put(&mut game, ball(B, 0), Spot::Home);
    game.players[0].eaten = 5;
    game.players[1].eaten = 3;
    game.phase = Phase::Throw { seat: B };
    play(&mut game, B, 2, PieceId::lion(B));
    put(&mut game, PieceId::lion(A), Spot::Track(79));
    play(&mut game, A, 2, PieceId::lion(A));
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Team(1)), Reason::AllEaten)
    );
}

#[test]
fn refusals_name_the_trouble_and_change_nothing() {
    let mut game = game(2);
    assert_eq!(
        refused(&game, Seat(2), Action::Save),
        KendallError::NoSuchSeat { seat: Seat(2) }
    );
    assert_eq!(
        refused(&game, B, Action::Save),
        KendallError::NotYourTurn { waiting: A }
    );
    assert!(matches!(
        refused(&game, A, Action::Save),
        KendallError::WrongPhase { .. }
    ));
    put(&mut game, ball(A, 0), Spot::Track(5));
    put(&mut game, ball(A, 1), Spot::Track(7));
    throw(&mut game, A, 2);
    assert!(matches!(
        refused(&game, A, Action::Throw { faces: faces(2) }),
        KendallError::WrongPhase { .. }
    ));
    let own = Action::Move { piece: ball(A, 0) };
    assert_eq!(refused(&game, A, own), KendallError::OwnPiece { cell: 7 });
    let theirs = Action::Move { piece: ball(B, 0) };
    assert_eq!(
        refused(&game, A, theirs),
        KendallError::NotYourPiece { piece: ball(B, 0) }
    );
    let off = Action::Move { piece: ball(A, 2) };
    assert!(matches!(
        refused(&game, A, off),
        KendallError::NotOnTrack { .. }
    ));
    let nobody = Action::Move {
        piece: PieceId(200),
    };
    assert!(matches!(
        refused(&game, A, nobody),
        KendallError::NotYourPiece { .. }
    ));
    assert!(!Refusal::from(KendallError::EntryTaken).message.is_empty());
}

#[test]
fn the_view_lists_moves_with_landings() {
    let mut game = game(2);
    put(&mut game, ball(A, 0), Spot::Track(38));
    game.players[0].saved = 4;
    throw(&mut game, A, 6);
    let view = game.view();
    assert_eq!(view.throw, Some(6));
    assert_eq!(view.moves.len(), 1);
    assert_eq!(view.moves[0].to, Some(Place::Centre));
    assert_eq!(view.moves[0].spends, 4);
    assert!(serde_json::to_string(&view).is_ok());
    assert_eq!(MehenKendall::step_of(&Action::Save), None);
}

fn conform(players: u8, board: Board, games: usize, max_actions: usize) {
    let options = options(players, board);
    let report =
        check_random_games::<MehenKendall>(&options, games, 1, max_actions, balls_conserved)
            .unwrap();
    assert_eq!(report.games, games);
    println!(
        "{players} players, {board:?}: {} games, {} actions on average, longest {}, endings {:?}",
        report.games,
        report.actions / report.games,
        report.longest,
        report.endings
    );
}

#[test]
fn conformance_two_players() {
    conform(2, Board::Compact, 6, 20_000);
}

#[test]
fn conformance_three_players() {
    conform(3, Board::Compact, 3, 20_000);
}

#[test]
fn conformance_four_players() {
    conform(4, Board::Compact, 2, 20_000);
}

#[test]
fn conformance_five_players() {
    conform(5, Board::Compact, 1, 30_000);
}

#[test]
fn conformance_six_players() {
    conform(6, Board::Compact, 1, 30_000);
}

#[test]
fn conformance_extended_board() {
    conform(2, Board::Extended, 1, 40_000);
}
