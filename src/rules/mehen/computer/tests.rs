//! Computer players of San Martin Mehen: legal to the end, blind to what their seat may not
//! see, and sound in positions whose answer is plain.

use super::*;
use crate::fair::Commitment;
use crate::rules::computer::{Decision, Strength, decide};
use crate::rules::computer_checks::check_strong_against_easy_and_random;
use crate::rules::guessing::played::{along_random_games, check_no_fixed_number_gains};
use crate::rules::mehen::{Board, MarbleId};
use crate::rules::random::SplitMix64;
use crate::rules::{Concealed, Rules};

fn configs() -> [Config; 2] {
    [Mode::Duel, Mode::Teams].map(|mode| Config {
        mode,
        board: Board::Compact,
    })
}

#[test]
fn easy_and_strong_play_legal_games_to_the_end() {
    for config in configs() {
        for seed in 0..2 {
            check_strong_against_easy_and_random::<Mehen>(&config, seed);
        }
    }
}

/// Along random games, wherever a seat's view rebuilds the game, the rebuilt game shows
/// the same, awaits the same and allows the same, now and after every legal action.
#[test]
fn a_rebuilt_game_plays_on_as_the_real_one() {
    let mut rebuilt = 0;
    along_random_games(&configs(), 0..20, |game: &Mehen| {
        for viewer in game.seats() {
            let Some(copy) = Mehen::rebuild(&Seen::of(game, viewer)) else {
                continue;
            };
            rebuilt += 1;
            assert_same(&copy, game);
            for actor in game.seats() {
                for action in game.legal_actions(actor) {
                    let (mut real, mut copied) = (game.clone(), copy.clone());
                    real.apply(actor, action).unwrap();
                    copied.apply(actor, action).unwrap();
                    assert_same(&copied, &real);
                }
            }
        }
    });
    assert!(rebuilt > 1000, "{rebuilt}");
}

/// Equal in all a seat can see; marbles by owner and space, as a deployed marble's id may
/// differ.
fn assert_same(copy: &Mehen, real: &Mehen) {
    let places = |game: &Mehen| -> Vec<(Seat, u8)> {
        game.marbles().iter().map(|m| (m.owner, m.space)).collect()
    };
    assert_eq!(places(copy), places(real));
    let (mut copied, mut shown) = (copy.view(), real.view());
    copied.marbles.clear();
    shown.marbles.clear();
    if let (PhaseView::Act { options: a, .. }, PhaseView::Act { options: b, .. }) =
        (&mut copied.phase, &mut shown.phase)
    {
        assert_eq!(a.len(), b.len());
        a.clear();
        b.clear();
    }
    assert_eq!(copied, shown);
    assert_eq!(Rules::awaiting(copy), Rules::awaiting(real));
    assert_eq!(copy.outcome(), real.outcome());
}

/// Two games that differ only in the concealed number give the guessers the same decisions.
#[test]
fn a_guess_is_decided_from_the_guessers_view_alone() {
    for config in configs() {
        let games = [2, 5].map(|hidden| {
            let mut game = Mehen::new(config, GameId::default());
            game.apply(Seat(0), Action::Choose { seat: Seat(1) }).ok();
            let commitment = Commitment::from_bytes([7; 32]);
            let hand = Some(Concealed::new(hidden));
            let actor = game.phase().actor().unwrap();
            game.apply(actor, Action::Conceal { commitment, hand })
                .unwrap();
            game
        });
        let guesser = Rules::awaiting(&games[0]).seats()[0];
        for seed in 0..30 {
            let [a, b] = [&games[0], &games[1]].map(|game| {
                decide(
                    &Seen::of(game, guesser),
                    Strength::Strong,
                    &mut SplitMix64::new(seed),
                )
            });
            assert_eq!(a, b);
        }
    }
}

