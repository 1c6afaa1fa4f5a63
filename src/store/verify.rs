//! Re-verifying an audit bundle: every commitment opened by its reveal, and the whole game
//! replayed through the engine to the recorded result. Every failure names the action.

use std::fmt;

use crate::fair::Commitment;
use crate::rules::mehen::{Action, Mehen, Phase};

use super::bundle::{Bundle, FORMAT};
use super::record::ActionRecord;

/// What went wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The action's sequence number; `None` for the game as a whole.
    pub seq: Option<u32>,
    pub problem: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub actions: usize,
    pub commitments: usize,
    pub failures: Vec<Failure>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    fn fail(&mut self, seq: Option<u32>, problem: impl Into<String>) {
        self.failures.push(Failure {
            seq,
            problem: problem.into(),
        });
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seq {
            Some(seq) => write!(f, "action {seq}: {}", self.problem),
            None => write!(f, "game: {}", self.problem),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for failure in &self.failures {
            writeln!(f, "FAIL {failure}")?;
        }
        let verdict = if self.passed() {
            "verified"
        } else {
            "NOT verified"
        };
        write!(
            f,
            "{verdict}: {} actions replayed, {} commitments opened, {} failures",
            self.actions,
            self.commitments,
            self.failures.len()
        )
    }
}

/// Checks `bundle` and lists every failure found.
///
/// Replay stops at the first action the engine refuses, since every later state would be
/// wrong; the commitment checks and the field checks before it still stand.
pub fn verify_bundle(bundle: &Bundle) -> Report {
    let mut report = Report::default();
    if bundle.format != FORMAT {
        report.fail(
            None,
            format!("unknown format {:?}, expected {FORMAT:?}", bundle.format),
        );
        return report;
    }
    let mut game = Mehen::new(bundle.game.options, bundle.game.game_id());
    // The game as the current run of voided actions left it, before they were taken back.
    let mut taken_back: Option<Mehen> = None;
    for (expected, record) in (0u32..).zip(&bundle.actions) {
        if record.seq != expected {
            report.fail(
                Some(record.seq),
                format!("out of order: expected action {expected}"),
            );
        }
        check_fields(record, &mut report);
        if record.voided {
            // Only a concealment, and the guess at it, may be voided.
            let voidable = match record.action {
                Action::Conceal { .. } => taken_back.is_none(),
                Action::Guess { .. } => taken_back.is_some(),
                _ => false,
            };
            if !voidable {
                report.fail(
                    Some(record.seq),
                    "voided, but only a concealment and its guess may be",
                );
            }
            // Voided actions were legal when made, then taken back: replay them on a copy.
            let voided = taken_back.get_or_insert_with(|| game.clone());
            if let Err(error) = voided.apply(record.seat, record.action) {
                report.fail(
                    Some(record.seq),
                    format!("voided, but was never legal: {error}"),
                );
            }
            continue;
        }
        taken_back = None;
        if record.turn != game.turn() {
            report.fail(
                Some(record.seq),
                format!(
                    "recorded in turn {}, played in turn {}",
                    record.turn,
                    game.turn()
                ),
            );
        }
        if let Phase::Reveal { commitment, .. } = *game.phase() {
            check_opening(&game, commitment, record, &mut report);
        }
        match game.apply(record.seat, record.action) {
            Ok(events) if events == record.events => report.actions += 1,
            Ok(_) => {
                report.actions += 1;
                report.fail(
                    Some(record.seq),
                    "the recorded events differ from the replay's",
                );
            }
            Err(error) => {
                report.fail(
                    Some(record.seq),
                    format!("the engine refuses it: {error}; replay stops here"),
                );
                return report;
            }
        }
    }
    if game.outcome() != bundle.game.result {
        report.fail(
            None,
            format!(
                "the replay ends in {:?}, the record says {:?}",
                game.outcome(),
                bundle.game.result
            ),
        );
    }
    report
}

/// The copied-out columns must say what the action itself says.
fn check_fields(record: &ActionRecord, report: &mut Report) {
    let seq = Some(record.seq);
    match record.action {
        Action::Conceal { commitment, .. } if record.commitment != Some(commitment) => {
            report.fail(seq, "the commitment column differs from the concealment");
        }
        Action::Reveal { number, nonce }
            if record.reveal != Some(number) || record.nonce != Some(nonce) =>
        {
            report.fail(seq, "the reveal or nonce column differs from the reveal");
        }
        _ => {}
    }
}

/// The action answering a concealment (a reveal or a withhold) must name the commitment that
/// was made, and a reveal must open it: checked here on its own, not only by the engine.
fn check_opening(game: &Mehen, commitment: Commitment, record: &ActionRecord, report: &mut Report) {
    let seq = Some(record.seq);
    if record.commitment != Some(commitment) {
        report.fail(seq, "the commitment column differs from the one concealed");
    }
    if let Action::Reveal { number, nonce } = record.action {
        report.commitments += 1;
        if !commitment.opens_to(&game.game_id(), game.turn(), record.seat.0, &nonce, number) {
            report.fail(seq, "the reveal does not open the commitment");
        }
    }
}
