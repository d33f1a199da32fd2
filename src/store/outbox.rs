//! Messages the service produces on its own (a computer move, a reminder), kept until
//! an adapter has delivered them, so nothing is lost while an adapter is down.
//!
//! Each message has a [`Priority`]: claims take every waiting message of
//! [`Priority::People`] before any of [`Priority::Bulk`], so a burst of notices never
//! holds back a move. Each also has a lane (the conversation it goes to, named by the
//! service): a message is claimed only when every earlier message of its lane could be
//! claimed too, so one lane's messages go out in order while lanes go out side by side. Each also has a send key, written with it: the adapters send it
//! as the platform's idempotency key (Discord's nonce, Matrix's transaction id), so a
//! message sent again after a crash is dropped by the platform, not posted twice.

use super::error::StoreError;
use super::model::{MessageId, Millis};
use super::players::platform_key;
use super::sql::{args, Dialect, Row, Transaction};
use crate::config::Platform;

/// How soon a message should go out, relative to the others waiting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// What people wait for: the computer's move, a game's end.
    #[default]
    People,
    /// Notices that may wait: expiries, reminders.
    Bulk,
}

impl Priority {
    fn key(self) -> i64 {
        match self {
            Priority::People => 0,
            Priority::Bulk => 1,
        }
    }

    fn from_key(key: i64) -> Priority {
        if key <= 0 {
            Priority::People
        } else {
            Priority::Bulk
        }
    }
}

/// A message waiting for delivery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxMessage {
    /// The row, to mark it delivered.
    pub id: MessageId,
    /// The JSON the service stored; the store does not read it.
    pub payload: String,
    /// When it was produced.
    pub created_at: Millis,
    /// How soon it should go out.
    pub priority: Priority,
    /// Its idempotency key on the platform: at most 25 ASCII letters and digits
    /// (Discord's limit for a nonce), the same every time the message is sent.
    pub send_key: String,
    /// For the answer to a request: how the platform finishes it (the adapter's
    /// opaque handle, such as a Discord interaction's token).
    pub answer: Option<String>,
    /// The conversation it goes to, in which messages keep their order (`None`: a
    /// lane of its own).
    pub lane: Option<String>,
    /// The request it answers or follows from, if any.
    pub request: Option<String>,
}

const COLUMNS: &str = "id, payload, created_at, priority, send_key, answer, lane, request_key";

fn message(r: &Row) -> Result<OutboxMessage, StoreError> {
    let id: MessageId = r.get(0)?;
    let key: Option<String> = r.get(4)?;
    Ok(OutboxMessage {
        id,
        payload: r.get(1)?,
        created_at: r.get(2)?,
        priority: Priority::from_key(r.get(3)?),
        // Rows queued before send keys existed: one made of the row's id.
        send_key: key.unwrap_or_else(|| format!("bb{}", id.0)),
        answer: r.get(5)?,
        lane: r.get(6)?,
        request: r.get(7)?,
    })
}

/// A fresh send key: 16 random hex digits after `k`, unique across databases too (an
/// id alone would repeat in a database made afresh, within the minutes a platform
/// remembers a key).
fn new_send_key() -> Result<String, StoreError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| StoreError::Internal(format!("no randomness for a send key: {e}")))?;
    Ok(format!("k{:016x}", u64::from_le_bytes(bytes)))
}

/// Queues a message for the adapters of `platform`, for people
/// ([`Priority::People`]).
pub fn push_message(tx: &Transaction, platform: Platform, payload: &str, now: Millis) -> Result<MessageId, StoreError> {
    push_message_with(tx, platform, payload, Priority::People, now)
}

/// Queues a message for the adapters of `platform` with `priority`, and its send key.
pub fn push_message_with(
    tx: &Transaction,
    platform: Platform,
    payload: &str,
    priority: Priority,
    now: Millis,
) -> Result<MessageId, StoreError> {
    let message = NewMessage { platform, payload, priority, now, claim: None, request: None, answer: None, lane: None };
    Ok(push_outgoing(tx, &message)?.0)
}

/// A message to queue, with what [`push_message_with`] leaves out.
#[derive(Clone, Copy, Debug)]
pub struct NewMessage<'a> {
    /// Whose adapters deliver it.
    pub platform: Platform,
    /// The service's JSON.
    pub payload: &'a str,
    /// How soon it should go out.
    pub priority: Priority,
    /// When it was produced.
    pub now: Millis,
    /// Claimed at once by this claimer until this instant: the process that made it
    /// delivers it itself (the answer to its own request); another takes it over
    /// only when that claim runs out or its claimer is gone.
    pub claim: Option<(&'a str, Millis)>,
    /// The request it answers or follows from.
    pub request: Option<&'a str>,
    /// How the platform finishes it when it answers a request (an adapter's handle).
    pub answer: Option<&'a str>,
    /// The conversation it goes to, where messages keep their order.
    pub lane: Option<&'a str>,
}

