//! A scripted player for any rule set: it reads the state a connection holds (a `RoomView`
//! as JSON, after applying snapshots and patches) and answers with a random move among the
//! `legal` ones, or the concealment or reveal the game `awaiting`s, when the game waits on it. It trusts nothing it reads: a state it does not understand gets no move.

use serde_json::{Value, json};

use crate::fair::throw::HashChain;
use crate::fair::{Commitment, GameId, Hash32, Nonce};
use crate::rules::random::SplitMix64;

/// One seat's player. For a team, the lowest seat of the team chooses and guesses.
pub struct Bot {
    pub seat: u8,
    rng: SplitMix64,
    /// Trustless mode: the number and nonce of its latest commitment, kept past the reveal
    /// it sends in case the server stops before it is saved.
    held: Option<(u8, Nonce)>,
    /// The version it last moved on, so one state never gets two moves.
    moved_on: Option<u64>,
    /// Its hash chain for fair throws, once committed.
    chain: Option<HashChain>,
    /// The game and throw it last sent a link for.
    linked: Option<(String, u64)>,
}

/// How many links a bot's chain holds; it commits a fresh one when they run out.
const CHAIN_LENGTH: u32 = 1024;

impl Bot {
    pub fn new(seat: u8, seed: u64) -> Bot {
        Bot {
            seat,
            rng: SplitMix64::new(seed),
            held: None,
            moved_on: None,
            chain: None,
            linked: None,
        }
    }

    /// A number from `min` to `max` as the state gives them.
    fn number(&mut self, min: &Value, max: &Value) -> Option<u8> {
        let min = u8::try_from(min.as_u64()?).ok()?;
        let max = u8::try_from(max.as_u64()?).ok()?;
        Some(self.rng.between(min, max))
    }

    fn pick<'a>(&mut self, list: &'a Value) -> Option<&'a Value> {
        let list = list.as_array()?;
        (!list.is_empty()).then(|| &list[self.rng.below(list.len())])
    }

    /// The move to make on `state` at `version`, if the game waits on this bot. Where the
    /// game waits on several seats (a team choosing or guessing), the first of them speaks.
    /// In a game of sticks it first commits a chain (as soon as it sits, so its chain takes
    /// part from the first throw), and gives its link to every throw.
    pub fn decide(&mut self, state: &Value, version: u64) -> Option<Value> {
        if state["status"] == "over" {
            return None;
        }
        if let Some(message) = self.take_part_in_throws(&state["throws"]) {
            return Some(message);
        }
        if state["status"] != "playing" {
            return None;
        }
        if self.moved_on == Some(version) {
            return None;
        }
        let awaiting = &state["awaiting"];
        let me = json!(self.seat);
        let mine = awaiting["seat"] == me;
        let speaks = awaiting["seats"].as_array().and_then(|seats| seats.first()) == Some(&me);
        let trustless = state["commitment"] == "trustless";
        let mut message = match awaiting["kind"].as_str()? {
            "conceal" if mine && trustless => {
                let number = self.number(&awaiting["min"], &awaiting["max"])?;
                let nonce = Nonce::from_bytes(std::array::from_fn(|_| self.rng.next_u64() as u8));
                let turn = u32::try_from(awaiting["turn"].as_u64()?).ok()?;
                let commitment = Commitment::new(&game_id(state)?, turn, self.seat, &nonce, number);
                self.held = Some((number, nonce));
                json!({"type": "commit", "commitment": commitment})
            }
            "conceal" if mine => {
                let number = self.number(&awaiting["min"], &awaiting["max"])?;
                json!({"type": "conceal", "number": number})
            }
            "reveal" if mine && trustless => {
                let (number, nonce) = self.held?;
                json!({"type": "reveal", "number": number, "nonce": nonce})
            }
            "throw" if mine => {
                let throws = &state["throws"];
                let index = throws["pending"]["index"].as_u64()?;
                let me = json!(self.seat);
                let ours = self.chain.as_ref().map(|chain| json!(chain.anchor()));
                let active = throws["chains"].as_array()?.iter().any(|chain| {
                    chain["seat"] == me
                        && chain["active"] == true
                        && Some(&chain["anchor"]) == ours.as_ref()
                });
                let link = match self.chain.as_mut() {
                    Some(chain) if active => chain.reveal_next(),
                    _ => None,
                };
                json!({"type": "throw", "index": index, "link": link})
            }
            "action" | "guess" if speaks => {
                json!({"type": "move", "action": self.pick(&state["legal"])?})
            }
            _ => return None,
        };
        message["version"] = json!(version);
        self.moved_on = Some(version);
        Some(message)
    }
}

impl Bot {
    /// The connection is new (the server may have restarted): a move it sent may never
    /// have been made, and chains may be forgotten, so it moves again on the state the
    /// snapshot gives and commits a fresh chain. It keeps its concealed number to reveal.
    pub fn reconnected(&mut self) {
        self.moved_on = None;
        self.chain = None;
        self.linked = None;
    }

    /// A chain to commit when the state lists none for this seat (or its own is spent), and
    /// its link for a throw that is due and not its own.
    fn take_part_in_throws(&mut self, throws: &Value) -> Option<Value> {
        let me = json!(self.seat);
        let listed = throws["chains"]
            .as_array()?
            .iter()
            .find(|chain| chain["seat"] == me);
        // A chain sent but not yet listed is on its way: one commitment, not two. A new one
        // is due once its own links are all revealed.
        let spent = self
            .chain
            .as_ref()
            .is_some_and(|chain| chain.remaining() == 0);
        if (listed.is_none() && self.chain.is_none()) || spent {
            let seed = Hash32(std::array::from_fn(|_| self.rng.next_u64() as u8));
            let chain = HashChain::from_seed(seed, CHAIN_LENGTH);
            let message =
                json!({"type": "chain", "anchor": chain.anchor(), "length": chain.length()});
            self.chain = Some(chain);
            return Some(message);
        }
        let pending = &throws["pending"];
        let index = pending["index"].as_u64()?;
        let due = (pending["commitment"].as_str()?.to_owned(), index);
        let ours = self.chain.as_ref().map(|chain| json!(chain.anchor()));
        let active = listed.is_some_and(|chain| {
            chain["active"] == true && Some(&chain["anchor"]) == ours.as_ref()
        });
        if !active || pending["seat"] == me || self.linked.as_ref() == Some(&due) {
            return None;
        }
        let link = self.chain.as_mut()?.reveal_next()?;
        self.linked = Some(due);
        Some(json!({"type": "throw", "index": index, "link": link}))
    }
}

/// The game id of a state, as commitments bind it.
pub fn game_id(state: &Value) -> Option<GameId> {
    let id = uuid::Uuid::parse_str(state["game_id"].as_str()?).ok()?;
    Some(GameId(*id.as_bytes()))
}
