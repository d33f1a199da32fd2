//! Players and communities.

use rusqlite::{params, Connection, OptionalExtension, Row, Transaction};

use super::error::StoreError;
use super::model::{CommunityId, Millis, Player, PlayerId};
use crate::config::Platform;

pub(crate) fn platform_key(p: Platform) -> &'static str {
    match p {
        Platform::Terminal => "terminal",
        Platform::Discord => "discord",
        Platform::Matrix => "matrix",
    }
}

pub(crate) fn platform_from_key(key: &str) -> Result<Platform, StoreError> {
    [Platform::Terminal, Platform::Discord, Platform::Matrix]
        .into_iter()
        .find(|p| platform_key(*p) == key)
        .ok_or_else(|| StoreError::Internal(format!("unknown platform {key:?} in the database")))
}

/// The player with this platform user id, created when first seen; the display name is
/// kept current.
pub fn upsert_player(
    tx: &Transaction,
    platform: Platform,
    user_id: &str,
    display_name: &str,
    now: Millis,
) -> Result<PlayerId, StoreError> {
    let mut stmt = tx.prepare_cached(
        "INSERT INTO players (platform, user_id, display_name, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (platform, user_id) DO UPDATE SET display_name = excluded.display_name
         RETURNING id",
    )?;
    Ok(stmt.query_row(params![platform_key(platform), user_id, display_name, now], |r| r.get(0))?)
}

fn player_from_row(r: &Row) -> rusqlite::Result<(PlayerId, String, String, String, Millis)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
}

fn to_player(row: (PlayerId, String, String, String, Millis)) -> Result<Player, StoreError> {
    let (id, platform, user_id, display_name, created_at) = row;
    Ok(Player { id, platform: platform_from_key(&platform)?, user_id, display_name, created_at })
}

/// A player by row.
pub fn load_player(conn: &Connection, id: PlayerId) -> Result<Player, StoreError> {
    let mut stmt =
        conn.prepare_cached("SELECT id, platform, user_id, display_name, created_at FROM players WHERE id = ?1")?;
    let row = stmt.query_row([id], player_from_row).optional()?;
    to_player(row.ok_or_else(|| StoreError::NotFound(format!("player {}", id.0)))?)
}

/// A player by platform user id, if known.
pub fn find_player(conn: &Connection, platform: Platform, user_id: &str) -> Result<Option<Player>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, platform, user_id, display_name, created_at FROM players WHERE platform = ?1 AND user_id = ?2",
    )?;
    stmt.query_row(params![platform_key(platform), user_id], player_from_row).optional()?.map(to_player).transpose()
}

/// The community with this platform id (a Discord server, a Matrix room, the
/// terminal), created when first seen; its name is kept current when given.
pub fn upsert_community(
    tx: &Transaction,
    platform: Platform,
    community_id: &str,
    name: Option<&str>,
    now: Millis,
) -> Result<CommunityId, StoreError> {
    let mut stmt = tx.prepare_cached(
        "INSERT INTO communities (platform, community_id, name, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (platform, community_id) DO UPDATE SET name = coalesce(excluded.name, name)
         RETURNING id",
    )?;
    Ok(stmt.query_row(params![platform_key(platform), community_id, name, now], |r| r.get(0))?)
}

/// The community with this platform id, if it was ever seen. Read-only, unlike
/// [`upsert_community`]: a question about a community (its leaderboard) must not
/// create one, nor wait for the writer.
pub fn find_community(
    conn: &Connection,
    platform: Platform,
    community_id: &str,
) -> Result<Option<CommunityId>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT id FROM communities WHERE platform = ?1 AND community_id = ?2")?;
    Ok(stmt.query_row(params![platform_key(platform), community_id], |r| r.get(0)).optional()?)
}
