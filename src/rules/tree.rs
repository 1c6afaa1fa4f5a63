//! A view as a JSON tree that is cheap to build, compare and drop: what serde_json's `Value`
//! holds, but an object keeps its fields in a list, in the order the type gives them, under
//! the `&'static str` names serde hands over. No map is built and no field name is copied,
//! which matters because the room turns the game's view into a tree and diffs it on every
//! move.

use std::borrow::Cow;

use serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Error, Number};

/// A JSON value, as serialized from a rule set's type.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Tree {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Tree>),
    /// The fields in the order they were serialized.
    Object(Vec<(Cow<'static, str>, Tree)>),
}

impl Tree {
    /// `value` as a tree; `null` if it cannot be one (a map keyed by something that is
    /// neither a string nor a number, which the rule sets' types never are).
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Tree {
        value.serialize(Build).unwrap_or(Tree::Null)
    }

    /// The field `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Tree> {
        match self {
            Tree::Object(fields) => fields
                .iter()
                .find(|(name, _)| name == key)
                .map(|(_, tree)| tree),
            _ => None,
        }
    }
}

impl Serialize for Tree {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Tree::Null => serializer.serialize_unit(),
            Tree::Bool(bool) => serializer.serialize_bool(*bool),
            Tree::Number(number) => number.serialize(serializer),
            Tree::String(string) => serializer.serialize_str(string),
            Tree::Array(items) => serializer.collect_seq(items),
            Tree::Object(fields) => {
                let mut map = serializer.serialize_map(Some(fields.len()))?;
                for (name, tree) in fields {
                    map.serialize_entry(name.as_ref(), tree)?;
                }
                map.end()
            }
        }
    }
}

/// The serializer that builds a [`Tree`].
struct Build;

fn number(number: impl Into<Number>) -> Result<Tree, Error> {
    Ok(Tree::Number(number.into()))
}

fn tagged(variant: &'static str, tree: Tree) -> Tree {
    Tree::Object(vec![(Cow::Borrowed(variant), tree)])
}

impl Serializer for Build {
    type Ok = Tree;
    type Error = Error;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Items;
    type SerializeMap = Fields;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Fields;

    fn serialize_bool(self, v: bool) -> Result<Tree, Error> {
        Ok(Tree::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Tree, Error> {
        number(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Tree, Error> {
        self.serialize_f64(f64::from(v))
    }
    /// As serde_json does: a number that is not finite is `null`.
    fn serialize_f64(self, v: f64) -> Result<Tree, Error> {
        Ok(Number::from_f64(v).map_or(Tree::Null, Tree::Number))
    }
    fn serialize_char(self, v: char) -> Result<Tree, Error> {
        Ok(Tree::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Tree, Error> {
        Ok(Tree::String(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Tree, Error> {
        Ok(Tree::Array(
            v.iter().map(|&byte| Tree::Number(byte.into())).collect(),
        ))
    }
    fn serialize_none(self) -> Result<Tree, Error> {
        Ok(Tree::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Tree, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Tree, Error> {
        Ok(Tree::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Tree, Error> {
        Ok(Tree::Null)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Tree, Error> {
        Ok(Tree::String(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Tree, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Tree, Error> {
        Ok(tagged(variant, value.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items, Error> {
        Ok(Items {
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Items, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items, Error> {
        Ok(Items {
            items: Vec::with_capacity(len),
            variant: Some(variant),
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Fields, Error> {
        Ok(Fields {
            fields: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Fields, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Fields, Error> {
        Ok(Fields {
            fields: Vec::with_capacity(len),
            key: None,
            variant: Some(variant),
        })
    }
}

/// An array being built; `variant` names the enum variant it is the content of.
struct Items {
    items: Vec<Tree>,
    variant: Option<&'static str>,
}

impl Items {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(value.serialize(Build)?);
        Ok(())
    }

    fn finish(self) -> Result<Tree, Error> {
        let array = Tree::Array(self.items);
        Ok(match self.variant {
            Some(variant) => tagged(variant, array),
            None => array,
        })
    }
}

impl SerializeSeq for Items {
    type Ok = Tree;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

impl ser::SerializeTuple for Items {
    type Ok = Tree;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for Items {
    type Ok = Tree;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for Items {
    type Ok = Tree;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

/// An object being built; `key` holds a map's key until its value comes.
struct Fields {
    fields: Vec<(Cow<'static, str>, Tree)>,
    key: Option<String>,
    variant: Option<&'static str>,
}

impl Fields {
    fn push<T: Serialize + ?Sized>(
        &mut self,
        name: Cow<'static, str>,
        value: &T,
    ) -> Result<(), Error> {
        self.fields.push((name, value.serialize(Build)?));
        Ok(())
    }

    fn finish(self) -> Result<Tree, Error> {
        let object = Tree::Object(self.fields);
        Ok(match self.variant {
            Some(variant) => tagged(variant, object),
            None => object,
        })
    }
}

impl SerializeMap for Fields {
    type Ok = Tree;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key_value: &T) -> Result<(), Error> {
        self.key = Some(key(key_value)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| ser::Error::custom("a map's value came before its key"))?;
        self.push(Cow::Owned(key), value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

impl ser::SerializeStruct for Fields {
    type Ok = Tree;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.push(Cow::Borrowed(name), value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Fields {
    type Ok = Tree;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.push(Cow::Borrowed(name), value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

/// A map key as JSON writes it: a string, or a number or a boolean as its text (serde_json's
/// own serializer decides what the key is).
fn key<T: Serialize + ?Sized>(key: &T) -> Result<String, Error> {
    match serde_json::to_value(key)? {
        serde_json::Value::String(text) => Ok(text),
        serde_json::Value::Number(number) => Ok(number.to_string()),
        serde_json::Value::Bool(bool) => Ok(bool.to_string()),
        _ => Err(ser::Error::custom("a map key must be a string or a number")),
    }
}

#[cfg(test)]
mod tests {
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
}
