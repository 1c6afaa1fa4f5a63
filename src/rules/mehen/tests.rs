//! Scenario tests, one or more for each rule sentence of the seed (sections 2–5), one for
//! each illustrated example of section 6, and one for each decision in
//! `docs/rules/mehen-san-martin.md`, whose last section maps sentences to test names.
//!
//! Positions are reached by legal play: `play_turn` (and its wrappers `moves` and `caught`)
//! drives one whole turn with a chosen concealed number and guess. The one exception is
//! `place`, which puts a marble near the head by hand, where bringing it there by play would
//! take dozens of scripted turns.

use super::config::opponent;
use super::*;
use crate::fair::{Commitment, Nonce};
use crate::rules::guessing::GuessingError;
use crate::rules::{Concealed, Outcome, Viewer};

const GAME: GameId = GameId([0x5a; 16]);
const NONCE: Nonce = Nonce::from_bytes([0x17; 32]);

const CARNELIAN: Seat = Seat(0);
const LAPIS: Seat = Seat(1);
const LIONS: Team = Team(0);
const LIONESSES: Team = Team(1);

/// The compact serpent's head.
const HEAD: u8 = 48;

fn new_game(mode: Mode) -> Mehen {
    let board = Board::Compact;
    Mehen::new(Config { mode, board }, GAME)
}

fn duel() -> Mehen {
    new_game(Mode::Duel)
}

fn teams() -> Mehen {
    new_game(Mode::Teams)
}

/// Applies an action that must succeed.
fn ok(game: &mut Mehen, seat: Seat, action: Action) -> Vec<Event> {
    game.apply(seat, action)
        .unwrap_or_else(|error| panic!("{seat} could not {action:?}: {error}"))
}

/// Applies an action that must be refused, checks that the refusal changed nothing, and
/// returns the reason.
fn refused(game: &mut Mehen, seat: Seat, action: Action) -> MehenError {
    let before = game.clone();
    let error = game
        .apply(seat, action)
        .expect_err("the action should have been refused");
    assert_eq!(*game, before, "a refusal changed the game");
    error
}

/// The commitment to `hidden` for `actor` on the current turn, with the engine told the number.
fn conceal(game: &Mehen, actor: Seat, hidden: u8) -> Action {
    let commitment = Commitment::new(&GAME, game.turn(), actor.0, &NONCE, hidden);
    let hand = Some(Concealed::new(hidden));
    Action::Conceal { commitment, hand }
}

fn reveal(hidden: u8) -> Action {
    Action::Reveal {
        number: hidden,
        nonce: NONCE,
    }
}

fn guess(number: u8) -> Action {
    Action::Guess { number }
}

/// A guess that misses `hidden` and lies in every possible range.
fn miss(hidden: u8) -> u8 {
    if hidden == 1 { 2 } else { 1 }
}

/// The first seat of the side that guesses against `actor`.
fn guesser(game: &Mehen, actor: Seat) -> Seat {
    let team = opponent(game.team_of(actor));
    game.config().mode.seats_of(team).next().unwrap()
}

/// Six-player: chooses `actor` when the team has a choice. Then checks `actor` is to conceal.
fn choose(game: &mut Mehen, actor: Seat) -> Vec<Event> {
    let events = match game.phase() {
        Phase::Choose { .. } => ok(game, actor, Action::Choose { seat: actor }),
        _ => Vec::new(),
    };
    assert_eq!(*game.phase(), Phase::Conceal { actor });
    events
}

/// One whole turn: `actor` is chosen if need be, conceals `hidden`, the other side guesses
/// `guessed`, `actor` reveals and, after a wrong guess, takes `then`. Returns every event.
fn play_turn(
    game: &mut Mehen,
    actor: Seat,
    hidden: u8,
    guessed: u8,
    then: Option<Action>,
) -> Vec<Event> {
    let mut events = choose(game, actor);
    let concealment = conceal(game, actor, hidden);
    events.extend(ok(game, actor, concealment));
    let by = guesser(game, actor);
    events.extend(ok(game, by, guess(guessed)));
    events.extend(ok(game, actor, reveal(hidden)));
    if let Some(then) = then {
        events.extend(ok(game, actor, then));
    }
    events
}

/// A turn whose guess misses, after which `actor` takes `then`.
fn moves(game: &mut Mehen, actor: Seat, hidden: u8, then: Action) -> Vec<Event> {
    play_turn(game, actor, hidden, miss(hidden), Some(then))
}

/// A turn whose guess misses, after which `actor` advances their earliest unfinished marble.
fn advances(game: &mut Mehen, actor: Seat, hidden: u8) -> Vec<Event> {
    let then = advance(game, actor);
    moves(game, actor, hidden, then)
}

/// A turn whose guess is right.
fn caught(game: &mut Mehen, actor: Seat, hidden: u8) -> Vec<Event> {
    play_turn(game, actor, hidden, hidden, None)
}

/// Brings `actor` to the point of acting: chosen, concealed `hidden`, guessed wrong, revealed.
fn wrong_guess(game: &mut Mehen, actor: Seat, hidden: u8) {
    play_turn(game, actor, hidden, miss(hidden), None);
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor,
            distance: hidden
        }
    );
}

/// Advancing `seat`'s earliest marble that has not finished.
fn advance(game: &Mehen, seat: Seat) -> Action {
    let marble = marbles_of(game, seat)
        .find(|m| m.space != HEAD)
        .expect("the seat has a marble to advance");
    Action::Advance { marble: marble.id }
}

/// `seat`'s marbles on the serpent, earliest first.
fn marbles_of(game: &Mehen, seat: Seat) -> impl Iterator<Item = &Marble> {
    game.marbles().iter().filter(move |m| m.owner == seat)
}

fn spaces_of(game: &Mehen, seat: Seat) -> Vec<u8> {
    marbles_of(game, seat).map(|m| m.space).collect()
}

fn ids_of(game: &Mehen, seat: Seat) -> Vec<MarbleId> {
    marbles_of(game, seat).map(|m| m.id).collect()
}

fn captures(events: &[Event]) -> Vec<(MarbleId, Seat)> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Captured { marble, owner, .. } => Some((marble, owner)),
            _ => None,
        })
        .collect()
}

/// Set-up by hand: a marble of `seat` on `space`, as if deployed and advanced there on earlier
/// turns. Only for spaces near the head, on a space free of opposing marbles, within the limit.
fn place(game: &mut Mehen, seat: Seat, space: u8) -> MarbleId {
    assert!(game.on_serpent(seat) < game.config.mode.serpent_limit());
    assert!((1..HEAD).contains(&space));
    let team = game.team_of(seat);
    assert!(
        game.marbles
            .iter()
            .all(|m| m.space != space || game.team_of(m.owner) == team)
    );
    let id = MarbleId(game.next_marble);
    game.next_marble += 1;
    game.marbles.push(Marble {
        id,
        owner: seat,
        space,
    });
    id
}

/// Checks, on copies, that `actor` may hide exactly 1 to `max` and that the guess must lie in
/// the same range.
fn assert_hides(game: &Mehen, actor: Seat, max: u8) {
    let mut game = game.clone();
    choose(&mut game, actor);
    assert_eq!(game.reserve(actor), max);
    let too_many = conceal(&game, actor, max + 1);
    assert_eq!(
        refused(&mut game, actor, too_many),
        MehenError::Guessing(GuessingError::OutOfRange {
            what: "conceal",
            number: max + 1,
            max
        })
    );
    let most = conceal(&game, actor, max);
    ok(&mut game, actor, most);
    let by = guesser(&game, actor);
    assert_eq!(
        refused(&mut game, by, guess(max + 1)).to_string(),
        format!("guess {} is outside 1–{max}", max + 1)
    );
    ok(&mut game, by, guess(max));
}

