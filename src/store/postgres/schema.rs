//! The PostgreSQL schema: the numbered files of `migrations/postgres/`, applied in
//! order at start under an advisory lock, so that several workers starting together
//! apply each one once. Each migration runs in its own transaction with its row in
//! `boardbot_migrations`, with a checksum of its text: a shipped migration that was
//! edited is refused rather than half-trusted.

use postgres::Client;

use crate::store::error::StoreError;
use crate::store::sql::postgres::classify;

/// The migrations: version, file name, SQL. Append-only.
pub const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "001_init.sql", include_str!("../../../migrations/postgres/001_init.sql")),
    (2, "002_languages.sql", include_str!("../../../migrations/postgres/002_languages.sql")),
    (
        3,
        "003_outbox_priority_and_send_key.sql",
        include_str!("../../../migrations/postgres/003_outbox_priority_and_send_key.sql"),
    ),
    (
        4,
        "004_takebacks_and_computer_seats.sql",
        include_str!("../../../migrations/postgres/004_takebacks_and_computer_seats.sql"),
    ),
    (5, "005_events_and_requests.sql", include_str!("../../../migrations/postgres/005_events_and_requests.sql")),
    (6, "006_web_links.sql", include_str!("../../../migrations/postgres/006_web_links.sql")),
    (7, "007_reviews.sql", include_str!("../../../migrations/postgres/007_reviews.sql")),
    (8, "008_tournaments.sql", include_str!("../../../migrations/postgres/008_tournaments.sql")),
    // 009 is reserved for the branch of issue #55 until it merges.
    (10, "010_web_sessions.sql", include_str!("../../../migrations/postgres/010_web_sessions.sql")),
    (11, "011_premoves.sql", include_str!("../../../migrations/postgres/011_premoves.sql")),
];

/// The schema version this build creates and understands: the last migration's.
pub const SCHEMA_VERSION: i64 = match MIGRATIONS.last() {
    Some((version, _, _)) => *version,
    None => 0,
};

/// The advisory lock the migrations run under: "boardbot" in ASCII, a key no other
/// program is likely to take.
const LOCK_KEY: i64 = 0x626f_6172_6462_6f74;

/// FNV-1a of a migration's text, in hex: enough to tell an edited file, not a secret.
pub(crate) fn checksum(sql: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in sql.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn sql_error(e: postgres::Error) -> StoreError {
    classify(&e).into()
}

/// Brings the database's schema to [`SCHEMA_VERSION`], holding the advisory lock
/// meanwhile; `database` names it in errors (without a password).
pub(crate) fn migrate(client: &mut Client, database: &str) -> Result<(), StoreError> {
    client.execute("SELECT pg_advisory_lock($1)", &[&LOCK_KEY]).map_err(sql_error)?;
    let result = apply(client, database);
    // The lock is the session's: it also goes when the connection closes.
    let unlocked = client.execute("SELECT pg_advisory_unlock($1)", &[&LOCK_KEY]).map_err(sql_error);
    result.and(unlocked.map(|_| ()))
}

fn apply(client: &mut Client, database: &str) -> Result<(), StoreError> {
    let ours: bool =
        client.query_one("SELECT to_regclass('boardbot_migrations') IS NOT NULL", &[]).map_err(sql_error)?.get(0);
    if !ours {
        // Tables of someone else's: boardbot's would be added among them.
        let games: bool = client.query_one("SELECT to_regclass('games') IS NOT NULL", &[]).map_err(sql_error)?.get(0);
        if games {
            return Err(StoreError::NotADatabase { path: database.into() });
        }
        client
            .batch_execute(
                "CREATE TABLE boardbot_migrations (
                     version    BIGINT PRIMARY KEY,
                     name       TEXT NOT NULL,
                     checksum   TEXT NOT NULL,
                     applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                 )",
            )
            .map_err(sql_error)?;
    }
    let applied: Vec<(i64, String)> = client
        .query("SELECT version, checksum FROM boardbot_migrations ORDER BY version", &[])
        .map_err(sql_error)?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    if let Some((found, _)) = applied.last().filter(|(v, _)| *v > SCHEMA_VERSION) {
        return Err(StoreError::TooNew { found: *found, supported: SCHEMA_VERSION });
    }
    for (version, sum) in &applied {
        let known = MIGRATIONS.iter().find(|(v, _, _)| v == version);
        match known {
            Some((_, name, sql)) if checksum(sql) != *sum => {
                return Err(StoreError::Internal(format!(
                    "migration {name} differs from the one applied to {database}: shipped migrations must never change"
                )))
            }
            Some(_) => {}
            None => return Err(StoreError::Internal(format!("{database} has an unknown migration {version}"))),
        }
    }
    for (version, name, sql) in MIGRATIONS.iter().filter(|(v, _, _)| !applied.iter().any(|(a, _)| a == v)) {
        let mut tx = client.transaction().map_err(sql_error)?;
        tx.batch_execute(sql).map_err(|e| {
            StoreError::Internal(format!("migration {name} failed on {database}: {}", classify(&e).message))
        })?;
        tx.execute(
            "INSERT INTO boardbot_migrations (version, name, checksum) VALUES ($1, $2, $3)",
            &[version, name, &checksum(sql)],
        )
        .map_err(sql_error)?;
        tx.commit().map_err(sql_error)?;
        tracing::info!("applied the PostgreSQL migration {name} to {database}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_numbered_from_one_and_every_file_is_listed() {
        // Numbers are given out to branches ahead of their merge, so one may be
        // missing for a while: they only ever grow, each file named by its number.
        assert_eq!(MIGRATIONS.first().map(|m| m.0), Some(1));
        for pair in MIGRATIONS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} then {}", pair[0].1, pair[1].1);
        }
        for (version, name, _) in MIGRATIONS {
            assert!(name.starts_with(&format!("{:03}_", version)), "{name}");
        }
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/postgres");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("migrations/postgres")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".sql"))
            .collect();
        files.sort();
        assert_eq!(files, MIGRATIONS.iter().map(|(_, n, _)| n.to_string()).collect::<Vec<_>>());
        assert_ne!(checksum("a"), checksum("b"));
    }
}
