//! Computer players of Pharaohs and lions Mehen: legal to the end, blind to what their seat
//! may not see, and sound in positions whose answer is plain.

use super::*;
use crate::fair::{Commitment, Nonce};
use crate::rules::computer::{Strength, decide, solve};
use crate::rules::computer_checks::{check_strong_against_easy_and_random, check_strong_plays};
use crate::rules::guessing::played::{along_random_games, check_no_fixed_number_gains};
use crate::rules::mehen_pharaohs::{LIONS, Players};
use crate::rules::random::SplitMix64;
use crate::rules::{Awaiting, Concealed, Rules};

fn all_options() -> [Options; 3] {
    [Players::TWO, Players::FOUR, Players::SIX].map(|players| Options { players })
}

#[test]
fn easy_and_strong_play_legal_games_to_the_end() {
    for options in all_options() {
        check_strong_against_easy_and_random::<MehenPharaohs>(&options, options.seats().into());
    }
}

/// Along random games, wherever a seat's view rebuilds the game, the rebuilt game is the
/// real one, whole.
#[test]
fn a_rebuilt_game_is_the_real_one() {
    let mut rebuilt = 0;
    along_random_games(&all_options(), 0..10, |game: &MehenPharaohs| {
        for viewer in (0..game.options.seats()).map(Seat) {
            if let Some(copy) = MehenPharaohs::rebuild(&Seen::of(game, viewer)) {
                assert_eq!(&copy, game);
                rebuilt += 1;
            }
        }
    });
    assert!(rebuilt > 1000, "{rebuilt}");
}

/// Two games that differ only in the concealed number give the guessers the same decisions.
#[test]
fn a_guess_is_decided_from_the_guessers_view_alone() {
    for options in all_options() {
        let mut start = MehenPharaohs::new(options, GameId::default());
        let pharaoh = PharaohId(0);
        start.apply(Seat(0), Action::Choose { pharaoh }).ok();
        let concealer = match Rules::awaiting(&start) {
            Awaiting::Conceal { seat, .. } => seat,
            other => panic!("{other:?}"),
        };
        let games = [1, 4].map(|hidden| {
            let mut game = start.clone();
            let commitment = Commitment::from_bytes([7; 32]);
            let hand = Some(Concealed::new(hidden));
            game.apply(concealer, Action::Conceal { commitment, hand })
                .unwrap();
            game
        });
        for guesser in Rules::awaiting(&games[0]).seats() {
            for seed in 0..20 {
                let [a, b] = [&games[0], &games[1]].map(|game| {
                    let seen = Seen::of(game, guesser);
                    decide(&seen, Strength::Strong, &mut SplitMix64::new(seed))
                });
                assert_eq!(a, b);
            }
        }
    }
}

/// After a right guess, setting a lion on the opposing pharaoh that leads the race is
/// plainly better than keeping the lions back.
#[test]
fn strong_sets_a_lion_on_the_leading_pharaoh() {
    let mut game = MehenPharaohs::new(all_options()[0], GameId::default());
    game.pharaohs.insert(PharaohId(0), Place::Serpent(20));
    game.pharaohs.insert(PharaohId(1), Place::Serpent(60));
    game.phase = Phase::Unleash {
        guesser: Seat(0),
        target: PharaohId(1),
    };
    let unleash = Action::Unleash {
        target: PharaohId(1),
    };
    check_strong_plays(&game, Seat(0), unleash, 0..10).unwrap();
}

/// A team's right guesses move its guessing seat's pharaoh alone, so when the rest of the
/// team lags, a team turn is better spent on the rest.
#[test]
fn strong_leaves_the_guessing_seats_pharaoh_to_the_right_guesses() {
    let mut game = MehenPharaohs::new(all_options()[1], GameId::default());
    for (id, space) in [(0, 60), (1, 10), (2, 30), (3, 30)] {
        game.pharaohs.insert(PharaohId(id), Place::Serpent(space));
    }
    let turns = game.turns_to_deliver(LIONS);
    let threats = 2.0 * THREAT;
    assert!((turns - 61.0 / OWN_PACE - threats).abs() < 1e-9, "{turns}");
    let choose = Action::Choose {
        pharaoh: PharaohId(1),
    };
    check_strong_plays(&game, Seat(0), choose, 0..10).unwrap();
}

/// A lion in hand threatens a pharaoh no lion holds: with two players one lion is enough
/// for the one pharaoh, so a revived lion adds nothing; with six, a team holding fewer
/// lions than the other has free pharaohs gains a threat by each revived lion, and a lion
/// set spends one threat while its fight costs more.
#[test]
fn lions_in_hand_threaten_only_the_free_pharaohs() {
    let lionesses = opponent(LIONS);
    for (options, threat_won) in [(all_options()[0], 0.0), (all_options()[2], THREAT)] {
        let mut game = MehenPharaohs::new(options, GameId::default());
        for seat in options.seats_of(lionesses) {
            game.pharaohs
                .insert(PharaohId(seat.0), Place::Serpent(10 + seat.0));
        }
        game.standing = [1, 3];
        game.graveyard = [2, 0];
        let before = game.turns_to_deliver(lionesses);
        let mut revived = game.clone();
        revived.standing = [2, 3];
        revived.graveyard = [1, 0];
        let gained = revived.turns_to_deliver(lionesses) - before;
        assert!((gained - threat_won).abs() < 1e-9, "{options:?}: {gained}");
        let target = PharaohId(options.seats_of(lionesses).next().unwrap().0);
        let mut set = revived.clone();
        set.standing = [1, 3];
        set.attacks.insert(target, Seat(0));
        let cost = set.turns_to_deliver(lionesses) - revived.turns_to_deliver(lionesses);
        assert!(
            (cost - (FIGHT - THREAT)).abs() < 1e-9,
            "{options:?}: {cost}"
        );
    }
}

