//! What every room of this server shares: its timings and limits, and where rooms are
//! saved, woken from and spread over nodes.

use std::time::Duration;

use crate::store::Store;
use crate::store::journal::Journal;

use super::cluster::Cluster;

/// What every room of this server shares.
#[derive(Clone, Debug)]
pub struct RoomConfig {
    /// The turn timer of a room created without one, in seconds (`None`: no timer).
    pub default_turn_timer: Option<u32>,
    /// How long a trustless concealer has to reveal in a room without a turn timer.
    pub reveal_timeout: Duration,
    /// How long a disconnected player is waited for once their timer has run out.
    pub grace: Duration,
    /// A room nobody is connected to falls asleep (with a store; is closed without one)
    /// after this long without activity.
    pub idle: Duration,
    /// How long a computer player waits before it moves, so people can follow.
    pub computer_delay: Duration,
    /// The same, sooner, for a room where no seat has been taken.
    pub idle_unseated: Duration,
    /// A game nobody has played or joined for this long is abandoned (with a store).
    pub abandon: Duration,
    pub max_rooms: usize,
    /// Commands waiting for a room task; a connection waits when it is full.
    pub inbox: usize,
    /// Where rooms save their games; `None` keeps them in memory only.
    pub journal: Option<Journal>,
    /// Where sleeping rooms are woken from (with the journal).
    pub store: Option<Store>,
    /// The other nodes serving rooms with this one, if any (with the store).
    pub cluster: Option<Cluster>,
}

impl Default for RoomConfig {
    fn default() -> Self {
        RoomConfig {
            default_turn_timer: None,
            reveal_timeout: Duration::from_secs(30),
            grace: Duration::from_secs(15),
            idle: Duration::from_secs(30 * 60),
            computer_delay: Duration::from_millis(700),
            idle_unseated: Duration::from_secs(5 * 60),
            abandon: Duration::from_secs(30 * 24 * 60 * 60),
            max_rooms: 10_000,
            inbox: 256,
            journal: None,
            store: None,
            cluster: None,
        }
    }
}
