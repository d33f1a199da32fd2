//! The singletons of several workers: the clocks' scheduler and the computer's queue
//! run in one process at a time across the processes sharing a PostgreSQL database.
//!
//! # Choices made here
//!
//! - **A lease row per singleton** (`clocks`, `computer`), taken with the store's
//!   [`crate::store::try_lease`] for a time to live ([`LeaseOptions::ttl`]) and renewed
//!   every third of it, so a holder that misses one renewal still holds it. A process
//!   that dies stops renewing; another takes the lease over once it has run out, so
//!   the singleton moves within one time to live plus one third (the others' retry).
//! - **The holder believes it holds a lease** only until its last renewal's time to
//!   live, less a third, has passed: a holder cut off from the database stops acting
//!   before anyone else may take over.
//! - **Real time**: a lease is about processes being alive, so it runs on the system's
//!   clock, not the service's (which tests move by days).
//! - **SQLite** is one process: there is nothing to share, every singleton runs there
//!   and no lease row is written.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{Inner, SystemClock};
use crate::service::Clock;
use crate::store;

/// The lease of the clocks' scheduler.
pub(crate) const CLOCKS: &str = "clocks";
/// The lease of the computer's queue.
pub(crate) const COMPUTER: &str = "computer";

/// How the singletons are shared between processes (PostgreSQL only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaseOptions {
    /// How long a lease lasts without renewal: a dead worker's singletons move to
    /// another within this (plus a third). `[storage] lease_seconds`.
    pub ttl: Duration,
    /// How often the computer's holder looks for games where the computer is to move
    /// that other workers stored.
    pub computer_poll: Duration,
}

impl LeaseOptions {
    /// How long an outbox message claimed by a process stays its to deliver: the
    /// leases' time to live. A process known to be gone loses its claims at once.
    pub(crate) fn outbox_lease_ms(&self) -> i64 {
        i64::try_from(self.ttl.as_millis()).unwrap_or(i64::MAX)
    }
}

impl Default for LeaseOptions {
    fn default() -> Self {
        LeaseOptions { ttl: Duration::from_secs(15), computer_poll: Duration::from_millis(250) }
    }
}

/// This process's name among the workers and what it believes it holds.
pub(crate) struct Leases {
    /// A name unique to this process (`service::process`).
    holder: String,
    /// Whether leases are used at all (PostgreSQL).
    shared: bool,
    options: LeaseOptions,
    /// Per lease: until when this process may act as its holder, and when it last
    /// asked the database.
    state: Mutex<HashMap<&'static str, (Option<Instant>, Instant)>>,
}

impl Leases {
    /// The leases of a process; `shared` when other processes may share its store.
    pub(crate) fn new(holder: &str, shared: bool, options: LeaseOptions) -> Leases {
        Leases { holder: holder.to_string(), shared, options, state: Mutex::new(HashMap::new()) }
    }

    /// Whether leases are in use (several processes may share the database).
    pub(crate) fn shared(&self) -> bool {
        self.shared
    }

    /// How often a holder renews, and a non-holder asks again.
    pub(crate) fn renew_every(&self) -> Duration {
        self.options.ttl / 3
    }

    /// The computer holder's polling period.
    pub(crate) fn computer_poll(&self) -> Duration {
        self.options.computer_poll
    }

    /// Whether this process may act as the holder of `name` now, from what it last
    /// heard (no database round trip). Always true on SQLite.
    pub(crate) fn holds(&self, name: &'static str) -> bool {
        if !self.shared {
            return true;
        }
        let now = Instant::now();
        self.state.lock().ok().and_then(|s| s.get(name).and_then(|(until, _)| *until)).is_some_and(|u| now < u)
    }

    /// Takes or renews `name` when a third of the time to live has passed since this
    /// process last asked (or it never did); then says whether it holds it. Always true
    /// on SQLite, where nothing is written.
    pub(crate) fn hold(&self, inner: &Inner, name: &'static str) -> bool {
        if !self.shared {
            return true;
        }
        let now = Instant::now();
        let asked = self.state.lock().ok().and_then(|s| s.get(name).map(|(_, asked)| *asked));
        if asked.is_some_and(|at| now.duration_since(at) < self.renew_every()) {
            return self.holds(name);
        }
        let had = self.holds(name);
        let ttl_ms = i64::try_from(self.options.ttl.as_millis()).unwrap_or(i64::MAX);
        let (holder, wall) = (self.holder.clone(), SystemClock.now());
        let got = inner.store.write(move |tx| store::try_lease(tx, name, &holder, wall, ttl_ms));
        let until = match got {
            // Acting stops a third before the lease runs out for the others.
            Ok(true) => Some(now + self.options.ttl - self.renew_every()),
            Ok(false) => None,
            Err(e) => {
                tracing::warn!("cannot renew the {name} lease: {e}");
                // What was held stays held until it would run out anyway.
                self.state.lock().ok().and_then(|s| s.get(name).and_then(|(until, _)| *until))
            }
        };
        if let Ok(mut s) = self.state.lock() {
            s.insert(name, (until, now));
        }
        let holds = until.is_some_and(|u| now < u);
        if holds && !had {
            tracing::info!(holder = %self.holder, "took the {name} lease");
            inner.metrics.took_lease(name);
        } else if had && !holds {
            tracing::warn!(holder = %self.holder, "lost the {name} lease");
        }
        holds
    }

    /// Gives up every lease this process holds, so another takes them at once (a clean
    /// stop).
    pub(crate) fn release_all(&self, inner: &Inner) {
        if !self.shared {
            return;
        }
        for name in [CLOCKS, COMPUTER] {
            if self.holds(name) {
                let holder = self.holder.clone();
                if let Err(e) = inner.store.write(move |tx| store::release_lease(tx, name, &holder)) {
                    tracing::warn!("cannot release the {name} lease: {e}");
                }
            }
        }
        if let Ok(mut s) = self.state.lock() {
            s.clear();
        }
    }
}
