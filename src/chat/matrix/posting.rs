//! Posting: a reply becomes a `room.send`, with its send key as the transaction id
//! when it was kept in the outbox (the homeserver drops a repeat of a transaction id
//! of the same session, so a message sent again after a crash is not posted twice).
//! Answers to requests are posted here by the request's own path, then confirmed;
//! everything else in the outbox — a new game's first board included — is delivered by
//! the runtime every platform shares ([`crate::chat::delivery`]) through
//! [`MatrixPoster`], after the answer it follows (the outbox keeps a request's notices
//! until its answer is delivered, and a game's messages in order).
//!
//! A game's thread hangs under the message announcing that it begins: posting the
//! announcement records it as the thread's root ([`crate::service::Service::set_thread`]).
//! A message of the game's thread that comes before its root is known (a game begun
//! without a request, whose announcement goes out in another lane) waits for it, a
//! little; only when no announcement comes does it begin the thread itself.
//!
//! Every send keeps Synapse's limit: a homeserver that answers `M_LIMIT_EXCEEDED`
//! holds this sender's messages, in every room (Synapse counts a sender's messages in
//! all rooms together), for the `retry_after_ms` it gave ([`crate::chat::pace`]); a
//! message that may not go now is handed back, never retried inside the send
//! (matrix-sdk's own retries are off for the bot's sends).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use matrix_sdk::config::RequestConfig;
use matrix_sdk::ruma::api::error::{ErrorKind, RetryAfter};
use matrix_sdk::ruma::events::relation::{InReplyTo, Thread};
use matrix_sdk::ruma::events::room::message::{
    FormattedBody, ImageMessageEventContent, MessageType, Relation, RoomMessageEventContent,
};
use matrix_sdk::ruma::events::room::ImageInfo;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId, RoomId, UInt, UserId};
use matrix_sdk::{Room, RoomState};

use super::{Bot, MatrixGrammar};
use crate::chat::delivery::{Posted, Poster};
use crate::chat::pace::{Route, Said as Stated, Scope};
use crate::config::Platform;
use crate::present;
use crate::service::{Action, Claimed, Destination, Message as Said, MessageId, Reply};

/// How long to wait after `M_LIMIT_EXCEEDED` without `retry_after_ms`.
const LIMITED_WAIT: Duration = Duration::from_secs(5);
/// How long a message waits, at most, for its game's thread to be known.
const ROOT_WAIT: Duration = Duration::from_secs(10);
/// How soon a message waiting for its thread looks again.
const ROOT_POLL: Duration = Duration::from_millis(200);
/// How soon a message is tried again after a passing failure (the network).
const RETRY: Duration = Duration::from_secs(1);
/// The upload limit assumed when the homeserver does not say its own (`m.upload.size`):
/// a replay drawn within it is accepted by any homeserver configured as usual.
const FALLBACK_UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

/// A first guess of Synapse's limit of one sender's messages, before it refuses one:
/// a burst of 10, at most 10 in any 2 s. Each refusal halves it and spaces sends by the
/// wait it asked for ([`crate::chat::pace`]).
const SEND_GUESS: (u32, Duration) = (10, Duration::from_secs(2));
/// How long an answer kept nowhere (a read's) waits for the homeserver, at most.
const UNKEPT_PATIENCE: Duration = Duration::from_secs(300);
/// How long an upload may take.
const UPLOAD_TIMEOUT: Duration = Duration::from_secs(120);

/// The request a reply answers: its room, its event (private answers reply to it) and
/// the thread it was made in.
pub(super) struct Asked<'a> {
    pub(super) room: &'a Room,
    pub(super) event: &'a OwnedEventId,
    pub(super) thread: Option<&'a OwnedEventId>,
}

/// What to do with a message of a game's thread whose root is not known yet.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rootless {
    /// Post it as the thread's root.
    Begin,
    /// Do not post it yet.
    Wait,
}

