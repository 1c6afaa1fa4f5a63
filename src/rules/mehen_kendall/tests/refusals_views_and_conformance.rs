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
        refused(
            &game,
            A,
            Action::Throw {
                faces: faces(STICKS, 2)
            }
        ),
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
