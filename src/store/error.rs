//! What can go wrong in the store, typed so the service can tell people what happened.

use std::path::PathBuf;

use super::replay::ReplayError;

/// A store failure. Every variant but [`StoreError::Internal`] is something the
/// service can explain to a person; `Internal` is for the logs.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StoreError {
    /// Another submission took this turn first (or the game changed since it was read).
    #[error("the game has moved on")]
    MovedOn,
    /// The request that asked for this change made it already (it was delivered
    /// twice): nothing was changed again.
    #[error("the request was served already")]
    Duplicate,
    /// The game is over: no more moves, offers or endings.
    #[error("the game is over")]
    GameOver,
    /// No such game, player, challenge or message.
    #[error("{0} not found")]
    NotFound(String),
    /// A move or a position the rules refuse.
    #[error("refused: {0}")]
    Refused(#[from] ReplayError),
    /// A request that breaks the store's rules (e.g. a rated game against the computer).
    #[error("invalid: {0}")]
    Invalid(String),
    /// The file is not an SQLite database (or the PostgreSQL database holds tables
    /// that are not boardbot's).
    #[error("{path} is not a boardbot database (not an SQLite file)")]
    NotADatabase {
        /// The file.
        path: PathBuf,
    },
    /// The file was made by a newer boardbot.
    #[error("the database has schema version {found}; this build knows up to {supported}: use a newer boardbot")]
    TooNew {
        /// The file's schema version.
        found: i64,
        /// The newest version this build knows.
        supported: i64,
    },
    /// The file or its folder cannot be written.
    #[error("the database is read-only: {0}")]
    ReadOnly(String),
    /// No room left on the disk: nothing of the failed write was kept.
    #[error("the disk is full: the last change was not saved")]
    DiskFull,
    /// The file cannot be opened or created.
    #[error("cannot open {path}: {message}")]
    CannotOpen {
        /// The file.
        path: PathBuf,
        /// What SQLite or the system said.
        message: String,
    },
    /// The database server does not answer (PostgreSQL down, restarting or out of
    /// connections); the same request may succeed a moment later.
    #[error("the database does not answer: {0}")]
    Unavailable(String),
    /// The database is not the kind this operation works on (a backup of a
    /// PostgreSQL database, which `pg_dump` makes).
    #[error("{0}")]
    Unsupported(String),
    /// Anything else: a bug or a broken file; the message is for the logs.
    #[error("internal storage error: {0}")]
    Internal(String),
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> Self {
        StoreError::Internal(format!("bad JSON in the database: {e}"))
    }
}
