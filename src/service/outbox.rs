//! The outlet: what the service says on its own (the computer's moves, reminders,
//! timeouts, expiries) waits in the store's outbox, written in the same transaction
//! as what it tells, until an adapter delivers it.
//!
//! A message is kept as its typed [`Message`] (JSON), where it goes, whom it
//! mentions and what it offers, plus the game and ply whose board it shows; it is
//! worded and drawn only when delivered, for whoever reads it then. Rows written by
//! versions that stored English text are delivered as that text.
//!
//! # Priorities, and why not a queue per channel
//!
//! Each message is stored with a priority: what people wait for (the computer's move,
//! a game's end, a rating change) before bulk notices (expiries, reminders), which the
//! service alone decides from the message ([`priority_of`]). A claim takes every
//! waiting message for people before any notice, oldest first within each, so a
//! thousand notices queued in one channel never delay a move in another, nor in the
//! same one. Pacing is the adapters' part: they know the platform's limits, and a
//! message whose channel has to wait is handed back until then
//! ([`crate::service::Service::defer`]) rather than holding up the others. A queue per
//! channel would do the same with a scheduler of its own; two priorities and a claim
//! ordered by them need one column and one `ORDER BY`, and work the same for several
//! processes sharing the outbox.
//!
//! # Sent once
//!
//! Each message carries a send key written with it, which the adapters pass to the
//! platform as its idempotency key (Discord's nonce with `enforce_nonce`, Matrix's
//! transaction id): a message sent again after a crash, before its delivery was
//! recorded, is dropped by the platform instead of being posted twice.

use serde::{Deserialize, Serialize};

use super::boards::{self, board};
use super::people::Seats;
use super::{Action, Destination, Failure, Inner, Message, Picture, Reply, UserRef};
use crate::config::Platform;
use crate::store::{self, CommunityId, GameId, MessageId, Millis, Priority, Transaction};

/// A message of the outbox claimed for delivery.
#[derive(Clone, Debug)]
pub struct Claimed {
    /// Its row: confirm it with [`crate::service::Service::delivered`].
    pub id: MessageId,
    /// Its idempotency key on the platform, the same at every attempt: at most 25
    /// ASCII letters and digits.
    pub send_key: String,
    /// How soon it should go out.
    pub priority: Priority,
    /// What to post.
    pub reply: Reply,
}

/// How soon a message should go out: expiries and reminders may wait behind what
/// people are waiting for.
pub(crate) fn priority_of(message: &Message) -> Priority {
    match message {
        Message::ChallengesExpired { .. } | Message::Reminder { .. } => Priority::Bulk,
        _ => Priority::People,
    }
}

/// What the outbox keeps of a reply.
#[derive(Serialize, Deserialize)]
struct Outgoing {
    message: Message,
    mentions: Vec<UserRef>,
    destination: Destination,
    #[serde(default)]
    actions: Vec<Action>,
    /// The game row and ply whose board the message shows.
    board: Option<(i64, u32)>,
    /// The community the message is about (its language words public messages).
    #[serde(default)]
    community: Option<i64>,
}

/// The form of older versions: the reply's English text.
#[derive(Deserialize)]
struct Legacy {
    reply: LegacyReply,
    board: Option<(i64, u32)>,
}

#[derive(Deserialize)]
struct LegacyReply {
    text: String,
    #[serde(default)]
    mentions: Vec<UserRef>,
    destination: Destination,
    #[serde(default)]
    actions: Vec<Action>,
}

/// Queues `reply` for `platform` in `tx`; its board, if any, is redrawn from the game
/// row and ply `board` when delivered, and its words are in the language of
/// `community` (or of the person it goes to) then.
pub(crate) fn push(
    tx: &Transaction,
    platform: Platform,
    reply: Reply,
    board: Option<(GameId, u32)>,
    community: Option<CommunityId>,
    now: Millis,
) -> Result<(), store::StoreError> {
    let priority = priority_of(&reply.message);
    let outgoing = Outgoing {
        message: reply.message,
        mentions: reply.mentions,
        destination: reply.destination,
        actions: reply.actions,
        board: board.map(|(g, ply)| (g.0, ply)),
        community: community.map(|c| c.0),
    };
    let payload = serde_json::to_string(&outgoing).map_err(|e| store::StoreError::Internal(e.to_string()))?;
    store::push_message_with(tx, platform, &payload, priority, now)?;
    Ok(())
}

