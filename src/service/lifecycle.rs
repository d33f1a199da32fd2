//! The service's life: its options, starting it (the threads it runs and what a
//! restart resumes), stopping it, waiting until it is idle, what an operator asks of
//! it running (health, figures), and its housekeeping (waking who waits after a
//! change, taking over what gone processes held, the computer's lease).

use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use super::{
    clocks, computer, dispatcher, leases, metrics, outbox, process, puzzles, reviews, AnalysisOptions, Clock,
    ClockOptions, ComputerOptions, Inner, LeaseOptions, Service, SystemClock,
};
use crate::ai::PoolStats;
use crate::lang::Lang;
use crate::store::{GameRecord, Store, StoreError};

/// Options of the service.
#[derive(Clone, Debug)]
pub struct ServiceOptions {
    /// The width of board pictures in pixels.
    pub picture_px: u32,
    /// Reminders, challenge expiry and vacations.
    pub clocks: ClockOptions,
    /// Whether a thread runs the clocks' events as they fall due. Scripted sessions
    /// turn it off and move time with [`Service::run_due`] alone, so their output
    /// never depends on how fast the machine is.
    pub scheduler: bool,
    /// The language when neither the reader nor the community chose one and the
    /// platform reports none (`[chat] language`).
    pub language: Lang,
    /// The computer's workers and limits.
    pub computer: ComputerOptions,
    /// The most open challenges one player may have made (`[limits]
    /// open_challenges_per_player`).
    pub open_challenges_per_player: u32,
    /// How the clocks and the computer are shared by several processes on one
    /// PostgreSQL database (unused on SQLite).
    pub leases: LeaseOptions,
    /// The address the web pages are reached at (`[web] public_url`, or `http://ADDR`
    /// of `[web] listen` or `--web`); `None`: this bot serves no web pages.
    pub web_url: Option<String>,
    /// `web_url` is `[web] public_url`, an address people reach from anywhere (not
    /// the listening address): Discord fetches the boards there and links to it.
    pub web_public: bool,
    /// How the computer reviews finished games (`[analysis]`).
    pub analysis: AnalysisOptions,
}

impl Default for ServiceOptions {
    fn default() -> Self {
        ServiceOptions {
            picture_px: 512,
            clocks: ClockOptions::default(),
            scheduler: true,
            language: Lang::En,
            computer: ComputerOptions::default(),
            open_challenges_per_player: 20,
            leases: LeaseOptions::default(),
            web_url: None,
            web_public: false,
            analysis: AnalysisOptions::default(),
        }
    }
}

/// Game changes kept for a slow listener of [`Service::game_changes`] before it lags.
const GAMES_CHANGED_KEPT: usize = 256;

impl Drop for Inner {
    fn drop(&mut self) {
        self.schedule.stop();
        self.events_bell.stop();
        // Its claims may be taken over at once by a service started after it.
        self.process.end();
    }
}