/// Queues a message; returns its row and its send key.
pub fn push_outgoing(tx: &Transaction, m: &NewMessage<'_>) -> Result<(MessageId, String), StoreError> {
    let key = new_send_key()?;
    let (claimer, until) = m.claim.map_or((None, None), |(c, u)| (Some(c), Some(u)));
    let id = tx
        .query_one(
            "INSERT INTO outbox (platform, payload, created_at, priority, send_key, claimed_by, claimed_until,
                                 request_key, answer, lane)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             RETURNING id",
            args![
                platform_key(m.platform),
                m.payload,
                m.now,
                m.priority.key(),
                key,
                claimer,
                until,
                m.request,
                m.answer,
                m.lane
            ],
        )?
        .get(0)?;
    Ok((id, key))
}

/// The messages made for the request `key`, delivered or not, in the order they were
/// made: a request delivered twice is answered with what the first made.
pub fn messages_of_request(tx: &Transaction, key: &str) -> Result<Vec<OutboxMessage>, StoreError> {
    tx.query(&format!("SELECT {COLUMNS} FROM outbox WHERE request_key = $1 ORDER BY id"), args![key])?
        .iter()
        .map(message)
        .collect()
}

/// The claimer name of a notice that gathers others until its window closes.
pub const GATHERING: &str = "gathering";

/// A notice of `platform` still gathering for `group` at `now` (queued with
/// [`gather`], its window not closed): its row and payload, to add to.
pub fn gathering(
    tx: &Transaction,
    platform: Platform,
    group: &str,
    now: Millis,
) -> Result<Option<(MessageId, String)>, StoreError> {
    tx.query_opt(
        "SELECT id, payload FROM outbox
         WHERE platform = $1 AND group_key = $2 AND delivered_at IS NULL AND claimed_by = $3 AND claimed_until > $4
         ORDER BY id DESC LIMIT 1",
        args![platform_key(platform), group, GATHERING, now],
    )?
    .map(|r| Ok((r.get(0)?, r.get(1)?)))
    .transpose()
}

/// Queues a notice for `group` that waits until `until` before it may be claimed,
/// gathering what [`regather`] adds to it meanwhile. It has no lane: its wait holds up
/// no other message.
pub fn gather(
    tx: &Transaction,
    platform: Platform,
    group: &str,
    payload: &str,
    priority: Priority,
    now: Millis,
    until: Millis,
) -> Result<MessageId, StoreError> {
    let (id, _) = push_outgoing(
        tx,
        &NewMessage {
            platform,
            payload,
            priority,
            now,
            claim: Some((GATHERING, until)),
            request: None,
            answer: None,
            lane: None,
        },
    )?;
    tx.execute("UPDATE outbox SET group_key = $1 WHERE id = $2", args![group, id])?;
    Ok(id)
}

/// Replaces the payload of a notice still gathering.
pub fn regather(tx: &Transaction, id: MessageId, payload: &str) -> Result<(), StoreError> {
    tx.execute("UPDATE outbox SET payload = $1 WHERE id = $2 AND delivered_at IS NULL", args![payload, id])?;
    Ok(())
}

