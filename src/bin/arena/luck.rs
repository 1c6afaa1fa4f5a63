//! Arena players that measure how much of a stick game skill decides and how much the throws.
//!
//! Each searches like `strong` (the shared expectimax), with `N` times the rule set's
//! positions budget and sampled rounds (`-xN`; 1 when left out). Where strong plays out
//! sampled rounds instead of searching (five sides or more), all three play like
//! `strong-xN`:
//! - `strong-xN`: the strong player with a bigger budget; the strength curve over `N` shows
//!   where more search stops paying.
//! - `minimax-xN`: takes the other sides never to slip (`Outlook::careless` 0), as strong
//!   did before it was taught that they do: the careful opponent strong must not lose to.
//! - `counter-xN`: takes the other sides to play uniformly at random, as the random player
//!   does: the best answer to it that the search can find, still a fair player.
//! - `seer-xN`: `counter`, and told the coming throws of the sticks (the arena draws them
//!   from a generator of their own, so it knows them before they fall). No fair player
//!   knows them, so what it wins against a player bounds from above, as far as its search
//!   finds, what any fair player could.

use std::str::FromStr;

use hesy::rules::computer::{self, ComputerPlayer, Decision, Outlook, Reach, Seen, Strength};
use hesy::rules::random::SplitMix64;
use hesy::rules::{Game, Seat};
use serde_json::Value;

/// How many coming throws a seer is told: more than any search reaches.
const FORESEEN: usize = 64;

/// A measuring player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searcher {
    pub kind: Kind,
    /// Times the rule set's positions budget.
    pub times: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Strong,
    Minimax,
    Counter,
    Seer,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::Strong, Kind::Minimax, Kind::Counter, Kind::Seer];

    const fn name(self) -> &'static str {
        match self {
            Kind::Strong => "strong",
            Kind::Minimax => "minimax",
            Kind::Counter => "counter",
            Kind::Seer => "seer",
        }
    }
}

impl FromStr for Searcher {
    type Err = ();

    /// `strong-xN`, or `minimax`, `counter` or `seer`, each with an optional `-xN`.
    fn from_str(text: &str) -> Result<Self, ()> {
        let (name, times) = match text.split_once("-x") {
            Some((name, times)) => (name, times.parse().map_err(|_| ())?),
            None => (text, 1),
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or(())?;
        Ok(Searcher { kind, times })
    }
}

impl std::fmt::Display for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-x{}", self.kind.name(), self.times)
    }
}

impl Searcher {
    /// The searcher's decision at `seat`; `throws` is the generator the coming throws will
    /// be drawn from. A rule set without sticks is played by `strong`.
    pub fn decide(
        self,
        game: &Game,
        seat: Seat,
        throws: &SplitMix64,
        rng: &mut SplitMix64,
    ) -> Option<Decision<Value>> {
        let mut coming = throws.clone();
        let foreseen = match self.kind {
            Kind::Seer => (0..FORESEEN).map(|_| coming.next_u64()).collect(),
            Kind::Strong | Kind::Minimax | Kind::Counter => Vec::new(),
        };
        match game {
            Game::Senet(game) => self.play(&**game, seat, foreseen, rng),
            Game::MenAsymmetric(game) => self.play(&**game, seat, foreseen, rng),
            Game::MenSymmetric(game) => self.play(&**game, seat, foreseen, rng),
            Game::MehenKendallSkiryuk(game) => self.play(&**game, seat, foreseen, rng),
            _ => game.decide(seat, Strength::Strong, rng),
        }
    }

    fn play<G: ComputerPlayer>(
        self,
        game: &G,
        seat: Seat,
        foreseen: Vec<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Decision<Value>> {
        let reach = Reach {
            lookahead: G::LOOKAHEAD,
            nodes: G::NODES.saturating_mul(self.times),
            rounds: G::ROUNDS.saturating_mul(self.times),
        };
        let outlook = Outlook {
            careless: match self.kind {
                Kind::Strong => G::CARELESS,
                Kind::Minimax => 0.0,
                Kind::Counter | Kind::Seer => 1.0,
            },
            foreseen,
        };
        let action = computer::play(&Seen::of(game, seat), reach, &outlook, rng)?;
        serde_json::to_value(action).ok().map(Decision::Play)
    }
}
