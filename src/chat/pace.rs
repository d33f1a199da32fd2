//! Pacing per channel: at most `limit` messages in any window of `per` to one channel,
//! so that the platform's own rate limit (Discord: about 5 messages per 5 s in a
//! channel) is met before it is hit, and a 429 is the exception. A platform that
//! still answers "too many" holds the channel for as long as it said
//! ([`Pacer::hold`]).
//!
//! The delivery runtime ([`crate::chat::delivery`]) asks before each message of the
//! outbox; a message whose channel must wait is handed back to the outbox until then
//! ([`crate::service::Service::defer`]) instead of holding up the messages of other
//! channels behind it.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// The sends of each channel in the current window.
#[derive(Debug)]
pub struct Pacer {
    limit: usize,
    per: Duration,
    channels: HashMap<String, Channel>,
}

#[derive(Debug, Default)]
struct Channel {
    /// When the last sends (at most `limit`) went out, oldest first.
    sent: VecDeque<Instant>,
    /// No send before this (the platform said to wait).
    held_until: Option<Instant>,
}

impl Pacer {
    /// At most `limit` (at least 1) messages in any window of `per` per channel.
    pub fn new(limit: usize, per: Duration) -> Pacer {
        Pacer { limit: limit.max(1), per, channels: HashMap::new() }
    }

    /// Discord's limit on messages in one channel: 5 per 5 seconds.
    pub fn discord() -> Pacer {
        Pacer::new(5, Duration::from_secs(5))
    }

    /// What suits Synapse, which limits a sender in all rooms together: at most 10
    /// messages in any 2 seconds, for the one channel the Matrix adapter paces. A
    /// homeserver stricter than that answers `M_LIMIT_EXCEEDED` with how long to wait
    /// ([`Pacer::hold`]).
    pub fn matrix() -> Pacer {
        Pacer::new(10, Duration::from_secs(2))
    }

    /// Reserves a send to `channel` at `now`: `Ok` when it may go now (and it is
    /// counted), else how long to wait first.
    pub fn reserve(&mut self, channel: &str, now: Instant) -> Result<(), Duration> {
        self.forget_idle(now);
        let per = self.per;
        let limit = self.limit;
        let c = self.channels.entry(channel.to_string()).or_default();
        if let Some(until) = c.held_until {
            if until > now {
                return Err(until - now);
            }
            c.held_until = None;
        }
        while c.sent.front().is_some_and(|t| now.saturating_duration_since(*t) >= per) {
            c.sent.pop_front();
        }
        if c.sent.len() >= limit {
            let oldest = c.sent.front().copied().unwrap_or(now);
            return Err((oldest + per).saturating_duration_since(now).max(Duration::from_millis(1)));
        }
        c.sent.push_back(now);
        Ok(())
    }

    /// The send last reserved for `channel` did not happen (the message was not ready
    /// to go): it no longer counts.
    pub fn release(&mut self, channel: &str) {
        if let Some(c) = self.channels.get_mut(channel) {
            c.sent.pop_back();
        }
    }

    /// The platform refused a send to `channel` as too many: nothing goes there for
    /// `wait` from `now`.
    pub fn hold(&mut self, channel: &str, now: Instant, wait: Duration) {
        let c = self.channels.entry(channel.to_string()).or_default();
        let until = now + wait;
        c.held_until = Some(c.held_until.map_or(until, |u| u.max(until)));
    }

    /// Drops the channels with nothing in the window, so the map stays as small as
    /// the channels being written to.
    fn forget_idle(&mut self, now: Instant) {
        if self.channels.len() < 1024 {
            return;
        }
        let per = self.per;
        self.channels.retain(|_, c| {
            c.held_until.is_some_and(|u| u > now)
                || c.sent.back().is_some_and(|t| now.saturating_duration_since(*t) < per)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_per_five_seconds_then_wait_for_the_oldest() {
        let mut p = Pacer::discord();
        let t0 = Instant::now();
        for i in 0..5 {
            assert_eq!(p.reserve("a", t0 + Duration::from_millis(i * 100)), Ok(()));
        }
        // The sixth waits until the first leaves the window.
        assert_eq!(p.reserve("a", t0 + Duration::from_millis(500)), Err(Duration::from_millis(4_500)));
        // Another channel is not held up.
        assert_eq!(p.reserve("b", t0 + Duration::from_millis(500)), Ok(()));
        assert_eq!(p.reserve("a", t0 + Duration::from_secs(5)), Ok(()));
        assert!(p.reserve("a", t0 + Duration::from_secs(5)).is_err());
    }

    #[test]
    fn a_refusal_holds_the_channel_for_as_long_as_it_said() {
        let mut p = Pacer::discord();
        let t0 = Instant::now();
        p.hold("a", t0, Duration::from_secs(3));
        assert_eq!(p.reserve("a", t0 + Duration::from_secs(1)), Err(Duration::from_secs(2)));
        assert_eq!(p.reserve("b", t0), Ok(()));
        assert_eq!(p.reserve("a", t0 + Duration::from_secs(3)), Ok(()));
    }

    #[test]
    fn a_send_released_does_not_count() {
        let mut p = Pacer::new(2, Duration::from_secs(1));
        let t0 = Instant::now();
        assert_eq!(p.reserve("a", t0), Ok(()));
        assert_eq!(p.reserve("a", t0), Ok(()));
        assert!(p.reserve("a", t0).is_err());
        p.release("a");
        assert_eq!(p.reserve("a", t0), Ok(()));
        p.release("nowhere");
    }

    #[test]
    fn idle_channels_are_forgotten() {
        let mut p = Pacer::new(1, Duration::from_secs(1));
        let t0 = Instant::now();
        for i in 0..2000 {
            assert_eq!(p.reserve(&format!("c{i}"), t0), Ok(()));
        }
        assert_eq!(p.reserve("late", t0 + Duration::from_secs(2)), Ok(()));
        assert!(p.channels.len() < 10, "{}", p.channels.len());
    }
}
