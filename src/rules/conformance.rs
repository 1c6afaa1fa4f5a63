//! The property checks every rule set passes, written once over [`Rules`]: random legal
//! play never gets stuck and always ends; `legal_actions` lists exactly what `apply`
//! accepts; every refusal leaves the game equal to what it was; a concealed number changes
//! nothing anyone but its concealer sees; the log replays to the same game and events,
//! through JSON too; the action that ends a game ends its events with
//! `{"type": "game_over", "outcome": …}`, the `outcome()` by which the store marks a game
//! finished; views and secrets write the same JSON as the trees the room diffs; and a rule
//! set's own invariant (pieces conserved, say) holds after every action.
//!
//! A rule set's tests call [`check_random_games`] with its options and invariant.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::fair::{Commitment, GameId, Nonce};

use super::random::RandomPlayer;
use super::replay::replay;
use super::sticks::Faces;
use super::{Awaiting, Concealed, Rules, Seat, Step, Tree};

/// What the checks saw: games, actions, and how often each ending came.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub actions: usize,
    /// The longest game, in actions.
    pub longest: usize,
    /// Endings by their outcome in JSON (`{"winner":0,"reason":"…"}`).
    pub endings: BTreeMap<String, usize>,
}

/// A game's log as the checks keep it: who played what, and what it caused.
type Log<G> = Vec<(Seat, <G as Rules>::Action, Vec<<G as Rules>::Event>)>;

/// How many distinct recently legal actions are tried against every seat at each step.
const POOL: usize = 24;

/// Plays `games` random games of `options` (seeds from `seed` on), each at most
/// `max_actions` long, checking every property above at every step, and `invariant` after
/// every action. The first failure is returned, naming the game's seed and the step.
pub fn check_random_games<G: Rules>(
    options: &G::Options,
    games: usize,
    seed: u64,
    max_actions: usize,
    invariant: impl Fn(&G) -> Result<(), String>,
) -> Result<Report, String> {
    let mut report = Report::default();
    for game_seed in seed..seed + games as u64 {
        let fail = |step: usize, what: String| format!("seed {game_seed}, action {step}: {what}");
        let id = GameId(
            game_seed
                .to_le_bytes()
                .repeat(2)
                .try_into()
                .unwrap_or_default(),
        );
        let mut game = G::new(options, id);
        let mut player = RandomPlayer::new(game_seed);
        let mut log: Log<G> = Vec::new();
        let mut pool: Vec<G::Action> = Vec::new();
        invariant(&game).map_err(|what| fail(0, what))?;
        loop {
            let step = log.len();
            if step > max_actions {
                return Err(fail(step, format!("no end after {max_actions} actions")));
            }
            check_legal_matches_apply(&game, &mut pool).map_err(|what| fail(step, what))?;
            check_misplaced_steps(&game).map_err(|what| fail(step, what))?;
            check_trees(&game).map_err(|what| fail(step, what))?;
            let awaiting = game.awaiting();
            if (awaiting == Awaiting::Over) != game.outcome().is_some() {
                return Err(fail(step, "over exactly when it has an outcome".into()));
            }
            if awaiting == Awaiting::Over {
                break;
            }
            if let Awaiting::Conceal { .. } = awaiting {
                check_concealment_hidden(&game, &awaiting).map_err(|what| fail(step, what))?;
            }
            let Some((seat, action)) = player.next_action(&game) else {
                return Err(fail(step, format!("stuck awaiting {awaiting:?}")));
            };
            let events = game.apply(seat, &action).map_err(|refusal| {
                fail(step, format!("{action:?} by {seat} refused: {refusal}"))
            })?;
            invariant(&game).map_err(|what| fail(step, what))?;
            check_game_over(&game, &events).map_err(|what| fail(step, what))?;
            log.push((seat, action, events));
        }
        check_replay(options, id, &game, &log).map_err(|what| fail(log.len(), what))?;
        report.games += 1;
        report.actions += log.len();
        report.longest = report.longest.max(log.len());
        let ending = serde_json::to_string(&game.outcome()).unwrap_or_default();
        *report.endings.entry(ending).or_default() += 1;
    }
    Ok(report)
}

