//! One delivery runtime for every platform: what the outbox holds for a platform is
//! claimed, posted, handed back when it must wait and marked delivered here, once for
//! Discord, Matrix and the terminal alike. A platform implements [`Poster`]: how to
//! post one message with its idempotency key, and what came of it. Nothing else.
//!
//! - **Lanes side by side, each in order.** Every message has a lane, the conversation
//!   it goes to ([`crate::service::lane_of`]: a channel, a game's thread, a person's
//!   direct messages). The outbox gives a lane's messages in order and never while an
//!   earlier one is claimed or handed back ([`Service::claim_some`]); the runtime posts
//!   each lane's messages one after the other and different lanes at the same time, at
//!   most [`LANES`] at once. A slow or failing post holds up its own lane only.
//! - **Nothing waits inside a post.** A message that cannot go now — its platform's
//!   limit says wait ([`crate::chat::pace`]), it refused it as too many, what it goes
//!   with is not there yet, the platform failed — is handed back to the outbox with the
//!   time it may go ([`Service::defer`]), with the rest of its lane behind it. A claim
//!   made then takes them again, this process's or another's, so a restarted process
//!   inherits no retry loop, only rows with times.
//! - **Said again, not twice.** A game's first board still waiting when the board of
//!   its first move (the computer's) is right behind it in its lane is dropped: the
//!   later board shows the game as it is ([`Claimed::says_again`]).
//!
//! The runtime wakes when the service says a message may be waiting
//! ([`Service::outlet`]: a change committed, a message delivered), when a lane is done,
//! when the first message it handed back may go, and every few seconds for what other
//! processes wrote. The terminal, which prints in the order things happened, drains the
//! same claims one message at a time ([`drain`]).

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::config::Platform;
use crate::service::{Claimed, MessageId, Service};

/// What came of posting one message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posted {
    /// Posted (or found posted already, by its key).
    Done,
    /// Not posted, and it need not be: it cannot be (no such channel, no permission),
    /// or it no longer needs saying. Dropped, logged by the poster.
    Failed,
    /// Not sent now, and no failure: the platform's limit says to wait this long (or
    /// it refused it as too many), or what it goes with is not there yet.
    Later(Duration),
    /// A passing failure (the platform or the network): tried again after this long at
    /// least, longer after each failure of the same message.
    Retry(Duration),
}

/// How a platform posts a message of the outbox.
pub trait Poster: Send + Sync + 'static {
    /// Posts `message` (its reply, with `message.send_key` as the platform's
    /// idempotency key, and `message.answer` to finish an interaction's answer) once,
    /// without waiting for a limit or retrying: what came of it.
    fn post(&self, message: &Claimed) -> impl Future<Output = Posted> + Send;
}

/// Lanes posted at once, at most.
pub const LANES: usize = 16;
/// Messages claimed at once per free lane: a lane's run comes in one claim.
const CLAIM_PER_LANE: usize = 4;
/// How long the runtime waits when nothing is waiting, unless a message comes: the
/// slowest it finds messages another process made.
const IDLE_WAIT: Duration = Duration::from_secs(5);
/// The first wait after a passing failure; it doubles with each failure in a row.
const FIRST_BACKOFF: Duration = Duration::from_millis(200);
/// The longest a message is handed back after passing failures in a row.
const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// Messages whose failures are counted at most; beyond, the count starts again.
const FAILURES_KEPT: usize = 10_000;

/// Passing failures in a row, per message, for the backoff.
#[derive(Default)]
struct Failures(Mutex<HashMap<MessageId, u32>>);

impl Failures {
    fn backoff(&self, id: MessageId, at_least: Duration) -> Duration {
        let Ok(mut counts) = self.0.lock() else { return at_least.max(FIRST_BACKOFF) };
        if counts.len() >= FAILURES_KEPT {
            counts.clear();
        }
        let n = counts.entry(id).or_insert(0);
        let backoff = FIRST_BACKOFF * 2u32.saturating_pow((*n).min(10));
        *n = n.saturating_add(1);
        backoff.max(at_least).min(MAX_BACKOFF)
    }

    fn forget(&self, id: MessageId) {
        if let Ok(mut counts) = self.0.lock() {
            counts.remove(&id);
        }
    }
}

/// What a lane's delivery shares.
struct Shared<P> {
    service: Service,
    poster: P,
    claimer: String,
    failures: Failures,
    posting: tokio::sync::Semaphore,
}

