//! Rules 19 to 21 of the seed: the balls come home, the lions finish the game, and who wins.

use super::*;

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
    play(&mut game, A, 2, PieceId::lion(A));
    assert!(
        game.outcome().is_some(),
        "a ball on the track does not hold the game"
    );
    assert_eq!(game.awaiting(), Awaiting::Over);
    let error = refused_throw(&game, B, STICKS, 1);
    assert_eq!(Refusal::from(error).kind, RefusalKind::GameOver);
}

/// Who won `game`, which is over, and why.
fn won(game: &MehenKendall) -> (Option<Team>, Reason) {
    let outcome = game.outcome().expect("the game is over");
    (outcome.winner, outcome.reason)
}

/// A duel in which B's lion and then A's come home from 79, with a ball of A's still on the
/// track and A having eaten `eaten` balls.
fn lions_home_b_then_a(eaten: u8) -> MehenKendall {
    let mut game = game(2);
    put(&mut game, PieceId::lion(B), Spot::Track(79));
    put(&mut game, PieceId::lion(A), Spot::Track(79));
    put(&mut game, ball(A, 0), Spot::Track(5));
    game.players[0].eaten = eaten;
    game.phase = Phase::Throw { seat: B };
    play(&mut game, B, 2, PieceId::lion(B));
    play(&mut game, A, 2, PieceId::lion(A));
    game
}

#[test]
fn rule_21_most_eaten_wins_even_last_home() {
    let game = lions_home_b_then_a(1);
    assert_eq!(game.lions_home(), &[B, A]);
    assert_eq!(won(&game), (Some(Team(0)), Reason::MostEaten));
}

#[test]
fn rule_21_a_tie_goes_to_the_first_lion_home() {
    let game = lions_home_b_then_a(0);
    assert_eq!(won(&game), (Some(Team(1)), Reason::FirstHomeBreaksTie));
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
    assert_eq!(won(&game), (Some(Team(1)), Reason::AllEaten));
}
