//! Where a game is played and what a message offers: the platform thread recorded
//! for a game, the game a thread or a plain message stands for, and the challenges a
//! posted message lets people answer (Matrix's reactions).

use super::{boards, Action, Actor, GameRef, Service};
use crate::config::Platform;
use crate::games::GameKind;
use crate::store::StoreError;

impl Service {
    /// Records the platform's thread made for game `game` (its public id), after an
    /// adapter created it for a [`Destination::Thread`] without one; commands typed in
    /// that thread then find the game, and later replies name the thread.
    pub fn set_thread(&self, game: &str, thread: &str) -> Result<(), StoreError> {
        let record = self.inner.store.find_game(game)?;
        let (id, thread) = (record.id, thread.to_string());
        self.inner.store.write(move |tx| crate::store::set_thread(tx, id, &thread))
    }

    /// The platform thread of game `game` (its public id), once one is recorded.
    pub fn game_thread(&self, game: &str) -> Option<String> {
        self.inner.store.find_game(game).ok().and_then(|record| record.place.thread)
    }

    /// The game played in `thread` (a platform thread recorded with
    /// [`Service::set_thread`], or a `kuba-K7Q2` name): its kind and public id. Adapters
    /// use it to read a plain message in a game's thread as a move, and to complete moves.
    pub fn game_in_thread(&self, thread: &str) -> Option<(GameKind, String)> {
        boards::game_in_thread(&self.inner, thread).map(|r| (r.kind, r.public_id.as_str().to_string()))
    }

    /// The game of `thread` when `text` reads as a move of it, legal or not: a text
    /// adapter takes a plain message in a game's thread as a move then, so a misplayed
    /// move gets its reason while chatter gets no answer.
    pub fn move_in_thread(&self, thread: &str, text: &str) -> Option<GameRef> {
        let text = text.trim();
        if text.is_empty() || text.len() > 200 {
            return None;
        }
        let record = boards::game_in_thread(&self.inner, thread)?;
        let position = boards::current(&record).ok()?;
        match position.parse_move(text) {
            Err(crate::games::MoveRejected::Malformed(_)) => None,
            _ => Some(GameRef { kind: record.kind, id: Some(record.public_id.as_str().to_string()) }),
        }
    }

    /// The public id of `actor`'s only game of `kind` in progress, if exactly one:
    /// the game a move is completed for outside a game's thread.
    pub fn only_game(&self, actor: &Actor, kind: GameKind) -> Option<String> {
        let store = &self.inner.store;
        let player = store.read(|tx| crate::store::find_player(tx, actor.platform, &actor.user_id)).ok().flatten()?;
        let games = store.read(|tx| crate::store::games_in_progress(tx, player.id)).ok()?;
        let mut mine = games.into_iter().filter(|g| g.kind == kind);
        match (mine.next(), mine.next()) {
            (Some(one), None) => Some(one.public_id.as_str().to_string()),
            _ => None,
        }
    }

    /// Records the challenges a message on `platform` offers to accept or decline, for
    /// platforms where people answer a message itself, as with a reaction in Matrix.
    /// Kept across restarts; see [`Service::actions_of`]. A message that offers no
    /// challenge (a board) writes nothing.
    pub fn remember_actions(&self, platform: Platform, message_id: &str, actions: &[Action]) {
        let kept: Vec<&Action> =
            actions.iter().filter(|a| matches!(a, Action::Accept { .. } | Action::Decline { .. })).collect();
        if kept.is_empty() {
            return;
        }
        let json = match serde_json::to_string(&kept) {
            Ok(json) => json,
            Err(e) => {
                tracing::error!("cannot write the actions of message {message_id}: {e}");
                return;
            }
        };
        let (now, message_id) = (self.inner.clock.now(), message_id.to_string());
        let written =
            self.inner.store.write(move |tx| crate::store::set_message_actions(tx, platform, &message_id, &json, now));
        if let Err(e) = written {
            tracing::error!("cannot record the actions of a message: {e}");
        }
    }

    /// What message `message_id` on `platform` offers, as recorded by
    /// [`Service::remember_actions`]; empty for a message that offers nothing.
    pub fn actions_of(&self, platform: Platform, message_id: &str) -> Vec<Action> {
        let found = self.inner.store.read(|tx| crate::store::message_actions(tx, platform, message_id));
        match found {
            Ok(Some(json)) => serde_json::from_str(&json).unwrap_or_else(|e| {
                tracing::error!("the actions of message {message_id} do not read back: {e}");
                Vec::new()
            }),
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::error!("cannot read the actions of message {message_id}: {e}");
                Vec::new()
            }
        }
    }
}
