//! What an operator watches: counters and histograms of one process, in Prometheus'
//! text format.
//!
//! The service counts what it does (moves stored, their latency, the computer's queue
//! and think time, requests by outcome); the adapters add the requests that never
//! reach the service (a bad signature, a body that does not parse) with
//! [`Metrics::request`]. Each service has a registry of its own (no global recorder),
//! so several services in one process, as in the tests, never mix their figures.
//!
//! Built on the `prometheus` crate without its default features: an explicit registry
//! and the text encoder, no protobuf and no HTTP server of its own (the adapters serve
//! `/metrics` beside their own endpoints).

use std::time::Duration;

use prometheus::{Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, Opts, Registry, TextEncoder};

use crate::store::WriterStats;

/// What became of a request, as counted in `boardbot_requests_total{outcome=…}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The service did what was asked.
    Answered,
    /// The service refused (a rule, a permission, a game that moved on).
    Refused,
    /// The service failed (a database error; the person got an apology).
    Failed,
    /// The adapter refused it before the service: a missing or wrong signature.
    Unauthorized,
    /// The adapter could not read it (a body that is not an interaction).
    Malformed,
}

impl Outcome {
    /// The label value.
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
            Outcome::Unauthorized => "unauthorized",
            Outcome::Malformed => "malformed",
        }
    }
}

/// Who made a stored move, as counted in `boardbot_moves_stored_total{by=…}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// A person (a request).
    Person,
    /// The computer.
    Computer,
    /// The clocks (a seat leaving on time).
    Clock,
    /// A person's conditional move, played when the move before matched their line.
    Conditional,
}

impl Mover {
    fn label(self) -> &'static str {
        match self {
            Mover::Person => "person",
            Mover::Computer => "computer",
            Mover::Clock => "clock",
            Mover::Conditional => "conditional",
        }
    }
}

/// The figures of one service.
pub struct Metrics {
    registry: Registry,
    moves: IntCounterVec,
    move_seconds: Histogram,
    requests: IntCounterVec,
    think_seconds: Histogram,
    computer_queue: IntGauge,
    outbox_depth: IntGauge,
    leases_held: IntCounterVec,
    commits: IntCounter,
    committed: IntCounter,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

/// Buckets of the move latency, in seconds: from well under one fsync to a slow
/// database.
const MOVE_BUCKETS: [f64; 14] =
    [0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1.024, 2.048, 4.096];

/// Buckets of the computer's think time, in seconds: the random player to the
/// strongest levels.
const THINK_BUCKETS: [f64; 12] = [0.001, 0.004, 0.016, 0.064, 0.128, 0.256, 0.512, 1.0, 2.0, 4.0, 8.0, 16.0];

impl Metrics {
    /// A fresh set of figures, all zero. Fails only if a metric's constant name were
    /// malformed (the unit test shows that at once).
    pub fn new() -> Result<Metrics, prometheus::Error> {
        let registry = Registry::new();
        let moves = IntCounterVec::new(
            Opts::new("boardbot_moves_stored_total", "Moves stored durably, by who made them"),
            &["by"],
        )?;
        let move_seconds = Histogram::with_opts(
            HistogramOpts::new(
                "boardbot_move_seconds",
                "Time from a move's request to its durable commit (moves that were stored)",
            )
            .buckets(MOVE_BUCKETS.to_vec()),
        )?;
        let requests = IntCounterVec::new(
            Opts::new("boardbot_requests_total", "Requests from people, by what became of them"),
            &["outcome"],
        )?;
        let think_seconds = Histogram::with_opts(
            HistogramOpts::new("boardbot_computer_think_seconds", "Time the computer thought about one move")
                .buckets(THINK_BUCKETS.to_vec()),
        )?;
        let computer_queue =
            IntGauge::new("boardbot_computer_queue", "Games waiting for (or being played by) this process's computer")?;
        let outbox_depth = IntGauge::new(
            "boardbot_outbox_depth",
            "Messages the service produced on its own and no adapter has delivered yet (the whole database)",
        )?;
        let leases_held = IntCounterVec::new(
            Opts::new(
                "boardbot_lease_takeovers_total",
                "Times this process took a singleton's lease (the clocks, the computer) that it did not hold",
            ),
            &["lease"],
        )?;
        let commits = IntCounter::new(
            "boardbot_store_commits_total",
            "Group commits of this process's store (SQLite: every write; PostgreSQL: the moves of move requests)",
        )?;
        let committed = IntCounter::new(
            "boardbot_store_grouped_writes_total",
            "Writes the group commits held (divided by the commits: the mean batch)",
        )?;
        let metrics = Metrics {
            registry,
            moves,
            move_seconds,
            requests,
            think_seconds,
            computer_queue,
            outbox_depth,
            leases_held,
            commits,
            committed,
        };
        let collectors: [Box<dyn prometheus::core::Collector>; 9] = [
            Box::new(metrics.moves.clone()),
            Box::new(metrics.move_seconds.clone()),
            Box::new(metrics.requests.clone()),
            Box::new(metrics.think_seconds.clone()),
            Box::new(metrics.computer_queue.clone()),
            Box::new(metrics.outbox_depth.clone()),
            Box::new(metrics.leases_held.clone()),
            Box::new(metrics.commits.clone()),
            Box::new(metrics.committed.clone()),
        ];
        for c in collectors {
            metrics.registry.register(c)?;
        }
        // Every outcome and mover shows from the start (at 0), so a rate over them is
        // defined before the first of each happens.
        for o in [Outcome::Answered, Outcome::Refused, Outcome::Failed, Outcome::Unauthorized, Outcome::Malformed] {
            metrics.requests.with_label_values(&[o.label()]);
        }
        for m in [Mover::Person, Mover::Computer, Mover::Clock] {
            metrics.moves.with_label_values(&[m.label()]);
        }
        Ok(metrics)
    }

