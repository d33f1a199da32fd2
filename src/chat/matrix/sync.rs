//! The sync loop: what the homeserver sends is handed to the intake's worker in
//! order, and the sync position is saved (`sync-token` in the store folder) only once
//! the worker has served every event before it, so a crash (even SIGKILL) loses
//! nothing: the events after the saved position come again.

use std::path::{Path, PathBuf};
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::Client;
use tokio::sync::mpsc;

use super::intake::{self, Incoming};
use super::session::{backoff, session_gone, Ended};
use super::Bot;

/// How long one sync request waits for news.
const SYNC_TIMEOUT: Duration = Duration::from_secs(30);

fn token_path(store: &Path) -> PathBuf {
    store.join("sync-token")
}

/// The saved sync position, if any.
pub(super) fn read_token(store: &Path) -> Option<String> {
    std::fs::read_to_string(token_path(store)).ok().map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

/// [`write_token`] off the runtime's threads: it waits for the disk.
async fn save_token(store: &Path, token: &str) {
    let (store, token) = (store.to_path_buf(), token.to_string());
    if let Err(e) = tokio::task::spawn_blocking(move || write_token(&store, &token)).await {
        tracing::error!("cannot save the sync position: {e}");
    }
}

/// Saves the sync position durably (written aside, synced, then renamed).
pub(super) fn write_token(store: &Path, token: &str) {
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
/// `full_state`: the first sync asks for every room's whole state (a new device's
/// store on an old sync position has none).
pub(super) async fn serve(bot: Bot, store: &Path, full_state: bool) -> Ended {
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
    let handlers = intake::listen(&client, tx.clone());
    let worker = tokio::spawn(intake::work(bot.clone(), rx));
    // Invitations that came while the bot was away.
    for room in client.invited_rooms() {
        tokio::spawn(intake::join(room));
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
