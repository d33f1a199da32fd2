//! Events: what happened, recorded in the same transaction as the change, and the
//! queue of what each subscriber still has to handle.
//!
//! The store keeps an event as the service gave it (a kind, the game it is about, a
//! JSON payload) and does not read the payload. A subscriber's rows in
//! `event_queue` are written with the event; the subscriber takes some
//! ([`take_queued`]), handles them and deletes them ([`done_queued`]) in one
//! transaction, so each event is handled exactly once however the process ends. On
//! PostgreSQL the rows another worker is handling are skipped rather than waited for.
//!
//! Events are also read by game ([`events_of_game`]): a page watching a game learns
//! of its moves from them, whichever worker recorded them.

use super::error::StoreError;
use super::model::EventId;
use super::model::{GameId, Millis};
use super::sql::{args, Dialect, Row, Transaction};

/// An event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// Its row: events are numbered in the order they were recorded.
    pub id: EventId,
    /// What happened (`move_played`, `game_ended` …), as the service names it.
    pub kind: String,
    /// The game it is about, if any.
    pub game: Option<GameId>,
    /// The service's JSON.
    pub payload: String,
    /// When.
    pub at: Millis,
}

fn event(r: &Row) -> Result<StoredEvent, StoreError> {
    Ok(StoredEvent { id: r.get(0)?, kind: r.get(1)?, game: r.get(2)?, payload: r.get(3)?, at: r.get(4)? })
}

/// Records an event and queues it for `subscribers`; returns its row.
pub fn record_event(
    tx: &Transaction,
    kind: &str,
    game: Option<GameId>,
    payload: &str,
    subscribers: &[&str],
    now: Millis,
) -> Result<EventId, StoreError> {
    record_event_if(tx, kind, game, payload, subscribers, &[], now)
}

/// When a subscriber wants an event only if something holds of its game: asked in
/// the statement that records the event (on PostgreSQL, the same round trip), so a
/// subscriber of every move with work in few games costs the others nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueIf {
    /// Someone has conditional moves in the game (`premoves`).
    GameHasPremoves,
}

impl QueueIf {
    /// The SQL condition, its game the parameter `$n`.
    fn sql(self, n: usize) -> String {
        match self {
            QueueIf::GameHasPremoves => format!("EXISTS (SELECT 1 FROM premoves WHERE game_id = ${n})"),
        }
    }
}

/// [`record_event`], and queued for each of `conditional`'s subscribers when its
/// condition holds of the event's game (never for an event without one).
pub fn record_event_if(
    tx: &Transaction,
    kind: &str,
    game: Option<GameId>,
    payload: &str,
    subscribers: &[&str],
    conditional: &[(&str, QueueIf)],
    now: Millis,
) -> Result<EventId, StoreError> {
    let conditional = if game.is_some() { conditional } else { &[] };
    let insert = "INSERT INTO events (kind, game_id, payload, created_at) VALUES ($1, $2, $3, $4) RETURNING id";
    let id: EventId = match (tx.dialect(), conditional) {
        (Dialect::Postgres, [(subscriber, condition)]) => {
            // One round trip: the event, and its queue row when the condition holds.
            let sql = format!(
                "WITH e AS ({insert}),
                 q AS (INSERT INTO event_queue (subscriber, event_id) SELECT $5::text, id FROM e WHERE {})
                 SELECT id FROM e",
                condition.sql(2)
            );
            let id = tx.query_one(&sql, args![kind, game, payload, now, *subscriber])?.get(0)?;
            queue(tx, subscribers, id)?;
            return Ok(id);
        }
        _ => tx.query_one(insert, args![kind, game, payload, now])?.get(0)?,
    };
    queue(tx, subscribers, id)?;
    for (subscriber, condition) in conditional {
        tx.execute(
            &format!("INSERT INTO event_queue (subscriber, event_id) SELECT $1, $2 WHERE {}", condition.sql(3)),
            args![*subscriber, id, game],
        )?;
    }
    Ok(id)
}

fn queue(tx: &Transaction, subscribers: &[&str], id: EventId) -> Result<(), StoreError> {
    for subscriber in subscribers {
        tx.execute("INSERT INTO event_queue (subscriber, event_id) VALUES ($1, $2)", args![*subscriber, id])?;
    }
    Ok(())
}

