//! Checks of computer players, written once over [`ComputerPlayer`]:
//! - [`check_rebuilt_games`], for a rule set of perfect information: the game a seat
//!   rebuilds from what it is shown plays on exactly as the real one. Along random games, at
//!   every step and for every seat, the rebuilt game awaits the same, shows the same view
//!   and lists the same actions for every seat; and after every throw the sticks can make
//!   and every legal action, it answers with the same events and still shows the same view.
//! - [`check_legal_duels`], for a stick game: games between computer players and random
//!   players, every decision checked legal, each game to its end.
//! - [`check_decides_from_view`]: two games a seat cannot tell apart get the same decisions;
//!   [`check_decides_whatever_the_id`], the same for two stick games alike but for their id.
//! - [`check_strong_against_easy_and_random`], for a game of a concealed number: games
//!   between strong computer players and easy ones, then random players, each to its end.
//! - [`check_strong_plays`]: in a position whose answer is plain, the strong player finds
//!   it whatever its chance.
//! - [`stick_game_checks!`], the tests every stick game's computer players pass, written
//!   into a rule set's tests by one call.

use serde::Serialize;

use crate::fair::GameId;

use super::computer::{ComputerPlayer, Decision, Seen, Strength, decide};
use super::guessing::played::play_out;
use super::random::{RandomPlayer, SplitMix64};
use super::sticks::Faces;
use super::{Awaiting, Rules, Seat, Step, Team};

/// Who plays a seat in a [`duel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Computer(Strength),
    /// A uniformly random legal action.
    Random,
}

/// Plays `games` random games of `options` (seeds from `seed` on), each at most
/// `max_actions` long, checking the property above at every step. The number of steps
/// checked, or the first difference, naming the game's seed and the step.
pub fn check_rebuilt_games<G: ComputerPlayer>(
    options: &G::Options,
    games: usize,
    seed: u64,
    max_actions: usize,
) -> Result<usize, String> {
    let mut steps = 0;
    for game_seed in seed..seed + games as u64 {
        let fail = |step: usize, what: String| format!("seed {game_seed}, action {step}: {what}");
        let mut game = G::new(options, GameId([game_seed as u8; 16]));
        let mut player = RandomPlayer::new(game_seed);
        for step in 0..=max_actions {
            check_every_seat(&game).map_err(|what| fail(step, what))?;
            steps += 1;
            let Some((seat, action)) = player.next_action(&game) else {
                break;
            };
            game.apply(seat, &action)
                .map_err(|refusal| fail(step, format!("{action:?} refused: {refusal}")))?;
        }
    }
    Ok(steps)
}

/// Every seat's rebuilt game is the real one now and after every next throw and action.
fn check_every_seat<G: ComputerPlayer>(game: &G) -> Result<(), String> {
    let seats = G::table(&game.options()).seats.len() as u8;
    for seat in (0..seats).map(Seat) {
        let rebuilt = G::rebuild(&Seen::of(game, seat))
            .ok_or_else(|| format!("{seat} could not rebuild the game"))?;
        same(game, &rebuilt).map_err(|what| format!("rebuilt by {seat}: {what}"))?;
        for (mover, action) in next_actions(game) {
            let (mut real, mut copy) = (game.clone(), rebuilt.clone());
            let told = real.apply(mover, &action).map_err(|r| r.to_string());
            if told != copy.apply(mover, &action).map_err(|r| r.to_string()) {
                return Err(format!(
                    "rebuilt by {seat}: {action:?} answered differently"
                ));
            }
            same(&real, &copy)
                .map_err(|what| format!("rebuilt by {seat}, after {action:?}: {what}"))?;
        }
    }
    Ok(())
}

/// Who may act next and how: every throw the sticks can make, or every legal action.
fn next_actions<G: Rules>(game: &G) -> Vec<(Seat, G::Action)> {
    match game.awaiting() {
        Awaiting::Throw { seat, sticks } => (0..1u8 << sticks.count())
            .filter_map(|bits| G::step_action(Step::Throw { faces: Faces(bits) }))
            .map(|action| (seat, action))
            .collect(),
        awaiting => awaiting
            .seats()
            .into_iter()
            .flat_map(|seat| game.legal_actions(seat).into_iter().map(move |a| (seat, a)))
            .collect(),
    }
}

