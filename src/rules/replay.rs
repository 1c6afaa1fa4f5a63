//! One replay for every use: restoring a game after a restart, verifying an audit bundle,
//! the replay page and the tests all rebuild a game from its options, its id and its
//! actions here, and nowhere else.
//!
//! A replay plays each action as a room played it: [`play`] is the one step of both, so an
//! action replays to exactly what it met and caused when it was played live.

use std::borrow::Borrow;

use thiserror::Error;

use crate::fair::GameId;

use super::game::{Game, Move, Played, Setup};
use super::{Awaiting, Refusal, Rules, Seat};

/// A game rebuilt from its log, with what each action met and caused.
#[derive(Clone, Debug)]
pub struct Replayed<G: Rules> {
    pub game: G,
    pub steps: Vec<Logged<Vec<G::Event>>>,
}

/// One action played: what the game awaited and its turn when the action came, and what
/// playing it caused (a rule set's events, or any game's [`Played`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Logged<C> {
    pub awaiting: Awaiting,
    pub turn: u32,
    pub caused: C,
}

/// The action at `index` (counted from 0 among those replayed) was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("action {index} does not replay: {refusal}")]
pub struct ReplayError {
    pub index: usize,
    pub refusal: Refusal,
}

/// A game as a replay plays it: a rule set's own game with its typed actions, or any
/// [`Game`] with its moves.
pub trait Replays {
    type Action: ?Sized;
    type Caused;

    /// What the game awaits now, and its turn.
    fn standing(&self) -> (Awaiting, u32);

    /// Plays `action` for `seat`; a refused one leaves the game as it was.
    fn play_action(&mut self, seat: Seat, action: &Self::Action) -> Result<Self::Caused, Refusal>;
}

impl<G: Rules> Replays for G {
    type Action = G::Action;
    type Caused = Vec<G::Event>;

    fn standing(&self) -> (Awaiting, u32) {
        (self.awaiting(), self.turn())
    }

    fn play_action(&mut self, seat: Seat, action: &G::Action) -> Result<Vec<G::Event>, Refusal> {
        self.apply(seat, action)
    }
}

impl Replays for Game {
    type Action = Move;
    type Caused = Played;

    fn standing(&self) -> (Awaiting, u32) {
        (self.awaiting(), self.turn())
    }

    fn play_action(&mut self, seat: Seat, chosen: &Move) -> Result<Played, Refusal> {
        self.play(seat, chosen)
    }
}

/// Plays `action` for `seat` on `game`, as a room plays a move and a replay plays it again.
pub fn play<R: Replays>(
    game: &mut R,
    seat: Seat,
    action: &R::Action,
) -> Result<Logged<R::Caused>, Refusal> {
    let (awaiting, turn) = game.standing();
    let caused = game.play_action(seat, action)?;
    Ok(Logged {
        awaiting,
        turn,
        caused,
    })
}

/// The one replay: plays `actions` in order on `game`, handing `each` the game after every
/// action with what that action met and caused.
pub fn replay_on<R: Replays, A: Borrow<R::Action>>(
    game: &mut R,
    actions: impl IntoIterator<Item = (Seat, A)>,
    mut each: impl FnMut(&R, Logged<R::Caused>),
) -> Result<(), ReplayError> {
    for (index, (seat, action)) in actions.into_iter().enumerate() {
        let logged =
            play(game, seat, action.borrow()).map_err(|refusal| ReplayError { index, refusal })?;
        each(game, logged);
    }
    Ok(())
}

/// Plays `actions` in order on a new game of `options` and `id`.
pub fn replay<'a, G: Rules>(
    options: &G::Options,
    id: GameId,
    actions: impl IntoIterator<Item = (Seat, &'a G::Action)>,
) -> Result<Replayed<G>, ReplayError> {
    let mut game = G::new(options, id);
    let mut steps = Vec::new();
    replay_on(&mut game, actions, |_, logged| steps.push(logged))?;
    Ok(Replayed { game, steps })
}

/// Plays stored actions (a seat and its action as the log keeps it, in JSON) in order on a
/// new game of `setup` and `id`, handing `each` the game after every action with what it
/// met and caused; the game as the actions leave it.
pub fn replay_stored<'a>(
    setup: &Setup,
    id: GameId,
    actions: impl IntoIterator<Item = (Seat, &'a serde_json::Value)>,
    each: impl FnMut(&Game, Logged<Played>),
) -> Result<Game, ReplayError> {
    let mut game = setup.start(id);
    let moves = actions.into_iter().map(|(seat, action)| {
        let chosen = match setup.step_of(action) {
            Some(step) => Move::Step(step),
            None => Move::Action(action.clone()),
        };
        (seat, chosen)
    });
    replay_on(&mut game, moves, each)?;
    Ok(game)
}

/// Where a replay leaves a concealment open: when the game now awaits a guess or a reveal,
/// the index of the last action that met a concealment, among the actions whose awaited
/// steps `met` gives in order.
pub fn open_concealment<'a>(
    now: &Awaiting,
    mut met: impl DoubleEndedIterator<Item = &'a Awaiting> + ExactSizeIterator,
) -> Option<usize> {
    if !matches!(now, Awaiting::Guess { .. } | Awaiting::Reveal { .. }) {
        return None;
    }
    met.rposition(|awaiting| matches!(awaiting, Awaiting::Conceal { .. }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::examples::concealing_duel;
    use crate::rules::random::RandomPlayer;

    #[test]
    fn a_stored_game_replays_to_what_was_played() {
        let setup = concealing_duel();
        let id = GameId([5; 16]);
        let mut live = setup.start(id);
        let mut player = RandomPlayer::new(3);
        let mut log = Vec::new();
        while let Some((seat, chosen)) = live.random_move(&mut player) {
            log.push((seat, play(&mut live, seat, &chosen).expect("legal")));
        }
        let stored = log
            .iter()
            .map(|(seat, logged)| (*seat, &logged.caused.action));
        let mut again = Vec::new();
        let game = replay_stored(&setup, id, stored, |_, logged| again.push(logged));
        assert_eq!(game.expect("replays"), live);
        assert!(
            again
                .into_iter()
                .eq(log.into_iter().map(|(_, logged)| logged))
        );
    }

    #[test]
    fn a_refused_action_is_named_by_its_place() {
        let setup = concealing_duel();
        let id = GameId([5; 16]);
        let mut live = setup.start(id);
        let (seat, chosen) = live.random_move(&mut RandomPlayer::new(3)).expect("a move");
        let first = play(&mut live, seat, &chosen).expect("legal").caused.action;
        let error = replay_stored(&setup, id, [(seat, &first), (seat, &first)], |_, _| {})
            .expect_err("a second concealment is out of turn");
        assert_eq!(error.index, 1);
    }
}