    /// Counts a request by its outcome.
    pub fn request(&self, outcome: Outcome) {
        self.requests.with_label_values(&[outcome.label()]).inc();
    }

    /// Counts a move stored by `by`.
    pub(crate) fn move_stored(&self, by: Mover) {
        self.moves.with_label_values(&[by.label()]).inc();
    }

    /// Records how long a stored move took, request to commit.
    pub(crate) fn move_latency(&self, took: Duration) {
        self.move_seconds.observe(took.as_secs_f64());
    }

    /// Records how long the computer thought.
    pub(crate) fn think(&self, took: Duration) {
        self.think_seconds.observe(took.as_secs_f64());
    }

    /// Counts a lease taken over.
    pub(crate) fn took_lease(&self, name: &str) {
        self.leases_held.with_label_values(&[name]).inc();
    }

    /// The figures in Prometheus' text format, with the gauges read now: `queue` games
    /// for the computer, `outbox` undelivered messages (`None` when the database did
    /// not answer: the last figure stays), `writer` the store's group commits so far.
    pub(crate) fn render(&self, queue: usize, outbox: Option<i64>, writer: WriterStats) -> String {
        self.computer_queue.set(i64::try_from(queue).unwrap_or(i64::MAX));
        // The store counts on its own; the counters catch up (they never go back).
        self.commits.inc_by(writer.commits.saturating_sub(self.commits.get()));
        self.committed.inc_by(writer.jobs.saturating_sub(self.committed.get()));
        if let Some(depth) = outbox {
            self.outbox_depth.set(depth);
        }
        let families = self.registry.gather();
        TextEncoder::new().encode_to_string(&families).unwrap_or_else(|e| {
            tracing::error!("the metrics cannot be written: {e}");
            String::new()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_read_in_prometheus_text_format() {
        let m = Metrics::new().expect("the metrics");
        m.request(Outcome::Refused);
        m.request(Outcome::Answered);
        m.request(Outcome::Answered);
        m.move_stored(Mover::Person);
        m.move_latency(Duration::from_millis(3));
        m.think(Duration::from_millis(20));
        let writer = WriterStats { commits: 3, jobs: 10, ..WriterStats::default() };
        let text = m.render(4, Some(7), writer);
        assert!(text.contains("boardbot_requests_total{outcome=\"answered\"} 2"), "{text}");
        assert!(text.contains("boardbot_requests_total{outcome=\"refused\"} 1"), "{text}");
        assert!(text.contains("boardbot_requests_total{outcome=\"unauthorized\"} 0"), "{text}");
        assert!(text.contains("boardbot_moves_stored_total{by=\"person\"} 1"), "{text}");
        assert!(text.contains("boardbot_move_seconds_bucket{le=\"0.004\"} 1"), "{text}");
        assert!(text.contains("boardbot_move_seconds_bucket{le=\"0.002\"} 0"), "{text}");
        assert!(text.contains("boardbot_computer_think_seconds_count 1"), "{text}");
        assert!(text.contains("boardbot_computer_queue 4"), "{text}");
        assert!(text.contains("boardbot_outbox_depth 7"), "{text}");
        assert!(text.contains("boardbot_store_commits_total 3"), "{text}");
        assert!(text.contains("boardbot_store_grouped_writes_total 10"), "{text}");
        // A database that does not answer keeps the last depth; the commits catch up.
        let later = WriterStats { commits: 5, jobs: 30, ..writer };
        let text = m.render(0, None, later);
        assert!(text.contains("boardbot_outbox_depth 7"), "{text}");
        assert!(text.contains("boardbot_store_commits_total 5"), "{text}");
        assert!(text.contains("boardbot_store_grouped_writes_total 30"), "{text}");
    }
}
