//! Properties of the Mehen engine over thousands of random legal games, on both boards and in
//! both modes.
//!
//! Two drivers play the games: the engine's own `RandomPlayer`, and a varied player that picks
//! any seat's legal action (so any teammate chooses or guesses, frozen ones included), keeps
//! some concealments from the engine, sometimes withholds a reveal, and sometimes commits to a
//! number it cannot reveal. After every step the game is checked against the seed's
//! invariants; at the end the action log is replayed. Seeds are fixed, so runs repeat.

use std::collections::BTreeMap;

use hesy::fair::{Commitment, GameId, Nonce};
use hesy::rules::mehen::{
    Action, Board, Config, Event, MARBLES, MarbleId, Mehen, Mode, Phase, WinReason,
};
use hesy::rules::random::{RandomPlayer, SplitMix64};
use hesy::rules::{Concealed, Rules, Seat, Team, Viewer};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

const GAME: GameId = GameId([0x42; 16]);

/// Far more steps than any game has needed; a game still running here is reported as stuck.
const STEP_LIMIT: usize = 20_000;

/// Seats tried by the exhaustive checks: the table and two seats beyond it.
const SEATS_TRIED: u8 = 8;

fn configs() -> impl Strategy<Value = Config> {
    let modes = prop_oneof![Just(Mode::Duel), Just(Mode::Teams)];
    let boards = prop_oneof![Just(Board::Compact), Just(Board::Extended)];
    (modes, boards).prop_map(|(mode, board)| Config { mode, board })
}

/// A concealment whose number and nonce the driver keeps until the reveal.
#[derive(Clone, Copy)]
struct Held {
    number: u8,
    nonce: Nonce,
}

/// Who picks the moves.
enum Driver {
    Auto(RandomPlayer),
    Varied {
        rng: SplitMix64,
        held: Option<Held>,
        /// Out of 16, how often the guessers miss on purpose: high rates make races that
        /// end with finishes rather than fallen lions.
        misses: usize,
    },
}

impl Driver {
    /// The next step and, when it answers the guess (a reveal or a withholding), the
    /// concealment it answers for.
    fn next(&mut self, game: &Mehen) -> (Seat, Action, Option<Held>) {
        match self {
            Driver::Auto(player) => {
                let (seat, action) = player.next_action(game).expect("a game not over goes on");
                let held = match action {
                    Action::Reveal { number, nonce } => Some(Held { number, nonce }),
                    _ => None,
                };
                (seat, action, held)
            }
            Driver::Varied { rng, held, misses } => {
                let answered = matches!(game.phase(), Phase::Reveal { .. }).then_some(*held);
                let (seat, action) = varied_step(game, rng, held, *misses);
                (seat, action, answered.flatten())
            }
        }
    }
}

fn varied_step(
    game: &Mehen,
    rng: &mut SplitMix64,
    held: &mut Option<Held>,
    misses: usize,
) -> (Seat, Action) {
    match *game.phase() {
        Phase::Conceal { actor } => {
            let reserve = game.reserve(actor);
            let mut bytes = [0u8; 32];
            for chunk in bytes.chunks_exact_mut(8) {
                chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
            }
            let nonce = Nonce::from_bytes(bytes);
            // One time in 32 the concealer commits to a number it may not hide, keeping it from
            // the engine: it can then only withhold the reveal.
            let (number, hand) = match rng.below(32) {
                0 => (reserve + 1, None),
                k if k % 2 == 0 => (1 + rng.below(usize::from(reserve)) as u8, None),
                _ => {
                    let number = 1 + rng.below(usize::from(reserve)) as u8;
                    (number, Some(Concealed::new(number)))
                }
            };
            *held = Some(Held { number, nonce });
            let commitment = Commitment::new(&GAME, game.turn(), actor.0, &nonce, number);
            (actor, Action::Conceal { commitment, hand })
        }
        Phase::Reveal { actor, .. } => {
            let Held { number, nonce } = held.take().expect("the concealer kept its number");
            let valid = number <= game.reserve(actor);
            if valid && rng.below(16) != 0 {
                (actor, Action::Reveal { number, nonce })
            } else {
                (actor, Action::Withhold)
            }
        }
        _ => {
            let miss = rng.below(16) < misses;
            let hidden = held.map(|held| Action::Guess {
                number: held.number,
            });
            let choices: Vec<(Seat, Action)> = game
                .seats()
                .flat_map(|seat| game.legal_actions(seat).into_iter().map(move |a| (seat, a)))
                .filter(|&(_, action)| !miss || Some(action) != hidden)
                .collect();
            assert!(!choices.is_empty(), "nobody can act in {:?}", game.phase());
            choices[rng.below(choices.len())]
        }
    }
}

