//! `boardbot db copy`: every row of one database into another, empty one, across
//! back ends (SQLite to PostgreSQL, or back). Both schemas have the same tables and
//! columns, so rows cross as they are, ids included; the counts of every table are
//! compared on both sides at the end.

use super::error::StoreError;
use super::sql::{Dialect, Param, Row, ToParam, Transaction};

/// Every table, parents before children, with its columns and its order.
pub const TABLES: &[(&str, &str, &str)] = &[
    ("players", "id, platform, user_id, display_name, created_at, notify, language, locale", "id"),
    ("communities", "id, platform, community_id, name, created_at, language, locale", "id"),
    ("issued_ids", "public_id, issued_at", "public_id"),
    (
        "games",
        "id, public_id, kind, settings, start_code, rated, time_control, community_id, channel, thread, status, \
         end_reason, reason_key, places, scores, ply, position_code, to_move, draw_offer_seat, turn_deadline, \
         created_at, updated_at, ended_at, takeback_seat, takeback_ply, takebacks",
        "id",
    ),
    ("seats", "game_id, seat, player_id, computer_level", "game_id, seat"),
    ("moves", "game_id, ply, text, seat, played_at", "game_id, ply"),
    (
        "challenges",
        "id, challenger_id, kind, settings, start_code, rated, time_control, community_id, channel, created_at, \
         expires_at, status, game_id, first_mover",
        "id",
    ),
    // Ordered by SQLite's rowid or PostgreSQL's identity: the order players were named.
    ("challenge_targets", "challenge_id, player_id, answer", ""),
    ("ratings", "player_id, kind, scope, rating, deviation, volatility, games, updated_at", "player_id, kind, scope"),
    ("rating_history", "id, player_id, kind, scope, game_id, rating, deviation, volatility, at", "id"),
    (
        "outbox",
        "id, platform, payload, created_at, delivered_at, claimed_by, claimed_until, priority, send_key, request_key, \
         answer, group_key",
        "id",
    ),
    ("vacations", "id, player_id, starts_at, ends_at, days", "id"),
    ("reminders_sent", "game_id, deadline, point_ms, sent_at", "game_id, deadline, point_ms"),
    ("message_actions", "platform, message_id, actions, created_at", "platform, message_id"),
    ("leases", "name, holder, expires_at", "name"),
    ("events", "id, kind, game_id, payload, created_at", "id"),
    ("event_queue", "subscriber, event_id", "subscriber, event_id"),
    ("requests", "request_key, served_at", "request_key"),
    ("game_links", "game_id, token, created_at", "game_id"),
    ("community_pages", "community_id, token, created_at", "community_id"),
    ("web_logins", "token_hash, player_id, created_at, expires_at, used_at", "token_hash"),
    ("web_sessions", "session_hash, player_id, created_at, seen_at, via", "session_hash"),
    ("web_launches", "player_id, game_id, expires_at", "player_id"),
    (
        "reviews",
        "game_id, status, requested_by, platform, destination, community_id, playouts, result, created_at, done_at",
        "game_id",
    ),
    (
        "tournaments",
        "id, token, kind, format, name, rounds, days, rated, max_players, every_days, previous_id, edition, creator_id, \
         community_id, channel, status, round, total_rounds, starts_at, created_at, started_at, ended_at",
        "id",
    ),
    (
        "tournament_entrants",
        "tournament_id, player_id, entry, entered_at, rating, timeouts, left_at, left_why",
        "tournament_id, player_id",
    ),
    (
        "tournament_games",
        "tournament_id, round, board, white_id, black_id, game_id, result",
        "tournament_id, round, board",
    ),
    ("premoves", "game_id, player_id, line, ply, moves, created_at", "game_id, player_id, line"),
];

/// Tables whose `id` is an identity on PostgreSQL: its sequence must continue after
/// the copied ids.
const IDENTITIES: &[&str] = &[
    "players",
    "communities",
    "games",
    "challenges",
    "rating_history",
    "outbox",
    "vacations",
    "events",
    "tournaments",
];

/// Rows read per query, so that a large table is not one huge result.
const CHUNK: u64 = 5_000;

/// Rows inserted per statement.
const ROWS_PER_INSERT: usize = 100;

/// What a copy did: each table and its rows, as counted on both sides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// Each table with the rows it holds now on both sides.
    pub tables: Vec<(String, u64)>,
}

impl CopyReport {
    /// Rows copied in all.
    pub fn rows(&self) -> u64 {
        self.tables.iter().map(|(_, n)| n).sum()
    }
}

