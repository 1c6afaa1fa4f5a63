//! Games of a given shape for the tests of the game-neutral parts (the room, the store): each
//! is picked from the list of rule sets by what the test needs, so those tests name no rule
//! set and keep working whichever rule sets the list holds.

use super::{Awaiting, RuleSet, SeatSide, Setup, Table, Team};
use crate::fair::GameId;

/// Every preset of every rule set.
pub fn every_setup() -> Vec<Setup> {
    RuleSet::ALL
        .iter()
        .flat_map(|rule_set| {
            rule_set
                .info()
                .presets
                .into_iter()
                .map(|preset| rule_set.setup(preset.options).expect("a preset is valid"))
        })
        .collect()
}

/// The first preset of the list for which `fits` holds.
pub fn setup_where(what: &str, fits: impl Fn(&Setup) -> bool) -> Setup {
    every_setup()
        .into_iter()
        .find(|setup| fits(setup))
        .unwrap_or_else(|| panic!("no rule set offers {what}"))
}

/// Two seats, in a game that opens with seat 0 concealing a number, then a guess, then
/// the reveal.
pub fn concealing_duel() -> Setup {
    setup_where("a duel opening on a concealed number", |setup| {
        setup.table().seats.len() == 2
            && matches!(
                setup.start(GameId([0; 16])).awaiting(),
                Awaiting::Conceal { seat, .. } if seat.0 == 0
            )
    })
}

/// A table of `teams` teams of `size` seats each, seated team after team.
pub fn table(teams: u8, size: u8) -> Table {
    Table {
        seats: (0..teams * size)
            .map(|seat| SeatSide {
                team: Team(seat / size),
                side: "side",
            })
            .collect(),
    }
}
