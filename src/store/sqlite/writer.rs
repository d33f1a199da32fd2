//! Group commit: one thread owns the connection that writes.
//!
//! Callers send a job and block on its answer. The writer takes every job waiting,
//! runs each inside its own savepoint of one transaction (a job that fails rolls back
//! only its savepoint and gets its error), commits once — one fsync for the whole
//! batch — and only then answers every caller. While one commit is on its way to the
//! disk the next batch gathers, so throughput grows with the number of callers while
//! every acknowledged change is durable.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rusqlite::{Connection, TransactionBehavior};

use crate::store::commits::{Counters, WriterStats};
use crate::store::error::StoreError;
use crate::store::sql::Transaction;

/// Runs inside the writer's transaction (or not at all, given `None`, when the batch
/// already failed); gives its own error, if any, and how to answer its caller once the
/// commit's outcome is known.
type Job = Box<dyn FnOnce(Option<&Transaction<'_>>) -> (Result<(), StoreError>, Answer) + Send>;
type Answer = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// The most jobs one commit holds, so one batch cannot keep callers waiting forever.
const MAX_BATCH: usize = 512;

/// The handle of the writer thread; dropping it lets the thread finish its last batch
/// and stop.
pub(crate) struct Writer {
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
    stats: Arc<Counters>,
}

impl Writer {
    /// Starts the writer thread on `conn`.
    /// `wal` is the database's WAL file, which the writer empties itself when the
    /// checkpoint thread could not keep it small.
    /// `turns` is shared with the [`Checkpointer`].
    pub(crate) fn start(
        conn: Connection,
        wal: std::path::PathBuf,
        turns: Arc<CheckpointTurns>,
    ) -> Result<Writer, StoreError> {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let stats = Arc::new(Counters::default());
        let thread = std::thread::Builder::new()
            .name("boardbot-store-writer".to_string())
            .spawn({
                let stats = Arc::clone(&stats);
                move || run(conn, inbox, &stats, &wal, &turns)
            })
            .map_err(|e| StoreError::Internal(format!("cannot start the writer thread: {e}")))?;
        Ok(Writer { jobs: Some(jobs), thread: Some(thread), stats })
    }

    /// Runs `f` in the next group commit and returns its result once the commit that
    /// holds it is on disk.
    pub(crate) fn write<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        let (reply, answer) = mpsc::sync_channel::<Result<T, StoreError>>(1);
        let job: Job = Box::new(move |tx| {
            let result = match tx {
                Some(tx) => match catch_unwind(AssertUnwindSafe(|| f(tx))) {
                    Ok(r) => r,
                    Err(_) => Err(StoreError::Internal("a storage job panicked".to_string())),
                },
                None => Err(StoreError::Internal("not run".to_string())),
            };
            let ok = result.as_ref().map(|_| ()).map_err(Clone::clone);
            let answer: Answer = Box::new(move |commit| {
                // The caller may have gone; nobody is left to tell.
                let _ = reply.send(commit.and(result));
            });
            (ok, answer)
        });
        let stopped = || StoreError::Internal("the storage writer has stopped".to_string());
        self.jobs.as_ref().ok_or_else(stopped)?.send(job).map_err(|_| stopped())?;
        answer.recv().map_err(|_| stopped())?
    }
}

