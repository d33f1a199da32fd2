//! The PostgreSQL back end: a pool of connections shared by every caller, each read
//! or write in a transaction of its own on one of them.
//!
//! **Round trips** are what a request costs here (each statement, `BEGIN` and
//! `COMMIT` included, waits for the server's answer), so what is one statement runs
//! as one outside a transaction ([`PgStore::alone`]): a read of one statement, or a
//! change of one statement, which the server commits, durably, before it answers;
//! and a game is read with its seats and moves in one statement.
//!
//! **The client.** The store's interface is blocking (it is called from
//! `spawn_blocking` and from the service's own threads, like SQLite), so the client
//! is the synchronous [`postgres`] crate (rust-postgres, a thin blocking layer over
//! `tokio-postgres`) pooled by [`r2d2`] (the pool diesel uses, by the same author).
//! An asynchronous pool (`deadpool-postgres`) would need a runtime handle inside
//! every blocking call, and give nothing here: a caller waits for its answer anyway.
//! Like SQLite, the store must not be called from an async task's thread (the
//! client's `block_on` refuses it).
//!
//! **Durability.** Every connection runs with `synchronous_commit = on`: a write
//! returns once its commit is flushed to the server's disk, as SQLite's
//! `synchronous=FULL`. Each caller commits its writes on its own connection, but for
//! the one-statement change of a `move` request, which committer threads gather into
//! group commits ([`PgStore::grouped`], see [`group`]): a commit is most of what a
//! move costs the server.
//!
//! **Concurrency.** Writes run at `READ COMMITTED`. Every write that decides on what
//! it read either changes rows conditionally (`UPDATE … WHERE ply = $expected`: a
//! second writer waits for the first one's row lock, then finds the condition false)
//! or locks what it read first (`FOR UPDATE`: the game before an ending, the challenge
//! before an answer, the players before their ratings). The moves' primary key is the
//! last word: one row per game and ply. Reads run in `REPEATABLE READ READ ONLY`
//! transactions: one snapshot, never waiting for a writer.
//!
//! **Connections that die** (the server restarted, a network cut) are found at the
//! first statement of a transaction, before the caller's job runs: the pool drops the
//! connection and the transaction begins again on another, so a restart of the
//! server costs no restart of the bot.

mod group;
pub mod schema;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;
use std::time::Duration;

use postgres::NoTls;
use r2d2::{ManageConnection, PooledConnection};

use super::database::PostgresUrl;
use super::error::StoreError;
use super::sql::postgres::{classify, PgConn};
use super::sql::{SqlErrorKind, Transaction};
use super::WriterStats;

