//! The arrays and objects a [`Tree`] is built of, as serde hands them over element by
//! element and field by field.

use std::borrow::Cow;

use serde::Serialize;
use serde::ser::{self, SerializeMap};
use serde_json::Error;

use super::{Build, Tree, tagged};

/// An array or an object being built: its parts so far, and the enum variant it is the
/// content of, if any.
pub(super) struct Compound<Part> {
    parts: Vec<Part>,
    variant: Option<&'static str>,
}

impl<Part> Compound<Part> {
    /// An empty one with room for `len` parts.
    pub(super) fn new(len: Option<usize>, variant: Option<&'static str>) -> Self {
        Compound {
            parts: Vec::with_capacity(len.unwrap_or(0)),
            variant,
        }
    }

    /// The tree `whole` makes of the parts, as the content of the variant if there is one.
    fn close(self, whole: fn(Vec<Part>) -> Tree) -> Result<Tree, Error> {
        let tree = whole(self.parts);
        Ok(match self.variant {
            Some(variant) => tagged(variant, tree),
            None => tree,
        })
    }
}

/// An array being built.
pub(super) type Items = Compound<Tree>;

impl Items {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.parts.push(value.serialize(Build)?);
        Ok(())
    }

    fn finish(self) -> Result<Tree, Error> {
        self.close(Tree::Array)
    }
}

/// An object being built; `key` holds a map's key until its value comes.
pub(super) struct Fields {
    fields: Compound<(Cow<'static, str>, Tree)>,
    key: Option<String>,
}

impl Fields {
    /// An empty object with room for `len` fields.
    pub(super) fn new(len: Option<usize>, variant: Option<&'static str>) -> Self {
        Fields {
            fields: Compound::new(len, variant),
            key: None,
        }
    }

    fn push<T: Serialize + ?Sized>(
        &mut self,
        name: Cow<'static, str>,
        value: &T,
    ) -> Result<(), Error> {
        self.fields.parts.push((name, value.serialize(Build)?));
        Ok(())
    }

    fn finish(self) -> Result<Tree, Error> {
        self.fields.close(Tree::Object)
    }
}

/// Implements serde's compound traits for a builder: each element, or each field under its
/// `&'static str` name, goes to the builder's `push`, and `end` is its `finish`.
macro_rules! compound {
    ($builder:ty: $($trait:ident::$method:ident($($name:ident)?)),+ $(,)?) => {$(
        impl ser::$trait for $builder {
            type Ok = Tree;
            type Error = Error;

            fn $method<T: Serialize + ?Sized>(
                &mut self,
                $($name: &'static str,)?
                value: &T,
            ) -> Result<(), Error> {
                self.push($(Cow::Borrowed($name),)? value)
            }

            fn end(self) -> Result<Tree, Error> {
                self.finish()
            }
        }
    )+};
}

compound!(Items:
    SerializeSeq::serialize_element(),
    SerializeTuple::serialize_element(),
    SerializeTupleStruct::serialize_field(),
    SerializeTupleVariant::serialize_field(),
);
compound!(Fields:
    SerializeStruct::serialize_field(name),
    SerializeStructVariant::serialize_field(name),
);

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