fn order(dialect: Dialect, by: &str) -> &str {
    match (by, dialect) {
        ("", Dialect::Sqlite) => "rowid",
        ("", Dialect::Postgres) => "id",
        _ => by,
    }
}

fn count(tx: &Transaction, table: &str) -> Result<u64, StoreError> {
    tx.query_one(&format!("SELECT count(*) FROM {table}"), &[])?.get(0)
}

pub(crate) fn counts(tx: &Transaction) -> Result<Vec<(String, u64)>, StoreError> {
    TABLES.iter().map(|(t, _, _)| Ok((t.to_string(), count(tx, t)?))).collect()
}

pub(crate) fn read_all(tx: &Transaction, mut progress: impl FnMut(&str, u64)) -> Result<Tables, StoreError> {
    let mut tables = Vec::with_capacity(TABLES.len());
    for (table, columns, by) in TABLES {
        let by = order(tx.dialect(), by);
        let mut rows = Vec::new();
        loop {
            let offset = rows.len() as u64;
            let chunk = tx.query(
                &format!("SELECT {columns} FROM {table} ORDER BY {by} LIMIT $1 OFFSET $2"),
                &[&CHUNK as &dyn ToParam, &offset],
            )?;
            let last = (chunk.len() as u64) < CHUNK;
            rows.extend(chunk);
            if last {
                break;
            }
        }
        progress(table, rows.len() as u64);
        tables.push(rows);
    }
    Ok(tables)
}

pub(crate) fn write_all(tx: &Transaction, tables: Tables) -> Result<(), StoreError> {
    if let Some((table, n)) = counts(tx)?.into_iter().find(|(_, n)| *n != 0) {
        return Err(StoreError::Invalid(format!(
            "the destination is not empty: its table {table} has {n} rows; copy into a new, empty database"
        )));
    }
    for ((table, columns, _), rows) in TABLES.iter().zip(tables) {
        let width = columns.split(',').count();
        for batch in rows.chunks(ROWS_PER_INSERT) {
            let mut sql = format!("INSERT INTO {table} ({columns}) VALUES ");
            let mut values: Vec<Param<'_>> = Vec::with_capacity(batch.len() * width);
            for (i, row) in batch.iter().enumerate() {
                if row.0.len() != width {
                    return Err(StoreError::Internal(format!("a row of {table} has {} columns", row.0.len())));
                }
                sql.push_str(if i == 0 { "(" } else { ", (" });
                for j in 0..width {
                    if j > 0 {
                        sql.push_str(", ");
                    }
                    sql.push_str(&format!("${}", values.len() + 1));
                    values.push(row.0[j].to_param());
                }
                sql.push(')');
            }
            let params: Vec<&dyn ToParam> = values.iter().map(|v| v as &dyn ToParam).collect();
            tx.execute(&sql, &params)?;
        }
    }
    if tx.dialect() == Dialect::Postgres {
        for table in IDENTITIES {
            tx.query(
                &format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), coalesce(max(id), 0) + 1, false) FROM {table}"
                ),
                &[],
            )?;
        }
    }
    Ok(())
}

/// The rows of each table, as read by [`read_all`].
pub(crate) type Tables = Vec<Vec<Row>>;

/// Checks that the counts `before` (the source) and `after` (the destination) agree
/// with the rows `copied`; the report.
pub(crate) fn compare(
    before: &[(String, u64)],
    copied: &[u64],
    after: Vec<(String, u64)>,
) -> Result<CopyReport, StoreError> {
    for (((table, was), (_, now)), n) in before.iter().zip(&after).zip(copied) {
        if was != now || was != n {
            return Err(StoreError::Internal(format!(
                "{table}: {was} rows in the source, {n} copied, {now} in the destination"
            )));
        }
    }
    Ok(CopyReport { tables: after })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `db copy` moves every table: each table of the SQLite schema is in [`TABLES`]
    /// (PostgreSQL's are checked by `tests/it/store_postgres.rs`).
    #[test]
    fn every_table_of_the_schema_is_known_to_db_copy() {
        let dir = std::env::temp_dir().join(format!("boardbot-copy-tables-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let store = crate::store::Store::open(&dir.join("db.sqlite")).expect("a store");
        let tables: Vec<String> = store
            .read(|tx| {
                let rows = tx.query(
                    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
                    &[],
                )?;
                rows.iter().map(|r| r.get::<String>(0)).collect()
            })
            .expect("the tables");
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
        let mut copied: Vec<String> = TABLES.iter().map(|(t, _, _)| t.to_string()).collect();
        copied.sort();
        assert_eq!(tables, copied);
    }
}
