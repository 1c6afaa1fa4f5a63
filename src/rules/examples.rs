//! Set-ups for tests and benches, inside the crate and in `tests/` and `benches/`.
//!
//! Most are games of a given shape for the tests of the game-neutral parts (the room, the
//! store): each is picked from the list of rule sets by what the test needs, so those tests
//! name no rule set and keep working whichever rule sets the list holds. The San Martin
//! set-ups are for the tests that play that game by name, as a room's settings do
//! (`serde_json::json!(san_martin_duel())` is `{"rule_set": "mehen-san-martin", ...}`).

use super::mehen::{Board, Config, Mode};
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

/// San Martin Mehen in `mode` on `board`.
pub fn san_martin(mode: Mode, board: Board) -> Setup {
    Setup::MehenSanMartin(Config { mode, board })
}

/// San Martin Mehen as a duel, Carnelian against Lapis, on the board a room gets when its
/// settings name none.
pub fn san_martin_duel() -> Setup {
    san_martin(Mode::Duel, Board::default())
}

/// San Martin Mehen as two teams of three, Lions against Lionesses, on the board a room gets
/// when its settings name none.
pub fn san_martin_teams() -> Setup {
    san_martin(Mode::Teams, Board::default())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn san_martin_set_ups_are_the_settings_rooms_are_made_with() {
        let made = |options| Setup::parse("mehen-san-martin", options).unwrap();
        assert_eq!(san_martin_duel(), made(json!({"mode": "duel"})));
        assert_eq!(san_martin_teams(), made(json!({"mode": "teams"})));
        let compact = made(json!({"mode": "duel", "board": "compact"}));
        assert_eq!(san_martin(Mode::Duel, Board::Compact), compact);
        assert_eq!(json!(san_martin_duel())["rule_set"], "mehen-san-martin");
    }
}
