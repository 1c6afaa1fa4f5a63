//! How a computer player judges Pharaohs and lions Mehen (`docs/rules/mehen-pharaohs.md`,
//! "Computer players", says it in prose).
//!
//! A position is judged by a race of the two teams: the team turns each team needs to bring all
//! its pharaohs through the head, at the pace a move contest carries the team forward, plus
//! the turns its attacked pharaohs lose fighting their lions. A team's right guesses move
//! only its guessing seat's pharaoh (a team of computer players enters its guess by its first
//! seat), so the others go at the pace of the team's own turns alone. Looking ahead, the
//! judgement plays through the next hide-and-guess: every pair of hidden and guessed numbers
//! is settled (a wrong guess moves the concealer's pharaoh, a right one the guesser's, who may
//! then set a lion; a lion fight kills the lion or holds the pharaoh), and the pairs make a
//! matrix game whose exact value is the position's worth.

mod habits;

use std::collections::BTreeMap;

use super::action::{Contest, PharaohId, Place};
use super::options::opponent;
use super::turn::Pending;
use super::view::PhaseView;
use super::{Action, MOST_SEATS, MehenPharaohs, Options, Phase, Record, SPACES, View};
use crate::fair::GameId;
use crate::rules::computer::{ComputerPlayer, HideAndGuess, Seen};
use crate::rules::guessing::{
    Answer, Exchanges, GuessingGame, Moment, Reach, guessing_player, judge, payoff, race,
};
use crate::rules::{Seat, Team};

/// Spaces a team's pharaohs travel in one of its turns, on average: a wrong guess (four in
/// five) moves its pharaoh the concealed number, 3 on average over 1 to 5; and in one turn
/// of the other team's in five, a right guess moves one of its own.
const PACE: f64 = 3.0;
/// Spaces a team's own turns alone carry it, on average: the four turns in five the other
/// team guesses wrong, 3 spaces each.
const OWN_PACE: f64 = 2.4;
/// Team turns an attacked pharaoh is reckoned to lose to its lion. The fights until its
/// owner guesses the lion's 1 to 3 would say 3, but priced so strong was exploitable by a
/// fixed 5 (59% against it with two players). Setting a lion also spends one threat
/// (`THREAT`), so a set lion gains the difference, 1 turn as before
/// (`docs/rules/mehen-pharaohs.md`, "Computer players").
const FIGHT: f64 = 1.5;
/// Team turns a lion in hand is reckoned to cost the other team while that team has a
/// pharaoh no lion holds and not yet delivered: one lion per such free pharaoh threatens,
/// the rest threaten nothing. With two and four players the lions in hand mostly
/// outnumber the free pharaohs and a dead lion threatens nothing more; with six a team has
/// as many lions as the other has pharaohs, so every lion killed or revived (by the
/// streak of right guesses) is a threat lost or won.
const THREAT: f64 = 0.5;
/// How widely a race's length spreads, per square root of its team turns (`race`).
const SPREAD: f64 = 1.2;

impl ComputerPlayer for MehenPharaohs {
    guessing_player!(Action);

    /// Everything is public but the concealed number, so the game is rebuilt wherever no
    /// number is hidden: while a team chooses, a concealer is to hide, a guesser unleashes.
    fn rebuild(seen: &Seen<Self>) -> Option<Self> {
        let phase = match seen.view.phase {
            PhaseView::Choose { team, .. } => Phase::Choose { team },
            PhaseView::Conceal {
                pharaoh,
                contest,
                concealer,
                ..
            } => Phase::Conceal {
                pharaoh,
                contest,
                concealer,
            },
            PhaseView::Unleash { guesser, target } => Phase::Unleash { guesser, target },
            _ => return None,
        };
        Some(MehenPharaohs::from_view(seen.options, &seen.view, phase))
    }

