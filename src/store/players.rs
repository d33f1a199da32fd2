//! Players and communities.

use super::error::StoreError;
use super::model::{CommunityId, Millis, Player, PlayerId};
use super::sql::{args, Row, Transaction};
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
    tx.query_one(
        "INSERT INTO players (platform, user_id, display_name, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (platform, user_id) DO UPDATE SET display_name = excluded.display_name
         RETURNING id",
        args![platform_key(platform), user_id, display_name, now],
    )?
    .get(0)
}

const PLAYER_COLUMNS: &str = "id, platform, user_id, display_name, created_at";

fn to_player(r: &Row) -> Result<Player, StoreError> {
    Ok(Player {
        id: r.get(0)?,
        platform: platform_from_key(&r.get::<String>(1)?)?,
        user_id: r.get(2)?,
        display_name: r.get(3)?,
        created_at: r.get(4)?,
    })
}

/// A player by row.
pub fn load_player(tx: &Transaction, id: PlayerId) -> Result<Player, StoreError> {
    let row = tx.query_opt(&format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"), args![id])?;
    to_player(&row.ok_or_else(|| StoreError::NotFound(format!("player {}", id.0)))?)
}

/// A player by platform user id, if known.
pub fn find_player(tx: &Transaction, platform: Platform, user_id: &str) -> Result<Option<Player>, StoreError> {
    tx.query_opt(
        &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE platform = $1 AND user_id = $2"),
        args![platform_key(platform), user_id],
    )?
    .as_ref()
    .map(to_player)
    .transpose()
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
    tx.query_one(
        "INSERT INTO communities (platform, community_id, name, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (platform, community_id) DO UPDATE SET name = coalesce(excluded.name, communities.name)
         RETURNING id",
        args![platform_key(platform), community_id, name, now],
    )?
    .get(0)
}

/// The community with this platform id, if it was ever seen. Read-only, unlike
/// [`upsert_community`]: a question about a community (its leaderboard) must not
/// create one, nor wait for the writer.
pub fn find_community(
    tx: &Transaction,
    platform: Platform,
    community_id: &str,
) -> Result<Option<CommunityId>, StoreError> {
    tx.query_opt(
        "SELECT id FROM communities WHERE platform = $1 AND community_id = $2",
        args![platform_key(platform), community_id],
    )?
    .map(|r| r.get(0))
    .transpose()
}
