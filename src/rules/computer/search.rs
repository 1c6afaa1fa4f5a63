//! Expectimax: the best action found by looking a few actions ahead, weighing every throw of
//! the sticks by its chance.
//!
//! How the other sides are taken to play depends on how many there are. With two, each
//! side's gain is the other's loss: the other side plays to lower the searching team's
//! value, the value being the searching team's own evaluation. With more (max-n), every
//! side plays for itself: each position is judged for every team by that team's own
//! evaluation, and the side to act takes the action best for its own team (of equal ones,
//! the one worst for the searching team). Taking every other side to play against the
//! searching team would make it hopelessly timid at a table of six.
//!
//! Nor is another side taken to find its best action every time: with the chance
//! [`Outlook::careless`] it is taken to play any of its legal actions, uniformly at random,
//! so its position is worth that blend of its best action's value and the mean over all of
//! its actions. At 0 the search is minimax over the throws (it fears the best reply however
//! unlikely a player is to find it); at 1 it is the best answer to a random player.
//!
//! A strong player searches [`ComputerPlayer::LOOKAHEAD`] actions ahead, then one action
//! deeper at a time while the whole deeper search fits in [`ComputerPlayer::NODES`]
//! positions (iterative deepening with a budget of positions, not of time, so a decision
//! replays exactly). It keeps the choice of the deepest search it finished.
//!
//! Only the rule set's own actions and throws are searched: a concealment, guess or reveal
//! ahead ends the search there, and the position is judged by [`ComputerPlayer::evaluate`].
//!
//! An [`Outlook`] changes what the search takes for granted, for the arena's measures of
//! how much skill a game allows: the other sides playing uniformly at random (the best
//! answer to a random player), and the coming throws told in advance (knowledge no fair
//! player has). The computer players themselves search with [`Outlook::default`].

use super::ComputerPlayer;
use crate::rules::sticks::{Faces, Sticks};
use crate::rules::{Awaiting, Seat, Step, Table, Team};

/// Values this close count as equal, so ties are broken at random.
pub(super) const TIE: f64 = 1e-9;
/// The most teams a table has (six players, each for itself).
const TEAMS: usize = 6;
/// No search goes deeper than this many actions, however small the game tree left.
const DEEPEST: u8 = 16;

/// A position's value for every team, by the team's number.
type Values = [f64; TEAMS];

/// How far to look: `lookahead` actions always, then deeper while a search fits in `nodes`
/// positions (none: no deeper). At a table of [`MANY`] teams or more, `rounds` sampled
/// rounds instead, when there are any (`rounds.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub lookahead: u8,
    pub nodes: u32,
    pub rounds: u32,
}

/// Tables of this many teams or more are too many for expectimax to reach a side's own next
/// turn.
pub const MANY: usize = 5;

/// What a search takes for granted besides the rules.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outlook {
    /// The chance, from 0 to 1, that another side chooses among its legal actions uniformly
    /// at random rather than playing its best (for itself, or against the searching side
    /// when there are two): 0 takes every side to play its best, 1 to play at random.
    pub careless: f64,
    /// The random numbers the coming throws will be made from, in order
    /// ([`Sticks::faces`]); every throw beyond them is weighed by its chance.
    pub foreseen: Vec<u64>,
}

/// The indices of the actions of `legal` (for `seat`) that lead to the best value found
/// looking as far as `reach` allows (at least one action: the one chosen now).
pub fn best_actions<G: ComputerPlayer>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    reach: Reach,
    outlook: &Outlook,
) -> Vec<usize> {
    let table = G::table(&game.options());
    let Some(mut search) = table
        .team_of(seat)
        .and_then(|team| Search::new(table, team, outlook))
    else {
        return (0..legal.len()).collect();
    };
    let mut best = search
        .root(game, seat, legal, reach.lookahead.max(1))
        .unwrap_or_else(|| (0..legal.len()).collect());
    let mut depth = reach.lookahead.max(1);
    let mut last = search.nodes.max(1);
    // How much a search grows with each action deeper: at first the mean over the actions
    // searched, then as much as the last deepening grew it. A search foreseen not to fit is
    // not begun, and one that outgrows the budget after all is given up.
    let mut growth = f64::from(last).powf(1.0 / f64::from(depth));
    while reach.nodes > 0
        && depth < DEEPEST
        && legal.len() > 1
        && f64::from(last) * growth <= f64::from(reach.nodes)
    {
        search.nodes = 0;
        search.budget = Some(reach.nodes);
        match search.root(game, seat, legal, depth + 1) {
            Some(deeper) => best = deeper,
            None => break,
        }
        // A deeper search that met no more positions has reached the end of every line.
        if search.nodes <= last {
            break;
        }
        growth = f64::from(search.nodes) / f64::from(last);
        last = search.nodes;
        depth += 1;
    }
    best
}

/// One search: the team it is for, and the positions met so far against the budget.
struct Search<'a> {
    table: Table,
    outlook: &'a Outlook,
    team: Team,
    /// Every team at the table, by number.
    teams: Vec<Team>,
    /// The throws of the game's sticks with their chances, once reckoned.
    throws: Option<(Sticks, Vec<(Faces, f64)>)>,
    nodes: u32,
    budget: Option<u32>,
}

impl<'a> Search<'a> {
    /// A search for `team`; `None` at a table of more teams, or higher numbered, than
    /// [`TEAMS`].
    fn new(table: Table, team: Team, outlook: &'a Outlook) -> Option<Self> {
        let teams = teams(&table);
        if teams.iter().any(|team| usize::from(team.0) >= TEAMS) {
            return None;
        }
        Some(Search {
            table,
            outlook,
            team,
            teams,
            throws: None,
            nodes: 0,
            budget: None,
        })
    }