/// Every seat's listed actions are accepted; every action of the pool that a seat does not
/// list is refused and changes nothing.
fn check_legal_matches_apply<G: Rules>(game: &G, pool: &mut Vec<G::Action>) -> Result<(), String> {
    let seats = G::table(&game.options()).seats.len() as u8;
    for seat in (0..=seats).map(Seat) {
        let legal = game.legal_actions(seat);
        if seat.0 == seats && !legal.is_empty() {
            return Err(format!("a seat beyond the table has actions: {legal:?}"));
        }
        for action in &legal {
            if G::step_of(action).is_some() {
                return Err(format!(
                    "{action:?} is a step the room supplies, yet listed"
                ));
            }
            let mut after = game.clone();
            after
                .apply(seat, action)
                .map_err(|refusal| format!("listed {action:?} for {seat} refused: {refusal}"))?;
            if !pool.contains(action) {
                if pool.len() == POOL {
                    pool.remove(0);
                }
                pool.push(action.clone());
            }
        }
        for action in pool.iter().filter(|a| !legal.contains(a)) {
            refused_unchanged(game, seat, action)
                .map_err(|what| format!("unlisted {action:?} for {seat}: {what}"))?;
        }
    }
    Ok(())
}

/// An action's events end with `game_over` and the outcome exactly when it ends the game.
fn check_game_over<G: Rules>(game: &G, events: &[G::Event]) -> Result<(), String> {
    let over = events
        .iter()
        .map(|event| serde_json::to_value(event).unwrap_or_default())
        .position(|event| event["type"] == "game_over");
    match (over, game.outcome()) {
        (None, None) => Ok(()),
        (Some(at), Some(outcome)) if at + 1 == events.len() => {
            let said = serde_json::to_value(&events[at]).unwrap_or_default();
            if said["outcome"] == serde_json::to_value(outcome).unwrap_or_default() {
                Ok(())
            } else {
                Err(format!(
                    "game_over says {}, the game {outcome:?}",
                    said["outcome"]
                ))
            }
        }
        (None, Some(_)) => Err("the game ended without a game_over event".into()),
        (Some(_), _) => Err("game_over is not the last event of the ending action".into()),
    }
}

/// A step offered when the game does not await it is refused and changes nothing.
fn check_misplaced_steps<G: Rules>(game: &G) -> Result<(), String> {
    let awaiting = game.awaiting();
    let commitment = Commitment::from_bytes([7; 32]);
    let steps = [
        (
            Step::Conceal {
                commitment,
                hand: None,
            },
            matches!(awaiting, Awaiting::Conceal { .. }),
        ),
        (
            Step::Reveal {
                number: 1,
                nonce: Nonce::from_bytes([7; 32]),
            },
            matches!(awaiting, Awaiting::Reveal { .. }),
        ),
        (Step::Withhold, matches!(awaiting, Awaiting::Reveal { .. })),
        (
            Step::Throw { faces: Faces(0) },
            matches!(awaiting, Awaiting::Throw { .. }),
        ),
    ];
    let seats = G::table(&game.options()).seats.len() as u8;
    for (step, due) in steps {
        let Some(action) = G::step_action(step) else {
            continue;
        };
        if G::step_of(&action) != Some(step) {
            return Err(format!("step_of does not invert step_action for {step:?}"));
        }
        for seat in (0..seats).map(Seat) {
            if !due || !awaiting.seats().contains(&seat) {
                refused_unchanged(game, seat, &action)
                    .map_err(|what| format!("{step:?} for {seat} while {awaiting:?}: {what}"))?;
            }
        }
    }
    if let Awaiting::Throw { seat, sticks } = awaiting {
        let beyond = Faces(1 << sticks.count());
        if let Some(action) = G::step_action(Step::Throw { faces: beyond }) {
            refused_unchanged(game, seat, &action)
                .map_err(|what| format!("a throw of sticks it has not: {what}"))?;
        }
    }
    Ok(())
}

