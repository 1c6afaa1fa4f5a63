//! Expectimax: the best action found by looking a few actions ahead, weighing every throw of
//! the sticks by its chance. The other sides are taken to play against the searching team
//! (each side apart from it minimizes its value), the way a cautious player reckons.
//!
//! Only the rule set's own actions and throws are searched: a concealment, guess or reveal
//! ahead ends the search there, and the position is judged by [`ComputerPlayer::evaluate`].
//! So does a throw once the lookahead is used up, and a whole round of throws that left
//! nobody a choice (each passed at once): such throws use up no lookahead, and without the
//! bound they could follow each other for ever.

use super::ComputerPlayer;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::{Awaiting, Seat, Step, Table, Team};

/// Values this close count as equal, so ties are broken at random.
const TIE: f64 = 1e-9;

/// The indices of the actions of `legal` (for `seat`) that lead to the best value found
/// `depth` actions ahead (at least one action: the one chosen now).
pub fn best_actions<G: ComputerPlayer>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    depth: u8,
) -> Vec<usize> {
    let table = G::table(&game.options());
    let Some(team) = table.team_of(seat) else {
        return (0..legal.len()).collect();
    };
    let values: Vec<f64> = legal
        .iter()
        .map(|action| {
            let mut next = game.clone();
            match next.apply(seat, action) {
                Ok(_) => value_in(&next, &table, team, depth.saturating_sub(1), 0),
                Err(_) => f64::NEG_INFINITY,
            }
        })
        .collect();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (0..legal.len())
        .filter(|&i| values[i] >= best - TIE)
        .collect()
}

/// The value of `game` for `team`, from -1 to 1, looking `depth` actions ahead.
pub fn value<G: ComputerPlayer>(game: &G, team: Team, depth: u8) -> f64 {
    value_in(game, &G::table(&game.options()), team, depth, 0)
}

/// `passed`: the throws since the last action.
fn value_in<G: ComputerPlayer>(
    game: &G,
    table: &Table,
    team: Team,
    depth: u8,
    passed: usize,
) -> f64 {
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Some(winner) if winner == team => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    match game.awaiting() {
        Awaiting::Throw { .. } if depth == 0 || passed >= table.seats.len() => game.evaluate(team),
        Awaiting::Throw { seat, sticks } => throws(sticks)
            .iter()
            .map(|&(faces, chance)| {
                let mut next = game.clone();
                let thrown = G::step_action(Step::Throw { faces })
                    .and_then(|action| next.apply(seat, &action).ok());
                match thrown {
                    Some(_) => chance * value_in(&next, table, team, depth, passed + 1),
                    None => chance * game.evaluate(team),
                }
            })
            .sum(),
        Awaiting::Action { seats } if depth > 0 => {
            let Some((seat, legal)) = seats
                .iter()
                .map(|&seat| (seat, game.legal_actions(seat)))
                .find(|(_, legal)| !legal.is_empty())
            else {
                return game.evaluate(team);
            };
            let ours = table.team_of(seat) == Some(team);
            let values = legal.iter().filter_map(|action| {
                let mut next = game.clone();
                next.apply(seat, action).ok()?;
                Some(value_in(&next, table, team, depth - 1, 0))
            });
            if ours {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
        _ => game.evaluate(team),
    }
}

/// One throw for each score `sticks` can make, with that score's chance.
fn throws(sticks: Sticks) -> Vec<(Faces, f64)> {
    sticks
        .distribution()
        .into_iter()
        .filter_map(|(score, ways, of)| {
            let faces = (0..1u8 << sticks.count())
                .map(Faces)
                .find(|&faces| sticks.score(faces) == score)?;
            Some((faces, f64::from(ways) / f64::from(of)))
        })
        .collect()
}