/// What the checks remember from one step to the next.
#[derive(Default)]
struct History {
    /// Each team's first finisher (six-player).
    first_finisher: BTreeMap<Team, Seat>,
    /// The space each marble was last seen on.
    spaces: BTreeMap<MarbleId, u8>,
}

impl History {
    fn record(&mut self, game: &Mehen, events: &[Event]) {
        for event in events {
            assert!(
                !matches!(event, Event::Passed { .. }),
                "an actor had no legal action after a wrong guess"
            );
            if let Event::Finished { seat, .. } = *event {
                self.first_finisher
                    .entry(game.team_of(seat))
                    .or_insert(seat);
            }
        }
    }
}

/// Everything that must hold between any two steps.
fn check_state(game: &Mehen, history: &mut History) {
    let config = game.config();
    let head = config.board.head();
    for seat in game.seats() {
        let owned = game.marbles().iter().filter(|m| m.owner == seat).count() as u8;
        assert_eq!(
            game.reserve(seat) + owned + game.lost(seat),
            MARBLES,
            "{seat}: reserve, serpent (finished included) and lost do not make 6"
        );
        match config.mode {
            Mode::Duel => {
                assert!(owned <= 2 && game.lost(seat) == 0);
                assert!(game.lions(seat) <= 3 && !game.is_frozen(seat));
            }
            Mode::Teams => {
                assert!(owned <= 1);
                let first = history.first_finisher.get(&game.team_of(seat));
                let lost = u8::from(first.is_some_and(|&first| first != seat));
                assert_eq!(game.lost(seat), lost, "{seat}: wrong marbles lost");
                assert_eq!(game.is_frozen(seat), game.lions(seat) == 0);
            }
        }
        // The seed's table: by marbles on the serpent and, in the team game, whether a
        // teammate's first finish has cost one.
        let table = match (config.mode, game.lost(seat), owned) {
            (Mode::Duel, _, 0) | (Mode::Teams, 0, 0) => 6,
            (Mode::Duel, _, 1) | (Mode::Teams, 0, 1) | (Mode::Teams, 1, 0) => 5,
            _ => 4,
        };
        assert_eq!(game.reserve(seat), table, "{seat}: reserve off the table");
    }
    let mut spaces = BTreeMap::new();
    for marble in game.marbles() {
        assert!(
            (1..=head).contains(&marble.space),
            "{marble:?} off the serpent"
        );
        if let Some(&before) = history.spaces.get(&marble.id) {
            assert!(marble.space >= before, "{marble:?} moved backwards");
            assert!(
                before < head || marble.space == head,
                "a finished marble moved"
            );
        }
        assert!(spaces.insert(marble.id, marble.space).is_none());
    }
    history.spaces = spaces;

    assert_eq!(game.hand(Viewer::Spectator), None);
    let actor = game.phase().actor();
    for seat in game.seats().filter(|&s| Some(s) != actor) {
        assert_eq!(game.hand(Viewer::Seat(seat)), None);
    }

    match *game.phase() {
        Phase::Over { outcome } => {
            let winner = outcome
                .winner
                .expect("San Martin Mehen always has a winner");
            check_outcome(game, winner, outcome.reason)
        }
        Phase::Conceal { .. } | Phase::Reveal { .. } => {}
        Phase::Choose { .. } | Phase::Guess { .. } | Phase::Act { .. } => {
            let can_act = game.seats().any(|s| !game.legal_actions(s).is_empty());
            assert!(can_act, "stuck in {:?}", game.phase());
        }
    }
}

