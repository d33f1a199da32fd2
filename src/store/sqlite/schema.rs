//! The SQLite schema (the files in `migrations/`) and how a connection is opened.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};
use rusqlite_migration::{Migrations, M};

use crate::store::error::StoreError;

const MIGRATION_LIST: &[M<'static>] = &[
    M::up(include_str!("../../../migrations/001_init.sql")),
    M::up(include_str!("../../../migrations/002_first_mover_and_takeback.sql")),
    M::up(include_str!("../../../migrations/003_outbox_claims.sql")),
    M::up(include_str!("../../../migrations/004_clocks.sql")),
    M::up(include_str!("../../../migrations/005_message_actions.sql")),
    M::up(include_str!("../../../migrations/006_leases.sql")),
    M::up(include_str!("../../../migrations/007_languages.sql")),
    M::up(include_str!("../../../migrations/008_outbox_priority_and_send_key.sql")),
    M::up(include_str!("../../../migrations/009_takebacks_and_computer_seats.sql")),
    M::up(include_str!("../../../migrations/010_events_and_requests.sql")),
    M::up(include_str!("../../../migrations/011_web_links.sql")),
    M::up(include_str!("../../../migrations/012_reviews.sql")),
    M::up(include_str!("../../../migrations/013_tournaments.sql")),
    M::up(include_str!("../../../migrations/014_outbox_lanes.sql")),
    M::up(include_str!("../../../migrations/015_web_sessions.sql")),
    M::up(include_str!("../../../migrations/016_premoves.sql")),
    M::up(include_str!("../../../migrations/017_puzzles.sql")),
];

/// The migrations, applied in order when a database opens. Append-only.
pub const MIGRATIONS: Migrations<'static> = Migrations::from_slice(MIGRATION_LIST);

/// The schema version this build creates and understands (SQLite's `user_version`).
pub const SCHEMA_VERSION: i64 = MIGRATION_LIST.len() as i64;

/// Marks a file as boardbot's (SQLite's `application_id`), so a foreign SQLite file is
/// refused instead of getting our tables added to it.
const APPLICATION_ID: i32 = 0x4B55_4241;

/// The most the WAL file keeps once a checkpoint has copied it all back (SQLite's
/// `journal_size_limit`): a large batch may grow it further, but not keep it grown.
pub(crate) const JOURNAL_SIZE_LIMIT: i64 = 4 * 1024 * 1024;

/// How long a connection waits for another's lock before giving up.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Options of [`crate::store::Store::open_with`]; the defaults are what the bot uses.
#[derive(Clone, Debug, Default)]
pub struct OpenOptions {
    /// Caps the file at this many pages (SQLite's `max_page_count`): a full disk
    /// made to order, for tests.
    pub max_page_count: Option<u64>,
    /// How often the checkpoint thread copies the WAL into the file; `None` is the
    /// bot's pace (every half second, every 50 ms past 4 MB of WAL). Tests give
    /// `Some(Duration::ZERO)`, checkpoints back to back, to press on the moment a
    /// commit and a checkpoint meet.
    pub checkpoint_every: Option<Duration>,
}

fn cannot_open(path: &Path, e: impl std::fmt::Display) -> StoreError {
    StoreError::CannotOpen { path: path.to_path_buf(), message: e.to_string() }
}

fn classify(path: &Path, e: rusqlite::Error) -> StoreError {
    match StoreError::from(e) {
        StoreError::NotADatabase { .. } => StoreError::NotADatabase { path: path.to_path_buf() },
        StoreError::Internal(m) => cannot_open(path, m),
        other => other,
    }
}

fn set_common_pragmas(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Opens the connection that writes: checks the file, sets the PRAGMAs (WAL,
/// `synchronous=FULL`, foreign keys, busy timeout) and brings the schema to the latest
/// version. A file that is refused is left untouched.
pub(crate) fn open_writer(path: &Path, options: &OpenOptions) -> Result<Connection, StoreError> {
    let existed = path.exists();
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut conn = Connection::open_with_flags(path, flags).map_err(|e| cannot_open(path, e))?;
    set_common_pragmas(&conn).map_err(|e| classify(path, e))?;
    // Reading the header is what tells a foreign file apart; nothing is written before.
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(|e| classify(path, e))?;
    let app: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0)).map_err(|e| classify(path, e))?;
    let tables: i64 =
        conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0)).map_err(|e| classify(path, e))?;
    if app != APPLICATION_ID && (app != 0 || tables > 0) {
        return Err(StoreError::NotADatabase { path: path.to_path_buf() });
    }
    if version > SCHEMA_VERSION {
        return Err(StoreError::TooNew { found: version, supported: SCHEMA_VERSION });
    }
    if existed && conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true) {
        return Err(StoreError::ReadOnly(path.display().to_string()));
    }
    let mode: String =
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0)).map_err(|e| classify(path, e))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(cannot_open(path, format!("cannot switch to WAL (journal mode stays {mode})")));
    }
    // An acknowledged move must survive a power loss, not only a crash of the process.
    conn.pragma_update(None, "synchronous", "FULL").map_err(|e| classify(path, e))?;
    // Checkpoints run on their own thread (`Checkpointer`), not inside a commit that
    // callers wait for.
    conn.pragma_update(None, "wal_autocheckpoint", 0).map_err(|e| classify(path, e))?;
    // The writer restarts the WAL after a full checkpoint: it then cuts the file back.
    conn.pragma_update(None, "journal_size_limit", JOURNAL_SIZE_LIMIT).map_err(|e| classify(path, e))?;
    if let Some(pages) = options.max_page_count {
        conn.pragma_update(None, "max_page_count", pages).map_err(|e| classify(path, e))?;
    }
    if app == 0 {
        conn.pragma_update(None, "application_id", APPLICATION_ID).map_err(|e| classify(path, e))?;
    }
    MIGRATIONS.to_latest(&mut conn).map_err(|e| match e {
        rusqlite_migration::Error::RusqliteError { err, .. } => classify(path, err),
        other => cannot_open(path, other),
    })?;
    Ok(conn)
}

/// Opens the connection that copies the WAL back into the database file.
pub(crate) fn open_checkpointer(path: &Path) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| cannot_open(path, e))?;
    set_common_pragmas(&conn).map_err(|e| classify(path, e))?;
    conn.pragma_update(None, "synchronous", "FULL").map_err(|e| classify(path, e))?;
    conn.pragma_update(None, "journal_size_limit", JOURNAL_SIZE_LIMIT).map_err(|e| classify(path, e))?;
    Ok(conn)
}

/// Opens a connection that only reads (a `query_only` guard against mistakes).
pub(crate) fn open_reader(path: &Path) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| cannot_open(path, e))?;
    set_common_pragmas(&conn).map_err(|e| classify(path, e))?;
    conn.pragma_update(None, "query_only", "ON").map_err(|e| classify(path, e))?;
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(MIGRATIONS.validate().is_ok());
    }
}
