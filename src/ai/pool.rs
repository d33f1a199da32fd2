//! The computer's workers: a fixed pool of threads that think for every game, away
//! from the threads that serve people.
//!
//! A [`Job`] is one move to find: who it is for (its owner, the player), when it
//! became due, the full think time of its level, and a closure that searches and
//! plays, given a [`Grant`] with the share of the budget it may spend.
//!
//! **Fair.** Each owner's jobs wait in the order they became due, and the owners
//! take turns: the next job is the first of the owner whose turn it is, and an
//! owner with more waiting goes to the back of the line. One player's thousand
//! jobs therefore delay another player's job by at most one of theirs per worker.
//!
//! **On time.** When more jobs wait than there are workers, budgets shrink so that
//! every job is answered within [`PROMISE`] times its level's full budget from
//! when it became due. As a worker takes a job it estimates, in the order the
//! pool will serve them, when each waiting job would start if all of them thought
//! at scale `s`: the jobs ahead of it, shared among the workers, plus what the
//! running jobs have left; the scale is the largest `s` (at most 1, at least
//! [`MIN_SCALE`]) with which every waiting job finishes within [`PLAN`] times its
//! budget, a margin under the promise for the work around a search. With as many
//! workers as jobs the scale is 1 and a level plays exactly at full strength.
//!
//! **Repeatable.** [`PoolConfig::deterministic`] grants every job its full budget
//! whatever the load, and [`Pool::wait_until_idle`] returns once nothing waits
//! or runs: with a seed per game, scripted tests see the same moves every time.
//!
//! **Behind people.** The workers run at a lower scheduling priority than the
//! threads that serve people ([`WORKER_NICE`] on Linux): with every worker
//! thinking, a person's command still gets a core almost at once, and the
//! searches only lose the moments that command takes.
//!
//! **Background work below games.** A job is of a [`Class`]: a move for a person's
//! game, or [`Class::Background`] work that nobody waits for at the board (a
//! review of a finished game). A background job starts only when no person's job
//! waits, and at most all workers but one run background jobs at once (one, with a
//! single worker), so a computer move that falls due finds a free worker unless
//! other moves hold them all. Background work is meant to come in short jobs (a
//! review searches one position per job and queues the next): with a single
//! worker, that is the most a move can wait behind it. Background jobs take turns
//! between their owners like the others, and never enter the plan that shrinks
//! people's budgets, beyond the time the ones running have left.
//!
//! A job that panics is counted ([`PoolStats::panicked`]) and its worker goes on.
//! Dropping the pool lets the running jobs finish, drops the waiting ones and
//! joins the workers.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use super::MIN_SCALE;

/// A job is answered within this many times its level's full budget from when it
/// became due, whatever the load (as long as the load leaves [`MIN_SCALE`] enough).
pub const PROMISE: f64 = 2.0;

/// What the pool plans for, a margin under [`PROMISE`]: the search's own overshoot
/// and the work around it (storing the move, drawing the board).
pub const PLAN: f64 = 1.7;

/// The nice value the workers give themselves on Linux (the threads serving people
/// stay at 0): at 10, a thread at 0 weighs about ten times a worker for the
/// kernel's scheduler, so a person's command runs nearly at full speed beside
/// busy workers, while the workers still use every idle core.
pub const WORKER_NICE: i32 = 10;

/// How many finished jobs [`PoolStats::recent`] keeps.
pub const RECENT: usize = 512;

/// How a pool is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolConfig {
    /// Worker threads, at least 1.
    pub workers: usize,
    /// Shrink budgets when more jobs wait than workers; `false` grants every job
    /// its full budget (scripted tests).
    pub adaptive: bool,
}

impl PoolConfig {
    /// `workers` threads that shrink budgets under load.
    pub fn new(workers: usize) -> PoolConfig {
        PoolConfig { workers: workers.max(1), adaptive: true }
    }