/// Along random games, no pure reply of the other side gains against the strong side's
/// mixed strategy under the position's matrix more than the solver's rounding.
#[test]
fn no_fixed_number_gains_against_the_equilibrium() {
    let matrix = |seen: &Seen<MehenPharaohs>| contest_matrix(seen).unwrap().0;
    assert!(check_no_fixed_number_gains(&all_options(), 0..2, matrix) > 100);
}

/// A number hidden shows in the record only once revealed: before, the records of two games
/// that differ only in the hidden number are the same; a guess counts at once; a withheld
/// reveal counts nothing.
#[test]
fn a_hidden_number_is_recorded_only_once_revealed() {
    let nonce = Nonce::from_bytes([9; 32]);
    let start = MehenPharaohs::new(all_options()[0], GameId::default());
    let [mut two, mut four] = [2, 4].map(|hidden| {
        let mut game = start.clone();
        let commitment = Commitment::new(&game.game, game.turn, 0, &nonce, hidden);
        let hand = Some(Concealed::new(hidden));
        game.apply(Seat(0), Action::Conceal { commitment, hand })
            .unwrap();
        game.apply(Seat(1), Action::Guess { number: 5 }).unwrap();
        game
    });
    assert_eq!(two.view().records, four.view().records);
    assert_eq!(two.record(Seat(0)), Record::default());
    assert_eq!(two.record(Seat(1)).guessed.moves, [0, 0, 0, 0, 1]);
    two.apply(Seat(0), Action::Withhold).unwrap();
    assert_eq!(two.record(Seat(0)), Record::default());
    four.apply(Seat(0), Action::Reveal { number: 4, nonce })
        .unwrap();
    assert_eq!(four.record(Seat(0)).revealed.moves, [0, 0, 0, 1, 0]);
    assert_eq!(four.view().records[0], four.record(Seat(0)));
}

/// The opening move contest of two players, seat 0 to hide, with the records given.
fn opening(guessed_by_1: [u32; 5], revealed_by_0: [u32; 5]) -> MehenPharaohs {
    let mut game = MehenPharaohs::new(all_options()[0], GameId::default());
    game.records[1].guessed.moves = guessed_by_1;
    game.records[0].revealed.moves = revealed_by_0;
    game
}

/// The mixed strategies strong hides by at seat 0 and guesses by at seat 1.
fn strong_mixes(game: &MehenPharaohs) -> (Vec<f64>, Vec<f64>) {
    let hiding = MehenPharaohs::hide_and_guess(&Seen::of(game, Seat(0))).unwrap();
    let mut guessing = game.clone();
    let commitment = Commitment::from_bytes([7; 32]);
    (guessing.apply(
        Seat(0),
        Action::Conceal {
            commitment,
            hand: None,
        },
    ))
    .unwrap();
    let guess = MehenPharaohs::hide_and_guess(&Seen::of(&guessing, Seat(1))).unwrap();
    (solve(&hiding.payoff).rows, solve(&guess.payoff).columns)
}

/// With nothing on record strong plays the equilibrium: no fixed number gains against it.
/// Against a seat whose record shows it always guesses 5, strong stops hiding 5; against one
/// that always hid 3, it guesses 3.
#[test]
fn strong_punishes_a_seat_that_always_plays_one_number() {
    let fresh = opening([0; 5], [0; 5]);
    let (payoff, _) = contest_matrix(&Seen::of(&fresh, Seat(0))).unwrap();
    let equilibrium = solve(&payoff);
    let (hides, guesses) = strong_mixes(&fresh);
    let worst_guess = (0..5)
        .map(|g| {
            (hides.iter().zip(&payoff))
                .map(|(p, row)| p * row[g])
                .sum::<f64>()
        })
        .fold(f64::INFINITY, f64::min);
    assert!(worst_guess > equilibrium.value - 1e-9, "{hides:?}");
    let worst_hiding = (payoff.iter())
        .map(|row| guesses.iter().zip(row).map(|(q, v)| q * v).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(worst_hiding < equilibrium.value + 1e-9, "{guesses:?}");
    assert!(equilibrium.rows[4] > 0.05 && equilibrium.columns[2] < 0.5);

    let (hides, _) = strong_mixes(&opening([0, 0, 0, 0, 30], [0; 5]));
    assert!(hides[4] < 0.01, "{hides:?}");
    let (_, guesses) = strong_mixes(&opening([0; 5], [0, 0, 30, 0, 0]));
    assert!(guesses[2] > 0.9, "{guesses:?}");
}
