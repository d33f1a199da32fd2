//! Storage: games, players, challenges and ratings, in one SQLite file or in a
//! PostgreSQL database shared by several workers.
//!
//! SQL lives only here; the schemas only in `migrations/` (SQLite) and
//! `migrations/postgres/`. Every query is a typed function taking a [`Transaction`],
//! written once for both back ends (`sql/` binds it to either). [`Store`] is the
//! blocking handle the service uses, the same on both:
//!
//! - on **SQLite** (`sqlite/`), reads run on a small pool of connections and writes go
//!   to the one writer thread, which commits the changes of many callers together
//!   (group commit) and answers each only once its change is on disk;
//! - on **PostgreSQL** (`postgres/`), each read or write runs in a transaction of its
//!   own on a pooled connection, and a write returns once its commit is on the
//!   server's disk (`synchronous_commit = on`). Several processes may share one
//!   database: one winner per ply by constraint, outbox claims that skip locked rows,
//!   leases for the singletons ([`try_lease`]).
//!
//! The store knows no rule: games are rebuilt from kind, settings and canonical move
//! texts by the rules core, through `replay.rs` alone.
//!
//! What stores a move, takes one back or ends a game is the service's alone (its
//! mover and finisher write the event and the messages in the same transaction):
//! those functions are `pub(crate)`. Tests and benchmarks that exercise the store
//! itself use `test_support`, a door of their own.
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
//! let found = store.find_game(public_id.as_str())?;
//! assert_eq!((found.id, found.ply, found.seats.len()), (game, 0, 2));
//! # drop(store);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), StoreError>(())
//! ```

mod challenges;
mod check;
mod clocks;
mod commits;
mod copy;
mod database;
mod error;
mod events;
mod games;
mod ids;
mod leases;
mod model;
mod outbox;
mod players;
pub mod postgres;
mod premoves;
mod puzzles;
mod ratings;
pub mod replay;
mod reviews;
mod sql;
pub mod sqlite;
#[doc(hidden)]
pub mod test_support;
mod tournaments;
mod web;
mod web_sessions;

use crate::config::Platform;
use std::path::Path;

