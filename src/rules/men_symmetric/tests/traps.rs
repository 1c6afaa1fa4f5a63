//! A piece trapped between two opposing pieces goes back to the start.

use super::*;

#[test]
fn a_piece_trapped_between_two_opposing_pieces_goes_back_to_the_start() {
    let (game, events) = black_traps_white();
    assert!(events.contains(&Event::Trapped {
        piece: PieceId(0),
        line: 6
    }));
    assert_eq!(game.place(PieceId(0)), Some(Place::Start));
}

#[test]
fn two_pieces_trap_only_one_opposing_piece() {
    let mut game = game();
    // Two whites on board 10; black on board 9 (its line 12) lands on board 11 (line 11).
    set_lines(&mut game, &[(0, 6), (1, 6), (5, 12), (6, 10)]);
    game.round.phase = Phase::Throw { side: Side::Black };
    throw_and_play(&mut game, BLACK, 1, Action::Move { piece: PieceId(6) });
    assert_eq!(game.count(Side::White, Place::Line(6)), 1);
    assert_eq!(game.count(Side::White, Place::Start), 4);
}

#[test]
fn moving_between_two_opposing_pieces_is_safe() {
    let mut game = game();
    set_lines(&mut game, &[(5, 11), (6, 12), (0, 5)]);
    throw_and_play(&mut game, WHITE, 1, Action::Move { piece: PieceId(0) });
    assert_eq!(game.place(PieceId(0)), Some(Place::Line(6)));
}

#[test]
fn a_trap_gives_a_second_turn_and_second_turns_chain() {
    let (game, events) = black_traps_white();
    assert_eq!(
        events.last(),
        Some(&Event::SecondTurn { side: Side::Black })
    );
    assert_eq!(
        Rules::awaiting(&game),
        Awaiting::Throw {
            seat: BLACK,
            sticks: STICKS
        }
    );
}
