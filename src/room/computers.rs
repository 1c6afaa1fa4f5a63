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

use sha2::{Digest, Sha256};
use tokio::sync::oneshot;
use tokio::time::Instant;
use tracing::{debug, warn};

use super::play::{Asked, Refused};
use super::{Room, UNSAVED_RETRY};
use crate::rules::computer::{Chance, Decision, Strength};
use crate::rules::{Awaiting, Move, Seat};
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
    at: Instant,
    /// The version the move was planned on: any other move makes a new plan.
    version: u64,
    /// A guess proposed to the team, entered when no teammate has entered one by `at`.
    guess: Option<serde_json::Value>,
    /// A throw that has waited for the people's links: at `at` it is made with those in.
    waited: bool,
}

/// The decision of each computer player the game awaits, by seat.
type Decisions = Vec<(Seat, Option<Decision<serde_json::Value>>)>;

/// Decisions being thought out off the room's task, for the game as it stood at `version`.
#[derive(Debug)]
struct Thinking {
    version: u64,
    decisions: oneshot::Receiver<Decisions>,
}

/// The computer players' decisions, back from their thinking.
pub struct Thought {
    version: u64,
    decisions: Decisions,
}

/// The room's computer players: when the next one moves, what one is thinking, and the
/// chance they draw from.
#[derive(Debug)]
pub struct Computers {
    delay: Duration,
    chance: RoomChance,
    due: Option<Due>,
    thinking: Option<Thinking>,
}

impl Computers {
    pub fn new(delay: Duration) -> Self {
        Computers {
            delay,
            chance: RoomChance::from_os(),
            due: None,
            thinking: None,
        }
    }

    /// The decision being thought out, once it is ready (never, when none is).
    pub async fn thought(&mut self) -> Thought {
        let Some(thinking) = &mut self.thinking else {
            return std::future::pending().await;
        };
        let decisions = (&mut thinking.decisions).await.unwrap_or_default();
        let version = thinking.version;
        self.thinking = None;
        Thought { version, decisions }
    }

    pub fn due_at(&self) -> Option<Instant> {
        self.due.as_ref().map(|due| due.at)
    }

    /// The chance computer players and stand-ins draw from.
    pub fn chance(&mut self) -> &mut RoomChance {
        &mut self.chance
    }
}

impl Room {
    /// Plans the next computer move after any change: due a delay from now when a computer
    /// player's seat is awaited, none otherwise.
    pub(super) fn plan_computers(&mut self) {
        let version = self.version;
        let computers = &self.computers;
        if computers
            .due
            .as_ref()
            .is_some_and(|due| due.version == version)
            || computers
                .thinking
                .as_ref()
                .is_some_and(|t| t.version == version)
        {
            return;
        }
        let awaited = self.status() == RoomStatus::Playing && self.seats.person_present();
        self.computers.due = (awaited && !self.computer_turns().is_empty()).then(|| Due {
            at: Instant::now() + self.computers.delay,
            version,
            guess: None,
            waited: false,
        });
        // A team guess is proposed as soon as it opens, so the people on the team see the
        // proposal while they think (and a quick person does not pass it by).
        let awaiting = self.game.awaiting();
        let team_guess = matches!(awaiting, Awaiting::Guess { .. })
            && self.seats.any_person_at(&awaiting.seats());
        if self.computers.due.is_some() && team_guess {
            self.on_computer();
        }
    }

