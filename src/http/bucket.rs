//! A token bucket: `burst` messages at once, refilled at `rate` per second. It limits how
//! fast one connection may send (a flood closes it) and chat (an excess is refused), and
//! how fast one client address may create rooms and take seats (`limits`).

use std::time::Duration;

use tokio::time::Instant;

#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    burst: f32,
    rate: f32,
    tokens: f32,
    last: Instant,
}

impl Bucket {
    pub fn new(burst: u32, rate: f32) -> Self {
        Bucket {
            burst: burst as f32,
            rate,
            tokens: burst as f32,
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        self.tokens = self.tokens_at(now);
        self.last = now;
        let allowed = self.tokens >= 1.0;
        if allowed {
            self.tokens -= 1.0;
        }
        allowed
    }

    /// How long from `now` until a token is there to take.
    pub fn wait(&self, now: Instant) -> Duration {
        let missing = 1.0 - self.tokens_at(now);
        match missing > 0.0 {
            true => Duration::from_secs_f32(missing / self.rate),
            false => Duration::ZERO,
        }
    }

    /// Whether the bucket has refilled completely by `now`: it then limits nothing that a
    /// new bucket would not.
    pub fn is_full(&self, now: Instant) -> bool {
        self.tokens_at(now) >= self.burst
    }

    fn tokens_at(&self, now: Instant) -> f32 {
        let refill = (now - self.last).as_secs_f32() * self.rate;
        (self.tokens + refill).min(self.burst)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn allows_a_burst_then_refills_at_the_rate() {
        let start = Instant::now();
        let mut bucket = Bucket::new(3, 2.0);
        assert!((0..3).all(|_| bucket.take(start)));
        assert!(!bucket.take(start));
        assert!(bucket.take(start + Duration::from_millis(500)));
        assert!(!bucket.take(start + Duration::from_millis(500)));
        assert!((0..3).all(|_| bucket.take(start + Duration::from_secs(60))));
    }

    #[test]
    fn tells_how_long_until_the_next_token_and_when_it_is_full() {
        let start = Instant::now();
        let mut bucket = Bucket::new(2, 0.5);
        assert_eq!(bucket.wait(start), Duration::ZERO);
        assert!(bucket.take(start) && bucket.take(start));
        assert_eq!(bucket.wait(start), Duration::from_secs(2));
        assert_eq!(
            bucket.wait(start + Duration::from_secs(1)),
            Duration::from_secs(1)
        );
        assert!(!bucket.is_full(start + Duration::from_secs(3)));
        assert!(bucket.is_full(start + Duration::from_secs(4)));
    }
}
