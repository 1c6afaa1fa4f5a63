//! A rule set seen through JSON, the protocol's own form: each rule set's typed actions,
//! events, views and options parsed and serialized here, at the edge, once for all of them.

use schemars::{Schema, schema_for};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::fair::GameId;

use super::computer::{self, Chance, ComputerPlayer, Decision, Seen, Strength};
use super::events::Events;
use super::game::{Move, Played, Preset, RuleSetInfo, SetupError};
use super::random::RandomPlayer;
use super::tree::Tree;
use super::{Awaiting, Refusal, RefusalKind, Rules, Seat, Step, Table, Team};

/// Serializes what the rule sets' own types describe; their derived serializers cannot fail
/// (every map key is a string or a number), so a failure shows as `null` rather than a panic.
pub(super) fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

pub(super) fn parse_action<G: Rules>(action: &Value) -> Result<G::Action, Refusal> {
    G::Action::deserialize(action).map_err(|error| {
        Refusal::new(
            RefusalKind::Malformed,
            format!("that is not an action of {}: {error}", G::TITLE),
        )
    })
}

pub(super) fn played<G: Rules>(action: &G::Action, events: Vec<G::Event>) -> Played {
    Played {
        action: json(action),
        events: Events::of(&events),
    }
}

pub(super) fn apply<G: Rules>(game: &mut G, seat: Seat, action: &Value) -> Result<Played, Refusal> {
    let action = parse_action::<G>(action)?;
    // The steps the room supplies (commitments, reveals, throws) do not come as plain
    // actions: a client conceals through the room, which checks who may.
    if G::step_of(&action).is_some() {
        return Err(Refusal::illegal(
            "commitments, reveals and throws go through their own messages",
        ));
    }
    let events = game.apply(seat, &action)?;
    Ok(played::<G>(&action, events))
}

pub(super) fn apply_step<G: Rules>(
    game: &mut G,
    seat: Seat,
    step: Step,
) -> Result<Played, Refusal> {
    let action = G::step_action(step)
        .ok_or_else(|| Refusal::illegal(format!("{} has no such step", G::TITLE)))?;
    let events = game.apply(seat, &action)?;
    let stored = match step {
        Step::Conceal { commitment, .. } => G::step_action(Step::Conceal {
            commitment,
            hand: None,
        })
        .unwrap_or(action),
        _ => action,
    };
    Ok(played::<G>(&stored, events))
}

pub(super) fn step_of_json<G: Rules>(action: &Value) -> Option<Step> {
    G::step_of(&parse_action::<G>(action).ok()?)
}

/// A rule set's options from JSON: an object whose every field the rule set knows (each
/// `Options` denies unknown fields, so a misspelt one is refused by name, never dropped).
pub(super) fn parse_options<G: Rules>(options: Value) -> Result<G::Options, SetupError> {
    let bad = |reason: String| SetupError::BadOptions {
        rule_set: G::NAME,
        reason,
    };
    if !options.is_object() {
        return Err(bad(
            "`options` must be a JSON object of named fields".to_owned()
        ));
    }
    serde_json::from_value(options).map_err(|error| bad(error.to_string()))
}

pub(super) fn info<G: Rules>() -> RuleSetInfo {
    RuleSetInfo {
        name: G::NAME,
        title: G::TITLE,
        presets: G::presets()
            .iter()
            .map(|options| Preset {
                options: json(options),
                seats: G::table(options).seats.len(),
            })
            .collect(),
        options: schema_for!(G::Options),
    }
}

/// The JSON Schemas of a rule set's options, actions, events, view and secret.
pub(super) fn schemas<G: Rules>() -> Vec<(&'static str, Schema)> {
    vec![
        ("options", schema_for!(G::Options)),
        ("action", schema_for!(G::Action)),
        ("event", schema_for!(G::Event)),
        ("view", schema_for!(G::View)),
        ("secret", schema_for!(G::Secret)),
    ]
}

/// A rule set seen through JSON: what [`Game`] forwards to, whichever game it holds.
pub(super) trait Playable {
    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<Played, Refusal>;
    fn apply_step(&mut self, seat: Seat, step: Step) -> Result<Played, Refusal>;
    fn legal_json(&self, seat: Seat) -> Vec<Value>;
    fn legal_trees(&self, seat: Seat) -> Vec<Tree>;
    fn awaiting(&self) -> Awaiting;
    fn game_id(&self) -> GameId;
    fn turn(&self) -> u32;
    fn table(&self) -> Table;
    fn guesses(&self) -> Option<(u8, u8)>;
    fn view_tree(&self) -> Tree;
    fn secret_tree(&self, seat: Seat) -> Tree;
    fn outcome_json(&self) -> Option<Value>;
    fn winner(&self) -> Option<Team>;
    fn random_move(&self, player: &mut RandomPlayer) -> Option<(Seat, Move)>;
    fn decide(
        &self,
        seat: Seat,
        strength: Strength,
        chance: &mut dyn Chance,
    ) -> Option<Decision<Value>>;
    fn guess_json(&self, seat: Seat, number: u8) -> Option<Value>;
}

impl<G: ComputerPlayer> Playable for G {
    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<Played, Refusal> {
        apply(self, seat, action)
    }

    fn apply_step(&mut self, seat: Seat, step: Step) -> Result<Played, Refusal> {
        apply_step(self, seat, step)
    }

    fn legal_json(&self, seat: Seat) -> Vec<Value> {
        self.legal_actions(seat).iter().map(json).collect()
    }

    fn legal_trees(&self, seat: Seat) -> Vec<Tree> {
        self.legal_actions(seat).iter().map(Tree::of).collect()
    }

    fn awaiting(&self) -> Awaiting {
        Rules::awaiting(self)
    }

    fn game_id(&self) -> GameId {
        Rules::game_id(self)
    }

    fn turn(&self) -> u32 {
        Rules::turn(self)
    }

    fn table(&self) -> Table {
        G::table(&self.options())
    }

    fn guesses(&self) -> Option<(u8, u8)> {
        G::guesses(&self.options())
    }

    fn view_tree(&self) -> Tree {
        Tree::of(&self.view())
    }

    fn secret_tree(&self, seat: Seat) -> Tree {
        Tree::of(&self.secret(seat))
    }

    fn outcome_json(&self) -> Option<Value> {
        self.outcome().as_ref().map(json)
    }

    fn winner(&self) -> Option<Team> {
        self.outcome()?.winner
    }

    fn random_move(&self, player: &mut RandomPlayer) -> Option<(Seat, Move)> {
        let (seat, action) = player.next_action(self)?;
        let chosen = match G::step_of(&action) {
            Some(step) => Move::Step(step),
            None => Move::Action(json(&action)),
        };
        Some((seat, chosen))
    }

    fn decide(
        &self,
        seat: Seat,
        strength: Strength,
        chance: &mut dyn Chance,
    ) -> Option<Decision<Value>> {
        computer::decide(&Seen::of(self, seat), strength, chance).map(|d| d.map(|a| json(&a)))
    }

    fn guess_json(&self, seat: Seat, number: u8) -> Option<Value> {
        self.legal_actions(seat)
            .iter()
            .find(|action| G::guessed(action) == Some(number))
            .map(json)
    }
}
