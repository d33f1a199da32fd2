//! What group commit has done: the counters the SQLite writer and PostgreSQL's
//! committers keep, read as [`WriterStats`].

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// What the group commits have done since the store opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriterStats {
    /// Transactions committed (or failed): one fsync each.
    pub commits: u64,
    /// Jobs run; `jobs / commits` is the mean batch.
    pub jobs: u64,
    /// Time spent running batches and committing them, in microseconds.
    pub busy_micros: u64,
    /// Of which committing (the fsync), in microseconds.
    pub commit_micros: u64,
    /// The most jobs one commit held.
    pub largest_batch: u64,
}

/// The counters behind [`WriterStats`], shared by the threads that commit.
#[derive(Default)]
pub(crate) struct Counters {
    commits: AtomicU64,
    jobs: AtomicU64,
    busy_micros: AtomicU64,
    commit_micros: AtomicU64,
    largest_batch: AtomicU64,
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

impl Counters {
    /// Counts a batch of `jobs` that took `busy`, its commit included.
    pub(crate) fn batch(&self, jobs: usize, busy: Duration) {
        let jobs = jobs as u64;
        self.commits.fetch_add(1, Ordering::Relaxed);
        self.jobs.fetch_add(jobs, Ordering::Relaxed);
        self.busy_micros.fetch_add(micros(busy), Ordering::Relaxed);
        self.largest_batch.fetch_max(jobs, Ordering::Relaxed);
    }

    /// Counts the time a commit took.
    pub(crate) fn committing(&self, took: Duration) {
        self.commit_micros.fetch_add(micros(took), Ordering::Relaxed);
    }

    /// The counters so far.
    pub(crate) fn stats(&self) -> WriterStats {
        WriterStats {
            commits: self.commits.load(Ordering::Relaxed),
            jobs: self.jobs.load(Ordering::Relaxed),
            busy_micros: self.busy_micros.load(Ordering::Relaxed),
            commit_micros: self.commit_micros.load(Ordering::Relaxed),
            largest_batch: self.largest_batch.load(Ordering::Relaxed),
        }
    }
}
