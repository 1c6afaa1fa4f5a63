//! Throwing sticks: flat on one face, round on the other. A throw is the set of sticks that
//! fell flat side up; each stick game reads its score from how many did.
//!
//! | sticks | flat up: 0 | 1 | 2 | 3 | 4 | seed |
//! |--------|-----------|---|---|---|---|------|
//! | [`Sticks::Three`] (Kendall–Skiryuk Mehen) | 6 | 1 | 2 | 3 | | 001 |
//! | [`Sticks::FourMen`] (Men) | 5 | 1 | 2 | 3 | 4 | 003 |
//! | [`Sticks::FourSenet`] (Senet) | 6 | 1 | 2 | 3 | 4 | 004 |

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which sticks a game throws, and so how a throw scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sticks {
    /// Three sticks: 1, 2, 3 by flat faces, 6 when none is flat.
    Three,
    /// Four sticks: 1 to 4 by flat faces, 5 when none is flat.
    FourMen,
    /// Four sticks: 1 to 4 by flat faces, 6 when none is flat; 5 cannot be thrown.
    FourSenet,
}

/// The faces of one throw: bit `i` is set when stick `i` fell flat side up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct Faces(pub u8);

impl Faces {
    /// Whether stick `i` fell flat side up.
    pub const fn flat(self, stick: u8) -> bool {
        self.0 & (1 << stick) != 0
    }
}

impl Sticks {
    pub const fn count(self) -> u8 {
        match self {
            Sticks::Three => 3,
            Sticks::FourMen | Sticks::FourSenet => 4,
        }
    }

    /// The faces random bits make: bit `i` for stick `i`, the bits beyond this set's sticks
    /// ignored.
    pub const fn faces(self, bits: u64) -> Faces {
        Faces((bits & ((1 << self.count()) - 1)) as u8)
    }

    /// Whether `faces` names only sticks of this set.
    pub const fn fits(self, faces: Faces) -> bool {
        faces.0 >> self.count() == 0
    }

    /// How many sticks fell flat side up (only this set's sticks count).
    pub const fn flat_count(self, faces: Faces) -> u8 {
        (faces.0 & ((1 << self.count()) - 1)).count_ones() as u8
    }

    /// The score of a throw.
    pub const fn score(self, faces: Faces) -> u8 {
        match (self, self.flat_count(faces)) {
            (Sticks::Three | Sticks::FourSenet, 0) => 6,
            (Sticks::FourMen, 0) => 5,
            (_, flat) => flat,
        }
    }

    /// The faces of the first throw that scores `score`: that many sticks flat, from the
    /// first, or none flat for the score of no flat stick; `None` for a score these sticks
    /// never throw. A lesson sets its throws so.
    pub fn scoring(self, score: u8) -> Option<Faces> {
        (0..1u8 << self.count())
            .map(Faces)
            .find(|&faces| self.score(faces) == score)
    }

    /// Every score this set can throw with its chance in sixteenths (four sticks) or eighths
    /// (three sticks): `(score, ways, of)`. Each stick falls flat or round with equal chance.
    pub fn distribution(self) -> Vec<(u8, u32, u32)> {
        let throws = 1u32 << self.count();
        let mut ways: Vec<(u8, u32, u32)> = Vec::new();
        for bits in 0..throws {
            let score = self.score(Faces(bits as u8));
            match ways.iter_mut().find(|(s, _, _)| *s == score) {
                Some((_, n, _)) => *n += 1,
                None => ways.push((score, 1, throws)),
            }
        }
        ways.sort_unstable();
        ways
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_sticks_score_as_seed_001_says() {
        let score = |bits| Sticks::Three.score(Faces(bits));
        assert_eq!(
            [score(0b000), score(0b001), score(0b011), score(0b111)],
            [6, 1, 2, 3]
        );
        assert_eq!(
            Sticks::Three.distribution(),
            vec![(1, 3, 8), (2, 3, 8), (3, 1, 8), (6, 1, 8)]
        );
    }

    #[test]
    fn men_sticks_score_one_to_five_as_seed_003_says() {
        assert_eq!(
            Sticks::FourMen.distribution(),
            vec![(1, 4, 16), (2, 6, 16), (3, 4, 16), (4, 1, 16), (5, 1, 16)]
        );
    }

    #[test]
    fn senet_sticks_never_throw_five() {
        assert_eq!(
            Sticks::FourSenet.distribution(),
            vec![(1, 4, 16), (2, 6, 16), (3, 4, 16), (4, 1, 16), (6, 1, 16)]
        );
    }

    #[test]
    fn faces_beyond_the_set_do_not_fit() {
        assert!(Sticks::Three.fits(Faces(0b111)));
        assert!(!Sticks::Three.fits(Faces(0b1000)));
        assert!(Sticks::FourMen.fits(Faces(0b1111)));
    }
}
