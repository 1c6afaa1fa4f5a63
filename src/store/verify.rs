//! Re-verifying an audit bundle: every commitment opened by its reveal, and the whole game
//! replayed through the engine to the recorded result. Every failure names the action.

use std::fmt;

use serde_json::Value;

use crate::fair::Commitment;
use crate::fair::throw::Audit;
use crate::rules::replay::ReplayStep;
use crate::rules::{Awaiting, Seat, Setup, Step};

use super::bundle::{Bundle, FORMAT};
use super::record::ActionRecord;
use super::restore::plays;

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
    pub throws: usize,
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
            "{verdict}: {} actions replayed, {} commitments opened, {} throws re-derived, {} failures",
            self.actions,
            self.commitments,
            self.throws,
            self.failures.len()
        )
    }
}

/// Checks `bundle` and lists every failure found.
///
/// Replay stops at the first action the rules refuse, since every later state would be
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
    let setup = &bundle.game.setup;
    let id = bundle.game.game_id();
    for (expected, record) in (0u32..).zip(&bundle.actions) {
        if record.seq != expected {
            report.fail(
                Some(record.seq),
                format!("out of order: expected action {expected}"),
            );
        }
        check_fields(setup, record, &mut report);
    }
    check_voided(bundle, &mut report);
    let live: Vec<&ActionRecord> = bundle.actions.iter().filter(|r| !r.voided).collect();
    let replayed = match setup.replay(id, &plays(live.iter().copied())) {
        Ok(replayed) => replayed,
        Err(error) => {
            report.fail(
                live.get(error.index).map(|record| record.seq),
                format!("the rules refuse it: {}; replay stops here", error.refusal),
            );
            // What came before the refusal is still checked.
            if let Ok(before) = setup.replay(id, &plays(live[..error.index].iter().copied())) {
                check_steps(bundle, &live, &before.steps, &mut report);
                if let (
                    Some(record),
                    Awaiting::Reveal {
                        seat,
                        turn,
                        commitment,
                    },
                ) = (live.get(error.index), before.game.awaiting())
                {
                    check_opening(bundle, (seat, turn, commitment), record, &mut report);
                }
            }
            return report;
        }
    };
    check_steps(bundle, &live, &replayed.steps, &mut report);
    if replayed.game.outcome() != bundle.game.result {
        report.fail(
            None,
            format!(
                "the replay ends in {:?}, the record says {:?}",
                replayed.game.outcome(),
                bundle.game.result
            ),
        );
    }
    report
}

/// Each replayed action: its turn, the commitment it opens, and its events.
fn check_steps(
    bundle: &Bundle,
    live: &[&ActionRecord],
    steps: &[ReplayStep<Value>],
    report: &mut Report,
) {
    let mut audit = Audit::default();
    for (record, step) in live.iter().zip(steps) {
        let seq = Some(record.seq);
        if record.turn != step.turn {
            report.fail(
                seq,
                format!(
                    "recorded in turn {}, played in turn {}",
                    record.turn, step.turn
                ),
            );
        }
        if let Awaiting::Reveal {
            seat,
            turn,
            commitment,
        } = step.awaiting
        {
            check_opening(bundle, (seat, turn, commitment), record, report);
        }
        check_throw(bundle, &mut audit, step, record, report);
        report.actions += 1;
        if step.events != record.events.values() {
            report.fail(seq, "the recorded events differ from the replay's");
        }
    }
}

