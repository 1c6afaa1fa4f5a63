//! The serpent: marbles entering at the tail, moving inward, capturing, finishing; and the
//! other answers to a wrong guess, recovering a lion or reviving a teammate.

use serde::Serialize;

use crate::rules::Seat;

use super::action::{Action, Event, MarbleId, WinReason};
use super::config::Mode;
use super::error::MehenError;
use super::view::ActOption;
use super::{Mehen, Phase};

/// A marble on the serpent. Space 0 is the tail; a marble on the head has finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Marble {
    pub id: MarbleId,
    pub owner: Seat,
    pub space: u8,
}

impl Mehen {
    /// Marbles `seat` has on the serpent, finished ones included.
    pub(super) fn on_serpent(&self, seat: Seat) -> u8 {
        let count = self.marbles.iter().filter(|m| m.owner == seat).count();
        // At most two per player by the serpent limit, so the count fits.
        count as u8
    }

    pub fn has_finished(&self, seat: Seat) -> bool {
        let head = self.config.board.head();
        self.marbles
            .iter()
            .any(|m| m.owner == seat && m.space == head)
    }

    fn is_finished(&self, marble: &Marble) -> bool {
        marble.space == self.config.board.head()
    }

    fn landing(&self, from: u8, distance: u8) -> u8 {
        (from + distance).min(self.config.board.head())
    }

    pub(super) fn advance(
        &mut self,
        seat: Seat,
        marble: MarbleId,
        events: &mut Vec<Event>,
    ) -> Result<(), MehenError> {
        let distance = self.acting(seat, "advance")?;
        let index = self
            .marbles
            .iter()
            .position(|m| m.id == marble)
            .ok_or(MehenError::NoSuchMarble { marble })?;
        let moving = self.marbles[index];
        if moving.owner != seat {
            return Err(MehenError::NotYourMarble { marble });
        }
        if self.is_finished(&moving) {
            return Err(MehenError::MarbleFinished { marble });
        }
        let to = self.landing(moving.space, distance);
        self.marbles[index].space = to;
        events.push(Event::Advanced {
            marble,
            seat,
            from: moving.space,
            to,
        });
        self.land(index, events);
        Ok(())
    }

    pub(super) fn deploy(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), MehenError> {
        let distance = self.acting(seat, "deploy")?;
        self.check_may_deploy(seat)?;
        let marble = MarbleId(self.next_marble);
        self.next_marble += 1;
        let to = self.landing(0, distance);
        self.marbles.push(Marble {
            id: marble,
            owner: seat,
            space: to,
        });
        events.push(Event::Deployed { marble, seat, to });
        self.land(self.marbles.len() - 1, events);
        Ok(())
    }

    fn check_may_deploy(&self, seat: Seat) -> Result<(), MehenError> {
        let mode = self.config.mode;
        if mode == Mode::Teams && self.has_finished(seat) {
            return Err(MehenError::FinisherMayOnlyRevive);
        }
        if self.on_serpent(seat) >= mode.serpent_limit() {
            return Err(MehenError::SerpentFull {
                limit: mode.serpent_limit(),
            });
        }
        Ok(())
    }

    pub(super) fn recover(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), MehenError> {
        self.acting(seat, "recover a lion")?;
        if self.config.mode != Mode::Duel {
            return Err(MehenError::NotInThisMode);
        }
        if self.lions(seat) == self.config.mode.lions() {
            return Err(MehenError::NoFallenLion);
        }
        let player = self.player_mut(seat);
        player.lions += 1;
        let standing = player.lions;
        events.push(Event::LionStood { seat, standing });
        self.end_turn(events);
        Ok(())
    }