pub use challenges::{
    answer_challenge, close_challenge, count_open_challenges_by, create_challenge, expire_challenges, load_challenge,
    open_challenges, Challenge, ChallengeAnswer, ChallengeStatus, FirstMover, NewChallenge, MAX_CHALLENGED,
};
pub use check::{check_all, check_game, check_record, Problem};
pub use clocks::{
    active_vacation, end_vacation, games_to_remind, mark_reminder, next_clock_event, notify_of, set_notify,
    shift_deadlines, start_vacation, turn_deadline_of, vacation_days_taken, NotifyBy, Vacation,
};
pub use commits::WriterStats;
pub use copy::{CopyReport, TABLES};
pub use database::{Database, PostgresUrl};
pub use error::StoreError;
pub use events::{
    done_queued, events_after, events_of_game, forget_requests, last_event_of_game, note_request, queued_count,
    record_event, record_event_if, request_served, take_queued, QueueIf, StoredEvent,
};
pub use games::{
    all_games, community_games, create_game, games_against_computer_in_progress, games_at_place, games_in_progress,
    games_past_deadline, games_with_computer_to_move, last_finished_game, last_game_of_kind, load_game,
    load_game_by_public_id, recent_games, set_draw_offer, set_takeback, set_thread, set_turn_deadline, Asker,
    GameSummary, Seen,
};
// What stores a move or ends a game, with no event and no message: the service's
// mover and finisher only (they record the events and messages in the same
// transaction). Tests and benchmarks have their own door, `test_support`.
pub(crate) use games::{append_move, end_by_rules, end_game, take_back, RecordMove};
pub use leases::{lease_holder, lease_holders, release_lease, release_leases_of, try_lease};
pub use model::{
    ChallengeId, CommunityId, EndReason, Ending, EventId, GameId, GameRecord, GameResult, MessageId, Millis,
    MoveRecord, MoveStored, NewGame, Place, Player, PlayerId, PublicId, RatingChange, Scope, SeatHolder, SeatRecord,
    Status, TimeControl, TournamentId,
};
pub use outbox::{
    behind_in_lane, claim_messages, claimers, defer_message, gather, gathering, mark_delivered, message_actions,
    messages_of_request, outbox_depth, pending_messages, push_message, push_message_with, push_outgoing, regather,
    release_claims, set_message_actions, NewMessage, OutboxMessage, Priority, GATHERING,
};
pub use players::{
    find_community, find_player, languages, languages_of, load_player, lock_player, note_community_locale,
    note_player_locale, set_community_language, set_player_language, upsert_community, upsert_player, Languages,
};
pub use postgres::PostgresOptions;
pub use premoves::{
    clear_premoves, lock_game_ply, premoves_of, premoves_of_game, set_premoves, NewPremoveLine, PremoveLine,
};
pub use puzzles::{
    add_puzzle, answer_attempt, answered_attempt, finish_puzzle_scan, give_puzzle, load_attempt, load_puzzle,
    next_puzzle, open_attempt, pending_puzzle_scans, puzzle_leaderboard, puzzle_of_token, puzzle_rating, puzzle_scan,
    puzzles_of_game, queue_puzzle_scan, set_streak, streak, Answered, AttemptId, AttemptRow, NewAttempt, NewPuzzle,
    PuzzleAsk, PuzzleBoardRow, PuzzleId, PuzzleLabel, PuzzleRating, PuzzleRow, PuzzleSource, Streak,
};
pub use ratings::{
    head_to_head, leaderboard, player_ratings, rating_history, HeadToHead, LeaderboardRow, PlayerRating,
};
pub use reviews::{
    drop_review, finish_review, load_review, pending_review_of, pending_reviews, queue_review, NewReview, Queued,
    ReviewRow,
};
pub use sql::{Dialect, Transaction};
pub use sqlite::{OpenOptions, MIGRATIONS, SCHEMA_VERSION};
pub use tournaments::{
    active_tournaments, add_entrant, add_round, add_timeout, community_tournaments, create_tournament, end_tournament,
    entrants, link_game, load_tournament, lock_tournament, next_edition, ratings_of, remove_entrant, running_games_of,
    set_board_result, set_entrant_rating, set_tournament_round, start_tournament, tournament_games, tournament_of_game,
    tournament_of_page, tournaments_due, withdraw_entrant, withdrawn_for_timeouts, Entrant, GameInTournament,
    NewTournament, Tournament, TournamentFormat, TournamentGame, TournamentStatus, Withdrawal,
};
pub use web::{
    community_name, community_of_page, community_page, game_link, game_of_link, game_version, issue_game_link,
    turn_page_off, turn_page_on, GameVersion, Token, TOKEN_LEN,
};
pub use web_sessions::{
    community_key, end_web_session, end_web_sessions_of, new_web_login, new_web_session, note_web_launch,
    take_web_launch, touch_web_session, use_web_login, web_session, web_sessions_of, SessionVia, WebSession,
};

use crate::rating::RatingConfig;
use postgres::PgStore;
use sqlite::SqliteStore;

/// The back end a store runs on.
enum Backend {
    Sqlite(SqliteStore),
    Postgres(PgStore),
}

/// The database: SQLite (one writer thread, a pool of readers) or PostgreSQL (a pool
/// of connections). Blocking; share it behind an `Arc` and call it from blocking
/// threads, never from an async task's thread.
pub struct Store {
    backend: Backend,
    database: Database,
    rating: RatingConfig,
    player_ids: PlayerIds,
    moves: MovesKnown,
}

/// The player rows already looked up, by platform and platform id. A player's row
/// never changes its platform id and is never deleted, so what was found once stays
/// true, on every worker sharing the database.
#[derive(Default)]
struct PlayerIds(std::sync::Mutex<std::collections::HashMap<(Platform, String), PlayerId>>);

/// Player rows remembered at most; beyond, the memory starts again empty.
const PLAYER_IDS_KEPT: usize = 100_000;

/// The moves of the games read lately, so that reading a game again reads only the
/// moves played since ([`games::read_game`]): a game's moves were most of the cost of
/// a `move` request on PostgreSQL (each a row of its own, scattered over the table).
/// What is remembered stays true on every worker: moves are only appended, but by a
/// takeback, which the game's row counts. (A database replaced under a running worker,
/// restored from a backup, is caught when its moves do not line up, not always: stop
/// the bot to restore, as docs/operating.md says.)
#[derive(Default)]
struct MovesKnown(std::sync::Mutex<MovesMemory>);

#[derive(Default)]
struct MovesMemory {
    by_game: std::collections::HashMap<GameId, (i64, std::sync::Arc<Vec<MoveRecord>>)>,
    by_public_id: std::collections::HashMap<String, GameId>,
}

