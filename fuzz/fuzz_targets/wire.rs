#![no_main]
//! The wire parsers: any text a client sends over the WebSocket, and any body of the rooms
//! API. Properties: no panic; a message that parses serializes and parses back to itself.

use libfuzzer_sys::fuzz_target;

use hesy::wire::{ClientMessage, CreateRoom, Rematch, TakeSeat};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(message) = ClientMessage::parse(text) {
        let again = serde_json::to_string(&message).expect("a parsed message serializes");
        assert_eq!(ClientMessage::parse(&again), Ok(message), "{again}");
    }
    if let Ok(settings) = serde_json::from_str::<CreateRoom>(text) {
        let again = serde_json::to_string(&settings).expect("parsed settings serialize");
        let back = serde_json::from_str::<CreateRoom>(&again).expect("and parse back");
        assert_eq!(back, settings, "{again}");
    }
    let _ = serde_json::from_str::<TakeSeat>(text);
    let _ = serde_json::from_str::<Rematch>(text);
});
