//! Scenario tests, one or more for each rule sentence of the seed and each decision in
//! `docs/rules/mehen-pharaohs.md`, whose last section maps sentences to test names, and the
//! shared conformance checks for 2, 4 and 6 players.
//!
//! Most positions are reached by legal play; `set_up` places pharaohs and lions by hand
//! where play would take dozens of scripted turns.

mod clarifications;
mod conformance;
mod lion_attack;
mod secrets_and_steps;
mod set_up_and_basic_game;
mod winning;

use super::*;
use crate::fair::Commitment;
use crate::rules::guessing::{GuessingError, GuessingGame};
use crate::rules::testing::{NONCE, concealment, exchange, ok, refused};
use crate::rules::{Awaiting, Concealed, Outcome, Refusal, RefusalKind, Rules};

const GAME: GameId = GameId([0x2c; 16]);
const P0: PharaohId = PharaohId(0);
const P1: PharaohId = PharaohId(1);
const P2: PharaohId = PharaohId(2);
const P3: PharaohId = PharaohId(3);

fn new_game(players: Players) -> MehenPharaohs {
    MehenPharaohs::new(Options { players }, GAME)
}

/// A game whose pharaohs stand at `places` (the others waiting), with `attacks`, and `team`
/// to move.
fn set_up(
    players: Players,
    places: &[(PharaohId, Place)],
    attacks: &[(PharaohId, Seat)],
    team: Team,
) -> MehenPharaohs {
    let mut pharaohs = vec![Place::Waiting; usize::from(players.count())];
    for &(pharaoh, place) in places {
        pharaohs[usize::from(pharaoh.0)] = place;
    }
    let attacks = attacks
        .iter()
        .map(|&(target, by)| positions::Attack { target, by })
        .collect();
    at(positions::Position {
        pharaohs,
        attacks,
        to_move: team,
    })
}

/// A game at a described position.
fn at(position: positions::Position) -> MehenPharaohs {
    MehenPharaohs::from_position(&position, GAME).unwrap()
}

fn concealer(game: &MehenPharaohs) -> Seat {
    match Rules::awaiting(game) {
        Awaiting::Conceal { seat, .. } | Awaiting::Reveal { seat, .. } => seat,
        other => panic!("not concealing: {other:?}"),
    }
}

/// Who the game awaits a concealment from, and the least and most they may hide.
fn hiding_awaited(game: &MehenPharaohs) -> (Seat, u8, u8) {
    match Rules::awaiting(game) {
        Awaiting::Conceal { seat, min, max, .. } => (seat, min, max),
        other => panic!("no concealment awaited: {other:?}"),
    }
}

fn conceal(game: &MehenPharaohs, hidden: u8) -> Action {
    concealment(game, concealer(game), hidden, &NONCE)
}

/// The concealer awaited hides `hidden`, which must be accepted.
fn hides(game: &mut MehenPharaohs, hidden: u8) {
    let (seat, hiding) = (concealer(game), conceal(game, hidden));
    ok(game, seat, hiding);
}

fn reveal(hidden: u8) -> Action {
    Action::Reveal {
        number: hidden,
        nonce: NONCE,
    }
}

/// One whole hide-and-guess: `hidden` concealed, `guess` named by `by` (or the first
/// seat allowed to guess).
fn contest(game: &mut MehenPharaohs, hidden: u8, guess: u8, by: Option<Seat>) -> Vec<Event> {
    exchange(game, hidden, guess, by, NONCE)
}

fn miss(game: &mut MehenPharaohs, hidden: u8) -> Vec<Event> {
    contest(game, hidden, if hidden == 1 { 2 } else { 1 }, None)
}

fn hit(game: &mut MehenPharaohs, hidden: u8) -> Vec<Event> {
    contest(game, hidden, hidden, None)
}

/// A game of `players` in which one of the lionesses' three lions is dead.
fn a_lioness_lion_dead(players: Players) -> MehenPharaohs {
    let mut game = new_game(players);
    game.graveyard[1] = 1;
    game.standing[1] = 2;
    game
}

/// `team`'s lions: how many stand, how many are dead, and its streak of correct guesses
/// towards reviving one.
fn lions(game: &MehenPharaohs, team: Team) -> (u8, u8, u8) {
    (game.standing(team), game.graveyard(team), game.streak(team))
}

/// A duel in which one of the lionesses' lions is dead and the lionesses have guessed right
/// once: a streak of one.
fn lionesses_on_a_streak() -> MehenPharaohs {
    let mut game = a_lioness_lion_dead(Players::TWO);
    hit(&mut game, 2);
    game
}

fn choose(game: &mut MehenPharaohs, pharaoh: PharaohId) {
    ok(game, pharaoh.owner(), Action::Choose { pharaoh });
}

/// Lions' pharaoh on 3, lionesses' on 2, then the lionesses guess right: their pharaoh
/// moves to 6 and they may unleash a lion on the lions' pharaoh.
fn offered_a_lion() -> MehenPharaohs {
    let mut game = new_game(Players::TWO);
    miss(&mut game, 3);
    miss(&mut game, 2);
    hit(&mut game, 4);
    assert_eq!(game.place(P1), Place::Serpent(6));
    game
}