/// The turns of a team game's first round, in order, with the numbers hidden: deploying them
/// puts seat 0 on 1, 3 on 2, 1 on 1, 4 on 2, 2 on 3 and 5 on 4, capturing nothing.
const ROUND_ONE: [(u8, u8); 6] = [(0, 1), (3, 2), (1, 1), (4, 2), (2, 3), (5, 4)];

/// Round 1 of a team game: everyone deploys by `ROUND_ONE`, except that the `frozen` are
/// guessed right instead, and a player whose marble was placed near the head advances it 3.
fn first_round(game: &mut Mehen, frozen: &[Seat]) {
    for (seat, hidden) in ROUND_ONE {
        let seat = Seat(seat);
        if frozen.contains(&seat) {
            caught(game, seat, hidden);
        } else if spaces_of(game, seat).is_empty() {
            moves(game, seat, hidden, Action::Deploy);
        } else {
            advances(game, seat, 3);
        }
    }
}

/// The first four turns of a team game: seat 0 is caught and freezes, seat 3 deploys to 2,
/// seat 1 revives seat 0, seat 4 deploys to 2.
fn freeze_and_revive(game: &mut Mehen) {
    caught(game, Seat(0), 1);
    moves(game, Seat(3), 2, Action::Deploy);
    moves(game, Seat(1), 2, Action::Revive { seat: Seat(0) });
    moves(game, Seat(4), 2, Action::Deploy);
}

// ---------------------------------------------------------------------------------------
// Section 1: set-up and the duel's limits
// ---------------------------------------------------------------------------------------

#[test]
fn set_up_gives_six_marbles_and_the_lions_of_each_mode() {
    let duel = duel();
    for seat in [CARNELIAN, LAPIS] {
        assert_eq!((duel.reserve(seat), duel.lions(seat)), (6, 3));
    }
    assert_eq!(*duel.phase(), Phase::Conceal { actor: CARNELIAN });
    let teams = teams();
    for seat in teams.seats() {
        assert_eq!((teams.reserve(seat), teams.lions(seat)), (6, 1));
        assert!(!teams.is_frozen(seat));
    }
    assert_eq!(*teams.phase(), Phase::Choose { team: LIONS });
    assert!(duel.marbles().is_empty() && teams.marbles().is_empty());
}

#[test]
fn seats_are_numbered_carnelian_lapis_then_lions_and_lionesses() {
    let sides = |game: &Mehen| -> Vec<&str> {
        let view = game.view();
        view.players.iter().map(|p| p.side).collect()
    };
    assert_eq!(sides(&duel()), ["Carnelian", "Lapis"]);
    let teams = teams();
    assert_eq!(
        sides(&teams),
        [
            "Lions",
            "Lions",
            "Lions",
            "Lionesses",
            "Lionesses",
            "Lionesses"
        ]
    );
    assert_eq!(teams.team_of(Seat(2)), LIONS);
    assert_eq!(teams.team_of(Seat(3)), LIONESSES);
}

#[test]
fn duel_limit_is_two_marbles_and_a_finished_one_still_counts() {
    let mut game = duel();
    place(&mut game, CARNELIAN, 45);
    advances(&mut game, CARNELIAN, 3);
    assert_eq!(spaces_of(&game, CARNELIAN), [HEAD]);
    assert_eq!(game.reserve(CARNELIAN), 5);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    advances(&mut game, LAPIS, 3);
    wrong_guess(&mut game, CARNELIAN, 3);
    assert_eq!(
        refused(&mut game, CARNELIAN, Action::Deploy).to_string(),
        "you already have 2 marble(s) on the serpent, the most allowed"
    );
    assert!(!game.legal_actions(CARNELIAN).contains(&Action::Deploy));
}

#[test]
fn two_finished_marbles_win_the_duel() {
    let mut game = duel();
    place(&mut game, CARNELIAN, 45);
    place(&mut game, CARNELIAN, 44);
    let events = advances(&mut game, CARNELIAN, 3);
    assert!(events.contains(&Event::Finished {
        marble: MarbleId(0),
        seat: CARNELIAN
    }));
    assert_eq!(game.outcome(), None);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    let events = advances(&mut game, CARNELIAN, 4);
    let outcome = Outcome {
        winner: Some(Team(0)),
        reason: WinReason::TwoFinished,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(game.outcome(), Some(outcome));
}

// ---------------------------------------------------------------------------------------
// Section 2: hiding and guessing
// ---------------------------------------------------------------------------------------

#[test]
fn duel_players_alternate_whatever_the_turn_brought() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 2);
    assert_eq!(*game.phase(), Phase::Conceal { actor: LAPIS });
    moves(&mut game, LAPIS, 3, Action::Deploy);
    assert_eq!(*game.phase(), Phase::Conceal { actor: CARNELIAN });
    moves(&mut game, CARNELIAN, 3, Action::Recover);
    assert_eq!(*game.phase(), Phase::Conceal { actor: LAPIS });
}

#[test]
fn teams_alternate_and_the_team_to_move_chooses_its_actor() {
    let mut game = teams();
    let action = Action::Choose { seat: Seat(1) };
    assert_eq!(
        refused(&mut game, Seat(3), action).to_string(),
        "it is not your turn to choose who acts: the game is waiting for the team to choose who acts"
    );
    let events = ok(&mut game, Seat(0), action);
    assert_eq!(
        events,
        [Event::ActorChosen {
            seat: Seat(1),
            turn: 1
        }]
    );
    moves(&mut game, Seat(1), 2, Action::Deploy);
    assert_eq!(*game.phase(), Phase::Choose { team: LIONESSES });
    moves(&mut game, Seat(5), 3, Action::Deploy);
    assert_eq!(*game.phase(), Phase::Choose { team: LIONS });
}

#[test]
fn conceal_ranges_from_one_to_the_reserve() {
    let mut game = duel();
    for (number, message) in [
        (0, "conceal 0 is outside 1–6"),
        (7, "conceal 7 is outside 1–6"),
    ] {
        let action = conceal(&game, CARNELIAN, number);
        assert_eq!(refused(&mut game, CARNELIAN, action).to_string(), message);
    }
    let by_lapis = conceal(&game, LAPIS, 3);
    assert!(matches!(
        refused(&mut game, LAPIS, by_lapis),
        MehenError::NotYourTurn { .. }
    ));
    assert_hides(&game, CARNELIAN, 6);
}

#[test]
fn the_guess_is_a_whole_number_in_the_concealers_range() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 4, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    let concealment = conceal(&game, CARNELIAN, 3);
    ok(&mut game, CARNELIAN, concealment);
    for number in [0, 6, 7] {
        assert_eq!(
            refused(&mut game, LAPIS, guess(number)).to_string(),
            format!("guess {number} is outside 1–5")
        );
    }
    // An out-of-range guess is refused, not counted as wrong: the guess is still awaited.
    assert!(matches!(game.phase(), Phase::Guess { .. }));
    assert!(matches!(
        refused(&mut game, CARNELIAN, guess(2)),
        MehenError::NotYourTurn { .. }
    ));
    ok(&mut game, LAPIS, guess(5));
}

