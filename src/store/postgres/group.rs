//! Group commit on PostgreSQL, for the changes of one statement that every `move`
//! request makes ([`super::PgStore::grouped`]).
//!
//! A transaction's commit is most of what a move costs the server: with `pgbench` on
//! this project's schema, moves committed ten to a transaction went 3.5 times as fast
//! as moves committed one by one (6,175/s against 1,739/s, 8 clients), and the
//! server's two cores, not its disk, were the limit. So, as the SQLite writer does,
//! callers hand their change to a committer thread and block; a committer takes every
//! change waiting, runs them in one transaction, commits once and only then answers
//! each caller. While one batch commits, the next gathers on another committer. A
//! change that finds nobody waiting beside it commits in a transaction of its own.
//! (It once ran outside any transaction, as if it were one statement; but a move
//! writes its row, its request's key, its events and its outbox rows, and run so,
//! each of those statements committed on its own: a second worker serving the same
//! interaction saw the move stored and its request not yet noted, or noted with no
//! answer kept, and a crash between them lost the move's messages. Issue #55.)
//!
//! **One winner per ply, no deadlock.** Each change locks the row of its game (an
//! `UPDATE … WHERE ply = $expected`). A batch holds at most one change per game, and
//! runs its changes in the order of their games' rows, so two batches (of this worker
//! or another) always lock rows in the same order and never wait on each other in a
//! circle. A second change for the same game waits for the next batch.
//!
//! **Failures.** A change that finds its game moved on gives its error and changed
//! nothing (that is the contract of a change of one statement, checked after), so the
//! batch goes on without it. A statement error aborts PostgreSQL's whole transaction:
//! then the batch is rolled back and every change in it runs again alone, in a
//! transaction of its own, as it would without grouping; so does every change of a
//! batch whose `COMMIT` got no answer (a change that did land is then found made:
//! [`StoreError::MovedOn`] for a move, as a lost answer to a lone commit gives).

use std::any::Any;
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Instant;

use super::Conns;
use crate::store::commits::{Counters, WriterStats};
use crate::store::error::StoreError;
use crate::store::sql::Transaction;

/// Committer threads per store: one commits while the next batch runs its changes.
const COMMITTERS: usize = 2;

/// The most changes one commit holds: the last caller of a batch waits for every
/// statement before its own.
const MAX_BATCH: usize = 64;

