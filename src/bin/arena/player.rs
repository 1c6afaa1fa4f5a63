//! The players of the arena and one game between them, the arena playing the room's part.

use std::str::FromStr;

use hesy::fair::{GameId, Nonce};
use hesy::rules::computer::{Decision, Strength};
use hesy::rules::random::SplitMix64;
use hesy::rules::steps::{Source, Supplier};
use hesy::rules::{Awaiting, Game, Seat, Setup, Team};
use serde_json::Value;

use super::guessing::oracle;
use super::luck::Searcher;
use super::stats::{Tally, cpu_now};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Any legal action and any number, uniformly at random.
    Random,
    Computer(Strength),
    /// Always hides and guesses this number (the nearest in range); plays like `strong`
    /// otherwise. The best fixed strategy shows how exploitable `strong` is.
    Fixed(u8),
    /// Told every concealed number when it guesses; plays like `strong` otherwise. An
    /// upper bound no fair player reaches (`guessing.rs`).
    Oracle,
    /// Searches like `strong` with a bigger budget, against a random player or told the
    /// coming throws (`luck.rs`).
    Searcher(Searcher),
}

impl FromStr for Player {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "random" => Ok(Player::Random),
            "easy" => Ok(Player::Computer(Strength::Easy)),
            "strong" => Ok(Player::Computer(Strength::Strong)),
            "oracle" => Ok(Player::Oracle),
            _ => text
                .strip_prefix("fixed-")
                .and_then(|n| n.parse().ok())
                .map(Player::Fixed)
                .or_else(|| text.parse().ok().map(Player::Searcher))
                .ok_or_else(|| {
                    format!(
                        "`{text}`: random, easy, strong, oracle, fixed-N, strong-xN, \
                         minimax[-xN], counter[-xN] or seer[-xN]"
                    )
                }),
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Computer(strength) => f.write_str(strength.name()),
            Player::Fixed(n) => write!(f, "fixed-{n}"),
            Player::Oracle => f.write_str("oracle"),
            Player::Searcher(searcher) => searcher.fmt(f),
        }
    }
}

/// Games of one set-up between two players: `a` plays one team, `b` every other; `a`
/// changes team from game to game so no side's first move favours either.
pub struct Contest {
    setup: Setup,
    a: Player,
    b: Player,
}

impl Contest {
    pub fn new(setup: Setup, a: Player, b: Player) -> Self {
        Contest { setup, a, b }
    }

    pub fn play(&self, games: u32, seed: u64) -> Tally {
        let table = self.setup.table();
        let teams: Vec<Team> = {
            let mut teams: Vec<Team> = table.seats.iter().map(|s| s.team).collect();
            teams.sort_unstable();
            teams.dedup();
            teams
        };
        let mut tally = Tally::new(teams.len());
        let mut rng = SplitMix64::new(seed);
        for number in 0..games {
            let a_team = teams[number as usize % teams.len()];
            let drawn = rng.next_u64();
            let mut id = [0u8; 16];
            id[..8].copy_from_slice(&drawn.to_le_bytes());
            let mut game = self.setup.start(GameId(id));
            // The sticks fall by a generator of their own, seeded by the game's number, so
            // that a seer can be told the coming throws and every pairing of one seed is dealt
            // the same throws in the same order.
            let mut throws = SplitMix64::new(drawn);
            let mut steps = Supplier::new();
            let mut actions = 0u32;
            while !game.is_over() && actions < 100_000 {
                actions += 1;
                let player = |seat: Seat| {
                    if table.team_of(seat) == Some(a_team) {
                        (self.a, true)
                    } else {
                        (self.b, false)
                    }
                };
                let generators = Generators {
                    rng: &mut rng,
                    throws: &mut throws,
                };
                if !step(&mut game, generators, &mut steps, &player, &mut tally) {
                    break;
                }
            }
            let winner = game
                .outcome()
                .and_then(|o| o.get("winner").cloned())
                .and_then(|w| w.as_u64())
                .map(|w| Team(w as u8));
            tally.game(game.is_over(), winner.map(|w| w == a_team));
        }
        tally
    }
}

/// The arena's random numbers: `throws` for the sticks, `rng` for everything else.
struct Generators<'a> {
    rng: &'a mut SplitMix64,
    throws: &'a mut SplitMix64,
}

impl Source for Generators<'_> {
    fn nonce(&mut self) -> Nonce {
        self.rng.nonce()
    }

    fn throw_bits(&mut self) -> u64 {
        self.throws.next_u64()
    }
}

/// Plays the next step of `game`; `false` when nothing could be played.
fn step(
    game: &mut Game,
    mut generators: Generators,
    steps: &mut Supplier,
    player: &dyn Fn(Seat) -> (Player, bool),
    tally: &mut Tally,
) -> bool {
    let awaiting = game.awaiting();
    if let Some((seat, step)) = steps.due(&awaiting, &mut generators) {
        return game.apply_step(seat, step).is_ok();
    }
    let Some(seat) = awaiting.seats().into_iter().find(|&seat| {
        matches!(awaiting, Awaiting::Conceal { .. }) || !game.legal_actions(seat).is_empty()
    }) else {
        return false;
    };
    let (who, is_a) = player(seat);
    let started = cpu_now();
    let decision = decide(game, seat, who, &awaiting, steps, &mut generators);
    if who != Player::Random {
        tally.decision(is_a, cpu_now().saturating_sub(started));
    }
    decision
        .and_then(|decision| steps.supply(game, seat, decision.into(), &mut generators))
        .is_some_and(|chosen| game.play(seat, &chosen).is_ok())
}

fn decide(
    game: &Game,
    seat: Seat,
    who: Player,
    awaiting: &Awaiting,
    steps: &Supplier,
    generators: &mut Generators,
) -> Option<Decision<Value>> {
    let (rng, throws) = (&mut *generators.rng, &mut *generators.throws);
    let fixed = |n: u8, min: u8, max: u8| n.clamp(min, max);
    match (who, awaiting) {
        (Player::Computer(strength), _) => game.decide(seat, strength, rng),
        (Player::Fixed(n), Awaiting::Conceal { min, max, .. }) => {
            Some(Decision::Conceal(fixed(n, *min, *max)))
        }
        (Player::Fixed(n), Awaiting::Guess { min, max, .. }) => {
            guess(game, seat, fixed(n, *min, *max))
        }
        (Player::Fixed(_), _) => game.decide(seat, Strength::Strong, rng),
        (Player::Oracle, _) => oracle(game, seat, awaiting, steps, rng),
        (Player::Searcher(searcher), _) => searcher.decide(game, seat, throws, rng),
        (Player::Random, Awaiting::Conceal { min, max, .. }) => {
            Some(Decision::Conceal(rng.between(*min, *max)))
        }
        (Player::Random, _) => {
            let legal = game.legal_actions(seat);
            let index = rng.below(legal.len());
            legal.into_iter().nth(index).map(Decision::Play)
        }
    }
}

/// The legal action of `seat` that guesses `number`.
fn guess(game: &Game, seat: Seat, number: u8) -> Option<Decision<Value>> {
    let action = game.guess(seat, number)?;
    Some(Decision::Guess { number, action })
}