fn check_outcome(game: &Mehen, winner: Team, reason: WinReason) {
    let mode = game.config().mode;
    let loser = Team(1 - winner.0);
    let head = game.config().board.head();
    match reason {
        WinReason::TwoFinished => {
            let finished = |seat: Seat| {
                let on_head = game.marbles().iter().filter(|m| m.owner == seat);
                on_head.filter(|m| m.space == head).count()
            };
            let winners = game.seats().filter(|&s| game.team_of(s) == winner);
            let counts: Vec<usize> = winners.map(finished).collect();
            match mode {
                Mode::Duel => assert_eq!(counts, [2]),
                Mode::Teams => assert_eq!(counts.iter().filter(|&&c| c == 1).count(), 2),
            }
        }
        WinReason::LionsFallen => {
            assert_eq!(mode, Mode::Duel);
            assert_eq!(game.lions(Seat(loser.0)), 0);
        }
        WinReason::AllFrozen => {
            assert_eq!(mode, Mode::Teams);
            let mut losers = game.seats().filter(|&s| game.team_of(s) == loser);
            assert!(losers.all(|s| game.is_frozen(s)));
        }
    }
}

/// The actions whose arguments can be listed, with every seat and marble id they may name,
/// and one marble id that names nothing.
fn enumerable(game: &Mehen) -> Vec<Action> {
    let mut actions = vec![Action::Deploy, Action::Recover];
    for seat in (0..SEATS_TRIED).map(Seat) {
        actions.push(Action::Choose { seat });
        actions.push(Action::Revive { seat });
    }
    actions.extend((0..=8).map(|number| Action::Guess { number }));
    let ids = game
        .marbles()
        .iter()
        .map(|m| m.id)
        .chain([MarbleId(u32::MAX)]);
    actions.extend(ids.map(|marble| Action::Advance { marble }));
    actions
}

/// Applies `action` to a copy: whether it succeeded, checking that a refusal changed nothing.
fn succeeds(game: &Mehen, seat: Seat, action: Action) -> bool {
    let mut copy = game.clone();
    let result = copy.apply(seat, action);
    if result.is_err() {
        assert_eq!(
            copy, *game,
            "refusing {action:?} from {seat} changed the game"
        );
    }
    result.is_ok()
}

/// `legal_actions` lists exactly the enumerable actions `apply` accepts, for every seat.
fn check_legal_actions(game: &Mehen) {
    let candidates = enumerable(game);
    for seat in (0..SEATS_TRIED).map(Seat) {
        let legal = game.legal_actions(seat);
        for action in &legal {
            assert!(candidates.contains(action), "{action:?} cannot be listed");
        }
        for &action in &candidates {
            assert_eq!(
                succeeds(game, seat, action),
                legal.contains(&action),
                "{seat} {action:?} in {:?}",
                game.phase()
            );
        }
    }
}

/// Concealing succeeds only for the actor and, when the engine is told the number, only in
/// 1 to the reserve; withholding and revealing are refused outside the reveal.
fn check_conceal(game: &Mehen, actor: Seat) {
    let nonce = Nonce::from_bytes([7; 32]);
    let max = game.reserve(actor);
    for seat in (0..SEATS_TRIED).map(Seat) {
        for number in 0..=7 {
            let commitment = Commitment::new(&GAME, game.turn(), seat.0, &nonce, number);
            let told = Action::Conceal {
                commitment,
                hand: Some(Concealed::new(number)),
            };
            let kept = Action::Conceal {
                commitment,
                hand: None,
            };
            let in_range = (1..=max).contains(&number);
            assert_eq!(succeeds(game, seat, told), seat == actor && in_range);
            assert_eq!(succeeds(game, seat, kept), seat == actor);
            assert!(!succeeds(game, seat, Action::Reveal { number, nonce }));
        }
        assert!(!succeeds(game, seat, Action::Withhold));
    }
}

