//! The refusals and random play.

use super::*;

#[test]
fn every_refusal_leaves_the_game_unchanged() {
    checks::turn_refusals(game);
    let mut game = game();
    put(&mut game, 4, &[B[0], W[0]]);
    throw(&mut game, WHITE, 2);
    let moving = |piece| Action::Move { piece };
    checks::refusals(
        &game,
        &[
            (WHITE, moving(B[0]), RefusalKind::Illegal),
            (WHITE, moving(PieceId(99)), RefusalKind::Illegal),
            (WHITE, moving(W[1]), RefusalKind::Illegal),
        ],
    );
}

#[test]
fn random_games_all_end_with_pieces_conserved() {
    checks::random_games_all_end::<MenAsymmetric>(150, |game| {
        if game.conserves_pieces() {
            Ok(())
        } else {
            Err("pieces are not conserved".into())
        }
    });
}
