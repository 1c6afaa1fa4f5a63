//! The decisions where the seed is open, the refusals, and random play.

use super::*;

// Decisions where the seed is open.

#[test]
fn seat_zero_plays_the_cones_and_seat_one_the_spools() {
    let table = Senet::table(&Options {});
    let sides: Vec<(Team, &str)> = table.seats.iter().map(|s| (s.team, s.side)).collect();
    assert_eq!(sides, vec![(Team(0), "Cones"), (Team(1), "Spools")]);
    assert_eq!(Board::owner(PieceId(4)), Some(CONES));
    assert_eq!(Board::owner(PieceId(5)), Some(SPOOLS));
}

#[test]
fn the_opening_alternates_on_the_first_ten_squares() {
    let board = Board::start();
    let cones: Vec<Option<u8>> = Board::pieces_of(CONES)
        .map(|p| board.square_of(p))
        .collect();
    let spools: Vec<Option<u8>> = Board::pieces_of(SPOOLS)
        .map(|p| board.square_of(p))
        .collect();
    assert_eq!(cones, [2, 4, 6, 8, 10].map(Some));
    assert_eq!(spools, [1, 3, 5, 7, 9].map(Some));
    assert!((1..=10).all(|square| !board.defended(square)));
}

#[test]
fn neighbours_across_a_row_turn_defend_each_other() {
    let game = moving(&[8], &[10, 11], CONES, 2);
    refused_because(&game, CONES, 0, "defended");
    let game = moving(&[18], &[19, 20, 21], CONES, 4);
    refused_because(&game, CONES, 0, "blockade");
}

#[test]
fn pieces_never_move_backward() {
    let mut game = throwing(&[30], &[20], CONES);
    let events = throw(&mut game, CONES, 3);
    assert!(events.contains(&Event::NoMove {
        seat: CONES,
        score: 3
    }));
    assert_eq!(square(&game, 0), Some(30));
}

#[test]
fn a_throw_no_piece_can_use_is_lost_and_the_turn_passes() {
    let mut game = throwing(&[24, 25], &[20], CONES);
    let events = throw(&mut game, CONES, 3);
    assert_eq!(
        events,
        vec![
            Event::Thrown {
                seat: CONES,
                faces: faces(STICKS, 3),
                score: 3
            },
            Event::NoMove {
                seat: CONES,
                score: 3
            },
            Event::TurnPassed {
                seat: SPOOLS,
                turn: 2
            },
        ]
    );
    assert_eq!(game.phase(), SPOOLS_THROW);
}

#[test]
fn an_unusable_one_four_or_six_earns_no_throw_again() {
    for score in [1, 4, 6] {
        let mut game = throwing(&[3], &[4, 5, 6], CONES);
        let events = throw(&mut game, CONES, score);
        assert!(
            events.contains(&Event::NoMove { seat: CONES, score }),
            "{score}: {events:?}"
        );
        assert_eq!(game.phase(), SPOOLS_THROW, "{score}");
    }
}

#[test]
fn a_piece_swapped_back_past_26_carries_on_from_there() {
    let mut game = moving(&[28], &[30, 1], CONES, 2);
    play(&mut game, CONES, 0);
    assert_eq!(square(&game, 5), Some(28));
    let mut game = Senet::at(
        *game.board(),
        Phase::Move {
            seat: SPOOLS,
            score: 3,
        },
    );
    play(&mut game, SPOOLS, 5);
    assert_eq!(square(&game, 5), None, "it need not stop on 26 again");
}

#[test]
fn a_piece_swapped_back_onto_26_carries_on_from_26() {
    let mut game = moving(&[26], &[29, 1], CONES, 3);
    play(&mut game, CONES, 0);
    assert_eq!(square(&game, 5), Some(26));
    let game = Senet::at(
        *game.board(),
        Phase::Move {
            seat: SPOOLS,
            score: 2,
        },
    );
    assert_eq!(movable(&game, SPOOLS), vec![5, 6]);
}

#[test]
fn a_piece_on_26_whose_only_move_is_27_must_take_it() {
    let mut game = throwing(&[26], &[20], CONES);
    throw(&mut game, CONES, 1);
    assert_eq!(movable(&game, CONES), vec![0]);
    play(&mut game, CONES, 0);
    assert_eq!(square(&game, 0), Some(15));
}

#[test]
fn a_drowned_piece_passes_no_square_and_may_land_behind_a_blockade() {
    let game = moving(&[26], &[14, 15, 16], CONES, 1);
    assert_eq!(moves_to(game, 0), Some(1));
}

