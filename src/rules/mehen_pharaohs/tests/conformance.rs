//! The shared conformance checks for 2, 4 and 6 players, with the pieces conserved.

use super::*;

fn conserved(game: &MehenPharaohs) -> Result<(), String> {
    let players = game.options().seats();
    for seat in 0..players {
        let mine = game
            .pharaohs()
            .keys()
            .filter(|id| id.owner() == Seat(seat))
            .count();
        if mine != 1 {
            return Err(format!("seat {seat} has {mine} pharaohs"));
        }
    }
    let mut spaces: Vec<u8> = game
        .pharaohs()
        .values()
        .filter_map(|place| match place {
            Place::Serpent(space) => Some(*space),
            _ => None,
        })
        .collect();
    let on = spaces.len();
    spaces.sort_unstable();
    spaces.dedup();
    if spaces.len() != on {
        return Err("two pharaohs share a space".into());
    }
    for team in [LIONS, LIONESSES] {
        let lions = game.standing(team) + game.attacking(team) + game.graveyard(team);
        if lions != LIONS_PER_TEAM {
            return Err(format!("{} has {lions} lions", team_name(team)));
        }
    }
    if game
        .attacks()
        .keys()
        .any(|&target| !matches!(game.place(target), Place::Serpent(_)))
    {
        return Err("a lion attacks a pharaoh off the serpent".into());
    }
    Ok(())
}

/// Plays `games` random games of `players` through the shared conformance checks.
fn conforms(players: Players, games: usize) {
    use crate::rules::conformance::check_random_games;
    let options = Options { players };
    let report = check_random_games::<MehenPharaohs>(&options, games, 1, 5_000, conserved)
        .unwrap_or_else(|error| panic!("{} players: {error}", players.count()));
    assert_eq!(report.games, games);
    println!(
        "{} players: {} games, {} actions, longest {}, endings {:?}",
        players.count(),
        report.games,
        report.actions,
        report.longest,
        report.endings
    );
}

#[test]
fn random_two_player_games_conform() {
    conforms(Players::TWO, 8);
}

#[test]
fn random_four_player_games_conform() {
    conforms(Players::FOUR, 4);
}

#[test]
fn random_six_player_games_conform() {
    conforms(Players::SIX, 3);
}
