//! The Matrix adapter: the terminal's text commands with `!`, ✅/❌ reactions on
//! challenges, a thread per game, boards as images, in encrypted and plain rooms.
//!
//! # Choices made here
//!
//! - **Commands** are messages starting with `!` and one of the bot's words (`!kuba`,
//!   `!kewbz`, `!cabale`, `!nuba`, `!boardbot`), parsed by the same parser as the
//!   terminal's ([`crate::chat::text`]). Other `!words` belong to other bots and get
//!   no answer. Mentions come from the message's HTML pills (turned into user ids before
//!   parsing) and its `m.mentions`; a user id typed as text is taken when that user is
//!   in the room. Edits are not commands again.
//! - **Challenges** are answered with a ✅ or ❌ reaction on the challenge's message
//!   (the bot's or the challenger's), or `!kuba accept`. What a message offers is kept
//!   by the service ([`Service::remember_actions`]), so reactions work after a restart.
//! - **Threads**: a game's thread hangs under the message announcing that it begins
//!   (or, when there is none, under its first board); the root is recorded with
//!   [`Service::set_thread`]. In a game's thread a plain message that reads as a move of
//!   that game is played as one, so `d2-N` is enough.
//! - **Answers only the actor should see** (refusals, lists) have no private form in a
//!   room: they are posted where the request was made, as a reply to it, so a refusal
//!   in a game's thread stays in the thread. The bot's text messages are `m.notice`,
//!   Matrix's convention for bots, so other bots do not answer them.
//! - **History**: the first run skips what its first sync returns. After that the bot
//!   saves the sync position (`sync-token` in the store folder) only once every event
//!   before it has been served, so after a crash or a restart it catches up on what was
//!   said while it was down and loses nothing (an event served just before a crash may
//!   be served again: a move played twice is refused the second time). In every room,
//!   events older than the bot's own membership are ignored.
//! - **Encryption**: matrix-sdk's SQLite store (the `store` folder) holds the crypto
//!   keys; the session (user, device, access token) is kept there in `session.json`
//!   (mode 0600), so the device stays the same across restarts. When the homeserver
//!   invalidates the session, the bot logs in again with its password on the same
//!   device.
//! - **Rate limits**: matrix-sdk retries a request refused with 429 after the delay the
//!   server gives, and every message is sent in turn by one task, never in bursts.

pub mod text;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::event_handler::Ctx;
use matrix_sdk::room::RoomMember;
use matrix_sdk::ruma::api::error::RetryAfter;
use matrix_sdk::ruma::events::reaction::OriginalSyncReactionEvent;
use matrix_sdk::ruma::events::relation::{InReplyTo, Thread};
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{
    FormattedBody, ImageMessageEventContent, MessageType, OriginalSyncRoomMessageEvent, Relation,
    RoomMessageEventContent,
};
use matrix_sdk::ruma::events::room::ImageInfo;
use matrix_sdk::ruma::events::{Mentions, StateEventType};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, UInt, UserId};
use matrix_sdk::{Client, Room, RoomMemberships, RoomState};
use tokio::sync::mpsc;

use crate::chat::text as commands;
use crate::config::{Matrix as MatrixConfig, Platform};
use crate::present::{self, Grammar, ThreadSaid};
use crate::service::Claimed;
use crate::service::{
    Action, Actor, Command, Destination, Message as Said, Person, Place, Refusal, Reply, Request, Service, Target,
    ThreadRef, Via,
};
use crate::store::MessageId;

/// Messages of the outbox claimed at once: few, so that a move queued behind a burst
/// of notices goes out within a claim or two (claims take messages for people first).
const CLAIM: u32 = 10;
/// How long the outlet sleeps when nothing is waiting, unless a message comes.
const IDLE_WAIT: Duration = Duration::from_secs(5);
/// How long to wait after `M_LIMIT_EXCEEDED` without `retry_after_ms`.
const LIMITED_WAIT: Duration = Duration::from_secs(5);
/// How long one sync request waits for news.
const SYNC_TIMEOUT: Duration = Duration::from_secs(30);
/// The upload limit assumed when the homeserver does not say its own (`m.upload.size`):
/// a replay drawn within it is accepted by any homeserver configured as usual.
const FALLBACK_UPLOAD_LIMIT: usize = 10 * 1024 * 1024;
/// How Matrix writes what messages name: `!kuba accept`, people as pills in the HTML
/// (and `@name` in the plain body), and a game's thread as the thread under the
/// announcement itself (Matrix threads have no names).
pub struct MatrixGrammar {
    /// The bot's own user id (the computer's pill).
    pub own: OwnedUserId,
}

impl Grammar for MatrixGrammar {
    fn command(&self, command: &str, sub: &str) -> String {
        if sub.is_empty() {
            format!("!{command}")
        } else {
            format!("!{command} {sub}")
        }
    }

    fn person(&self, person: &Person) -> String {
        match person {
            Person::User(u) => format!("@{}", u.name),
            Person::Computer => format!("@{}", self.own.localpart()),
        }
    }

