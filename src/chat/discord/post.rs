//! Where a reply goes, and posting it there: a channel, a game's thread (made when
//! its first message goes, or the channel itself when Discord allows no thread for a
//! while), a person's direct messages; each message with its picture attached and,
//! when it was kept in the outbox, its send key as the `nonce`.
//!
//! Two callers: a request's own replies that go elsewhere and were kept nowhere
//! ([`Bot::post_all`], while the person waits), and the delivery runtime every
//! platform shares ([`crate::chat::delivery`]) for everything the outbox holds, through
//! [`DiscordPoster`], which never waits: a message that may not go now is handed back
//! with the time it may.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serenity::all::{ChannelType, CreateMessage, CreateThread, Nonce};

use super::answer::EDIT_RETRY_FOR;
use super::rest::Failure;
use super::words::{allowed, buttons, clip, DEFAULT_UPLOAD_LIMIT};
use super::Bot;
use crate::chat::delivery::{Posted, Poster};
use crate::present;
use crate::service::{Claimed, Destination, Reply};

/// The longest Discord may say a thread cannot be made before a game is played in its
/// channel instead (a refusal of threads can ask for minutes).
const THREAD_PATIENCE: Duration = Duration::from_secs(5);
/// How soon a passing failure (5xx, the network) is tried again, at least.
const RETRY: Duration = Duration::from_secs(1);
/// How soon the runtime tries again an edit of a response Discord did not know yet.
const EDIT_AGAIN: Duration = Duration::from_millis(200);

/// What the bot learnt of where to post: each game's thread (its messages claimed
/// before the thread was recorded go there too), the games played in their channel
/// because Discord allowed no thread, and people's direct-message channels.
#[derive(Default)]
pub(crate) struct Places {
    threads: Mutex<HashMap<String, u64>>,
    /// Games played in their channel whose next message says why.
    to_note: Mutex<HashSet<String>>,
    dms: Mutex<HashMap<String, u64>>,
}

/// Entries remembered per map at most; beyond, the memory starts again empty (the
/// store has the threads, and Discord the direct-message channels).
const PLACES_KEPT: usize = 10_000;

impl Places {
    fn thread(&self, game: &str) -> Option<u64> {
        self.threads.lock().ok().and_then(|t| t.get(game).copied())
    }

    fn set_thread(&self, game: &str, thread: u64) {
        remember(&self.threads, game, thread);
    }

    fn dm(&self, user: &str) -> Option<u64> {
        self.dms.lock().ok().and_then(|d| d.get(user).copied())
    }

    fn set_dm(&self, user: &str, channel: u64) {
        remember(&self.dms, user, channel);
    }

    fn note_pending(&self, game: &str) -> bool {
        self.to_note.lock().is_ok_and(|n| n.contains(game))
    }

    fn set_note(&self, game: &str, pending: bool) {
        if let Ok(mut games) = self.to_note.lock() {
            if pending {
                if games.len() >= PLACES_KEPT {
                    games.clear();
                }
                games.insert(game.to_string());
            } else {
                games.remove(game);
            }
        }
    }
}

/// Remembers `value` under `key` in one of the places' maps, which starts again
/// empty past [`PLACES_KEPT`] entries.
fn remember(map: &Mutex<HashMap<String, u64>>, key: &str, value: u64) {
    if let Ok(mut map) = map.lock() {
        if map.len() >= PLACES_KEPT {
            map.clear();
        }
        map.insert(key.to_string(), value);
    }
}

/// Where a message goes: the channel (or thread) to post in, and whether it says why
/// its game is played in the channel.
struct Spot {
    channel: u64,
    game: Option<String>,
    note: bool,
}

impl Bot {
    /// Posts replies that were not kept in the outbox where they go, in order, while
    /// the person who asked waits (a reply to them that goes elsewhere).
    pub(super) async fn post_all(&self, replies: &[Reply]) {
        for reply in replies {
            match self.post_keyed(reply, None, true).await {
                Posted::Done | Posted::Failed => {}
                // Kept nowhere, so not handed back: said in the log.
                Posted::Later(wait) | Posted::Retry(wait) => {
                    tracing::warn!("a reply to {:?} not posted: Discord asks to wait {wait:?}", reply.destination)
                }
            }
        }
    }