/// Delivers `platform`'s messages with `poster` for as long as it runs (the process).
/// Runs on the async runtime; the service's blocking calls go through
/// `spawn_blocking`.
pub async fn run<P: Poster>(service: Service, platform: Platform, poster: P) {
    let shared = Arc::new(Shared {
        claimer: service.claimer().to_string(),
        service,
        poster,
        failures: Failures::default(),
        posting: tokio::sync::Semaphore::new(LANES),
    });
    let lease = shared.service.lease();
    let mut outlet = shared.service.outlet();
    let mut lanes: tokio::task::JoinSet<Option<Instant>> = tokio::task::JoinSet::new();
    // When the first message handed back may go.
    let mut soonest: Option<Instant> = None;
    loop {
        // Seen before claiming: a message made after the claim rings again.
        outlet.borrow_and_update();
        let room = LANES.saturating_sub(lanes.len());
        let mut more = false;
        if room > 0 {
            let limit = u32::try_from(room * CLAIM_PER_LANE).unwrap_or(u32::MAX);
            let (s, c) = (shared.service.clone(), shared.claimer.clone());
            let batch =
                tokio::task::spawn_blocking(move || s.claim_some(platform, &c, lease, limit)).await.unwrap_or_default();
            more = batch.len() >= limit as usize;
            if !batch.is_empty() {
                tracing::debug!(claimed = batch.len(), lanes = lanes.len(), "claimed outbox messages");
            }
            for lane in by_lane(batch) {
                lanes.spawn(deliver_lane(shared.clone(), lane));
            }
        }
        if more && lanes.len() < LANES {
            // More may be waiting (handed-back messages are not claimed again before
            // their time, so this never spins on them).
            continue;
        }
        let now = Instant::now();
        if soonest.is_some_and(|at| at <= now) {
            soonest = None;
        }
        let wait = soonest.map_or(IDLE_WAIT, |at| at.saturating_duration_since(now).min(IDLE_WAIT));
        tokio::select! {
            Some(done) = lanes.join_next(), if !lanes.is_empty() => {
                if let Ok(Some(at)) = done {
                    soonest = Some(soonest.map_or(at, |s| s.min(at)));
                }
            }
            _ = outlet.changed() => {}
            () = tokio::time::sleep(wait) => {}
        }
    }
}

/// Claimed messages by lane, each lane's in the order claimed, the lanes in the order
/// of their first message.
fn by_lane(batch: Vec<Claimed>) -> Vec<Vec<Claimed>> {
    let mut order: Vec<Vec<Claimed>> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for m in batch {
        match at.get(&m.lane) {
            Some(i) => order[*i].push(m),
            None => {
                at.insert(m.lane.clone(), order.len());
                order.push(vec![m]);
            }
        }
    }
    order
}

/// Posts one lane's messages in order; hands the rest back at the first that must
/// wait. Returns when that one may go, if any was handed back.
async fn deliver_lane<P: Poster>(shared: Arc<Shared<P>>, messages: Vec<Claimed>) -> Option<Instant> {
    let _permit = shared.posting.acquire().await.ok()?;
    let mut i = 0;
    while let Some(m) = messages.get(i) {
        let posted = shared.poster.post(m).await;
        tracing::debug!(message = m.id.0, lane = %m.lane, ?posted, "posted");
        let wait = match posted {
            Posted::Done | Posted::Failed => {
                shared.failures.forget(m.id);
                delivered(&shared.service, m.id).await;
                i += 1;
                continue;
            }
            Posted::Later(wait) => {
                if messages.get(i + 1).is_some_and(|next| next.says_again(m)) {
                    tracing::debug!(message = m.id.0, "a first board that had to wait is said again by the next");
                    delivered(&shared.service, m.id).await;
                    i += 1;
                    continue;
                }
                wait
            }
            Posted::Retry(wait) => shared.failures.backoff(m.id, wait),
        };
        let ids: Vec<MessageId> = messages[i..].iter().map(|m| m.id).collect();
        let (s, c) = (shared.service.clone(), shared.claimer.clone());
        let _ = tokio::task::spawn_blocking(move || s.defer(&ids, &c, wait)).await;
        return Some(Instant::now() + wait);
    }
    None
}

async fn delivered(service: &Service, id: MessageId) {
    let s = service.clone();
    let _ = tokio::task::spawn_blocking(move || s.delivered(id)).await;
}

/// Delivers what the outbox holds for `platform` now, one message at a time in the
/// order claimed, with `post` (which may fail: that error ends the drain); returns
/// once nothing is left that may go now. For a chat that shows everything at once, in
/// the order it happened (the terminal). Blocking.
pub fn drain<E>(
    service: &Service,
    platform: Platform,
    mut post: impl FnMut(&Claimed) -> Result<Posted, E>,
) -> Result<(), E> {
    let (claimer, lease) = (service.claimer().to_string(), service.lease());
    loop {
        let batch = service.claim_some(platform, &claimer, lease, 100);
        if batch.is_empty() {
            return Ok(());
        }
        // Lanes whose earlier message was handed back: the rest of theirs follows it.
        let mut waiting: HashMap<String, Duration> = HashMap::new();
        let mut handed_back = false;
        for m in &batch {
            if let Some(wait) = waiting.get(&m.lane) {
                service.defer(&[m.id], &claimer, *wait);
                continue;
            }
            match post(m)? {
                Posted::Done | Posted::Failed => service.delivered(m.id),
                Posted::Later(wait) | Posted::Retry(wait) => {
                    service.defer(&[m.id], &claimer, wait);
                    waiting.insert(m.lane.clone(), wait);
                    handed_back = true;
                }
            }
        }
        if handed_back {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_per_message_and_is_forgotten_once_posted() {
        let f = Failures::default();
        let (a, b) = (MessageId(1), MessageId(2));
        assert_eq!(f.backoff(a, Duration::ZERO), FIRST_BACKOFF);
        assert_eq!(f.backoff(a, Duration::ZERO), FIRST_BACKOFF * 2);
        assert_eq!(f.backoff(b, Duration::ZERO), FIRST_BACKOFF, "another message starts again");
        assert_eq!(f.backoff(a, Duration::from_secs(5)), Duration::from_secs(5), "at least what was said");
        for _ in 0..20 {
            f.backoff(a, Duration::ZERO);
        }
        assert_eq!(f.backoff(a, Duration::ZERO), MAX_BACKOFF);
        f.forget(a);
        assert_eq!(f.backoff(a, Duration::ZERO), FIRST_BACKOFF);
    }
}