#[test]
fn the_reveal_must_open_the_commitment() {
    let mut game = duel();
    let concealment = conceal(&game, CARNELIAN, 3);
    ok(&mut game, CARNELIAN, concealment);
    ok(&mut game, LAPIS, guess(1));
    assert!(matches!(
        refused(&mut game, LAPIS, reveal(3)),
        MehenError::NotYourTurn { .. }
    ));
    assert_eq!(
        refused(&mut game, CARNELIAN, reveal(4)).to_string(),
        "the revealed number and nonce do not open the commitment"
    );
    assert_eq!(
        refused(&mut game, CARNELIAN, reveal(7)).to_string(),
        "reveal 7 is outside 1–6"
    );
    let other_nonce = Action::Reveal {
        number: 3,
        nonce: Nonce::from_bytes([0; 32]),
    };
    assert_eq!(
        refused(&mut game, CARNELIAN, other_nonce),
        MehenError::Guessing(GuessingError::CommitmentMismatch)
    );
    ok(&mut game, CARNELIAN, reveal(3));

    // A commitment to 3 told to the engine as 4 opens to neither: the concealer can only
    // withhold.
    let mut game = duel();
    let Action::Conceal { commitment, .. } = conceal(&game, CARNELIAN, 3) else {
        unreachable!("conceal makes a concealment")
    };
    let hand = Some(Concealed::new(4));
    ok(&mut game, CARNELIAN, Action::Conceal { commitment, hand });
    ok(&mut game, LAPIS, guess(1));
    for number in [3, 4] {
        assert_eq!(
            refused(&mut game, CARNELIAN, reveal(number)),
            MehenError::Guessing(GuessingError::CommitmentMismatch)
        );
    }
    ok(&mut game, CARNELIAN, Action::Withhold);
}

#[test]
fn a_commitment_binds_its_turn_and_may_keep_the_number_from_the_engine() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    // A commitment made for another turn does not open on this one.
    let commitment = Commitment::new(&GAME, game.turn() - 1, LAPIS.0, &NONCE, 3);
    let hand = None;
    ok(&mut game, LAPIS, Action::Conceal { commitment, hand });
    ok(&mut game, CARNELIAN, guess(1));
    assert_eq!(
        refused(&mut game, LAPIS, reveal(3)),
        MehenError::Guessing(GuessingError::CommitmentMismatch)
    );

    // A trustless concealer keeps the number: the engine learns it only at the reveal.
    let mut game = duel();
    let commitment = Commitment::new(&GAME, game.turn(), CARNELIAN.0, &NONCE, 5);
    ok(&mut game, CARNELIAN, Action::Conceal { commitment, hand });
    assert_eq!(game.hand(Viewer::Seat(CARNELIAN)), None);
    ok(&mut game, LAPIS, guess(2));
    ok(&mut game, CARNELIAN, reveal(5));
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor: CARNELIAN,
            distance: 5
        }
    );
}

#[test]
fn correct_guess_knocks_one_lion_down() {
    let mut game = duel();
    let events = caught(&mut game, CARNELIAN, 4);
    assert!(events.contains(&Event::LionFell {
        seat: CARNELIAN,
        standing: 2
    }));
    assert_eq!(game.lions(CARNELIAN), 2);
    assert_eq!(game.lions(LAPIS), 3);
    assert!(game.marbles().is_empty());
    assert_eq!(*game.phase(), Phase::Conceal { actor: LAPIS });
}

#[test]
fn correct_guess_freezes_the_actor_in_the_team_game() {
    let mut game = teams();
    first_round(&mut game, &[]);
    let events = caught(&mut game, Seat(1), 5);
    assert!(events.contains(&Event::Frozen { seat: Seat(1) }));
    assert!(game.is_frozen(Seat(1)));
    assert_eq!(game.lions(Seat(1)), 0);
    assert!(
        game.seats()
            .filter(|&s| s != Seat(1))
            .all(|s| !game.is_frozen(s))
    );
    assert_eq!(spaces_of(&game, Seat(1)), [1]);
    assert_eq!(*game.phase(), Phase::Choose { team: LIONESSES });
}

#[test]
fn wrong_guess_lets_the_actor_move_or_recover() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 2);
    moves(&mut game, LAPIS, 2, Action::Deploy);
    wrong_guess(&mut game, CARNELIAN, 3);
    assert_eq!(
        game.legal_actions(CARNELIAN),
        [Action::Deploy, Action::Recover]
    );
    // Recovering is a choice: moving instead leaves the lion down.
    let mut moved = game.clone();
    ok(&mut moved, CARNELIAN, Action::Deploy);
    assert_eq!(spaces_of(&moved, CARNELIAN), [3]);
    assert_eq!(moved.lions(CARNELIAN), 2);
    ok(&mut game, CARNELIAN, Action::Recover);
    assert_eq!(game.lions(CARNELIAN), 3);
}

#[test]
fn wrong_guess_lets_the_actor_revive_a_frozen_teammate_instead_of_moving() {
    let mut game = teams();
    caught(&mut game, Seat(0), 1);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    wrong_guess(&mut game, Seat(1), 4);
    let revive = Action::Revive { seat: Seat(0) };
    assert_eq!(game.legal_actions(Seat(1)), [Action::Deploy, revive]);
    let events = ok(&mut game, Seat(1), revive);
    assert_eq!(
        events[0],
        Event::Revived {
            seat: Seat(0),
            by: Seat(1)
        }
    );
    assert!(!game.is_frozen(Seat(0)));
    assert!(spaces_of(&game, Seat(1)).is_empty());
}

#[test]
fn only_the_concealed_number_is_secret_and_every_reserve_is_public() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    let concealment = conceal(&game, CARNELIAN, 4);
    let Action::Conceal { commitment, .. } = concealment else {
        unreachable!("conceal makes a concealment")
    };
    let events = ok(&mut game, CARNELIAN, concealment);
    assert!(matches!(
        events[..],
        [Event::Concealed {
            seat: CARNELIAN,
            ..
        }]
    ));
    let hand = |game: &Mehen, viewer| game.hand(viewer);
    assert_eq!(hand(&game, Viewer::Seat(CARNELIAN)), Some(4));
    assert_eq!(hand(&game, Viewer::Seat(LAPIS)), None);
    assert_eq!(hand(&game, Viewer::Spectator), None);
    let spectator = game.view();
    let reserves: Vec<u8> = spectator.players.iter().map(|p| p.reserve).collect();
    assert_eq!(reserves, [5, 5]);
    assert_eq!(
        spectator.phase,
        PhaseView::Guess {
            actor: CARNELIAN,
            commitment,
            max: 5
        }
    );
    ok(&mut game, LAPIS, guess(1));
    let events = ok(&mut game, CARNELIAN, reveal(4));
    assert!(events.contains(&Event::Revealed {
        seat: CARNELIAN,
        turn: game.turn(),
        number: 4,
        nonce: NONCE,
        correct: false
    }));
    assert_eq!(hand(&game, Viewer::Seat(CARNELIAN)), None);
}

#[test]
fn concealed_marbles_return_to_hand_but_a_deployed_one_leaves_the_reserve() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 6);
    assert_eq!(game.reserve(CARNELIAN), 6);
    moves(&mut game, LAPIS, 2, Action::Deploy);
    moves(&mut game, CARNELIAN, 6, Action::Recover);
    assert_eq!(game.reserve(CARNELIAN), 6);
    advances(&mut game, LAPIS, 2);
    moves(&mut game, CARNELIAN, 5, Action::Deploy);
    assert_eq!(game.reserve(CARNELIAN), 5);
}

