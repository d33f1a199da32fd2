//! The Matrix adapter: the terminal's text commands with `!`, ✅/❌ reactions on
//! challenges, a thread per game, boards as images, in encrypted and plain rooms.
//!
//! It is built like matrix-rust-sdk's `command_bot` example, an event handler that
//! turns what people send into requests and replies into `room.send`, in modules of
//! their own:
//!
//! - `session.rs`: the homeserver checked, the login or the saved session;
//! - `sync.rs`: the sync loop, its backoff, and the saved sync position;
//! - `intake.rs`: messages, reactions and invitations, served in order as requests;
//! - `posting.rs`: who posts what: a request's own answers by the request's path,
//!   everything else of the outbox by the [`crate::chat::delivery`] runtime's poster;
//! - `send.rs`: one reply sent in one room (its thread, words, picture, mentions),
//!   within the homeserver's limit and with a transaction id;
//! - `grammar.rs` and `text.rs`: how the bot writes, and how it reads a message.
//!
//! # Choices made here
//!
//! - **Commands** are messages starting with `!` and one of the bot's words (`!kuba`,
//!   `!kewbz`, `!cabale`, `!nuba`, `!boardbot`), parsed by the same parser as the
//!   terminal's ([`crate::chat::text`]). Other `!words` belong to other bots and get
//!   no answer. Mentions come from the message's `m.mentions` and its HTML pills, read
//!   with ruma's HTML parser and URIs (turned into user ids before parsing); a user id
//!   typed as text is taken when that user is in the room. Edits are not commands
//!   again.
//! - **Challenges** are answered with a reaction on the challenge's message (the
//!   bot's or the challenger's), or `!kuba accept`; which reaction answers what is the
//!   service's to say ([`crate::service::Action::answered_by`]). What a message offers
//!   is kept by the service ([`Service::remember_actions`]), so reactions work after a
//!   restart.
//! - **Threads**: a game's thread hangs under the message announcing that it begins
//!   (or, when there is none, under its first message); the root is recorded with
//!   [`Service::set_thread`]. In a game's thread a plain message that reads as a move of
//!   that game is played as one, so `d2-N` is enough.
//! - **Answers only the actor should see** (refusals, lists) have no private form in a
//!   room: they are posted where the request was made, as a reply to it, so a refusal
//!   in a game's thread stays in the thread. The bot's text messages are `m.notice`,
//!   Matrix's convention for bots, so other bots do not answer them.
//! - **Delivery**: a request's answer is posted by the request's path, with its send
//!   key as the transaction id, and confirmed; everything else (the opponent's notices,
//!   the computer's moves, reminders, timeouts) is delivered by the runtime every
//!   platform shares, claimed, paced, retried and confirmed there. A process that dies
//!   after a change commits leaves its messages claimed by a process that is gone: the
//!   next one takes them over at once and sends them with the same transaction ids, so
//!   the homeserver keeps one of each.
//! - **History**: the first run skips what its first sync returns. After that the bot
//!   saves the sync position (`sync-token` in the store folder) only once every event
//!   before it has been served, so after a crash or a restart it catches up on what was
//!   said while it was down and loses nothing (an event served just before a crash is
//!   served again: the service answers a request it has seen with the answer it gave).
//!   In every room, events older than the bot's own membership are ignored.
//! - **Encryption**: matrix-sdk's SQLite store (the `store` folder) holds the crypto
//!   keys; the session (user, device, access token) is kept there in `session.json`
//!   (mode 0600), so the device stays the same across restarts. When the homeserver
//!   invalidates the session, the bot logs in again with its password on the same
//!   device.
//! - **Rate limits**: the bot's sends are not retried by matrix-sdk; a refusal with
//!   `M_LIMIT_EXCEEDED` holds the bot's messages (Synapse limits a sender in all rooms
//!   together) for the `retry_after_ms` given, and what waits is handed back to the
//!   outbox with that time ([`crate::chat::pace`]).

mod grammar;
mod intake;
mod posting;
mod send;
mod session;
mod sync;
pub mod text;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use matrix_sdk::ruma::{OwnedUserId, UserId};
use matrix_sdk::Client;

pub use grammar::MatrixGrammar;

use crate::config::{Matrix as MatrixConfig, Platform};
use crate::service::Service;
use session::Ended;

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

/// The adapter over one logged-in client.
#[derive(Clone)]
pub(crate) struct Bot {
    client: Client,
    service: Service,
    own: OwnedUserId,
    /// The width boards are drawn at.
    picture_px: u32,
    /// The homeserver's limits as it stated them (shared by every session).
    limits: Arc<crate::chat::pace::Limits>,
}

impl Bot {
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
    session::probe(config.homeserver.trim()).await?;
    // The client the delivery runtime posts with, while one is logged in.
    let current: Arc<Mutex<Option<Bot>>> = Arc::new(Mutex::new(None));
    let poster = posting::MatrixPoster::new(current.clone());
    let delivery = tokio::spawn(crate::chat::delivery::run(service.clone(), Platform::Matrix, poster));
    let limits = Arc::new(crate::chat::pace::Limits::new(None));
    let mut relogin = false;
    // After a new device's first login on an old sync position, the first sync asks
    // for every room's whole state, which the new store does not have.
    let mut new_store = false;
    let mut failures = 0u32;
    let result = loop {
        let connected = session::connect(config, &user, &store, relogin).await;
        let client = match connected {
            Ok(c) => c,
            // The first connection must work; later ones are retried.
            Err(e) if failures == 0 && !relogin => break Err(e),
            Err(e) => {
                failures += 1;
                let wait = session::backoff(failures);
                tracing::warn!("cannot reach the homeserver, trying again in {}s: {e}", wait.as_secs());
                tokio::time::sleep(wait).await;
                continue;
            }
        };
        failures = 0;
        let picture_px = service.picture_px();
        let bot = Bot {
            client: client.clone(),
            service: service.clone(),
            own: user.clone(),
            picture_px,
            limits: limits.clone(),
        };
        if let Ok(mut slot) = current.lock() {
            *slot = Some(bot.clone());
        }
        let full_state = std::mem::take(&mut new_store);
        let ended = sync::serve(bot, &store, full_state).await;
        if let Ok(mut slot) = current.lock() {
            *slot = None;
        }
        match ended {
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
                let token = sync::read_token(&store);
                if let Err(e) = std::fs::rename(&store, &aside).and_then(|()| std::fs::create_dir_all(&store)) {
                    break Err(MatrixError::Store { path: store.clone(), message: e.to_string() });
                }
                if let Some(token) = token {
                    sync::write_token(&store, &token);
                    new_store = true;
                }
                relogin = true;
            }
        }
    };
    delivery.abort();
    result
}
