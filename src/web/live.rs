//! Live game pages: one poller per game watched in this process, however many pages
//! watch it, fanned out to them with a broadcast channel. Each poller reads the
//! game's version ([`Pages::version`], one indexed row) every [`POLL`], and stops once
//! no page watches. The lead's events (issue #43) will replace the poll inside
//! `Pages::version`'s callers here, nowhere else.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::broadcast;

use crate::service::pages::{Pages, Watched};

/// How often a watched game is read.
pub const POLL: Duration = Duration::from_millis(500);

/// The games watched now, each with its channel.
#[derive(Clone)]
pub struct Live {
    games: Arc<Mutex<HashMap<Watched, broadcast::Sender<u32>>>>,
    pages: Pages,
    poll: Duration,
}

impl Live {
    /// Live pages over `pages`, polling every `poll`.
    pub fn new(pages: Pages, poll: Duration) -> Live {
        Live { games: Arc::default(), pages, poll }
    }

    /// How many games are watched now (for tests and logs).
    pub fn watched(&self) -> usize {
        self.games.lock().map(|g| g.len()).unwrap_or(0)
    }

    /// Follows `game`: the receiver hears the game's number of moves each time the
    /// game changes. Starts the game's poller when it has none.
    pub fn follow(&self, game: Watched) -> broadcast::Receiver<u32> {
        let Ok(mut games) = self.games.lock() else {
            // A poisoned map: a channel nobody sends on; the page falls back to its
            // reload.
            return broadcast::channel(1).1;
        };
        if let Some(sender) = games.get(&game) {
            return sender.subscribe();
        }
        let (sender, receiver) = broadcast::channel(16);
        games.insert(game, sender.clone());
        drop(games);
        let live = self.clone();
        tokio::spawn(async move { live.poll_game(game, sender).await });
        receiver
    }

    async fn poll_game(self, game: Watched, sender: broadcast::Sender<u32>) {
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
            tokio::time::sleep(self.poll).await;
        }
    }
}
