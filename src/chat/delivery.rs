//! One delivery runtime for every platform: what the outbox holds for a platform is
//! claimed, paced per channel, posted, retried and marked delivered here, once for
//! Discord and Matrix alike. A platform implements [`Poster`]: how to post one
//! message with its idempotency key, and which channel it goes to. Nothing else.
//!
//! The runtime waits on the service's outlet, which rings the moment a change that
//! made a message commits (no polling while there is nothing to do, beyond a slow
//! look for messages other processes made). It claims a few messages at a time,
//! people's first ([`crate::service::Service::claim_some`]): a message whose channel
//! must wait is handed back until then, so it never holds up another channel's, and a
//! claim names this process, so a process that restarts takes over at once what a dead
//! one had claimed.

use std::future::Future;
use std::time::{Duration, Instant};

use crate::chat::pace::Pacer;
use crate::config::Platform;
use crate::service::{Claimed, Destination, Service};

/// What came of posting one message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posted {
    /// Posted (or found posted already, by its key).
    Done,
    /// The platform said too many: the channel waits this long.
    RateLimited(Duration),
    /// A passing failure (the platform or the network): try again after this long.
    Retry(Duration),
    /// Not to be posted yet (what it goes with is not there yet, or the platform is
    /// between two sessions): handed back for this long, without counting as a
    /// failure or a send.
    NotYet(Duration),
    /// It cannot be posted (no such channel, no permission): dropped, logged.
    Failed,
}

/// How a platform posts a message of the outbox.
pub trait Poster: Send + Sync + 'static {
    /// Posts `message` (its reply, with `message.send_key` as the platform's
    /// idempotency key, and `message.answer` to finish an interaction's answer).
    fn post(&self, message: &Claimed) -> impl Future<Output = Posted> + Send;

    /// The channel `destination` is posted in, for pacing.
    fn channel(&self, destination: &Destination) -> String;
}

/// Messages claimed at once: few, so that a move queued behind a burst of notices
/// goes out within a claim or two (claims take messages for people first).
const CLAIM: u32 = 10;
/// How long the runtime waits when nothing is waiting, unless a message comes: the
/// slowest it finds messages another process made.
const IDLE_WAIT: Duration = Duration::from_secs(5);
/// The longest a message is handed back after passing failures in a row.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// Delivers `platform`'s messages with `poster`, paced by `pacer`, until the service
/// goes away. Runs on the async runtime; the service's blocking calls go through
/// `spawn_blocking`.
pub async fn run<P: Poster>(service: Service, platform: Platform, poster: P, mut pacer: Pacer) {
    let claimer = service.claimer().to_string();
    let lease = service.lease();
    let mut seen = 0;
    // Passing failures in a row, for the backoff.
    let mut failures: u32 = 0;
    loop {
        let (s, c) = (service.clone(), claimer.clone());
        let batch =
            tokio::task::spawn_blocking(move || s.claim_some(platform, &c, lease, CLAIM)).await.unwrap_or_default();
        let full = batch.len() >= CLAIM as usize;
        // The soonest a handed-back message may go.
        let mut soonest: Option<Duration> = None;
        for m in batch {
            let channel = poster.channel(&m.reply.destination);
            let wait = match pacer.reserve(&channel, Instant::now()) {
                Err(wait) => Some(wait),
                Ok(()) => match poster.post(&m).await {
                    Posted::Done | Posted::Failed => {
                        failures = 0;
                        None
                    }
                    Posted::RateLimited(wait) => {
                        pacer.hold(&channel, Instant::now(), wait);
                        Some(wait)
                    }
                    Posted::NotYet(wait) => {
                        pacer.release(&channel);
                        Some(wait)
                    }
                    Posted::Retry(wait) => {
                        failures = failures.saturating_add(1);
                        let backoff = wait.max(Duration::from_millis(100) * 2u32.saturating_pow(failures.min(10)));
                        Some(backoff.min(MAX_BACKOFF))
                    }
                },
            };
            let (s, c, id) = (service.clone(), claimer.clone(), m.id);
            match wait {
                Some(wait) => {
                    soonest = Some(soonest.map_or(wait, |s| s.min(wait)));
                    let _ = tokio::task::spawn_blocking(move || s.defer(id, &c, wait)).await;
                }
                None => {
                    let _ = tokio::task::spawn_blocking(move || s.delivered(id)).await;
                }
            }
        }
        if full {
            // More may be waiting: claim again at once (handed-back messages are not
            // claimed again before their time, so this never spins on them).
            continue;
        }
        let timeout = soonest.map_or(IDLE_WAIT, |s| s.min(IDLE_WAIT));
        let s = service.clone();
        seen = tokio::task::spawn_blocking(move || s.wait_for_messages(seen, timeout)).await.unwrap_or(seen);
    }
}
