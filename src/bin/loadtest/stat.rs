//! A process's CPU time and parent, read from its `/proc/…/stat`. Shared by the load test
//! and `benches/batches.rs`, which measure the server's and the database's processes.

/// User plus system CPU time of a process, from its `/proc/…/stat`, in seconds.
pub fn cpu_seconds(stat: &str) -> f64 {
    Stat::read(stat).seconds()
}

/// A process's `/proc/…/stat` from field 4 (its parent) on; the command name before it is in
/// parentheses and may hold spaces. Times are in clock ticks of 1/100 s. A process that has
/// ended reads as empty.
pub struct Stat(Vec<String>);

impl Stat {
    pub fn read(path: &str) -> Stat {
        let stat = std::fs::read_to_string(path).unwrap_or_default();
        let after_name = stat
            .rsplit_once(')')
            .map(|(_, rest)| rest)
            .unwrap_or_default();
        Stat(
            after_name
                .split_whitespace()
                .skip(1)
                .map(str::to_owned)
                .collect(),
        )
    }

    /// The parent's process id (field 4).
    pub fn parent(&self) -> &str {
        self.0.first().map_or("", String::as_str)
    }

    /// User and system time (fields 14 and 15).
    pub fn seconds(&self) -> f64 {
        self.ticks(10..12)
    }

    /// User and system time, with that of the children it has waited for (fields 14 to 17).
    pub fn seconds_with_children(&self) -> f64 {
        self.ticks(10..14)
    }

    fn ticks(&self, fields: std::ops::Range<usize>) -> f64 {
        let ticks: u64 = self
            .0
            .iter()
            .skip(fields.start)
            .take(fields.len())
            .filter_map(|field| field.parse::<u64>().ok())
            .sum();
        ticks as f64 / 100.0
    }
}
