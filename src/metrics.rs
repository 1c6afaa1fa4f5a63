//! Counters and gauges for `/metrics`, in the Prometheus text format. Plain atomics: every
//! room and connection bumps them without a lock.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Debug, Default)]
pub struct Metrics {
    pub rooms: AtomicU64,
    pub connections: AtomicU64,
    pub actions: AtomicU64,
    pub frames_out: AtomicU64,
    pub dropped_consumers: AtomicU64,
}

impl Metrics {
    pub fn inc(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub fn dec(counter: &AtomicU64) {
        counter.fetch_sub(1, Ordering::Relaxed);
    }

    pub fn render(&self) -> String {
        let series = [
            ("hesy_rooms", "gauge", "Rooms open.", &self.rooms),
            (
                "hesy_connections",
                "gauge",
                "WebSocket connections open.",
                &self.connections,
            ),
            (
                "hesy_actions_total",
                "counter",
                "Game moves accepted.",
                &self.actions,
            ),
            (
                "hesy_frames_out_total",
                "counter",
                "WebSocket frames sent.",
                &self.frames_out,
            ),
            (
                "hesy_dropped_consumers_total",
                "counter",
                "Connections dropped for reading too slowly.",
                &self.dropped_consumers,
            ),
        ];
        let mut text = String::new();
        for (name, kind, help, value) in series {
            let value = value.load(Ordering::Relaxed);
            // Writing to a String cannot fail.
            let _ = write!(
                text,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n"
            );
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_prometheus_text() {
        let metrics = Metrics::default();
        Metrics::inc(&metrics.actions);
        Metrics::inc(&metrics.rooms);
        Metrics::dec(&metrics.rooms);
        let text = metrics.render();
        assert!(text.contains("# TYPE hesy_actions_total counter\nhesy_actions_total 1\n"));
        assert!(text.contains("hesy_rooms 0\n"));
    }
}
