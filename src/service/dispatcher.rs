//! The dispatcher of events: hands each queued event to its subscriber
//! ([`super::subscribers`] lists them and what they want) inside a write transaction
//! that also removes the queue row, so that what the subscriber writes and the
//! removal commit together: exactly once, even across a crash; with several
//! workers on one PostgreSQL database each queued event is taken by one of them.

use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;

use super::events::Event;
use super::subscribers::{all, Handle};
use super::{Failure, Inner};
use crate::store::{self, EventId};

/// The handler of the subscriber `name` (every name of `subscribers::all`).
fn handler(name: &str) -> Option<Handle> {
    #[cfg(test)]
    {
        (name == "test-ends").then_some(super::subscribers::tests::hear as Handle)
    }
    #[cfg(not(test))]
    {
        match name {
            "tournaments" => Some(super::tournaments::on_game_ended as Handle),
            "reviews" => Some(super::reviews::on_event as Handle),
            "premoves" => Some(super::premoves::on_event as Handle),
            _ => None,
        }
    }
}

/// What the subscriber `name` does once what it handled is committed (begin the
/// work it queued, tell who follows the games it changed), if it handled anything:
/// it is given the events handled.
fn after(name: &str) -> Option<After> {
    match name {
        #[cfg(not(test))]
        "reviews" => Some(|inner, _| super::reviews::start_pending(inner)),
        #[cfg(not(test))]
        "premoves" => Some(super::premoves::after_commit),
        _ => None,
    }
}

/// What a subscriber does after a commit, given the events it handled in it.
type After = fn(&Inner, &[(EventId, Event)]);

/// Events handed to a subscriber in one transaction, at most.
const BATCH: u32 = 50;

/// Hands every queued event to its subscriber; returns how many were handled.
pub(crate) fn run_queued(inner: &Arc<Inner>) -> Result<usize, Failure> {
    let mut handled = 0;
    for (index, subscriber) in all().iter().enumerate() {
        let Some(handle) = handler(subscriber.name) else {
            tracing::error!(subscriber = subscriber.name, "a subscriber without a handler: its events wait");
            continue;
        };
        loop {
            let me = Arc::clone(inner);
            let done = inner.store.write(move |tx| {
                let subscriber = &all()[index];
                let events = store::take_queued(tx, subscriber.name, BATCH)?;
                let taken = events.len();
                let mut handled = Vec::with_capacity(taken);
                for stored in events {
                    match Event::read(&stored) {
                        Some(event) => {
                            handle(&me, tx, &event, stored.id)?;
                            handled.push((stored.id, event));
                        }
                        None => tracing::warn!(
                            subscriber = subscriber.name,
                            "event {} ({}) cannot be read by this version, skipped",
                            stored.id.0,
                            stored.kind
                        ),
                    }
                    store::done_queued(tx, subscriber.name, stored.id)?;
                }
                Ok((taken, handled))
            });
            match done {
                Ok((0, _)) => break,
                Ok((n, events)) => {
                    handled += n;
                    if let Some(after) = after(subscriber.name) {
                        after(inner, &events);
                    }
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
    /// Held while events are handled, with what their subscribers start after the
    /// commit: who waits for the service to be idle waits for that too.
    handling: Mutex<()>,
}

/// [`run_queued`], while no one else in this process (the dispatcher, or one waiting
/// for the service to be idle) runs it.
pub(crate) fn run_handling(inner: &Arc<Inner>) -> Result<usize, Failure> {
    let _handling = inner.events_bell.handling.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    run_queued(inner)
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
            if let Err(e) = run_handling(&strong) {
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
mod tests {
    #[test]
    fn every_subscriber_has_a_handler() {
        for s in super::all() {
            assert!(super::handler(s.name).is_some(), "{}", s.name);
        }
    }
}
