//! The service's time: the [`Clock`] it reads, injected so tests and scripted
//! sessions control time (not the games' clocks, which are `clocks.rs`).

use std::sync::atomic::{AtomicI64, Ordering};

use crate::store::Millis;

/// The clock the service reads; injected so tests control time.
pub trait Clock: Send + Sync {
    /// Now, in milliseconds since the Unix epoch.
    fn now(&self) -> Millis;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
    }
}

/// A clock that moves only when told (tests and scripted sessions).
#[derive(Debug, Default)]
pub struct TestClock(AtomicI64);

impl TestClock {
    /// A clock showing `now`.
    pub fn new(now: Millis) -> TestClock {
        TestClock(AtomicI64::new(now))
    }

    /// Moves the clock forward.
    pub fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for TestClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// A clock that can be moved forward by hand (the terminal's `/wait`).
pub trait MovableClock: Clock {
    /// Moves the clock forward by `ms`.
    fn advance(&self, ms: Millis);
}

impl MovableClock for TestClock {
    fn advance(&self, ms: Millis) {
        TestClock::advance(self, ms);
    }
}

/// The system's clock, plus however far it was moved forward by hand.
#[derive(Debug, Default)]
pub struct OffsetClock(AtomicI64);

impl Clock for OffsetClock {
    fn now(&self) -> Millis {
        SystemClock.now().saturating_add(self.0.load(Ordering::SeqCst))
    }
}

impl MovableClock for OffsetClock {
    fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}