/// How long opening a connection may take (the TCP connection and the login).
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a caller waits for a pooled connection (when the pool is busy, or the
/// server cannot be reached) before it is told the database does not answer. Under
/// the 5 s the operating guide promises for an apology: a request makes several
/// calls, and once one has found the server gone the others wait only
/// [`CHECKOUT_WAIT_WHILE_DOWN`].
const CHECKOUT_WAIT: Duration = Duration::from_secs(4);

/// How long a caller waits for a connection while the server was found gone in the
/// last [`DOWN_FOR`]: enough to open one to a server that came back.
const CHECKOUT_WAIT_WHILE_DOWN: Duration = Duration::from_millis(250);

/// How long a server found gone is taken as gone before a caller waits the whole
/// [`CHECKOUT_WAIT`] again (in case opening a connection takes longer than
/// [`CHECKOUT_WAIT_WHILE_DOWN`]).
const DOWN_FOR: Duration = Duration::from_secs(10);

/// The options of a PostgreSQL store.
#[derive(Clone, Debug)]
pub struct PostgresOptions {
    /// Connections at most. Each caller holds one for the length of its transaction;
    /// the server's `max_connections` (100 by default) bounds the sum over workers.
    pub pool_size: u32,
}

impl Default for PostgresOptions {
    fn default() -> Self {
        PostgresOptions { pool_size: 16 }
    }
}

/// Opens the pool's connections.
#[derive(Debug)]
struct Manager {
    config: postgres::Config,
}

impl ManageConnection for Manager {
    type Connection = PgConn;
    type Error = postgres::Error;

    fn connect(&self) -> Result<PgConn, postgres::Error> {
        let mut client = self.config.connect(NoTls)?;
        // The server's default, made sure of: a commit is acknowledged once on disk.
        client.batch_execute("SET synchronous_commit = on")?;
        Ok(PgConn::new(client))
    }

    fn is_valid(&self, conn: &mut PgConn) -> Result<(), postgres::Error> {
        conn.client.simple_query("").map(|_| ())
    }

    fn has_broken(&self, conn: &mut PgConn) -> bool {
        conn.broken || conn.client.is_closed()
    }
}

/// Says in the log why the pool could not open a connection (the password never
/// appears in the client's errors).
#[derive(Debug)]
struct LogErrors(String);

impl r2d2::HandleError<postgres::Error> for LogErrors {
    fn handle_error(&self, error: postgres::Error) {
        tracing::warn!("cannot connect to {}: {}", self.0, classify(&error).message);
    }
}

/// An open PostgreSQL database.
pub(crate) struct PgStore {
    /// Always `Some` until dropped.
    open: Option<Open>,
    url: PostgresUrl,
}

/// What an open store holds. The committers come first: they finish what is queued
/// before the pool they use closes.
struct Open {
    /// The committers of [`PgStore::grouped`].
    group: group::Group,
    conns: Conns,
}

/// The pool and how to use it, shared by the callers and the committer threads.
#[derive(Clone)]
pub(crate) struct Conns {
    pool: r2d2::Pool<Manager>,
    url: PostgresUrl,
    /// When a caller last found the server gone (no connection could be had, and
    /// the pool held none).
    down: std::sync::Arc<std::sync::Mutex<Option<std::time::Instant>>>,
}

impl Drop for PgStore {
    /// Lets the committers finish what is queued, then closes the connections on a
    /// thread of its own: each client closes by blocking on its own little runtime,
    /// which must not happen on an async task's thread (where the last handle of a
    /// service may well be dropped).
    fn drop(&mut self) {
        if let Some(open) = self.open.take() {
            let closing =
                std::thread::Builder::new().name("boardbot-store-close".to_string()).spawn(move || drop(open));
            if let Ok(thread) = closing {
                let _ = thread.join();
            }
        }
    }
}

impl Conns {
    fn unavailable(&self, e: &dyn std::fmt::Display) -> StoreError {
        StoreError::Unavailable(format!("{}: {e}", self.url.redacted()))
    }

    /// A pooled connection, waited for [`CHECKOUT_WAIT`], or only
    /// [`CHECKOUT_WAIT_WHILE_DOWN`] while the server was found gone lately; a caller
    /// waiting when another finds it gone stops waiting too. The calls of one request
    /// during an outage add up to about one wait, not one each.
    fn checkout(&self) -> Result<PooledConnection<Manager>, StoreError> {
        let began = std::time::Instant::now();
        let found_gone = || self.down.lock().ok().and_then(|d| *d);
        let down = found_gone().is_some_and(|at| began.duration_since(at) < DOWN_FOR);
        let deadline = began + if down { CHECKOUT_WAIT_WHILE_DOWN } else { CHECKOUT_WAIT };
        loop {
            let now = std::time::Instant::now();
            let slice = deadline.saturating_duration_since(now).min(CHECKOUT_WAIT_WHILE_DOWN);
            let failed = match self.pool.get_timeout(slice) {
                Ok(conn) => {
                    if down {
                        if let Ok(mut d) = self.down.lock() {
                            *d = None;
                        }
                    }
                    return Ok(conn);
                }
                Err(e) => e,
            };
            let gone_meanwhile = found_gone().is_some_and(|at| at >= began);
            if std::time::Instant::now() < deadline && !gone_meanwhile {
                continue;
            }
            // An empty pool that could open nothing: the server is gone (a busy pool,
            // all its connections lent, is not). Counted from a whole wait, so that
            // one caller in each [`DOWN_FOR`] waits it again.
            if !down && !gone_meanwhile && self.pool.state().connections == 0 {
                if let Ok(mut d) = self.down.lock() {
                    *d = Some(std::time::Instant::now());
                }
            }
            tracing::debug!(waited_ms = began.elapsed().as_millis() as u64, down, "no connection to the database");
            return Err(self.unavailable(&failed));
        }
    }

    /// A pooled connection on which `begin` succeeded: connections the server has
    /// closed meanwhile are dropped and replaced, up to once per pooled connection.
    fn begin(&self, begin: &str) -> Result<PooledConnection<Manager>, StoreError> {
        let mut last = None;
        let pool = &self.pool;
        for _ in 0..=pool.max_size() {
            let mut conn = self.checkout()?;
            match conn.batch(begin) {
                Ok(()) => return Ok(conn),
                // `broken` is set: the pool discards it when `conn` drops.
                Err(e) if e.kind == SqlErrorKind::Connection => last = Some(e),
                Err(e) => return Err(e.into()),
            }
        }
        Err(self.unavailable(&last.map_or_else(String::new, |e| e.message)))
    }

    /// See [`PgStore::alone`].
    fn alone<T>(&self, f: impl Fn(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let pool = &self.pool;
        let mut last = None;
        for _ in 0..=pool.max_size() {
            let mut conn = self.checkout()?;
            match f(&Transaction::postgres(&mut conn)) {
                Err(e @ StoreError::Unavailable(_)) if conn.broken => last = Some(e),
                other => return other,
            }
        }
        Err(last.unwrap_or_else(|| self.unavailable(&"no connection")))
    }
}

impl PgStore {
    /// Connects to `url`, brings the schema up to date (under the migrations'
    /// advisory lock) and opens the pool.
    pub(crate) fn open(url: &PostgresUrl, options: &PostgresOptions) -> Result<PgStore, StoreError> {
        let shown = url.redacted();
        // The parser's messages name the option at fault, never its value.
        let mut config = postgres::Config::from_str(url.expose())
            .map_err(|e| StoreError::Invalid(format!("{shown} is not a PostgreSQL URL: {e}")))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECTION_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("boardbot");
        }
        let manager = Manager { config };
        let mut first = manager
            .connect()
            .map_err(|e| StoreError::Unavailable(format!("cannot connect to {shown}: {}", classify(&e).message)))?;
        schema::migrate(&mut first.client, &shown)?;
        drop(first);
        let pool = r2d2::Pool::builder()
            .max_size(options.pool_size.max(1))
            .min_idle(Some(1))
            // A dead connection is found by the transaction's first statement instead
            // (see `begin`): no extra round trip on every checkout.
            .test_on_check_out(false)
            .connection_timeout(CHECKOUT_WAIT)
            .error_handler(Box::new(LogErrors(shown.clone())))
            .build_unchecked(manager);
        let conns = Conns { pool, url: url.clone(), down: std::sync::Arc::default() };
        let group = group::Group::start(&conns)?;
        Ok(PgStore { open: Some(Open { group, conns }), url: url.clone() })
    }

    /// The database's URL (shown without its password).
    pub(crate) fn url(&self) -> &PostgresUrl {
        &self.url
    }

    fn live(&self) -> Result<&Open, StoreError> {
        self.open.as_ref().ok_or_else(|| StoreError::Internal("the store is closing".to_string()))
    }

    fn begin(&self, begin: &str) -> Result<PooledConnection<Manager>, StoreError> {
        self.live()?.conns.begin(begin)
    }

    /// Ends the transaction on `conn` with a rollback; a connection that cannot is
    /// not handed out again.
    fn rollback(conn: &mut PgConn) {
        if conn.batch("ROLLBACK").is_err() {
            conn.broken = true;
        }
    }

    /// Runs `f` in one read-only snapshot.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut conn = self.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")?;
        let result = f(&Transaction::postgres(&mut conn));
        // Nothing to keep: ending a read-only transaction either way is the same.
        Self::rollback(&mut conn);
        result
    }

    /// Runs `f` outside a transaction, one round trip a statement fewer than a
    /// transaction's `BEGIN` and its end: for a read of one statement (its own
    /// snapshot), or for a change made in one statement (and reads after it), which
    /// the server commits as a transaction of its own, durably, before it answers. A
    /// connection found dead is replaced and `f` runs again; for a change, when the
    /// connection died after the commit, the second run finds the change made (for a
    /// move, the store's `MovedOn`), as a lost answer to a `COMMIT` would leave it.
    pub(crate) fn alone<T>(&self, f: impl Fn(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        self.live()?.conns.alone(f)
    }

    /// Runs `change`, a change of one statement to the row `key` that changes nothing
    /// when it gives an error (a move: `UPDATE … WHERE ply = $expected` and its
    /// insert), in the next group commit with the changes other callers made
    /// meanwhile; returns once that commit is on the server's disk.
    pub(crate) fn grouped<T, F>(&self, key: i64, change: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Fn(&Transaction<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        self.live()?.group.run(key, change)
    }

    /// What the committers of [`PgStore::grouped`] have done so far.
    pub(crate) fn group_stats(&self) -> WriterStats {
        self.open.as_ref().map(|open| open.group.stats()).unwrap_or_default()
    }

    /// Runs `f` in a transaction of its own and commits it; returns once the commit
    /// is on the server's disk. A failed or panicking `f` rolls back.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut conn = self.begin("BEGIN")?;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let tx = Transaction::postgres(&mut conn);
            let result = f(&tx);
            (result, tx.failed())
        }));
        match outcome {
            Ok((Ok(value), false)) => match conn.batch("COMMIT") {
                Ok(()) => Ok(value),
                Err(e) => Err(e.into()),
            },
            Ok((Ok(_), true)) => {
                Self::rollback(&mut conn);
                Err(StoreError::Internal(
                    "a statement failed inside a write that went on regardless: nothing was saved".to_string(),
                ))
            }
            Ok((Err(e), _)) => {
                Self::rollback(&mut conn);
                Err(e)
            }
            Err(_) => {
                Self::rollback(&mut conn);
                Err(StoreError::Internal("a storage job panicked".to_string()))
            }
        }
    }

    /// Whether the server answers now (a round trip on a pooled connection).
    pub(crate) fn ping(&self) -> Result<(), StoreError> {
        self.alone(|tx| tx.query("SELECT 1", &[]).map(|_| ()).map_err(StoreError::from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test server's URL (`BOARDBOT_TEST_POSTGRES_URL`), or `None` to skip; CI
    /// (`BOARDBOT_REQUIRE_POSTGRES`, `CI`) fails instead of skipping.
    fn test_url() -> Option<String> {
        let url = std::env::var("BOARDBOT_TEST_POSTGRES_URL").ok().filter(|u| !u.trim().is_empty());
        let required = ["BOARDBOT_REQUIRE_POSTGRES", "CI"]
            .iter()
            .any(|k| std::env::var(k).is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false")));
        assert!(url.is_some() || !required, "PostgreSQL is required but BOARDBOT_TEST_POSTGRES_URL is not set");
        url
    }

    #[test]
    fn every_connection_commits_durably_whatever_the_server_defaults_to() {
        let Some(url) = test_url() else { return };
        let mut config = postgres::Config::from_str(&url).expect("a URL");
        // A server, a database or a role set up to acknowledge commits before they are
        // on disk: the pool's connections still wait for the disk.
        config.options("-c synchronous_commit=off");
        let mut plain = config.connect(NoTls).expect("connects");
        let off: String = plain.query_one("SHOW synchronous_commit", &[]).expect("shows").get(0);
        assert_eq!(off, "off", "the test's own setting took");
        let mut conn = Manager { config }.connect().expect("connects");
        let on: String = conn.client.query_one("SHOW synchronous_commit", &[]).expect("shows").get(0);
        assert_eq!(on, "on");
    }
}
