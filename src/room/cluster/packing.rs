//! A forwarded connection's frames in NATS messages, which the server caps in size (its
//! `max_payload`, 1 MiB by default): frames travel whole, several to a message and joined by
//! newlines (JSON text never holds a raw newline), and a frame too large for one message (the
//! snapshot of a long game) travels in parts, each but the last marked [`MORE`].
//!
//! A message over the cap is not merely refused: the NATS server closes the sender's
//! connection, and whatever else was on its way is lost.

use axum::extract::ws::Utf8Bytes;
use bytes::Bytes;
use tracing::debug;

/// The header of a message that holds a part of a frame, with more to come.
pub const MORE: &str = "Hesy-More";

/// One message's payload.
#[derive(Debug, PartialEq, Eq)]
pub struct Packed {
    pub payload: Bytes,
    /// A part of a frame whose next part follows.
    pub more: bool,
}

/// `frames`, in order, in payloads of at most `limit` bytes (at least 1).
pub fn pack(frames: &[Utf8Bytes], limit: usize) -> Vec<Packed> {
    let limit = limit.max(1);
    let mut packed = Vec::new();
    let mut whole: Vec<u8> = Vec::new();
    for frame in frames {
        let frame = frame.as_str().as_bytes();
        if frame.len() > limit {
            finish(&mut whole, &mut packed);
            let parts = frame.chunks(limit);
            let count = parts.len();
            packed.extend(parts.enumerate().map(|(n, part)| Packed {
                payload: Bytes::copy_from_slice(part),
                more: n + 1 < count,
            }));
            continue;
        }
        if !whole.is_empty() && whole.len() + 1 + frame.len() > limit {
            finish(&mut whole, &mut packed);
        }
        if !whole.is_empty() {
            whole.push(b'\n');
        }
        whole.extend_from_slice(frame);
    }
    finish(&mut whole, &mut packed);
    packed
}

/// Ends the message of whole frames being filled, if it holds any.
fn finish(whole: &mut Vec<u8>, packed: &mut Vec<Packed>) {
    if !whole.is_empty() {
        let payload = Bytes::from(std::mem::take(whole));
        packed.push(Packed {
            payload,
            more: false,
        });
    }
}

/// A connection's frames back from its messages, in order: whole ones, or one put back
/// together from its parts.
#[derive(Debug, Default)]
pub struct Unpacker {
    parts: Vec<u8>,
}

impl Unpacker {
    /// The frames a message completes: none while a frame's parts are still coming.
    pub fn unpack(&mut self, payload: &[u8], more: bool) -> Vec<Utf8Bytes> {
        if more || !self.parts.is_empty() {
            self.parts.extend_from_slice(payload);
            if more {
                return Vec::new();
            }
            return match String::from_utf8(std::mem::take(&mut self.parts)) {
                Ok(frame) => vec![Utf8Bytes::from(frame)],
                Err(_) => {
                    debug!("a frame put back together from its parts is not UTF-8");
                    Vec::new()
                }
            };
        }
        std::str::from_utf8(payload)
            .unwrap_or_default()
            .split('\n')
            .filter(|frame| !frame.is_empty())
            .map(Utf8Bytes::from)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(texts: &[&str]) -> Vec<Utf8Bytes> {
        texts.iter().map(|text| Utf8Bytes::from(*text)).collect()
    }

    /// What `frames` become packed at `limit` and unpacked, and the payloads' sizes.
    fn through(texts: &[&str], limit: usize) -> (Vec<Utf8Bytes>, Vec<usize>) {
        let packed = pack(&frames(texts), limit);
        let sizes = packed.iter().map(|packed| packed.payload.len()).collect();
        let mut unpacker = Unpacker::default();
        let back = packed
            .iter()
            .flat_map(|packed| unpacker.unpack(&packed.payload, packed.more))
            .collect();
        (back, sizes)
    }

    #[test]
    fn small_frames_share_a_message() {
        let (back, sizes) = through(&["{\"a\":1}", "{\"b\":2}", "{\"c\":3}"], 100);
        assert_eq!(back, frames(&["{\"a\":1}", "{\"b\":2}", "{\"c\":3}"]));
        assert_eq!(sizes, [23]);
    }

    #[test]
    fn frames_fill_messages_up_to_the_limit_and_no_further() {
        let (back, sizes) = through(&["aaaa", "bbbb", "cccc", "dd"], 9);
        assert_eq!(back, frames(&["aaaa", "bbbb", "cccc", "dd"]));
        assert_eq!(sizes, [9, 7]);
    }

    /// A frame larger than a message crosses in parts, between whole frames, and every
    /// character survives, those cut between two parts included.
    #[test]
    fn a_large_frame_crosses_in_parts() {
        let large = "{\"log\":\"ankh ☥ ankh ☥ ankh ☥\"}";
        let (back, sizes) = through(&["first", large, "last"], 7);
        assert_eq!(back, frames(&["first", large, "last"]));
        assert!(sizes.iter().all(|&size| size <= 7), "{sizes:?}");
        assert_eq!(sizes.len(), 2 + large.len().div_ceil(7));
    }

    #[test]
    fn nothing_packs_into_nothing() {
        assert!(pack(&[], 10).is_empty());
    }
}
