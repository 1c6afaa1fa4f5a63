//! The refusals, the view's moves, and the shared conformance checks.

use super::*;

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
        refused_throw(&game, A, STICKS, 2),
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

/// Plays `games` random games of `players` on `board` through the shared conformance checks,
/// with every ball accounted for and no game longer than `max_actions`.
fn conform(players: u8, board: Board, games: usize, max_actions: usize) {
    let options = options(players, board);
    let report =
        check_random_games::<MehenKendall>(&options, games, 1, max_actions, balls_conserved)
            .unwrap_or_else(|error| panic!("{players} players, {board:?}: {error}"));
    assert_eq!(report.games, games, "{players} players, {board:?}");
    println!(
        "{players} players, {board:?}: {} games, {} actions on average, longest {}, endings {:?}",
        report.games,
        report.actions / report.games,
        report.longest,
        report.endings
    );
}

/// Every table size on the compact serpent, and a duel on the extended one.
#[test]
fn conformance_of_every_table_and_board() {
    for (players, board, games, max_actions) in [
        (2, Board::Compact, 6, 20_000),
        (3, Board::Compact, 3, 20_000),
        (4, Board::Compact, 2, 20_000),
        (5, Board::Compact, 1, 30_000),
        (6, Board::Compact, 1, 30_000),
        (2, Board::Extended, 1, 40_000),
    ] {
        conform(players, board, games, max_actions);
    }
}