#[test]
fn a_capture_puts_the_marble_back_in_its_owners_pile_to_enter_again() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 3, Action::Deploy);
    assert_eq!(game.reserve(CARNELIAN), 5);
    let events = moves(&mut game, LAPIS, 3, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(0), CARNELIAN)]);
    assert_eq!(game.reserve(CARNELIAN), 6);
    assert!(spaces_of(&game, CARNELIAN).is_empty());
    assert_hides(&game, CARNELIAN, 6);
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    assert_eq!(ids_of(&game, CARNELIAN), [MarbleId(2)]);
}

#[test]
fn reserve_ranges_follow_the_table() {
    let mut game = duel();
    assert_hides(&game, CARNELIAN, 6);
    moves(&mut game, CARNELIAN, 6, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    assert_hides(&game, CARNELIAN, 5);
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    advances(&mut game, LAPIS, 4);
    assert_hides(&game, CARNELIAN, 4);
    assert_eq!(game.reserve(LAPIS), 5);
}

#[test]
fn one_marble_on_the_serpent_leaves_a_six_player_reserve_of_five() {
    let mut game = teams();
    assert_hides(&game, Seat(0), 6);
    first_round(&mut game, &[]);
    for seat in game.seats() {
        assert_eq!(game.reserve(seat), 5);
    }
    assert_hides(&game, Seat(0), 5);
}

#[test]
fn first_finish_costs_each_other_teammate_a_marble() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    let events = advances(&mut game, Seat(0), 3);
    assert_eq!(
        events[events.len() - 3..],
        [
            Event::Finished {
                marble: MarbleId(0),
                seat: Seat(0)
            },
            Event::MarbleLost { seat: Seat(1) },
            Event::MarbleLost { seat: Seat(2) },
        ]
    );
    let lost: Vec<u8> = game.seats().map(|s| game.lost(s)).collect();
    assert_eq!(lost, [0, 1, 1, 0, 0, 0]);
    // The finisher's own reserve is 6 less the finished marble.
    assert_eq!(game.reserve(Seat(0)), 5);
    assert_eq!(game.reserve(Seat(1)), 5);
    assert_eq!(game.reserve(Seat(3)), 6);
}

#[test]
fn after_the_first_finish_teammates_hide_up_to_five_then_four() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    advances(&mut game, Seat(0), 3);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    assert_hides(&game, Seat(1), 5);
    moves(&mut game, Seat(1), 1, Action::Deploy);
    assert_eq!(game.reserve(Seat(1)), 4);
    // Seat 4 captures seat 1's marble: it comes back, but the lost marble stays lost.
    let events = moves(&mut game, Seat(4), 1, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(2), Seat(1))]);
    assert_eq!(game.reserve(Seat(1)), 5);
    assert_hides(&game, Seat(2), 5);
    moves(&mut game, Seat(2), 3, Action::Deploy);
    assert_eq!(game.reserve(Seat(2)), 4);
}

#[test]
fn a_teams_first_finished_marble_is_complete_and_safe() {
    let mut game = teams();
    let lion = place(&mut game, Seat(0), 45);
    let lioness = place(&mut game, Seat(3), 44);
    advances(&mut game, Seat(0), 3);
    assert!(game.has_finished(Seat(0)));
    let events = advances(&mut game, Seat(3), 5);
    assert!(captures(&events).is_empty());
    let view = game.view();
    assert!(view.marbles[&lion].finished && view.marbles[&lioness].finished);
    let lost: Vec<u8> = game.seats().map(|s| game.lost(s)).collect();
    assert_eq!(lost, [0, 1, 1, 0, 1, 1]);
}

#[test]
fn teammates_marbles_on_the_serpent_stay_after_the_first_finish() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    place(&mut game, Seat(1), 10);
    advances(&mut game, Seat(0), 3);
    assert_eq!(spaces_of(&game, Seat(1)), [10]);
    assert_eq!(game.reserve(Seat(1)), 4);
}

// ---------------------------------------------------------------------------------------
// Section 3: movement and capturing
// ---------------------------------------------------------------------------------------

#[test]
fn after_a_wrong_guess_the_actor_takes_exactly_one_action() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    wrong_guess(&mut game, CARNELIAN, 3);
    let first = advance(&game, CARNELIAN);
    assert_eq!(game.legal_actions(CARNELIAN), [first, Action::Deploy]);
    assert_eq!(
        game.view().phase,
        PhaseView::Act {
            actor: CARNELIAN,
            distance: 3,
            options: vec![
                ActOption {
                    action: first,
                    lands_on: Some(5)
                },
                ActOption {
                    action: Action::Deploy,
                    lands_on: Some(3)
                },
            ]
        }
    );
    ok(&mut game, CARNELIAN, first);
    assert_eq!(
        refused(&mut game, CARNELIAN, Action::Deploy).to_string(),
        "you cannot deploy now: the game is waiting for the actor to conceal"
    );
}

#[test]
fn advance_moves_one_own_marble_by_the_concealed_number() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    moves(&mut game, CARNELIAN, 4, Action::Deploy);
    advances(&mut game, LAPIS, 2);
    let second = Action::Advance {
        marble: ids_of(&game, CARNELIAN)[1],
    };
    let events = moves(&mut game, CARNELIAN, 4, second);
    assert!(events.contains(&Event::Advanced {
        marble: MarbleId(2),
        seat: CARNELIAN,
        from: 4,
        to: 8
    }));
    assert_eq!(spaces_of(&game, CARNELIAN), [2, 8]);
}

#[test]
fn deploy_is_refused_at_the_serpent_limit() {
    let mut game = teams();
    first_round(&mut game, &[]);
    wrong_guess(&mut game, Seat(0), 2);
    assert_eq!(game.legal_actions(Seat(0)), [advance(&game, Seat(0))]);
    assert_eq!(
        refused(&mut game, Seat(0), Action::Deploy),
        MehenError::SerpentFull { limit: 1 }
    );
}

#[test]
fn recovery_spends_the_whole_turn_and_moves_no_marble() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    caught(&mut game, LAPIS, 3);
    advances(&mut game, CARNELIAN, 1);
    wrong_guess(&mut game, LAPIS, 4);
    let marbles = game.marbles().to_vec();
    let events = ok(&mut game, LAPIS, Action::Recover);
    assert_eq!(
        events[0],
        Event::LionStood {
            seat: LAPIS,
            standing: 3
        }
    );
    assert_eq!(game.marbles(), marbles);
    assert_eq!(*game.phase(), Phase::Conceal { actor: CARNELIAN });
    assert!(matches!(
        refused(&mut game, LAPIS, Action::Deploy),
        MehenError::WrongPhase { .. }
    ));
}

#[test]
fn with_nobody_to_recover_the_actor_must_move() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 2);
    assert_eq!(game.legal_actions(CARNELIAN), [Action::Deploy]);
    assert_eq!(
        refused(&mut game, CARNELIAN, Action::Recover).to_string(),
        "none of your lions has fallen"
    );

    let mut game = teams();
    wrong_guess(&mut game, Seat(0), 2);
    assert_eq!(game.legal_actions(Seat(0)), [Action::Deploy]);
    let revive = Action::Revive { seat: Seat(1) };
    assert_eq!(
        refused(&mut game, Seat(0), revive).to_string(),
        "seat 1 is not frozen"
    );
}

