//! The players of the arena and one game between them, the arena playing the room's part.

use std::collections::HashMap;
use std::str::FromStr;

use hesy::fair::{Commitment, GameId, Nonce};
use hesy::rules::computer::{Decision, Strength};
use hesy::rules::random::SplitMix64;
use hesy::rules::{Awaiting, Concealed, Game, Seat, Setup, Step, Team};
use serde_json::Value;

use super::guessing::oracle;
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
                .ok_or_else(|| format!("`{text}`: random, easy, strong, oracle or fixed-N")),
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
            let mut id = [0u8; 16];
            id[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
            let mut game = self.setup.start(GameId(id));
            let mut held: HashMap<Seat, (u8, Nonce)> = HashMap::new();
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
                if !step(&mut game, &mut rng, &mut held, &player, &mut tally) {
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

/// Plays the next step of `game`; `false` when nothing could be played.
fn step(
    game: &mut Game,
    rng: &mut SplitMix64,
    held: &mut HashMap<Seat, (u8, Nonce)>,
    player: &dyn Fn(Seat) -> (Player, bool),
    tally: &mut Tally,
) -> bool {
    match game.awaiting() {
        Awaiting::Over => false,
        Awaiting::Throw { seat, sticks } => {
            let faces = sticks.faces(rng.next_u64());
            game.apply_step(seat, Step::Throw { faces }).is_ok()
        }
        Awaiting::Reveal { seat, .. } => {
            let step = match held.remove(&seat) {
                Some((number, nonce)) => Step::Reveal { number, nonce },
                None => Step::Withhold,
            };
            game.apply_step(seat, step).is_ok()
        }
        awaiting => {
            let Some(seat) = awaiting.seats().into_iter().find(|&seat| {
                matches!(awaiting, Awaiting::Conceal { .. }) || !game.legal_actions(seat).is_empty()
            }) else {
                return false;
            };
            let (who, is_a) = player(seat);
            let started = cpu_now();
            let decision = decide(game, seat, who, &awaiting, held, rng);
            if matches!(who, Player::Computer(_) | Player::Fixed(_) | Player::Oracle) {
                tally.decision(is_a, cpu_now().saturating_sub(started));
            }
            match decision {
                Some(Decision::Conceal(number)) => {
                    let nonce = rng.nonce();
                    let commitment =
                        Commitment::new(&game.game_id(), game.turn(), seat.0, &nonce, number);
                    held.insert(seat, (number, nonce));
                    let hand = Some(Concealed::new(number));
                    game.apply_step(seat, Step::Conceal { commitment, hand })
                        .is_ok()
                }
                Some(Decision::Play(action) | Decision::Guess { action, .. }) => {
                    game.apply(seat, &action).is_ok()
                }
                None => false,
            }
        }
    }
}

fn decide(
    game: &Game,
    seat: Seat,
    who: Player,
    awaiting: &Awaiting,
    held: &HashMap<Seat, (u8, Nonce)>,
    rng: &mut SplitMix64,
) -> Option<Decision<Value>> {
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
        (Player::Oracle, _) => oracle(game, seat, awaiting, held, rng),
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