/// Games whose moves are remembered at most (about 3 KiB each for 50 moves); beyond,
/// the memory starts again empty.
const GAMES_KEPT: usize = 4_096;

impl MovesKnown {
    /// What is known of the moves of the game `key` names.
    fn known(&self, key: games::GameKey<'_>) -> Option<(games::KnownMoves, std::sync::Arc<Vec<MoveRecord>>)> {
        let memory = self.0.lock().ok()?;
        let id = match key {
            games::GameKey::Id(id) => id,
            games::GameKey::Public(public_id) => *memory.by_public_id.get(PublicId::parse(public_id)?.as_str())?,
        };
        let (takebacks, moves) = memory.by_game.get(&id)?;
        let ply = u32::try_from(moves.len()).ok()?;
        Some((games::KnownMoves { takebacks: *takebacks, ply }, std::sync::Arc::clone(moves)))
    }

    /// Remembers the moves of `record`, read with `takebacks`.
    fn remember(&self, record: &GameRecord, takebacks: i64) {
        let Ok(mut memory) = self.0.lock() else { return };
        if memory.by_game.len() >= GAMES_KEPT {
            memory.by_game.clear();
            memory.by_public_id.clear();
        }
        if !memory.by_public_id.contains_key(record.public_id.as_str()) {
            memory.by_public_id.insert(record.public_id.as_str().to_string(), record.id);
        }
        memory.by_game.insert(record.id, (takebacks, std::sync::Arc::new(record.moves.clone())));
    }
}