/// Up to `limit` events queued for `subscriber`, oldest first. On PostgreSQL their
/// queue rows stay locked until the transaction ends, and rows locked by another
/// worker are skipped: two workers never take the same event.
pub fn take_queued(tx: &Transaction, subscriber: &str, limit: u32) -> Result<Vec<StoredEvent>, StoreError> {
    let lock = match tx.dialect() {
        Dialect::Sqlite => "",
        Dialect::Postgres => "FOR UPDATE OF q SKIP LOCKED",
    };
    tx.query(
        &format!(
            "SELECT e.id, e.kind, e.game_id, e.payload, e.created_at
             FROM event_queue q JOIN events e ON e.id = q.event_id
             WHERE q.subscriber = $1 ORDER BY q.event_id LIMIT $2 {lock}"
        ),
        args![subscriber, limit],
    )?
    .iter()
    .map(event)
    .collect()
}

/// Removes `event` from `subscriber`'s queue: it has been handled.
pub fn done_queued(tx: &Transaction, subscriber: &str, event: EventId) -> Result<(), StoreError> {
    tx.execute("DELETE FROM event_queue WHERE subscriber = $1 AND event_id = $2", args![subscriber, event])?;
    Ok(())
}

/// How many events wait for `subscriber`.
pub fn queued_count(tx: &Transaction, subscriber: &str) -> Result<i64, StoreError> {
    tx.query_one("SELECT COUNT(*) FROM event_queue WHERE subscriber = $1", args![subscriber])?.get(0)
}

/// The events of `game` after `after` (all with `None`), oldest first, at most `limit`.
pub fn events_of_game(
    tx: &Transaction,
    game: GameId,
    after: Option<EventId>,
    limit: u32,
) -> Result<Vec<StoredEvent>, StoreError> {
    tx.query(
        "SELECT id, kind, game_id, payload, created_at FROM events
         WHERE game_id = $1 AND id > $2 ORDER BY id LIMIT $3",
        args![game, after.map_or(0, |e| e.0), limit],
    )?
    .iter()
    .map(event)
    .collect()
}

/// The events of every kind after `after`, oldest first, at most `limit` (tests and
/// `boardbot db`).
pub fn events_after(tx: &Transaction, after: EventId, limit: u32) -> Result<Vec<StoredEvent>, StoreError> {
    tx.query(
        "SELECT id, kind, game_id, payload, created_at FROM events WHERE id > $1 ORDER BY id LIMIT $2",
        args![after, limit],
    )?
    .iter()
    .map(event)
    .collect()
}

/// The last event of `game`, if any: what a page watching it compares with.
pub fn last_event_of_game(tx: &Transaction, game: GameId) -> Result<Option<EventId>, StoreError> {
    tx.query_one("SELECT MAX(id) FROM events WHERE game_id = $1", args![game])?.get(0)
}

/// Notes that the request `key` changed something, in the transaction of that change.
/// A key noted before (the request was delivered twice) is refused with
/// [`StoreError::Duplicate`] as a failed statement, so that the whole transaction is
/// undone; on PostgreSQL a second transaction noting the same key waits for the first
/// and then fails so.
pub fn note_request(tx: &Transaction, key: &str, now: Millis) -> Result<(), StoreError> {
    match tx.execute("INSERT INTO requests (request_key, served_at) VALUES ($1, $2)", args![key, now]) {
        Ok(_) => Ok(()),
        Err(e) if e.is_unique_violation() => Err(StoreError::Duplicate),
        Err(e) => Err(e.into()),
    }
}

/// Whether the request `key` changed something already.
pub fn request_served(tx: &Transaction, key: &str) -> Result<bool, StoreError> {
    Ok(tx.query_opt("SELECT 1 FROM requests WHERE request_key = $1", args![key])?.is_some())
}

/// Forgets requests served before `before`: platforms deliver a request again within
/// minutes, not days.
pub fn forget_requests(tx: &Transaction, before: Millis) -> Result<u64, StoreError> {
    Ok(tx.execute("DELETE FROM requests WHERE served_at < $1", args![before])?)
}