type Output = Box<dyn Any + Send>;
type Change = Box<dyn Fn(&Transaction<'_>) -> Result<Output, StoreError> + Send>;

/// A caller's change, waiting for a committer.
struct Job {
    /// The row the change locks (its game's).
    key: i64,
    change: Change,
    reply: mpsc::SyncSender<Result<Output, StoreError>>,
}

impl Job {
    /// Runs the change in `tx`; a panic is an error of its own.
    fn run(&self, tx: &Transaction<'_>) -> Result<Output, StoreError> {
        catch_unwind(AssertUnwindSafe(|| (self.change)(tx)))
            .unwrap_or_else(|_| Err(StoreError::Internal("a storage job panicked".to_string())))
    }

    fn answer(self, result: Result<Output, StoreError>) {
        // The caller may have gone; nobody is left to tell.
        let _ = self.reply.send(result);
    }
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    closing: bool,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    counters: Counters,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A committer never panics while holding the lock (the changes run outside
        // it), so a poisoned queue still holds consistent jobs.
        self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The next batch: every job waiting, up to [`MAX_BATCH`], one per key, in the
    /// order they came; `None` once the store closes and nothing is left.
    fn take(&self) -> Option<Vec<Job>> {
        let mut queue = self.lock();
        while queue.jobs.is_empty() {
            if queue.closing {
                return None;
            }
            queue = self.ready.wait(queue).unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        let mut batch: Vec<Job> = Vec::new();
        let mut left = VecDeque::new();
        while let Some(job) = queue.jobs.pop_front() {
            if batch.len() < MAX_BATCH && !batch.iter().any(|b| b.key == job.key) {
                batch.push(job);
            } else {
                left.push_back(job);
            }
        }
        queue.jobs = left;
        if !queue.jobs.is_empty() {
            self.ready.notify_one();
        }
        Some(batch)
    }
}

/// The committer threads of a store; dropping it lets them finish what is queued and
/// stop.
pub(crate) struct Group {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl Group {
    /// Starts the committers, each taking connections from `conns`.
    pub(crate) fn start(conns: &Conns) -> Result<Group, StoreError> {
        let shared = Arc::new(Shared::default());
        let mut group = Group { shared: Arc::clone(&shared), threads: Vec::new() };
        for i in 0..COMMITTERS {
            let (shared, conns) = (Arc::clone(&shared), conns.clone());
            let thread = std::thread::Builder::new()
                .name(format!("boardbot-store-commit-{i}"))
                .spawn(move || {
                    while let Some(batch) = shared.take() {
                        commit(&conns, batch, &shared);
                    }
                })
                .map_err(|e| StoreError::Internal(format!("cannot start a committer thread: {e}")))?;
            group.threads.push(thread);
        }
        Ok(group)
    }

    /// Runs `change`, which locks the row `key` and makes its change in one statement
    /// (an error from it means nothing was changed), in the next group commit; returns
    /// its result once that commit is on the server's disk.
    pub(crate) fn run<T, F>(&self, key: i64, change: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Fn(&Transaction<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        let (reply, answer) = mpsc::sync_channel(1);
        let change: Change = Box::new(move |tx| change(tx).map(|value| Box::new(value) as Output));
        {
            let mut queue = self.shared.lock();
            if queue.closing {
                return Err(StoreError::Internal("the store is closing".to_string()));
            }
            queue.jobs.push_back(Job { key, change, reply });
        }
        self.shared.ready.notify_one();
        let stopped = || StoreError::Internal("the committer threads have stopped".to_string());
        let output = answer.recv().map_err(|_| stopped())??;
        output
            .downcast::<T>()
            .map(|value| *value)
            .map_err(|_| StoreError::Internal("a committed change answered with another type".to_string()))
    }

    /// What the committers have done so far.
    pub(crate) fn stats(&self) -> WriterStats {
        self.shared.counters.stats()
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.shared.lock().closing = true;
        self.shared.ready.notify_all();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Runs `job` in a transaction of its own and commits it: all its statements land
/// together or none does. A failed statement rolls it back.
fn by_itself(conns: &Conns, job: &Job) -> Result<Output, StoreError> {
    let mut conn = conns.begin("BEGIN")?;
    let (result, failed) = {
        let tx = Transaction::postgres(&mut conn);
        let result = job.run(&tx);
        (result, tx.failed())
    };
    match (result, failed) {
        (Ok(value), false) => match conn.batch("COMMIT") {
            Ok(()) => Ok(value),
            Err(e) => Err(e.into()),
        },
        (Ok(_), true) => {
            super::PgStore::rollback(&mut conn);
            Err(StoreError::Internal("a statement failed inside a change that went on regardless".to_string()))
        }
        (Err(e), _) => {
            super::PgStore::rollback(&mut conn);
            Err(e)
        }
    }
}

/// Runs one batch and answers its callers.
fn commit(conns: &Conns, mut batch: Vec<Job>, shared: &Shared) {
    let started = Instant::now();
    let size = batch.len();
    if size == 1 {
        // Nobody to share the commit with: the change commits by itself.
        for job in batch {
            let result = by_itself(conns, &job);
            job.answer(result);
        }
        shared.counters.batch(size, started.elapsed());
        return;
    }
    batch.sort_by_key(|job| job.key);
    let mut conn = match conns.begin("BEGIN") {
        Ok(conn) => conn,
        Err(e) => {
            for job in batch {
                job.answer(Err(e.clone()));
            }
            shared.counters.batch(size, started.elapsed());
            return;
        }
    };
    // Changes made in the batch, to be answered after the commit; and the changes to
    // run alone when the batch cannot be kept.
    let mut made: Vec<(Job, Output)> = Vec::with_capacity(batch.len());
    let mut alone: Vec<Job> = Vec::new();
    {
        let tx = Transaction::postgres(&mut conn);
        let mut jobs = batch.into_iter();
        while let Some(job) = jobs.next() {
            let result = job.run(&tx);
            match result {
                Ok(value) if !tx.failed() => made.push((job, value)),
                // It changed nothing (see `Group::run`): its error is its answer.
                Err(e) if !tx.failed() => job.answer(Err(e)),
                // A statement failed: PostgreSQL has aborted the whole transaction.
                _ => {
                    alone.push(job);
                    alone.extend(jobs.by_ref());
                }
            }
        }
    }
    let committing = Instant::now();
    let committed = alone.is_empty() && conn.batch("COMMIT").is_ok();
    shared.counters.committing(committing.elapsed());
    if committed {
        for (job, value) in made {
            job.answer(Ok(value));
        }
    } else {
        super::PgStore::rollback(&mut conn);
        drop(conn);
        alone.splice(0..0, made.into_iter().map(|(job, _)| job));
        for job in alone {
            let result = by_itself(conns, &job);
            job.answer(result);
        }
    }
    shared.counters.batch(size, started.elapsed());
}
