//! Small writes gathered into larger ones at a person's pace.

use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::journal::Queued;

/// A write costs the database and the server about as much for one entry as for a dozen,
/// so a write of fewer than `below` entries waits until its oldest entry has been queued
/// for `wait`, unless enough come sooner (the writer looks again every millisecond). At a
/// person's pace, when moves come one by one, that turns many small writes into a few
/// larger ones for a few milliseconds more before each move is told. When the writer is
/// what they queue behind, entries have waited that long by the time it comes to them,
/// and nothing waits more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gathering {
    pub below: usize,
    pub wait: Duration,
}

impl Default for Gathering {
    fn default() -> Self {
        Gathering {
            below: 8,
            wait: Duration::from_millis(4),
        }
    }
}

/// Tops up a small `batch`, up to `most` entries, with what arrives within the wait.
pub(super) async fn gather(
    receiver: &mut mpsc::Receiver<Queued>,
    batch: &mut Vec<Queued>,
    most: usize,
    Gathering { below, wait }: Gathering,
) {
    let Some(until) = batch.first().map(|oldest| oldest.at + wait) else {
        return;
    };
    loop {
        let now = Instant::now();
        if batch.len() + receiver.len() >= below || now >= until {
            break;
        }
        tokio::time::sleep(LOOK_AGAIN.min(until - now)).await;
    }
    while batch.len() < most {
        match receiver.try_recv() {
            Ok(queued) => batch.push(queued),
            Err(_) => break,
        }
    }
}

/// How often a gathering writer looks at the queue: the timer's own granularity.
const LOOK_AGAIN: Duration = Duration::from_millis(1);