/// Why a message was not posted.
enum NotSent {
    /// Its game's thread is not known yet.
    NoRoot,
    /// The homeserver's limit is known to have no room for this long: not sent.
    Wait(Duration),
    /// The homeserver said too many: wait this long.
    Limited(Duration),
    /// A passing failure (the network, the homeserver): try again.
    Passing,
    /// It cannot be posted (no such room, not allowed to speak): logged.
    Failed,
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

    /// Posts one reply where it goes. `asked`: the request it answers, if any (a
    /// private answer replies to it); `txn`: the transaction id to send with, else a
    /// fresh one.
    async fn post(
        &self,
        reply: &Reply,
        asked: Option<&Asked<'_>>,
        txn: Option<&str>,
        rootless: Rootless,
    ) -> Result<(), NotSent> {
        if let Some(wait) = self.limits.wait(&self.send_route(), Instant::now()) {
            // Held: not drawn nor uploaded for nothing.
            return Err(NotSent::Wait(wait));
        }
        let mut begins_thread: Option<&str> = None;
        let (room, root) = match &reply.destination {
            Destination::Channel { channel } => (self.room(channel).ok_or(NotSent::Failed)?, None),
            Destination::Thread { game, channel, thread, .. } => {
                let room = self.room(channel.as_deref().unwrap_or_default()).ok_or(NotSent::Failed)?;
                let known = match thread.as_deref().and_then(|t| OwnedEventId::try_from(t).ok()) {
                    Some(root) => Some(root),
                    // Perhaps made since this reply was made.
                    None => self.thread_of(game).await,
                };
                match (known, rootless) {
                    (Some(root), _) => (room, Some(root)),
                    (None, Rootless::Begin) => {
                        begins_thread = Some(game);
                        (room, None)
                    }
                    (None, Rootless::Wait) => return Err(NotSent::NoRoot),
                }
            }
            Destination::Direct(user) => (self.direct_room(&user.user_id).await.ok_or(NotSent::Failed)?, None),
        };
        // Private answers reply to the request, in its thread when it has one.
        let reply_to = match asked {
            Some(a) if reply.only_actor && a.room.room_id() == room.room_id() => Some(a.event.clone()),
            _ => None,
        };
        let relation = match (root, reply_to) {
            (Some(root), Some(to)) => Some(Relation::Thread(Thread::reply(root, to))),
            (Some(root), None) => Some(Relation::Thread(Thread::plain(root.clone(), root))),
            (None, Some(to)) => match asked.and_then(|a| a.thread.cloned()) {
                Some(root) => Some(Relation::Thread(Thread::reply(root, to))),
                None => Some(Relation::Reply(matrix_sdk::ruma::events::relation::Reply::new(InReplyTo::new(to)))),
            },
            (None, None) => None,
        };
        let mut mentions: Vec<OwnedUserId> =
            reply.mentions.iter().filter_map(|u| UserId::parse(u.user_id.as_str()).ok()).collect();
        mentions.retain(|u| *u != self.own);
        let (mut body, mut html) = self.words(reply);
        let picture = match &reply.picture {
            Some(picture) => {
                let (picture, px, lang) = (picture.clone(), self.picture_px, reply.lang);
                let limit = self.upload_limit().await;
                match tokio::task::spawn_blocking(move || present::draw(&picture, lang, px, Some(limit))).await {
                    Ok(Ok(drawn)) => {
                        if let Some(note) = &drawn.note {
                            body.push('\n');
                            body.push_str(note);
                            html.push_str("<br>");
                            html.push_str(&present::escape_html(note));
                        }
                        Some(drawn)
                    }
                    Ok(Err(e)) => {
                        tracing::error!("cannot draw a picture: {e}");
                        None
                    }
                    Err(e) => {
                        tracing::error!("the drawing task failed: {e}");
                        None
                    }
                }
            }
            None => None,
        };
        let msgtype = match &picture {
            Some(picture) => match self.image(&room, picture, body.clone(), html.clone()).await {
                Ok(image) => MessageType::Image(image),
                Err(e) => {
                    tracing::error!("cannot upload a picture to {}: {e}", room.room_id());
                    MessageType::notice_html(body, html)
                }
            },
            None => MessageType::notice_html(body, html),
        };
        let mut content = RoomMessageEventContent::new(msgtype);
        content.relates_to = relation;
        content.mentions = Some(Mentions::with_user_ids(mentions));
        let ticket = self.limits.admit(&self.send_route(), Instant::now()).map_err(NotSent::Wait)?;
        let send = room.send(content).with_request_config(RequestConfig::new().disable_retry());
        let send = match txn {
            Some(txn) => send.with_transaction_id(txn.into()),
            None => send,
        };
        let event = match send.await {
            Ok(sent) => {
                self.limits.learn(ticket, &Stated::default(), Instant::now());
                sent.response.event_id
            }
            Err(e) => {
                let failed = not_sent(&room, &e);
                match &failed {
                    NotSent::Limited(wait) => {
                        self.limits.refused(ticket, *wait, Scope::Bucket, &Stated::default(), Instant::now());
                    }
                    _ => self.limits.unanswered(ticket, Instant::now()),
                }
                return Err(failed);
            }
        };
        if let Some(game) = begins_thread {
            self.record_thread(game, &event).await;
        }
        if let (Destination::Channel { .. }, Said::GameBegins { game, .. }) = (&reply.destination, &reply.message) {
            // The game's thread hangs under its announcement.
            self.record_thread(&game.id, &event).await;
        }
        self.remember(&event, reply.actions.clone()).await;
        Ok(())
    }

