//! A tree writes the JSON serde_json writes, for any value and for every shape serde has.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::*;

/// Any JSON value, as the rule sets' views hold them.
fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e9f64..1e9).prop_map(Value::from),
        "[a-z~/\"\\\\é]{0,6}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map("[a-z~/]{0,4}", inner, 0..5)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

proptest! {
    /// A tree writes the same JSON as the value it was made from.
    #[test]
    fn a_tree_writes_what_serde_json_writes(value in any_value()) {
        let tree = Tree::of(&value);
        prop_assert_eq!(serde_json::to_value(&tree).unwrap(), value);
    }
}

#[test]
fn enums_and_keys_are_written_as_json_writes_them() {
    #[derive(serde::Serialize)]
    enum Shape {
        Unit,
        Newtype(u8),
        Tuple(u8, bool),
        Struct { side: char },
    }
    let map: std::collections::BTreeMap<u8, Shape> = [
        (1, Shape::Unit),
        (2, Shape::Newtype(7)),
        (3, Shape::Tuple(1, true)),
        (4, Shape::Struct { side: 'x' }),
    ]
    .into();
    assert_eq!(
        serde_json::to_value(Tree::of(&map)).unwrap(),
        json!({"1": "Unit", "2": {"Newtype": 7}, "3": {"Tuple": [1, true]},
               "4": {"Struct": {"side": "x"}}})
    );
    assert_eq!(Tree::of(&f64::NAN), Tree::Null);
    let bad: std::collections::BTreeMap<(u8, u8), u8> = [((1, 2), 3)].into();
    assert_eq!(Tree::of(&bad), Tree::Null);
}