#[test]
fn the_move_view_lists_each_landing() {
    let game = moving(&[3, 24, 28], &[5], CONES, 2);
    let PhaseView::Move {
        moves,
        throws_again,
        ..
    } = game.view().phase
    else {
        panic!("a move is awaited");
    };
    assert!(!throws_again);
    let landings: Vec<Landing> = moves.iter().map(|plan| plan.landing).collect();
    assert_eq!(
        landings,
        vec![
            Landing::Square {
                square: 5,
                swaps: Some(PieceId(5))
            },
            Landing::Square {
                square: 26,
                swaps: None
            },
            Landing::Square {
                square: 30,
                swaps: None
            },
        ]
    );
    let json = serde_json::to_value(game.view()).expect("serializes");
    assert_eq!(json["pieces"]["5"]["square"], 5);
}

#[test]
fn actions_and_options_read_from_json() {
    let action: Action = serde_json::from_str(r#"{"type":"move","piece":3}"#).expect("reads");
    assert_eq!(action, Action::Move { piece: PieceId(3) });
    let options: Options = serde_json::from_str("{}").expect("reads");
    assert_eq!(Senet::presets(), vec![options]);
}

#[test]
fn the_throw_is_a_step_the_room_supplies() {
    let step = Step::Throw {
        faces: Faces(0b101),
    };
    let action = Senet::step_action(step).expect("a throw");
    assert_eq!(Senet::step_of(&action), Some(step));
    assert_eq!(Senet::step_action(Step::Withhold), None);
    let game = Senet::new(crate::fair::GameId::default());
    assert!(game.legal_actions(CONES).is_empty());
    assert_eq!(game.secret(CONES), None);
}

// Refusals.

#[test]
fn faces_beyond_four_sticks_are_refused() {
    let game = throwing(&[1], &[], CONES);
    let refusal = refused(
        &game,
        CONES,
        Action::Throw {
            faces: Faces(0b1_0000),
        },
    );
    assert_eq!(refusal.kind, RefusalKind::Malformed);
}

#[test]
fn the_waiting_player_is_refused() {
    for game in [throwing(&[1], &[2], CONES), moving(&[1], &[2], CONES, 2)] {
        let phase = game.phase();
        let refusal = refused_throw(&game, SPOOLS, STICKS, 2);
        assert_eq!(refusal.kind, RefusalKind::NotYourTurn, "{phase:?}");
        let refusal = refused_move(&game, SPOOLS, 5);
        assert_eq!(refusal.kind, RefusalKind::NotYourTurn, "{phase:?}");
    }
}

#[test]
fn moving_before_throwing_is_refused() {
    let game = throwing(&[1], &[2], CONES);
    let refusal = refused_because(&game, CONES, 0, "throw");
    assert_eq!(refusal.kind, RefusalKind::WrongPhase);
}

#[test]
fn a_seat_beyond_the_table_is_refused() {
    let game = throwing(&[1], &[2], CONES);
    let refusal = refused_throw(&game, Seat(2), STICKS, 2);
    assert_eq!(refusal.kind, RefusalKind::NoSuchSeat);
    assert!(game.legal_actions(Seat(2)).is_empty());
}

#[test]
fn an_unknown_or_foreign_or_finished_piece_is_refused() {
    let game = moving(&[1, 30], &[3], CONES, 2);
    assert_eq!(refused_move(&game, CONES, 10).kind, RefusalKind::Illegal);
    assert_eq!(refused_move(&game, CONES, 255).kind, RefusalKind::Illegal);
    refused_because(&game, CONES, 5, "not yours");
    refused_because(&game, CONES, 2, "left the board");
}

// Random play.

#[test]
fn random_games_end_and_conserve_the_pieces() {
    let invariant = |game: &Senet| {
        let board = game.board();
        for seat in [CONES, SPOOLS] {
            let on_board = Board::pieces_of(seat)
                .filter(|&piece| board.square_of(piece).is_some())
                .count() as u8;
            if on_board + board.off(seat) != PIECES {
                return Err(format!("{seat} has {on_board} on the board"));
            }
        }
        let mut seen = [false; SQUARES as usize + 1];
        for (piece, square) in board.pieces() {
            let Some(square) = square else { continue };
            match seen.get_mut(usize::from(square)) {
                Some(taken) if !*taken && square != 0 && square != HOUSE_OF_WATER => *taken = true,
                _ => return Err(format!("piece {} on square {square}", piece.0)),
            }
        }
        Ok(())
    };
    let report = check_random_games::<Senet>(&Options {}, 150, 4, 5_000, invariant)
        .expect("random games pass the conformance checks");
    assert_eq!(report.games, 150);
    println!("{report:?}");
}
