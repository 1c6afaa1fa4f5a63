//! JSON Patch operations (RFC 6902) written straight as JSON text, as the room compares what
//! a viewer holds with what it should hold. No operation is built as a value first: the
//! differences are found in place and written once into one buffer, the patch's text.

use std::io::Write;

use serde::Serialize;

use crate::rules::Tree;

/// An object's field in a tree.
type Field = (std::borrow::Cow<'static, str>, Tree);

/// The operations of one patch: the JSON text of its array's elements, comma-separated.
#[derive(Debug, Default)]
pub struct PatchText {
    text: Vec<u8>,
}

/// One step of a JSON Pointer: an object's field or an array's index.
#[derive(Clone, Copy)]
enum Token<'t> {
    Key(&'t str),
    Index(usize),
}

/// A diff under way: the patch it writes to, and the steps from the state's root to the part
/// being compared. The pointer is spelled out only for an operation, never on the way down.
struct Walk<'p, 't> {
    patch: &'p mut PatchText,
    path: Vec<Token<'t>>,
}

impl PatchText {
    /// The operations, comma-separated, without the brackets of their array.
    pub fn into_text(self) -> String {
        // Only serde_json's output and ASCII punctuation are ever written.
        String::from_utf8(self.text).unwrap_or_default()
    }

    /// Adds a `replace` of the state's field `field` with `new` if it differs from `old`.
    /// Typed parts are small, or change seldom: they are compared as they are and written
    /// whole, never turned into JSON values to be diffed.
    pub fn field<T: Serialize + PartialEq>(
        &mut self,
        field: &str,
        old: &T,
        new: &T,
    ) -> serde_json::Result<()> {
        if old == new {
            return Ok(());
        }
        self.replace(field, new)
    }

    /// Adds the operations that turn `old` into `new` at the state's field `field`: for a
    /// large part, such as the game's view, so that only what changed in it is written.
    pub fn tree<'t>(
        &mut self,
        field: &'t str,
        old: &'t Tree,
        new: &'t Tree,
    ) -> serde_json::Result<()> {
        let mut walk = Walk {
            patch: self,
            path: vec![Token::Key(field)],
        };
        walk.diff(old, new)
    }

    /// A `replace` of the state's field `field` with `value`, whatever was there.
    pub fn replace<T: Serialize + ?Sized>(
        &mut self,
        field: &str,
        value: &T,
    ) -> serde_json::Result<()> {
        self.op("replace", &[Token::Key(field)], Some(value))
    }

    fn op<T: Serialize + ?Sized>(
        &mut self,
        op: &str,
        path: &[Token<'_>],
        value: Option<&T>,
    ) -> serde_json::Result<()> {
        match self.text.is_empty() {
            // Room for a move's usual operations at once, rather than growing step by step.
            true => self.text.reserve(512),
            false => self.text.push(b','),
        }
        self.text.extend_from_slice(br#"{"op":""#);
        self.text.extend_from_slice(op.as_bytes());
        self.text.extend_from_slice(br#"","path":"#);
        self.pointer(path);
        if let Some(value) = value {
            self.text.extend_from_slice(br#","value":"#);
            serde_json::to_writer(&mut self.text, value)?;
        }
        self.text.push(b'}');
        Ok(())
    }

    /// The JSON Pointer (RFC 6901) of `path` as a JSON string, written straight into the
    /// text: each key's `~` and `/` escaped for the pointer, then what JSON escapes in a
    /// string. Only ASCII bytes are ever escaped, so a key's other bytes go through as they
    /// are and stay valid UTF-8.
    fn pointer(&mut self, path: &[Token<'_>]) {
        let text = &mut self.text;
        text.push(b'"');
        for token in path {
            text.push(b'/');
            match token {
                Token::Key(key) if key.bytes().all(plain) => text.extend_from_slice(key.as_bytes()),
                Token::Key(key) => {
                    for &byte in key.as_bytes() {
                        match byte {
                            b'~' => text.extend_from_slice(b"~0"),
                            b'/' => text.extend_from_slice(b"~1"),
                            b'"' => text.extend_from_slice(br#"\""#),
                            b'\\' => text.extend_from_slice(br"\\"),
                            0..0x20 => {
                                let _ = write!(text, "\\u{byte:04x}");
                            }
                            byte => text.push(byte),
                        }
                    }
                }
                Token::Index(index) => {
                    text.extend_from_slice(itoa::Buffer::new().format(*index).as_bytes())
                }
            }
        }
        text.push(b'"');
    }
}

impl<'t> Walk<'_, 't> {
    fn diff(&mut self, old: &'t Tree, new: &'t Tree) -> serde_json::Result<()> {
        match (old, new) {
            (Tree::Object(fields), Tree::Object(now)) => {
                let aligned = aligned(fields, now);
                match !aligned && reshaped(fields, now) {
                    true => self.op("replace", Some(new)),
                    false => self.diff_fields(fields, now, aligned),
                }
            }
            (Tree::Array(old), Tree::Array(new)) => {
                for (index, (was, is)) in old.iter().zip(new).enumerate() {
                    if differs(was, is) {
                        self.under(Token::Index(index), |walk| walk.diff(was, is))?;
                    }
                }
                // Surplus elements go from the end, so each index is still where it was.
                for index in (new.len()..old.len()).rev() {
                    self.under(Token::Index(index), |walk| walk.op("remove", None))?;
                }
                for (index, is) in new.iter().enumerate().skip(old.len()) {
                    self.under(Token::Index(index), |walk| walk.op("add", Some(is)))?;
                }
                Ok(())
            }
            _ if old == new => Ok(()),
            _ => self.op("replace", Some(new)),
        }
    }

    /// The fields of two objects: where they are `aligned` (as two values of one type are),
    /// side by side; otherwise by name.
    fn diff_fields(
        &mut self,
        old: &'t [Field],
        new: &'t [Field],
        aligned: bool,
    ) -> serde_json::Result<()> {
        for (index, (key, was)) in old.iter().enumerate() {
            let is = match aligned {
                true => Some(&new[index].1),
                false => new.iter().find(|(name, _)| name == key).map(|(_, is)| is),
            };
            match is {
                Some(is) if differs(was, is) => {
                    self.under(Token::Key(key), |walk| walk.diff(was, is))?
                }
                Some(_) => {}
                None => self.under(Token::Key(key), |walk| walk.op("remove", None))?,
            }
        }
        if !aligned {
            for (key, is) in new {
                if !old.iter().any(|(name, _)| name == key) {
                    self.under(Token::Key(key), |walk| walk.op("add", Some(is)))?;
                }
            }
        }
        Ok(())
    }

    fn under(
        &mut self,
        token: Token<'t>,
        then: impl FnOnce(&mut Self) -> serde_json::Result<()>,
    ) -> serde_json::Result<()> {
        self.path.push(token);
        let done = then(self);
        self.path.pop();
        done
    }

    fn op(&mut self, op: &str, value: Option<&Tree>) -> serde_json::Result<()> {
        self.patch.op(op, &self.path, value)
    }
}

/// Whether two objects name the same fields in the same order, as two values of one type do.
fn aligned(old: &[Field], new: &[Field]) -> bool {
    old.len() == new.len() && old.iter().zip(new).all(|(a, b)| same_name(&a.0, &b.0))
}

/// Whether two field names are the same. Two values of one type name their fields with the
/// same `&'static str`s, so the addresses are compared first.
fn same_name(a: &str, b: &str) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

/// Whether an object gained and lost more fields than it kept, as when a phase gives way to
/// another: then one `replace` of the whole says it in fewer operations (and about as many
/// bytes) than an `add` or `remove` per field. Only names are compared, never values.
fn reshaped(old: &[Field], new: &[Field]) -> bool {
    let kept = new
        .iter()
        .filter(|(key, _)| old.iter().any(|(name, _)| name == key))
        .count();
    (old.len() - kept) + (new.len() - kept) > kept
}

/// Whether a key's byte goes into its pointer's JSON string as it is.
fn plain(byte: u8) -> bool {
    byte >= 0x20 && !matches!(byte, b'~' | b'/' | b'"' | b'\\')
}

/// Whether the diff must look into `was` and `is` at all: two objects or two arrays are
/// walked as the diff goes (comparing them first would walk them twice); anything else is
/// compared.
fn differs(was: &Tree, is: &Tree) -> bool {
    match (was, is) {
        (Tree::Object(_), Tree::Object(_)) | (Tree::Array(_), Tree::Array(_)) => true,
        _ => was != is,
    }
}

#[cfg(test)]
mod tests {
    use json_patch::{Patch, PatchOperation};
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;

    fn operations(patch: PatchText) -> Vec<PatchOperation> {
        serde_json::from_str(&format!("[{}]", patch.into_text())).unwrap()
    }

    /// The patch written for `old` and `new` under `field` turns the one into the other.
    fn check(old: Value, new: Value) {
        let mut patch = PatchText::default();
        patch
            .tree("part", &Tree::of(&old), &Tree::of(&new))
            .unwrap();
        let mut held = json!({ "part": old });
        json_patch::patch(&mut held, &Patch(operations(patch))).unwrap();
        assert_eq!(held, json!({ "part": new }));
    }

    #[test]
    fn equal_parts_need_nothing() {
        let mut patch = PatchText::default();
        patch
            .tree(
                "game",
                &Tree::of(&json!({"a": [1, 2]})),
                &Tree::of(&json!({"a": [1, 2]})),
            )
            .unwrap();
        patch.field("turn", &3, &3).unwrap();
        assert!(patch.into_text().is_empty());
    }

    #[test]
    fn only_what_changed_is_written() {
        let mut patch = PatchText::default();
        let old = json!({"marbles": [1, 2, 3], "turn": 4, "gone": true});
        let new = json!({"marbles": [1, 5], "turn": 4, "lion": "a/b~c"});
        patch
            .tree("game", &Tree::of(&old), &Tree::of(&new))
            .unwrap();
        assert_eq!(
            serde_json::to_value(operations(patch)).unwrap(),
            json!([
                {"op": "remove", "path": "/game/gone"},
                {"op": "replace", "path": "/game/marbles/1", "value": 5},
                {"op": "remove", "path": "/game/marbles/2"},
                {"op": "add", "path": "/game/lion", "value": "a/b~c"},
            ])
        );
    }

    #[test]
    fn an_object_that_changes_shape_is_replaced_whole() {
        let mut patch = PatchText::default();
        let old = json!({"turn": 2, "phase": {"phase": "guess", "actor": 0, "max": 6, "commitment": "ab"}});
        let new = json!({"turn": 2, "phase": {"phase": "act", "actor": 0, "distance": 5, "options": [1]}});
        patch
            .tree("game", &Tree::of(&old), &Tree::of(&new))
            .unwrap();
        assert_eq!(
            serde_json::to_value(operations(patch)).unwrap(),
            json!([{"op": "replace", "path": "/game/phase", "value": new["phase"]}])
        );
    }

    #[test]
    fn keys_are_escaped_in_paths() {
        check(
            json!({"a/b": 1, "c~d": 2}),
            json!({"a/b": 3, "c~d": 4, "\"e\"": 5}),
        );
    }

    #[test]
    fn arrays_grow_and_shrink() {
        check(json!([1, [2, 3], 4, 5]), json!([1, [2]]));
        check(json!([]), json!([{"x": 1}, 2]));
        check(json!(null), json!([1]));
    }

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            (0u8..4).prop_map(Value::from),
            "[a-c/~]{0,2}".prop_map(Value::from),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::btree_map("[a-c/~]{0,2}", inner, 0..4)
                    .prop_map(|map| Value::Object(map.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_patch_turns_old_into_new(old in value(), new in value()) {
            check(old, new);
        }
    }

    /// Keys that a pointer or a JSON string must escape still lead the patch to the field.
    #[test]
    fn awkward_keys_are_escaped_in_the_pointer() {
        let keys = ["a/b", "m~n", "~1", "q\"", "back\\slash", "tab\t", "é", "0"];
        let object = |value: i32| {
            Value::Object(
                keys.iter()
                    .map(|key| (key.to_string(), json!(value)))
                    .collect(),
            )
        };
        check(object(1), object(2));
    }
}
