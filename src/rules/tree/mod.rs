//! A view as a JSON tree that is cheap to build, compare and drop: what serde_json's `Value`
//! holds, but an object keeps its fields in a list, in the order the type gives them, under
//! the `&'static str` names serde hands over. No map is built and no field name is copied,
//! which matters because the room turns the game's view into a tree and diffs it on every
//! move.

mod compound;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Error, Number};

use compound::{Fields, Items};

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

/// Writes, inside `impl Serializer`, the methods that serialize each integer type as a number.
macro_rules! integers {
    ($($method:ident($integer:ty)),+ $(,)?) => {$(
        fn $method(self, v: $integer) -> Result<Tree, Error> {
            Ok(Tree::Number(v.into()))
        }
    )+};
}

/// `tree` as the content of the enum variant `variant`: `{variant: tree}`.
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
    integers!(
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
    );
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
        Ok(Items::new(len, None))
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
        Ok(Items::new(Some(len), Some(variant)))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Fields, Error> {
        Ok(Fields::new(len, None))
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
        Ok(Fields::new(Some(len), Some(variant)))
    }
}
