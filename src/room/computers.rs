//! Computer players at the table. A computer player's moves take the path a person's take
//! (the same rules, journal, log and views); it decides from what its seat is shown
//! (`Game::decide`), a short moment after its turn comes, so people can follow. In a team
//! guess it proposes its number to the team first and leaves the people on its team time to
//! enter a guess of their own.
//!
//! A strong player may think for milliseconds: it thinks on the blocking pool, never on the
//! room's task, from a copy of the game and a chance of its own, and its decision comes back
//! to the room, which plays it only if nothing has moved meanwhile.
//!
//! Computers play only while a seated person is connected: a table nobody watches waits.

use std::time::Duration;

use time::OffsetDateTime;
use tracing::{debug, warn};

use super::chance::RoomChance;
use super::play::Refused;
use super::{Room, UNSAVED_RETRY};
use crate::rules::computer::{Decision, Strength};
use crate::rules::steps::Asked;
use crate::rules::{Awaiting, Game, Move, Seat};
use crate::wire::{Channel, Proposal, RoomStatus, ServerMessage};

/// How many delays a computer player waits, after proposing its guess, for a person on its
/// team to enter one.
const PATIENCE: u32 = 8;

/// How long at most a computer's throw waits for the links of the connected people at the
/// table, so that it rests on their chains too whatever the delay (`docs/fair-throws.md`).
pub const LINK_WAIT: Duration = Duration::from_secs(2);

/// The computer move the room waits to make.
#[derive(Debug)]
struct Due {
    at: OffsetDateTime,
    /// The version the move was planned on: any other move makes a new plan.
    version: u64,
    /// A guess proposed to the team, entered when no teammate has entered one by `at`.
    guess: Option<serde_json::Value>,
    /// A throw that has waited for the people's links: at `at` it is made with those in.
    waited: bool,
}

/// The decision of each computer player the game awaits, by seat.
type Decisions = Vec<(Seat, Option<Decision<serde_json::Value>>)>;

/// Computer players' decisions to think out, from a copy of the game as it stood at
/// `version`, each with a chance of its own: slow for a strong player, so the room's task
/// has it done elsewhere.
#[derive(Debug)]
pub struct Think {
    version: u64,
    game: Game,
    turns: Vec<(Seat, Strength, RoomChance)>,
}

impl Think {
    /// Thinks the decisions out.
    pub fn run(self) -> Thought {
        let Think {
            version,
            game,
            turns,
        } = self;
        let decisions = turns
            .into_iter()
            .map(|(seat, strength, mut chance)| (seat, game.decide(seat, strength, &mut chance)))
            .collect();
        Thought { version, decisions }
    }

    /// What comes back when the thinking failed: no decision.
    pub fn failed(&self) -> Thought {
        Thought {
            version: self.version,
            decisions: Vec::new(),
        }
    }
}

/// The computer players' decisions, back from their thinking.
#[derive(Clone, Debug)]
pub struct Thought {
    version: u64,
    decisions: Decisions,
}

/// The room's computer players: when the next one moves, and the version one is thinking
/// about.
#[derive(Debug, Default)]
pub struct Computers {
    due: Option<Due>,
    thinking: Option<u64>,
}

impl Computers {
    pub fn due_at(&self) -> Option<OffsetDateTime> {
        self.due.as_ref().map(|due| due.at)
    }
}

impl Room {
    /// Plans the next computer move after any change: due a delay from now when a computer
    /// player's seat is awaited, none otherwise.
    pub(super) fn plan_computers(&mut self) {
        let version = self.saved.version;
        let computers = &self.computers;
        if computers
            .due
            .as_ref()
            .is_some_and(|due| due.version == version)
            || computers.thinking == Some(version)
        {
            return;
        }
        let awaited = self.status() == RoomStatus::Playing && self.seats.person_present();
        self.computers.due = (awaited && !self.computer_turns().is_empty()).then(|| Due {
            at: self.now + self.limits.computer_delay,
            version,
            guess: None,
            waited: false,
        });
        // A team guess is proposed as soon as it opens, so the people on the team see the
        // proposal while they think (and a quick person does not pass it by).
        let awaiting = self.saved.game.awaiting();
        let team_guess = matches!(awaiting, Awaiting::Guess { .. })
            && self.seats.any_person_at(&awaiting.seats());
        if self.computers.due.is_some() && team_guess {
            self.on_computer();
        }
    }