    /// What the bot's messages are counted under: Synapse limits a sender's messages
    /// in every room together.
    fn send_route(&self) -> Route {
        Route {
            guess: Some(SEND_GUESS),
            global: false,
            ..Route::new(format!("send as {}", self.own), self.own.as_str())
        }
    }

    /// Records what a posted message (or the command that made it) offers, so that a
    /// reaction on it can answer it.
    pub(super) async fn remember(&self, event: &OwnedEventId, actions: Vec<Action>) {
        let id = event.to_string();
        self.blocking(move |s| s.remember_actions(Platform::Matrix, &id, &actions)).await;
    }

    async fn record_thread(&self, game: &str, root: &OwnedEventId) {
        let (game_, root_) = (game.to_string(), root.to_string());
        if let Some(Err(e)) = self.blocking(move |s| s.set_thread(&game_, &root_)).await {
            tracing::error!("cannot record the thread of game {game}: {e}");
        }
    }

    /// The game's thread as the service knows it now.
    async fn thread_of(&self, game: &str) -> Option<OwnedEventId> {
        let game = game.to_string();
        let thread = self.blocking(move |s| s.game_thread(&game)).await.flatten()?;
        OwnedEventId::try_from(thread).ok()
    }

    /// The joined room `id`, or a log line.
    fn room(&self, id: &str) -> Option<Room> {
        let parsed = match RoomId::parse(id) {
            Ok(id) => id,
            Err(_) => {
                tracing::warn!("no room to post in (\"{id}\")");
                return None;
            }
        };
        match self.client.get_room(&parsed) {
            Some(room) if room.state() == RoomState::Joined => Some(room),
            _ => {
                tracing::warn!("cannot post in {id}: the bot is not in that room");
                None
            }
        }
    }

    /// The direct chat with `user`, made when there is none yet.
    async fn direct_room(&self, user: &str) -> Option<Room> {
        let user = UserId::parse(user).ok()?;
        if let Some(room) = self.client.get_dm_room(&user) {
            return Some(room);
        }
        match self.client.create_dm(&user).await {
            Ok(room) => Some(room),
            Err(e) => {
                tracing::warn!("cannot open a direct chat with {user}: {e}");
                None
            }
        }
    }