/// The outbox's waiting messages for `platform`, boards rebuilt.
pub(crate) fn pending(inner: &Inner, platform: Platform) -> Result<Vec<Claimed>, Failure> {
    let messages = inner.store.read(|tx| store::pending_messages(tx, platform, 100))?;
    Ok(unpack(inner, platform, messages))
}

/// Claims up to `limit` waiting messages of `platform` for `claimer` until `lease_ms`
/// from now, so that several processes delivering for one platform never send one
/// twice.
pub(crate) fn claim(
    inner: &Inner,
    platform: Platform,
    claimer: &str,
    lease_ms: i64,
    limit: u32,
) -> Result<Vec<Claimed>, Failure> {
    let (now, claimer) = (inner.clock.now(), claimer.to_string());
    let messages = inner.store.write(move |tx| store::claim_messages(tx, platform, &claimer, now, lease_ms, limit))?;
    Ok(unpack(inner, platform, messages))
}

/// Stored messages as replies: boards rebuilt, and the thread filled in when the
/// adapter made it after the message was stored. A row that cannot be read is
/// logged and dropped, so that it never blocks the ones after it.
fn unpack(inner: &Inner, platform: Platform, messages: Vec<store::OutboxMessage>) -> Vec<Claimed> {
    let mut out = Vec::new();
    for m in messages {
        match unpack_one(inner, platform, &m.payload) {
            Ok(reply) => out.push(Claimed { id: m.id, send_key: m.send_key, priority: m.priority, reply }),
            Err(e) => {
                tracing::error!("outbox message {} cannot be delivered, dropped: {e:?}", m.id.0);
                let (id, now) = (m.id, inner.clock.now());
                if let Err(e) = inner.store.write(move |tx| store::mark_delivered(tx, id, now)) {
                    tracing::error!("cannot drop outbox message {}: {e}", id.0);
                }
            }
        }
    }
    out
}

fn unpack_one(inner: &Inner, platform: Platform, payload: &str) -> Result<Reply, Failure> {
    let outgoing = match serde_json::from_str::<Outgoing>(payload) {
        Ok(o) => o,
        Err(e) => match serde_json::from_str::<Legacy>(payload) {
            Ok(l) => Outgoing {
                message: Message::Legacy { text: l.reply.text },
                mentions: l.reply.mentions,
                destination: l.reply.destination,
                actions: l.reply.actions,
                board: l.board,
                community: None,
            },
            Err(_) => return Err(Failure::Internal(format!("unreadable payload: {e}"))),
        },
    };
    let mut reply = Reply::new(outgoing.destination, outgoing.message);
    reply.mentions = outgoing.mentions;
    reply.actions = outgoing.actions;
    if let Destination::Thread { game, thread: thread @ None, .. } = &mut reply.destination {
        if let Ok(record) = inner.store.find_game(game) {
            *thread = record.place.thread;
        }
    }
    reply.lang = super::language::of_stored(inner, platform, &reply, outgoing.community.map(CommunityId));
    if let Some((game, ply)) = outgoing.board {
        let record = inner.store.load_game(GameId(game))?;
        let (position, last) = boards::replayed(&record, Some(ply))?;
        let mut at = record.clone();
        at.ply = ply;
        if ply < record.ply {
            // A board of a move before the end (delivered late): the game went on
            // after it, so its picture shows no result.
            at.result = None;
            at.status = store::Status::Ongoing;
        }
        let seats = Seats::of(&at);
        reply.picture = Some(Picture::Board(board(inner, &at, &position, last, false, &seats)));
    }
    if reply.picture.is_none() {
        // A review's picture is drawn again from the stored review.
        reply.picture = super::reviews::picture_of(inner, &reply.message)?;
    }
    Ok(reply)
}