    /// The awaited seats computer players play, with their strengths: in a guess every
    /// computer on the guessing side (each proposes), otherwise the first.
    fn computer_turns(&self) -> Vec<(Seat, Strength)> {
        let awaiting = self.saved.game.awaiting();
        let guess = matches!(awaiting, Awaiting::Guess { .. });
        let turns = awaiting.seats().into_iter().filter_map(|seat| {
            let strength = self.seats.computer(seat)?;
            let may = !matches!(awaiting, Awaiting::Action { .. } | Awaiting::Guess { .. })
                || !self.saved.game.game().legal_actions(seat).is_empty();
            may.then_some((seat, strength))
        });
        turns.take(if guess { usize::MAX } else { 1 }).collect()
    }

    /// A link for the due throw arrived, or a seat left: a computer's throw that waits for
    /// the people's links is made as soon as none is awaited.
    pub(super) fn release_waiting_throw(&mut self) {
        let awaited = self.throws.awaits_link(|seat| self.seats.connected(seat));
        if let Some(due) = &mut self.computers.due
            && due.waited
            && !awaited
        {
            due.at = self.now;
        }
    }

    /// A computer player's moment has come: it moves, or proposes its guess and waits.
    pub(super) fn on_computer(&mut self) {
        let Some(due) = self.computers.due.take() else {
            return;
        };
        if due.version != self.saved.version || !self.seats.person_present() {
            return self.plan_computers();
        }
        let turns = self.computer_turns();
        let Some(&(seat, _)) = turns.first() else {
            return;
        };
        let asked = match (due.guess, self.saved.game.awaiting()) {
            (Some(guess), _) => Asked::Play(Move::Action(guess)),
            (None, Awaiting::Throw { .. }) => {
                if !due.waited && self.throws.awaits_link(|seat| self.seats.connected(seat)) {
                    self.computers.due = Some(Due {
                        at: self.now + LINK_WAIT,
                        version: due.version,
                        guess: None,
                        waited: true,
                    });
                    return;
                }
                Asked::Throw
            }
            (None, _) => return self.think(turns),
        };
        self.play_for(seat, asked);
    }

    /// Has the computer players at `turns` think out their decisions, off the room's task.
    fn think(&mut self, turns: Vec<(Seat, Strength)>) {
        let turns = turns
            .into_iter()
            .map(|(seat, strength)| (seat, strength, self.chance.fork()))
            .collect();
        self.computers.thinking = Some(self.saved.version);
        self.effects.think = Some(Box::new(Think {
            version: self.saved.version,
            game: self.saved.game.game().clone(),
            turns,
        }));
    }

    /// The computer players have decided: the first plays, or, in a guess with people on
    /// the team, each proposes its number and the first's guess waits. Decisions about a
    /// game that has moved on since are dropped, and the next move planned afresh.
    pub(super) fn on_thought(&mut self, thought: Thought) {
        let Thought { version, decisions } = thought;
        self.computers.thinking = None;
        if version != self.saved.version || !self.seats.person_present() {
            return self.plan_computers();
        }
        let team_guess = self
            .seats
            .any_person_at(&self.saved.game.awaiting().seats());
        let mut entered = None;
        for (seat, decision) in decisions {
            let asked = match decision {
                Some(Decision::Guess { number, action }) if team_guess => {
                    self.propose_for(seat, number);
                    entered.get_or_insert(action);
                    continue;
                }
                Some(decision) => Asked::from(decision),
                None => continue,
            };
            return self.play_for(seat, asked);
        }
        if let Some(action) = entered {
            self.computers.due = Some(Due {
                at: self.now + self.limits.computer_delay * PATIENCE,
                version: self.saved.version,
                guess: Some(action),
                waited: false,
            });
        }
    }

    /// Makes a computer player's move.
    fn play_for(&mut self, seat: Seat, asked: Asked) {
        match self.make_move(seat, asked, false) {
            Ok(()) => {
                debug!(%seat, "a computer player moved");
                self.after_move();
            }
            Err(Refused::Unsaved(error)) => {
                warn!(%error, "a computer player's move could not be saved");
                self.computers.due = Some(Due {
                    at: self.now + UNSAVED_RETRY,
                    version: self.saved.version,
                    guess: None,
                    waited: false,
                });
            }
            Err(refusal) => warn!(code = ?refusal.code(), "a computer player's move was refused"),
        }
    }

    /// A computer player suggests its guess to its team, as a teammate would.
    fn propose_for(&mut self, seat: Seat, number: u8) {
        let proposal = Proposal { seat, number };
        self.proposals.set(proposal);
        if let Some(team) = super::chat::audience(&self.table, Channel::Team, seat) {
            self.send(team, &ServerMessage::Proposal(proposal));
        }
    }
}
