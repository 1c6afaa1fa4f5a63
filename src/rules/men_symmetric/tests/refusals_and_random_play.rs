//! The refusals, the steps, and random play.

use super::*;

#[test]
fn every_refusal_leaves_the_game_unchanged() {
    checks::turn_refusals(game);
    let mut game = game();
    throw(&mut game, WHITE, 2);
    let moving = |piece| Action::Move {
        piece: PieceId(piece),
    };
    checks::refusals(
        &game,
        &[
            (WHITE, moving(7), RefusalKind::Illegal),
            (WHITE, moving(42), RefusalKind::Illegal),
            (WHITE, moving(0), RefusalKind::Illegal),
        ],
    );
}

#[test]
fn only_throws_are_steps() {
    let throw = Action::Throw { faces: Faces(3) };
    assert_eq!(
        MenSymmetric::step_action(crate::rules::Step::Throw { faces: Faces(3) }),
        Some(throw)
    );
    assert_eq!(
        MenSymmetric::step_of(&throw),
        Some(crate::rules::Step::Throw { faces: Faces(3) })
    );
    assert_eq!(
        MenSymmetric::step_action(crate::rules::Step::Withhold),
        None
    );
    assert_eq!(MenSymmetric::step_of(&Action::Enter), None);
}

#[test]
fn random_games_all_end_with_pieces_conserved() {
    checks::random_games_all_end::<MenSymmetric>(150, |game| {
        for side in Side::BOTH {
            let on = (1..=LINES)
                .map(|l| game.count(side, Place::Line(l)))
                .sum::<u8>();
            let total = on + game.count(side, Place::Start) + game.count(side, Place::Off);
            if total != PIECES {
                return Err(format!("{} has {total} pieces", side.name()));
            }
        }
        Ok(())
    });
}

/// The deadlock decision's proof by play: thousands of games, every one ends (run with
/// `cargo nextest run --run-ignored only -E 'test(thousands_of_random_games_all_end)'`;
/// the figures are in the rule set's page).
#[test]
#[ignore = "minutes of play; the quick check above runs every time"]
fn thousands_of_random_games_all_end() {
    checks::random_games_all_end::<MenSymmetric>(3000, |_| Ok(()));
}