/// Who holds live claims on undelivered messages at `now` (processes, by the names
/// they claim with).
pub fn claimers(tx: &Transaction, now: Millis) -> Result<Vec<String>, StoreError> {
    tx.query(
        "SELECT DISTINCT claimed_by FROM outbox
         WHERE delivered_at IS NULL AND claimed_by IS NOT NULL AND claimed_until > $1",
        args![now],
    )?
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// Ends every claim of `claimer` (a process that is gone) at once, so its messages
/// are taken over without waiting out its leases; returns how many.
pub fn release_claims(tx: &Transaction, claimer: &str, now: Millis) -> Result<u64, StoreError> {
    Ok(tx.execute(
        "UPDATE outbox SET claimed_until = $1 WHERE claimed_by = $2 AND delivered_at IS NULL AND claimed_until > $1",
        args![now, claimer],
    )?)
}

/// The undelivered messages of `platform`, those for people first, each priority in
/// the order they were produced.
pub fn pending_messages(tx: &Transaction, platform: Platform, limit: u32) -> Result<Vec<OutboxMessage>, StoreError> {
    tx.query(
        &format!(
            "SELECT {COLUMNS} FROM outbox WHERE platform = $1 AND delivered_at IS NULL
             ORDER BY priority, id LIMIT $2"
        ),
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

/// The advisory lock claims take on PostgreSQL: "bb-claim" in ASCII.
const CLAIM_LOCK: i64 = 0x6262_2d63_6c61_696d;

/// Claims for `claimer` (a name unique to one process) up to `limit` undelivered
/// messages of `platform`, those for people first and each priority oldest first,
/// whose claim is absent or expired at `now`, until `now + lease_ms`; returns them in
/// that order. With several
/// processes delivering for one platform, none gets a message another holds a live
/// claim on; a crashed process's claims expire and are taken over, so a message is
/// delivered at least once. Confirm each with [`mark_delivered`] before the lease ends.
///
/// A request's notices wait until its answer is delivered (while the process that
/// answers holds its claim), so that they follow it: the opponent's notice comes after
/// the board it refers to, a game's first board after the announcement its thread
/// hangs under.
///
/// A message waits, too, while an earlier message of its lane cannot be claimed (it is
/// claimed by someone, handed back until later, or waits for its request's answer): a
/// lane's messages are claimed in order, and a claimer delivers them in order, so they
/// reach the platform in order even when several processes deliver. Within one claim,
/// what people wait for may overtake an earlier bulk notice of its lane.
///
/// On PostgreSQL claims take a transaction-level advisory lock first, so that two
/// claimers never both see a lane's earlier message as unclaimed; the claim itself is
/// one short statement.
pub fn claim_messages(
    tx: &Transaction,
    platform: Platform,
    claimer: &str,
    now: Millis,
    lease_ms: Millis,
    limit: u32,
) -> Result<Vec<OutboxMessage>, StoreError> {
    if tx.dialect() == Dialect::Postgres {
        tx.execute("SELECT pg_advisory_xact_lock($1)", args![CLAIM_LOCK])?;
    }
    // `b` holds `o` back: an earlier message of its lane that cannot be claimed now.
    let sql = format!(
        "UPDATE outbox SET claimed_by = $1, claimed_until = $2
         WHERE id IN (SELECT id FROM outbox o
                      WHERE platform = $3 AND delivered_at IS NULL
                        AND (claimed_until IS NULL OR claimed_until <= $4)
                        AND NOT EXISTS (SELECT 1 FROM outbox a
                                        WHERE a.request_key = o.request_key AND a.answer IS NOT NULL
                                          AND a.id < o.id AND a.delivered_at IS NULL AND a.claimed_until > $4)
                        AND NOT EXISTS (SELECT 1 FROM outbox b
                                        WHERE b.platform = o.platform AND b.lane = o.lane AND b.id < o.id
                                          AND b.delivered_at IS NULL
                                          AND (b.claimed_until > $4
                                               OR EXISTS (SELECT 1 FROM outbox a
                                                          WHERE a.request_key = b.request_key
                                                            AND a.answer IS NOT NULL AND a.id < b.id
                                                            AND a.delivered_at IS NULL AND a.claimed_until > $4)))
                      ORDER BY priority, id LIMIT $5)
         RETURNING {COLUMNS}"
    );
    let until = now.saturating_add(lease_ms);
    let mut out: Vec<OutboxMessage> = tx
        .query(&sql, args![claimer, until, platform_key(platform), now, limit])?
        .iter()
        .map(message)
        .collect::<Result<_, _>>()?;
    // RETURNING gives no order.
    out.sort_by_key(|m| (m.priority, m.id));
    Ok(out)
}

/// Whether an undelivered message of the same lane as message `id` comes before it:
/// then `id` must not be posted before it, even by the process that holds it.
pub fn behind_in_lane(tx: &Transaction, id: MessageId) -> Result<bool, StoreError> {
    Ok(tx
        .query_opt(
            "SELECT 1 FROM outbox o JOIN outbox b
               ON b.platform = o.platform AND b.lane = o.lane AND b.id < o.id AND b.delivered_at IS NULL
             WHERE o.id = $1 LIMIT 1",
            args![id],
        )?
        .is_some())
}

/// Gives back `claimer`'s claim on message `id` until `until` instead of its lease's
/// end: a message whose channel is being paced waits there, and a claim made at
/// `until` or later takes it again (this process's or another's).
pub fn defer_message(tx: &Transaction, id: MessageId, claimer: &str, until: Millis) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE outbox SET claimed_until = $1 WHERE id = $2 AND claimed_by = $3 AND delivered_at IS NULL",
        args![until, id, claimer],
    )?;
    Ok(())
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
