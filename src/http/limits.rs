//! Abuse limits: how fast one client address may create rooms and ask for seats, how many
//! game connections it may hold open, which address a request counts against, and what
//! every request must keep to (a deadline, and a body size).
//!
//! A client is its IPv4 address, or the /64 network of its IPv6 address (one machine is
//! commonly handed a whole /64). Behind a reverse proxy every request comes from the
//! proxy, so with `--trust-forwarded-for` the client is the last address of the last
//! `X-Forwarded-For` header: the one the nearest proxy appended. The entries before it
//! are whatever the client wrote, and never counted.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::time::Instant;

use crate::wire::ApiErrorCode;

use super::App;
use super::bucket::Bucket;
use super::rooms::{Answer, Refusal};

/// The fewest clients a limit remembers before it forgets those it no longer limits.
const REMEMBERED: usize = 1024;

/// A token bucket per client address.
#[derive(Debug)]
pub struct PerClient {
    /// What the limit counts, for the refusal: "rooms", "seats".
    what: &'static str,
    burst: u32,
    per_second: f32,
    clients: Mutex<Clients>,
}

#[derive(Debug, Default)]
struct Clients {
    buckets: HashMap<IpAddr, Bucket>,
    /// How many buckets there may be before the full ones are dropped.
    prune_at: usize,
}

impl PerClient {
    pub fn new(what: &'static str, burst: u32, per_minute: f32) -> Self {
        PerClient {
            what,
            burst,
            per_second: per_minute / 60.0,
            clients: Mutex::default(),
        }
    }

    /// Takes one of `client`'s tokens, or refuses with 429 and how long to wait.
    pub fn take(&self, client: Client, now: Instant) -> Answer<()> {
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        if clients.buckets.len() >= clients.prune_at {
            // A full bucket limits nothing a new one would not: forget it. Pruning again
            // only once the map has doubled keeps the cost per request constant.
            clients.buckets.retain(|_, bucket| !bucket.is_full(now));
            clients.prune_at = (clients.buckets.len() * 2).max(REMEMBERED);
        }
        let (burst, rate) = (self.burst, self.per_second);
        let bucket = clients
            .buckets
            .entry(client.0)
            .or_insert_with(|| Bucket::new(burst, rate));
        if bucket.take(now) {
            return Ok(());
        }
        let wait = bucket.wait(now);
        let message = format!(
            "too many {} asked for from your address: try again in {} s",
            self.what,
            whole_seconds(wait)
        );
        Err(Refusal::new(
            StatusCode::TOO_MANY_REQUESTS,
            ApiErrorCode::RateLimited,
            message,
        )
        .retry_after(wait))
    }
}

/// How many game connections each client address holds open, up to a limit.
#[derive(Debug)]
pub struct OpenPerClient {
    limit: u32,
    open: Mutex<HashMap<IpAddr, u32>>,
}

/// One open connection of a client, counted until it is dropped.
#[derive(Debug)]
pub struct Opened {
    counts: Arc<OpenPerClient>,
    client: IpAddr,
}

impl OpenPerClient {
    pub fn new(limit: u32) -> Arc<Self> {
        Arc::new(OpenPerClient {
            limit,
            open: Mutex::default(),
        })
    }

    /// Counts one more connection of `client`, or refuses with 429 when it holds the most.
    pub fn open(self: &Arc<Self>, client: Client) -> Answer<Opened> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(client.0).or_default();
        if *count >= self.limit {
            let message = format!(
                "your address holds {} game connections open already: close one first",
                self.limit
            );
            return Err(Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                ApiErrorCode::RateLimited,
                message,
            ));
        }
        *count += 1;
        Ok(Opened {
            counts: self.clone(),
            client: client.0,
        })
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        let mut open = self
            .counts
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

/// A wait in whole seconds, rounded up, at least one: what `Retry-After` says.
pub fn whole_seconds(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// The address a request counts against (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(IpAddr);

impl Client {
    fn of(address: IpAddr) -> Client {
        Client(match address {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
            },
            v4 => v4,
        })
    }
}

impl FromRequestParts<Arc<App>> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(peer)| peer.ip());
        let forwarded = match app.config.trust_forwarded_for {
            true => forwarded_for(&parts.headers),
            false => None,
        };
        let address = forwarded.or(peer).unwrap_or(IpAddr::from([0, 0, 0, 0]));
        Ok(Client::of(address))
    }
}