#[test]
fn nobody_may_pass_while_an_action_is_legal() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 2);
    for (seat, action) in [
        (CARNELIAN, Action::Withhold),
        (CARNELIAN, conceal(&game, CARNELIAN, 2)),
        (LAPIS, conceal(&game, LAPIS, 2)),
        (LAPIS, Action::Deploy),
        (LAPIS, guess(2)),
    ] {
        refused(&mut game, seat, action);
    }
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor: CARNELIAN,
            distance: 2
        }
    );
}

#[test]
fn a_player_moves_only_their_own_marbles() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    wrong_guess(&mut game, CARNELIAN, 3);
    let lapis = advance(&game, LAPIS);
    assert_eq!(
        refused(&mut game, CARNELIAN, lapis).to_string(),
        "marble 1 is not yours"
    );
    let bogus = Action::Advance {
        marble: MarbleId(99),
    };
    assert_eq!(
        refused(&mut game, CARNELIAN, bogus).to_string(),
        "there is no marble 99 on the serpent"
    );

    let mut game = teams();
    first_round(&mut game, &[]);
    wrong_guess(&mut game, Seat(1), 2);
    let ally = advance(&game, Seat(0));
    assert_eq!(
        refused(&mut game, Seat(1), ally),
        MehenError::NotYourMarble {
            marble: MarbleId(0)
        }
    );
}

#[test]
fn marbles_travel_inward_only() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 5, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    wrong_guess(&mut game, CARNELIAN, 3);
    let landings: Vec<Option<u8>> = game.act_options().iter().map(|o| o.lands_on).collect();
    assert_eq!(landings, [Some(8), Some(3)]);
    let forward = advance(&game, CARNELIAN);
    ok(&mut game, CARNELIAN, forward);
    assert_eq!(spaces_of(&game, CARNELIAN), [8]);
}

#[test]
fn passing_an_opposing_marble_does_not_capture() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 1, Action::Deploy);
    moves(&mut game, LAPIS, 3, Action::Deploy);
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    caught(&mut game, LAPIS, 2);
    // The marble on 1 passes its friend on 2 and Lapis on 3.
    let events = advances(&mut game, CARNELIAN, 4);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, LAPIS), [3]);
    assert_eq!(spaces_of(&game, CARNELIAN), [5, 2]);
}

#[test]
fn passing_allied_and_opposing_marbles_changes_nothing() {
    let mut game = teams();
    first_round(&mut game, &[]);
    // Seat 0 on 1 passes Lionesses on 2, 2 and 4, and an ally on 3.
    let before = game.marbles().to_vec();
    let events = advances(&mut game, Seat(0), 4);
    assert!(captures(&events).is_empty());
    assert_eq!(game.marbles()[1..], before[1..]);
    assert_eq!(spaces_of(&game, Seat(0)), [5]);
}

#[test]
fn occupied_spaces_still_count() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 1, Action::Deploy);
    moves(&mut game, LAPIS, 2, Action::Deploy);
    advances(&mut game, CARNELIAN, 2);
    // Space 2, held by Lapis, is counted: 1 + 2 lands on 3.
    assert_eq!(spaces_of(&game, CARNELIAN), [3]);
}

#[test]
fn friendly_marbles_share_a_space() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    let events = moves(&mut game, CARNELIAN, 2, Action::Deploy);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, CARNELIAN), [2, 2]);
}

#[test]
fn allied_marbles_share_a_space_and_are_never_captured() {
    let mut game = teams();
    moves(&mut game, Seat(0), 3, Action::Deploy);
    moves(&mut game, Seat(3), 1, Action::Deploy);
    let events = moves(&mut game, Seat(1), 3, Action::Deploy);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, Seat(0)), [3]);
    assert_eq!(spaces_of(&game, Seat(1)), [3]);
}

#[test]
fn landing_on_an_opposing_marble_captures_it() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 5, Action::Deploy);
    let events = advances(&mut game, CARNELIAN, 3);
    assert!(events.contains(&Event::Captured {
        marble: MarbleId(1),
        owner: LAPIS,
        at: 5,
        by: MarbleId(0)
    }));
    assert!(spaces_of(&game, LAPIS).is_empty());
    assert_eq!(game.reserve(LAPIS), 6);
}

#[test]
fn deploying_onto_an_opposing_marble_captures_it() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 4, Action::Deploy);
    let events = moves(&mut game, LAPIS, 4, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(0), CARNELIAN)]);
    assert_eq!(spaces_of(&game, LAPIS), [4]);
}

#[test]
fn lowest_seat_is_captured_when_several_share_the_space() {
    let mut game = teams();
    moves(&mut game, Seat(0), 1, Action::Deploy);
    moves(&mut game, Seat(4), 5, Action::Deploy);
    moves(&mut game, Seat(1), 2, Action::Deploy);
    moves(&mut game, Seat(3), 5, Action::Deploy);
    // Seats 3 and 4 share space 5; seat 4 entered first, but seat 3 is the lower seat.
    let events = moves(&mut game, Seat(2), 5, Action::Deploy);
    assert_eq!(captures(&events), [(MarbleId(3), Seat(3))]);
    assert_eq!(spaces_of(&game, Seat(4)), [5]);
    assert_eq!(spaces_of(&game, Seat(2)), [5]);
}

#[test]
fn earliest_marble_of_one_player_is_captured() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 1, Action::Deploy);
    moves(&mut game, LAPIS, 3, Action::Deploy);
    moves(&mut game, CARNELIAN, 5, Action::Deploy);
    moves(&mut game, LAPIS, 3, Action::Deploy);
    assert_eq!(spaces_of(&game, LAPIS), [3, 3]);
    let events = advances(&mut game, CARNELIAN, 2);
    assert_eq!(captures(&events), [(MarbleId(1), LAPIS)]);
    assert_eq!(ids_of(&game, LAPIS), [MarbleId(3)]);
}

#[test]
fn a_marble_that_reaches_or_passes_the_head_finishes() {
    for hidden in [3, 5] {
        let mut game = duel();
        let marble = place(&mut game, CARNELIAN, 45);
        let events = advances(&mut game, CARNELIAN, hidden);
        assert_eq!(
            events[3..5],
            [
                Event::Advanced {
                    marble,
                    seat: CARNELIAN,
                    from: 45,
                    to: HEAD
                },
                Event::Finished {
                    marble,
                    seat: CARNELIAN
                }
            ]
        );
    }
}

#[test]
fn a_finished_marble_is_safe_from_capture_and_never_moves_again() {
    let mut game = duel();
    let finished = place(&mut game, CARNELIAN, 45);
    place(&mut game, LAPIS, 46);
    advances(&mut game, CARNELIAN, 3);
    let events = advances(&mut game, LAPIS, 2);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, CARNELIAN), [HEAD]);
    assert_eq!(spaces_of(&game, LAPIS), [HEAD]);
    wrong_guess(&mut game, CARNELIAN, 2);
    assert_eq!(game.legal_actions(CARNELIAN), [Action::Deploy]);
    let again = Action::Advance { marble: finished };
    assert_eq!(
        refused(&mut game, CARNELIAN, again).to_string(),
        "marble 0 has finished and cannot move again"
    );
}

// ---------------------------------------------------------------------------------------
// Section 4: lions and recovery
// ---------------------------------------------------------------------------------------