    fn person_html(&self, person: &Person) -> Option<String> {
        let (id, name) = match person {
            Person::User(u) => (u.user_id.clone(), u.name.clone()),
            Person::Computer => (self.own.to_string(), self.own.localpart().to_string()),
        };
        if !id.starts_with('@') {
            return None;
        }
        Some(format!(
            "<a href=\"https://matrix.to/#/{}\">{}</a>",
            present::escape_html(&id),
            present::escape_html(&name)
        ))
    }

    fn wants_html(&self) -> bool {
        true
    }

    fn thread(&self, _: &ThreadRef) -> ThreadSaid {
        ThreadSaid::ThisMessage
    }
}

/// Why the Matrix adapter cannot run.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    /// A key is not set.
    #[error("{0} is not set (in the [matrix] section of the configuration, or in the environment)")]
    Missing(&'static str),
    /// `matrix.user` is not a user id.
    #[error("matrix.user \"{0}\" is not a Matrix user id such as @boardbot:example.org")]
    User(String),
    /// The store folder cannot be used.
    #[error("the Matrix store {path}: {message}")]
    Store {
        /// The folder.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The homeserver refused or could not be reached.
    #[error("Matrix homeserver: {0}")]
    Homeserver(String),
    /// `--metrics ADDR` cannot be listened on.
    #[error("cannot listen on {0}")]
    Listen(String),
}

/// `boardbot matrix`: logs in (or restores the session), joins rooms it is invited to
/// and serves commands until the process is stopped.
pub async fn run(config: &MatrixConfig, database: &Path, service: Service) -> Result<(), MatrixError> {
    if config.homeserver.trim().is_empty() {
        return Err(MatrixError::Missing("matrix.homeserver"));
    }
    if config.password.expose().is_empty() {
        return Err(MatrixError::Missing("matrix.password"));
    }
    if config.user.trim().is_empty() {
        return Err(MatrixError::Missing("matrix.user"));
    }
    let user = UserId::parse(config.user.trim()).map_err(|_| MatrixError::User(config.user.clone()))?;
    let store = config.store_for(database);
    std::fs::create_dir_all(&store).map_err(|e| MatrixError::Store { path: store.clone(), message: e.to_string() })?;
    probe(config.homeserver.trim()).await?;
    let current: Current = Arc::new(Mutex::new(None));
    let outlet = tokio::spawn(outlet(current.clone(), service.clone()));
    let mut relogin = false;
    // After a new device's first login on an old sync position, the first sync asks
    // for every room's whole state, which the new store does not have.
    let mut new_store = false;
    let mut failures = 0u32;
    let result = loop {
        let connected = connect(config, &user, &store, relogin).await;
        let client = match connected {
            Ok(c) => c,
            // The first connection must work; later ones are retried.
            Err(e) if failures == 0 && !relogin => break Err(e),
            Err(e) => {
                failures += 1;
                let wait = backoff(failures);
                tracing::warn!("cannot reach the homeserver, trying again in {}s: {e}", wait.as_secs());
                tokio::time::sleep(wait).await;
                continue;
            }
        };
        failures = 0;
        let picture_px = service.picture_px();
        let bot = Bot { client: client.clone(), service: service.clone(), own: user.clone(), picture_px };
        let full_state = std::mem::take(&mut new_store);
        match serve(bot, &store, current.clone(), full_state).await {
            Ended::SessionGone { soft: true } => {
                tracing::warn!("the homeserver ended the bot's session; logging in again on the same device");
                relogin = true;
            }
            Ended::SessionGone { soft: false } => {
                // The device is gone, and its keys with it: a new device needs a new
                // store. The old one is kept aside, not deleted.
                let aside = store.with_extension(format!("old-{}", std::process::id()));
                tracing::warn!(
                    "the bot's device was logged out; logging in as a new device (the old store is kept in {})",
                    aside.display()
                );
                drop(client);
                // How far the bot had served is not the device's: the new one goes on
                // from there rather than skipping what was said meanwhile.
                let token = read_token(&store);
                if let Err(e) = std::fs::rename(&store, &aside).and_then(|()| std::fs::create_dir_all(&store)) {
                    break Err(MatrixError::Store { path: store.clone(), message: e.to_string() });
                }
                if let Some(token) = token {
                    write_token(&store, &token);
                    new_store = true;
                }
                relogin = true;
            }
        }
    };
    outlet.abort();
    result
}

/// Asks the homeserver for its versions once, so that a wrong address or a server that
/// is down is said at once (matrix-sdk itself retries for up to 15 minutes).
async fn probe(homeserver: &str) -> Result<(), MatrixError> {
    let unreachable = |e: &dyn std::fmt::Display| MatrixError::Homeserver(format!("cannot reach {homeserver}: {e}"));
    let http =
        matrix_sdk::reqwest::Client::builder().timeout(Duration::from_secs(15)).build().map_err(|e| unreachable(&e))?;
    let url = format!("{}/_matrix/client/versions", homeserver.trim_end_matches('/'));
    let response = http.get(&url).send().await.map_err(|e| unreachable(&e))?;
    if !response.status().is_success() {
        return Err(unreachable(&format!("{url} answered {}", response.status())));
    }
    Ok(())
}

fn backoff(failures: u32) -> Duration {
    Duration::from_secs(2u64.saturating_pow(failures.min(6)).min(60))
}

/// The saved session: the device and its access token.
fn session_path(store: &Path) -> PathBuf {
    store.join("session.json")
}

fn read_session(store: &Path) -> Option<MatrixSession> {
    let text = std::fs::read_to_string(session_path(store)).ok()?;
    match serde_json::from_str(&text) {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!("the saved Matrix session does not read, logging in again: {e}");
            None
        }
    }
}

