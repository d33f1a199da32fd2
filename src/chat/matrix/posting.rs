//! Who posts what: a request's own answers by the request's path, everything else of
//! the outbox by the delivery runtime every platform shares ([`crate::chat::delivery`]),
//! through [`MatrixPoster`]; both send with [`Bot::post`] (`send.rs`).
//!
//! - **A request's answer** kept in the outbox is posted at once with its send key as
//!   the transaction id (the homeserver drops a repeat of a transaction id of the same
//!   session, so a message sent again after a crash is not posted twice) and
//!   confirmed; one that may not go now, or that an earlier message of its room or
//!   game waits before, is handed to the runtime, and the request's notices follow it
//!   from there (the outbox keeps a request's notices until its answer is delivered,
//!   and a game's messages in order). An answer kept nowhere (a read's) has no row to
//!   hand back: the request's path waits for it.
//! - **Everything else** — a new game's first board included — is the runtime's. A
//!   message of a game's thread whose root is not known yet (a game begun without a
//!   request, whose announcement goes out in another lane) waits for it, a little;
//!   only when no announcement comes does it begin the thread itself.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use matrix_sdk::ruma::OwnedEventId;
use matrix_sdk::Room;

use super::send::{NotSent, Rootless};
use super::Bot;
use crate::chat::delivery::{Posted, Poster};
use crate::service::{Claimed, MessageId, Reply};

/// How long a message waits, at most, for its game's thread to be known.
const ROOT_WAIT: Duration = Duration::from_secs(10);
/// How soon a message waiting for its thread looks again.
const ROOT_POLL: Duration = Duration::from_millis(200);
/// How soon a message is tried again after a passing failure (the network).
const RETRY: Duration = Duration::from_secs(1);
/// How long an answer kept nowhere (a read's) waits for the homeserver, at most.
const UNKEPT_PATIENCE: Duration = Duration::from_secs(300);

/// The request a reply answers: its room, its event (private answers reply to it) and
/// the thread it was made in.
pub(super) struct Asked<'a> {
    pub(super) room: &'a Room,
    pub(super) event: &'a OwnedEventId,
    pub(super) thread: Option<&'a OwnedEventId>,
}

impl Bot {
    /// Posts the replies to one request in order. An answer kept in the outbox goes
    /// with its send key as the transaction id and is confirmed once posted; one the
    /// homeserver did not take now is handed to the delivery runtime, like the
    /// request's notices, which follow it from there.
    pub(super) async fn post_all(&self, replies: &[Reply], asked: &Asked<'_>) {
        for reply in replies {
            let Some(delivery) = &reply.delivery else {
                self.post_unkept(reply, asked).await;
                continue;
            };
            let id = delivery.id;
            if self.blocking(move |s| s.behind_in_lane(id)).await.unwrap_or(false) {
                // An earlier message of its room or game waits (a limit held it): this
                // one follows it from the outbox.
                self.settle(id, Err(NotSent::Wait(Duration::ZERO))).await;
                continue;
            }
            let posted = self.post(reply, Some(asked), Some(&delivery.send_key), Rootless::Begin).await;
            self.settle(id, posted).await;
        }
    }

    /// Posts a reply the service did not keep in the outbox (the answer to a read: a
    /// list, the rules), which has no row to hand back: the request's path waits here,
    /// for as long as the homeserver says (at most [`UNKEPT_PATIENCE`]), and the room's
    /// next requests wait behind it, so its answers keep their order. One transaction
    /// id for every attempt: a send that timed out after the homeserver took it is not
    /// posted twice.
    async fn post_unkept(&self, reply: &Reply, asked: &Asked<'_>) {
        let txn = matrix_sdk::ruma::TransactionId::new().to_string();
        let began = Instant::now();
        loop {
            let wait = match self.post(reply, Some(asked), Some(&txn), Rootless::Begin).await {
                Err(NotSent::Limited(wait) | NotSent::Wait(wait)) => wait,
                Err(NotSent::Passing | NotSent::NoRoot) => RETRY,
                Ok(()) | Err(NotSent::Failed) => return,
            };
            if began.elapsed() + wait > UNKEPT_PATIENCE {
                tracing::error!("cannot post an answer in {}: the homeserver kept refusing", asked.room.room_id());
                return;
            }
            tokio::time::sleep(wait).await;
        }
    }

    /// Records message `id` of the outbox delivered, or hands it to the delivery
    /// runtime when it could not be posted now.
    async fn settle(&self, id: MessageId, posted: Result<(), NotSent>) {
        let wait = match posted {
            Ok(()) | Err(NotSent::Failed) => None,
            Err(NotSent::Limited(wait) | NotSent::Wait(wait)) => Some(wait),
            Err(NotSent::NoRoot | NotSent::Passing) => Some(RETRY),
        };
        match wait {
            None => {
                self.blocking(move |s| s.delivered(id)).await;
            }
            Some(wait) => {
                self.blocking(move |s| s.defer(&[id], s.claimer(), wait)).await;
            }
        }
    }
}

/// How the delivery runtime posts on Matrix: with whichever client is logged in (the
/// session may be renewed under it), each message with its send key as the
/// transaction id.
pub(super) struct MatrixPoster {
    current: Arc<Mutex<Option<Bot>>>,
    /// When each message first found its game's thread unknown.
    waiting: Mutex<HashMap<MessageId, Instant>>,
}

/// Messages remembered waiting for their thread at most; beyond, the memory starts
/// again (they wait a little longer).
const WAITING_KEPT: usize = 10_000;

impl MatrixPoster {
    pub(super) fn new(current: Arc<Mutex<Option<Bot>>>) -> MatrixPoster {
        MatrixPoster { current, waiting: Mutex::new(HashMap::new()) }
    }

    /// Whether message `id`, whose thread is not known, has waited for it long
    /// enough: it then begins the thread itself.
    fn waited_enough(&self, id: MessageId) -> bool {
        let Ok(mut waiting) = self.waiting.lock() else { return true };
        if waiting.len() >= WAITING_KEPT {
            waiting.clear();
        }
        waiting.entry(id).or_insert_with(Instant::now).elapsed() >= ROOT_WAIT
    }

    fn forget(&self, id: MessageId) {
        if let Ok(mut waiting) = self.waiting.lock() {
            waiting.remove(&id);
        }
    }
}

impl Poster for MatrixPoster {
    async fn post(&self, m: &Claimed) -> Posted {
        let Some(bot) = self.current.lock().ok().and_then(|c| c.clone()) else {
            // Between two sessions: the next one posts it.
            return Posted::Later(RETRY);
        };
        let rootless = if self.waited_enough(m.id) { Rootless::Begin } else { Rootless::Wait };
        let posted = bot.post(&m.reply, None, Some(&m.send_key), rootless).await;
        if !matches!(posted, Err(NotSent::NoRoot)) {
            self.forget(m.id);
        }
        match posted {
            Ok(()) => Posted::Done,
            Err(NotSent::NoRoot) => Posted::Later(ROOT_POLL),
            Err(NotSent::Limited(wait) | NotSent::Wait(wait)) => Posted::Later(wait),
            Err(NotSent::Passing) => Posted::Retry(RETRY),
            Err(NotSent::Failed) => Posted::Failed,
        }
    }
}
