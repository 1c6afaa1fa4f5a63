//! How a computer player judges San Martin Mehen (`docs/rules/mehen-san-martin.md`,
//! "Computer players", says it in prose).
//!
//! A position is judged by a race of two clocks: how many turns each side needs to win,
//! either by finishing two marbles (at the pace its reserve lets it move) or by bringing the
//! other side's lions down (at the rate a correct guess comes, about one in the size of the
//! reserve). Looking ahead, the judgement plays through the next hide-and-guess: every pair
//! of hidden and guessed numbers is settled, the actor takes its best action after a wrong
//! guess, and the pairs make a matrix game whose exact value is the position's worth.

use super::config::{Mode, opponent};
use super::view::PhaseView;
use super::{Action, Config, Marble, Mehen, Phase, Player, Round, View};
use crate::fair::GameId;
use crate::rules::computer::{ComputerPlayer, HideAndGuess, Seen, solve};
use crate::rules::guessing::{Answer, Range, best_for, payoff};
use crate::rules::{Seat, Team};

/// How far a judgement looks: through the next hide-and-guess, or at the position as it is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    Exchange,
    Still,
}

/// Turns a frozen teammate costs its team: the revival by another teammate.
const REVIVAL: f64 = 1.0;

impl ComputerPlayer for Mehen {
    fn evaluate(&self, team: Team) -> f64 {
        self.judge(team, Reach::Exchange)
    }

    /// Every part of the game is public but the concealed number, so the game is rebuilt
    /// wherever no number is hidden: while a team chooses, an actor is to conceal or acts.
    fn rebuild(seen: &Seen<Self>) -> Option<Self> {
        let phase = match seen.view.phase {
            PhaseView::Choose { team, .. } => Phase::Choose { team },
            PhaseView::Conceal { actor, .. } => Phase::Conceal { actor },
            PhaseView::Act {
                actor, distance, ..
            } => Phase::Act { actor, distance },
            _ => return None,
        };
        Some(Mehen::from_view(seen.options, &seen.view, phase))
    }

    /// The matrix of the exchange under way, from the actor's side: the game as it stood
    /// before the concealment, every pair settled and judged one exchange further on.
    fn hide_and_guess(seen: &Seen<Self>) -> Option<HideAndGuess> {
        let actor = match seen.view.phase {
            PhaseView::Conceal { actor, .. } | PhaseView::Guess { actor, .. } => actor,
            _ => return None,
        };
        let game = Mehen::from_view(seen.options, &seen.view, Phase::Conceal { actor });
        Some(HideAndGuess {
            min: 1,
            payoff: game.exchange(actor, Reach::Exchange),
        })
    }

    fn guessed(action: &Action) -> Option<u8> {
        match action {
            Action::Guess { number } => Some(*number),
            _ => None,
        }
    }
}

impl Mehen {
    /// The game the view shows, in `phase`. Marbles keep their ids; a marble deployed later
    /// may be numbered differently from the real game's, which nothing but its id shows.
    fn from_view(config: Config, view: &View, phase: Phase) -> Mehen {
        let players = view
            .players
            .iter()
            .map(|player| Player {
                lions: player.lions,
                lost: player.lost,
            })
            .collect();
        let marbles: Vec<Marble> = view
            .marbles
            .iter()
            .map(|(&id, marble)| Marble {
                id,
                owner: marble.owner,
                space: marble.space,
            })
            .collect();
        let next_marble = marbles.last().map_or(0, |m| m.id.0 + 1);
        let acted = view
            .players
            .iter()
            .filter(|player| player.acted_this_round)
            .fold(0, |bits, player| bits | 1 << player.seat.0);
        let round = view.round.map_or(
            Round {
                number: 1,
                opportunity: 0,
                acted: 0,
            },
            |round| Round {
                number: round.number,
                opportunity: round.opportunity,
                acted,
            },
        );
        let phase = view
            .outcome
            .map_or(phase, |outcome| Phase::Over { outcome });
        Mehen {
            config,
            game: GameId::default(),
            players,
            marbles,
            next_marble,
            turn: view.turn,
            round,
            phase,
        }
    }

