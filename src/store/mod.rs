//! Storage: games, players, challenges and ratings in one SQLite file.
//!
//! SQL lives only here; the schema only in `migrations/`. Every query is a typed
//! function taking a connection (reads) or a transaction (writes, which must be
//! atomic). [`Store`] is the blocking handle the service uses: reads run on a small
//! pool of connections, writes go to the one writer thread, which commits the
//! changes of many callers together (group commit, see `writer.rs`) and answers each only
//! once its change is on disk.
//!
//! The store knows no rule: games are rebuilt from kind, settings and canonical move
//! texts by the rules core, through `replay.rs` alone.
//!
//! ```
//! use boardbot::config::Platform;
//! use boardbot::games::GameKind;
//! use boardbot::store::{upsert_player, NewGame, Place, SeatHolder, Store, StoreError};
//!
//! let dir = std::env::temp_dir().join(format!("boardbot-doc-store-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let store = Store::open(&dir.join("doc.sqlite"))?;
//! let (alice, bob) = store.write(|tx| {
//!     Ok((
//!         upsert_player(tx, Platform::Discord, "1001", "Alice", 0)?,
//!         upsert_player(tx, Platform::Discord, "1002", "Bob", 0)?,
//!     ))
//! })?;
//! let (game, public_id) = store.create_game(NewGame {
//!     kind: GameKind::Kuba,
//!     settings: None,
//!     start_code: None,
//!     rated: true,
//!     time_control: None,
//!     community: None,
//!     place: Place::default(),
//!     seats: vec![SeatHolder::Player(alice), SeatHolder::Player(bob)],
//!     turn_deadline: None,
//!     now: 0,
//! })?;
//! // Any accepted spelling is stored in canonical form.
//! assert_eq!(store.play_move(game, 1, "a7 down", 1)?.text, "a7-S");
//! // A second submission for the same turn loses.
//! assert_eq!(store.play_move(game, 1, "a7-E", 2), Err(StoreError::MovedOn));
//! assert_eq!(store.find_game(public_id.as_str())?.moves.len(), 1);
//! # drop(store);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), StoreError>(())
//! ```

mod challenges;
mod check;
mod clocks;
mod error;
mod games;
mod ids;
mod model;
mod outbox;
mod players;
mod ratings;
pub mod replay;
mod schema;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};

use rusqlite::Connection;

pub use challenges::{
    answer_challenge, close_challenge, create_challenge, expire_challenges, load_challenge, open_challenges, Challenge,
    ChallengeAnswer, ChallengeStatus, FirstMover, NewChallenge, MAX_CHALLENGED,
};
pub use check::{check_all, check_game, check_record, Problem};
pub use clocks::{
    active_vacation, end_vacation, games_to_remind, mark_reminder, next_clock_event, notify_of, set_notify,
    shift_deadlines, start_vacation, turn_deadline_of, vacation_days_taken, NotifyBy, Vacation,
};
pub use error::StoreError;
pub use games::{
    all_games, create_game, end_game, find_game, games_at_place, games_in_progress, games_past_deadline,
    games_with_computer_to_move, load_game, recent_games, record_move, set_draw_offer, set_takeback, set_thread,
    set_turn_deadline, take_back, GameSummary, RecordMove,
};
pub use model::{
    ChallengeId, CommunityId, EndReason, Ending, GameId, GameRecord, GameResult, MessageId, Millis, MoveRecord,
    MoveStored, NewGame, Place, Player, PlayerId, PublicId, RatingChange, Scope, SeatHolder, SeatRecord, Status,
    TimeControl,
};
pub use outbox::{
    claim_messages, mark_delivered, message_actions, pending_messages, push_message, set_message_actions, OutboxMessage,
};
pub use players::{find_community, find_player, load_player, upsert_community, upsert_player};
pub use ratings::{
    head_to_head, leaderboard, player_ratings, rating_history, HeadToHead, LeaderboardRow, PlayerRating,
};
/// The transaction a [`Store::write`] job runs in; the service names it through the
/// store so that only the store depends on the SQLite crate.
pub use rusqlite::Transaction;
pub use schema::{OpenOptions, MIGRATIONS, SCHEMA_VERSION};

