//! Messages the service produces on its own (a computer move, a reminder), kept until
//! an adapter has delivered them, so nothing is lost while an adapter is down.

use super::error::StoreError;
use super::model::{MessageId, Millis};
use super::players::platform_key;
use super::sql::{args, Dialect, Row, Transaction};
use crate::config::Platform;

/// A message waiting for delivery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxMessage {
    /// The row, to mark it delivered.
    pub id: MessageId,
    /// The JSON the service stored; the store does not read it.
    pub payload: String,
    /// When it was produced.
    pub created_at: Millis,
}

fn message(r: &Row) -> Result<OutboxMessage, StoreError> {
    Ok(OutboxMessage { id: r.get(0)?, payload: r.get(1)?, created_at: r.get(2)? })
}

/// Queues a message for the adapters of `platform`.
pub fn push_message(tx: &Transaction, platform: Platform, payload: &str, now: Millis) -> Result<MessageId, StoreError> {
    tx.query_one(
        "INSERT INTO outbox (platform, payload, created_at) VALUES ($1, $2, $3) RETURNING id",
        args![platform_key(platform), payload, now],
    )?
    .get(0)
}

/// The oldest undelivered messages of `platform`, in the order they were produced.
pub fn pending_messages(tx: &Transaction, platform: Platform, limit: u32) -> Result<Vec<OutboxMessage>, StoreError> {
    tx.query(
        "SELECT id, payload, created_at FROM outbox WHERE platform = $1 AND delivered_at IS NULL ORDER BY id LIMIT $2",
        args![platform_key(platform), limit],
    )?
    .iter()
    .map(message)
    .collect()
}

/// How many messages wait for delivery, all platforms together (claimed or not): the
/// outbox's depth, for monitoring.
pub fn outbox_depth(tx: &Transaction) -> Result<i64, StoreError> {
    tx.query_one("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL", args![])?.get(0)
}

/// Marks a message delivered; delivering it twice is harmless.
pub fn mark_delivered(tx: &Transaction, id: MessageId, now: Millis) -> Result<(), StoreError> {
    let changed =
        tx.execute("UPDATE outbox SET delivered_at = coalesce(delivered_at, $1) WHERE id = $2", args![now, id])?;
    if changed == 0 {
        return Err(StoreError::NotFound(format!("message {}", id.0)));
    }
    Ok(())
}

/// Claims for `claimer` (a name unique to one process) up to `limit` undelivered
/// messages of `platform`, oldest first, whose claim is absent or expired at `now`,
/// until `now + lease_ms`; returns them in the order they were produced. With several
/// processes delivering for one platform, none gets a message another holds a live
/// claim on; a crashed process's claims expire and are taken over, so a message is
/// delivered at least once. Confirm each with [`mark_delivered`] before the lease ends.
///
/// On PostgreSQL the rows being claimed by another transaction at this instant are
/// skipped (`FOR UPDATE SKIP LOCKED`) rather than waited for: claimers on many
/// connections never queue behind one another and never take the same message.
pub fn claim_messages(
    tx: &Transaction,
    platform: Platform,
    claimer: &str,
    now: Millis,
    lease_ms: Millis,
    limit: u32,
) -> Result<Vec<OutboxMessage>, StoreError> {
    let sql = match tx.dialect() {
        Dialect::Sqlite => {
            "UPDATE outbox SET claimed_by = $1, claimed_until = $2
             WHERE id IN (SELECT id FROM outbox
                          WHERE platform = $3 AND delivered_at IS NULL
                            AND (claimed_until IS NULL OR claimed_until <= $4)
                          ORDER BY id LIMIT $5)
             RETURNING id, payload, created_at"
        }
        Dialect::Postgres => {
            "UPDATE outbox SET claimed_by = $1, claimed_until = $2
             WHERE id IN (SELECT id FROM outbox
                          WHERE platform = $3 AND delivered_at IS NULL
                            AND (claimed_until IS NULL OR claimed_until <= $4)
                          ORDER BY id LIMIT $5
                          FOR UPDATE SKIP LOCKED)
             RETURNING id, payload, created_at"
        }
    };
    let until = now.saturating_add(lease_ms);
    let mut out: Vec<OutboxMessage> = tx
        .query(sql, args![claimer, until, platform_key(platform), now, limit])?
        .iter()
        .map(message)
        .collect::<Result<_, _>>()?;
    // RETURNING gives no order.
    out.sort_by_key(|m| m.id);
    Ok(out)
}

/// Records what message `message_id`, posted on `platform`, offers (`actions`, JSON the
/// service wrote); recording it again replaces it.
pub fn set_message_actions(
    tx: &Transaction,
    platform: Platform,
    message_id: &str,
    actions: &str,
    now: Millis,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO message_actions (platform, message_id, actions, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (platform, message_id) DO UPDATE SET actions = excluded.actions",
        args![platform_key(platform), message_id, actions, now],
    )?;
    Ok(())
}

/// What message `message_id` on `platform` offers, as recorded, if anything.
pub fn message_actions(tx: &Transaction, platform: Platform, message_id: &str) -> Result<Option<String>, StoreError> {
    tx.query_opt(
        "SELECT actions FROM message_actions WHERE platform = $1 AND message_id = $2",
        args![platform_key(platform), message_id],
    )?
    .map(|r| r.get(0))
    .transpose()
}
