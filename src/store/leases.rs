//! Leases: which process runs a singleton (the clocks' scheduler, the computer's
//! queue) when several serve one database.
//!
//! A lease is a row: its name, its holder and the instant it runs out. The holder
//! renews it well within its time to live; any other process takes it over once it
//! has run out, so a worker that dies hands its singletons over within one time to
//! live. Times come from the caller's clock, as for the outbox's claims.

use super::error::StoreError;
use super::model::Millis;
use super::sql::{args, Transaction};

/// Takes or renews the lease `name` for `holder` (a name unique to one process) until
/// `now + ttl_ms`. True when `holder` holds it now: it was free, had run out, or was
/// `holder`'s already. On PostgreSQL two processes asking at once are served one after
/// the other by the row's lock, so at most one of them gets it.
pub fn try_lease(tx: &Transaction, name: &str, holder: &str, now: Millis, ttl_ms: Millis) -> Result<bool, StoreError> {
    let got = tx.query_opt(
        "INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE leases.holder = excluded.holder OR leases.expires_at <= $4
         RETURNING holder",
        args![name, holder, now.saturating_add(ttl_ms), now],
    )?;
    Ok(got.is_some())
}

/// Gives up the lease `name` if `holder` holds it, so another process may take it at
/// once (at a clean shutdown). False when `holder` did not hold it.
pub fn release_lease(tx: &Transaction, name: &str, holder: &str) -> Result<bool, StoreError> {
    Ok(tx.execute("DELETE FROM leases WHERE name = $1 AND holder = $2", args![name, holder])? == 1)
}

/// Who holds the lease `name` at `now`, if anyone.
pub fn lease_holder(tx: &Transaction, name: &str, now: Millis) -> Result<Option<String>, StoreError> {
    tx.query_opt("SELECT holder FROM leases WHERE name = $1 AND expires_at > $2", args![name, now])?
        .map(|r| r.get(0))
        .transpose()
}

/// Who holds a lease at `now`, every lease (processes, by the names they hold with).
pub fn lease_holders(tx: &Transaction, now: Millis) -> Result<Vec<String>, StoreError> {
    tx.query("SELECT DISTINCT holder FROM leases WHERE expires_at > $1", args![now])?.iter().map(|r| r.get(0)).collect()
}

/// Ends every lease of `holder` (a process that is gone) at once; returns how many.
pub fn release_leases_of(tx: &Transaction, holder: &str) -> Result<u64, StoreError> {
    Ok(tx.execute("DELETE FROM leases WHERE holder = $1", args![holder])?)
}