#[test]
fn views_show_standing_fallen_and_frozen_lions() {
    let mut game = duel();
    caught(&mut game, CARNELIAN, 1);
    let lions: Vec<u8> = game.view().players.iter().map(|p| p.lions).collect();
    assert_eq!(lions, [2, 3]);

    let mut game = teams();
    caught(&mut game, Seat(0), 1);
    let view = game.view();
    let frozen: Vec<bool> = view.players.iter().map(|p| p.frozen).collect();
    assert_eq!(frozen, [true, false, false, false, false, false]);
}

#[test]
fn three_fallen_lions_lose_at_once() {
    let mut game = duel();
    for hidden in [1, 2] {
        caught(&mut game, CARNELIAN, hidden);
        moves(&mut game, LAPIS, hidden, Action::Deploy);
    }
    let events = caught(&mut game, CARNELIAN, 6);
    let outcome = Outcome {
        winner: Some(Team(1)),
        reason: WinReason::LionsFallen,
    };
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::LionFell {
                seat: CARNELIAN,
                standing: 0
            },
            Event::GameOver { outcome }
        ]
    );
    assert_eq!(game.outcome(), Some(outcome));
    let late = conceal(&game, LAPIS, 1);
    assert_eq!(
        refused(&mut game, LAPIS, late).to_string(),
        "the game is over"
    );
}

#[test]
fn a_frozen_players_marble_stays_and_can_still_be_captured() {
    let mut game = teams();
    first_round(&mut game, &[]);
    caught(&mut game, Seat(2), 4);
    assert_eq!(spaces_of(&game, Seat(2)), [3]);
    wrong_guess(&mut game, Seat(3), 1);
    let frozen_moves = advance(&game, Seat(2));
    assert!(matches!(
        refused(&mut game, Seat(2), frozen_moves),
        MehenError::NotYourTurn { .. }
    ));
    let forward = advance(&game, Seat(3));
    let events = ok(&mut game, Seat(3), forward);
    assert_eq!(captures(&events), [(MarbleId(4), Seat(2))]);
    assert_eq!(game.reserve(Seat(2)), 6);
}

#[test]
fn team_loses_when_all_three_frozen() {
    let mut game = teams();
    caught(&mut game, Seat(0), 1);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    caught(&mut game, Seat(1), 3);
    moves(&mut game, Seat(4), 2, Action::Deploy);
    let events = caught(&mut game, Seat(2), 5);
    let outcome = Outcome {
        winner: Some(LIONESSES),
        reason: WinReason::AllFrozen,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(game.outcome(), Some(outcome));
}

#[test]
fn three_freezes_not_at_the_same_time_do_not_lose() {
    let mut game = teams();
    freeze_and_revive(&mut game);
    caught(&mut game, Seat(2), 5);
    moves(&mut game, Seat(5), 4, Action::Deploy);
    caught(&mut game, Seat(0), 3);
    assert_eq!(game.outcome(), None);
    let frozen: Vec<Seat> = game.seats().filter(|&s| game.is_frozen(s)).collect();
    assert_eq!(frozen, [Seat(0), Seat(2)]);
}

// ---------------------------------------------------------------------------------------
// Section 5: six-player team rules
// ---------------------------------------------------------------------------------------

#[test]
fn a_round_is_six_alternating_team_opportunities() {
    let mut game = teams();
    let mut teams_seen = Vec::new();
    for (seat, hidden) in ROUND_ONE {
        teams_seen.push(game.team_of(Seat(seat)));
        let (round, opportunity) = game.round();
        assert_eq!(round, 1);
        assert_eq!(usize::from(opportunity), teams_seen.len() - 1);
        let events = moves(&mut game, Seat(seat), hidden, Action::Deploy);
        if opportunity == 5 {
            assert!(events.contains(&Event::RoundStarted { round: 2 }));
        }
    }
    assert_eq!(
        teams_seen,
        [LIONS, LIONESSES, LIONS, LIONESSES, LIONS, LIONESSES]
    );
    assert_eq!(game.round(), (2, 0));
}

#[test]
fn the_team_chooses_only_a_teammate_who_has_not_yet_acted() {
    let mut game = teams();
    moves(&mut game, Seat(0), 1, Action::Deploy);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    assert_eq!(
        refused(&mut game, Seat(1), Action::Choose { seat: Seat(0) }).to_string(),
        "seat 0 cannot be chosen: they have already acted this round"
    );
    assert_eq!(
        refused(&mut game, Seat(1), Action::Choose { seat: Seat(4) }).to_string(),
        "seat 4 is not on your team"
    );
    let choices = [Seat(1), Seat(2)].map(|seat| Action::Choose { seat });
    assert_eq!(game.legal_actions(Seat(1)), choices);
}

#[test]
fn each_player_acts_at_most_once_per_round() {
    let mut game = teams();
    moves(&mut game, Seat(0), 1, Action::Deploy);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    moves(&mut game, Seat(1), 1, Action::Deploy);
    let events = moves(&mut game, Seat(4), 2, Action::Deploy);
    // Only seat 2 of the Lions has not acted, so the engine names them at once.
    assert_eq!(
        events.last(),
        Some(&Event::ActorChosen {
            seat: Seat(2),
            turn: 5
        })
    );
    assert!(
        [0, 1, 2]
            .map(Seat)
            .iter()
            .all(|&s| game.has_acted_this_round(s))
    );
}

#[test]
fn a_correct_guess_still_uses_that_turn() {
    let mut game = teams();
    freeze_and_revive(&mut game);
    // Seat 0 is standing again, but its caught turn counts: seat 2 is the only choice.
    assert!(game.has_acted_this_round(Seat(0)));
    assert_eq!(*game.phase(), Phase::Conceal { actor: Seat(2) });
}

#[test]
fn frozen_player_cannot_be_chosen() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0)]);
    assert_eq!(game.round(), (2, 0));
    assert_eq!(
        refused(&mut game, Seat(1), Action::Choose { seat: Seat(0) }).to_string(),
        "seat 0 cannot be chosen: they are frozen"
    );
    assert_eq!(
        game.view().phase,
        PhaseView::Choose {
            team: LIONS,
            eligible: vec![Seat(1), Seat(2)]
        }
    );
}

#[test]
fn revived_player_may_still_act_this_round() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0)]);
    moves(&mut game, Seat(1), 3, Action::Revive { seat: Seat(0) });
    advances(&mut game, Seat(3), 3);
    let events = moves(&mut game, Seat(0), 6, Action::Deploy);
    assert!(events.contains(&Event::ActorChosen {
        seat: Seat(0),
        turn: 9
    }));
    assert_eq!(spaces_of(&game, Seat(0)), [6]);
}

#[test]
fn opportunity_with_nobody_able_is_skipped() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0), Seat(1)]);
    // Round 2: seat 2 is the only Lion able to act, and acts first.
    advances(&mut game, Seat(2), 3);
    let events = advances(&mut game, Seat(3), 1);
    let turn = game.turn();
    assert_eq!(
        events.last(),
        Some(&Event::OpportunitySkipped { team: LIONS })
    );
    assert_eq!(game.round(), (2, 3));
    assert_eq!(*game.phase(), Phase::Choose { team: LIONESSES });
    // A skipped opportunity takes no turn number.
    let events = choose(&mut game, Seat(4));
    assert_eq!(
        events,
        [Event::ActorChosen {
            seat: Seat(4),
            turn: turn + 1
        }]
    );
}

#[test]
fn everyone_may_act_again_after_the_round() {
    let mut game = teams();
    first_round(&mut game, &[]);
    assert!(game.seats().all(|s| !game.has_acted_this_round(s)));
    let choices = [0, 1, 2].map(|s| Action::Choose { seat: Seat(s) });
    assert_eq!(game.legal_actions(Seat(2)), choices);
}