/// The same awaiting, view, outcome and legal actions of every seat.
fn same<G: Rules>(real: &G, rebuilt: &G) -> Result<(), String> {
    if real.awaiting() != rebuilt.awaiting() {
        return Err(format!(
            "awaits {:?}, the real game {:?}",
            rebuilt.awaiting(),
            real.awaiting()
        ));
    }
    if json(&real.view()) != json(&rebuilt.view()) {
        return Err("shows another view".into());
    }
    if json(&real.outcome()) != json(&rebuilt.outcome()) {
        return Err("has another outcome".into());
    }
    let seats = G::table(&real.options()).seats.len() as u8;
    match (0..seats)
        .map(Seat)
        .find(|&seat| real.legal_actions(seat) != rebuilt.legal_actions(seat))
    {
        Some(seat) => Err(format!("lists other actions for {seat}")),
        None => Ok(()),
    }
}

fn json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_default()
}

/// Plays one game of `options` from the start, seat `i` played by `players[i]`, the sticks
/// and every random choice drawn from `seed`. The winning team (`None`: a draw), or why the
/// game went wrong: an illegal decision, none, or no end after `max_actions` actions.
pub fn duel<G: ComputerPlayer>(
    options: &G::Options,
    players: &[Player],
    seed: u64,
    max_actions: usize,
) -> Result<Option<Team>, String> {
    let mut game = G::new(options, GameId::default());
    let mut rng = SplitMix64::new(seed);
    for step in 0..max_actions {
        let fail = |what: String| format!("seed {seed}, action {step}: {what}");
        let (seat, action) = match game.awaiting() {
            Awaiting::Over => return Ok(game.outcome().and_then(|outcome| outcome.winner)),
            Awaiting::Throw { seat, sticks } => {
                let faces = sticks.faces(rng.next_u64());
                let action = G::step_action(Step::Throw { faces })
                    .ok_or_else(|| fail("a throw the rule set has no action for".into()))?;
                (seat, action)
            }
            Awaiting::Action { seats } => {
                let (seat, legal) = seats
                    .into_iter()
                    .map(|seat| (seat, game.legal_actions(seat)))
                    .find(|(_, legal)| !legal.is_empty())
                    .ok_or_else(|| fail("no seat awaited has an action".into()))?;
                let player = players.get(usize::from(seat.0)).copied();
                let action = match player.unwrap_or(Player::Random) {
                    Player::Random => rng.pick(legal.clone()),
                    Player::Computer(strength) => {
                        match decide(&Seen::of(&game, seat), strength, &mut rng) {
                            Some(Decision::Play(action)) => Some(action),
                            other => return Err(fail(format!("{seat} decided {other:?}"))),
                        }
                    }
                }
                .ok_or_else(|| fail("nothing to choose from".into()))?;
                if !legal.contains(&action) {
                    return Err(fail(format!("{seat} chose the illegal {action:?}")));
                }
                (seat, action)
            }
            awaiting => return Err(fail(format!("not a stick game: awaits {awaiting:?}"))),
        };
        game.apply(seat, &action)
            .map_err(|refusal| format!("seed {seed}: {action:?} refused: {refusal}"))?;
    }
    Err(format!("seed {seed}: no end after {max_actions} actions"))
}

/// Plays `games` duels of each pairing (strong against easy, easy against random), every
/// decision checked legal, each game to its end.
pub fn check_legal_duels<G: ComputerPlayer>(
    options: &G::Options,
    games: u64,
    max_actions: usize,
) -> Result<(), String> {
    let strong = Player::Computer(Strength::Strong);
    let easy = Player::Computer(Strength::Easy);
    for seed in 0..games {
        for players in [[strong, easy], [easy, Player::Random]] {
            duel::<G>(options, &players, seed, max_actions)?;
        }
    }
    Ok(())
}