/// Concealing with the number shared or not, and whichever number, makes the same public
/// view and the same secret for every seat but the concealer's; a number out of range is
/// refused.
fn check_concealment_hidden<G: Rules>(game: &G, awaiting: &Awaiting) -> Result<(), String> {
    let &Awaiting::Conceal { seat, min, max, .. } = awaiting else {
        return Ok(());
    };
    let commitment = Commitment::from_bytes([9; 32]);
    let conceal = |hand: Option<u8>| -> Result<G, String> {
        let step = Step::Conceal {
            commitment,
            hand: hand.map(Concealed::new),
        };
        let action = G::step_action(step).ok_or("awaits a concealment it cannot take")?;
        let mut after = game.clone();
        after
            .apply(seat, &action)
            .map_err(|refusal| format!("concealing {hand:?}: {refusal}"))?;
        Ok(after)
    };
    let blind = conceal(None)?;
    let seats = G::table(&game.options()).seats.len() as u8;
    for number in min..=max {
        let shared = conceal(Some(number))?;
        if json(&shared.view()) != json(&blind.view()) {
            return Err(format!("the public view shows the concealed {number}"));
        }
        for other in (0..seats).map(Seat).filter(|&s| s != seat) {
            if shared.secret(other) != blind.secret(other) {
                return Err(format!("{other} is shown the concealed {number}"));
            }
        }
    }
    for number in [min.wrapping_sub(1), max.wrapping_add(1)] {
        let step = Step::Conceal {
            commitment,
            hand: Some(Concealed::new(number)),
        };
        if let Some(action) = G::step_action(step) {
            refused_unchanged(game, seat, &action)
                .map_err(|what| format!("concealing {number} outside {min}–{max}: {what}"))?;
        }
    }
    Ok(())
}

/// The log replays to an equal game with the same events, also read back from JSON.
fn check_replay<G: Rules>(
    options: &G::Options,
    id: GameId,
    game: &G,
    log: &Log<G>,
) -> Result<(), String> {
    let stored: Vec<(Seat, G::Action)> = log
        .iter()
        .map(|(seat, action, _)| Ok((*seat, through_json(&stored_step::<G>(action))?)))
        .collect::<Result<_, String>>()?;
    let options: G::Options = through_json(options)?;
    let replayed = replay::<G>(&options, id, stored.iter().map(|(s, a)| (*s, a)))
        .map_err(|e| e.to_string())?;
    for (index, ((_, _, events), step)) in log.iter().zip(&replayed.steps).enumerate() {
        let events: Vec<G::Event> = through_json(events)?;
        if events != step.caused {
            return Err(format!("action {index} replays to other events"));
        }
    }
    if json(&replayed.game.view()) != json(&game.view())
        || replayed.game.outcome() != game.outcome()
    {
        return Err("the replay ends elsewhere than the game".into());
    }
    Ok(())
}

/// A concealment as a log keeps it: without the number.
fn stored_step<G: Rules>(action: &G::Action) -> G::Action {
    match G::step_of(action) {
        Some(Step::Conceal { commitment, .. }) => G::step_action(Step::Conceal {
            commitment,
            hand: None,
        })
        .unwrap_or_else(|| action.clone()),
        _ => action.clone(),
    }
}

fn refused_unchanged<G: Rules>(game: &G, seat: Seat, action: &G::Action) -> Result<(), String> {
    let mut after = game.clone();
    match after.apply(seat, action) {
        Ok(_) => Err("accepted".into()),
        Err(_) if after != *game => Err("refused, but the game changed".into()),
        Err(_) => Ok(()),
    }
}

/// The view and each seat's secret write the same JSON as trees (the form the room diffs
/// them in) as they do straight from their types.
fn check_trees<G: Rules>(game: &G) -> Result<(), String> {
    fn same<T: Serialize>(value: &T) -> bool {
        json(&Tree::of(value)) == json(value)
    }
    let seats = G::table(&game.options()).seats.len();
    let secrets_same = (0..seats).all(|seat| same(&game.secret(Seat(seat as u8))));
    if !same(&game.view()) || !secrets_same {
        return Err("a view or secret writes other JSON as a tree".into());
    }
    Ok(())
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

fn through_json<T: Serialize + DeserializeOwned + Debug>(value: &T) -> Result<T, String> {
    serde_json::from_str(&json(value)).map_err(|error| format!("{value:?} through JSON: {error}"))
}
