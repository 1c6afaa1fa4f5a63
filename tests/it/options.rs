//! Room options are checked against their rule set: every rule set refuses a field it does
//! not know, and options that are not an object, with 400 `bad_request` naming the field,
//! and its published options schema allows no other fields.

use crate::common::{http, start};
use hesy::rules::RuleSet;
use serde_json::{Value, json};

/// Creates a room of `rule_set` with `options`: the status, the error code and message.
async fn create(addr: std::net::SocketAddr, rule_set: &str, options: Value) -> (u16, String) {
    let body = json!({"rule_set": rule_set, "options": options});
    let (status, answer) = http(addr, "POST", "/api/rooms", Some(body)).await;
    let said = format!("{} {}", answer["code"], answer["message"]);
    (status, said)
}

#[tokio::test]
async fn every_rule_set_refuses_unknown_option_fields_and_options_that_are_no_object() {
    let addr = start(&["--room-burst", "1000"]).await;
    let (status, listed) = http(addr, "GET", "/api/rule-sets", None).await;
    assert_eq!(status, 200);
    let rule_sets = listed["rule_sets"].as_array().unwrap();
    assert_eq!(rule_sets.len(), RuleSet::ALL.len());
    for info in rule_sets {
        let name = info["name"].as_str().unwrap();
        assert_eq!(info["options"]["additionalProperties"], false, "{name}");
        let preset = info["presets"][0]["options"].clone();
        let (status, said) = create(addr, name, preset.clone()).await;
        assert_eq!(status, 201, "{name}'s first preset: {said}");

        let mut misspelt = preset.clone();
        misspelt["colour"] = json!(4);
        let refused = [
            (misspelt, "`colour`"),
            (json!([]), "`options`"),
            (json!([preset]), "`options`"),
            (json!("duel"), "`options`"),
            (json!(null), "`options`"),
        ];
        for (options, field) in refused {
            let (status, said) = create(addr, name, options.clone()).await;
            assert_eq!(status, 400, "{name} took {options}");
            assert!(
                said.starts_with("\"bad_request\""),
                "{name}, {options}: {said}"
            );
            assert!(said.contains(field), "{name}, {options}: {said}");
        }
    }
}
