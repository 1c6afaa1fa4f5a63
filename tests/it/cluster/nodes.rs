//! Three `hesy` processes on loopback ports, one database, one NATS: a cluster a test can
//! kill a node of (SIGKILL), stop a node of (SIGTERM), and start the node again on the port
//! it had, so the clients' list of addresses stays true.

use std::net::SocketAddr;
use std::time::Duration;

use crate::common;
use crate::common::store::TestDb;
use crate::kill::process::Process;
use serde_json::Value;
use uuid::Uuid;

use super::nats;

/// How many nodes a test cluster has.
pub const NODES: usize = 3;

/// One node: the port it keeps across restarts and the process serving there, if any.
pub struct Node {
    pub addr: SocketAddr,
    /// Where this node reaches NATS: the server itself, or a proxy a test can cut.
    nats: SocketAddr,
    process: Option<Process>,
    /// Starts so far, which names each life of the node apart (`n1-2`: node 1, third life).
    lives: usize,
}

pub struct Cluster {
    /// The cluster's name, fresh for each test, so runs sharing the one NATS never meet.
    pub name: String,
    database_url: String,
    pub lease_ttl: u64,
    pub nodes: Vec<Node>,
}

impl Cluster {
    /// Starts the nodes on `db`; node `i` reaches NATS at `nats[i]`.
    pub async fn start(db: &TestDb, nats: [SocketAddr; NODES]) -> Cluster {
        let mut cluster = Cluster {
            name: format!("t{}", Uuid::new_v4().simple()),
            database_url: db.url(None),
            lease_ttl: super::setting("HESY_CLUSTER_LEASE_TTL", 3) as u64,
            nodes: nats
                .into_iter()
                .map(|nats| Node {
                    addr: ([127, 0, 0, 1], 0).into(),
                    nats,
                    process: None,
                    lives: 0,
                })
                .collect(),
        };
        for index in 0..NODES {
            cluster.launch(index).await;
        }
        eprintln!("cluster {}: nodes at {:?}", cluster.name, cluster.addrs());
        cluster
    }

    /// Every node's address, the ones down included.
    pub fn addrs(&self) -> Vec<SocketAddr> {
        self.nodes.iter().map(|node| node.addr).collect()
    }

    /// Starts node `index` on its port (a free one the first time).
    pub async fn launch(&mut self, index: usize) {
        let node = &mut self.nodes[index];
        assert!(node.process.is_none(), "node {index} is running");
        let nats = format!("nats://{}", node.nats);
        let name = format!("n{index}-{}", node.lives);
        let ttl = self.lease_ttl.to_string();
        let flags = [
            "--nats-url",
            &nats,
            "--cluster",
            &self.name,
            "--node",
            &name,
            "--lease-ttl",
            &ttl,
        ];
        let process = Process::start_at(&self.database_url, node.addr, &flags).await;
        node.addr = process.addr;
        node.process = Some(process);
        node.lives += 1;
    }

    /// SIGKILL to node `index`.
    pub async fn kill(&mut self, index: usize) {
        let process = self.nodes[index].process.take().expect("a running node");
        process.kill().await;
    }

    /// SIGTERM to node `index`, and its drain, which must end well.
    pub async fn terminate(&mut self, index: usize) {
        let process = self.nodes[index].process.take().expect("a running node");
        process.terminate().await;
    }

    /// Fails if a node that should be running has ended by itself.
    pub fn check_running(&mut self) {
        for (index, node) in self.nodes.iter_mut().enumerate() {
            if let Some(status) = node.process.as_mut().and_then(Process::exited) {
                panic!("node {index} ended by itself: {status}");
            }
        }
    }

    /// The rooms each running node owns (`hesy_leases`; 0 for a node that is down).
    pub async fn leases(&mut self) -> Vec<f64> {
        self.check_running();
        let mut leases = Vec::new();
        for node in &self.nodes {
            let owned = match node.process {
                Some(_) => metric(node.addr, "hesy_leases").await,
                None => None,
            };
            leases.push(owned.unwrap_or(0.0));
        }
        leases
    }

    /// The running node that owns the most rooms, and how many.
    pub async fn busiest(&mut self) -> (usize, f64) {
        let leases = self.leases().await;
        let busiest = (0..NODES)
            .filter(|&index| self.nodes[index].process.is_some())
            .max_by(|&a, &b| leases[a].total_cmp(&leases[b]))
            .expect("a running node");
        (busiest, leases[busiest])
    }

    /// Stops every node (and, as it is dropped, removes the cluster's bucket).
    pub async fn stop(mut self) {
        for index in 0..NODES {
            if self.nodes[index].process.is_some() {
                self.kill(index).await;
            }
        }
    }
}

impl Drop for Cluster {
    /// Removes the cluster's bucket from NATS, after a failed test too.
    fn drop(&mut self) {
        for node in &mut self.nodes {
            drop(node.process.take());
        }
        if !nats::remove_bucket(&self.name) {
            eprintln!("the bucket {}_rooms was not removed from NATS", self.name);
        }
    }
}

/// The value of the metric `name` (without labels) on the node at `addr`, if it shows it.
pub async fn metric(addr: SocketAddr, name: &str) -> Option<f64> {
    let (status, text) = common::http(addr, "GET", "/metrics", None).await;
    assert_eq!(status, 200, "{text}");
    text.as_str()?.lines().find_map(|line| {
        let (metric, value) = line.split_once(' ')?;
        (metric == name).then(|| value.trim().parse().ok())?
    })
}

/// The `cluster` part of the node's `/healthz`.
pub async fn health(addr: SocketAddr) -> Value {
    common::served::health(addr).await["cluster"].clone()
}

/// Waits until `check` holds, asking every 50 ms for at most `patience`; whether it did.
pub async fn eventually<F>(patience: Duration, mut check: impl FnMut() -> F) -> bool
where
    F: Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + patience;
    loop {
        if check().await {
            return true;
        }
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
