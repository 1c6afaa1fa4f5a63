//! Throws of sticks that no party can predict or bias, the server included
//! (`docs/fair-throws.md` argues the design).
//!
//! The server commits to a fresh value per throw ([`ServerDraw`]); each seated client commits
//! once to the anchor of a SHA-256 hash chain ([`Chain`]) and reveals one link per throw. The
//! faces of throw `i` are bits of `SHA-256(layout)`, where `layout` is, byte for byte:
//!
//! | bytes  | field                                                              |
//! |--------|--------------------------------------------------------------------|
//! | 16     | domain tag, the ASCII text `hesy-throw-v1` and three zero bytes     |
//! | 16     | game id                                                            |
//! | 4      | throw index, unsigned, big-endian (the first throw of a game is 1) |
//! | 32     | the server's value                                                 |
//! | 1      | `n`, the number of seats' links that follow                        |
//! | 37 × n | per seat in ascending order: seat, depth (4 bytes, big-endian), link |
//!
//! Stick `k` lies flat when bit `k` of the digest's first byte is set.

use std::collections::HashMap;
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use super::{GameId, Hash32};
use crate::rules::Seat;
use crate::rules::sticks::{Faces, Sticks};

/// The domain tag that opens every throw's layout.
pub const THROW_TAG: [u8; 16] = *b"hesy-throw-v1\0\0\0";

/// The longest chain a client may commit: checking a link costs at most this many hashes.
pub const MAX_CHAIN: u32 = 16_384;

fn sha256(bytes: &[u8]) -> Hash32 {
    Hash32(Sha256::digest(bytes).into())
}

/// Hashes `value` `times` times.
fn hash_times(mut value: Hash32, times: u32) -> Hash32 {
    for _ in 0..times {
        value = sha256(&value.0);
    }
    value
}

/// One link of a chain, as a client reveals it: `value` hashes `depth` times to the anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChainLink {
    pub depth: u32,
    pub value: Hash32,
}

/// Why a link, a chain or a proof does not hold.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ThrowError {
    #[error("a chain is 1 to {MAX_CHAIN} links long, not {0}")]
    ChainLength(u32),
    #[error("link {depth} is past the end of a chain of {length}")]
    PastTheEnd { depth: u32, length: u32 },
    #[error("link {depth} was revealed already: the next one is deeper than {revealed}")]
    Revealed { depth: u32, revealed: u32 },
    #[error("seat {seat}'s link {depth} does not hash to its chain")]
    NotInChain { seat: Seat, depth: u32 },
    #[error("the server's value does not open its commitment")]
    ServerCommitment,
    #[error("the faces are not what the throw's digest gives")]
    Faces,
    #[error("seat {0}'s link appears twice")]
    SeatTwice(Seat),
}

/// A seat's hash chain: what it committed to, and the deepest link it has revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    pub anchor: Hash32,
    pub length: u32,
    /// The deepest link revealed so far, and its depth (0 and the anchor before any).
    last: ChainLink,
}

impl Chain {
    pub fn new(anchor: Hash32, length: u32) -> Result<Chain, ThrowError> {
        if !(1..=MAX_CHAIN).contains(&length) {
            return Err(ThrowError::ChainLength(length));
        }
        Ok(Chain {
            anchor,
            length,
            last: ChainLink {
                depth: 0,
                value: anchor,
            },
        })
    }

    /// The depth of the deepest link revealed, 0 before any.
    pub fn depth(&self) -> u32 {
        self.last.depth
    }

    /// Whether every link has been revealed.
    pub fn spent(&self) -> bool {
        self.last.depth == self.length
    }

    /// Checks `link` as this chain's next revelation (of `seat`); the chain is unchanged.
    pub fn check(&self, seat: Seat, link: &ChainLink) -> Result<(), ThrowError> {
        if link.depth > self.length {
            return Err(ThrowError::PastTheEnd {
                depth: link.depth,
                length: self.length,
            });
        }
        if link.depth <= self.last.depth {
            return Err(ThrowError::Revealed {
                depth: link.depth,
                revealed: self.last.depth,
            });
        }
        if hash_times(link.value, link.depth - self.last.depth) != self.last.value {
            return Err(ThrowError::NotInChain {
                seat,
                depth: link.depth,
            });
        }
        Ok(())
    }

    /// Records a link that [`Chain::check`] accepted.
    pub fn reveal(&mut self, link: ChainLink) {
        self.last = link;
    }
}

/// A client's side of a chain: every link from a seed, and the next one to reveal. The
/// seed is as secret as a nonce, so `Debug` shows only the anchor.
#[derive(Clone)]
pub struct HashChain {
    /// `links[d]` is the link at depth `d`; `links[0]` the anchor.
    links: Vec<Hash32>,
    revealed: u32,
}

impl HashChain {
    pub fn from_seed(seed: Hash32, length: u32) -> HashChain {
        let mut links = Vec::with_capacity(length as usize + 1);
        links.push(seed);
        for _ in 0..length {
            links.push(sha256(&links[links.len() - 1].0));
        }
        links.reverse();
        HashChain { links, revealed: 0 }
    }

    pub fn anchor(&self) -> Hash32 {
        self.links[0]
    }