fn write_session(store: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
    let path = session_path(store);
    let failed = |e: &dyn std::fmt::Display| MatrixError::Store { path: path.clone(), message: e.to_string() };
    let json = serde_json::to_string(session).map_err(|e| failed(&e))?;
    let tmp = path.with_extension("json.tmp");
    {
        use std::io::Write;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // The access token is a password: only the bot's user may read it.
            options.mode(0o600);
        }
        let mut file = options.open(&tmp).map_err(|e| failed(&e))?;
        file.write_all(json.as_bytes()).and_then(|()| file.sync_all()).map_err(|e| failed(&e))?;
    }
    std::fs::rename(&tmp, &path).map_err(|e| failed(&e))
}

/// A client on the store, logged in: from the saved session unless `relogin`, else
/// with the password (on the saved device when there is one).
async fn connect(config: &MatrixConfig, user: &UserId, store: &Path, relogin: bool) -> Result<Client, MatrixError> {
    let client = Client::builder()
        .homeserver_url(config.homeserver.trim())
        .sqlite_store(store, None)
        .build()
        .await
        .map_err(|e| MatrixError::Homeserver(e.to_string()))?;
    let saved = read_session(store).filter(|s| s.meta.user_id == user);
    if let (Some(session), false) = (&saved, relogin) {
        client.restore_session(session.clone()).await.map_err(|e| MatrixError::Homeserver(e.to_string()))?;
        tracing::info!("restored the session of {} on device {}", session.meta.user_id, session.meta.device_id);
        return Ok(client);
    }
    let mut login = client
        .matrix_auth()
        .login_username(user, config.password.expose())
        .initial_device_display_name(config.device_name());
    let device = saved.as_ref().map(|s| s.meta.device_id.to_string());
    if let Some(device) = &device {
        login = login.device_id(device);
    }
    let response = login.send().await.map_err(|e| MatrixError::Homeserver(format!("cannot log in as {user}: {e}")))?;
    tracing::info!("logged in as {} on device {}", response.user_id, response.device_id);
    if let Some(session) = client.matrix_auth().session() {
        write_session(store, &session)?;
    }
    Ok(client)
}

/// The queue of the worker serving the logged-in client, when there is one: the
/// outlet hands its messages to it, so they come after the replies being posted (a
/// game's thread is made before the computer's first move is posted in it).
type Current = Arc<Mutex<Option<mpsc::UnboundedSender<Incoming>>>>;

/// Why serving stopped.
enum Ended {
    /// The access token is no longer valid; `soft` when the device still exists.
    SessionGone {
        /// A soft logout: the device and its keys are still there.
        soft: bool,
    },
}

/// What the worker serves, in order.
enum Incoming {
    /// Something a person did in a room.
    Event(Event),
    /// Answered once everything queued before it has been served.
    Barrier(tokio::sync::oneshot::Sender<()>),
    /// Messages of the outbox to post, then mark delivered; answered when done, with
    /// how long the homeserver asked to wait when it refused one as too many.
    Outbox(Vec<Claimed>, String, tokio::sync::oneshot::Sender<Option<Duration>>),
}

/// Something a person did in a room: where, who, when, and what.
struct Event {
    room: Room,
    sender: OwnedUserId,
    ts: i64,
    what: What,
}

enum What {
    Message(Box<Message>),
    Reaction { target: OwnedEventId, key: String },
}

/// A text message.
struct Message {
    event: OwnedEventId,
    body: String,
    html: Option<String>,
    thread: Option<OwnedEventId>,
    mentioned: Vec<OwnedUserId>,
}

/// The adapter over one logged-in client.
#[derive(Clone)]
struct Bot {
    client: Client,
    service: Service,
    own: OwnedUserId,
    /// The width boards are drawn at.
    picture_px: u32,
}

/// Where the sync position is kept: written only once everything before it has been
/// served, so a crash (even SIGKILL) loses nothing; the events after it come again.
fn token_path(store: &Path) -> PathBuf {
    store.join("sync-token")
}

