//! How a computer player judges San Martin Mehen (`docs/rules/mehen-san-martin.md`,
//! "Computer players", says it in prose).
//!
//! A duel is judged by its two races (`duel`): each side's chances, turn by turn, of
//! bringing two marbles home or losing its lions, whichever side's race ends first deciding
//! the game. A six-player game is judged by the teams' races (`teams`): each team's rounds
//! until its second teammate is home, a freeze priced as the turn its revival costs, and the
//! threat of being frozen out. Looking ahead, the judgement plays through the next
//! hide-and-guess: every pair of hidden and guessed numbers is settled, the actor takes its best action
//! after a wrong guess, and the pairs make a matrix game whose exact value is the
//! position's worth.

mod duel;
mod teams;

use super::config::{Mode, opponent};
use super::view::PhaseView;
use super::{Action, Config, Marble, Mehen, Phase, Player, Round, View};
use crate::fair::GameId;
use crate::rules::computer::{ComputerPlayer, HideAndGuess, Seen};
use crate::rules::guessing::{
    Answer, Exchanges, Moment, Range, Reach, guessing_player, judge, payoff,
};
use crate::rules::{Seat, Team};

use duel::{Course, Races};

impl ComputerPlayer for Mehen {
    guessing_player!(Action);

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
            payoff: game.exchange(Reach::Exchange),
        })
    }
}

impl Exchanges for Mehen {
    /// A team choosing its actor (any member may enter the choice), the actor acting, or
    /// the actor about to conceal.
    fn moment(&self) -> Moment<Action> {
        match self.phase {
            Phase::Choose { team } => {
                let actions: Vec<Action> = self
                    .eligible(team)
                    .map(|seat| Action::Choose { seat })
                    .collect();
                let seat = self.config.mode.seats_of(team).next().unwrap_or(Seat(0));
                Moment::Choice { seat, actions }
            }
            Phase::Act { actor, .. } => Moment::Choice {
                seat: actor,
                actions: self.act_options().into_iter().map(|o| o.action).collect(),
            },
            Phase::Conceal { actor } => Moment::Concealment { concealer: actor },
            _ => Moment::Still,
        }
    }

    /// A right guess costs the actor a lion, a wrong one lets it act.
    fn exchange(&self, reach: Reach) -> Vec<Vec<f64>> {
        let Phase::Conceal { actor } = self.phase else {
            return Vec::new();
        };
        let team = self.team_of(actor);
        payoff(Range::up_to(self.reserve(actor)), |number, correct| {
            let mut next = self.clone();
            next.answered(actor, Answer { number, correct }, &mut Vec::new());
            judge(&next, team, reach)
        })
    }

    /// A duel by its two races, a six-player game by its two teams' races.
    fn standing(&self, team: Team) -> f64 {
        match self.config.mode {
            Mode::Duel => self.races(team),
            Mode::Teams => self.teams_standing(team),
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

    /// The duel's two races, the side whose turn it is running first.
    fn races(&self, team: Team) -> f64 {
        let first = self.phase.actor().unwrap_or(Seat(0));
        let second = Seat(1 - first.0.min(1));
        let course = |seat: Seat| {
            let spaces: Vec<u8> = self.marbles_of(seat).map(|m| m.space).collect();
            Course::new(&spaces, self.config.board.head(), self.lions(seat))
        };
        let value = Races::get().first_against(course(first), course(second));
        if self.team_of(first) == team {
            value
        } else {
            -value
        }
    }

    fn marbles_of(&self, seat: Seat) -> impl Iterator<Item = &Marble> {
        self.marbles.iter().filter(move |m| m.owner == seat)
    }
}

#[cfg(test)]
mod tests;
