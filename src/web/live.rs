//! Live game pages: one poller per game watched in this process, however many pages
//! watch it, fanned out to them with a broadcast channel. Each poller reads the
//! game's version ([`Pages::version`], one indexed row) when the service serving the
//! pages says the game changed ([`Pages::changes`]: the mover and the finisher tell
//! it once their change is committed), and every [`POLL`] besides, which finds what
//! other processes on the same database changed (`boardbot web` beside the bot, or
//! several workers on one PostgreSQL). It stops once no page watches.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, Notify};

use crate::service::pages::{Pages, Watched};

/// How often a watched game is read when nothing said it changed.
pub const POLL: Duration = Duration::from_millis(500);

/// A watched game's channel to its pages, and what wakes its poller early.
struct Followed {
    pages: broadcast::Sender<u32>,
    wake: Arc<Notify>,
}

/// The games watched now, each with its channel.
#[derive(Clone)]
pub struct Live {
    games: Arc<Mutex<HashMap<Watched, Followed>>>,
    /// Whether the task that hears the service's changes runs.
    hearing: Arc<std::sync::atomic::AtomicBool>,
    pages: Pages,
    poll: Duration,
}

impl Live {
    /// Live pages over `pages`, polling every `poll`.
    pub fn new(pages: Pages, poll: Duration) -> Live {
        Live { games: Arc::default(), hearing: Arc::default(), pages, poll }
    }

    /// How many games are watched now (for tests and logs).
    pub fn watched(&self) -> usize {
        self.games.lock().map(|g| g.len()).unwrap_or(0)
    }

    /// Follows `game`: the receiver hears the game's number of moves each time the
    /// game changes. Starts the game's poller when it has none.
    pub fn follow(&self, game: Watched) -> broadcast::Receiver<u32> {
        self.hear_changes();
        let Ok(mut games) = self.games.lock() else {
            // A poisoned map: a channel nobody sends on; the page falls back to its
            // reload.
            return broadcast::channel(1).1;
        };
        if let Some(followed) = games.get(&game) {
            return followed.pages.subscribe();
        }
        let (sender, receiver) = broadcast::channel(16);
        let wake = Arc::new(Notify::new());
        games.insert(game, Followed { pages: sender.clone(), wake: Arc::clone(&wake) });
        drop(games);
        let live = self.clone();
        tokio::spawn(async move { live.poll_game(game, sender, wake).await });
        receiver
    }

    /// Starts, once, the task that wakes a game's poller as soon as the service
    /// serving these pages changes the game.
    fn hear_changes(&self) {
        use std::sync::atomic::Ordering;
        if self.hearing.swap(true, Ordering::AcqRel) {
            return;
        }
        let Some(mut changes) = self.pages.changes() else { return };
        let games = Arc::clone(&self.games);
        tokio::spawn(async move {
            while let Some(changed) = changes.next().await {
                let Ok(games) = games.lock() else { return };
                match changed {
                    Some(game) => {
                        if let Some(followed) = games.get(&game) {
                            followed.wake.notify_one();
                        }
                    }
                    // Some changes were missed: every watched game looks again.
                    None => games.values().for_each(|f| f.wake.notify_one()),
                }
            }
        });
    }

    async fn poll_game(self, game: Watched, sender: broadcast::Sender<u32>, wake: Arc<Notify>) {
        let mut seen = None;
        loop {
            {
                // Checked and removed under the lock `follow` takes: a page arriving now
                // either finds this poller still listed, or starts a new one.
                let Ok(mut games) = self.games.lock() else { return };
                if sender.receiver_count() == 0 {
                    games.remove(&game);
                    return;
                }
            }
            let pages = self.pages.clone();
            match tokio::task::spawn_blocking(move || pages.version(game)).await {
                Ok(Ok(version)) => {
                    if seen.is_some_and(|s| s != version) {
                        // No receiver left is not an error: the next turn ends the poller.
                        let _ = sender.send(version.ply());
                    }
                    seen = Some(version);
                }
                Ok(Err(e)) => tracing::debug!("a live page's game cannot be read: {e}"),
                Err(e) => tracing::warn!("a live page's poll failed: {e}"),
            }
            tokio::select! {
                () = tokio::time::sleep(self.poll) => {}
                () = wake.notified() => {}
            }
        }
    }
}
