//! A scripted player: it reads the state a connection holds (a `RoomView` as JSON, after
//! applying snapshots and patches) and answers with a random legal move when the game waits
//! on it. It trusts nothing it reads: a state it does not understand gets no move.

use serde_json::{Value, json};

use crate::fair::{Commitment, GameId, Nonce};
use crate::rules::mehen::autoplay::SplitMix64;

/// One seat's player. For a team, the lowest seat of the team chooses and guesses.
pub struct Bot {
    pub seat: u8,
    rng: SplitMix64,
    /// Trustless mode: the number and nonce of its commitment, until it reveals.
    held: Option<(u8, Nonce)>,
    /// The version it last moved on, so one state never gets two moves.
    moved_on: Option<u64>,
}

impl Bot {
    pub fn new(seat: u8, seed: u64) -> Bot {
        Bot {
            seat,
            rng: SplitMix64::new(seed),
            held: None,
            moved_on: None,
        }
    }

    /// A number from 1 to `max`.
    fn number(&mut self, max: &Value) -> Option<u8> {
        let max = usize::try_from(max.as_u64()?).ok()?.max(1);
        Some(1 + self.rng.below(max) as u8)
    }

    fn pick<'a>(&mut self, list: &'a Value) -> Option<&'a Value> {
        let list = list.as_array()?;
        (!list.is_empty()).then(|| &list[self.rng.below(list.len())])
    }

    /// The move to make on `state` at `version`, if the game waits on this bot.
    pub fn decide(&mut self, state: &Value, version: u64) -> Option<Value> {
        if state["status"] != "playing" || self.moved_on == Some(version) {
            return None;
        }
        let seats = state["seats"].as_array()?;
        let team_of =
            |seat: &Value| Some(seats.get(usize::try_from(seat.as_u64()?).ok()?)?["team"].clone());
        let my_team = team_of(&json!(self.seat))?;
        let speaks_for_team = seats.iter().find(|s| s["team"] == my_team)?["seat"] == self.seat;
        let game = &state["game"];
        let phase = &game["phase"];
        let mine = phase["actor"] == self.seat;
        let trustless = state["commitment"] == "trustless";
        let mut message = match phase["phase"].as_str()? {
            "choose" if phase["team"] == my_team && speaks_for_team => {
                json!({"type": "choose", "seat": self.pick(&phase["eligible"])?})
            }
            "conceal" if mine && trustless => {
                let number = self.number(&phase["max"])?;
                let nonce = Nonce::from_bytes(std::array::from_fn(|_| self.rng.next_u64() as u8));
                let turn = u32::try_from(game["turn"].as_u64()?).ok()?;
                let commitment = Commitment::new(&game_id(state)?, turn, self.seat, &nonce, number);
                self.held = Some((number, nonce));
                json!({"type": "commit", "commitment": commitment})
            }
            "conceal" if mine => json!({"type": "conceal", "number": self.number(&phase["max"])?}),
            "guess" if team_of(&phase["actor"])? != my_team && speaks_for_team => {
                json!({"type": "guess", "number": self.number(&phase["max"])?})
            }
            "reveal" if mine && trustless => {
                let (number, nonce) = self.held.take()?;
                json!({"type": "reveal", "number": number, "nonce": nonce})
            }
            "act" if mine => self.pick(&phase["options"])?["action"].clone(),
            _ => return None,
        };
        message["version"] = json!(version);
        self.moved_on = Some(version);
        Some(message)
    }
}

/// The game id of a state, as commitments bind it.
pub fn game_id(state: &Value) -> Option<GameId> {
    let id = uuid::Uuid::parse_str(state["game_id"].as_str()?).ok()?;
    Some(GameId(*id.as_bytes()))
}
