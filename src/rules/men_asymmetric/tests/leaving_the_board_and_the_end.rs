//! Pieces leaving the far end, the end of the game and who wins, and a lost throw.

use super::*;

#[test]
fn a_piece_leaving_the_far_end_scores_a_point_without_an_exact_throw() {
    let mut game = game();
    put(&mut game, 15, &[W[0]]);
    let events = throw_and_play(&mut game, WHITE, 4, Action::Move { piece: W[0] });
    assert!(events.contains(&Event::Finished {
        pieces: vec![W[0]],
        side: Side::White
    }));
    assert_eq!(game.place(W[0]), Place::Off);
    assert_eq!(game.points(Side::White), 1);
}

#[test]
fn a_stack_reaching_the_end_finishes_its_controllers_pieces_and_sends_the_others_back() {
    let mut game = thrown(positions::stack_near_the_end(), 2);
    let events = ok(&mut game, WHITE, Action::Move { piece: W[0] });
    assert!(events.contains(&Event::SentBack { pieces: vec![B[0]] }));
    assert_eq!(game.place(B[0]), Place::Start);
    assert_eq!(game.count(Side::White, Place::Off), 1);
    assert_eq!(game.points(Side::White), 1);
}

#[test]
fn the_game_ends_when_all_opposing_pieces_are_captured_and_most_points_wins() {
    let mut game = game();
    game.captured = vec![B[1], B[2], B[3], B[4]];
    game.points = [4, 0];
    put(&mut game, 3, &[W[0], W[1]]);
    put(&mut game, 5, &[B[0]]);
    let events = throw_and_play(&mut game, WHITE, 2, Action::Move { piece: W[1] });
    assert_eq!(game_over(&events), (Some(Team(0)), Reason::AllCaptured));
    assert_eq!(
        refused(&game, WHITE, Action::Enter).kind,
        RefusalKind::GameOver
    );
}

#[test]
fn finishing_first_does_not_win_when_the_other_side_has_more_points() {
    let mut game = game();
    game.finished = vec![W[0], W[1]];
    game.captured = vec![W[2], W[3]];
    game.points = [2, 4];
    put(&mut game, 16, &[W[4]]);
    let events = throw_and_play(&mut game, WHITE, 1, Action::Move { piece: W[4] });
    assert_eq!(game_over(&events), (Some(Team(1)), Reason::AllMovedOff));
}

#[test]
fn equal_points_at_the_end_are_a_draw() {
    let mut game = game();
    game.finished = vec![W[0], W[1], W[2], W[3]];
    game.points = [4, 5];
    put(&mut game, 16, &[W[4]]);
    throw_and_play(&mut game, WHITE, 1, Action::Move { piece: W[4] });
    assert_eq!(game.outcome().map(|o| o.winner), Some(None));
}

#[test]
fn a_side_that_controls_nothing_and_has_nothing_to_enter_loses_the_throw() {
    let mut game = game();
    game.finished = vec![W[1], W[2], W[3], W[4]];
    put(&mut game, 8, &[W[0], B[0]]);
    let events = throw(&mut game, WHITE, 3);
    assert_eq!(events[1], Event::NoMove { side: Side::White });
    assert_eq!(
        Rules::awaiting(&game),
        Awaiting::Throw {
            seat: BLACK,
            sticks: Sticks::FourMen
        }
    );
}