    pub(super) fn revive(
        &mut self,
        seat: Seat,
        frozen: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), MehenError> {
        self.acting(seat, "revive a teammate")?;
        let mode = self.config.mode;
        if mode != Mode::Teams {
            return Err(MehenError::NotInThisMode);
        }
        self.check_teammate(frozen, self.team_of(seat))?;
        if !self.is_frozen(frozen) {
            return Err(MehenError::NotFrozen { seat: frozen });
        }
        self.player_mut(frozen).lions = 1;
        events.push(Event::Revived {
            seat: frozen,
            by: seat,
        });
        self.end_turn(events);
        Ok(())
    }

    /// After a marble has moved to its new space: it finishes on the head, or captures an
    /// opposing marble it landed on exactly. Then the turn ends, or the game.
    fn land(&mut self, index: usize, events: &mut Vec<Event>) {
        let arrived = self.marbles[index];
        if self.is_finished(&arrived) {
            events.push(Event::Finished {
                marble: arrived.id,
                seat: arrived.owner,
            });
            if self.on_finish(arrived.owner, events) {
                return;
            }
        } else if let Some(victim) = self.victim_at(arrived) {
            let captured = self.marbles.remove(victim);
            events.push(Event::Captured {
                marble: captured.id,
                owner: captured.owner,
                at: captured.space,
                by: arrived.id,
            });
        }
        self.end_turn(events);
    }

    /// Of the opposing marbles on the space `arrived` landed on, the one captured: the lowest
    /// seat's, and of that seat's, the earliest to enter. The marbles are kept in order of
    /// entry, so the first of the lowest seat is the earliest.
    fn victim_at(&self, arrived: Marble) -> Option<usize> {
        let team = self.team_of(arrived.owner);
        self.marbles
            .iter()
            .enumerate()
            .filter(|(_, m)| m.space == arrived.space && self.team_of(m.owner) != team)
            .min_by_key(|(_, m)| m.owner)
            .map(|(index, _)| index)
    }

    /// Scores a finish; true when it won the game.
    fn on_finish(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        let mode = self.config.mode;
        let team = self.team_of(seat);
        let finishers = mode
            .seats_of(team)
            .filter(|&s| self.has_finished(s))
            .count();
        let finished_marbles = match mode {
            Mode::Duel => self
                .marbles
                .iter()
                .filter(|m| m.owner == seat && self.is_finished(m))
                .count(),
            Mode::Teams => finishers,
        };
        if finished_marbles >= 2 {
            self.finish_game(team, WinReason::TwoFinished, events);
            return true;
        }
        if mode == Mode::Teams && finishers == 1 {
            for teammate in mode.seats_of(team).filter(|&s| s != seat) {
                self.player_mut(teammate).lost += 1;
                events.push(Event::MarbleLost { seat: teammate });
            }
        }
        false
    }

    /// What the actor may do after a wrong guess, each with the space a marble would land
    /// on. Empty outside that phase.
    pub fn act_options(&self) -> Vec<ActOption> {
        let Phase::Act { actor, distance } = self.phase else {
            return Vec::new();
        };
        let mut options: Vec<ActOption> = self
            .marbles
            .iter()
            .filter(|m| m.owner == actor && !self.is_finished(m))
            .map(|m| ActOption {
                action: Action::Advance { marble: m.id },
                lands_on: Some(self.landing(m.space, distance)),
            })
            .collect();
        if self.check_may_deploy(actor).is_ok() {
            options.push(ActOption {
                action: Action::Deploy,
                lands_on: Some(self.landing(0, distance)),
            });
        }
        match self.config.mode {
            Mode::Duel if self.lions(actor) < self.config.mode.lions() => {
                options.push(ActOption {
                    action: Action::Recover,
                    lands_on: None,
                });
            }
            Mode::Duel => {}
            Mode::Teams => options.extend(
                self.config
                    .mode
                    .seats_of(self.team_of(actor))
                    .filter(|&s| self.is_frozen(s))
                    .map(|seat| ActOption {
                        action: Action::Revive { seat },
                        lands_on: None,
                    }),
            ),
        }
        options
    }
}
