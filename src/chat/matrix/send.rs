//! One reply sent in one room: where it goes (its room, and its game's thread), what
//! it says (its words, its picture uploaded, whom it mentions, what it replies to),
//! and the send itself, within the homeserver's limit and with a transaction id; then
//! what the sent message is: a game's thread root, a message reactions answer.
//!
//! A game's thread hangs under the message announcing that it begins: posting the
//! announcement records it as the thread's root ([`crate::service::Service::set_thread`]).
//! A message of a thread whose root is not known either waits ([`Rootless::Wait`]) or
//! begins the thread itself ([`Rootless::Begin`]), as its caller says.
//!
//! Every send keeps Synapse's limit: a homeserver that answers `M_LIMIT_EXCEEDED`
//! holds this sender's messages, in every room (Synapse counts a sender's messages in
//! all rooms together), for the `retry_after_ms` it gave ([`crate::chat::pace`]); a
//! message that may not go now is said so ([`NotSent`]), never retried inside the send
//! (matrix-sdk's own retries are off for the bot's sends).

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

use super::grammar::words;
use super::posting::Asked;
use super::Bot;
use crate::chat::pace::{Route, Said as Stated, Scope};
use crate::config::Platform;
use crate::present;
use crate::service::{Action, Destination, Message as Said, Reply};

/// How long to wait after `M_LIMIT_EXCEEDED` without `retry_after_ms`.
const LIMITED_WAIT: Duration = Duration::from_secs(5);
/// The upload limit assumed when the homeserver does not say its own (`m.upload.size`):
/// a replay drawn within it is accepted by any homeserver configured as usual.
const FALLBACK_UPLOAD_LIMIT: usize = 10 * 1024 * 1024;
/// A first guess of Synapse's limit of one sender's messages, before it refuses one:
/// a burst of 10, at most 10 in any 2 s. Each refusal halves it and spaces sends by the
/// wait it asked for ([`crate::chat::pace`]).
const SEND_GUESS: (u32, Duration) = (10, Duration::from_secs(2));
/// How long an upload may take.
const UPLOAD_TIMEOUT: Duration = Duration::from_secs(120);

/// What to do with a message of a game's thread whose root is not known yet.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Rootless {
    /// Post it as the thread's root.
    Begin,
    /// Do not post it yet.
    Wait,
}

/// Why a message was not posted.
pub(super) enum NotSent {
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

/// Where a reply goes: its room and, in a game's thread, the thread's root, or the
/// game whose thread it begins.
struct Spot {
    room: Room,
    root: Option<OwnedEventId>,
    begins: Option<String>,
}

impl Bot {
    /// Posts one reply where it goes: where, what, sent, recorded. `asked`: the
    /// request it answers, if any (a private answer replies to it); `txn`: the
    /// transaction id to send with, else a fresh one.
    pub(super) async fn post(
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
        let spot = self.spot(reply, rootless).await?;
        let content = self.content(reply, &spot, asked).await;
        let event = self.send(&spot.room, content, txn).await?;
        if let Some(game) = &spot.begins {
            self.record_thread(game, &event).await;
        }
        if let (Destination::Channel { .. }, Said::GameBegins { game, .. }) = (&reply.destination, &reply.message) {
            // The game's thread hangs under its announcement.
            self.record_thread(&game.id, &event).await;
        }
        self.remember(&event, reply.actions.clone()).await;
        Ok(())
    }

    /// Where `reply` goes: the room it names, its game's thread (as the reply knows
    /// it, else as the service knows it now), the direct chat with the person it goes
    /// to (made when there is none).
    async fn spot(&self, reply: &Reply, rootless: Rootless) -> Result<Spot, NotSent> {
        match &reply.destination {
            Destination::Channel { channel } => {
                Ok(Spot { room: self.room(channel).ok_or(NotSent::Failed)?, root: None, begins: None })
            }
            Destination::Thread { game, channel, thread, .. } => {
                let room = self.room(channel.as_deref().unwrap_or_default()).ok_or(NotSent::Failed)?;
                let known = match thread.as_deref().and_then(|t| OwnedEventId::try_from(t).ok()) {
                    Some(root) => Some(root),
                    // Perhaps made since this reply was made.
                    None => self.thread_of(game).await,
                };
                match (known, rootless) {
                    (Some(root), _) => Ok(Spot { room, root: Some(root), begins: None }),
                    (None, Rootless::Begin) => Ok(Spot { room, root: None, begins: Some(game.clone()) }),
                    (None, Rootless::Wait) => Err(NotSent::NoRoot),
                }
            }
            Destination::Direct(user) => {
                let room = self.direct_room(&user.user_id).await.ok_or(NotSent::Failed)?;
                Ok(Spot { room, root: None, begins: None })
            }
        }
    }

    /// What `reply` says in `spot`: in its thread, or as a reply to the request when
    /// only its actor should read it; its words and picture; whom it mentions.
    async fn content(&self, reply: &Reply, spot: &Spot, asked: Option<&Asked<'_>>) -> RoomMessageEventContent {
        let room = &spot.room;
        // Private answers reply to the request, in its thread when it has one.
        let reply_to = match asked {
            Some(a) if reply.only_actor && a.room.room_id() == room.room_id() => Some(a.event.clone()),
            _ => None,
        };
        let relation = match (spot.root.clone(), reply_to) {
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
        let (mut body, mut html) = words(reply, &self.own);
        let picture = self.drawn(reply).await;
        if let Some(note) = picture.as_ref().and_then(|p| p.note.as_ref()) {
            body.push('\n');
            body.push_str(note);
            html.push_str("<br>");
            html.push_str(&present::escape_html(note));
        }
        let msgtype = match &picture {
            Some(picture) => match self.image(room, picture, body.clone(), html.clone()).await {
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
        content
    }

    /// The reply's picture drawn (off the runtime's threads) within the homeserver's
    /// upload limit, if it has one.
    async fn drawn(&self, reply: &Reply) -> Option<present::Drawn> {
        let (picture, px, lang) = (reply.picture.clone()?, self.picture_px, reply.lang);
        let limit = self.upload_limit().await;
        match tokio::task::spawn_blocking(move || present::draw(&picture, lang, px, Some(limit))).await {
            Ok(Ok(drawn)) => Some(drawn),
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

    /// Sends `content` in `room` once, if the homeserver's limit has room: the event
    /// it made, or why not (the limit learnt from the answer).
    async fn send(
        &self,
        room: &Room,
        content: RoomMessageEventContent,
        txn: Option<&str>,
    ) -> Result<OwnedEventId, NotSent> {
        let ticket = self.limits.admit(&self.send_route(), Instant::now()).map_err(NotSent::Wait)?;
        let send = room.send(content).with_request_config(RequestConfig::new().disable_retry());
        let send = match txn {
            Some(txn) => send.with_transaction_id(txn.into()),
            None => send,
        };
        match send.await {
            Ok(sent) => {
                self.limits.learn(ticket, &Stated::default(), Instant::now());
                Ok(sent.response.event_id)
            }
            Err(e) => {
                let failed = not_sent(room, &e);
                match &failed {
                    NotSent::Limited(wait) => {
                        self.limits.refused(ticket, *wait, Scope::Bucket, &Stated::default(), Instant::now());
                    }
                    _ => self.limits.unanswered(ticket, Instant::now()),
                }
                Err(failed)
            }
        }
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
