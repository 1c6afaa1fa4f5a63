//! Scenario tests, one or more for each rule sentence of the seed (sections 2–5), one for
//! each illustrated example of section 6, and one for each decision in
//! `docs/rules/mehen-san-martin.md`, whose last section maps sentences to test names.
//!
//! Positions are reached by legal play: `play_turn` (and its wrappers `moves`, `deploys` and
//! `caught`) drives one whole turn with a chosen concealed number and guess. The one exception is
//! `place`, which puts a marble near the head by hand, where bringing it there by play would
//! take dozens of scripted turns.

mod decisions_and_refusals;
mod hiding_and_guessing;
mod illustrated_examples;
mod lions_and_recovery;
mod movement_and_capturing;
mod reserves;
mod set_up_and_limits;
mod team_rules;

use super::config::opponent;
use super::*;
use crate::fair::{Commitment, Nonce};
use crate::rules::guessing::{GuessingError, TurnError};
use crate::rules::testing::{NONCE, concealment, exchange, ok, refused};
use crate::rules::{Concealed, Outcome, Rules, Viewer};

const GAME: GameId = GameId([0x5a; 16]);

const CARNELIAN: Seat = Seat(0);
const LAPIS: Seat = Seat(1);
const LIONS: Team = Team(0);
const LIONESSES: Team = Team(1);

/// The compact serpent's head.
const HEAD: u8 = 48;

fn new_game(mode: Mode) -> Mehen {
    let board = Board::Compact;
    Mehen::new(Config { mode, board }, GAME)
}

/// A duel at one of the named positions.
fn at(position: positions::Position) -> Mehen {
    Mehen::from_position(&position, GAME).unwrap()
}

/// A six-player game at one of the named positions.
fn at_teams(position: positions::TeamsPosition) -> Mehen {
    Mehen::from_teams_position(&position, GAME).unwrap()
}

fn duel() -> Mehen {
    new_game(Mode::Duel)
}

fn teams() -> Mehen {
    new_game(Mode::Teams)
}

/// A duel after its first two turns: Carnelian's first marble deployed to 2, Lapis's to 1.
fn first_marbles_in() -> Mehen {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    game
}

/// The commitment to `hidden` for `actor` on the current turn, with the engine told the number.
fn conceal(game: &Mehen, actor: Seat, hidden: u8) -> Action {
    concealment(game, actor, hidden, &NONCE)
}

fn reveal(hidden: u8) -> Action {
    Action::Reveal {
        number: hidden,
        nonce: NONCE,
    }
}

fn guess(number: u8) -> Action {
    Action::Guess { number }
}

/// A guess that misses `hidden` and lies in every possible range.
fn miss(hidden: u8) -> u8 {
    if hidden == 1 { 2 } else { 1 }
}

/// The first seat of the side that guesses against `actor`.
fn guesser(game: &Mehen, actor: Seat) -> Seat {
    let team = opponent(game.team_of(actor));
    game.config().mode.seats_of(team).next().unwrap()
}

/// Six-player: chooses `actor` when the team has a choice. Then checks `actor` is to conceal.
fn choose(game: &mut Mehen, actor: Seat) -> Vec<Event> {
    let events = match game.phase() {
        Phase::Choose { .. } => ok(game, actor, Action::Choose { seat: actor }),
        _ => Vec::new(),
    };
    assert_eq!(*game.phase(), Phase::Conceal { actor });
    events
}

/// One whole turn: `actor` is chosen if need be, conceals `hidden`, the other side guesses
/// `guessed`, `actor` reveals and, after a wrong guess, takes `then`. Returns every event.
fn play_turn(
    game: &mut Mehen,
    actor: Seat,
    hidden: u8,
    guessed: u8,
    then: Option<Action>,
) -> Vec<Event> {
    let mut events = choose(game, actor);
    events.extend(exchange(game, hidden, guessed, None, NONCE));
    if let Some(then) = then {
        events.extend(ok(game, actor, then));
    }
    events
}

/// A turn whose guess misses, after which `actor` takes `then`.
fn moves(game: &mut Mehen, actor: Seat, hidden: u8, then: Action) -> Vec<Event> {
    play_turn(game, actor, hidden, miss(hidden), Some(then))
}

/// Turns whose guesses miss, after each of which its actor deploys a marble: `(actor, hidden)`
/// in order.
fn deploys(game: &mut Mehen, turns: &[(Seat, u8)]) {
    for &(actor, hidden) in turns {
        moves(game, actor, hidden, Action::Deploy);
    }
}

/// A turn whose guess misses, after which `actor` advances their earliest unfinished marble.
fn advances(game: &mut Mehen, actor: Seat, hidden: u8) -> Vec<Event> {
    let then = advance(game, actor);
    moves(game, actor, hidden, then)
}