/// Whether `moves` are exactly moves 1 to `ply`, in order.
fn complete(moves: &[MoveRecord], ply: u32) -> bool {
    moves.len() == ply as usize && moves.iter().zip(1..).all(|(m, n)| m.ply == n)
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("database", &self.database).finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (or creates, with the latest schema) the SQLite database file at `path`.
    /// A file that is not a database, has a newer schema or cannot be written is
    /// refused with a clear error and left unchanged.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with(path, &OpenOptions::default())
    }

    /// [`Store::open`] with options (for tests).
    pub fn open_with(path: &Path, options: &OpenOptions) -> Result<Store, StoreError> {
        Ok(Store {
            backend: Backend::Sqlite(SqliteStore::open(path, options)?),
            database: Database::Sqlite(path.to_path_buf()),
            rating: RatingConfig::default(),
            player_ids: PlayerIds::default(),
            moves: MovesKnown::default(),
        })
    }

    /// Connects to the PostgreSQL database at `url` and brings its schema up to date
    /// (several workers starting at once apply each migration once). A database
    /// holding someone else's tables, or a newer schema, is refused unchanged.
    pub fn open_postgres(url: &PostgresUrl, options: &PostgresOptions) -> Result<Store, StoreError> {
        Ok(Store {
            backend: Backend::Postgres(PgStore::open(url, options)?),
            database: Database::Postgres(url.clone()),
            rating: RatingConfig::default(),
            player_ids: PlayerIds::default(),
            moves: MovesKnown::default(),
        })
    }

    /// Opens `database`, whichever kind it is, with the default options.
    pub fn open_database(database: &Database) -> Result<Store, StoreError> {
        Store::open_database_with(database, &PostgresOptions::default())
    }

    /// Opens `database`, whichever kind it is; `postgres` applies to PostgreSQL.
    pub fn open_database_with(database: &Database, postgres: &PostgresOptions) -> Result<Store, StoreError> {
        match database {
            Database::Sqlite(path) => Store::open(path),
            Database::Postgres(url) => Store::open_postgres(url, postgres),
        }
    }

    /// The database this store opened (a URL shows without its password).
    pub fn database(&self) -> &Database {
        &self.database
    }

    /// The SQLite file, when the store is one.
    pub fn path(&self) -> Option<&Path> {
        match &self.backend {
            Backend::Sqlite(s) => Some(s.path()),
            Backend::Postgres(_) => None,
        }
    }

    /// Whether several processes may share this store (PostgreSQL): then the clocks
    /// and the computer run under leases, so that one process runs them at a time.
    /// An SQLite file has one process.
    pub fn shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// The SQL the back end speaks.
    pub fn dialect(&self) -> Dialect {
        match &self.backend {
            Backend::Sqlite(_) => Dialect::Sqlite,
            Backend::Postgres(_) => Dialect::Postgres,
        }
    }

    /// The rating constants in use.
    pub fn rating_config(&self) -> &RatingConfig {
        &self.rating
    }

    /// The same store with other rating constants (the configuration's `[ratings]`).
    pub fn with_rating_config(mut self, rating: RatingConfig) -> Store {
        self.rating = rating;
        self
    }

    /// Runs `f` in a read transaction: one consistent snapshot, never blocked by a
    /// writer.
    pub fn read<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.read(f),
            Backend::Postgres(p) => p.read(f),
        }
    }

    /// Runs `f` outside a transaction, for one statement (its own snapshot): cheaper
    /// than [`Store::read`], by two round trips on PostgreSQL. `f` may run twice on
    /// PostgreSQL (again on a fresh connection when the first one was dead); several
    /// statements in `f` each see their own snapshot.
    pub fn read_once<T>(&self, f: impl Fn(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.read_once(f),
            Backend::Postgres(p) => p.alone(f),
        }
    }

    /// Runs `f` atomically and returns once the commit holding it is durable (on
    /// disk, or on the PostgreSQL server's disk). An error from `f` undoes only `f`'s
    /// changes. On SQLite `f` runs on the writer thread inside a group commit: it must
    /// not call the store itself (it would wait on itself) nor do slow work (every
    /// caller of the batch waits for it). On PostgreSQL it runs on the caller's thread
    /// in a transaction of its own; rows it locks stay locked until it returns.
    pub fn write<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction) -> Result<T, StoreError> + Send + 'static,
    {
        match &self.backend {
            Backend::Sqlite(s) => s.write(f),
            Backend::Postgres(p) => p.write(f),
        }
    }

    /// Runs `f` as [`Store::write`] does, for a change to the game `game` that locks
    /// no other game's row. On PostgreSQL such changes of many requests are gathered
    /// into one transaction and one commit (as the SQLite writer does for every
    /// write), so `f` may run twice (again alone, when a statement of the batch
    /// failed): it is `Fn`, and a refusal it gives (an `Err` that is not a failed
    /// statement) must come before it writes anything.
    pub fn write_for_game<T, F>(&self, game: GameId, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Fn(&Transaction) -> Result<T, StoreError> + Send + 'static,
    {
        match &self.backend {
            Backend::Sqlite(s) => s.write(f),
            Backend::Postgres(p) => p.grouped(game.0, f),
        }
    }

    /// Whether the database answers now: a round trip to the PostgreSQL server, or a
    /// read of the SQLite file. For health checks.
    pub fn ping(&self) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.read_once(|tx| tx.query("SELECT 1", &[]).map(|_| ()).map_err(StoreError::from)),
            Backend::Postgres(p) => p.ping(),
        }
    }

    /// Creates a game; returns its row and public id.
    pub fn create_game(&self, new: NewGame) -> Result<(GameId, PublicId), StoreError> {
        self.write(move |tx| create_game(tx, &new))
    }

    /// A whole game by row, in one statement. Of a game read before, only the moves
    /// played since are read.
    pub fn load_game(&self, id: GameId) -> Result<GameRecord, StoreError> {
        self.read_game(games::GameKey::Id(id))
    }

    /// A whole game by the public id someone typed, as [`Store::load_game`].
    pub fn find_game(&self, public_id: &str) -> Result<GameRecord, StoreError> {
        self.read_game(games::GameKey::Public(public_id))
    }

    /// A game by the public id someone typed, as [`Store::find_game`], with what the
    /// answer to `asker`'s request needs beside it ([`Seen`]), in the same statement.
    pub fn find_game_for(&self, public_id: &str, asker: &Asker<'_>) -> Result<(GameRecord, Seen), StoreError> {
        self.read_game_for(games::GameKey::Public(public_id), Some(asker))
            .map(|(record, seen)| (record, seen.unwrap_or_default()))
    }

    fn read_game(&self, key: games::GameKey<'_>) -> Result<GameRecord, StoreError> {
        self.read_game_for(key, None).map(|(record, _)| record)
    }

    fn read_game_for(
        &self,
        key: games::GameKey<'_>,
        asker: Option<&Asker<'_>>,
    ) -> Result<(GameRecord, Option<Seen>), StoreError> {
        let known = self.moves.known(key);
        let read = self.read_once(|tx| games::read_game(tx, key, known.as_ref().map(|(k, _)| *k), asker))?;
        let (mut record, mut takebacks, seen) = (read.record, read.takebacks, read.seen);
        if let Some((_, earlier)) = known.as_ref().filter(|(k, _)| k.takebacks == takebacks) {
            let later = std::mem::take(&mut record.moves);
            if later.is_empty() && complete(earlier, record.ply) {
                // Nothing new: what is remembered stays as it is.
                record.moves = earlier.to_vec();
                return Ok((record, seen));
            }
            record.moves = earlier.iter().cloned().chain(later).collect();
            if !complete(&record.moves, record.ply) {
                // Not what the game's count of takebacks promised (a database restored
                // under a running worker): every move is read again.
                tracing::warn!("game {}: the moves remembered do not match the game's; read again", record.public_id);
                let again = self.read_once(|tx| games::read_game(tx, key, None, None))?;
                (record, takebacks) = (again.record, again.takebacks);
            }
        }
        self.moves.remember(&record, takebacks);
        Ok((record, seen))
    }

    /// The row of the player `user_id` on `platform`, if they were seen before. A row
    /// found is remembered: asking again costs no read.
    pub fn player_id(&self, platform: Platform, user_id: &str) -> Result<Option<PlayerId>, StoreError> {
        let key = (platform, user_id.to_string());
        if let Some(id) = self.player_ids.0.lock().ok().and_then(|ids| ids.get(&key).copied()) {
            return Ok(Some(id));
        }
        let found = self.read_once(|tx| find_player(tx, platform, user_id))?.map(|p| p.id);
        if let (Some(id), Ok(mut ids)) = (found, self.player_ids.0.lock()) {
            if ids.len() >= PLAYER_IDS_KEPT {
                ids.clear();
            }
            ids.insert(key, id);
        }
        Ok(found)
    }

    /// Copies an SQLite database to `dest` with SQLite's online backup, while the bot
    /// runs: the copy is one consistent snapshot. Written beside `dest` and renamed
    /// into place, so `dest` is either the old file or the whole copy. A PostgreSQL
    /// database is backed up by the server's own tools (`pg_dump`), not here.
    pub fn backup(&self, dest: &Path) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.backup(dest),
            Backend::Postgres(p) => Err(StoreError::Unsupported(format!(
                "{} is a PostgreSQL database: back it up with pg_dump (pg_dump --format=custom --file=boardbot.dump \"{}\"), see docs/operating.md",
                p.url(),
                p.url()
            ))),
        }
    }

    /// After a large batch of writes: empties SQLite's WAL file back into the
    /// database (a `TRUNCATE` checkpoint), so the file does not keep the size the
    /// batch gave it. Writes wait meanwhile. Nothing to do on PostgreSQL.
    pub fn truncate_wal(&self) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.truncate_wal(),
            Backend::Postgres(_) => Ok(()),
        }
    }

    /// What group commit has done so far: commits, jobs, time busy. On SQLite every
    /// write goes through the writer thread; on PostgreSQL only the changes of
    /// [`Store::write_for_game`] go through its committers.
    pub fn writer_stats(&self) -> WriterStats {
        match &self.backend {
            Backend::Sqlite(s) => s.writer_stats(),
            Backend::Postgres(p) => p.group_stats(),
        }
    }

    /// Replays every game and reports those whose replay disagrees with what is cached.
    pub fn check(&self, progress: impl FnMut(usize)) -> Result<Vec<Problem>, StoreError> {
        self.read(|tx| check_all(tx, progress))
    }

    /// Copies every row of this database into `dest`, which must be empty (freshly
    /// created, its schema current): SQLite to PostgreSQL or back. One read snapshot
    /// of this database, one transaction on `dest`; then the rows of each table are
    /// counted on both sides and must agree. `progress` hears each table copied.
    pub fn copy_to(&self, dest: &Store, progress: impl FnMut(&str, u64)) -> Result<CopyReport, StoreError> {
        if self.database == dest.database {
            return Err(StoreError::Invalid("a database cannot be copied into itself".to_string()));
        }
        let (tables, before) = self.read(|tx| Ok((copy::read_all(tx, progress)?, copy::counts(tx)?)))?;
        let copied: Vec<u64> = tables.iter().map(|rows| rows.len() as u64).collect();
        dest.write(move |tx| copy::write_all(tx, tables))?;
        copy::compare(&before, &copied, dest.read(copy::counts)?)
    }
}
