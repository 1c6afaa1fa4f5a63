//! Computer players at the table. A computer player's moves take the path a person's take
//! (the same rules, journal, log and views); it decides from what its seat is shown
//! (`Game::decide`), a short moment after its turn comes, so people can follow. In a team
//! guess it proposes its number to the team first and leaves the people on its team time to
//! enter a guess of their own.
//!
//! Computers play only while a seated person is connected: a table nobody watches waits.

use std::time::Duration;

use sha2::{Digest, Sha256};
use tokio::time::Instant;
use tracing::{debug, warn};

use super::play::{Asked, Refused};
use super::{Room, UNSAVED_RETRY};
use crate::rules::computer::{Chance, Decision};
use crate::rules::{Awaiting, Move, Seat};
use crate::wire::{Channel, Proposal, RoomStatus, ServerMessage};

/// How many delays a computer player waits, after proposing its guess, for a person on its
/// team to enter one.
const PATIENCE: u32 = 8;

/// The computer move the room waits to make.
#[derive(Debug)]
struct Due {
    at: Instant,
    /// The version the move was planned on: any other move makes a new plan.
    version: u64,
    /// A guess proposed to the team, entered when no teammate has entered one by `at`.
    guess: Option<serde_json::Value>,
}

/// The room's computer players: when the next one moves, and the chance they draw from.
#[derive(Debug)]
pub struct Computers {
    delay: Duration,
    chance: RoomChance,
    due: Option<Due>,
}

impl Computers {
    pub fn new(delay: Duration) -> Self {
        Computers {
            delay,
            chance: RoomChance::from_os(),
            due: None,
        }
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
        if self
            .computers
            .due
            .as_ref()
            .is_some_and(|due| due.version == version)
        {
            return;
        }
        let awaited = self.status() == RoomStatus::Playing && self.seats.person_present();
        self.computers.due = self.computer_turn().filter(|_| awaited).map(|_| Due {
            at: Instant::now() + self.computers.delay,
            version,
            guess: None,
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

    /// The first awaited seat a computer player plays.
    fn computer_turn(&self) -> Option<Seat> {
        let awaiting = self.game.awaiting();
        let seats = awaiting.seats();
        seats.into_iter().find(|&seat| {
            self.seats.computer(seat).is_some()
                && (!matches!(awaiting, Awaiting::Action { .. } | Awaiting::Guess { .. })
                    || !self.game.legal_actions(seat).is_empty())
        })
    }

    /// A computer player's moment has come: it moves, or proposes its guess and waits.
    pub(super) fn on_computer(&mut self) {
        let Some(due) = self.computers.due.take() else {
            return;
        };
        if due.version != self.version || !self.seats.person_present() {
            return self.plan_computers();
        }
        let Some(seat) = self.computer_turn() else {
            return;
        };
        let Some(strength) = self.seats.computer(seat) else {
            return;
        };
        let asked = match (due.guess, self.game.awaiting()) {
            (Some(guess), _) => Asked::Play(Move::Action(guess)),
            (None, Awaiting::Throw { .. }) => Asked::Throw,
            (None, awaiting) => {
                let decision = self.game.decide(seat, strength, self.computers.chance());
                match decision {
                    Some(Decision::Play(action)) => Asked::Play(Move::Action(action)),
                    Some(Decision::Conceal(number)) => Asked::Conceal(number),
                    Some(Decision::Guess { number, action }) => {
                        let teammates = awaiting.seats();
                        if !self.seats.any_person_at(&teammates) {
                            Asked::Play(Move::Action(action))
                        } else {
                            self.propose_for(seat, number);
                            self.computers.due = Some(Due {
                                at: Instant::now() + self.computers.delay * PATIENCE,
                                version: self.version,
                                guess: Some(action),
                            });
                            return;
                        }
                    }
                    None => return,
                }
            }
        };
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