    /// The awaited seats computer players play, with their strengths: in a guess every
    /// computer on the guessing side (each proposes), otherwise the first.
    fn computer_turns(&self) -> Vec<(Seat, Strength)> {
        let awaiting = self.game.awaiting();
        let guess = matches!(awaiting, Awaiting::Guess { .. });
        let turns = awaiting.seats().into_iter().filter_map(|seat| {
            let strength = self.seats.computer(seat)?;
            let may = !matches!(awaiting, Awaiting::Action { .. } | Awaiting::Guess { .. })
                || !self.game.legal_actions(seat).is_empty();
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
            due.at = Instant::now();
        }
    }

    /// A computer player's moment has come: it moves, or proposes its guess and waits.
    pub(super) fn on_computer(&mut self) {
        let Some(due) = self.computers.due.take() else {
            return;
        };
        if due.version != self.version || !self.seats.person_present() {
            return self.plan_computers();
        }
        let turns = self.computer_turns();
        let Some(&(seat, _)) = turns.first() else {
            return;
        };
        let asked = match (due.guess, self.game.awaiting()) {
            (Some(guess), _) => Asked::Play(Move::Action(guess)),
            (None, Awaiting::Throw { .. }) => {
                if !due.waited && self.throws.awaits_link(|seat| self.seats.connected(seat)) {
                    self.computers.due = Some(Due {
                        at: Instant::now() + LINK_WAIT,
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

    /// Has the computer players at `turns` think out their decisions on the blocking pool.
    fn think(&mut self, turns: Vec<(Seat, Strength)>) {
        let game = self.game.clone();
        let chances: Vec<RoomChance> = turns.iter().map(|_| self.computers.chance.fork()).collect();
        let (decided, decisions) = oneshot::channel();
        tokio::task::spawn_blocking(move || {
            let decisions = turns
                .into_iter()
                .zip(chances)
                .map(|((seat, strength), mut chance)| {
                    (seat, game.decide(seat, strength, &mut chance))
                })
                .collect();
            let _ = decided.send(decisions);
        });
        self.computers.thinking = Some(Thinking {
            version: self.version,
            decisions,
        });
    }

    /// The computer players have decided: the first plays, or, in a guess with people on
    /// the team, each proposes its number and the first's guess waits. Decisions about a
    /// game that has moved on since are dropped, and the next move planned afresh.
    pub(super) fn on_thought(&mut self, thought: Thought) {
        let Thought { version, decisions } = thought;
        if version != self.version || !self.seats.person_present() {
            return self.plan_computers();
        }
        let team_guess = self.seats.any_person_at(&self.game.awaiting().seats());
        let mut entered = None;
        for (seat, decision) in decisions {
            let asked = match decision {
                Some(Decision::Guess { number, action }) if team_guess => {
                    self.propose_for(seat, number);
                    entered.get_or_insert(action);
                    continue;
                }
                Some(Decision::Play(action) | Decision::Guess { action, .. }) => {
                    Asked::Play(Move::Action(action))
                }
                Some(Decision::Conceal(number)) => Asked::Conceal(number),
                None => continue,
            };
            return self.play_for(seat, asked);
        }
        if let Some(action) = entered {
            self.computers.due = Some(Due {
                at: Instant::now() + self.computers.delay * PATIENCE,
                version: self.version,
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
                    at: Instant::now() + UNSAVED_RETRY,
                    version: self.version,
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

/// The randomness computer players draw from: SHA-256 of a 32-byte seed from the operating
/// system and a counter, so nobody can foresee a computer's hidden number from its earlier
/// choices.
pub struct RoomChance {
    seed: [u8; 32],
    counter: u64,
}

impl RoomChance {
    fn from_os() -> Self {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("the operating system has no random source");
        RoomChance { seed, counter: 0 }
    }
}

impl RoomChance {
    /// A chance of its own for a decision thought out elsewhere: seeded by SHA-256 of this
    /// one's seed and next count, so it foretells nothing of the room's other draws.
    fn fork(&mut self) -> RoomChance {
        self.counter += 1;
        let seed = Sha256::new()
            .chain_update(b"fork")
            .chain_update(self.seed)
            .chain_update(self.counter.to_le_bytes())
            .finalize();
        RoomChance {
            seed: seed.into(),
            counter: 0,
        }
    }
}

impl std::fmt::Debug for RoomChance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RoomChance(hidden)")
    }
}

impl Chance for RoomChance {
    fn next_u64(&mut self) -> u64 {
        self.counter += 1;
        let digest = Sha256::new()
            .chain_update(self.seed)
            .chain_update(self.counter.to_le_bytes())
            .finalize();
        let mut word = [0u8; 8];
        word.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(word)
    }
}