    /// A reply's words as a Matrix body and HTML; what it offers also says which
    /// reaction answers it.
    fn words(&self, reply: &Reply) -> (String, String) {
        let grammar = MatrixGrammar { own: self.own.clone() };
        let words = present::say(&reply.message, reply.lang, &grammar);
        let (mut body, mut html) = (words.text, words.html.unwrap_or_default());
        if reply.actions.iter().any(|a| a.reaction().is_some()) {
            let hint = present::catalog::text(reply.lang, "matrix-react-to-answer", None);
            body.push('\n');
            body.push_str(&hint);
            html.push_str("<br>");
            html.push_str(&present::escape_html(&hint));
        }
        if let Some(web) = &reply.web {
            // The game's page on a line of its own: clients and Synapse preview it from
            // its Open Graph tags.
            let line = present::catalog::words(reply.lang, "web-link-line", &[("url", web.page.clone())]);
            let url = present::escape_html(&web.page);
            body.push('\n');
            body.push_str(&line);
            html.push_str("<br>");
            html.push_str(&present::escape_html(&line).replacen(&url, &format!("<a href=\"{url}\">{url}</a>"), 1));
        }
        (body, html)
    }

    /// The homeserver's upload limit (`m.upload.size`, fetched once and kept by the
    /// client), or [`FALLBACK_UPLOAD_LIMIT`] when it cannot be had.
    async fn upload_limit(&self) -> usize {
        match self.client.load_or_fetch_max_upload_size().await {
            Ok(size) => usize::try_from(u64::from(size)).unwrap_or(usize::MAX),
            Err(e) => {
                tracing::warn!("cannot read the homeserver's upload limit, assuming 10 MiB: {e}");
                FALLBACK_UPLOAD_LIMIT
            }
        }
    }

    /// Uploads a picture (encrypted in an encrypted room) and makes its image content
    /// with the reply's text as the caption.
    async fn image(
        &self,
        room: &Room,
        picture: &present::Drawn,
        body: String,
        html: String,
    ) -> Result<ImageMessageEventContent, matrix_sdk::Error> {
        let encrypted = room.latest_encryption_state().await.map(|s| s.is_encrypted()).unwrap_or(true);
        let mut content = if encrypted {
            let mut reader = std::io::Cursor::new(picture.bytes.clone());
            let file = self.client.upload_encrypted_file(&mut reader).await?;
            ImageMessageEventContent::encrypted(body, file)
        } else {
            let mime = if picture.mime == present::GIF { mime::IMAGE_GIF } else { mime::IMAGE_PNG };
            let config = RequestConfig::new().disable_retry().timeout(UPLOAD_TIMEOUT);
            let uploaded = self.client.media().upload(&mime, picture.bytes.clone(), Some(config)).await?;
            ImageMessageEventContent::plain(body, uploaded.content_uri)
        };
        content.filename = Some(picture.file_name.clone());
        content.formatted = Some(FormattedBody::html(html));
        let mut info = ImageInfo::new();
        info.mimetype = Some(picture.mime.to_string());
        info.size = UInt::new(picture.bytes.len() as u64);
        let (w, h) = picture.size;
        info.width = UInt::new(u64::from(w));
        info.height = UInt::new(u64::from(h));
        content.info = Some(Box::new(info));
        Ok(content)
    }
}

/// What a failed send means: the homeserver's `M_LIMIT_EXCEEDED` (with its
/// `retry_after`), another refusal of the homeserver (not allowed, no such room), or
/// a passing failure.
fn not_sent(room: &Room, e: &matrix_sdk::Error) -> NotSent {
    match e.client_api_error_kind() {
        Some(ErrorKind::LimitExceeded(data)) => {
            let wait = match data.retry_after {
                Some(RetryAfter::Delay(d)) => d,
                Some(RetryAfter::DateTime(at)) => at.duration_since(SystemTime::now()).unwrap_or_default(),
                None => LIMITED_WAIT,
            };
            tracing::warn!("rate limited in {}: waiting {wait:?}", room.room_id());
            NotSent::Limited(wait)
        }
        Some(_) => {
            tracing::error!("cannot post in {}: {e}", room.room_id());
            NotSent::Failed
        }
        None => {
            tracing::warn!("cannot post in {} now, trying again: {e}", room.room_id());
            NotSent::Passing
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
