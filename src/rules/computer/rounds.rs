//! Sampled rounds: how a strong player looks as far as its own next turn at a table of many
//! sides, where expectimax over every throw of every other side cannot get that far.
//!
//! Each action is played out over the same [`super::Reach::rounds`] sampled rounds: every
//! other side's throw is drawn, and that side takes the action best for its own team one
//! action ahead. At the player's own next throw the sampling stops: every throw is weighed
//! by its chance and answered by the player's best action one action ahead. An action is
//! worth the mean over the rounds; the same draws for every action, so that the actions are
//! compared on the same luck.

use super::search::{TIE, throws};
use super::{Chance, ComputerPlayer};
use crate::rules::random::SplitMix64;
use crate::rules::sticks::Faces;
use crate::rules::{Awaiting, Seat, Step, Team};

/// A round longer than this many actions is cut short and judged where it stands.
const LONGEST: u32 = 64;

/// The indices of the actions of `legal` (for `seat`, of `team`) best over `rounds` sampled
/// rounds, drawn from `chance`.
pub fn best_over_rounds<G: ComputerPlayer>(
    game: &G,
    (seat, team): (Seat, Team),
    legal: &[G::Action],
    rounds: u32,
    chance: &mut dyn Chance,
) -> Vec<usize> {
    let seeds: Vec<u64> = (0..rounds).map(|_| chance.next_u64()).collect();
    let values: Vec<f64> = legal
        .iter()
        .map(|action| {
            let mut next = game.clone();
            if next.apply(seat, action).is_err() {
                return f64::NEG_INFINITY;
            }
            let total: f64 = seeds
                .iter()
                .map(|&seed| round(next.clone(), team, &mut SplitMix64::new(seed)))
                .sum();
            total / seeds.len().max(1) as f64
        })
        .collect();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (0..legal.len())
        .filter(|&i| values[i] >= best - TIE)
        .collect()
}

/// What `game` is worth to `team` once the other sides have played out the round by the
/// `draws`, and the team's own next throw is weighed.
fn round<G: ComputerPlayer>(mut game: G, team: Team, draws: &mut SplitMix64) -> f64 {
    let table = G::table(&game.options());
    for _ in 0..LONGEST {
        if game.outcome().is_some() {
            break;
        }
        match game.awaiting() {
            Awaiting::Throw { seat, sticks } if table.team_of(seat) == Some(team) => {
                return throws(sticks)
                    .into_iter()
                    .map(|(faces, chance)| {
                        let mut next = game.clone();
                        match thrown(&mut next, seat, faces) {
                            Some(()) => chance * answer(&next, team),
                            None => chance * value(&game, team),
                        }
                    })
                    .sum();
            }
            Awaiting::Throw { seat, sticks } => {
                if thrown(&mut game, seat, sticks.faces(draws.next_u64())).is_none() {
                    break;
                }
            }
            Awaiting::Action { seats } => {
                let Some((seat, action)) = seats.iter().find_map(|&seat| {
                    let mover = table.team_of(seat)?;
                    best_one_ahead(&game, seat, mover).map(|(_, action)| (seat, action))
                }) else {
                    break;
                };
                if game.apply(seat, &action).is_err() {
                    break;
                }
            }
            _ => break,
        }
    }
    value(&game, team)
}

/// Plays the throw `faces` for `seat`; `None` when the rules refuse it.
fn thrown<G: ComputerPlayer>(game: &mut G, seat: Seat, faces: Faces) -> Option<()> {
    let action = G::step_action(Step::Throw { faces })?;
    game.apply(seat, &action).ok().map(|_| ())
}

/// `game` for `team` after the team's best action one action ahead, if it has one to take.
fn answer<G: ComputerPlayer>(game: &G, team: Team) -> f64 {
    let table = G::table(&game.options());
    let mine = match game.awaiting() {
        Awaiting::Action { seats } => seats
            .into_iter()
            .find(|&seat| table.team_of(seat) == Some(team)),
        _ => None,
    };
    mine.and_then(|seat| best_one_ahead(game, seat, team))
        .map_or_else(|| value(game, team), |(worth, _)| worth)
}

/// The action of `seat` whose position is best for `team` one action ahead, with that
/// position's value.
fn best_one_ahead<G: ComputerPlayer>(game: &G, seat: Seat, team: Team) -> Option<(f64, G::Action)> {
    game.legal_actions(seat)
        .into_iter()
        .filter_map(|action| {
            let mut next = game.clone();
            next.apply(seat, &action).ok()?;
            Some((value(&next, team), action))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// `game` for `team`: its outcome once over, its evaluation before.
fn value<G: ComputerPlayer>(game: &G, team: Team) -> f64 {
    match game.outcome() {
        Some(outcome) => match outcome.winner {
            Some(winner) if winner == team => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        },
        None => game.evaluate(team),
    }
}
