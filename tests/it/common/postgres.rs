//! A PostgreSQL server for the tests, and a database of its own for each test.
//!
//! - The server: `BOARDBOT_TEST_POSTGRES_URL` when set (a URL whose user may create
//!   databases, e.g. `postgres://postgres@127.0.0.1:5433/postgres`; `.ci/run` starts a
//!   throwaway server and sets it). Otherwise the first test that needs one starts a
//!   throwaway server from Debian's `postgresql` package (`/usr/lib/postgresql/*/bin`,
//!   or `BOARDBOT_POSTGRES_BIN`): `initdb` in a temporary folder (as the `postgres`
//!   user when running as root, which `initdb` refuses), trust authentication, a free
//!   loopback port, shared by every test of this process.
//! - Its end: a watchdog shell reads a pipe only this process holds; when the pipe
//!   closes (the process ends, however it ends) the watchdog stops the server and
//!   removes its folder.
//! - Without a server, [`TestDatabase::create`] gives `None` and the run says once that
//!   it skips the PostgreSQL tests ([`super::skips`]), unless `BOARDBOT_REQUIRE_POSTGRES`
//!   or `CI` is set (to anything but empty, `0` or `false`): then it panics, so CI can't
//!   pass by skipping.
//! - Each test gets a database of its own (`CREATE DATABASE`), dropped at the end, so
//!   tests run in parallel on one server.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::skips::{self, skipping, Suite};

/// True when the environment asks for PostgreSQL tests to fail rather than skip.
pub fn required() -> bool {
    skips::required_by(&skips::POSTGRES_REQUIRED).is_some()
}

/// A running server: the URL of its maintenance database, as a user that may create
/// databases.
pub struct Server {
    /// `postgres://user@host:port/postgres`.
    pub admin_url: String,
    /// The folder of a server started here (its log is `server.log` there).
    pub dir: Option<PathBuf>,
    /// The watchdog of a server started here: dropping it (never, but the process's
    /// end closes its pipe) stops the server.
    _watchdog: Option<Mutex<Child>>,
}

impl Server {
    /// The URL of database `name` on this server.
    pub fn url_of(&self, name: &str) -> String {
        match self.admin_url.rfind('/') {
            Some(i) if i > "postgres://".len() => format!("{}/{name}", &self.admin_url[..i]),
            _ => format!("{}/{name}", self.admin_url),
        }
    }
}

/// The test server, started on first use; `None` when there is none and none can be
/// started (the reason is printed once).
pub fn server() -> Option<&'static Server> {
    static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
    match SERVER.get_or_init(|| match std::env::var("BOARDBOT_TEST_POSTGRES_URL") {
        Ok(url) if !url.trim().is_empty() => {
            Ok(Server { admin_url: url.trim().to_string(), dir: None, _watchdog: None })
        }
        _ => start_local(),
    }) {
        Ok(server) => Some(server),
        Err(why) => {
            if required() {
                panic!("PostgreSQL is required (BOARDBOT_REQUIRE_POSTGRES or CI) but missing: {why}");
            }
            skipping(Suite::Postgres, why);
            None
        }
    }
}

/// A server of the caller's own, started here (never `BOARDBOT_TEST_POSTGRES_URL`'s), for
/// a test that stops and starts it; `None` when none can be started and the tests may
/// skip. Stopped and removed when the test process ends.
pub fn private_server() -> Option<Server> {
    match start_local() {
        Ok(server) => Some(server),
        Err(why) => {
            if required() {
                panic!("PostgreSQL is required (BOARDBOT_REQUIRE_POSTGRES or CI) but missing: {why}");
            }
            skipping(Suite::Postgres, &why);
            None
        }
    }
}

impl Server {
    /// Stops a server started here at once (`pg_ctl stop -m immediate`), as a crash or
    /// a cut network would.
    pub fn stop(&self) {
        self.ctl(&["stop", "-m", "immediate"]);
    }

    /// Starts again a server stopped with [`Server::stop`], on the same port.
    pub fn start_again(&self) {
        self.ctl(&["start"]);
    }