    /// The contest under way as strong plays it: its matrix (`contest_matrix`) with the other
    /// side's habits read from its record (`habits`): a concealer reads the guessing seats'
    /// guesses, a guesser the concealer's revealed numbers.
    fn hide_and_guess(seen: &Seen<Self>) -> Option<HideAndGuess> {
        let (payoff, guessers) = contest_matrix(seen)?;
        let record = |seat: Seat| seen.view.records.get(usize::from(seat.0)).copied();
        let payoff = match &seen.view.phase {
            PhaseView::Conceal { contest, .. } => {
                let mut guessed = vec![0; payoff.len()];
                for guesser in guessers {
                    let tally = record(guesser).unwrap_or_default().guessed;
                    for (sum, count) in guessed.iter_mut().zip(tally.of(*contest)) {
                        *sum += count;
                    }
                }
                habits::against_guesser(&payoff, &guessed)
            }
            PhaseView::Guess {
                contest, concealer, ..
            } => {
                let revealed = record(*concealer).unwrap_or_default().revealed;
                habits::against_hider(&payoff, revealed.of(*contest))
            }
            _ => payoff,
        };
        Some(HideAndGuess { min: 1, payoff })
    }
}

/// The matrix of the contest under way, from the concealer's side, and the seats that may
/// guess: the game as it stood before the concealment, every pair settled and judged one
/// contest further on. A guesser reckons a right guess moves its own pharaoh; the concealer,
/// that the guessing team enters its guess by its guessing seat.
fn contest_matrix(seen: &Seen<MehenPharaohs>) -> Option<(Vec<Vec<f64>>, Vec<Seat>)> {
    let (pharaoh, contest, concealer) = match seen.view.phase {
        PhaseView::Conceal {
            pharaoh,
            contest,
            concealer,
            ..
        }
        | PhaseView::Guess {
            pharaoh,
            contest,
            concealer,
            ..
        } => (pharaoh, contest, concealer),
        _ => return None,
    };
    let phase = Phase::Conceal {
        pharaoh,
        contest,
        concealer,
    };
    let game = MehenPharaohs::from_view(seen.options, &seen.view, phase);
    let guessers = game.guessers(concealer, (pharaoh, contest));
    let guesser = if guessers.contains(&seen.seat) {
        seen.seat
    } else {
        game.guessing_seat(pharaoh, contest, concealer)
    };
    Some((game.exchange_guessed_by(guesser, Reach::Exchange), guessers))
}

impl Exchanges for MehenPharaohs {
    /// A team choosing its pharaoh (its first seat enters the choice), a guesser setting a
    /// lion or sparing, or a concealer about to hide.
    fn moment(&self) -> Moment<Action> {
        match self.phase {
            Phase::Choose { team } => Moment::Choice {
                seat: self.options.seats_of(team).next().unwrap_or(Seat(0)),
                actions: (self.choosable(team).into_iter())
                    .map(|pharaoh| Action::Choose { pharaoh })
                    .collect(),
            },
            Phase::Unleash { guesser, target } => Moment::Choice {
                seat: guesser,
                actions: vec![Action::Unleash { target }, Action::Spare],
            },
            Phase::Conceal { concealer, .. } => Moment::Concealment { concealer },
            _ => Moment::Still,
        }
    }

    /// A guess entered by the guessing team's guessing seat.
    fn exchange(&self, reach: Reach) -> Vec<Vec<f64>> {
        let Some((concealer, (pharaoh, contest), _)) = self.concealing() else {
            return Vec::new();
        };
        self.exchange_guessed_by(self.guessing_seat(pharaoh, contest, concealer), reach)
    }

    /// The race of the two teams: `team`'s turns to deliver all against the other's.
    fn standing(&self, team: Team) -> f64 {
        race(
            self.turns_to_deliver(team),
            self.turns_to_deliver(opponent(team)),
            SPREAD,
        )
    }
}

