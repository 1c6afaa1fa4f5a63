//! A token bucket: `burst` messages at once, refilled at `rate` per second. It limits how
//! fast one connection may send (a flood closes it) and chat (an excess is refused).

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
        let refill = (now - self.last).as_secs_f32() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        let allowed = self.tokens >= 1.0;
        if allowed {
            self.tokens -= 1.0;
        }
        allowed
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
}