    /// Posts a public reply where it goes, with `nonce` (then enforced: Discord
    /// returns the message already made with it, in the last few minutes, instead of
    /// posting it again), once: what came of it. `patient`: a person waits on it, so a
    /// limit with room soon is waited for ([`super::rest::PATIENCE`]); otherwise nothing
    /// waits here, and a message that may not go now is told when it may.
    pub(super) async fn post_keyed(&self, reply: &Reply, nonce: Option<&str>, patient: bool) -> Posted {
        let target = match self.spot(reply).await {
            Ok(target) => target,
            Err(posted) => return posted,
        };
        if !patient {
            // Not drawn for nothing: a channel with no room now waits first.
            let route = self.rest.route("POST", &format!("/channels/{}/messages", target.channel));
            if let Some(wait) = self.rest.limits.wait(&route, Instant::now()) {
                return Posted::Later(wait);
            }
        }
        let lang = reply.lang;
        let (file, note) = self.attachment_off_thread(reply, lang, DEFAULT_UPLOAD_LIMIT).await.unzip();
        let mut text = present::say(&reply.message, lang, &self.grammar()).text;
        let why: Option<String> = target.note.then(|| self.own(lang, "discord-game-in-channel", &[]));
        let lines: [Option<String>; 2] = [note.flatten(), why];
        for line in lines.into_iter().flatten() {
            text.push('\n');
            text.push_str(&line);
        }
        let mut message = CreateMessage::new()
            .content(clip(&text))
            .allowed_mentions(allowed(reply))
            .components(buttons(&reply.actions, lang, self.web(reply)));
        if let Some(nonce) = nonce {
            message = message.nonce(Nonce::String(nonce.to_string())).enforce_nonce(true);
        }
        let channel = target.channel;
        match self.rest.send_message(channel, message, file, patient).await {
            Ok(_) => {
                if let (true, Some(game)) = (target.note, &target.game) {
                    self.places.set_note(game, false);
                }
                Posted::Done
            }
            Err(e) => outcome(&e, &format!("a message in channel {channel}")),
        }
    }

    /// The channel `reply` is posted in: its channel, its game's thread (made now when
    /// there is none yet, or its channel when Discord allows no thread for a while),
    /// or the direct-message channel of the person it goes to.
    async fn spot(&self, reply: &Reply) -> Result<Spot, Posted> {
        let channel = |id: &str| id.parse::<u64>().ok().filter(|c| *c != 0);
        match &reply.destination {
            Destination::Channel { channel: c } => {
                Ok(Spot { channel: channel(c).ok_or(Posted::Failed)?, game: None, note: false })
            }
            Destination::Thread { game, thread: Some(t), .. } => Ok(Spot {
                channel: channel(t).ok_or(Posted::Failed)?,
                game: Some(game.clone()),
                note: self.places.note_pending(game),
            }),
            Destination::Thread { game, title, channel: parent, thread: None, .. } => {
                if let Some(t) = self.places.thread(game) {
                    return Ok(Spot { channel: t, game: Some(game.clone()), note: self.places.note_pending(game) });
                }
                let Some(parent) = parent.as_deref().and_then(channel) else {
                    tracing::warn!("no channel to make the thread of game {game} in");
                    return Err(Posted::Failed);
                };
                let title = present::thread_title(title, reply.lang);
                self.thread_for(game, &title, parent).await
            }
            Destination::Direct(user) => {
                let Some(id) = channel(&user.user_id) else {
                    tracing::warn!("no user to write to: {:?}", user.user_id);
                    return Err(Posted::Failed);
                };
                if let Some(dm) = self.places.dm(&user.user_id) {
                    return Ok(Spot { channel: dm, game: None, note: false });
                }
                match self.rest.dm_channel(id).await {
                    Ok(dm) => {
                        self.places.set_dm(&user.user_id, dm.id.get());
                        Ok(Spot { channel: dm.id.get(), game: None, note: false })
                    }
                    Err(e) => Err(outcome(&e, &format!("a direct-message channel with {}", user.user_id))),
                }
            }
        }
    }