    fn ctl(&self, what: &[&str]) {
        let (Some(dir), Some(bin)) = (self.dir.as_ref(), skips::postgres_bin_dir()) else {
            panic!("only a server started by the tests can be stopped and started");
        };
        let port = self.admin_url.rsplit(':').next().and_then(|p| p.split('/').next()).unwrap_or_default().to_string();
        let mut ctl = as_server_user(&bin, "pg_ctl", is_root());
        ctl.arg("-D")
            .arg(dir.join("data"))
            .arg("-l")
            .arg(dir.join("server.log"))
            .args(["-w", "-t", "60", "-o"])
            .arg(format!("-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=300", dir.display()));
        ctl.args(what);
        run(ctl, "pg_ctl").unwrap_or_else(|e| panic!("{e}"));
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `program` in `bin`, run as the `postgres` user when this process is root.
fn as_server_user(bin: &Path, program: &str, root: bool) -> Command {
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin.join(program));
        c
    } else {
        Command::new(bin.join(program))
    }
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

fn run(mut c: Command, what: &str) -> Result<(), String> {
    let out = c.output().map_err(|e| format!("{what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
    }
}

fn start_local() -> Result<Server, String> {
    let bin = skips::postgres_bin_dir().ok_or(skips::NO_POSTGRES)?;
    if !bin.join("initdb").exists() {
        return Err(format!("no initdb in {}", bin.display()));
    }
    let root = is_root();
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "boardbot-postgres-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if root {
        run(
            {
                let mut c = Command::new("chown");
                c.arg("postgres:postgres").arg(&dir);
                c
            },
            "chown",
        )?;
    }
    let data = dir.join("data");
    let mut initdb = as_server_user(&bin, "initdb", root);
    initdb.arg("-D").arg(&data).args(["-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
    if let Err(e) = run(initdb, "initdb") {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(e);
    }
    let port = free_port()?;
    let mut ctl = as_server_user(&bin, "pg_ctl", root);
    ctl.arg("-D")
        .arg(&data)
        .arg("-l")
        .arg(dir.join("server.log"))
        .args(["-w", "-t", "60", "-o"])
        .arg(format!("-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=300", dir.display()));
    ctl.arg("start");
    if let Err(e) = run(ctl, "pg_ctl start") {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(e);
    }
    // The watchdog: `cat` ends when this process's end closes the pipe; then the server
    // stops and its folder goes.
    let stop = format!(
        "cat >/dev/null; {} -D '{}' stop -m immediate >/dev/null 2>&1; rm -rf '{}'",
        if root {
            format!("runuser -u postgres -- '{}'", bin.join("pg_ctl").display())
        } else {
            format!("'{}'", bin.join("pg_ctl").display())
        },
        data.display(),
        dir.display()
    );
    let watchdog = Command::new("sh")
        .args(["-c", &stop])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("watchdog: {e}"))?;
    Ok(Server {
        admin_url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
        dir: Some(dir),
        _watchdog: Some(Mutex::new(watchdog)),
    })
}

/// A database of its own for one test, dropped with it.
pub struct TestDatabase {
    /// Its name.
    pub name: String,
    /// Its URL.
    pub url: String,
    server: &'static Server,
}

impl TestDatabase {
    /// A new empty database named after `tag`; `None` when there is no server (and the
    /// tests may skip).
    pub fn create(tag: &str) -> Option<TestDatabase> {
        TestDatabase::create_on(server()?, tag)
    }

    /// A new empty database named after `tag` on `server`.
    pub fn create_on(server: &'static Server, tag: &str) -> Option<TestDatabase> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let clean: String = tag
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
            .take(30)
            .collect();
        let name = format!("bb_{clean}_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        admin(server, &format!("DROP DATABASE IF EXISTS {name}"));
        admin(server, &format!("CREATE DATABASE {name}"));
        Some(TestDatabase { url: server.url_of(&name), name, server })
    }

    /// The server it lives on.
    pub fn server(&self) -> &'static Server {
        self.server
    }

    /// Closes every connection to this database but the caller's, as a server restart
    /// or a network cut would.
    pub fn drop_connections(&self) -> usize {
        let mut client = connect(&self.server.admin_url);
        let rows = client
            .query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
                &[&self.name],
            )
            .expect("terminate");
        rows.len()
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if std::thread::panicking() && std::env::var("BOARDBOT_KEEP_POSTGRES").is_ok() {
            eprintln!("kept the database {}", self.url);
            return;
        }
        // WITH (FORCE): the store's pool may still hold connections.
        let mut client = connect(&self.server.admin_url);
        let _ = client.batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
    }
}

/// A client on `url`, retried for a few seconds (a server just started).
pub fn connect(url: &str) -> postgres::Client {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match postgres::Client::connect(url, postgres::NoTls) {
            Ok(c) => return c,
            Err(e) if Instant::now() > deadline => panic!("cannot connect to the test PostgreSQL {url}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

fn admin(server: &Server, sql: &str) {
    let mut client = connect(&server.admin_url);
    if let Err(e) = client.batch_execute(sql) {
        let log = server.dir.as_ref().and_then(|d| std::fs::read_to_string(d.join("server.log")).ok());
        let _ = std::io::stderr().write_all(log.unwrap_or_default().as_bytes());
        panic!("{sql}: {e}");
    }
}
