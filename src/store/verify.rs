//! Re-verifying an audit bundle: every commitment opened by its reveal, and the whole game
//! replayed through the engine to the recorded result. Every failure names the action.

use std::fmt;

use crate::fair::Commitment;
use crate::fair::throw::Audit;
use crate::rules::replay::Logged;
use crate::rules::{Awaiting, Played, Seat, Setup, Step};

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

    /// Adds what `other` counted and found after what this report holds.
    fn absorb(&mut self, other: Report) {
        self.actions += other.actions;
        self.commitments += other.commitments;
        self.throws += other.throws;
        self.failures.extend(other.failures);
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
    // What each action replayed met and caused, checked as the replay goes; reported after
    // a refusal, which the actions before it lead up to.
    let mut steps = Report::default();
    let mut audit = Audit::default();
    let replayed = bundle.game.replay(live.iter().copied(), |_, logged| {
        let record = live[steps.actions];
        check_step(bundle, &mut audit, record, &logged, &mut steps);
    });
    match replayed {
        Ok(game) => {
            report.absorb(steps);
            // An abandoned game ends without the rules ending it.
            let ended = game.outcome().or_else(|| {
                let abandoned = super::rooms::abandoned();
                (bundle.game.result.as_ref() == Some(&abandoned)).then_some(abandoned)
            });
            if ended != bundle.game.result {
                report.fail(
                    None,
                    format!(
                        "the replay ends in {:?}, the record says {:?}",
                        game.outcome(),
                        bundle.game.result
                    ),
                );
            }
        }
        Err(error) => {
            report.fail(
                live.get(error.index).map(|record| record.seq),
                format!("the rules refuse it: {}; replay stops here", error.refusal),
            );
            report.absorb(steps);
            // The refused action still answers for the commitment it met.
            let before = bundle
                .game
                .replay(live[..error.index].iter().copied(), |_, _| {});
            if let (Some(record), Ok(before)) = (live.get(error.index), before)
                && let Awaiting::Reveal {
                    seat,
                    turn,
                    commitment,
                } = before.awaiting()
            {
                check_opening(bundle, (seat, turn, commitment), record, &mut report);
            }
        }
    }
    report
}

/// One replayed action: its turn, the commitment it opens, its throw and its events.
fn check_step(
    bundle: &Bundle,
    audit: &mut Audit,
    record: &ActionRecord,
    logged: &Logged<Played>,
    report: &mut Report,
) {
    let seq = Some(record.seq);
    if record.turn != logged.turn {
        report.fail(
            seq,
            format!(
                "recorded in turn {}, played in turn {}",
                record.turn, logged.turn
            ),
        );
    }
    if let Awaiting::Reveal {
        seat,
        turn,
        commitment,
    } = logged.awaiting
    {
        check_opening(bundle, (seat, turn, commitment), record, report);
    }
    check_throw(bundle, audit, &logged.awaiting, record, report);
    report.actions += 1;
    if logged.caused.events != record.events {
        report.fail(seq, "the recorded events differ from the replay's");
    }
}

/// Only a concealment, and the guess at it, may be voided, and only if it was legal when
/// made: each run of voided actions is replayed after the live actions before it. A voided
/// concealment right after another void (two restarts in a row) begins a run of its own.
fn check_voided(bundle: &Bundle, report: &mut Report) {
    let conceals = |r: &ActionRecord| r.commitment.is_some() && r.reveal.is_none();
    let runs = bundle
        .actions
        .chunk_by(|a, b| a.voided == b.voided && !(b.voided && conceals(b)));
    for run in runs.filter(|run| run[0].voided) {
        let before = bundle
            .actions
            .iter()
            .filter(|r| !r.voided && r.seq < run[0].seq);
        let at = before.clone().count();
        let mut met = Vec::with_capacity(run.len());
        let replayed = bundle.game.replay(before.chain(run), |_, logged| {
            met.push(logged.awaiting);
        });
        match replayed {
            Ok(_) => {
                for (index, (record, awaiting)) in run.iter().zip(&met[at..]).enumerate() {
                    let voidable = match awaiting {
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
    awaiting: &Awaiting,
    record: &ActionRecord,
    report: &mut Report,
) {
    let seq = Some(record.seq);
    let (Awaiting::Throw { sticks, .. }, Some(proof)) = (awaiting, &record.throw) else {
        match (awaiting, &record.throw) {
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
