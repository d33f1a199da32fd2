//! Players and communities.

use super::error::StoreError;
use super::model::{CommunityId, Millis, Player, PlayerId};
use super::sql::{args, Dialect, Row, Transaction};
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

/// What the store knows of the languages around one request or message: the player's
/// own choice and last reported locale, and the community's. Tags as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Languages {
    /// The player's choice (`/boardbot language fr`).
    pub player_choice: Option<String>,
    /// The locale the player's platform last reported.
    pub player_locale: Option<String>,
    /// The community's choice (`scope:server`, `scope:room`, `--language`).
    pub community_choice: Option<String>,
    /// The locale the community's platform reports (Discord's `guild_locale`).
    pub community_locale: Option<String>,
}

/// The languages of a player (by platform user id) and a community, as far as known,
/// in one statement (it is read for every request).
/// Read-only: a request's language is resolved before anything is written.
pub fn languages(
    tx: &Transaction,
    platform: Platform,
    user_id: Option<&str>,
    community_id: Option<&str>,
) -> Result<Languages, StoreError> {
    if user_id.is_none() && community_id.is_none() {
        return Ok(Languages::default());
    }
    // A NULL id matches no row: each side is NULL when unknown or not asked.
    let row = tx.query_one(
        "SELECT p.language, p.locale, c.language, c.locale
         FROM (SELECT 1 AS one) AS asked
         LEFT JOIN players p ON p.platform = $1 AND p.user_id = $2
         LEFT JOIN communities c ON c.platform = $1 AND c.community_id = $3",
        args![platform_key(platform), user_id, community_id],
    )?;
    Ok(Languages {
        player_choice: row.get(0)?,
        player_locale: row.get(1)?,
        community_choice: row.get(2)?,
        community_locale: row.get(3)?,
    })
}

/// The languages of a player by row and a community by row (for messages the service
/// sends on its own, which know rows rather than platform ids).
pub fn languages_of(
    tx: &Transaction,
    player: Option<PlayerId>,
    community: Option<CommunityId>,
) -> Result<Languages, StoreError> {
    let mut out = Languages::default();
    if let Some(player) = player {
        if let Some(row) = tx.query_opt("SELECT language, locale FROM players WHERE id = $1", args![player])? {
            out.player_choice = row.get(0)?;
            out.player_locale = row.get(1)?;
        }
    }
    if let Some(community) = community {
        if let Some(row) = tx.query_opt("SELECT language, locale FROM communities WHERE id = $1", args![community])? {
            out.community_choice = row.get(0)?;
            out.community_locale = row.get(1)?;
        }
    }
    Ok(out)
}

/// Sets (or with `None` clears) a player's chosen language.
pub fn set_player_language(tx: &Transaction, player: PlayerId, language: Option<&str>) -> Result<(), StoreError> {
    tx.execute("UPDATE players SET language = $1 WHERE id = $2", args![language, player])?;
    Ok(())
}

/// Sets (or with `None` clears) a community's chosen language.
pub fn set_community_language(
    tx: &Transaction,
    community: CommunityId,
    language: Option<&str>,
) -> Result<(), StoreError> {
    tx.execute("UPDATE communities SET language = $1 WHERE id = $2", args![language, community])?;
    Ok(())
}

/// Keeps the locale a player's platform reported, for the messages that later reach
/// them outside a request (reminders, direct messages). Writes only on a change.
pub fn note_player_locale(tx: &Transaction, player: PlayerId, locale: &str) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE players SET locale = $1 WHERE id = $2 AND (locale IS NULL OR locale <> $1)",
        args![locale, player],
    )?;
    Ok(())
}

/// Keeps the locale a community's platform reported. Writes only on a change.
pub fn note_community_locale(tx: &Transaction, community: CommunityId, locale: &str) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE communities SET locale = $1 WHERE id = $2 AND (locale IS NULL OR locale <> $1)",
        args![locale, community],
    )?;
    Ok(())
}

/// Locks `player`'s row until the transaction ends (PostgreSQL; SQLite has one writer
/// already), so that writes checking a limit of that player's (open challenges, games
/// against the computer) run one after the other and each counts the other's rows.
pub fn lock_player(tx: &Transaction, player: PlayerId) -> Result<(), StoreError> {
    if tx.dialect() == Dialect::Postgres {
        tx.query_opt("SELECT id FROM players WHERE id = $1 FOR UPDATE", args![player])?;
    }
    Ok(())
}