/// A duel where advancing the second marble finishes it and wins, and recovering a lion
/// does not.
#[test]
fn strong_finishes_the_second_marble_rather_than_recover() {
    let config = configs()[0];
    let mut game = Mehen::new(config, GameId::default());
    let head = config.board.head();
    game.marbles = vec![
        Marble {
            id: MarbleId(0),
            owner: Seat(0),
            space: head,
        },
        Marble {
            id: MarbleId(1),
            owner: Seat(1),
            space: 30,
        },
        Marble {
            id: MarbleId(2),
            owner: Seat(0),
            space: head - 3,
        },
    ];
    game.next_marble = 3;
    game.players[0].lions = 1;
    game.phase = Phase::Act {
        actor: Seat(0),
        distance: 4,
    };
    for strength in Strength::ALL {
        for seed in 0..10 {
            let decision = decide(
                &Seen::of(&game, Seat(0)),
                strength,
                &mut SplitMix64::new(seed),
            );
            assert_eq!(
                decision,
                Some(Decision::Play(Action::Advance {
                    marble: MarbleId(2)
                }))
            );
        }
    }
}

/// The opening concealment is no pure strategy: the strong hider draws several numbers.
#[test]
fn strong_hides_by_a_mixed_strategy() {
    let game = Mehen::new(configs()[0], GameId::default());
    let seen = Seen::of(&game, Seat(0));
    let matrix = Mehen::hide_and_guess(&seen).unwrap();
    assert_eq!(matrix.payoff.len(), 6);
    let mut numbers: Vec<u8> = (0..60)
        .filter_map(
            |seed| match decide(&seen, Strength::Strong, &mut SplitMix64::new(seed)) {
                Some(Decision::Conceal(number)) => Some(number),
                _ => None,
            },
        )
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert!(numbers.len() >= 2, "{numbers:?}");
}

/// Along random games, no pure reply of the other side gains against the strong side's
/// mixed strategy under the position's matrix more than the solver's rounding.
#[test]
fn no_fixed_number_gains_against_the_equilibrium() {
    let matrix = |seen: &Seen<Mehen>| Mehen::hide_and_guess(seen).unwrap().payoff;
    assert!(check_no_fixed_number_gains(&configs(), 0..6, matrix) > 100);
}

/// The duel's races: a side further along, or with more lions standing, stands better; a
/// side one lucky turn from home stands well; the extended serpent is judged as the compact
/// one, space for share of space.
#[test]
fn the_duels_races_favour_progress_and_standing_lions() {
    let races = duel::Races::get();
    let compact = |spaces: &[u8], lions| duel::Course::new(spaces, 48, lions);
    let start = compact(&[], 3);
    let first = |course| races.first_against(course, start);
    let even = first(start);
    assert!(even.abs() < 0.2, "{even}");
    assert!(first(compact(&[20], 3)) > even);
    assert!(first(compact(&[30], 3)) > first(compact(&[20], 3)));
    assert!(first(compact(&[30, 20], 3)) > first(compact(&[30, 10], 3)));
    assert!(first(compact(&[30], 1)) < first(compact(&[30], 2)));
    assert!(first(compact(&[30], 2)) < first(compact(&[30], 3)));
    assert!(first(compact(&[48, 47], 3)) > 0.5);
    assert_eq!(first(compact(&[48, 48], 1)), 1.0);
    assert_eq!(duel::Course::new(&[126, 63], 126, 2), compact(&[48, 24], 2));
}

/// The six-player races: a team further along stands better, a frozen teammate costs it,
/// and two frozen put the game near the other team's hands.
#[test]
fn the_teams_races_favour_progress_and_standing_lions() {
    let config = configs()[1];
    let lions = Team(0);
    let with = |spaces: &[(u8, u8)], frozen: &[u8]| {
        let mut game = Mehen::new(config, GameId::default());
        for (index, &(seat, space)) in spaces.iter().enumerate() {
            game.marbles.push(Marble {
                id: MarbleId(index as u32),
                owner: Seat(seat),
                space,
            });
        }
        game.next_marble = spaces.len() as u32;
        for &seat in frozen {
            game.players[usize::from(seat)].lions = 0;
        }
        game.standing(lions)
    };
    let start = with(&[], &[]);
    assert!(start.abs() < 0.1, "{start}");
    assert!(with(&[(0, 20)], &[]) > start);
    assert!(with(&[(0, 30), (1, 30)], &[]) > with(&[(0, 30), (1, 10)], &[]));
    assert!(with(&[(0, 20)], &[0]) < with(&[(0, 20)], &[]));
    assert!(with(&[], &[0, 1]) < with(&[], &[0]));
    assert!(with(&[], &[3, 4]) > 0.2);
}