impl Service {
    /// Starts the service on `store`: the computer's workers begin, and every game
    /// where the computer is to move is queued (a restart loses no game).
    pub fn start(store: Store, clock: Arc<dyn Clock>, options: ServiceOptions) -> Result<Service, StoreError> {
        let computer = computer::Computer::start(options.computer).map_err(|e| StoreError::Internal(e.to_string()))?;
        let metrics =
            metrics::Metrics::new().map_err(|e| StoreError::Internal(format!("cannot set up the metrics: {e}")))?;
        let process = process::Process::start();
        let leases = leases::Leases::new(process.name(), store.shared(), options.leases.clone());
        let inner = Arc::new_cyclic(|me| Inner {
            me: me.clone(),
            process,
            events_bell: Arc::new(dispatcher::Bell::default()),
            takeover: Mutex::new(None),
            store,
            clock,
            options,
            computer,
            wake: outbox::Wake::default(),
            schedule: Arc::new(clocks::Schedule::default()),
            metrics,
            leases,
            reviews: reviews::Reviews::default(),
            puzzles: puzzles::Scans::default(),
            games_changed: tokio::sync::broadcast::channel(GAMES_CHANGED_KEPT).0,
            outlet: tokio::sync::watch::channel(0).0,
        });
        if inner.options.scheduler {
            let weak = Arc::downgrade(&inner);
            std::thread::Builder::new()
                .name("clocks".to_string())
                .spawn(move || clocks::work(weak))
                .map_err(|e| StoreError::Internal(format!("cannot start the clocks' thread: {e}")))?;
        }
        // What processes gone since left claimed or held is taken over now, not when
        // their leases run out: a restart resumes at once.
        inner.take_over_gone();
        {
            let weak = Arc::downgrade(&inner);
            std::thread::Builder::new()
                .name("events".to_string())
                .spawn(move || dispatcher::work(weak))
                .map_err(|e| StoreError::Internal(format!("cannot start the events' thread: {e}")))?;
        }
        if inner.leases.shared() {
            let weak = Arc::downgrade(&inner);
            std::thread::Builder::new()
                .name("computer-lease".to_string())
                .spawn(move || computer_sweep(weak))
                .map_err(|e| StoreError::Internal(format!("cannot start the computer's lease thread: {e}")))?;
        }
        let service = Service { inner };
        for game in computer::waiting(&service.inner.store)? {
            let record = service.inner.store.load_game(game)?;
            service.inner.queue_computer(&record);
        }
        // Reviews left pending by a restart, behind the games' moves.
        reviews::start_pending(&service.inner);
        // Puzzle scans left pending, behind them.
        puzzles::start_pending(&service.inner);
        Ok(service)
    }

    /// Stops the clocks and the computer's lease thread and gives up this process's
    /// leases, so another worker takes its singletons at once rather than after their
    /// time to live. Blocking; for a clean shutdown.
    pub fn stop(&self) {
        self.inner.schedule.stop();
        self.inner.leases.release_all(&self.inner);
    }

    /// Waits until the computer has no move left to make and every recorded event
    /// was handled, with what it started (a review): scripted sessions show what
    /// follows a command at the command. Never call it from the computer's own work.
    pub fn wait_until_idle(&self) {
        loop {
            self.inner.computer.wait_until_idle();
            // Handled here too, after the dispatcher's round and what it started (a
            // review's jobs): taking a queued event is transactional, so each is
            // still handled once.
            let handled = dispatcher::run_handling(&self.inner).unwrap_or(0);
            self.inner.computer.wait_until_idle();
            if handled == 0 {
                break;
            }
        }
    }

    /// Whether the database answers now (`/healthz`). Blocking (one round trip).
    pub fn healthy(&self) -> Result<(), StoreError> {
        self.inner.store.ping()
    }

    /// The figures of this process, for the adapters to add theirs
    /// ([`metrics::Metrics::request`]).
    pub fn metrics(&self) -> &metrics::Metrics {
        &self.inner.metrics
    }

    /// The figures in Prometheus' text format (`/metrics`), the outbox's depth read
    /// now. Blocking (one query).
    pub fn render_metrics(&self) -> String {
        let depth = self.inner.store.read(crate::store::outbox_depth).map_err(|e| {
            tracing::warn!("cannot read the outbox's depth: {e}");
        });
        let stats = self.inner.computer.stats();
        self.inner.metrics.render(stats.waiting + stats.running, depth.ok(), self.inner.store.writer_stats())
    }

    /// The computer's workers now: games waiting and thinking, think times (metrics).
    pub fn computer_stats(&self) -> PoolStats {
        self.inner.computer.stats()
    }
}

impl Inner {
    /// Something was written that others may wait for: the scheduler looks again at
    /// its deadlines, the outbox's deliverers at its messages, the events' dispatcher
    /// at its queue.
    pub(super) fn changed(&self) {
        self.wake_scheduler();
        self.ring();
        self.events_bell.ring();
    }

