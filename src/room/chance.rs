//! The room's randomness, as data: a generator seeded once, when the room is made, from the
//! operating system's random source (by the room's task), so the room itself never draws
//! from the machine. Nonces, seat tokens, the server's part of each throw, game ids and the
//! computer players' choices all come from it.

use sha2::{Digest, Sha256};

use crate::rules::computer::Chance;

/// SHA-256 of a secret 32-byte seed and a counter: every draw is unpredictable without the
/// seed, so nobody can foresee a nonce, a token or a computer's hidden number from the
/// values drawn before it.
pub struct RoomChance {
    seed: [u8; 32],
    counter: u64,
}

impl RoomChance {
    /// A generator from `seed`, which must be secret and fresh in production (the room's
    /// task draws it from the operating system); tests pass fixed seeds.
    pub fn new(seed: [u8; 32]) -> Self {
        RoomChance { seed, counter: 0 }
    }

    /// The next 32 random bytes.
    pub fn bytes(&mut self) -> [u8; 32] {
        self.counter += 1;
        Sha256::new()
            .chain_update(self.seed)
            .chain_update(self.counter.to_le_bytes())
            .finalize()
            .into()
    }

    /// A chance of its own for a decision thought out elsewhere: seeded by SHA-256 of this
    /// one's seed and next count, so it foretells nothing of the room's other draws.
    pub fn fork(&mut self) -> RoomChance {
        self.counter += 1;
        let seed = Sha256::new()
            .chain_update(b"fork")
            .chain_update(self.seed)
            .chain_update(self.counter.to_le_bytes())
            .finalize();
        RoomChance::new(seed.into())
    }
}

impl std::fmt::Debug for RoomChance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RoomChance(hidden)")
    }
}

impl Chance for RoomChance {
    fn next_u64(&mut self) -> u64 {
        let mut word = [0u8; 8];
        word.copy_from_slice(&self.bytes()[..8]);
        u64::from_le_bytes(word)
    }
}