/// Only the actor may reveal, and only the committed number with its nonce; the actor may
/// always withhold.
fn check_reveal(game: &Mehen, actor: Seat, held: Held) {
    let other = Nonce::from_bytes([!held.nonce.as_bytes()[0]; 32]);
    let opens = held.number <= game.reserve(actor);
    for seat in (0..SEATS_TRIED).map(Seat) {
        for number in 0..=7 {
            let honest = seat == actor && number == held.number && opens;
            let reveal = Action::Reveal {
                number,
                nonce: held.nonce,
            };
            assert_eq!(succeeds(game, seat, reveal), honest);
            let forged = Action::Reveal {
                number,
                nonce: other,
            };
            assert!(!succeeds(game, seat, forged));
        }
        assert_eq!(succeeds(game, seat, Action::Withhold), seat == actor);
    }
}

/// Plays one game to its end, checking every step, and returns it with its log.
fn play(config: Config, mut driver: Driver, exhaustive: bool) -> (Mehen, Vec<(Seat, Action)>) {
    let mut game = Mehen::new(config, GAME);
    let mut history = History::default();
    let mut log = Vec::new();
    for _ in 0..STEP_LIMIT {
        check_state(&game, &mut history);
        if game.outcome().is_some() {
            return (game, log);
        }
        let (seat, action, held) = driver.next(&game);
        if exhaustive {
            check_legal_actions(&game);
            match (*game.phase(), held) {
                (Phase::Conceal { actor }, _) => check_conceal(&game, actor),
                (Phase::Reveal { actor, .. }, Some(held)) => check_reveal(&game, actor, held),
                _ => {}
            }
        }
        let events = game
            .apply(seat, action)
            .unwrap_or_else(|error| panic!("{seat} {action:?} refused: {error}"));
        history.record(&game, &events);
        log.push((seat, action));
    }
    panic!("no outcome after {STEP_LIMIT} steps: {:?}", game.phase());
}

/// Replays `log` on a fresh game, once as recorded and once as sent over the wire (JSON, which
/// drops a concealment's hand), and checks both end where `game` ended.
fn check_replay(game: &Mehen, log: &[(Seat, Action)]) {
    let mut replayed = Mehen::new(game.config(), GAME);
    for &(seat, action) in log {
        replayed
            .apply(seat, action)
            .expect("a logged action replays");
    }
    assert_eq!(replayed, *game);

    let wire = serde_json::to_string(log).expect("the log serializes");
    let received: Vec<(Seat, Action)> = serde_json::from_str(&wire).expect("it deserializes");
    let mut replayed = Mehen::new(game.config(), GAME);
    for (seat, action) in received {
        replayed
            .apply(seat, action)
            .expect("a received action replays");
    }
    assert_eq!(replayed, *game);
}

fn settings(cases: u32, seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(settings(2000, 1))]
    #[test]
    fn autoplayed_games_end_and_keep_every_invariant(config in configs(), seed in any::<u64>()) {
        let (game, log) = play(config, Driver::Auto(RandomPlayer::new(seed)), false);
        check_replay(&game, &log);
    }
}

proptest! {
    #![proptest_config(settings(2000, 2))]
    #[test]
    fn varied_games_end_and_keep_every_invariant(
        config in configs(),
        seed in any::<u64>(),
        misses in 0..16usize,
    ) {
        let driver = Driver::Varied { rng: SplitMix64::new(seed), held: None, misses };
        let (game, log) = play(config, driver, false);
        check_replay(&game, &log);
    }
}

proptest! {
    #![proptest_config(settings(200, 3))]
    #[test]
    fn legal_actions_are_exactly_the_accepted_ones(
        config in configs(),
        seed in any::<u64>(),
        misses in prop::option::of(0..16usize),
    ) {
        let driver = if let Some(misses) = misses {
            Driver::Varied { rng: SplitMix64::new(seed), held: None, misses }
        } else {
            Driver::Auto(RandomPlayer::new(seed))
        };
        play(config, driver, true);
    }
}
