//! Group commit: one thread owns the connection that writes.
//!
//! Callers send a job and block on its answer. The writer takes every job waiting,
//! runs each inside its own savepoint of one transaction (a job that fails rolls back
//! only its savepoint and gets its error), commits once — one fsync for the whole
//! batch — and only then answers every caller. While one commit is on its way to the
//! disk the next batch gathers, so throughput grows with the number of callers while
//! every acknowledged change is durable.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::error::StoreError;

/// Runs inside the writer's transaction (or not at all, given `None`, when the batch
/// already failed); gives its own error, if any, and how to answer its caller once the
/// commit's outcome is known.
type Job = Box<dyn FnOnce(Option<&Transaction>) -> (Result<(), StoreError>, Answer) + Send>;
type Answer = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// The most jobs one commit holds, so one batch cannot keep callers waiting forever.
const MAX_BATCH: usize = 512;

/// The handle of the writer thread; dropping it lets the thread finish its last batch
/// and stop.
pub(crate) struct Writer {
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// Starts the writer thread on `conn`.
    pub(crate) fn start(conn: Connection) -> Result<Writer, StoreError> {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("boardbot-store-writer".to_string())
            .spawn(move || run(conn, inbox))
            .map_err(|e| StoreError::Internal(format!("cannot start the writer thread: {e}")))?;
        Ok(Writer { jobs: Some(jobs), thread: Some(thread) })
    }

    /// Runs `f` in the next group commit and returns its result once the commit that
    /// holds it is on disk.
    pub(crate) fn write<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction) -> Result<T, StoreError> + Send + 'static,
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

impl Drop for Writer {
    fn drop(&mut self) {
        drop(self.jobs.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(mut conn: Connection, inbox: Receiver<Job>) {
    while let Ok(first) = inbox.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match inbox.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        commit_batch(&mut conn, batch);
    }
}

fn commit_batch(conn: &mut Connection, batch: Vec<Job>) {
    let mut answers: Vec<Answer> = Vec::with_capacity(batch.len());
    let mut jobs = batch.into_iter();
    let outcome = (|| {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        for job in jobs.by_ref() {
            tx.execute_batch("SAVEPOINT job")?;
            let (result, answer) = job(Some(&tx));
            answers.push(answer);
            // Some errors (a full disk, I/O) make SQLite roll back the whole
            // transaction by itself: then nothing of this batch is kept, and every
            // caller must hear so.
            if tx.is_autocommit() {
                return Err(result.err().unwrap_or_else(|| StoreError::Internal("transaction lost".to_string())));
            }
            if result.is_ok() {
                tx.execute_batch("RELEASE job")?;
            } else {
                tx.execute_batch("ROLLBACK TO job; RELEASE job")?;
            }
        }
        tx.commit()?;
        Ok(())
    })();
    // Jobs not run because the batch failed first.
    answers.extend(jobs.map(|job| job(None).1));
    for answer in answers {
        answer(outcome.clone());
    }
}