impl MehenPharaohs {
    /// The game the view shows, in `phase`.
    fn from_view(options: Options, view: &View, phase: Phase) -> MehenPharaohs {
        let pharaohs = view
            .pharaohs
            .iter()
            .map(|(&id, pharaoh)| (id, pharaoh.place))
            .collect();
        let attacks: BTreeMap<PharaohId, Seat> = view
            .pharaohs
            .iter()
            .filter_map(|(&id, pharaoh)| Some((id, pharaoh.attacked_by?)))
            .collect();
        let mut records = [Record::default(); MOST_SEATS];
        for (record, shown) in records.iter_mut().zip(&view.records) {
            *record = *shown;
        }
        let of_team = |read: fn(&super::view::TeamView) -> u8| {
            let mut counts = [0; 2];
            for team in &view.teams {
                counts[usize::from(team.team.0.min(1))] = read(team);
            }
            counts
        };
        let phase = view
            .outcome
            .map_or(phase, |outcome| Phase::Over { outcome });
        MehenPharaohs {
            options,
            game: GameId::default(),
            pharaohs,
            standing: of_team(|team| team.standing),
            attacks,
            graveyard: of_team(|team| team.graveyard),
            streaks: of_team(|team| team.streak),
            records,
            turn: view.turn,
            phase,
        }
    }

    /// The seat a team of computer players enters its guess by: the first it may guess from.
    fn guessing_seat(&self, pharaoh: PharaohId, contest: Contest, concealer: Seat) -> Seat {
        let guessers = self.guessers(concealer, (pharaoh, contest));
        guessers.first().copied().unwrap_or(pharaoh.owner())
    }

    /// In the concealment phase, `payoff[h][g]` for the concealer's side once `h + 1` was
    /// hidden and `g + 1` guessed by `guesser`.
    fn exchange_guessed_by(&self, guesser: Seat, reach: Reach) -> Vec<Vec<f64>> {
        let Some((concealer, (pharaoh, contest), _)) = self.concealing() else {
            return Vec::new();
        };
        let team = self.team_of(concealer);
        payoff(contest.range(), |number, correct| {
            let mut next = self.clone();
            let pending = Pending {
                pharaoh,
                contest,
                guesser,
            };
            next.answered(pending, Answer { number, correct }, &mut Vec::new());
            judge(&next, team, reach)
        })
    }

    /// Team turns `team` needs to deliver every pharaoh: the spaces left at its pace, the
    /// fights of its attacked pharaohs, and the threats of the other team's lions in hand.
    /// The pace counts the right guesses only while the guessing seat's pharaoh has spaces
    /// left to take them: the other pharaohs go at the pace of the team's own turns.
    fn turns_to_deliver(&self, team: Team) -> f64 {
        let mut seats = self.options.seats_of(team);
        let guessing = seats
            .next()
            .map_or(0, |seat| self.spaces_left(PharaohId(seat.0)));
        let others: u32 = seats.map(|seat| self.spaces_left(PharaohId(seat.0))).sum();
        let all = f64::from(guessing + others);
        let fights = (self.attacks.keys())
            .filter(|&&id| self.pharaoh_team(id) == team)
            .count();
        let free = (self.options.seats_of(team))
            .map(|seat| PharaohId(seat.0))
            .filter(|id| !self.attacks.contains_key(id) && self.place(*id) != Place::Delivered)
            .count();
        let threats = usize::from(self.standing(opponent(team))).min(free);
        (all / PACE).max(f64::from(others) / OWN_PACE)
            + FIGHT * fights as f64
            + THREAT * threats as f64
    }

    /// Spaces `pharaoh` has yet to go through the head.
    fn spaces_left(&self, pharaoh: PharaohId) -> u32 {
        let head = u32::from(SPACES) + 1;
        match self.place(pharaoh) {
            Place::Waiting => head,
            Place::Serpent(space) => head - u32::from(space),
            Place::Delivered => 0,
        }
    }
}

#[cfg(test)]
mod tests;
