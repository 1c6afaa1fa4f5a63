//! The published JSON Schema, generated from the wire types. What a rule set fills in (a
//! room's options, the game's view, the viewer's secret, the legal actions and the log's
//! events) refers to that rule set's own schemas under `rules/{rule_set}/`, chosen by the
//! frame's `rule_set`: one schema checks a whole frame, game and all.

use schemars::{Schema, SchemaGenerator, json_schema, schema_for};
use serde_json::{Value, json};

use crate::rules::RuleSet;

use super::{
    ApiError, ClientMessage, CreateRoom, FindMine, Mine, Rematch, RoomCreated, RoomInfo, RuleSets,
    SeatTaken, ServerMessage, TakeSeat,
};

/// The JSON Schema of each message and body, with the file name it is published under in
/// `protocol/schema/`; each rule set's own under `rules/{rule_set}/`.
pub fn schemas() -> Vec<(String, Schema)> {
    let rule_sets = RuleSet::ALL.iter().flat_map(|&rule_set| {
        rule_set
            .schemas()
            .into_iter()
            .map(move |(kind, schema)| (published(rule_set, kind), schema))
    });
    let messages = vec![
        ("client-message.json", schema_for!(ClientMessage)),
        ("server-message.json", schema_for!(ServerMessage)),
        ("create-room.json", schema_for!(CreateRoom)),
        ("room-created.json", schema_for!(RoomCreated)),
        ("room-info.json", schema_for!(RoomInfo)),
        ("take-seat.json", schema_for!(TakeSeat)),
        ("seat-taken.json", schema_for!(SeatTaken)),
        ("rematch.json", schema_for!(Rematch)),
        ("api-error.json", schema_for!(ApiError)),
        ("rule-sets.json", schema_for!(RuleSets)),
        ("find-mine.json", schema_for!(FindMine)),
        ("mine.json", schema_for!(Mine)),
    ];
    messages
        .into_iter()
        .map(|(name, schema)| (name.to_owned(), schema))
        .chain(rule_sets)
        .collect()
}

/// Where a rule set's schema of `kind` (`view`, `event`, …) is published, relative to
/// `protocol/schema/`: the reference the messages' schemas make to it.
fn published(rule_set: RuleSet, kind: &str) -> String {
    format!("rules/{}/{kind}.json", rule_set.name())
}

fn reference(rule_set: RuleSet, kind: &str) -> Value {
    json!({ "$ref": published(rule_set, kind) })
}

/// One schema for each rule set, made by `schema`.
fn each_rule_set(schema: impl Fn(RuleSet) -> Value) -> Vec<Value> {
    RuleSet::ALL
        .iter()
        .map(|&rule_set| schema(rule_set))
        .collect()
}

/// The parts of a room view its rule set decides: `rule_set` names it, and `options`,
/// `game`, `secret` and `legal` follow that rule set's schemas.
pub(super) fn room_view_by_rule_set(_: &mut SchemaGenerator) -> Schema {
    let parts = each_rule_set(|rule_set| {
        json!({
            "type": "object",
            "properties": {
                "rule_set": { "const": rule_set.name() },
                "options": reference(rule_set, "options"),
                "game": reference(rule_set, "view"),
                "secret": { "anyOf": [reference(rule_set, "secret"), { "type": "null" }] },
                "legal": { "type": "array", "items": reference(rule_set, "action") },
            },
            "required": ["rule_set", "options"],
        })
    });
    json_schema!({ "oneOf": parts })
}

/// A log entry's events: a patch does not name its rule set (the connection's snapshot did),
/// so each event is one of some rule set's; a snapshot ties them to its own
/// ([`log_by_rule_set`]).
pub(super) fn events_of_a_rule_set(_: &mut SchemaGenerator) -> Schema {
    let any = each_rule_set(|rule_set| reference(rule_set, "event"));
    json_schema!({ "type": "array", "items": { "anyOf": any } })
}

/// Ties the events of a snapshot's log to the rule set its `state` names.
pub(super) fn log_by_rule_set(schema: &mut Schema) {
    let by_rule_set = each_rule_set(|rule_set| {
        json!({
            "properties": {
                "state": { "properties": { "rule_set": { "const": rule_set.name() } } },
                "log": { "items": { "properties": {
                    "events": { "items": reference(rule_set, "event") },
                } } },
            },
        })
    });
    schema.insert("oneOf".to_owned(), Value::Array(by_rule_set));
}