/// Two games that differ only in what `seat` is not shown get the same decision from each
/// strength, for every seed of the computer player's chance.
pub fn check_decides_from_view<G: ComputerPlayer>(
    one: &G,
    two: &G,
    seat: Seat,
) -> Result<(), String> {
    if one == two || json(&one.view()) != json(&two.view()) {
        return Err("the two games must differ, and only where the seat cannot see".into());
    }
    for seed in 0..20 {
        for strength in Strength::ALL {
            let decided =
                |game: &G| decide(&Seen::of(game, seat), strength, &mut SplitMix64::new(seed));
            if decided(one) != decided(two) {
                return Err(format!("{strength:?} decided otherwise with seed {seed}"));
            }
        }
    }
    Ok(())
}

/// [`check_decides_from_view`] for a stick game: two games of `options` alike in all but
/// their id, which no seat is shown, each after its first throw, of two sticks flat.
pub fn check_decides_whatever_the_id<G: ComputerPlayer>(
    options: &G::Options,
) -> Result<(), String> {
    let thrown = |id: u8| -> Result<(G, Seat), String> {
        let mut game = G::new(options, GameId([id; 16]));
        let Awaiting::Throw { seat, .. } = game.awaiting() else {
            return Err("the game does not open with a throw".into());
        };
        let faces = Faces(0b11);
        let throw = G::step_action(Step::Throw { faces }).ok_or("the game takes no throw")?;
        game.apply(seat, &throw)
            .map_err(|refusal| refusal.to_string())?;
        Ok((game, seat))
    };
    let ((one, seat), (two, _)) = (thrown(1)?, thrown(2)?);
    check_decides_from_view(&one, &two, seat)
}

/// Plays a game of `options` to its end twice, each decision checked legal: the first team
/// at [`Strength::Strong`] against the other at [`Strength::Easy`], then against uniformly
/// random play. `seed` seeds the concealed numbers and the random choices.
pub fn check_strong_against_easy_and_random<G: ComputerPlayer>(options: &G::Options, seed: u64) {
    let table = G::table(options);
    let strong = |seat: Seat| table.team_of(seat) == Some(Team(0));
    let against_easy = |seat: Seat| {
        Some(if strong(seat) {
            Strength::Strong
        } else {
            Strength::Easy
        })
    };
    let against_random = |seat: Seat| strong(seat).then_some(Strength::Strong);
    for player in [&against_easy as &dyn Fn(Seat) -> _, &against_random] {
        let mut game = G::new(options, GameId::default());
        play_out(&mut game, player, seed);
        assert!(
            game.outcome().is_some(),
            "the game of {options:?} did not end"
        );
    }
}

/// The strong player at `seat` of `game` plays `action` for each of `seeds` of its chance.
pub fn check_strong_plays<G: ComputerPlayer>(
    game: &G,
    seat: Seat,
    action: G::Action,
    seeds: std::ops::Range<u64>,
) -> Result<(), String> {
    for seed in seeds {
        let decided = decide(
            &Seen::of(game, seat),
            Strength::Strong,
            &mut SplitMix64::new(seed),
        );
        if decided != Some(Decision::Play(action.clone())) {
            return Err(format!("with seed {seed} strong decided {decided:?}"));
        }
    }
    Ok(())
}

/// Writes, into a stick game's tests, the tests every stick game's computer players pass:
/// the rebuilt game plays on as the real one, a decision depends only on what the seat sees,
/// and both strengths play legal games to the end. Called with the rule set's type and the
/// options its games are played with.
#[cfg(test)]
macro_rules! stick_game_checks {
    ($game:ty, $options:expr) => {
        #[test]
        fn the_rebuilt_game_plays_on_as_the_real_one() {
            let checks = $crate::rules::computer_checks::check_rebuilt_games::<$game>;
            let steps = checks(&$options, 3, 1, 5_000).unwrap();
            assert!(steps > 200, "only {steps} steps checked");
        }

        #[test]
        fn a_decision_depends_only_on_what_the_seat_sees() {
            let check = $crate::rules::computer_checks::check_decides_whatever_the_id::<$game>;
            check(&$options).unwrap();
        }

        #[test]
        fn both_strengths_play_legal_games_to_the_end() {
            let check = $crate::rules::computer_checks::check_legal_duels::<$game>;
            check(&$options, 1, 5_000).unwrap();
        }
    };
}

#[cfg(test)]
pub(crate) use stick_game_checks;
