//! The events of one action as JSON text: written once, when the action is played, and
//! handed as it is to the log, the journal and every frame that tells of it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

/// The JSON array of one action's events, as text. Two are equal when they hold the same
/// events, whatever the order of their keys or their spacing (a database may rewrite both).
/// The default holds no events (the server's own notes cause none).
#[derive(Clone, Debug, Default)]
pub struct Events(Option<Box<RawValue>>);

impl Events {
    /// The events as the rule set's types serialize them. Their derived serializers cannot
    /// fail (every map key is a string or a number); a failure shows as no events rather
    /// than a panic.
    pub fn of<E: Serialize>(events: &[E]) -> Events {
        Events(serde_json::value::to_raw_value(events).ok())
    }

    /// The events as JSON values.
    pub fn values(&self) -> Vec<Value> {
        serde_json::from_str(self.text()).unwrap_or_default()
    }

    fn text(&self) -> &str {
        self.0.as_deref().map_or("[]", RawValue::get)
    }
}

impl PartialEq for Events {
    fn eq(&self, other: &Events) -> bool {
        self.text() == other.text() || self.values() == other.values()
    }
}

impl Eq for Events {}

impl Serialize for Events {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(text) => text.serialize(serializer),
            None => serializer.collect_seq(std::iter::empty::<Value>()),
        }
    }
}

impl<'de> Deserialize<'de> for Events {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Events, D::Error> {
        let events = Vec::<serde_json::Map<String, Value>>::deserialize(deserializer)?;
        Ok(Events::of(&events))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn events_read_back_as_they_were_written() {
        let written = [
            json!({"type": "moved", "marble": 3}),
            json!({"type": "passed"}),
        ];
        let events = Events::of(&written);
        assert_eq!(events.values(), written);
        assert_eq!(
            serde_json::to_string(&events).unwrap(),
            serde_json::to_string(&written).unwrap()
        );
        let read: Events =
            serde_json::from_str(r#"[{"marble":3, "type":"moved"},{"type":"passed"}]"#).unwrap();
        assert_eq!(read, events);
        assert_eq!(Events::default().values(), Vec::<Value>::new());
    }

    #[test]
    fn anything_but_an_array_of_objects_is_refused() {
        assert!(serde_json::from_str::<Events>("[1]").is_err());
        assert!(serde_json::from_str::<Events>(r#"{"type":"x"}"#).is_err());
    }
}
