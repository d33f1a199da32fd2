//! The subscribers of events, all registered here: the one place that says who hears
//! what happened.
//!
//! A subscriber names the events it wants ([`Subscriber::wants`]); when one is
//! recorded ([`super::events::record`]) a queue row for each subscriber that wants it
//! is written in the same transaction. The dispatcher ([`work`], a thread of the
//! service) then hands each queued event to its subscriber inside a write
//! transaction that also removes the queue row: what the subscriber writes (a
//! tournament's next round, a review to run) and the removal commit together, so an
//! event is handled exactly once even across a crash, and a subscriber cannot miss a
//! game's end, whatever ended it. With several workers on one PostgreSQL database,
//! each queued event is taken by one of them (the others skip its locked row).
//!
//! A subscriber's `handle` runs inside the write: it reads and writes through the
//! transaction only, and does nothing slow (long work, like a review, is queued by
//! it and done elsewhere).

use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;

use super::events::Event;
use super::{Failure, Inner};
use crate::store::{self, EventId, Millis, StoreError, Transaction};

/// A subscriber of events.
pub(crate) struct Subscriber {
    /// Its name, as its queue rows carry it; never change it (rows queued under the
    /// old name would wait forever).
    pub(crate) name: &'static str,
    /// Whether it wants `event`.
    pub(crate) wants: fn(&Event) -> bool,
    /// Handles `event` (row `id`) in the transaction that removes it from its queue.
    pub(crate) handle: fn(&Inner, &Transaction, &Event, EventId) -> Result<(), StoreError>,
}

/// Every subscriber.
pub(crate) fn all() -> &'static [Subscriber] {
    #[cfg(test)]
    {
        &tests::SUBSCRIBERS
    }
    #[cfg(not(test))]
    {
        &SUBSCRIBERS
    }
}

/// Every subscriber of the running bot.
#[cfg(not(test))]
static SUBSCRIBERS: [Subscriber; 1] = [
    // A tournament's round advances when its last game ends, whatever ended it.
    Subscriber {
        name: "tournaments",
        wants: |e| matches!(e, Event::GameEnded { .. }),
        handle: super::tournaments::on_game_ended,
    },
];

/// The names of the subscribers that want `event`.
pub(crate) fn wanting(event: &Event) -> Vec<&'static str> {
    all().iter().filter(|s| (s.wants)(event)).map(|s| s.name).collect()
}

/// Records `event` in `tx`, queued for every subscriber that wants it.
pub(crate) fn record(tx: &Transaction, event: &Event, now: Millis) -> Result<EventId, StoreError> {
    let payload = serde_json::to_string(event).map_err(|e| StoreError::Internal(format!("an event: {e}")))?;
    let wanting = wanting(event);
    store::record_event(tx, event.kind(), event.game(), &payload, &wanting, now)
}

/// Events handed to a subscriber in one transaction, at most.
const BATCH: u32 = 50;

/// Hands every queued event to its subscriber; returns how many were handled.
pub(crate) fn run_queued(inner: &Arc<Inner>) -> Result<usize, Failure> {
    let mut handled = 0;
    for (index, subscriber) in all().iter().enumerate() {
        loop {
            let me = Arc::clone(inner);
            let done = inner.store.write(move |tx| {
                let subscriber = &all()[index];
                let events = store::take_queued(tx, subscriber.name, BATCH)?;
                let taken = events.len();
                for stored in events {
                    match Event::read(&stored) {
                        Some(event) => (subscriber.handle)(&me, tx, &event, stored.id)?,
                        None => tracing::warn!(
                            subscriber = subscriber.name,
                            "event {} ({}) cannot be read by this version, skipped",
                            stored.id.0,
                            stored.kind
                        ),
                    }
                    store::done_queued(tx, subscriber.name, stored.id)?;
                }
                Ok(taken)
            });
            match done {
                Ok(0) => break,
                Ok(n) => {
                    handled += n;
                    // What the subscriber wrote (games begun, messages) is waited for.
                    inner.wake_scheduler();
                    inner.ring();
                    if n < BATCH as usize {
                        break;
                    }
                }
                Err(e) => {
                    tracing::error!(subscriber = subscriber.name, "cannot handle its events: {e}");
                    return Err(e.into());
                }
            }
        }
    }
    Ok(handled)
}

/// Wakes the dispatcher when an event was recorded, and stops it with the service.
#[derive(Default)]
pub(crate) struct Bell {
    state: Mutex<(u64, bool)>,
    bell: Condvar,
}

impl Bell {
    /// Something was recorded: look again.
    pub(crate) fn ring(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.0 += 1;
            self.bell.notify_all();
        }
    }

    /// Stops the dispatcher.
    pub(crate) fn stop(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.1 = true;
            self.bell.notify_all();
        }
    }

    fn stopped(&self) -> bool {
        self.state.lock().map(|s| s.1).unwrap_or(true)
    }

    fn seen(&self) -> u64 {
        self.state.lock().map(|s| s.0).unwrap_or(0)
    }

    fn sleep(&self, seen: u64, wait: Duration) {
        let Ok(guard) = self.state.lock() else { return };
        let _ = self.bell.wait_timeout_while(guard, wait, |s| s.0 == seen && !s.1);
    }
}

/// How often the dispatcher looks without being woken: events recorded by another
/// process on the same database (PostgreSQL workers, a second terminal) are found
/// within this.
const POLL: Duration = Duration::from_secs(2);

/// The dispatcher's loop; ends when the service is dropped or stopped.
pub(crate) fn work(inner: Weak<Inner>) {
    loop {
        let Some(strong) = inner.upgrade() else { return };
        let bell = Arc::clone(&strong.events_bell);
        let seen = bell.seen();
        if !all().is_empty() {
            if let Err(e) = run_queued(&strong) {
                tracing::warn!("the events' subscribers wait: {e:?}");
            }
        }
        drop(strong);
        bell.sleep(seen, POLL);
        if bell.stopped() {
            return;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// What the test subscriber heard, in order.
    pub(crate) static HEARD: Mutex<Vec<(EventId, Event)>> = Mutex::new(Vec::new());

    fn hear(_: &Inner, _: &Transaction, event: &Event, id: EventId) -> Result<(), StoreError> {
        if let Ok(mut heard) = HEARD.lock() {
            heard.push((id, event.clone()));
        }
        Ok(())
    }

    /// In unit tests: one subscriber of every game's end.
    pub(crate) static SUBSCRIBERS: [Subscriber; 1] =
        [Subscriber { name: "test-ends", wants: |e| matches!(e, Event::GameEnded { .. }), handle: hear }];
}