    /// The best actions at the root, `depth` actions ahead; `None` when the budget ran out.
    fn root<G: ComputerPlayer>(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        depth: u8,
    ) -> Option<Vec<usize>> {
        let mine = usize::from(self.team.0);
        let mut values = Vec::with_capacity(legal.len());
        for action in legal {
            let mut next = game.clone();
            values.push(match next.apply(seat, action) {
                Ok(_) => self.value(&next, depth - 1, 0)?[mine],
                Err(_) => f64::NEG_INFINITY,
            });
        }
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Some(
            (0..legal.len())
                .filter(|&i| values[i] >= best - TIE)
                .collect(),
        )
    }

    /// Counts one more position; `None` once the budget is spent.
    fn visit(&mut self) -> Option<()> {
        self.nodes += 1;
        match self.budget {
            Some(budget) if self.nodes > budget => None,
            _ => Some(()),
        }
    }

    /// What `game` is worth to every team, looking `depth` actions ahead, `throws` throws
    /// having been made since the search began.
    fn value<G: ComputerPlayer>(&mut self, game: &G, depth: u8, throws: usize) -> Option<Values> {
        if let Some(outcome) = game.outcome() {
            let mut values = [0.0; TEAMS];
            if let Some(winner) = outcome.winner {
                for &team in &self.teams {
                    values[usize::from(team.0)] = if team == winner { 1.0 } else { -1.0 };
                }
            }
            return Some(values);
        }
        match game.awaiting() {
            Awaiting::Throw { seat, sticks } => {
                let mut sum = [0.0; TEAMS];
                let chances = match self.outlook.foreseen.get(throws) {
                    Some(&drawn) => vec![(sticks.faces(drawn), 1.0)],
                    None => self.throws(sticks),
                };
                for (faces, chance) in chances {
                    self.visit()?;
                    let mut next = game.clone();
                    let thrown = G::step_action(Step::Throw { faces })
                        .and_then(|action| next.apply(seat, &action).ok());
                    // A throw no piece can use passes straight on to the next throw: it counts
                    // as one of the actions looked ahead, so lost throws cannot chain forever.
                    let lost = matches!(next.awaiting(), Awaiting::Throw { .. });
                    let values = match thrown {
                        Some(_) if lost && depth == 0 => self.judge(&next),
                        Some(_) => self.value(&next, depth - u8::from(lost), throws + 1)?,
                        None => self.judge(game),
                    };
                    for (total, value) in sum.iter_mut().zip(values) {
                        *total += chance * value;
                    }
                }
                Some(sum)
            }
            Awaiting::Action { seats } if depth > 0 => {
                let Some((seat, legal)) = seats
                    .iter()
                    .map(|&seat| (seat, game.legal_actions(seat)))
                    .find(|(_, legal)| !legal.is_empty())
                else {
                    return Some(self.judge(game));
                };
                let mover = usize::from(self.table.team_of(seat).unwrap_or(self.team).0);
                let mine = usize::from(self.team.0);
                let careless = if mover == mine {
                    0.0
                } else {
                    self.outlook.careless
                };
                let mut best: Option<Values> = None;
                let mut sum = [0.0; TEAMS];
                let mut played = 0.0;
                for action in &legal {
                    self.visit()?;
                    let mut next = game.clone();
                    if next.apply(seat, action).is_err() {
                        continue;
                    }
                    let values = self.value(&next, depth - 1, throws)?;
                    for (total, value) in sum.iter_mut().zip(values) {
                        *total += value;
                    }
                    played += 1.0;
                    let better = best.is_none_or(|best| {
                        values[mover] > best[mover] + TIE
                            || (values[mover] >= best[mover] - TIE && values[mine] < best[mine])
                    });
                    if better {
                        best = Some(values);
                    }
                }
                let Some(best) = best else {
                    return Some(self.judge(game));
                };
                if careless <= 0.0 {
                    return Some(best);
                }
                let mut values = [0.0; TEAMS];
                for ((value, best), total) in values.iter_mut().zip(best).zip(sum) {
                    *value = (1.0 - careless) * best + careless * total / played;
                }
                Some(values)
            }
            _ => Some(self.judge(game)),
        }
    }

    /// The throws of `sticks` with their chances.
    fn throws(&mut self, sticks: Sticks) -> Vec<(Faces, f64)> {
        match &self.throws {
            Some((known, throws)) if *known == sticks => throws.clone(),
            _ => {
                let reckoned = throws(sticks);
                self.throws = Some((sticks, reckoned.clone()));
                reckoned
            }
        }
    }

    /// The rule set's evaluation of `game` for every team. Two sides share one evaluation,
    /// the searching team's: what it gains the other loses.
    fn judge<G: ComputerPlayer>(&self, game: &G) -> Values {
        let mut values = [0.0; TEAMS];
        if self.teams.len() == 2 {
            let mine = game.evaluate(self.team);
            for &team in &self.teams {
                values[usize::from(team.0)] = if team == self.team { mine } else { -mine };
            }
        } else {
            for &team in &self.teams {
                values[usize::from(team.0)] = game.evaluate(team);
            }
        }
        values
    }
}

/// Every team at `table`, by number.
pub(super) fn teams(table: &Table) -> Vec<Team> {
    let mut teams: Vec<Team> = table.seats.iter().map(|side| side.team).collect();
    teams.sort_unstable();
    teams.dedup();
    teams
}

/// One throw for each score `sticks` can make, with that score's chance.
pub(super) fn throws(sticks: Sticks) -> Vec<(Faces, f64)> {
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