impl Writer {
    /// The counters so far.
    pub(crate) fn stats(&self) -> WriterStats {
        self.stats.stats()
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        drop(self.jobs.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(mut conn: Connection, inbox: Receiver<Job>, stats: &Counters, wal: &std::path::Path, turns: &CheckpointTurns) {
    while let Ok(first) = inbox.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match inbox.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let jobs = batch.len();
        let started = Instant::now();
        commit_batch(&mut conn, batch, stats, turns);
        stats.batch(jobs, started.elapsed());
        // Under a steady stream of reads the WAL only starts over when it is emptied,
        // and emptying it takes the write lock. The checkpoint thread did that once
        // and lost the lock to this thread, which takes it again at once between
        // batches: on a loaded machine the WAL reached 32 MB while it waited (holding
        // the checkpoint lock all along). So the writer empties it itself, past the
        // bound, between two batches (their callers have had their answers; only the
        // next batch waits, for the readers of older snapshots, which are short). A
        // failure loses nothing: the WAL keeps the data and the next batch tries again.
        if std::fs::metadata(wal).is_ok_and(|m| m.len() > WAL_BOUND) {
            if let Err(e) = truncate(&conn, turns) {
                tracing::debug!("the writer could not empty the WAL: {e}");
            }
        }
    }
}

fn commit_batch(conn: &mut Connection, batch: Vec<Job>, stats: &Counters, turns: &CheckpointTurns) {
    let mut answers: Vec<Answer> = Vec::with_capacity(batch.len());
    let mut jobs = batch.into_iter();
    // No checkpoint runs while this transaction does (see [`CheckpointTurns`]).
    let turn = turns.take();
    let outcome = (|| {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        for job in jobs.by_ref() {
            // Cached: parsing these three statements for every job showed in profiles.
            tx.prepare_cached("SAVEPOINT job")?.execute([])?;
            let (result, answer) = job(Some(&Transaction::sqlite(&tx)));
            answers.push(answer);
            // Some errors (a full disk, I/O) make SQLite roll back the whole
            // transaction by itself: then nothing of this batch is kept, and every
            // caller must hear so.
            if tx.is_autocommit() {
                return Err(result.err().unwrap_or_else(|| StoreError::Internal("transaction lost".to_string())));
            }
            if result.is_err() {
                tx.prepare_cached("ROLLBACK TO job")?.execute([])?;
            }
            tx.prepare_cached("RELEASE job")?.execute([])?;
        }
        let committing = Instant::now();
        let committed = tx.commit();
        stats.committing(committing.elapsed());
        committed?;
        Ok(())
    })();
    drop(turn);
    // Jobs not run because the batch failed first.
    answers.extend(jobs.map(|job| job(None).1));
    for answer in answers {
        answer(outcome.clone());
    }
}

/// How often the checkpoint thread looks at the WAL's size (a `stat`, cheap): past
/// [`WAL_BOUND`] it copies at every look, so that the writer's emptying finds little
/// left to copy.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// How many looks make one passive checkpoint (every half second).
const LOOKS_PER_CHECKPOINT: u32 = 10;

/// The size past which the writer empties the WAL file between two batches (and the
/// checkpoint thread copies it at every look).
const WAL_BOUND: u64 = 4 * 1024 * 1024;

/// What the checkpoint thread is asked for besides its passive checkpoints: a
/// `TRUNCATE` checkpoint, answered when done.
type TruncateRequest = mpsc::SyncSender<Result<(), StoreError>>;

/// Copies the WAL into the database file from its own thread, so that the fsyncs of a
/// checkpoint never sit inside a commit that callers wait for (the writer's automatic
/// checkpoints are off); it runs while the writer is idle, and a batch that comes
/// meanwhile waits for its end ([`CheckpointTurns`]). Passive: it never blocks a
/// reader. On request
/// ([`Checkpointer::truncate`], after a large batch) it copies everything and empties
/// the WAL file, which would otherwise keep the size the batch gave it.
pub(crate) struct Checkpointer {
    requests: Option<Sender<TruncateRequest>>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts the checkpoint thread on `conn`, the connection of the database whose
    /// WAL file is `wal`.
    /// `turns` is shared with the [`Writer`].
    /// `every`, when given, replaces the pace of its passive checkpoints (tests).
    pub(crate) fn start(
        conn: Connection,
        wal: std::path::PathBuf,
        turns: Arc<CheckpointTurns>,
        every: Option<Duration>,
    ) -> Result<Checkpointer, StoreError> {
        let (look_every, looks_per_checkpoint) = match every {
            Some(every) => (every, 1),
            None => (LOOK_EVERY, LOOKS_PER_CHECKPOINT),
        };
        let (requests, inbox) = mpsc::channel::<TruncateRequest>();
        let thread = std::thread::Builder::new()
            .name("boardbot-store-checkpoint".to_string())
            .spawn(move || {
                let mut looks = 0u32;
                loop {
                    match inbox.recv_timeout(look_every) {
                        Err(RecvTimeoutError::Timeout) => {
                            looks += 1;
                            // A passive checkpoint copies what no reader still needs and
                            // never waits. Past the bound it runs at every look, so that
                            // the writer, which empties the WAL past the bound between two
                            // batches, finds little left to copy.
                            let grown = std::fs::metadata(&wal).is_ok_and(|m| m.len() > WAL_BOUND);
                            if grown || looks >= looks_per_checkpoint {
                                looks = 0;
                                let _turn = turns.take();
                                let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                            }
                        }
                        Ok(answer) => {
                            let _ = answer.send(truncate(&conn, &turns));
                        }
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
            })
            .map_err(|e| StoreError::Internal(format!("cannot start the checkpoint thread: {e}")))?;
        Ok(Checkpointer { requests: Some(requests), thread: Some(thread) })
    }

    /// Copies the whole WAL into the database file and truncates the WAL to zero
    /// bytes; returns when done. New writes wait meanwhile (up to the busy timeout),
    /// so this is for after a large batch, not after every commit. A reader holding an
    /// old snapshot past the busy timeout makes it give up: the WAL is then emptied at
    /// a later checkpoint, and `journal_size_limit` bounds what it keeps.
    pub(crate) fn truncate(&self) -> Result<(), StoreError> {
        let stopped = || StoreError::Internal("the checkpoint thread has stopped".to_string());
        let (answer, done) = mpsc::sync_channel(1);
        self.requests.as_ref().ok_or_else(stopped)?.send(answer).map_err(|_| stopped())?;
        done.recv().map_err(|_| stopped())?
    }
}

/// Takes turns between the writer's transactions and the checkpoints, the writer's
/// and the checkpoint thread's, in this process and in every other process on the
/// same database.
///
/// Between two checkpoints: SQLite answers "busy" at once, without waiting, to a
/// checkpoint that starts while another runs, so an emptying of the WAL asked for
/// after a sweep failed whenever the other thread was copying (a test saw the WAL at
/// 5.6 MB after 5,000 expiries).
///
/// Between a checkpoint and a commit: SQLite up to 3.51.2 has a race there, the
/// "WAL-reset bug" (<https://sqlite.org/wal.html#walresetbug>, fixed in 3.51.3; we
/// link 3.50.2, the version matrix-sdk 0.18 allows, and matrix-sdk 0.19 needs a newer
/// Rust than ours: drop this part of the turn with that upgrade). A commit that
/// restarts the WAL from its start while a checkpoint on another connection begins
/// leaves that checkpoint's old frame count in the shared index as "copied": until
/// the WAL grows past it, every new reader reads the database file and misses what
/// was committed since (the writer's own cache still has it), and the checkpoint
/// that then skips those frames loses them for good. That was the pooled reader of
/// #54 that did not see a review just queued; a probe on this machine (a commit loop,
/// back-to-back passive checkpoints on a second connection, two readers) showed missed
/// rows and then "database disk image is malformed" within 40 s on 3.50.2, none on
/// 3.53.2 nor with a lock taken around each commit and each checkpoint.
///
/// Other processes (`boardbot web --db` or `db backup` beside the bot, a second
/// terminal) have connections of their own, so the turn is also a lock on a file
/// beside the database (`<database>-lock`, see [`lock_file`]), taken after the
/// process's own mutex (a file lock is held by the open file, not by a thread), for
/// as long as a connection waits for SQLite's locks at most.
/// SQLite's `FULL` checkpoint, which holds SQLite's write lock, would not do: with
/// the write lock busy it falls back to a passive one, the racing kind. The cost: a
/// batch that falls during a checkpoint waits for it (one copy and two fsyncs, every
/// half second at most), and two system calls per batch.
pub(crate) struct CheckpointTurns {
    here: std::sync::Mutex<()>,
    file: std::fs::File,
}

/// A turn taken: the process's mutex and the file lock (`None` when it could not be
/// had), both let go on drop.
pub(crate) struct Turn<'a> {
    _here: std::sync::MutexGuard<'a, ()>,
    file: Option<&'a std::fs::File>,
}

impl CheckpointTurns {
    /// The turns of the database whose lock file is `file` (opened by [`lock_file`]).
    pub(crate) fn new(file: std::fs::File) -> Arc<CheckpointTurns> {
        Arc::new(CheckpointTurns { here: std::sync::Mutex::new(()), file })
    }

    /// Waits for the turn: at once within this process, within the busy timeout of
    /// every connection for another process's.
    pub(crate) fn take(&self) -> Turn<'_> {
        // A poisoned lock guards nothing of ours: the data is SQLite's.
        let here = self.here.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let since = Instant::now();
        let locked = loop {
            match self.file.try_lock() {
                Ok(()) => break true,
                Err(std::fs::TryLockError::WouldBlock) if since.elapsed() < super::schema::BUSY_TIMEOUT => {
                    std::thread::sleep(Duration::from_micros(200));
                }
                // Going on unlocked risks only the race across processes, which is
                // rare; a process stopped while holding the lock must not stop this
                // one's commits (SQLite's own locks still order them).
                Err(e) => {
                    tracing::warn!("the database's lock file stays locked or cannot be locked, going on: {e}");
                    break false;
                }
            }
        };
        Turn { _here: here, file: locked.then_some(&self.file) }
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        if let Some(file) = self.file {
            let _ = file.unlock();
        }
    }
}

/// Opens (or creates, empty) the lock file of the database at `path`: `path` with
/// `-lock` added, beside the `-wal` and `-shm` files. Its content is never read.
pub(crate) fn lock_file(path: &std::path::Path) -> Result<std::fs::File, StoreError> {
    let mut name = path.as_os_str().to_owned();
    name.push("-lock");
    let lock = std::path::PathBuf::from(name);
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock)
        .map_err(|e| StoreError::CannotOpen { path: lock, message: e.to_string() })
}

/// A `TRUNCATE` checkpoint on `conn`, in its turn.
fn truncate(conn: &Connection, turns: &CheckpointTurns) -> Result<(), StoreError> {
    let _turn = turns.take();
    // (busy, frames in the WAL, frames copied); busy = 1 when it could not finish.
    let (busy, log, copied): (i64, i64, i64) =
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    if busy != 0 {
        return Err(StoreError::Internal(format!("the WAL could not be emptied: {copied} of {log} frames copied")));
    }
    Ok(())
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.requests.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Another open of the lock file stands for another process: the turn waits for
    /// it, and holds it off in its turn.
    #[test]
    fn a_turn_is_taken_in_every_process_on_the_database() {
        let dir = std::env::temp_dir().join(format!("boardbot-turns-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let db = dir.join("db.sqlite");
        let turns = CheckpointTurns::new(lock_file(&db).expect("the lock file"));
        let other = lock_file(&db).expect("the lock file, opened again");
        other.lock().expect("the other process's lock");
        let (taken, heard) = mpsc::channel();
        let waiting = {
            let turns = Arc::clone(&turns);
            std::thread::spawn(move || {
                let _turn = turns.take();
                let _ = taken.send(());
            })
        };
        assert!(heard.recv_timeout(Duration::from_millis(300)).is_err(), "the turn waits for the other process");
        other.unlock().expect("unlock");
        heard.recv().expect("the turn, once the other process let go");
        waiting.join().expect("the waiting thread");
        let turn = turns.take();
        assert!(matches!(other.try_lock(), Err(std::fs::TryLockError::WouldBlock)), "held off during the turn");
        drop(turn);
        other.try_lock().expect("free after the turn");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
