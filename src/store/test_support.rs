//! The door of tests and benchmarks to the store's game-changing functions: a move
//! stored or a game ended straight in the store, **with no event and no message**.
//!
//! The bot never comes this way. Every move it stores goes through the service's
//! mover and every ending through its finisher, which record the event and the
//! messages in the same transaction; the store's own functions for that
//! (`append_move`, `end_by_rules`, `end_game`, `take_back`) are `pub(crate)`, for the
//! service alone. What is here measures or exercises the store itself: two
//! submissions of one ply racing each other, a crash in the middle of a write, the
//! group commit's throughput, a database filled with games for a benchmark. Nothing
//! in `src/` outside the store uses this module (`tests/it/architecture.rs`,
//! `the_test_door_is_for_tests_and_benchmarks`), and it is left out of the
//! documentation.
//!
//! ```
//! use boardbot::store::test_support::DirectWrites;
//! # use boardbot::config::Platform;
//! # use boardbot::games::GameKind;
//! # use boardbot::store::{upsert_player, NewGame, Place, SeatHolder, Store, StoreError};
//! # let dir = std::env::temp_dir().join(format!("boardbot-doc-door-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).unwrap();
//! # let store = Store::open(&dir.join("doc.sqlite"))?;
//! # let (alice, bob) = store.write(|tx| {
//! #     Ok((upsert_player(tx, Platform::Discord, "1", "Alice", 0)?, upsert_player(tx, Platform::Discord, "2", "Bob", 0)?))
//! # })?;
//! # let seats = vec![SeatHolder::Player(alice), SeatHolder::Player(bob)];
//! # let new = NewGame { kind: GameKind::Kuba, settings: None, start_code: None, rated: false, time_control: None,
//! #     community: None, place: Place::default(), seats, turn_deadline: None, now: 0 };
//! # let (game, _) = store.create_game(new)?;
//! // Any accepted spelling is stored in canonical form.
//! assert_eq!(store.play_move(game, 1, "a7 down", 1)?.text, "a7-S");
//! // A second submission for the same turn loses.
//! assert_eq!(store.play_move(game, 1, "a7-E", 2), Err(StoreError::MovedOn));
//! # drop(store);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), StoreError>(())
//! ```

use super::games::{self, load_head};
use super::model::{Ending, GameId, GameRecord, GameResult, Millis, MoveStored, RatingChange, Status};
use super::{replay, Backend, Store, StoreError, Transaction};
use crate::rating::RatingConfig;

pub use super::games::RecordMove;

/// Stores `m` (a move already played on the position it was read from) in `tx`, with
/// the result and the rating changes when it ends the game: what benchmarks fill a
/// database with. A stale view gets [`StoreError::MovedOn`].
pub fn record_move(tx: &Transaction, m: &RecordMove, config: &RatingConfig) -> Result<MoveStored, StoreError> {
    games::record_move(tx, m, config)
}

/// A store's moves and endings written straight, as [`record_move`] writes them, each
/// durably in a write of its own.
pub trait DirectWrites {
    /// Stores a move that ends nothing and writes nothing else (no deadline, no
    /// message), durably. On PostgreSQL such a move is one statement, which the
    /// committer threads gather with the other callers' moves into one transaction
    /// and one commit (a group commit, as the SQLite writer makes), and as durable: it
    /// returns once that commit is on disk.
    fn record_move_alone(&self, m: RecordMove) -> Result<MoveStored, StoreError>;

    /// Plays `text` as move number `ply` of `game` and stores it durably, with the
    /// result and rating changes when it ends the game. The move is checked by the
    /// rules core on the cached position, outside the writer, and stored as
    /// [`DirectWrites::record_move_alone`] stores it. Two submissions for one ply:
    /// exactly one is stored, the other gets [`StoreError::MovedOn`].
    fn play_move(&self, game: GameId, ply: u32, text: &str, now: Millis) -> Result<MoveStored, StoreError>;

    /// Takes back the last move, number `ply`, of `game`; returns the game as it now
    /// stands.
    fn take_back(&self, game: GameId, ply: u32, now: Millis) -> Result<GameRecord, StoreError>;

    /// Ends `game` by resignation, timeout, abort or agreement, rating it when rated.
    fn end_game(&self, game: GameId, ending: Ending) -> Result<(GameResult, Vec<RatingChange>), StoreError>;
}

impl DirectWrites for Store {
    fn record_move_alone(&self, m: RecordMove) -> Result<MoveStored, StoreError> {
        let config = self.rating;
        match &self.backend {
            Backend::Postgres(p) if m.after.outcome.is_none() => {
                p.grouped(m.game.0, move |tx| games::record_move(tx, &m, &config))
            }
            _ => self.write(move |tx| games::record_move(tx, &m, &config)),
        }
    }

    fn play_move(&self, game: GameId, ply: u32, text: &str, now: Millis) -> Result<MoveStored, StoreError> {
        let head = self.read_once(|tx| load_head(tx, game))?;
        if head.status == Status::Over {
            return Err(StoreError::GameOver);
        }
        if head.ply.checked_add(1) != Some(ply) {
            return Err(StoreError::MovedOn);
        }
        let after = replay::advance(head.kind, Some(&head.settings), &head.code, &[text], ply)?;
        let record = RecordMove {
            game,
            ply,
            base_code: head.code,
            seat: head.to_move,
            text: after.moves.first().cloned().unwrap_or_default(),
            after,
            now,
        };
        self.record_move_alone(record)
    }

    fn take_back(&self, game: GameId, ply: u32, now: Millis) -> Result<GameRecord, StoreError> {
        let record = self.load_game(game)?;
        if record.status == Status::Over {
            return Err(StoreError::GameOver);
        }
        if record.ply != ply || ply == 0 {
            return Err(StoreError::MovedOn);
        }
        let earlier: Vec<&str> =
            record.moves[..record.moves.len().saturating_sub(1)].iter().map(|m| m.text.as_str()).collect();
        let before = replay::replay(record.kind, Some(&record.settings), record.start_code.as_deref(), &earlier)?;
        let base = record.code;
        self.write(move |tx| games::take_back(tx, game, ply, &base, &before, now))?;
        self.load_game(game)
    }

    fn end_game(&self, game: GameId, ending: Ending) -> Result<(GameResult, Vec<RatingChange>), StoreError> {
        let config = self.rating;
        self.write(move |tx| games::end_game(tx, game, &ending, &config))
    }
}
