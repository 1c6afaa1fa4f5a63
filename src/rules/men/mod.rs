//! What the two rule sets of Men (seed 003) share: the board of sixteen lines and its pieces
//! (`lines`), the refusals (`error`), the options and actions (`action`), the turn both
//! play, throwing the four sticks and then moving by the score, with the round each game
//! keeps (`turn`), and the seam (`rules`).
//! `race` is how a computer player judges a race (symmetric Men's, and Senet's too);
//! `checks`, the tests both rule sets pass alike.
//!
//! Each rule set, `men_symmetric` and `men_asymmetric`, is a [`Variant`]: it says how its
//! pieces stand, move and end the game, and in what words; every `Variant` is a
//! [`Rules`](crate::rules::Rules) through the one implementation in `rules`.

mod action;
#[cfg(test)]
pub(super) mod checks;
mod error;
mod lines;
pub mod race;
mod rules;
mod turn;

pub(crate) use action::declare_action;
pub use action::{Mover, Play, Told};
pub use error::MenError;
pub use lines::{BOARD_LINES, LINES, PIECES, PieceId, Reach, Side};
pub use rules::NoSecret;
pub use turn::{Phase, PhaseView, Round, Variant};
