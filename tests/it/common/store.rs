//! Helpers for the storage tests: temporary database files and games played through
//! the store.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use boardbot::config::Platform;
use boardbot::games::GameKind;
use boardbot::store::{
    replay, upsert_community, upsert_player, CommunityId, Database, GameId, NewGame, Place, PlayerId, SeatHolder, Store,
};

use super::postgres::TestDatabase;

/// A database for one test: an SQLite file in a folder of its own, or a database of
/// its own on the test PostgreSQL server.
pub enum TestDb {
    /// The folder holds `db.sqlite`.
    Sqlite(TempDir),
    /// A database dropped with the test.
    Postgres(TestDatabase),
}

impl TestDb {
    /// An SQLite file that does not exist yet.
    pub fn sqlite(tag: &str) -> TestDb {
        TestDb::Sqlite(TempDir::new(tag))
    }

    /// An empty PostgreSQL database; `None` when the tests skip PostgreSQL.
    pub fn postgres(tag: &str) -> Option<TestDb> {
        TestDatabase::create(tag).map(TestDb::Postgres)
    }

    /// What `--db` would say for it.
    pub fn database(&self) -> Database {
        match self {
            TestDb::Sqlite(dir) => Database::Sqlite(dir.join("db.sqlite")),
            TestDb::Postgres(db) => Database::parse(&db.url),
        }
    }

    /// The text of `--db` for it.
    pub fn arg(&self) -> String {
        match self {
            TestDb::Sqlite(dir) => dir.join("db.sqlite").display().to_string(),
            TestDb::Postgres(db) => db.url.clone(),
        }
    }

    /// A store on it (each call opens another handle, as another process would).
    pub fn open(&self) -> Store {
        Store::open_database(&self.database()).expect("the test database opens")
    }

    /// Another empty database on the same back end, for a test that needs two.
    pub fn fresh(&self, tag: &str) -> TestDb {
        match self {
            TestDb::Sqlite(_) => TestDb::sqlite(tag),
            TestDb::Postgres(_) => TestDb::postgres(tag).expect("the server of the first one"),
        }
    }

    /// True on PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self, TestDb::Postgres(_))
    }
}

/// Declares a test whose one body runs on both back ends: `$name::sqlite` and
/// `$name::postgres` (which skips without a server, unless CI requires one).
///
/// ```ignore
/// both_backends! {
///     fn a_move_is_stored(db) {
///         let store = db.open();
///         …
///     }
/// }
/// ```
macro_rules! both_backends {
    ($(#[$meta:meta])* fn $name:ident($db:ident) $body:block $($rest:tt)*) => {
        $(#[$meta])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn body($db: &$crate::common::store::TestDb) $body

            #[test]
            fn sqlite() {
                body(&$crate::common::store::TestDb::sqlite(stringify!($name)));
            }

            #[test]
            fn postgres() {
                if let Some(db) = $crate::common::store::TestDb::postgres(stringify!($name)) {
                    body(&db);
                }
            }
        }
        both_backends! { $($rest)* }
    };
    () => {};
}
pub(crate) use both_backends;

/// A fresh folder under the system's temporary folder, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty folder whose name includes `tag`, the process id and a counter.
    pub fn new(tag: &str) -> TempDir {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "boardbot-{tag}-{}-{}-{nanos}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("temporary folder");
        TempDir(dir)
    }

    /// A new empty folder in memory: under /dev/shm where the machine has it, else as
    /// [`TempDir::new`]. For races whose timing a disk's slower writes hide (SQLite's
    /// WAL-reset race showed on /dev/shm within a second, not in 30 s on this
    /// machine's disk).
    pub fn in_memory(tag: &str) -> TempDir {
        let shm = Path::new("/dev/shm");
        if !shm.is_dir() {
            return TempDir::new(tag);
        }
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let dir = shm.join(format!("boardbot-{tag}-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
        match std::fs::create_dir_all(&dir) {
            Ok(()) => TempDir(dir),
            Err(_) => TempDir::new(tag),
        }
    }

    /// A path inside the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `n` players on the terminal platform, named p0, p1 …
pub fn players(store: &Store, n: usize) -> Vec<PlayerId> {
    store
        .write(move |tx| {
            (0..n).map(|i| upsert_player(tx, Platform::Terminal, &format!("u{i}"), &format!("p{i}"), 1)).collect()
        })
        .expect("players")
}

/// A community on the terminal platform.
pub fn community(store: &Store, id: &str) -> CommunityId {
    let id = id.to_string();
    store.write(move |tx| upsert_community(tx, Platform::Terminal, &id, Some("the room"), 1)).expect("community")
}

/// The description of a game between `seats`.
pub fn new_game(kind: GameKind, settings: Option<&str>, seats: Vec<SeatHolder>, rated: bool) -> NewGame {
    NewGame {
        kind,
        settings: settings.map(str::to_string),
        start_code: None,
        rated,
        time_control: None,
        community: None,
        place: Place { channel: Some("chan".to_string()), thread: None },
        seats,
        turn_deadline: None,
        now: 1_000,
    }
}

/// A game of `kind` (defaults) between `players`, stored.
pub fn start(store: &Store, kind: GameKind, players: &[PlayerId], rated: bool) -> GameId {
    let seats = players.iter().map(|p| SeatHolder::Player(*p)).collect();
    store.create_game(new_game(kind, None, seats, rated)).expect("create").0
}

/// A small deterministic random number generator (xorshift).
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The next move of a stored game chosen by `rng`: its ply and canonical text, or
/// `None` when the game is over.
pub fn next_move(store: &Store, game: GameId, rng: &mut Rng) -> Option<(u32, String)> {
    let record = store.load_game(game).expect("load");
    if record.result.is_some() {
        return None;
    }
    let legal = replay::legal_moves(record.kind, Some(&record.settings), &record.code).expect("legal moves");
    if legal.is_empty() {
        return None;
    }
    let text = legal[(rng.next() % legal.len() as u64) as usize].clone();
    Some((record.ply + 1, text))
}
