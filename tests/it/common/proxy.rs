//! A TCP proxy that a test can cut (every connection through it dropped, new ones refused)
//! and join again on the same port: a database or a message bus going away and coming back.

use std::net::SocketAddr;

use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::task::{JoinHandle, JoinSet};

pub struct Proxy {
    pub addr: SocketAddr,
    upstream: SocketAddr,
    task: Option<JoinHandle<()>>,
}

impl Proxy {
    /// A proxy to `upstream` on a free port of the loopback, forwarding.
    pub async fn start(upstream: SocketAddr) -> Proxy {
        let mut proxy = Proxy {
            addr: "127.0.0.1:0".parse().unwrap(),
            upstream,
            task: None,
        };
        proxy.resume().await;
        proxy
    }

    /// Listens again on the port it had, and forwards.
    pub async fn resume(&mut self) {
        let socket = TcpSocket::new_v4().unwrap();
        socket.set_reuseaddr(true).unwrap();
        socket.bind(self.addr).unwrap();
        let listener = socket.listen(64).unwrap();
        self.addr = listener.local_addr().unwrap();
        self.task = Some(tokio::spawn(forward(listener, self.upstream)));
    }

    /// Cuts every connection and stops listening.
    pub async fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            let _ = task.await;
        }
    }
}

/// Accepts and forwards until aborted; aborting drops every connection with it.
async fn forward(listener: TcpListener, upstream: SocketAddr) {
    let mut connections = JoinSet::new();
    loop {
        let Ok((mut inbound, _)) = listener.accept().await else {
            continue;
        };
        connections.spawn(async move {
            if let Ok(mut outbound) = TcpStream::connect(upstream).await {
                let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
            }
        });
    }
}