    /// Game `game`'s thread, made now in `parent` and recorded with the service;
    /// when Discord allows no thread for longer than [`THREAD_PATIENCE`], the game is
    /// played in `parent` (recorded as its thread, so every worker and restart follows)
    /// and its next message says why; when the bot may not make threads, it is played
    /// there without a word, as always.
    async fn thread_for(&self, game: &str, title: &str, parent: u64) -> Result<Spot, Posted> {
        let in_channel = |note: bool| Spot { channel: parent, game: Some(game.to_string()), note };
        if let Some(wait) = self.rest.thread_wait(parent) {
            if wait <= THREAD_PATIENCE {
                return Err(Posted::Later(wait));
            }
            tracing::info!("no thread may be made in channel {parent} for {wait:?}: game {game} is played there");
            self.play_in(game, parent, true).await;
            return Ok(in_channel(true));
        }
        let name: String = if title.is_empty() { game.to_string() } else { title.chars().take(100).collect() };
        let made = self.rest.create_thread(parent, &CreateThread::new(name).kind(ChannelType::PublicThread)).await;
        match made {
            Ok(thread) => {
                let id = thread.id.get();
                self.places.set_thread(game, id);
                self.rest.note_guild(id, thread.guild_id.get());
                self.record_thread(game, id).await;
                Ok(Spot { channel: id, game: Some(game.to_string()), note: false })
            }
            Err(Failure::Limited(wait) | Failure::Wait(wait)) if wait > THREAD_PATIENCE => {
                tracing::info!(
                    "Discord allows no thread in channel {parent} for {wait:?}: game {game} is played there"
                );
                self.play_in(game, parent, true).await;
                Ok(in_channel(true))
            }
            Err(Failure::Limited(wait) | Failure::Wait(wait)) => Err(Posted::Later(wait)),
            Err(Failure::Server(_) | Failure::Network(_)) => Err(Posted::Retry(RETRY)),
            Err(e) => {
                tracing::warn!("cannot create a thread in {parent}, playing in the channel: {e}");
                self.play_in(game, parent, false).await;
                Ok(in_channel(false))
            }
        }
    }

    /// Game `game` is played in channel `channel`: remembered, recorded as its thread,
    /// and its next message says why when `say_why`.
    async fn play_in(&self, game: &str, channel: u64, say_why: bool) {
        self.places.set_thread(game, channel);
        if say_why {
            self.places.set_note(game, true);
        }
        self.record_thread(game, channel).await;
    }

    /// Records `thread` as game `game`'s with the service.
    async fn record_thread(&self, game: &str, thread: u64) {
        let (service, game) = (self.service.clone(), game.to_string());
        let recorded = tokio::task::spawn_blocking(move || service.set_thread(&game, &thread.to_string())).await;
        if !matches!(recorded, Ok(Ok(()))) {
            tracing::error!("cannot record thread {thread}: {recorded:?}");
        }
    }
}

/// What a failed call means for the message it carried.
fn outcome(e: &Failure, what: &str) -> Posted {
    match e {
        Failure::Wait(wait) | Failure::Limited(wait) => Posted::Later(*wait),
        Failure::Server(_) | Failure::Network(_) => {
            tracing::warn!("cannot send {what} now, trying again: {e}");
            Posted::Retry(RETRY)
        }
        Failure::Refused { .. } | Failure::Body(_) => {
            tracing::error!("cannot send {what}: {e}");
            Posted::Failed
        }
    }
}

/// How the delivery runtime ([`crate::chat::delivery`]) posts on Discord: with the
/// bot's REST client, once per message, never waiting.
pub(crate) struct DiscordPoster {
    pub(crate) bot: Bot,
}

impl DiscordPoster {
    pub(crate) fn new(bot: Bot) -> DiscordPoster {
        DiscordPoster { bot }
    }
}

impl Poster for DiscordPoster {
    async fn post(&self, m: &Claimed) -> Posted {
        self.bot.deliver(m).await
    }
}

impl Bot {
    /// Delivers one claimed message, once: the answer to an interaction that a process
    /// began and did not finish (it died) is finished by editing the interaction's
    /// response; when that response is gone or was never made, a public answer is
    /// posted where it goes instead. Everything else is posted with its send key.
    async fn deliver(&self, m: &Claimed) -> Posted {
        if let Some(token) = m.answer.as_deref().filter(|t| !t.is_empty()) {
            let (file, note) = self.attachment_off_thread(&m.reply, m.reply.lang, DEFAULT_UPLOAD_LIMIT).await.unzip();
            match self.edit_once(token, &m.reply, file, note.flatten().as_deref(), false).await {
                Ok(()) => return Posted::Done,
                // Discord may not have the response yet: looked at again shortly,
                // handed back like any message that must wait.
                Err(e) if e.unknown_webhook() && m.age < EDIT_RETRY_FOR => return Posted::Later(EDIT_AGAIN),
                Err(e) if e.unknown_webhook() && !m.reply.only_actor => {
                    tracing::warn!("an interaction's response is gone; its answer is posted where it goes");
                }
                Err(e) => return outcome(&e, "the edit of an interaction's response"),
            }
        }
        if m.reply.only_actor {
            // Private words without their interaction have nowhere to go.
            return Posted::Failed;
        }
        self.post_keyed(&m.reply, Some(&m.send_key), false).await
    }
}
