//! The SQLite back end: one file, one writer thread that commits the changes of many
//! callers together (group commit, `writer.rs`) and answers each only once its change
//! is on disk, and a small pool of read connections that never wait for the writer
//! (WAL).

pub(crate) mod schema;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

use rusqlite::Connection;

pub use super::commits::WriterStats;
use super::error::StoreError;
use super::sql::Transaction;
pub use schema::{OpenOptions, MIGRATIONS, SCHEMA_VERSION};
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

/// An open SQLite database.
pub(crate) struct SqliteStore {
    path: PathBuf,
    // Dropped first: the last commits are answered before checkpoints stop.
    writer: Writer,
    checkpointer: Checkpointer,
    readers: Readers,
}

impl SqliteStore {
    /// Opens (or creates, with the latest schema) the database file at `path`.
    pub(crate) fn open(path: &Path, options: &OpenOptions) -> Result<SqliteStore, StoreError> {
        let conn = schema::open_writer(path, options)?;
        let mut wal = path.as_os_str().to_owned();
        wal.push("-wal");
        let wal = std::path::PathBuf::from(wal);
        let turns = writer::CheckpointTurns::new(writer::lock_file(path)?);
        let checkpointer = Checkpointer::start(
            schema::open_checkpointer(path)?,
            wal.clone(),
            Arc::clone(&turns),
            options.checkpoint_every,
        )?;
        let writer = Writer::start(conn, wal, turns)?;
        Ok(SqliteStore { path: path.to_path_buf(), writer, checkpointer, readers: Readers::default() })
    }

    /// The database file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` in a read transaction: one consistent snapshot, never blocked by the
    /// writer.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        self.with_reader(|conn| {
            let tx = conn.transaction()?;
            f(&Transaction::sqlite(&tx))
        })
    }

    /// Runs `f` on a pooled read connection without a transaction: for one
    /// statement, which is its own snapshot.
    pub(crate) fn read_once<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        self.with_reader(|conn| f(&Transaction::sqlite(conn)))
    }

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

    /// Runs `f` in the writer's next group commit; see [`crate::store::Store::write`].
    pub(crate) fn write<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction) -> Result<T, StoreError> + Send + 'static,
    {
        self.writer.write(f)
    }

    /// Empties the WAL into the database file; see [`Checkpointer::truncate`].
    pub(crate) fn truncate_wal(&self) -> Result<(), StoreError> {
        self.checkpointer.truncate()
    }

    /// What the writer has done so far.
    pub(crate) fn writer_stats(&self) -> WriterStats {
        self.writer.stats()
    }

    /// Copies the database to `dest` with SQLite's online backup, while the bot runs:
    /// the copy is one consistent snapshot. Written beside `dest` and renamed into
    /// place, so `dest` is either the old file or the whole copy.
    pub(crate) fn backup(&self, dest: &Path) -> Result<(), StoreError> {
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
}