    /// `workers` threads that always grant the full budget, for repeatable tests.
    pub fn deterministic(workers: usize) -> PoolConfig {
        PoolConfig { workers: workers.max(1), adaptive: false }
    }
}

/// The number of workers when none is configured: the machine's cores.
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// What a job is granted when a worker takes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grant {
    /// The share of the level's budget to spend, in [`MIN_SCALE`]`..=1`; pass it
    /// on as [`super::MoveRequest::scale`].
    pub scale: f64,
    /// How long the job waited, from when it became due until now.
    pub waited: Duration,
    /// Jobs still waiting behind it.
    pub queued: usize,
}

/// Whom a job serves: people waiting for a move, or nobody at the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Class {
    /// A move (or an answer) in a game people are playing.
    #[default]
    Person,
    /// Work that waits for every person's job (a review of a finished game).
    Background,
}

impl Class {
    fn index(self) -> usize {
        match self {
            Class::Person => 0,
            Class::Background => 1,
        }
    }
}

/// One move to find.
pub struct Job<K> {
    /// Who the move is for (a player): owners take turns.
    pub owner: K,
    /// When the move became due: the order within an owner, and the start of the
    /// promise.
    pub due: Instant,
    /// The level's full think time ([`super::Level::full_budget`]).
    pub budget: Duration,
    /// Searches and plays the move with the budget granted.
    pub run: Box<dyn FnOnce(Grant) + Send + 'static>,
    /// Whom it serves.
    pub class: Class,
}

impl<K> Job<K> {
    /// A job for `owner`, due at `due`, for a level that thinks `budget` at most.
    pub fn new(owner: K, due: Instant, budget: Duration, run: impl FnOnce(Grant) + Send + 'static) -> Job<K> {
        Job { owner, due, budget, run: Box::new(run), class: Class::Person }
    }

    /// A [`Class::Background`] job for `owner` that takes about `budget`; it is
    /// always granted its whole budget (nobody waits for it at the board).
    pub fn background(owner: K, budget: Duration, run: impl FnOnce(Grant) + Send + 'static) -> Job<K> {
        Job { owner, due: Instant::now(), budget, run: Box::new(run), class: Class::Background }
    }
}

impl<K: std::fmt::Debug> std::fmt::Debug for Job<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("owner", &self.owner)
            .field("due", &self.due)
            .field("budget", &self.budget)
            .field("class", &self.class)
            .finish()
    }
}

/// Why a job was not taken.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// The pool is shutting down.
    #[error("the computer's workers have stopped")]
    Closed,
    /// The system refused a thread.
    #[error("cannot start a worker thread of the computer: {0}")]
    Spawn(String),
}

/// How one finished job went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JobTiming {
    /// From due to start.
    pub waited: Duration,
    /// From start to end.
    pub thought: Duration,
    /// The level's full budget.
    pub budget: Duration,
    /// The scale granted.
    pub scale: f64,
}

impl JobTiming {
    /// From due to the end: what the player waited for the move.
    pub fn total(&self) -> Duration {
        self.waited + self.thought
    }
}

/// The pool's figures, for metrics and measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolStats {
    /// Worker threads.
    pub workers: usize,
    /// Jobs waiting for a worker (the queue's length).
    pub waiting: usize,
    /// Jobs being run.
    pub running: usize,
    /// Owners with jobs waiting.
    pub owners_waiting: usize,
    /// The longest the queue has been.
    pub peak_waiting: usize,
    /// Jobs taken since the pool started.
    pub submitted: u64,
    /// Jobs finished (panicked ones included).
    pub done: u64,
    /// Jobs whose closure panicked.
    pub panicked: u64,
    /// Jobs granted less than their full budget.
    pub shrunk: u64,
    /// Jobs that ended later than [`PROMISE`] times their budget after being due
    /// (this and the times below count people's jobs only, not [`Class::Background`]).
    pub late: u64,
    /// Time spent waiting, all finished jobs together.
    pub waited: Duration,
    /// Time spent thinking, all finished jobs together.
    pub thought: Duration,
    /// The last [`RECENT`] finished jobs, oldest first.
    pub recent: Vec<JobTiming>,
}