#[test]
fn the_guessing_team_gives_one_guess_entered_by_any_member() {
    let mut game = teams();
    choose(&mut game, Seat(1));
    let concealment = conceal(&game, Seat(1), 3);
    ok(&mut game, Seat(1), concealment);
    for seat in [3, 4, 5].map(Seat) {
        assert_eq!(game.legal_actions(seat).len(), 6);
    }
    assert!(matches!(
        refused(&mut game, Seat(2), guess(1)),
        MehenError::NotYourTurn { .. }
    ));
    let events = ok(&mut game, Seat(5), guess(1));
    assert_eq!(
        events,
        [Event::Guessed {
            by: Seat(5),
            number: 1
        }]
    );
    assert!(matches!(
        refused(&mut game, Seat(4), guess(2)),
        MehenError::WrongPhase { .. }
    ));
}

#[test]
fn guessing_is_not_a_turn() {
    let mut game = teams();
    let events = play_turn(&mut game, Seat(0), 2, 2, None);
    assert!(events.contains(&Event::Guessed {
        by: Seat(3),
        number: 2
    }));
    assert!(!game.has_acted_this_round(Seat(3)));
    let choices = [3, 4, 5].map(|s| Action::Choose { seat: Seat(s) });
    assert_eq!(game.legal_actions(Seat(3)), choices);
    moves(&mut game, Seat(3), 4, Action::Deploy);
}

#[test]
fn a_frozen_player_may_enter_the_team_guess() {
    let mut game = teams();
    moves(&mut game, Seat(0), 1, Action::Deploy);
    caught(&mut game, Seat(3), 2);
    choose(&mut game, Seat(1));
    let concealment = conceal(&game, Seat(1), 3);
    ok(&mut game, Seat(1), concealment);
    assert!(game.is_frozen(Seat(3)));
    ok(&mut game, Seat(3), guess(3));
}

#[test]
fn any_team_member_may_choose_even_a_frozen_one() {
    let mut game = teams();
    first_round(&mut game, &[Seat(0)]);
    let events = ok(&mut game, Seat(0), Action::Choose { seat: Seat(2) });
    assert!(matches!(
        events[..],
        [Event::ActorChosen { seat: Seat(2), .. }]
    ));
}

#[test]
fn finisher_may_be_chosen_only_to_revive() {
    let mut game = teams();
    let finished = place(&mut game, Seat(0), 45);
    first_round(&mut game, &[Seat(1)]);
    wrong_guess(&mut game, Seat(0), 5);
    let revive = Action::Revive { seat: Seat(1) };
    assert_eq!(game.legal_actions(Seat(0)), [revive]);
    assert_eq!(
        refused(&mut game, Seat(0), Action::Deploy).to_string(),
        "you have finished your journey: you may only revive a frozen teammate"
    );
    let again = Action::Advance { marble: finished };
    assert_eq!(
        refused(&mut game, Seat(0), again),
        MehenError::MarbleFinished { marble: finished }
    );
    ok(&mut game, Seat(0), revive);
    assert_eq!(spaces_of(&game, Seat(0)), [HEAD]);
    assert!(!game.is_frozen(Seat(1)));
}

#[test]
fn finisher_without_a_frozen_teammate_cannot_be_chosen() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    first_round(&mut game, &[]);
    assert_eq!(
        refused(&mut game, Seat(1), Action::Choose { seat: Seat(0) }).to_string(),
        "seat 0 cannot be chosen: they have finished and have no frozen teammate to revive"
    );
}

#[test]
fn opportunity_is_skipped_when_only_an_idle_finisher_remains() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    first_round(&mut game, &[]);
    // Round 2: seat 1 (on 1) to 5, seat 3 (on 2) to 7, seat 2 (on 3) to 5, seat 4 (on 2) to 3.
    for (seat, hidden) in [(1, 4), (3, 5), (2, 2)] {
        advances(&mut game, Seat(seat), hidden);
    }
    let events = advances(&mut game, Seat(4), 1);
    assert!(captures(&events).is_empty());
    assert!(events.contains(&Event::OpportunitySkipped { team: LIONS }));
    assert_eq!(*game.phase(), Phase::Conceal { actor: Seat(5) });
    assert_eq!(game.outcome(), None);
}

#[test]
fn frozen_finishers_journey_still_counts() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    place(&mut game, Seat(2), 44);
    place(&mut game, Seat(5), 40);
    first_round(&mut game, &[Seat(1)]);
    // Round 2: the finisher, chosen to revive, is caught and freezes.
    caught(&mut game, Seat(0), 4);
    assert!(game.is_frozen(Seat(0)) && game.has_finished(Seat(0)));
    // A Lioness reaches the head: the frozen finisher's marble is still safe there.
    let events = advances(&mut game, Seat(5), 5);
    assert!(captures(&events).is_empty());
    assert_eq!(spaces_of(&game, Seat(0)), [HEAD]);
    // Seat 2 finishes the team's second journey while the first finisher is frozen.
    let events = advances(&mut game, Seat(2), 1);
    let outcome = Outcome {
        winner: Some(LIONS),
        reason: WinReason::TwoFinished,
    };
    assert_eq!(events.last(), Some(&Event::GameOver { outcome }));
}

#[test]
fn frozen_finisher_may_be_revived() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    first_round(&mut game, &[Seat(1)]);
    caught(&mut game, Seat(0), 4);
    advances(&mut game, Seat(3), 5);
    wrong_guess(&mut game, Seat(2), 2);
    let [zero, one] = [0, 1].map(|s| Action::Revive { seat: Seat(s) });
    assert_eq!(
        game.legal_actions(Seat(2)),
        [advance(&game, Seat(2)), zero, one]
    );
    ok(&mut game, Seat(2), zero);
    assert!(!game.is_frozen(Seat(0)));
    assert!(game.has_finished(Seat(0)));
}

#[test]
fn team_wins_with_two_different_finishers() {
    let mut game = teams();
    place(&mut game, Seat(0), 45);
    place(&mut game, Seat(1), 44);
    advances(&mut game, Seat(0), 3);
    moves(&mut game, Seat(3), 2, Action::Deploy);
    let events = advances(&mut game, Seat(1), 4);
    let outcome = Outcome {
        winner: Some(LIONS),
        reason: WinReason::TwoFinished,
    };
    // The second finish wins at once and costs nobody a marble.
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::Finished {
                marble: MarbleId(1),
                seat: Seat(1)
            },
            Event::GameOver { outcome }
        ]
    );
    assert_eq!(game.lost(Seat(2)), 1);
}

// ---------------------------------------------------------------------------------------
// Section 6: the illustrated examples
// ---------------------------------------------------------------------------------------

#[test]
fn example_a_hidden_movement_conceal_four_wrong_guess_two_moves_exactly_four() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 3, Action::Deploy);
    moves(&mut game, LAPIS, 1, Action::Deploy);
    let events = play_turn(&mut game, CARNELIAN, 4, 2, None);
    assert!(events.contains(&Event::Guessed {
        by: LAPIS,
        number: 2
    }));
    assert_eq!(
        *game.phase(),
        Phase::Act {
            actor: CARNELIAN,
            distance: 4
        }
    );
    let forward = advance(&game, CARNELIAN);
    let events = ok(&mut game, CARNELIAN, forward);
    assert_eq!(
        events[0],
        Event::Advanced {
            marble: MarbleId(0),
            seat: CARNELIAN,
            from: 3,
            to: 7
        }
    );
}

