//! The accept loop: every connection is served by hyper with a deadline for its request
//! headers (a client that trickles them in, a few bytes at a time, is cut off rather than
//! holding a connection open for ever), without Nagle's delay, and with its peer's address
//! in every request it makes, for the limits per client.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::pin;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::extract::Request;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;
use tracing::debug;

/// How long the loop rests after a failed accept (out of file descriptors, say) before it
/// tries again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// Serves `router` on `listener` until `stop` completes, then waits for the requests under
/// way (connections already upgraded to WebSockets are not waited for).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    stop: impl Future<Output = ()>,
) -> io::Result<()> {
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    // WebSockets over HTTP/2 need the extended CONNECT method.
    builder.http2().enable_connect_protocol();
    let graceful = GracefulShutdown::new();
    let mut stop = pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (tcp, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                debug!(%error, "cannot accept a connection");
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        // Game frames are small and wait for no more: Nagle's algorithm would hold them
        // back for the peer's delayed acknowledgement, tens of milliseconds.
        if let Err(error) = tcp.set_nodelay(true) {
            debug!(%error, "cannot set TCP_NODELAY");
        }
        let service = router.clone().map_request(move |mut request: Request<_>| {
            request
                .extensions_mut()
                .insert(ConnectInfo::<SocketAddr>(peer));
            request
        });
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(tcp), TowerToHyperService::new(service))
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                debug!(%error, %peer, "connection ended with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}