/// Only a concealment, and the guess at it, may be voided, and only if it was legal when
/// made: each run of voided actions is replayed after the live actions before it. A voided
/// concealment right after another void (two restarts in a row) begins a run of its own.
fn check_voided(bundle: &Bundle, report: &mut Report) {
    let setup = &bundle.game.setup;
    let conceals = |r: &ActionRecord| r.commitment.is_some() && r.reveal.is_none();
    let runs = bundle
        .actions
        .chunk_by(|a, b| a.voided == b.voided && !(b.voided && conceals(b)));
    for run in runs.filter(|run| run[0].voided) {
        let before = bundle
            .actions
            .iter()
            .filter(|r| !r.voided && r.seq < run[0].seq);
        let mut actions = plays(before);
        let at = actions.len();
        actions.extend(plays(run));
        match setup.replay(bundle.game.game_id(), &actions) {
            Ok(replayed) => {
                for (index, (record, step)) in run.iter().zip(&replayed.steps[at..]).enumerate() {
                    let voidable = match step.awaiting {
                        Awaiting::Conceal { .. } => index == 0,
                        Awaiting::Guess { .. } => index > 0,
                        _ => false,
                    };
                    if !voidable {
                        report.fail(
                            Some(record.seq),
                            "voided, but only a concealment and its guess may be",
                        );
                    }
                }
            }
            Err(error) => {
                let seq = run.get(error.index.saturating_sub(at)).map(|r| r.seq);
                report.fail(
                    seq,
                    format!("voided, but was never legal: {}", error.refusal),
                );
            }
        }
    }
}

/// A throw of sticks must carry its proof, the proof must hold (server commitment, each
/// link in its chain, the digest giving the faces), count the game's throws from 1, and
/// give the faces the rules were handed.
fn check_throw(
    bundle: &Bundle,
    audit: &mut Audit,
    step: &ReplayStep<Value>,
    record: &ActionRecord,
    report: &mut Report,
) {
    let seq = Some(record.seq);
    let (Awaiting::Throw { sticks, .. }, Some(proof)) = (&step.awaiting, &record.throw) else {
        match (&step.awaiting, &record.throw) {
            (Awaiting::Throw { .. }, None) => report.fail(seq, "a throw without its proof"),
            (_, Some(_)) => report.fail(seq, "a throw's proof on an action that is no throw"),
            _ => {}
        }
        return;
    };
    let index = proof.index;
    report.throws += 1;
    if index as usize != report.throws {
        let expected = report.throws;
        report.fail(seq, format!("throw {index}: expected throw {expected}"));
    }
    if let Err(error) = audit.check(&bundle.game.game_id(), *sticks, proof) {
        report.fail(seq, format!("throw {index}: {error}"));
    }
    if bundle.game.setup.step_of(&record.action) != Some(Step::Throw { faces: proof.faces }) {
        report.fail(
            seq,
            format!("throw {index}: the faces played are not the proof's"),
        );
    }
}

/// The copied-out columns must say what the action itself says.
fn check_fields(setup: &Setup, record: &ActionRecord, report: &mut Report) {
    let seq = Some(record.seq);
    match setup.step_of(&record.action) {
        Some(Step::Conceal { commitment, .. }) if record.commitment != Some(commitment) => {
            report.fail(seq, "the commitment column differs from the concealment");
        }
        Some(Step::Reveal { number, nonce })
            if record.reveal != Some(number) || record.nonce != Some(nonce) =>
        {
            report.fail(seq, "the reveal or nonce column differs from the reveal");
        }
        _ => {}
    }
}

/// The action answering a concealment (a reveal or a withhold) must name the commitment that
/// was made, and a reveal must open it: checked here on its own, not only by the rules.
fn check_opening(
    bundle: &Bundle,
    (seat, turn, commitment): (Seat, u32, Commitment),
    record: &ActionRecord,
    report: &mut Report,
) {
    let seq = Some(record.seq);
    if record.commitment != Some(commitment) {
        report.fail(seq, "the commitment column differs from the one concealed");
    }
    if let Some(Step::Reveal { number, nonce }) = bundle.game.setup.step_of(&record.action) {
        report.commitments += 1;
        if !commitment.opens_to(&bundle.game.game_id(), turn, seat.0, &nonce, number) {
            report.fail(seq, "the reveal does not open the commitment");
        }
    }
}