#[test]
fn example_b_deploying_enters_at_the_tail_and_moves_the_concealed_number() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 3);
    assert_eq!(
        game.act_options(),
        [ActOption {
            action: Action::Deploy,
            lands_on: Some(3)
        }]
    );
    let events = ok(&mut game, CARNELIAN, Action::Deploy);
    assert_eq!(
        events[0],
        Event::Deployed {
            marble: MarbleId(0),
            seat: CARNELIAN,
            to: 3
        }
    );
    assert_eq!(game.reserve(CARNELIAN), 5);
    // Deploying 1 lands on space 1: no marble ever rests on the tail.
    moves(&mut game, LAPIS, 1, Action::Deploy);
    assert_eq!(spaces_of(&game, LAPIS), [1]);
    assert!(game.marbles().iter().all(|m| m.space > 0));
}

#[test]
fn example_c_jumping_over_one_marble_and_capturing_another() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 6, Action::Deploy);
    moves(&mut game, CARNELIAN, 1, Action::Deploy);
    moves(&mut game, LAPIS, 4, Action::Deploy);
    // Before: red on 2 and 1, blue on 6 and 4. The red marble on 2 moves 4.
    assert_eq!(spaces_of(&game, LAPIS), [6, 4]);
    let events = advances(&mut game, CARNELIAN, 4);
    // After: the blue marble on 4 was jumped and stays; the one on 6 went back to the pile.
    assert_eq!(captures(&events), [(MarbleId(1), LAPIS)]);
    assert_eq!(spaces_of(&game, CARNELIAN), [6, 1]);
    assert_eq!(spaces_of(&game, LAPIS), [4]);
    assert_eq!(game.reserve(LAPIS), 5);
}

#[test]
fn example_c_finishing_by_passing_the_head() {
    let mut game = duel();
    let marble = place(&mut game, CARNELIAN, 44);
    wrong_guess(&mut game, CARNELIAN, 5);
    let advance = Action::Advance { marble };
    assert_eq!(game.act_options()[0].lands_on, Some(HEAD));
    let events = ok(&mut game, CARNELIAN, advance);
    assert!(events.contains(&Event::Finished {
        marble,
        seat: CARNELIAN
    }));
    assert_eq!(spaces_of(&game, CARNELIAN), [HEAD]);
    assert_eq!(game.reserve(CARNELIAN), 5);
    assert!(game.view().marbles[&marble].finished);
}

#[test]
fn example_d_recovery_stands_a_lion_instead_of_moving() {
    let mut game = duel();
    moves(&mut game, CARNELIAN, 2, Action::Deploy);
    moves(&mut game, LAPIS, 3, Action::Deploy);
    caught(&mut game, CARNELIAN, 4);
    advances(&mut game, LAPIS, 1);
    wrong_guess(&mut game, CARNELIAN, 3);
    let landings: Vec<Option<u8>> = game.act_options().iter().map(|o| o.lands_on).collect();
    assert_eq!(landings, [Some(5), Some(3), None]);
    let marbles = game.marbles().to_vec();
    ok(&mut game, CARNELIAN, Action::Recover);
    assert_eq!(game.lions(CARNELIAN), 3);
    assert_eq!(game.marbles(), marbles);
    assert_eq!(*game.phase(), Phase::Conceal { actor: LAPIS });
}

#[test]
fn example_e_team_revival_leaves_the_marble_in_place() {
    let mut game = teams();
    first_round(&mut game, &[]);
    caught(&mut game, Seat(2), 2);
    advances(&mut game, Seat(3), 3);
    let events = moves(&mut game, Seat(0), 2, Action::Revive { seat: Seat(2) });
    assert!(events.contains(&Event::Revived {
        seat: Seat(2),
        by: Seat(0)
    }));
    assert!(!game.is_frozen(Seat(2)));
    assert_eq!(spaces_of(&game, Seat(2)), [3]);
    assert_eq!(spaces_of(&game, Seat(0)), [1]);
}

// ---------------------------------------------------------------------------------------
// Decisions and refusals
// ---------------------------------------------------------------------------------------

#[test]
fn a_withheld_reveal_counts_as_a_correct_guess() {
    let mut game = duel();
    let concealment = conceal(&game, CARNELIAN, 3);
    assert!(matches!(
        refused(&mut game, CARNELIAN, Action::Withhold),
        MehenError::WrongPhase { .. }
    ));
    ok(&mut game, CARNELIAN, concealment);
    ok(&mut game, LAPIS, guess(1));
    assert!(matches!(
        refused(&mut game, LAPIS, Action::Withhold),
        MehenError::NotYourTurn { .. }
    ));
    let events = ok(&mut game, CARNELIAN, Action::Withhold);
    assert_eq!(events[0], Event::Withheld { seat: CARNELIAN });
    assert_eq!(game.lions(CARNELIAN), 2);

    let mut game = teams();
    choose(&mut game, Seat(2));
    let concealment = conceal(&game, Seat(2), 3);
    ok(&mut game, Seat(2), concealment);
    ok(&mut game, Seat(4), guess(1));
    ok(&mut game, Seat(2), Action::Withhold);
    assert!(game.is_frozen(Seat(2)));
}

#[test]
fn refusals_outside_the_mode_or_the_table_explain_themselves() {
    let mut game = duel();
    wrong_guess(&mut game, CARNELIAN, 2);
    assert_eq!(
        refused(&mut game, Seat(2), Action::Deploy).to_string(),
        "seat 2 is not at this table"
    );
    let revive = Action::Revive { seat: LAPIS };
    assert_eq!(
        refused(&mut game, CARNELIAN, revive).to_string(),
        "that action is not part of this game mode"
    );
    assert_eq!(
        refused(&mut game, CARNELIAN, Action::Choose { seat: LAPIS }).to_string(),
        "you cannot choose who acts now: the game is waiting for the actor to move or recover"
    );

    let mut game = teams();
    first_round(&mut game, &[Seat(1)]);
    wrong_guess(&mut game, Seat(0), 2);
    assert_eq!(
        refused(&mut game, Seat(0), Action::Recover),
        MehenError::NotInThisMode
    );
    let opposing = Action::Revive { seat: Seat(3) };
    assert_eq!(
        refused(&mut game, Seat(0), opposing).to_string(),
        "seat 3 is not on your team"
    );
    let off_the_table = Action::Revive { seat: Seat(6) };
    assert_eq!(
        refused(&mut game, Seat(0), off_the_table),
        MehenError::NotTeammate { seat: Seat(6) }
    );
    assert!(game.legal_actions(Seat(6)).is_empty());
}

/// The checks every rule set passes, over random games of both modes and boards.
#[test]
fn passes_the_shared_conformance_checks() {
    use crate::rules::conformance::check_random_games;
    for mode in [Mode::Duel, Mode::Teams] {
        for board in [Board::Compact, Board::Extended] {
            let config = Config { mode, board };
            let report = check_random_games::<Mehen>(&config, 40, 1, 20_000, |game| {
                for seat in game.seats() {
                    let on = game.marbles().iter().filter(|m| m.owner == seat).count() as u8;
                    if game.reserve(seat) + on + game.lost(seat) != MARBLES {
                        return Err(format!("{seat}'s marbles are not conserved"));
                    }
                }
                Ok(())
            })
            .unwrap();
            assert_eq!(report.games, 40);
        }
    }
}
