//! Pieces leaving the far end, the winner, and a throw with no legal move.

use super::*;

#[test]
fn a_piece_leaves_the_far_end_with_any_throw_that_carries_it_beyond() {
    for score in [2, 5] {
        let (_, events) = moved(positions::white_near_the_end(), score, 0);
        assert_eq!(
            events[0],
            Event::Moved {
                piece: PieceId(0),
                from: 15,
                to: Reach::Off
            }
        );
    }
}

#[test]
fn the_first_to_move_all_five_off_wins() {
    let mut game = last_white_on(16);
    let events = throw_and_play(&mut game, WHITE, 1, Action::Move { piece: PieceId(4) });
    let outcome = Outcome {
        winner: Some(Team(0)),
        reason: Reason::AllOff,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(Rules::awaiting(&game), Awaiting::Over);
    assert_eq!(
        refused_throw(&game, WHITE, STICKS, 1).kind,
        RefusalKind::GameOver
    );
}

#[test]
fn with_no_legal_move_the_throw_is_lost_and_the_turn_passes() {
    // White's last piece on board 8 faces a black block on board 9.
    let mut game = last_white_on(5);
    set_lines(&mut game, &[(5, 12), (6, 12)]);
    let events = throw(&mut game, WHITE, 2);
    assert_eq!(
        events[1],
        Event::NoMove {
            side: Side::White,
            score: 2
        }
    );
    assert_eq!(
        Rules::awaiting(&game),
        Awaiting::Throw {
            seat: BLACK,
            sticks: Sticks::FourMen
        }
    );
}
