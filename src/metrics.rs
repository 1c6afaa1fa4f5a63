//! Counters and gauges for `/metrics`, written out by prometheus-client in the OpenMetrics
//! text format (which Prometheus reads). Each is an atomic: every room and connection bumps
//! them without a lock.

use std::sync::atomic::AtomicU64;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

/// The content type of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

#[derive(Debug)]
pub struct Metrics {
    /// `hesy_rooms`: rooms awake (their task in memory).
    pub rooms: Gauge<u64, AtomicU64>,
    /// `hesy_room_wakes_total`: sleeping rooms woken from the store.
    pub wakes: Counter,
    /// `hesy_rooms_slept_total`: rooms that fell asleep.
    pub slept: Counter,
    /// `hesy_connections`: WebSocket connections open.
    pub connections: Gauge<u64, AtomicU64>,
    /// `hesy_actions_total`: game moves accepted.
    pub actions: Counter,
    /// `hesy_frames_out_total`: WebSocket frames sent.
    pub frames_out: Counter,
    /// `hesy_dropped_consumers_total`: connections dropped for reading too slowly.
    pub dropped_consumers: Counter,
    /// `hesy_leases`: rooms this node owns among several (`src/cluster/`).
    pub leases: Gauge<u64, AtomicU64>,
    /// `hesy_leases_lost_total`: rooms this node let go because another took them over.
    pub leases_lost: Counter,
    /// `hesy_fenced_entries_total`: journal entries the store refused because another node
    /// owns their room now.
    pub fenced_entries: Counter,
    /// `hesy_forwarded_connections`: WebSocket connections open here to rooms another node
    /// owns.
    pub forwarded: Gauge<u64, AtomicU64>,
    /// `hesy_nats_connected`: 1 while the connection to NATS is up (0 without a cluster).
    pub nats_connected: Gauge<u64, AtomicU64>,
    registry: Registry,
}

impl Default for Metrics {
    fn default() -> Self {
        let (rooms, connections) = (Gauge::default(), Gauge::default());
        let (actions, frames_out, dropped_consumers) =
            (Counter::default(), Counter::default(), Counter::default());
        // Counters are written with `_total` after their name; help texts get a full stop.
        let mut registry = Registry::with_prefix("hesy");
        registry.register("rooms", "Rooms awake (their task in memory)", rooms.clone());
        let (wakes, slept) = (Counter::default(), Counter::default());
        let help = "Sleeping rooms woken from the store";
        registry.register("room_wakes", help, wakes.clone());
        registry.register("rooms_slept", "Rooms that fell asleep", slept.clone());
        let help = "WebSocket connections open";
        registry.register("connections", help, connections.clone());
        registry.register("actions", "Game moves accepted", actions.clone());
        registry.register("frames_out", "WebSocket frames sent", frames_out.clone());
        let help = "Connections dropped for reading too slowly";
        registry.register("dropped_consumers", help, dropped_consumers.clone());
        let (leases, forwarded, nats_connected) =
            (Gauge::default(), Gauge::default(), Gauge::default());
        let (leases_lost, fenced_entries) = (Counter::default(), Counter::default());
        registry.register("leases", "Rooms this node owns", leases.clone());
        let help = "Rooms let go because another node took them over";
        registry.register("leases_lost", help, leases_lost.clone());
        let help = "Journal entries refused because another node owns their room now";
        registry.register("fenced_entries", help, fenced_entries.clone());
        let help = "WebSocket connections open here to rooms another node owns";
        registry.register("forwarded_connections", help, forwarded.clone());
        let help = "Whether the connection to NATS is up";
        registry.register("nats_connected", help, nats_connected.clone());
        Metrics {
            leases,
            leases_lost,
            fenced_entries,
            forwarded,
            nats_connected,
            rooms,
            wakes,
            slept,
            connections,
            actions,
            frames_out,
            dropped_consumers,
            registry,
        }
    }
}

impl Metrics {
    /// Every metric, as text of [`CONTENT_TYPE`].
    pub fn render(&self) -> String {
        let mut text = String::new();
        encode(&mut text, &self.registry).expect("writing to a String cannot fail");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_prometheus_text() {
        let metrics = Metrics::default();
        metrics.actions.inc();
        metrics.rooms.inc();
        metrics.rooms.dec();
        let text = metrics.render();
        assert!(text.contains(
            "# HELP hesy_actions Game moves accepted.\n# TYPE hesy_actions counter\nhesy_actions_total 1\n"
        ), "{text}");
        assert!(
            text.contains("# TYPE hesy_rooms gauge\nhesy_rooms 0\n"),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