/// The last address of the last `X-Forwarded-For` header, with or without a port.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    let entry = last.to_str().ok()?.rsplit(',').next()?.trim();
    entry
        .parse()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// Every request: a body announced larger than the limit is refused before it is read
/// (one sent without a length is cut off at the limit where it is read), and a request
/// that takes longer than the deadline, its body included, is answered with 408.
pub async fn bounded(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let max = app.config.max_body;
    let length = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    if length.is_some_and(|length| length > max as u64) {
        return Refusal::too_large(max).into_response();
    }
    let deadline = Duration::from_secs(app.config.request_timeout);
    match tokio::time::timeout(deadline, next.run(request)).await {
        Ok(response) => response,
        Err(_) => Refusal::new(
            StatusCode::REQUEST_TIMEOUT,
            ApiErrorCode::TimedOut,
            format!(
                "the request took longer than {} s",
                app.config.request_timeout
            ),
        )
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn a_client_is_its_ipv4_address_or_its_ipv6_network() {
        let of = |text: &str| Client::of(text.parse().unwrap());
        assert_eq!(of("192.0.2.7"), of("::ffff:192.0.2.7"));
        assert_ne!(of("192.0.2.7"), of("192.0.2.8"));
        assert_eq!(of("2001:db8:1:2::1"), of("2001:db8:1:2:ffff::9"));
        assert_ne!(of("2001:db8:1:2::1"), of("2001:db8:1:3::1"));
    }

    #[test]
    fn the_nearest_proxy_names_the_client() {
        let mut headers = HeaderMap::new();
        assert_eq!(forwarded_for(&headers), None);
        let add = |headers: &mut HeaderMap, value: &'static str| {
            headers.append("x-forwarded-for", HeaderValue::from_static(value));
        };
        add(&mut headers, "203.0.113.1, 198.51.100.2");
        assert_eq!(forwarded_for(&headers), "198.51.100.2".parse().ok());
        add(&mut headers, "spoofed, [2001:db8::5]:443");
        assert_eq!(forwarded_for(&headers), "2001:db8::5".parse().ok());
        add(&mut headers, "not an address");
        assert_eq!(forwarded_for(&headers), None);
    }

    #[test]
    fn each_client_has_its_own_bucket_and_full_ones_are_forgotten() {
        let limit = PerClient::new("rooms", 2, 60.0);
        let now = Instant::now();
        let (a, b) = (
            Client::of([192, 0, 2, 1].into()),
            Client::of([192, 0, 2, 2].into()),
        );
        assert!(limit.take(a, now).is_ok() && limit.take(a, now).is_ok());
        assert!(limit.take(a, now).is_err());
        assert!(limit.take(b, now).is_ok());
        assert!(limit.take(a, now + Duration::from_secs(1)).is_ok());
        let later = now + Duration::from_secs(10);
        for last in 0..=REMEMBERED as u32 {
            let _ = limit.take(
                Client::of(Ipv4Addr::from_bits((10 << 24) + last).into()),
                later,
            );
        }
        let clients = limit.clients.lock().unwrap();
        assert!(
            !clients.buckets.contains_key(&a.0),
            "a's bucket was full again"
        );
    }

    #[test]
    fn a_client_holds_at_most_its_limit_of_connections() {
        let counts = OpenPerClient::new(2);
        let (a, b) = (
            Client::of([192, 0, 2, 1].into()),
            Client::of([192, 0, 2, 2].into()),
        );
        let first = counts.open(a).unwrap();
        let second = counts.open(a).unwrap();
        let refused = counts.open(a).unwrap_err().into_response();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        let other = counts.open(b).expect("another address has its own count");
        drop(first);
        assert!(counts.open(a).is_ok(), "a closed connection is given back");
        drop((second, other));
        assert!(
            counts.open.lock().unwrap().is_empty(),
            "nothing is kept for none"
        );
    }

    #[test]
    fn waits_are_told_in_whole_seconds_rounded_up() {
        assert_eq!(whole_seconds(Duration::ZERO), 1);
        assert_eq!(whole_seconds(Duration::from_millis(1001)), 2);
        assert_eq!(whole_seconds(Duration::from_secs(10)), 10);
    }
}