    /// How well the game stands for `team`, from -1 to 1.
    fn judge(&self, team: Team, reach: Reach) -> f64 {
        if let Some(outcome) = self.outcome() {
            return match outcome.winner {
                Some(winner) if winner == team => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
        }
        match self.phase {
            Phase::Choose { team: choosing } => {
                let values = self
                    .eligible(choosing)
                    .map(|seat| self.after(seat, Action::Choose { seat }).judge(team, reach));
                best_for(choosing == team, values).unwrap_or_else(|| self.clocks(team))
            }
            Phase::Act { actor, .. } => {
                let values = self
                    .act_options()
                    .into_iter()
                    .map(|option| self.after(actor, option.action).judge(team, reach));
                best_for(self.team_of(actor) == team, values).unwrap_or_else(|| self.clocks(team))
            }
            Phase::Conceal { actor } if reach == Reach::Exchange => {
                let value = solve(&self.exchange(actor, Reach::Still)).value;
                if self.team_of(actor) == team {
                    value
                } else {
                    -value
                }
            }
            _ => self.clocks(team),
        }
    }

    /// The game after `seat` plays `action`; the game as it is if that is refused, which
    /// the listed actions never are.
    fn after(&self, seat: Seat, action: Action) -> Mehen {
        let mut next = self.clone();
        if next.apply(seat, action).is_err() {
            return self.clone();
        }
        next
    }

    /// `payoff[h][g]` for the actor's side once `h + 1` was concealed and `g + 1` guessed:
    /// a right guess costs the actor a lion, a wrong one lets it act.
    fn exchange(&self, actor: Seat, reach: Reach) -> Vec<Vec<f64>> {
        let team = self.team_of(actor);
        payoff(Range::up_to(self.reserve(actor)), |number, correct| {
            let mut next = self.clone();
            next.answered(actor, Answer { number, correct }, &mut Vec::new());
            next.judge(team, reach)
        })
    }

    /// The race of the two clocks: `team`'s turns to win against the other side's.
    fn clocks(&self, team: Team) -> f64 {
        let ours = self.turns_to_win(team);
        let theirs = self.turns_to_win(opponent(team));
        (theirs - ours) / (theirs + ours + 1.0)
    }

    /// Turns `team` needs to win, by the faster of its two roads.
    fn turns_to_win(&self, team: Team) -> f64 {
        self.turns_to_finish(team)
            .min(self.turns_to_fall(opponent(team)))
    }

    /// Turns `team` needs to finish two marbles (duel) or two teammates (six-player).
    fn turns_to_finish(&self, team: Team) -> f64 {
        let head = f64::from(self.config.board.head());
        let mut costs: Vec<f64> = match self.config.mode {
            Mode::Duel => {
                let seat = Seat(team.0);
                let mut left: Vec<f64> = self.marbles_of(seat).map(|m| self.left(m)).collect();
                left.resize(2.max(left.len()), head);
                left.iter().map(|spaces| spaces / self.pace(seat)).collect()
            }
            Mode::Teams => self
                .config
                .mode
                .seats_of(team)
                .map(|seat| {
                    let left = self
                        .marbles_of(seat)
                        .map(|m| self.left(m))
                        .fold(head, f64::min);
                    let revival = if self.is_frozen(seat) { REVIVAL } else { 0.0 };
                    left / self.pace(seat) + revival
                })
                .collect(),
        };
        costs.sort_by(f64::total_cmp);
        costs.iter().take(2).sum()
    }

    /// Turns until every lion of `team` is down (duel) or all three teammates are frozen
    /// (six-player): each turn an actor is guessed right about once in its reserve's size.
    fn turns_to_fall(&self, team: Team) -> f64 {
        self.config
            .mode
            .seats_of(team)
            .map(|seat| f64::from(self.lions(seat)) * f64::from(self.reserve(seat).max(1)))
            .sum()
    }

    fn marbles_of(&self, seat: Seat) -> impl Iterator<Item = &Marble> {
        self.marbles.iter().filter(move |m| m.owner == seat)
    }

    /// Spaces a marble has yet to go to the head.
    fn left(&self, marble: &Marble) -> f64 {
        f64::from(self.config.board.head() - marble.space)
    }

    /// Spaces `seat` moves in an average turn: a wrong guess, about one in the reserve's
    /// size less than certain, moves the concealed number, on average its middle.
    fn pace(&self, seat: Seat) -> f64 {
        let size = f64::from(self.reserve(seat).max(1));
        ((1.0 - 1.0 / size) * (size + 1.0) / 2.0).max(0.25)
    }
}

#[cfg(test)]
mod tests;
