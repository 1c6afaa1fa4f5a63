//! The room's instructions per move, counted by callgrind, against a bound:
//! `cargo bench --bench room_instructions` (valgrind must be installed). It fails when a
//! count is more than [`TOLERANCE`] percent above its bound, so a change that makes the
//! room's move dearer shows as a failure rather than as noise in a timing.
//!
//! The room of `fanout.rs` (players and two spectators connected through the socket
//! tasks' queues) runs on a runtime on a thread of its own, and the players on the main
//! thread. Callgrind counts each thread apart (`--separate-threads=yes`), so the room
//! thread's count is all the room's own work: taking a move from its inbox, applying it,
//! building every viewer's patch, queueing the frames, and a rematch after each game.
//! The benchmark runs itself under callgrind twice per set-up, for [`SHORT`] and for
//! [`LONG`] moves, and divides the difference, which takes out opening the room. The
//! server's throws are random, so games differ from run to run; over a thousand moves the
//! count per move varies by less than a percent (59,742 and 59,912 for the duel).

#[path = "support/table.rs"]
mod table;

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};
use table::{Table, open_room};

const SHORT: u64 = 200;
const LONG: u64 = 1_200;
/// How far above its bound a count may be, in percent.
const TOLERANCE: u64 = 5;

/// A set-up: its name, the room's options, its seats, and its bound in instructions per
/// move (measured at the commit that set it; lower it when the room gets cheaper).
struct SetUp {
    name: &'static str,
    options: fn() -> Value,
    seats: u8,
    bound: u64,
}

const SET_UPS: [SetUp; 2] = [
    SetUp {
        name: "duel",
        options: || json!({"mode": "duel"}),
        seats: 2,
        bound: 60_000,
    },
    SetUp {
        name: "teams",
        options: || json!({"mode": "teams"}),
        seats: 6,
        bound: 89_000,
    },
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, name, moves] = args.as_slice()
        && flag == "--play"
    {
        let set_up = SET_UPS.iter().find(|s| s.name == name).expect("a set-up");
        play(set_up, moves.parse().expect("a number of moves"));
        return;
    }
    let program = std::env::current_exe().expect("the benchmark's own path");
    let mut over = Vec::new();
    for set_up in &SET_UPS {
        let short = count(&program, set_up, SHORT);
        let long = count(&program, set_up, LONG);
        let per_move = long.saturating_sub(short) / (LONG - SHORT);
        let limit = set_up.bound * (100 + TOLERANCE) / 100;
        println!(
            "room_instructions/{}: {per_move} instructions per move (bound {}, fails above {limit})",
            set_up.name, set_up.bound
        );
        if per_move > limit {
            over.push(set_up.name);
        }
    }
    assert!(
        over.is_empty(),
        "the room's move costs more instructions than its bound: {over:?}"
    );
}

/// Plays `moves` moves of `set_up`, the room on a thread of its own.
fn play(set_up: &SetUp, moves: u64) {
    let options = (set_up.options)();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = runtime();
        runtime.block_on(async move {
            sender
                .send(open_room(options).await)
                .expect("the main thread waits");
            std::future::pending::<()>().await
        });
    });
    let room = receiver.recv().expect("the room");
    runtime().block_on(async {
        let mut table = Table::open(room, set_up.seats, 2).await;
        for _ in 0..moves {
            table.step().await;
        }
    });
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// The instructions the room's thread (the second) executes while `program` plays
/// `moves` moves of `set_up` under callgrind.
fn count(program: &Path, set_up: &SetUp, moves: u64) -> u64 {
    let out = std::env::temp_dir().join(format!(
        "room-instructions-{}-{}-{moves}",
        std::process::id(),
        set_up.name
    ));
    let status = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg("--separate-threads=yes")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(program)
        .args(["--play", set_up.name, &moves.to_string()])
        .stderr(std::process::Stdio::null())
        .status()
        .expect("valgrind, to count instructions");
    assert!(status.success(), "the benchmark under callgrind failed");
    let room_thread = format!("{}-02", out.display());
    let counts = std::fs::read_to_string(&room_thread).expect("callgrind's count of the room");
    for file in ["", "-01", "-02"] {
        let _ = std::fs::remove_file(format!("{}{file}", out.display()));
    }
    counts
        .lines()
        .find_map(|line| {
            line.strip_prefix("totals:")
                .or(line.strip_prefix("summary:"))
        })
        .and_then(|total| total.trim().parse().ok())
        .expect("a total in callgrind's output")
}
