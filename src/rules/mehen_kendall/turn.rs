//! Throws, choices and the end: who acts next and what each action does.

use crate::rules::sticks::{Faces, Sticks};
use crate::rules::{Outcome, Seat, Team};

use super::action::{Action, Event, KendallOutcome, Reason};
use super::error::KendallError;
use super::options::BALLS;
use super::piece::{Kind, PieceId, Spot};
use super::track::{Landing, Target};
use super::{MehenKendall, Phase};

impl MehenKendall {
    /// Carries out `action` for `seat`. On a refusal nothing changes: every check comes
    /// before the first change.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, KendallError> {
        if seat.0 >= self.options.seats() {
            return Err(KendallError::NoSuchSeat { seat });
        }
        let (waiting, score) = match self.phase {
            Phase::Over { .. } => return Err(KendallError::GameOver),
            Phase::Throw { seat } => (seat, None),
            Phase::Choose { seat, score } => (seat, Some(score)),
        };
        if seat != waiting {
            return Err(KendallError::NotYourTurn { waiting });
        }
        let mut events = Vec::new();
        match (action, score) {
            (Action::Throw { faces }, None) => self.throw(seat, faces, &mut events)?,
            (Action::Throw { .. }, Some(_)) => return Err(wrong_phase("throw", "your choice")),
            (_, None) => return Err(wrong_phase("move", "your throw")),
            (Action::Save, Some(score)) => {
                one(score, "saved")?;
                self.save(seat, &mut events);
            }
            (Action::EnterBall, Some(score)) => {
                one(score, "used to enter a ball")?;
                let ball = self.ball_entry(seat)?;
                self.enter(ball, &mut events);
            }
            (Action::EnterLion, Some(score)) => {
                one(score, "used to enter the lion")?;
                let lion = self.lion_entry(seat)?;
                self.enter(lion, &mut events);
            }
            (Action::Move { piece }, Some(score)) => {
                if piece.owner() != seat {
                    return Err(KendallError::NotYourPiece { piece });
                }
                let landing = self.landing(piece, score)?;
                self.carry_out(piece, landing, &mut events);
            }
        }
        Ok(events)
    }

    /// Every action `seat` may take now, the throw aside.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Phase::Choose {
            seat: chooser,
            score,
        } = self.phase
        else {
            return Vec::new();
        };
        if seat != chooser {
            return Vec::new();
        }
        if score != 1 {
            let mut actions = Vec::with_capacity(usize::from(BALLS) + 1);
            actions.extend(self.moves().map(|(piece, _)| Action::Move { piece }));
            return actions;
        }
        let mut actions = vec![Action::Save];
        if self.ball_entry(seat).is_ok() {
            actions.push(Action::EnterBall);
        }
        if self.lion_entry(seat).is_ok() {
            actions.push(Action::EnterLion);
        }
        actions
    }

    fn throw(
        &mut self,
        seat: Seat,
        faces: Faces,
        events: &mut Vec<Event>,
    ) -> Result<(), KendallError> {
        if !Sticks::Three.fits(faces) {
            return Err(KendallError::NotThreeSticks { faces: faces.0 });
        }
        let score = Sticks::Three.score(faces);
        self.turn += 1;
        events.push(Event::Thrown { seat, score });
        self.phase = Phase::Choose { seat, score };
        if score == 1 {
            if self.ball_entry(seat).is_err() && self.lion_entry(seat).is_err() {
                self.save(seat, events);
            }
        } else if self.moves().next().is_none() {
            events.push(Event::NoMove { seat, score });
            self.end_turn(seat, events);
        }
        Ok(())
    }

    fn save(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(player) = self.player_mut(seat) {
            player.saved = player.saved.saturating_add(1);
            let saved = player.saved;
            events.push(Event::Saved { seat, saved });
        }
        self.end_turn(seat, events);
    }

    fn enter(&mut self, piece: PieceId, events: &mut Vec<Event>) {
        self.set_spot(piece, Spot::Track(1));
        events.push(Event::Entered { piece });
        self.end_turn(piece.owner(), events);
    }

    fn carry_out(&mut self, piece: PieceId, landing: Landing, events: &mut Vec<Event>) {
        let cells = self.cells();
        let seat = piece.owner();
        if let Some(player) = self.player_mut(seat) {
            player.saved -= landing.spend.min(player.saved);
        }
        self.set_spot(piece, landing.to);
        events.push(Event::Moved {
            piece,
            from: landing.from.place(cells),
            to: landing.to.place(cells),
            spent: landing.spend,
        });
        match landing.target {
            Target::Empty => {}
            Target::Swap(other) => {
                let to = match (self.spot(other), landing.from.cell(cells)) {
                    (Some(Spot::Track(p)), Some(cell)) if p < cells => Spot::Track(cell),
                    (_, Some(cell)) => Spot::Track(2 * cells - cell),
                    (_, None) => landing.from,
                };
                self.set_spot(other, to);
                events.push(Event::Swapped {
                    piece: other,
                    to: to.place(cells),
                });
            }
            Target::Eat(ball) => {
                self.set_spot(ball, Spot::Eaten);
                if let Some(player) = self.player_mut(seat) {
                    player.eaten += 1;
                }
                events.push(Event::Eaten {
                    piece: ball,
                    by: piece,
                });
            }
        }
        if landing.to == Spot::Home {
            self.come_home(piece, events);
        }
        self.end_turn(seat, events);
    }

    fn come_home(&mut self, piece: PieceId, events: &mut Vec<Event>) {
        let seat = piece.owner();
        match piece.kind() {
            Kind::Ball => {
                if let Some(player) = self.player_mut(seat)
                    && player.lion.is_none()
                {
                    player.lion = Some(Spot::Off);
                    events.push(Event::LionEarned { seat });
                }
            }
            Kind::Lion => {
                if self.lions_home.count == 0 {
                    let balls = self.players().iter().flat_map(|p| p.balls.iter());
                    let mut any_eaten = false;
                    let mut none_out = true;
                    for spot in balls {
                        any_eaten |= *spot == Spot::Eaten;
                        none_out &= matches!(spot, Spot::Home | Spot::Eaten);
                    }
                    self.all_eaten_at_first_home = any_eaten && none_out;
                }
                self.lions_home.push(seat);
            }
        }
    }

    /// Ends the game when every lion is home and nobody can still earn one; otherwise
    /// hands the throw to the next player with anything left to do.
    fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.players().iter().all(|p| match p.lion {
            Some(lion) => lion == Spot::Home,
            None => p.balls.iter().all(|b| *b == Spot::Eaten),
        }) {
            let outcome = self.result();
            self.phase = Phase::Over { outcome };
            events.push(Event::GameOver { outcome });
            return;
        }
        let seats = self.options.seats();
        let next = (1..=seats)
            .map(|step| Seat((seat.0 + step) % seats))
            .find(|&next| !self.done(next))
            .unwrap_or(seat);
        self.phase = Phase::Throw { seat: next };
    }

    /// Whether a player has nothing left to do: its lion home and no ball on the track, or
    /// no lion and every ball eaten.
    pub(super) fn done(&self, seat: Seat) -> bool {
        self.players()
            .get(usize::from(seat.0))
            .is_none_or(|p| match p.lion {
                Some(lion) => lion == Spot::Home && !p.balls.iter().any(|b| b.on_track()),
                None => p.balls.iter().all(|b| *b == Spot::Eaten),
            })
    }

    fn result(&self) -> KendallOutcome {
        let first = self.lions_home().first().copied();
        if self.all_eaten_at_first_home {
            return Outcome {
                winner: first.map(|seat| Team(seat.0)),
                reason: Reason::AllEaten,
            };
        }
        let most = self.players().iter().map(|p| p.eaten).max().unwrap_or(0);
        let leaders: Vec<Seat> = self.seats().filter(|&s| self.eaten(s) == most).collect();
        if let [leader] = leaders[..] {
            return Outcome {
                winner: Some(Team(leader.0)),
                reason: Reason::MostEaten,
            };
        }
        Outcome {
            winner: self
                .lions_home()
                .iter()
                .find(|seat| leaders.contains(seat))
                .map(|seat| Team(seat.0)),
            reason: Reason::FirstHomeBreaksTie,
        }
    }
}

fn wrong_phase(action: &'static str, waiting: &'static str) -> KendallError {
    KendallError::WrongPhase { action, waiting }
}

fn one(score: u8, used: &'static str) -> Result<(), KendallError> {
    if score == 1 {
        Ok(())
    } else {
        Err(KendallError::NeedsOne { used, score })
    }
}