use crate::rating::RatingConfig;
pub use writer::WriterStats;
use writer::{Checkpointer, Writer};

/// Read connections at most. A caller finding all of them busy waits for one
/// rather than opening another: opening a connection (file, PRAGMAs, schema) costs
/// far more than the short reads it would serve, and with many callers at once
/// opening and dropping connections made most of the latency of a move.
const MAX_READERS: usize = 8;

/// The read connections: the idle ones, how many are open, and a signal when one is
/// handed back.
#[derive(Default)]
struct Readers {
    pool: Mutex<(Vec<Connection>, usize)>,
    freed: Condvar,
}

/// The database: one writer thread, a pool of readers. Blocking; share it behind an
/// `Arc` and call it from blocking threads.
pub struct Store {
    path: PathBuf,
    // Dropped first: the last commits are answered before checkpoints stop.
    writer: Writer,
    _checkpointer: Checkpointer,
    readers: Readers,
    rating: RatingConfig,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (or creates, with the latest schema) the database file at `path`.
    /// A file that is not a database, has a newer schema or cannot be written is
    /// refused with a clear error and left unchanged.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with(path, &OpenOptions::default())
    }

    /// [`Store::open`] with options (for tests).
    pub fn open_with(path: &Path, options: &OpenOptions) -> Result<Store, StoreError> {
        let conn = schema::open_writer(path, options)?;
        let checkpointer = Checkpointer::start(schema::open_checkpointer(path)?)?;
        let writer = Writer::start(conn)?;
        Ok(Store {
            path: path.to_path_buf(),
            writer,
            _checkpointer: checkpointer,
            readers: Readers::default(),
            rating: RatingConfig::default(),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The rating constants in use.
    pub fn rating_config(&self) -> &RatingConfig {
        &self.rating
    }

    /// Runs `f` in a read transaction: one consistent snapshot, never blocked by the
    /// writer.
    pub fn read<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        self.with_reader(|conn| {
            let tx = conn.transaction()?;
            f(&tx)
        })
    }

    /// Runs `f` on a pooled read connection, without a transaction: for one statement,
    /// which is its own snapshot.
    fn with_reader<T>(&self, f: impl FnOnce(&mut Connection) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let poisoned = || StoreError::Internal("the reader pool's lock was poisoned".to_string());
        let mut conn = {
            let mut pool = self.readers.pool.lock().map_err(|_| poisoned())?;
            loop {
                if let Some(conn) = pool.0.pop() {
                    break conn;
                }
                if pool.1 < MAX_READERS {
                    pool.1 += 1;
                    drop(pool);
                    match schema::open_reader(&self.path) {
                        Ok(conn) => break conn,
                        Err(e) => {
                            if let Ok(mut pool) = self.readers.pool.lock() {
                                pool.1 -= 1;
                            }
                            self.readers.freed.notify_one();
                            return Err(e);
                        }
                    }
                }
                pool = self.readers.freed.wait(pool).map_err(|_| poisoned())?;
            }
        };
        let result = f(&mut conn);
        if let Ok(mut pool) = self.readers.pool.lock() {
            pool.0.push(conn);
        }
        self.readers.freed.notify_one();
        result
    }

    /// Runs `f` atomically in the writer's next group commit; returns once the commit
    /// holding it is on disk. An error from `f` undoes only `f`'s changes. `f` runs on
    /// the writer thread: it must not call the store itself (it would wait on itself)
    /// nor do slow work (every caller of the batch waits for it).
    pub fn write<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction) -> Result<T, StoreError> + Send + 'static,
    {
        self.writer.write(f)
    }

    /// Creates a game; returns its row and public id.
    pub fn create_game(&self, new: NewGame) -> Result<(GameId, PublicId), StoreError> {
        self.write(move |tx| create_game(tx, &new))
    }

    /// A whole game by row.
    pub fn load_game(&self, id: GameId) -> Result<GameRecord, StoreError> {
        self.read(|tx| load_game(tx, id))
    }

    /// A whole game by the public id someone typed.
    pub fn find_game(&self, public_id: &str) -> Result<GameRecord, StoreError> {
        self.read(|tx| load_game(tx, find_game(tx, public_id)?))
    }

    /// Plays `text` as move number `ply` of `game` and stores it durably, with the
    /// result and rating changes when it ends the game. The move is checked by the
    /// rules core on the cached position, outside the writer. Two submissions for one
    /// ply: exactly one is stored, the other gets [`StoreError::MovedOn`].
    pub fn play_move(&self, game: GameId, ply: u32, text: &str, now: Millis) -> Result<MoveStored, StoreError> {
        let head = self.with_reader(|conn| games::load_head(conn, game))?;
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
        let config = self.rating;
        self.write(move |tx| record_move(tx, &record, &config))
    }

    /// Takes back the last move, number `ply`, of `game`; returns the game as it now
    /// stands.
    pub fn take_back(&self, game: GameId, ply: u32, now: Millis) -> Result<GameRecord, StoreError> {
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
        self.write(move |tx| take_back(tx, game, ply, &base, &before, now))?;
        self.load_game(game)
    }

    /// Ends `game` by resignation, timeout, abort or agreement, rating it when rated.
    pub fn end_game(&self, game: GameId, ending: Ending) -> Result<(GameResult, Vec<RatingChange>), StoreError> {
        let config = self.rating;
        self.write(move |tx| end_game(tx, game, &ending, &config))
    }

    /// Copies the database to `dest` with SQLite's online backup, while the bot runs:
    /// the copy is one consistent snapshot. Written beside `dest` and renamed into
    /// place, so `dest` is either the old file or the whole copy.
    pub fn backup(&self, dest: &Path) -> Result<(), StoreError> {
        let same = |a: &Path, b: &Path| matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b);
        if same(dest, &self.path) {
            return Err(StoreError::Invalid("a backup cannot replace the database it copies".to_string()));
        }
        let src = schema::open_reader(&self.path)?;
        let partial = {
            let mut name = dest.file_name().unwrap_or_default().to_os_string();
            name.push(".partial");
            dest.with_file_name(name)
        };
        let _ = std::fs::remove_file(&partial);
        let cannot =
            |e: &dyn std::fmt::Display| StoreError::CannotOpen { path: dest.to_path_buf(), message: e.to_string() };
        let result = (|| {
            let mut dst = Connection::open(&partial).map_err(|e| cannot(&e))?;
            {
                let backup = rusqlite::backup::Backup::new(&src, &mut dst)?;
                // One step copies every page under one read snapshot; in WAL mode the
                // writer goes on meanwhile.
                match backup.step(-1)? {
                    rusqlite::backup::StepResult::Done => {}
                    other => return Err(StoreError::Internal(format!("backup stopped: {other:?}"))),
                }
            }
            dst.pragma_update(None, "journal_mode", "DELETE")?;
            drop(dst);
            std::fs::File::open(&partial).and_then(|f| f.sync_all()).map_err(|e| cannot(&e))?;
            std::fs::rename(&partial, dest).map_err(|e| cannot(&e))?;
            Ok(())
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&partial);
        }
        result
    }

    /// What the writer has done so far: commits, jobs, time busy (group commit at work).
    pub fn writer_stats(&self) -> WriterStats {
        self.writer.stats()
    }

    /// Replays every game and reports those whose replay disagrees with what is cached.
    pub fn check(&self, progress: impl FnMut(usize)) -> Result<Vec<Problem>, StoreError> {
        self.read(|tx| check_all(tx, progress))
    }
}