    pub fn length(&self) -> u32 {
        (self.links.len() - 1) as u32
    }

    /// How many links are left to reveal.
    pub fn remaining(&self) -> u32 {
        self.length() - self.revealed
    }

    /// The next link, never the same one twice; `None` once the chain is spent.
    pub fn reveal_next(&mut self) -> Option<ChainLink> {
        let depth = self.revealed + 1;
        let value = *self.links.get(depth as usize)?;
        self.revealed = depth;
        Some(ChainLink { depth, value })
    }
}

impl fmt::Debug for HashChain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "HashChain({:?}, {} revealed)",
            self.anchor(),
            self.revealed
        )
    }
}

/// The server's part of one throw: a fresh random value, published first as its hash.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ServerDraw(Hash32);

impl ServerDraw {
    pub fn random() -> Self {
        let mut bytes = [0u8; 32];
        // The OS source failing is an unrecoverable fault of the machine, not of the game.
        getrandom::fill(&mut bytes).expect("the operating system has no random source");
        ServerDraw(Hash32(bytes))
    }

    pub const fn from_value(value: Hash32) -> Self {
        ServerDraw(value)
    }

    pub fn commitment(&self) -> Hash32 {
        sha256(&self.0.0)
    }

    pub fn value(&self) -> Hash32 {
        self.0
    }
}

impl fmt::Debug for ServerDraw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ServerDraw(hidden)")
    }
}

/// The server's opened commitment in a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ServerOpening {
    pub commitment: Hash32,
    pub value: Hash32,
}

/// A seat's link in a proof, with the anchor of the chain it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatLink {
    pub seat: Seat,
    pub anchor: Hash32,
    pub depth: u32,
    pub value: Hash32,
}

/// Everything anyone needs to check one throw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ThrowProof {
    /// The throw's place in its game, from 1.
    pub index: u32,
    /// Bit `k` set: stick `k` fell flat.
    pub faces: Faces,
    pub server: ServerOpening,
    /// The seats' links, in ascending seat order.
    pub links: Vec<SeatLink>,
}

/// The digest of a throw's layout (see the module documentation).
pub fn digest(game: &GameId, index: u32, server: &Hash32, links: &[SeatLink]) -> Hash32 {
    let mut hasher = Sha256::new()
        .chain_update(THROW_TAG)
        .chain_update(game.0)
        .chain_update(index.to_be_bytes())
        .chain_update(server.0);
    // A table has at most six seats, so the count fits its byte.
    hasher.update([links.len() as u8]);
    for link in links {
        hasher.update([link.seat.0]);
        hasher.update(link.depth.to_be_bytes());
        hasher.update(link.value.0);
    }
    Hash32(hasher.finalize().into())
}

/// The faces a digest gives `sticks`.
pub fn faces_of(digest: &Hash32, sticks: Sticks) -> Faces {
    sticks.faces(u64::from(digest.0[0]))
}

impl ThrowProof {
    /// The proof of throw `index` of `game`: `links` in any order, each seat at most once.
    pub fn make(
        game: &GameId,
        index: u32,
        draw: &ServerDraw,
        mut links: Vec<SeatLink>,
        sticks: Sticks,
    ) -> ThrowProof {
        links.sort_by_key(|link| link.seat);
        let faces = faces_of(&digest(game, index, &draw.value(), &links), sticks);
        ThrowProof {
            index,
            faces,
            server: ServerOpening {
                commitment: draw.commitment(),
                value: draw.value(),
            },
            links,
        }
    }

    /// Checks what the proof holds by itself: the server's opening and the faces. The links'
    /// chains are checked across a game's throws by an [`Audit`].
    pub fn check(&self, game: &GameId, sticks: Sticks) -> Result<(), ThrowError> {
        if sha256(&self.server.value.0) != self.server.commitment {
            return Err(ThrowError::ServerCommitment);
        }
        for pair in self.links.windows(2) {
            if pair[0].seat >= pair[1].seat {
                return Err(ThrowError::SeatTwice(pair[1].seat));
            }
        }
        let digest = digest(game, self.index, &self.server.value, &self.links);
        if faces_of(&digest, sticks) != self.faces {
            return Err(ThrowError::Faces);
        }
        Ok(())
    }
}

/// Checks a game's throws in order: each proof by itself, and each link against its chain,
/// so no link is revealed twice and every link hashes to its anchor.
#[derive(Debug, Default)]
pub struct Audit {
    chains: HashMap<(Seat, Hash32), Chain>,
}

impl Audit {
    pub fn check(
        &mut self,
        game: &GameId,
        sticks: Sticks,
        proof: &ThrowProof,
    ) -> Result<(), ThrowError> {
        proof.check(game, sticks)?;
        for link in &proof.links {
            let key = (link.seat, link.anchor);
            let mut chain = match self.chains.get(&key) {
                Some(chain) => *chain,
                None => Chain::new(link.anchor, MAX_CHAIN)?,
            };
            let revealed = ChainLink {
                depth: link.depth,
                value: link.value,
            };
            chain.check(link.seat, &revealed)?;
            chain.reveal(revealed);
            self.chains.insert(key, chain);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