impl PoolStats {
    /// The figures of a pool that has done nothing yet.
    fn empty(workers: usize) -> PoolStats {
        PoolStats {
            workers,
            waiting: 0,
            running: 0,
            owners_waiting: 0,
            peak_waiting: 0,
            submitted: 0,
            done: 0,
            panicked: 0,
            shrunk: 0,
            late: 0,
            waited: Duration::ZERO,
            thought: Duration::ZERO,
            recent: Vec::new(),
        }
    }
}

/// A job in the queue.
struct Queued {
    due: Instant,
    budget: Duration,
    run: Box<dyn FnOnce(Grant) + Send + 'static>,
}

/// A job being run: when it started, how long it may think and whom it serves.
#[derive(Clone, Copy)]
struct Running {
    started: Instant,
    planned: Duration,
    class: Class,
}

/// The waiting jobs of one [`Class`], owners taking turns.
struct Lane<K> {
    /// Each owner's waiting jobs, earliest due first.
    queues: HashMap<K, VecDeque<Queued>>,
    /// Owners with waiting jobs, whose turn is next first.
    turns: VecDeque<K>,
    waiting: usize,
}

impl<K> Default for Lane<K> {
    fn default() -> Self {
        Lane { queues: HashMap::new(), turns: VecDeque::new(), waiting: 0 }
    }
}

struct State<K> {
    /// People's jobs, then background jobs ([`Class::index`]).
    lanes: [Lane<K>; 2],
    /// One slot per worker.
    running: Vec<Option<Running>>,
    closed: bool,
    stats: PoolStats,
}

struct Shared<K> {
    state: Mutex<State<K>>,
    /// Signalled when a job arrives or the pool closes.
    work: Condvar,
    /// Signalled when the pool becomes idle.
    idle: Condvar,
    config: PoolConfig,
}

/// The computer's workers. `K` is the owner's key (a player id).
pub struct Pool<K: Eq + Hash + Clone + Send + 'static> {
    shared: Arc<Shared<K>>,
    threads: Vec<JoinHandle<()>>,
}

