//! The moves of every rule set's scenario tests, written once: an action that must be
//! carried out ([`ok`]), one that must be refused without changing anything ([`refused`]),
//! a throw of the sticks that scores what the test needs ([`throw`]), a throw and the
//! action it lets the thrower take ([`throw_and_play`]), a throw that must be refused
//! ([`refused_throw`]), and in a marble-guessing game a concealment ([`concealment`]) and a
//! whole hide-and-guess ([`exchange`]).
//! Public, so that the integration tests and benches use them too.

use std::fmt::Display;

use super::guessing::GuessingGame;
use super::mehen::{Mehen, MehenError};
use super::mehen_kendall::{KendallError, MehenKendall};
use super::mehen_pharaohs::{MehenPharaohs, PharaohsError};
use super::men_asymmetric::MenAsymmetric;
use super::men_symmetric::MenSymmetric;
use super::senet::Senet;
use super::sticks::{Faces, Sticks};
use super::{Awaiting, Concealed, Refusal, Rules, Seat, Step};
use crate::fair::{Commitment, Nonce};

/// The nonce the tests of the marble-guessing games commit their concealed numbers with.
pub const NONCE: Nonce = Nonce::from_bytes([0x17; 32]);

/// A game a test plays action by action. A refusal comes as the three Mehen rule sets' tests
/// read it, their own typed error, and as the shared [`Refusal`] for the others.
pub trait Scripted: Rules {
    type Error: Display;

    /// Carries out `action` for `seat`; on a refusal nothing changes.
    fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
}

/// Rule sets refused by their own error type, through their own `apply`.
macro_rules! scripted_by_own_error {
    ($($game:ty => $error:ty),* $(,)?) => {$(
        impl Scripted for $game {
            type Error = $error;

            fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, $error> {
                self.apply(seat, action)
            }
        }
    )*};
}

/// Rule sets refused by the shared [`Refusal`], through [`Rules::apply`].
macro_rules! scripted_by_refusal {
    ($($game:ty),* $(,)?) => {$(
        impl Scripted for $game {
            type Error = Refusal;

            fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, Refusal> {
                Rules::apply(self, seat, &action)
            }
        }
    )*};
}

scripted_by_own_error!(
    Mehen => MehenError,
    MehenPharaohs => PharaohsError,
    MehenKendall => KendallError,
);
scripted_by_refusal!(Senet, MenSymmetric, MenAsymmetric);

/// Carries out an action that must succeed, and returns its events.
pub fn ok<G: Scripted>(game: &mut G, seat: Seat, action: G::Action) -> Vec<G::Event> {
    game.play(seat, action.clone())
        .unwrap_or_else(|error| panic!("{seat} could not {action:?}: {error}"))
}

/// Tries an action that must be refused, checks that the refusal explains itself and left
/// the game exactly as it was, and returns it.
pub fn refused<G: Scripted>(game: &G, seat: Seat, action: G::Action) -> G::Error {
    let mut after = game.clone();
    let Err(error) = after.play(seat, action.clone()) else {
        panic!("{seat} was allowed to {action:?}, which should have been refused")
    };
    assert_eq!(&after, game, "refusing {action:?} changed the game");
    assert!(
        !error.to_string().is_empty(),
        "refusing {action:?} said nothing"
    );
    error
}

/// The faces of the first throw of `sticks` that scores `score` ([`Sticks::scoring`]).
pub fn faces(sticks: Sticks, score: u8) -> Faces {
    sticks
        .scoring(score)
        .unwrap_or_else(|| panic!("{sticks:?} never score {score}"))
}

/// Throws the sticks the game awaits from `seat` so that they score `score`, which must be
/// accepted, and returns the events.
pub fn throw<G: Scripted>(game: &mut G, seat: Seat, score: u8) -> Vec<G::Event> {
    let Awaiting::Throw { sticks, .. } = Rules::awaiting(game) else {
        panic!(
            "{seat} cannot throw: the game awaits {:?}",
            Rules::awaiting(game)
        )
    };
    let faces = faces(sticks, score);
    let action = G::step_action(Step::Throw { faces }).expect("a game awaiting a throw takes one");
    ok(game, seat, action)
}

/// Throws the sticks for `seat` so that they score `score`, then carries out `action`; both
/// must be accepted. The events of the action.
pub fn throw_and_play<G: Scripted>(
    game: &mut G,
    seat: Seat,
    score: u8,
    action: G::Action,
) -> Vec<G::Event> {
    throw(game, seat, score);
    ok(game, seat, action)
}

/// Tries a throw by `seat` of `sticks` scoring `score`, which must be refused as [`refused`]
/// checks, and returns the refusal.
pub fn refused_throw<G: Scripted>(game: &G, seat: Seat, sticks: Sticks, score: u8) -> G::Error {
    let faces = faces(sticks, score);
    let action = G::step_action(Step::Throw { faces }).expect("a game of sticks takes a throw");
    refused(game, seat, action)
}

/// The action by which `seat` conceals `hidden` in `game` on its current turn, committed
/// with `nonce` and told to the engine.
pub fn concealment<G: Rules>(game: &G, seat: Seat, hidden: u8, nonce: &Nonce) -> G::Action {
    let commitment = Commitment::new(&game.game_id(), game.turn(), seat.0, nonce, hidden);
    let hand = Some(Concealed::new(hidden));
    G::step_action(Step::Conceal { commitment, hand }).expect("the game conceals numbers")
}

/// One whole hide-and-guess, every step of which must be accepted: the concealer awaited
/// conceals `hidden` committed with `nonce`, `by` guesses `guess` (`None`: the first seat
/// that may), and the concealer reveals. Every event.
pub fn exchange<G: Scripted + GuessingGame>(
    game: &mut G,
    hidden: u8,
    guess: u8,
    by: Option<Seat>,
    nonce: Nonce,
) -> Vec<G::Event> {
    let Awaiting::Conceal { seat, .. } = Rules::awaiting(game) else {
        panic!("no concealment awaited: {:?}", Rules::awaiting(game))
    };
    let mut events = ok(game, seat, concealment(game, seat, hidden, &nonce));
    let Awaiting::Guess { seats, .. } = Rules::awaiting(game) else {
        panic!("no guess awaited: {:?}", Rules::awaiting(game))
    };
    let guesser = by.unwrap_or(seats[0]);
    events.extend(ok(game, guesser, G::guess_action(guess)));
    let reveal = Step::Reveal {
        number: hidden,
        nonce,
    };
    let reveal = G::step_action(reveal).expect("the game reveals numbers");
    events.extend(ok(game, seat, reveal));
    events
}