fn read_token(store: &Path) -> Option<String> {
    std::fs::read_to_string(token_path(store)).ok().map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

/// [`write_token`] off the runtime's threads: it waits for the disk.
async fn save_token(store: &Path, token: &str) {
    let (store, token) = (store.to_path_buf(), token.to_string());
    if let Err(e) = tokio::task::spawn_blocking(move || write_token(&store, &token)).await {
        tracing::error!("cannot save the sync position: {e}");
    }
}

fn write_token(store: &Path, token: &str) {
    let path = token_path(store);
    let tmp = path.with_extension("tmp");
    let written = std::fs::File::create(&tmp)
        .and_then(|mut f| {
            use std::io::Write;
            f.write_all(token.as_bytes())?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(&tmp, &path));
    if let Err(e) = written {
        tracing::error!("cannot save the sync position in {}: {e}", path.display());
    }
}

/// Syncs until the session ends; events go to one worker that serves them in turn.
async fn serve(bot: Bot, store: &Path, current: Current, full_state: bool) -> Ended {
    let client = bot.client.clone();
    let mut settings = SyncSettings::default().timeout(SYNC_TIMEOUT);
    match read_token(store) {
        Some(token) => settings = settings.token(token),
        None => {
            // The first sync of the first run is the rooms' past: not commands for now.
            let response = match sync(&client, settings.clone()).await {
                Ok(response) => response,
                Err(ended) => return ended,
            };
            save_token(store, &response.next_batch).await;
            settings = settings.token(response.next_batch);
        }
    }
    let (tx, rx) = mpsc::unbounded_channel::<Incoming>();
    client.add_event_handler_context(tx.clone());
    let handlers = [
        client.add_event_handler(on_message),
        client.add_event_handler(on_reaction),
        client.add_event_handler(on_invite),
    ];
    let worker = tokio::spawn(work(bot.clone(), rx));
    if let Ok(mut slot) = current.lock() {
        *slot = Some(tx.clone());
    }
    // Invitations that came while the bot was away.
    for room in client.invited_rooms() {
        tokio::spawn(join(room));
    }
    let mut first = Some(full_state);
    let ended = loop {
        let this = match first.take() {
            Some(true) => settings.clone().full_state(true),
            _ => settings.clone(),
        };
        let response = match sync(&client, this).await {
            Ok(response) => response,
            Err(ended) => break ended,
        };
        // The handlers have queued this sync's events: once the worker has served
        // them, the position after them can be saved.
        let (done, served) = tokio::sync::oneshot::channel();
        if tx.send(Incoming::Barrier(done)).is_ok() {
            let _ = served.await;
        }
        save_token(store, &response.next_batch).await;
        settings = settings.token(response.next_batch);
    };
    for handle in handlers {
        client.remove_event_handler(handle);
    }
    if let Ok(mut slot) = current.lock() {
        *slot = None;
    }
    worker.abort();
    ended
}

/// One sync, tried again (after a growing pause) until it works or the session ends.
async fn sync(client: &Client, settings: SyncSettings) -> Result<matrix_sdk::sync::SyncResponse, Ended> {
    let mut failures = 0u32;
    loop {
        match client.sync_once(settings.clone()).await {
            Ok(response) => return Ok(response),
            Err(e) => {
                if let Some(soft) = session_gone(&e) {
                    return Err(Ended::SessionGone { soft });
                }
                failures += 1;
                let wait = backoff(failures);
                tracing::warn!("sync failed, trying again in {}s: {e}", wait.as_secs());
                tokio::time::sleep(wait).await;
            }
        }
    }
}

/// `Some(soft_logout)` when the error says the access token is no longer valid.
fn session_gone(e: &matrix_sdk::Error) -> Option<bool> {
    use matrix_sdk::ruma::api::error::ErrorKind;
    match e.client_api_error_kind() {
        Some(ErrorKind::UnknownToken(data)) => Some(data.soft_logout),
        _ => None,
    }
}

async fn on_message(ev: OriginalSyncRoomMessageEvent, room: Room, tx: Ctx<mpsc::UnboundedSender<Incoming>>) {
    let (body, html) = match &ev.content.msgtype {
        MessageType::Text(t) => (t.body.clone(), t.formatted.as_ref().map(|f| f.body.clone())),
        _ => return,
    };
    let thread = match &ev.content.relates_to {
        Some(Relation::Thread(t)) => Some(t.event_id.clone()),
        // An edit is not a new command.
        Some(Relation::Replacement(_)) => return,
        _ => None,
    };
    let mentioned = ev.content.mentions.as_ref().map(|m| m.user_ids.iter().cloned().collect()).unwrap_or_default();
    let message = Message { event: ev.event_id.clone(), body, html, thread, mentioned };
    let _ = tx.send(Incoming::Event(Event {
        room,
        sender: ev.sender.clone(),
        ts: i64::from(ev.origin_server_ts.0),
        what: What::Message(Box::new(message)),
    }));
}

async fn on_reaction(ev: OriginalSyncReactionEvent, room: Room, tx: Ctx<mpsc::UnboundedSender<Incoming>>) {
    let _ = tx.send(Incoming::Event(Event {
        room,
        sender: ev.sender.clone(),
        ts: i64::from(ev.origin_server_ts.0),
        what: What::Reaction { target: ev.content.relates_to.event_id.clone(), key: ev.content.relates_to.key.clone() },
    }));
}

async fn on_invite(ev: StrippedRoomMemberEvent, room: Room, client: Client) {
    if ev.content.membership != MembershipState::Invite || client.user_id() != Some(&*ev.state_key) {
        return;
    }
    tracing::info!("invited to {} by {}", room.room_id(), ev.sender);
    tokio::spawn(join(room));
}

/// Joins a room it was invited to, retrying: the homeserver may not have the room
/// ready the moment the invitation arrives.
async fn join(room: Room) {
    let mut wait = Duration::from_secs(2);
    for attempt in 1..=8 {
        match room.join().await {
            Ok(()) => {
                tracing::info!("joined {}", room.room_id());
                return;
            }
            Err(e) => {
                tracing::warn!("cannot join {} (attempt {attempt}): {e}", room.room_id());
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(120));
            }
        }
    }
    tracing::error!("gave up joining {}", room.room_id());
}

/// Serves incoming events one after the other, in the order they came.
async fn work(bot: Bot, mut rx: mpsc::UnboundedReceiver<Incoming>) {
    // When the bot joined each room, as far as it has looked.
    let mut joined: HashMap<OwnedRoomId, i64> = HashMap::new();
    while let Some(incoming) = rx.recv().await {
        match incoming {
            Incoming::Barrier(done) => {
                let _ = done.send(());
            }
            Incoming::Outbox(batch, claimer, done) => {
                let limited = bot.deliver(batch, &claimer).await;
                let _ = done.send(limited);
            }
            Incoming::Event(event) => bot.event(event, &mut joined).await,
        }
    }
}

impl Bot {
    /// Serves what a person did, unless it is the bot's own doing or from before the
    /// bot was in the room.
    async fn event(&self, event: Event, joined: &mut HashMap<OwnedRoomId, i64>) {
        let Event { room, sender, ts, what } = event;
        if sender == self.own || room.state() != RoomState::Joined {
            return;
        }
        let since = match joined.get(room.room_id()) {
            Some(since) => *since,
            None => {
                let since = self.joined_at(&room).await;
                if since > 0 {
                    joined.insert(room.room_id().to_owned(), since);
                }
                since
            }
        };
        if ts < since {
            tracing::debug!("ignoring an event in {} from before the bot joined", room.room_id());
            return;
        }
        match what {
            What::Message(m) => self.message(room, sender, *m).await,
            What::Reaction { target, key } => self.reaction(room, sender, target, key).await,
        }
    }

    /// Runs `f` on the service on a blocking thread (the store waits for the disk);
    /// `None` when the task failed (logged).
    async fn blocking<T: Send + 'static>(&self, f: impl FnOnce(&Service) -> T + Send + 'static) -> Option<T> {
        let service = self.service.clone();
        match tokio::task::spawn_blocking(move || f(&service)).await {
            Ok(value) => Some(value),
            Err(e) => {
                tracing::error!("the service's task failed: {e}");
                None
            }
        }
    }

    /// When the bot's membership of `room` began (its member event's time), 0 when
    /// unknown.
    async fn joined_at(&self, room: &Room) -> i64 {
        match room.get_member_no_sync(&self.own).await {
            Ok(Some(member)) => member.event().origin_server_ts().map_or(0, |t| i64::from(t.0)),
            _ => 0,
        }
    }

    async fn member(&self, room: &Room, user: &UserId) -> Option<RoomMember> {
        match room.get_member_no_sync(user).await {
            Ok(member) => member,
            Err(e) => {
                tracing::warn!("cannot read member {user} of {}: {e}", room.room_id());
                None
            }
        }
    }

    /// Who acts; the room's language is theirs to set when their power level lets
    /// them change the room's name.
    async fn actor(&self, room: &Room, user: &UserId) -> Actor {
        let member = self.member(room, user).await;
        let name = match &member {
            Some(m) => name_of(m),
            None => user.localpart().to_string(),
        };
        let manages = member.as_ref().is_some_and(|m| m.can_send_state(StateEventType::RoomName));
        Actor { manages_community: manages, ..Actor::new(Platform::Matrix, user.to_string(), name) }
    }

    /// A `!` command, or a plain move in a game's thread.
    async fn message(&self, room: Room, sender: OwnedUserId, m: Message) {
        let mut line = text::command_line(&m.body, m.html.as_deref());
        let parsed = if let Some(rest) = line.strip_prefix('!') {
            let head = rest.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
            if !commands::is_head(&head) {
                return;
            }
            line = self.with_mentions(&room, &m.mentioned, line).await;
            let mut targets = HashMap::new();
            for word in line.split_whitespace().filter_map(|w| w.strip_prefix('@')) {
                if !targets.contains_key(word) {
                    targets.insert(word.to_string(), self.resolve(&room, &m.mentioned, word).await);
                }
            }
            commands::parse(&line, &mut |name: &str| {
                targets.get(name).cloned().unwrap_or_else(|| Err(Refusal::UnknownUser(name.to_string())))
            })
        } else {
            // In a game's thread, a plain message that reads as a move of that game.
            let Some(thread) = &m.thread else { return };
            let (thread, text) = (thread.to_string(), line.clone());
            match self.blocking(move |s| s.move_in_thread(&thread, &text)).await.flatten() {
                Some(game) => Ok(Some(Command::Move { game, text: line.clone(), at: None })),
                None => return,
            }
        };
        tracing::debug!(room = %room.room_id(), sender = %sender, "command: {line}");
        let place = place(&room, m.thread.as_ref());
        let actor = self.actor(&room, &sender).await;
        let replies = match parsed {
            Ok(Some(command)) => {
                let request = Request { actor, place, command, via: via(&m.event) };
                self.blocking(move |s| s.handle(&request)).await.unwrap_or_default()
            }
            Ok(None) => return,
            Err(e) => {
                let apology = Reply::new(Destination::Channel { channel: room.room_id().to_string() }, Said::Apology);
                vec![self.blocking(move |s| s.refuse(&actor, &place, e)).await.unwrap_or(apology)]
            }
        };
        // A challenge can be answered by reacting to the command that made it, too.
        let offers: Vec<Action> = replies.iter().flat_map(|r| r.actions.iter().cloned()).collect();
        self.remember(&m.event, offers).await;
        self.post_all(&replies, Some((&room, &m.event, m.thread.as_ref()))).await;
    }

    /// The line with each person of the message's `m.mentions` written as their user
    /// id where the body names them (clients write a mention's display name in the
    /// plain body, and not every client sends HTML).
    async fn with_mentions(&self, room: &Room, mentioned: &[OwnedUserId], mut line: String) -> String {
        for user in mentioned {
            if line.split_whitespace().any(|w| w.trim_start_matches('@') == user.as_str().trim_start_matches('@')) {
                continue;
            }
            let mut names = vec![user.localpart().to_string()];
            if let Some(member) = self.member(room, user).await {
                names.insert(0, name_of(&member));
            }
            if let Some(replaced) = names.iter().find_map(|name| text::replace_name(&line, name, user.as_str())) {
                line = replaced;
            }
        }
        line
    }

    /// An `@…` of a command line: a user id (from a pill or typed) of someone in the
    /// room, the bot itself (the computer), or a name matched against the message's
    /// mentions and the room's members.
    async fn resolve(&self, room: &Room, mentioned: &[OwnedUserId], word: &str) -> Result<Target, Refusal> {
        let id = if word.contains(':') {
            UserId::parse(format!("@{word}")).map_err(|_| Refusal::UnknownUser(word.to_string()))?
        } else {
            self.by_name(room, mentioned, word).await?
        };
        if id == self.own {
            return Ok(Target::Computer);
        }
        match self.member(room, &id).await {
            Some(member) if matches!(member.membership(), MembershipState::Join | MembershipState::Invite) => {
                Ok(Target::User { user_id: id.to_string(), display_name: name_of(&member), is_bot: false })
            }
            _ => Err(Refusal::NotInRoom(id.to_string())),
        }
    }

    /// The one person called `name`: among those the message mentions, else among the
    /// room's members (by localpart or display name).
    async fn by_name(&self, room: &Room, mentioned: &[OwnedUserId], name: &str) -> Result<OwnedUserId, Refusal> {
        let lower = name.to_lowercase();
        if let Some(id) = mentioned.iter().find(|u| u.localpart().to_lowercase() == lower) {
            return Ok(id.clone());
        }
        let members = room.members_no_sync(RoomMemberships::JOIN | RoomMemberships::INVITE).await.unwrap_or_default();
        let mut matching = members.iter().filter(|m| {
            m.user_id().localpart().to_lowercase() == lower
                || m.display_name().is_some_and(|d| d.to_lowercase() == lower)
        });
        match (matching.next(), matching.next()) {
            (Some(one), None) => Ok(one.user_id().to_owned()),
            (None, _) => Err(Refusal::NotInRoom(name.to_string())),
            (Some(_), Some(_)) => Err(Refusal::AmbiguousName(name.to_string())),
        }
    }

    /// A ✅ or ❌ on a message that offers a challenge.
    async fn reaction(&self, room: Room, sender: OwnedUserId, target: OwnedEventId, key: String) {
        let Some(yes) = text::reaction_answer(&key) else { return };
        let target_ = target.to_string();
        let actions = self.blocking(move |s| s.actions_of(Platform::Matrix, &target_)).await.unwrap_or_default();
        let command = actions.into_iter().find_map(|a| match (a, yes) {
            (Action::Accept { kind, challenge }, true) => Some(Command::Accept { kind, challenge: Some(challenge) }),
            (Action::Decline { kind, challenge }, false) => Some(Command::Decline { kind, challenge: Some(challenge) }),
            _ => None,
        });
        let Some(command) = command else {
            tracing::debug!("a reaction {key} on {target}, which offers nothing to answer");
            return;
        };
        let actor = self.actor(&room, &sender).await;
        // Keyed by the reacted message and the person: the same reaction delivered
        // twice (a sync repeated after a restart) answers once.
        let key = format!("matrix:{target}:{sender}:{yes}");
        let via = Via { key: Some(key), ..Via::default() };
        let request = Request { actor, place: place(&room, None), command, via };
        let replies = self.blocking(move |s| s.handle(&request)).await.unwrap_or_default();
        self.post_all(&replies, Some((&room, &target, None))).await;
    }

    /// Records what a posted message (or the command that made it) offers, so that a
    /// reaction on it can answer it.
    async fn remember(&self, event: &OwnedEventId, actions: Vec<Action>) {
        let id = event.to_string();
        self.blocking(move |s| s.remember_actions(Platform::Matrix, &id, &actions)).await;
    }

    /// Posts the replies to one request (or outbox batch) in order. `request` is the
    /// room, event and thread of the request, which private answers reply to.
    async fn post_all(&self, replies: &[Reply], request: Option<(&Room, &OwnedEventId, Option<&OwnedEventId>)>) {
        // A game's thread made in this batch, and the last message posted in each room
        // (the announcement a new game's thread hangs under).
        let mut roots: HashMap<String, OwnedEventId> = HashMap::new();
        let mut last_in_room: Option<(OwnedRoomId, OwnedEventId, Option<String>)> = None;
        for reply in replies {
            // An answer kept in the outbox goes with its send key as the transaction id:
            // delivered again after a crash, the homeserver drops the repeat.
            let mut sending = Sending { txn: reply.delivery.as_ref().map(|d| d.send_key.clone()), limited: None };
            let posted = self.post(reply, request, &mut roots, last_in_room.as_ref(), &mut sending).await;
            if let Some((room, event)) = &posted {
                if matches!(reply.destination, Destination::Channel { .. }) {
                    // The game an announcement begins, whose thread hangs under it: the
                    // game's first board, which the outbox delivers next, finds it.
                    let begins = match &reply.message {
                        Said::GameBegins { game, .. } => Some(game.id.clone()),
                        _ => None,
                    };
                    if let Some(game) = &begins {
                        self.record_thread(game, event).await;
                        roots.insert(game.clone(), event.clone());
                    }
                    last_in_room = Some((room.clone(), event.clone(), begins));
                } else {
                    last_in_room = None;
                }
                self.remember(event, reply.actions.clone()).await;
                if let Some(delivery) = reply.delivery.clone() {
                    self.blocking(move |s| s.delivered(delivery.id)).await;
                }
            }
        }
    }

    /// Posts one reply; the room and event posted.
    async fn post(
        &self,
        reply: &Reply,
        request: Option<(&Room, &OwnedEventId, Option<&OwnedEventId>)>,
        roots: &mut HashMap<String, OwnedEventId>,
        last_in_room: Option<&(OwnedRoomId, OwnedEventId, Option<String>)>,
        sending: &mut Sending,
    ) -> Option<(OwnedRoomId, OwnedEventId)> {
        let mut new_thread: Option<String> = None;
        let (room, relation) = match &reply.destination {
            Destination::Channel { channel } => (self.room(channel)?, None),
            Destination::Thread { game, channel, thread, .. } => {
                let room = self.room(channel.as_deref().unwrap_or_default())?;
                let known = match thread.as_deref().and_then(|t| OwnedEventId::try_from(t).ok()) {
                    Some(root) => Some(root),
                    None => match roots.get(game) {
                        Some(root) => Some(root.clone()),
                        // Perhaps made since this reply was queued.
                        None => self.thread_of(game).await,
                    },
                };
                match known {
                    Some(root) => (room, Some(root)),
                    None => match last_in_room {
                        // The announcement just posted in this room begins the game.
                        Some((r, event, Some(begins))) if r == room.room_id() && begins == game => {
                            self.record_thread(game, event).await;
                            roots.insert(game.clone(), event.clone());
                            (room, Some(event.clone()))
                        }
                        _ => {
                            new_thread = Some(game.clone());
                            (room, None)
                        }
                    },
                }
            }
            Destination::Direct(user) => (self.direct_room(&user.user_id).await?, None),
        };
        // Private answers reply to the request, in its thread when it has one.
        let reply_to = match request {
            Some((r, event, _)) if reply.only_actor && r.room_id() == room.room_id() => Some(event.clone()),
            _ => None,
        };
        let relation = match (relation, reply_to) {
            (Some(root), Some(to)) => Some(Relation::Thread(Thread::reply(root, to))),
            (Some(root), None) => Some(Relation::Thread(Thread::plain(root.clone(), root))),
            (None, Some(to)) => match request.and_then(|(_, _, thread)| thread.cloned()) {
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
        let send = room.send(content);
        let send = match &sending.txn {
            Some(txn) => send.with_transaction_id(txn.as_str().into()),
            None => send,
        };
        match send.await {
            Ok(sent) => {
                let event = sent.response.event_id;
                if let Some(game) = new_thread {
                    self.record_thread(&game, &event).await;
                    roots.insert(game, event.clone());
                }
                Some((room.room_id().to_owned(), event))
            }
            Err(e) => {
                if let Some(matrix_sdk::ruma::api::error::ErrorKind::LimitExceeded(data)) = e.client_api_error_kind() {
                    let wait = match data.retry_after {
                        Some(RetryAfter::Delay(d)) => d,
                        Some(RetryAfter::DateTime(at)) => at.duration_since(SystemTime::now()).unwrap_or_default(),
                        None => LIMITED_WAIT,
                    };
                    tracing::warn!("rate limited in {}: waiting {wait:?}", room.room_id());
                    sending.limited = Some(wait);
                } else {
                    tracing::error!("cannot post in {}: {e}", room.room_id());
                }
                None
            }
        }
    }

    /// Posts a batch of the outbox in order (one batch, so a game's announcement and
    /// first board share a thread), each with its send key as the transaction id, so
    /// that one sent again after a crash, before its delivery was recorded, is dropped
    /// by the homeserver; marks each delivered. When the homeserver says too many
    /// (`M_LIMIT_EXCEEDED`), that message and the rest are handed back to the outbox
    /// for as long as it asked; the wait is returned.
    async fn deliver(&self, batch: Vec<Claimed>, claimer: &str) -> Option<Duration> {
        let mut roots: HashMap<String, OwnedEventId> = HashMap::new();
        let mut last_in_room: Option<(OwnedRoomId, OwnedEventId, Option<String>)> = None;
        let mut limited: Option<Duration> = None;
        for m in batch {
            if let Some(wait) = limited {
                let claimer = claimer.to_string();
                self.blocking(move |s| s.defer(m.id, &claimer, wait)).await;
                continue;
            }
            let mut sending = Sending { txn: Some(m.send_key.clone()), limited: None };
            let posted = self.post(&m.reply, None, &mut roots, last_in_room.as_ref(), &mut sending).await;
            if let Some(wait) = sending.limited {
                limited = Some(wait);
                let claimer = claimer.to_string();
                self.blocking(move |s| s.defer(m.id, &claimer, wait)).await;
                continue;
            }
            if let Some((room, event)) = &posted {
                if matches!(m.reply.destination, Destination::Channel { .. }) {
                    let begins = match &m.reply.message {
                        Said::GameBegins { game, .. } => Some(game.id.clone()),
                        _ => None,
                    };
                    last_in_room = Some((room.clone(), event.clone(), begins));
                } else {
                    last_in_room = None;
                }
                self.remember(event, m.reply.actions.clone()).await;
            }
            let id: MessageId = m.id;
            self.blocking(move |s| s.delivered(id)).await;
        }
        limited
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

    /// A reply's words as a Matrix body and HTML; a challenge also says how to answer
    /// it with a reaction.
    fn words(&self, reply: &Reply) -> (String, String) {
        let grammar = MatrixGrammar { own: self.own.clone() };
        let words = present::say(&reply.message, reply.lang, &grammar);
        let (mut body, mut html) = (words.text, words.html.unwrap_or_default());
        if reply.actions.iter().any(|a| matches!(a, Action::Accept { .. })) {
            let hint = present::catalog::text(reply.lang, "matrix-react-to-answer", None);
            body.push('\n');
            body.push_str(&hint);
            html.push_str("<br>");
            html.push_str(&present::escape_html(&hint));
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
            let uploaded = self.client.media().upload(&mime, picture.bytes.clone(), None).await?;
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

/// How one message is sent: its transaction id, and whether the homeserver said to
/// wait.
#[derive(Default)]
struct Sending {
    /// The transaction id to send with (the outbox's send key), else a fresh one.
    txn: Option<String>,
    /// Set when the homeserver refused it as too many: how long to wait.
    limited: Option<Duration>,
}

/// How a request in Matrix came: by its event, which a sync may deliver again.
fn via(event: &OwnedEventId) -> Via {
    Via { key: Some(format!("matrix:{event}")), ..Via::default() }
}

/// Where a request was made: the room is the community and the channel.
fn place(room: &Room, thread: Option<&OwnedEventId>) -> Place {
    Place {
        community: Some(room.room_id().to_string()),
        channel: Some(room.room_id().to_string()),
        thread: thread.map(|t| t.to_string()),
        locale: None,
    }
}

/// A member's name: the display name in the room, else the user id's localpart.
fn name_of(member: &RoomMember) -> String {
    match member.display_name().map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => name.to_string(),
        None => member.user_id().localpart().to_string(),
    }
}

/// Delivers what the service says on its own (the computer's moves, reminders,
/// timeouts) through the worker of whichever client is logged in, leased so several
/// processes on one database never send a message twice.
async fn outlet(current: Current, service: Service) {
    let claimer = service.claimer().to_string();
    let lease = service.lease();
    let mut seen = 0;
    loop {
        let queue = current.lock().ok().and_then(|slot| slot.clone());
        if let Some(queue) = queue {
            let (service_, claimer_) = (service.clone(), claimer.clone());
            let batch =
                tokio::task::spawn_blocking(move || service_.claim_some(Platform::Matrix, &claimer_, lease, CLAIM))
                    .await
                    .unwrap_or_default();
            if !batch.is_empty() {
                let (done, delivered) = tokio::sync::oneshot::channel();
                let mut limited = None;
                if queue.send(Incoming::Outbox(batch, claimer.clone(), done)).is_ok() {
                    limited = delivered.await.ok().flatten();
                }
                match limited {
                    // The homeserver asked to wait: nothing goes before then.
                    Some(wait) => tokio::time::sleep(wait).await,
                    // More may be waiting: claim again at once.
                    None => continue,
                }
            }
        }
        let service_ = service.clone();
        seen = tokio::task::spawn_blocking(move || service_.wait_for_messages(seen, IDLE_WAIT)).await.unwrap_or(seen);
    }
}
