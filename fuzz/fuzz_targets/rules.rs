#![no_main]
//! Every rule set through the `Game` enum, as the room drives it: a script of moves, legal
//! ones, random ones, altered ones, raw JSON and the steps the room supplies, played on a
//! preset of any rule set. Properties: no panic; a refusal leaves the game equal to what it
//! was; a legal action is accepted; an accepted action is one of the seat's legal actions.

use std::sync::LazyLock;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

use hesy::fair::{Commitment, GameId, Nonce};
use hesy::rules::random::RandomPlayer;
use hesy::rules::steps::{self, Held};
use hesy::rules::sticks::Faces;
use hesy::rules::{Concealed, Game, Played, Refusal, RuleSet, Seat, Setup, Step};

/// Every preset of every rule set.
static SETUPS: LazyLock<Vec<Setup>> = LazyLock::new(|| {
    RuleSet::ALL
        .iter()
        .flat_map(|rule_set| {
            let info = rule_set.info();
            info.presets.into_iter().map(move |preset| {
                Setup::parse(info.name, preset.options).expect("a preset parses")
            })
        })
        .collect()
});

#[derive(Arbitrary, Debug)]
struct Script {
    setup: u8,
    game: [u8; 16],
    seed: u64,
    moves: Vec<Op>,
}

#[derive(Arbitrary, Debug)]
enum Op {
    /// A random legal move, as the room plays for an absent player.
    Random,
    /// One of the seat's legal actions.
    Legal { seat: u8, index: u8 },
    /// One seat's legal action, with one field set to `value`, sent by `seat`.
    Altered {
        from: u8,
        index: u8,
        seat: u8,
        field: u8,
        value: Field,
    },
    /// Any text as an action.
    Json { seat: u8, text: String },
    /// A step the room supplies.
    Step { seat: u8, step: StepInput },
}

#[derive(Arbitrary, Debug)]
enum Field {
    Number(i64),
    Text(String),
    Bool(bool),
    Null,
}

#[derive(Arbitrary, Debug)]
enum StepInput {
    /// Conceals `number` under a commitment that opens to it, for the game's current turn.
    Conceal {
        number: u8,
        nonce: [u8; 32],
        hand: bool,
    },
    /// Conceals under any 32 bytes.
    Commit {
        commitment: [u8; 32],
        hand: Option<u8>,
    },
    /// Opens the last concealment this script made, or any number and nonce.
    Reveal {
        held: bool,
        number: u8,
        nonce: [u8; 32],
    },
    Withhold,
    Throw {
        faces: u8,
    },
}

fuzz_target!(|script: Script| {
    let setup = &SETUPS[usize::from(script.setup) % SETUPS.len()];
    let mut game = setup.start(GameId(script.game));
    let mut player = RandomPlayer::new(script.seed);
    let mut held = None;
    // One seat beyond the table, to try a seat that does not exist.
    let seats = game.table().seats.len() as u8 + 1;
    for op in script.moves {
        let before = game.clone();
        let (seat, must_accept, result) = match op {
            Op::Random => {
                let Some((seat, chosen)) = game.random_move(&mut player) else {
                    assert!(
                        game.is_over(),
                        "no random move while awaiting {:?}",
                        game.awaiting()
                    );
                    continue;
                };
                (seat, true, game.play(seat, &chosen))
            }
            Op::Legal { seat, index } => {
                let seat = Seat(seat % seats);
                let Some(action) = nth(game.legal_actions(seat), index) else {
                    continue;
                };
                (seat, true, game.apply(seat, &action))
            }
            Op::Altered {
                from,
                index,
                seat,
                field,
                value,
            } => {
                let Some(mut action) = nth(game.legal_actions(Seat(from % seats)), index) else {
                    continue;
                };
                alter(&mut action, field, value);
                let seat = Seat(seat % seats);
                let listed = game.legal_actions(seat).contains(&action);
                (seat, listed, game.apply(seat, &action))
            }
            Op::Json { seat, text } => {
                let Ok(action) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                let seat = Seat(seat % seats);
                (seat, false, game.apply(seat, &action))
            }
            Op::Step { seat, step } => {
                let seat = Seat(seat % seats);
                let step = step_of(&game, seat, step, &mut held);
                (seat, false, game.apply_step(seat, step))
            }
        };
        check(&before, &game, seat, must_accept, result);
    }
});

/// The properties of one move from `before` to `after`.
fn check(
    before: &Game,
    after: &Game,
    seat: Seat,
    must_accept: bool,
    result: Result<Played, Refusal>,
) {
    match result {
        Ok(played) => {
            let is_step = before.setup().step_of(&played.action).is_some();
            assert!(
                is_step || before.legal_actions(seat).contains(&played.action),
                "{seat} played {} which it was not offered",
                played.action
            );
            // Everything a room reads of a game after a move, so a panic there shows.
            let _ = (after.view(), after.outcome(), after.guesses(), after.turn());
            for other in after.table().seats() {
                let _ = (after.secret(other), after.legal_actions(other));
            }
            assert_eq!(
                after.is_over(),
                after.outcome().is_some(),
                "over exactly when it has an outcome"
            );
        }
        Err(refusal) => {
            assert!(
                !must_accept,
                "a legal move for {seat} was refused: {refusal}"
            );
            assert!(after == before, "a refusal ({refusal}) changed the game");
        }
    }
}

fn nth(actions: Vec<Value>, index: u8) -> Option<Value> {
    match actions.len() {
        0 => None,
        len => actions.into_iter().nth(usize::from(index) % len),
    }
}

/// Sets one field of an action (an object) to `value`.
fn alter(action: &mut Value, field: u8, value: Field) {
    let Some(object) = action.as_object_mut() else {
        return;
    };
    let len = object.len();
    if let Some((_, slot)) = object.iter_mut().nth(usize::from(field) % len.max(1)) {
        *slot = match value {
            Field::Number(n) => Value::from(n),
            Field::Text(text) => Value::from(text),
            Field::Bool(b) => Value::from(b),
            Field::Null => Value::Null,
        };
    }
}

/// The step `input` describes, for `seat` in `game` as it stands.
fn step_of(game: &Game, seat: Seat, input: StepInput, held: &mut Option<Held>) -> Step {
    match input {
        StepInput::Conceal {
            number,
            nonce,
            hand,
        } => {
            let turn = steps::concealment_turn(&game.awaiting(), game.turn());
            let nonce = Nonce::from_bytes(nonce);
            let (step, kept) = steps::conceal(&game.game_id(), turn, seat, number, nonce);
            *held = Some(kept);
            match step {
                Step::Conceal { commitment, .. } if !hand => Step::Conceal {
                    commitment,
                    hand: None,
                },
                step => step,
            }
        }
        StepInput::Commit { commitment, hand } => Step::Conceal {
            commitment: Commitment::from_bytes(commitment),
            hand: hand.map(Concealed::new),
        },
        StepInput::Reveal { held: true, .. } if held.is_some() => steps::reveal(held.take()),
        StepInput::Reveal { number, nonce, .. } => Step::Reveal {
            number,
            nonce: Nonce::from_bytes(nonce),
        },
        StepInput::Withhold => Step::Withhold,
        StepInput::Throw { faces } => Step::Throw {
            faces: Faces(faces),
        },
    }
}