    /// A deadline or an expiry changed: the scheduler looks again.
    pub(super) fn wake_scheduler(&self) {
        self.schedule.wake();
    }

    /// `game` changed (a move, an ending), committed: who follows it looks again.
    pub(super) fn game_changed(&self, game: crate::store::GameId) {
        // Nobody listening (no web pages here) is not an error.
        let _ = self.games_changed.send(game);
    }

    /// Ends the claims and leases of processes known to be gone (on this machine), so
    /// they are taken over at once; at most every few seconds.
    pub(super) fn take_over_gone(&self) {
        const EVERY: Duration = Duration::from_secs(5);
        if let Ok(mut last) = self.takeover.lock() {
            if last.is_some_and(|at| at.elapsed() < EVERY) {
                return;
            }
            *last = Some(std::time::Instant::now());
        }
        let now = self.clock.now();
        let wall = SystemClock.now();
        let found = self
            .store
            .read_once(move |tx| Ok((crate::store::claimers(tx, now)?, crate::store::lease_holders(tx, wall)?)));
        let (claimers, holders) = match found {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!("cannot look for claims of gone processes: {e}");
                return;
            }
        };
        let gone: Vec<String> = claimers.into_iter().filter(|c| process::Process::is_gone(c)).collect();
        let gone_holders: Vec<String> = holders.into_iter().filter(|h| process::Process::is_gone(h)).collect();
        if gone.is_empty() && gone_holders.is_empty() {
            return;
        }
        let taken = self.store.write(move |tx| {
            let mut n = 0;
            for claimer in &gone {
                n += crate::store::release_claims(tx, claimer, now)?;
            }
            for holder in &gone_holders {
                crate::store::release_leases_of(tx, holder)?;
            }
            Ok(n)
        });
        match taken {
            Ok(n) => {
                if n > 0 {
                    tracing::info!("took over {n} outbox messages claimed by processes that are gone");
                }
                self.ring();
            }
            Err(e) => tracing::warn!("cannot take over the claims of gone processes: {e}"),
        }
    }

    /// Hands the computer its turn in `record`'s game (a move, or an answer to a
    /// draw offer); nothing for a game without the computer.
    ///
    /// With several processes on one database, only the holder of the computer's
    /// lease plays: elsewhere the game is left for the holder, which finds it within
    /// [`LeaseOptions::computer_poll`].
    pub(super) fn queue_computer(&self, record: &GameRecord) {
        if !self.leases.holds(leases::COMPUTER) {
            return;
        }
        self.computer.queue(&self.me, record);
    }
}

/// The computer's lease thread (PostgreSQL): takes the computer's lease when it is
/// free, and while it holds it queues every game where the computer is to move (moves
/// stored by other workers, or games a dead holder left); the computer's workers take
/// each game once, however often it is queued.
fn computer_sweep(inner: Weak<Inner>) {
    loop {
        let Some(strong) = inner.upgrade() else { return };
        if strong.leases.hold(&strong, leases::COMPUTER) {
            match computer::waiting(&strong.store) {
                Ok(games) => {
                    for game in games {
                        if strong.computer.has(game) {
                            continue;
                        }
                        match strong.store.load_game(game) {
                            Ok(record) => strong.queue_computer(&record),
                            Err(e) => tracing::warn!("cannot read game {}: {e}", game.0),
                        }
                    }
                }
                Err(e) => tracing::warn!("cannot look for the computer's games: {e}"),
            }
            // Reviews other processes queued.
            reviews::start_pending(&strong);
            puzzles::start_pending(&strong);
        }
        let (schedule, wait) = (Arc::clone(&strong.schedule), strong.leases.computer_poll());
        drop(strong);
        schedule.sleep_unwoken(wait);
        if schedule.stopped() {
            return;
        }
    }
}