impl<K: Eq + Hash + Clone + Send + 'static> std::fmt::Debug for Pool<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("config", &self.shared.config).finish()
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> Shared<K> {
    fn lock(&self) -> MutexGuard<'_, State<K>> {
        // No code panics while holding the lock (jobs run outside it), so a
        // poisoned lock still holds a consistent state.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> Lane<K> {
    /// Takes the next job: the first of the owner whose turn it is.
    fn pop(&mut self) -> Option<Queued> {
        while let Some(owner) = self.turns.pop_front() {
            let Some(queue) = self.queues.get_mut(&owner) else { continue };
            let Some(job) = queue.pop_front() else {
                self.queues.remove(&owner);
                continue;
            };
            if queue.is_empty() {
                self.queues.remove(&owner);
            } else {
                self.turns.push_back(owner);
            }
            self.waiting -= 1;
            return Some(job);
        }
        None
    }

    /// Queues `job` behind its owner's earlier-due ones.
    fn push(&mut self, owner: K, job: Queued) {
        match self.queues.get_mut(&owner) {
            Some(queue) => {
                let at = queue.partition_point(|q| q.due <= job.due);
                queue.insert(at, job);
            }
            None => {
                self.queues.insert(owner.clone(), VecDeque::from([job]));
                self.turns.push_back(owner);
            }
        }
        self.waiting += 1;
    }

    /// Drops every waiting job, handing them back.
    fn clear(&mut self) -> HashMap<K, VecDeque<Queued>> {
        self.turns.clear();
        self.waiting = 0;
        std::mem::take(&mut self.queues)
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> State<K> {
    /// Jobs waiting, of every class.
    fn waiting(&self) -> usize {
        self.lanes.iter().map(|l| l.waiting).sum()
    }

    /// The most background jobs that may run at once: every worker but one, and at
    /// least one.
    fn background_slots(&self) -> usize {
        self.running.len().saturating_sub(1).max(1)
    }

    /// Takes the next job, with its class and the jobs left waiting: a person's
    /// first; a background job only when no person's waits and a background slot is
    /// free.
    fn pop(&mut self) -> Option<(Queued, Class, usize)> {
        let background = self.running.iter().flatten().filter(|r| r.class == Class::Background).count();
        let (job, class) = match self.lanes[0].pop() {
            Some(job) => (job, Class::Person),
            None if background < self.background_slots() => (self.lanes[1].pop()?, Class::Background),
            None => return None,
        };
        Some((job, class, self.waiting()))
    }

    /// The waiting people's jobs' (due, budget) in the order they will be served.
    fn service_order(&self) -> Vec<(Instant, Duration)> {
        let people = &self.lanes[Class::Person.index()];
        let mut lanes: Vec<&VecDeque<Queued>> = people.turns.iter().filter_map(|o| people.queues.get(o)).collect();
        let mut out = Vec::with_capacity(people.waiting);
        let mut round = 0;
        while !lanes.is_empty() {
            for lane in &lanes {
                if let Some(j) = lane.get(round) {
                    out.push((j.due, j.budget));
                }
            }
            round += 1;
            lanes.retain(|lane| lane.len() > round);
        }
        out
    }

    /// The scale for a job due at `due` with `budget`, taken now by worker `slot`
    /// (see the module's documentation).
    fn scale(&self, slot: usize, due: Instant, budget: Duration, now: Instant, workers: usize) -> f64 {
        let w = workers as f64;
        let secs = |t: Instant| {
            if t >= now {
                t.duration_since(now).as_secs_f64()
            } else {
                -now.duration_since(t).as_secs_f64()
            }
        };
        let left: f64 = self
            .running
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != slot)
            .filter_map(|(_, r)| *r)
            .map(|r| (r.started + r.planned).saturating_duration_since(now).as_secs_f64())
            .sum();
        let own = budget.as_secs_f64().max(1e-3);
        let mut scale = (secs(due) + PLAN * own) / own;
        let mut ahead = own;
        for (due_k, budget_k) in self.service_order() {
            let b = budget_k.as_secs_f64().max(1e-3);
            let slack = secs(due_k) + PLAN * b - left / w;
            scale = scale.min(slack / (ahead / w + b));
            ahead += b;
        }
        if scale.is_nan() {
            1.0
        } else {
            scale.clamp(MIN_SCALE, 1.0)
        }
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> Pool<K> {
    /// Starts the workers.
    pub fn start(config: PoolConfig) -> Result<Pool<K>, PoolError> {
        let workers = config.workers.max(1);
        let config = PoolConfig { workers, ..config };
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                lanes: [Lane::default(), Lane::default()],
                running: vec![None; workers],
                closed: false,
                stats: PoolStats::empty(workers),
            }),
            work: Condvar::new(),
            idle: Condvar::new(),
            config,
        });
        let mut pool = Pool { shared, threads: Vec::with_capacity(workers) };
        for slot in 0..workers {
            let shared = Arc::clone(&pool.shared);
            let handle = std::thread::Builder::new()
                .name(format!("computer-{slot}"))
                .spawn(move || work(&shared, slot))
                .map_err(|e| PoolError::Spawn(e.to_string()))?;
            pool.threads.push(handle);
        }
        Ok(pool)
    }

    /// The pool's setup.
    pub fn config(&self) -> PoolConfig {
        self.shared.config
    }

    /// Queues a job behind its owner's earlier-due ones.
    pub fn submit(&self, job: Job<K>) -> Result<(), PoolError> {
        {
            let mut guard = self.shared.lock();
            let state = &mut *guard;
            if state.closed {
                return Err(PoolError::Closed);
            }
            let queued = Queued { due: job.due, budget: job.budget, run: job.run };
            state.lanes[job.class.index()].push(job.owner, queued);
            state.stats.submitted += 1;
            state.stats.peak_waiting = state.stats.peak_waiting.max(state.waiting());
        }
        // A background job may be refused by the first worker woken (its slots are
        // taken) while another could run a person's: wake them all then.
        self.shared.work.notify_all();
        Ok(())
    }

    /// The pool's figures now.
    pub fn stats(&self) -> PoolStats {
        let state = self.shared.lock();
        let mut stats = state.stats.clone();
        stats.waiting = state.waiting();
        stats.running = state.running.iter().flatten().count();
        stats.owners_waiting = state.lanes.iter().map(|l| l.queues.len()).sum();
        stats
    }

    /// Blocks until no job waits or runs (jobs submitted by running jobs included).
    /// Never call it from a job: the job itself keeps the pool busy.
    pub fn wait_until_idle(&self) {
        let mut state = self.shared.lock();
        while state.waiting() > 0 || state.running.iter().any(Option::is_some) {
            state = self.shared.idle.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Like [`Pool::wait_until_idle`], giving up after `timeout`; true when idle.
    pub fn wait_until_idle_for(&self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        let mut state = self.shared.lock();
        while state.waiting() > 0 || state.running.iter().any(Option::is_some) {
            let now = Instant::now();
            if now >= end {
                return false;
            }
            state = self.shared.idle.wait_timeout(state, end - now).map_or_else(|e| e.into_inner().0, |(s, _)| s);
        }
        true
    }
}

/// Lowers the calling thread's priority to [`WORKER_NICE`]; a failure (a sandbox
/// that forbids it) is logged and the worker runs at normal priority.
fn lower_priority() {
    // On Linux the nice value is a thread's own, and `PRIO_PROCESS` with a thread id
    // sets that thread's alone.
    #[cfg(target_os = "linux")]
    if let Err(error) = rustix::process::setpriority_process(Some(rustix::thread::gettid()), WORKER_NICE) {
        tracing::warn!(%error, "the computer's worker keeps normal priority");
    }
}

/// A worker's loop: take the next job, grant it a scale, run it, record it.
fn work<K: Eq + Hash + Clone + Send + 'static>(shared: &Shared<K>, slot: usize) {
    lower_priority();
    loop {
        let (job, class, grant) = {
            let mut state = shared.lock();
            let (job, class, queued) = loop {
                if state.closed {
                    return;
                }
                if let Some(next) = state.pop() {
                    break next;
                }
                state = shared.work.wait(state).unwrap_or_else(|e| e.into_inner());
            };
            let now = Instant::now();
            let scale = if shared.config.adaptive && class == Class::Person {
                state.scale(slot, job.due, job.budget, now, shared.config.workers)
            } else {
                1.0
            };
            state.running[slot] = Some(Running { started: now, planned: job.budget.mul_f64(scale), class });
            let waited = now.saturating_duration_since(job.due);
            (job, class, Grant { scale, waited, queued })
        };
        let started = Instant::now();
        let budget = job.budget;
        let run = job.run;
        let panicked = catch_unwind(AssertUnwindSafe(move || run(grant))).is_err();
        let thought = started.elapsed();
        let mut state = shared.lock();
        state.running[slot] = None;
        if class == Class::Background && state.lanes[Class::Background.index()].waiting > 0 {
            // A background slot is free again: a worker that refused the next one
            // may take it now.
            shared.work.notify_all();
        }
        let timing = JobTiming { waited: grant.waited, thought, budget, scale: grant.scale };
        let stats = &mut state.stats;
        stats.done += 1;
        stats.panicked += u64::from(panicked);
        // The promise and the think times are about moves: background work waits by
        // design and would only blur them.
        if class == Class::Person {
            stats.shrunk += u64::from(grant.scale < 1.0);
            stats.late += u64::from(timing.total().as_secs_f64() > PROMISE * budget.as_secs_f64());
            stats.waited += grant.waited;
            stats.thought += thought;
            if stats.recent.len() == RECENT {
                stats.recent.remove(0);
            }
            stats.recent.push(timing);
        }
        let idle = state.waiting() == 0 && state.running.iter().all(Option::is_none);
        drop(state);
        if idle {
            shared.idle.notify_all();
        }
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> Drop for Pool<K> {
    fn drop(&mut self) {
        let dropped = {
            let mut state = self.shared.lock();
            state.closed = true;
            let [people, background] = &mut state.lanes;
            (people.clear(), background.clear())
        };
        // The waiting jobs' closures are dropped outside the lock: what they hold
        // may run code of its own when dropped.
        drop(dropped);
        self.shared.work.notify_all();
        self.shared.idle.notify_all();
        let me = std::thread::current().id();
        for handle in self.threads.drain(..) {
            // The last owner of the pool may be a job on one of its own workers:
            // that thread ends by itself once the job returns.
            if handle.thread().id() != me {
                let _ = handle.join();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// A job that reports its owner and index, then waits for `gate` to open.
    fn gated(
        owner: u32,
        index: u32,
        due: Instant,
        done: mpsc::Sender<(u32, u32, Grant)>,
        gate: Arc<(Mutex<bool>, Condvar)>,
    ) -> Job<u32> {
        Job::new(owner, due, Duration::from_millis(100), move |grant| {
            let _ = done.send((owner, index, grant));
            let (open, cv) = &*gate;
            let mut o = open.lock().unwrap_or_else(|e| e.into_inner());
            while !*o {
                o = cv.wait(o).unwrap_or_else(|e| e.into_inner());
            }
        })
    }

    fn open(gate: &(Mutex<bool>, Condvar)) {
        *gate.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        gate.1.notify_all();
    }

    #[test]
    fn owners_take_turns_and_each_owner_is_served_in_due_order() {
        let pool: Pool<u32> = Pool::start(PoolConfig::deterministic(1)).expect("pool");
        let (tx, rx) = mpsc::channel();
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let t0 = Instant::now();
        // A blocker holds the one worker while the queue fills.
        pool.submit(gated(9, 0, t0, tx.clone(), Arc::clone(&gate))).expect("submit");
        assert_eq!(rx.recv().map(|(o, i, _)| (o, i)), Ok((9, 0)));
        // Owner 1 submits a thousand jobs, in reverse due order; then owner 2 one.
        for i in (0..1_000u32).rev() {
            let due = t0 + Duration::from_millis(u64::from(i));
            pool.submit(gated(1, i, due, tx.clone(), Arc::clone(&gate))).expect("submit");
        }
        pool.submit(gated(2, 0, t0 + Duration::from_secs(5), tx.clone(), Arc::clone(&gate))).expect("submit");
        let stats = pool.stats();
        assert_eq!((stats.waiting, stats.running, stats.owners_waiting), (1_001, 1, 2));
        open(&gate);
        pool.wait_until_idle();
        let order: Vec<(u32, u32)> = rx.try_iter().map(|(o, i, _)| (o, i)).collect();
        assert_eq!(order.len(), 1_001);
        // Owner 2 comes second: one of owner 1's jobs, then its own.
        assert_eq!(&order[..3], &[(1, 0), (2, 0), (1, 1)]);
        let ones: Vec<u32> = order.iter().filter(|(o, _)| *o == 1).map(|(_, i)| *i).collect();
        assert_eq!(ones, (0..1_000).collect::<Vec<_>>(), "owner 1's jobs in due order");
        let stats = pool.stats();
        assert_eq!((stats.done, stats.waiting, stats.running, stats.peak_waiting), (1_002, 0, 0, 1_001));
        assert_eq!(stats.recent.len(), RECENT);
    }

    #[test]
    fn a_deterministic_pool_grants_the_full_budget_under_any_load() {
        let pool: Pool<u32> = Pool::start(PoolConfig::deterministic(1)).expect("pool");
        let (tx, rx) = mpsc::channel();
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let past = Instant::now().checked_sub(Duration::from_secs(60)).unwrap_or_else(Instant::now);
        for i in 0..50 {
            pool.submit(gated(i % 3, i, past, tx.clone(), Arc::clone(&gate))).expect("submit");
        }
        open(&gate);
        pool.wait_until_idle();
        let grants: Vec<Grant> = rx.try_iter().map(|(_, _, g)| g).collect();
        assert_eq!(grants.len(), 50);
        assert!(grants.iter().all(|g| g.scale == 1.0));
        assert_eq!(pool.stats().shrunk, 0);
    }

    #[test]
    fn an_adaptive_pool_shrinks_budgets_as_far_as_the_queue_needs() {
        // The scale is computed from the queue as it stands; the jobs are held at
        // the gate so the queue cannot move while the grants are made.
        let pool: Pool<u32> = Pool::start(PoolConfig::new(1)).expect("pool");
        let (tx, rx) = mpsc::channel();
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let now = Instant::now();
        pool.submit(gated(0, 0, now, tx.clone(), Arc::clone(&gate))).expect("submit");
        let (_, _, alone) = rx.recv().expect("the first job starts");
        assert_eq!(alone.scale, 1.0, "one job on one worker keeps its whole budget");
        for i in 1..=20 {
            pool.submit(gated(i, i, now, tx.clone(), Arc::clone(&gate))).expect("submit");
        }
        open(&gate);
        pool.wait_until_idle();
        let grants: Vec<Grant> = rx.try_iter().map(|(_, _, g)| g).collect();
        assert_eq!(grants.len(), 20);
        // Twenty jobs of 100 ms due now on one worker cannot all keep 170 ms each:
        // the first is granted about 170 / (20 × 100) of its budget.
        let first = grants[0].scale;
        assert!((MIN_SCALE..0.2).contains(&first), "{first}");
        assert!(grants.iter().all(|g| (MIN_SCALE..=1.0).contains(&g.scale)));
        assert!(pool.stats().shrunk >= 1);
    }

    #[test]
    fn the_scale_follows_the_plan() {
        let now = Instant::now();
        let budget = Duration::from_secs(1);
        let mut state: State<u32> = State {
            lanes: [Lane::default(), Lane::default()],
            running: vec![None, None],
            closed: false,
            stats: PoolStats::empty(2),
        };
        // Nothing else waits: the full budget.
        assert_eq!(state.scale(0, now, budget, now, 2), 1.0);
        // Nineteen more jobs of 1 s due now on two workers: the last starts after
        // 19 scaled budgets shared by two and must end by 1.7 s: s = 1.7 / 10.5.
        for owner in 1..20u32 {
            state.lanes[0].push(owner, Queued { due: now, budget, run: Box::new(|_| ()) });
        }
        let s = state.scale(0, now, budget, now, 2);
        assert!((s - 1.7 / 10.5).abs() < 1e-9, "{s}");
        // Long overdue: the floor.
        let late = now.checked_sub(Duration::from_secs(100)).unwrap_or(now);
        assert_eq!(state.scale(0, late, budget, now, 2), MIN_SCALE);
    }

    #[test]
    fn a_panicking_job_is_counted_and_the_worker_goes_on() {
        let pool: Pool<&'static str> = Pool::start(PoolConfig::deterministic(1)).expect("pool");
        let (tx, rx) = mpsc::channel();
        pool.submit(Job::new("a", Instant::now(), Duration::from_millis(10), |_| panic!("a bug in a job")))
            .expect("submit");
        pool.submit(Job::new("b", Instant::now(), Duration::from_millis(10), move |_| {
            let _ = tx.send(());
        }))
        .expect("submit");
        pool.wait_until_idle();
        assert_eq!(rx.try_iter().count(), 1);
        let stats = pool.stats();
        assert_eq!((stats.done, stats.panicked), (2, 1));
        assert!(pool.wait_until_idle_for(Duration::from_millis(1)));
    }

    #[test]
    fn a_job_may_queue_another_and_idle_waits_for_both() {
        let pool: Arc<Pool<u8>> = Arc::new(Pool::start(PoolConfig::deterministic(2)).expect("pool"));
        let (tx, rx) = mpsc::channel();
        let again = Arc::downgrade(&pool);
        pool.submit(Job::new(1, Instant::now(), Duration::from_millis(10), move |_| {
            if let Some(pool) = again.upgrade() {
                let tx = tx.clone();
                let _ = pool.submit(Job::new(1, Instant::now(), Duration::from_millis(10), move |_| {
                    let _ = tx.send("second");
                }));
            }
        }))
        .expect("submit");
        pool.wait_until_idle();
        assert_eq!(rx.try_iter().collect::<Vec<_>>(), vec!["second"]);
    }

    /// A background job that reports its index, then waits for `gate` to open.
    fn background(
        owner: u32,
        index: u32,
        done: mpsc::Sender<(u32, u32, Grant)>,
        gate: Arc<(Mutex<bool>, Condvar)>,
    ) -> Job<u32> {
        let Job { run, .. } = gated(owner, index, Instant::now(), done, gate);
        Job::background(owner, Duration::from_millis(100), run)
    }

    #[test]
    fn background_jobs_wait_for_every_persons_job() {
        let pool: Pool<u32> = Pool::start(PoolConfig::deterministic(1)).expect("pool");
        let (tx, rx) = mpsc::channel();
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let t0 = Instant::now();
        pool.submit(gated(9, 0, t0, tx.clone(), Arc::clone(&gate))).expect("submit");
        assert_eq!(rx.recv().map(|(o, i, _)| (o, i)), Ok((9, 0)));
        // Background work queued first, then people's moves: the moves go first.
        for i in 0..3 {
            pool.submit(background(5, 100 + i, tx.clone(), Arc::clone(&gate))).expect("submit");
        }
        for i in 1..=3 {
            pool.submit(gated(i, i, t0, tx.clone(), Arc::clone(&gate))).expect("submit");
        }
        open(&gate);
        pool.wait_until_idle();
        let order: Vec<u32> = rx.try_iter().map(|(_, i, _)| i).collect();
        assert_eq!(order, vec![1, 2, 3, 100, 101, 102]);
        let grants = pool.stats();
        assert_eq!((grants.done, grants.recent.len()), (7, 4), "background jobs stay out of the moves' timings");
    }

    #[test]
    fn background_jobs_leave_a_worker_for_people() {
        let pool: Pool<u32> = Pool::start(PoolConfig::new(2)).expect("pool");
        let (tx, rx) = mpsc::channel();
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        for i in 0..3 {
            pool.submit(background(5, 100 + i, tx.clone(), Arc::clone(&gate))).expect("submit");
        }
        assert_eq!(rx.recv().map(|(_, i, _)| i), Ok(100));
        // One background job runs; the others wait although a worker is idle.
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
        assert_eq!((pool.stats().running, pool.stats().waiting), (1, 2));
        // A person's move starts at once on the worker left free, at full budget.
        let due = Instant::now();
        pool.submit(gated(1, 1, due, tx.clone(), Arc::clone(&gate))).expect("submit");
        let (_, index, grant) = rx.recv_timeout(Duration::from_secs(5)).expect("the move starts");
        assert_eq!(index, 1);
        assert!(grant.waited < Duration::from_millis(100), "{:?}", grant.waited);
        assert_eq!(grant.scale, 1.0);
        open(&gate);
        pool.wait_until_idle();
        assert_eq!(rx.try_iter().map(|(_, i, _)| i).collect::<Vec<_>>(), vec![101, 102]);
    }

    #[test]
    fn a_dropped_pool_refuses_nothing_it_has_not_been_given_and_stops() {
        let pool: Pool<u8> = Pool::start(PoolConfig::new(0)).expect("pool");
        assert_eq!(pool.config().workers, 1, "at least one worker");
        assert!(default_workers() >= 1);
        drop(pool);
    }
}
