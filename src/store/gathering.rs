//! Small writes gathered into larger ones at a person's pace.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;
use uuid::Uuid;

use super::journal::{JournalConfig, Queued};
use super::record::Entry;

/// A write costs the database about as much for one entry as for a few dozen, so a write
/// of fewer than `below` entries waits until its oldest entry has been queued for `wait`,
/// unless enough come sooner (the writer looks again every millisecond). People take
/// seconds between moves: at their pace this turns many small writes into a few larger
/// ones, for a few milliseconds more before each move is told. When the writer is what
/// entries queue behind, they have waited that long by the time it comes to them, and
/// nothing waits more.
///
/// Some games are played faster than that, by computer players or by scripts, each move
/// answering the commit of the last. Waiting would hold them up and gather nothing, so a
/// batch goes at once when at least half its entries are of games written to within the
/// last `brisk` ([`Brisk`]), as does everything once the queue is closed. Half, not any:
/// among thousands of games at a person's pace a few moves always come quickly, and one
/// of them would send nearly every write early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gathering {
    pub below: usize,
    pub wait: Duration,
    /// How soon after its last write a game's next entry shows it is played faster than
    /// people play: sooner than anyone reads a move and answers it.
    pub brisk: Duration,
}

impl Default for Gathering {
    fn default() -> Self {
        Gathering {
            below: 64,
            wait: Duration::from_millis(16),
            brisk: Duration::from_millis(100),
        }
    }
}

/// The games written to lately: by the writes of the last `span` at least, and of the last
/// two spans at most, kept as two generations.
#[derive(Debug)]
pub(super) struct Brisk {
    recent: HashSet<Uuid>,
    older: HashSet<Uuid>,
    since: Instant,
    span: Duration,
}

impl Brisk {
    pub(super) fn new(span: Duration, now: Instant) -> Brisk {
        Brisk {
            recent: HashSet::new(),
            older: HashSet::new(),
            since: now,
            span,
        }
    }

    /// Notes the games of a write committed at `now`.
    pub(super) fn wrote(&mut self, entries: &[Entry], now: Instant) {
        let age = now.saturating_duration_since(self.since);
        if age >= self.span {
            std::mem::swap(&mut self.recent, &mut self.older);
            self.recent.clear();
            if age >= 2 * self.span {
                self.older.clear();
            }
            self.since = now;
        }
        self.recent.extend(entries.iter().filter_map(Entry::game));
    }

    fn holds(&self, entry: &Entry) -> bool {
        entry
            .game()
            .is_some_and(|game| self.recent.contains(&game) || self.older.contains(&game))
    }
}

/// Tops up a small `batch`, up to the most a write takes, with what arrives within the
/// wait.
pub(super) async fn gather(
    receiver: &mut mpsc::Receiver<Queued>,
    batch: &mut Vec<Queued>,
    config: &JournalConfig,
    brisk: &Brisk,
) {
    let (most, Gathering { below, wait, .. }) = (config.batch, config.gathering);
    let Some(until) = batch.first().map(|oldest| oldest.at + wait) else {
        return;
    };
    let (mut looked, mut hurried) = (0, 0);
    loop {
        while batch.len() < most {
            match receiver.try_recv() {
                Ok(queued) => batch.push(queued),
                Err(_) => break,
            }
        }
        hurried += batch[looked..]
            .iter()
            .filter(|queued| brisk.holds(&queued.entry))
            .count();
        looked = batch.len();
        let now = Instant::now();
        let full = batch.len() >= below.min(most);
        if 2 * hurried >= batch.len() || full || now >= until || receiver.is_closed() {
            return;
        }
        tokio::time::sleep(LOOK_AGAIN.min(until - now)).await;
    }
}

/// How often a gathering writer looks at the queue: the timer's own granularity.
const LOOK_AGAIN: Duration = Duration::from_millis(1);

#[cfg(test)]
mod tests {
    use super::*;

    fn about(game: Uuid) -> Entry {
        Entry::Abandoned {
            game,
            at: time::OffsetDateTime::UNIX_EPOCH,
            result: serde_json::Value::Null,
        }
    }

    const BRISK: Duration = Duration::from_millis(100);

    #[test]
    fn a_game_is_brisk_for_one_to_two_spans_after_its_write() {
        let start = Instant::now();
        let (game, other) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let mut brisk = Brisk::new(BRISK, start);
        assert!(!brisk.holds(&about(game)));
        brisk.wrote(&[about(game)], start);
        assert!(brisk.holds(&about(game)));
        assert!(!brisk.holds(&about(other)));
        brisk.wrote(&[about(other)], start + BRISK);
        assert!(
            brisk.holds(&about(game)),
            "the older generation still holds it"
        );
        brisk.wrote(&[], start + 2 * BRISK);
        assert!(!brisk.holds(&about(game)));
        assert!(brisk.holds(&about(other)));
        brisk.wrote(&[], start + 5 * BRISK);
        assert!(
            !brisk.holds(&about(other)),
            "a long pause forgets both generations"
        );
    }
}