/// A turn whose guess is right.
fn caught(game: &mut Mehen, actor: Seat, hidden: u8) -> Vec<Event> {
    play_turn(game, actor, hidden, hidden, None)
}

/// Brings `actor` to the point of acting: chosen, concealed `hidden`, guessed wrong, revealed.
fn wrong_guess(game: &mut Mehen, actor: Seat, hidden: u8) {
    play_turn(game, actor, hidden, miss(hidden), None);
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor,
            distance: hidden
        }
    );
}

/// Advancing `seat`'s earliest marble that has not finished.
fn advance(game: &Mehen, seat: Seat) -> Action {
    let marble = marbles_of(game, seat)
        .find(|m| m.space != HEAD)
        .expect("the seat has a marble to advance");
    Action::Advance { marble: marble.id }
}

/// `seat`'s marbles on the serpent, earliest first.
fn marbles_of(game: &Mehen, seat: Seat) -> impl Iterator<Item = &Marble> {
    game.marbles().iter().filter(move |m| m.owner == seat)
}

fn spaces_of(game: &Mehen, seat: Seat) -> Vec<u8> {
    marbles_of(game, seat).map(|m| m.space).collect()
}

fn ids_of(game: &Mehen, seat: Seat) -> Vec<MarbleId> {
    marbles_of(game, seat).map(|m| m.id).collect()
}

fn captures(events: &[Event]) -> Vec<(MarbleId, Seat)> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Captured { marble, owner, .. } => Some((marble, owner)),
            _ => None,
        })
        .collect()
}

/// Set-up by hand: a marble of `seat` on `space`, as if deployed and advanced there on earlier
/// turns. Only for spaces near the head, on a space free of opposing marbles, within the limit.
fn place(game: &mut Mehen, seat: Seat, space: u8) -> MarbleId {
    assert!(game.on_serpent(seat) < game.config.mode.serpent_limit());
    assert!((1..HEAD).contains(&space));
    let team = game.team_of(seat);
    assert!(
        game.marbles
            .iter()
            .all(|m| m.space != space || game.team_of(m.owner) == team)
    );
    let id = MarbleId(game.next_marble);
    game.next_marble += 1;
    game.marbles.push(Marble {
        id,
        owner: seat,
        space,
    });
    id
}

/// Checks, on copies, that `actor` may hide exactly 1 to `max` and that the guess must lie in
/// the same range.
fn assert_hides(game: &Mehen, actor: Seat, max: u8) {
    let mut game = game.clone();
    choose(&mut game, actor);
    assert_eq!(game.reserve(actor), max);
    let too_many = conceal(&game, actor, max + 1);
    assert_eq!(
        refused(&game, actor, too_many),
        MehenError::Guessing(GuessingError::OutOfRange {
            what: "conceal",
            number: max + 1,
            max
        })
    );
    let most = conceal(&game, actor, max);
    ok(&mut game, actor, most);
    let by = guesser(&game, actor);
    assert_eq!(
        refused(&game, by, guess(max + 1)).to_string(),
        format!("guess {} is outside 1–{max}", max + 1)
    );
    ok(&mut game, by, guess(max));
}

/// The turns of a team game's first round, in order, with the numbers hidden: deploying them
/// puts seat 0 on 1, 3 on 2, 1 on 1, 4 on 2, 2 on 3 and 5 on 4, capturing nothing.
const ROUND_ONE: [(u8, u8); 6] = [(0, 1), (3, 2), (1, 1), (4, 2), (2, 3), (5, 4)];

/// Round 1 of a team game: everyone deploys by `ROUND_ONE`, except that the `frozen` are
/// guessed right instead, and a player whose marble was placed near the head advances it 3.
fn first_round(game: &mut Mehen, frozen: &[Seat]) {
    for (seat, hidden) in ROUND_ONE {
        let seat = Seat(seat);
        if frozen.contains(&seat) {
            caught(game, seat, hidden);
        } else if spaces_of(game, seat).is_empty() {
            moves(game, seat, hidden, Action::Deploy);
        } else {
            advances(game, seat, 3);
        }
    }
}

/// A team game after its first two turns: seat 0 is caught and freezes, seat 3 deploys to 2.
fn seat_0_frozen() -> Mehen {
    let mut game = teams();
    caught(&mut game, Seat(0), 1);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    game
}

/// A team game after its first four turns: [`seat_0_frozen`], then seat 1 revives seat 0 and
/// seat 4 deploys to 2.
fn frozen_and_revived() -> Mehen {
    let mut game = seat_0_frozen();
    moves(&mut game, Seat(1), 2, Action::Revive { seat: Seat(0) });
    moves(&mut game, Seat(4), 2, Action::Deploy);
    game
}

/// A team game in which seat 0 has a marble placed on 45, where an advance of 3 finishes it.
fn seat_0_near_the_head() -> Mehen {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    game
}
