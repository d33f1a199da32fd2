//! Signing in on the web pages (`migrations/015_web_sessions.sql`): single-use login
//! links and the sessions they open. Only digests are stored (the caller hashes the
//! link's token and the session's id before they reach the store), so nothing here
//! signs anyone in by itself.

use super::error::StoreError;
use super::model::{GameId, Millis, PlayerId};
use super::sql::{args, Transaction};

/// How long a login link stays in the table after it expired.
const LOGINS_KEPT_MS: Millis = 24 * 60 * 60 * 1000;

/// How a session began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionVia {
    /// A login link from `/boardbot web login`.
    Link,
    /// Discord's Activity (its OAuth2 code exchanged).
    Activity,
}

impl SessionVia {
    fn key(self) -> &'static str {
        match self {
            SessionVia::Link => "link",
            SessionVia::Activity => "activity",
        }
    }

    fn from_key(key: &str) -> Result<SessionVia, StoreError> {
        match key {
            "link" => Ok(SessionVia::Link),
            "activity" => Ok(SessionVia::Activity),
            other => Err(StoreError::Internal(format!("unknown session origin {other:?} in the database"))),
        }
    }
}

/// A live session as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebSession {
    /// Whose it is.
    pub player: PlayerId,
    /// When it was last used (to the hour: see [`touch_web_session`]).
    pub seen_at: Millis,
    /// How it began.
    pub via: SessionVia,
}

/// Keeps a login link's digest for `player`, valid until `expires_at`. Links and
/// sessions long over are removed in the same transaction, so the tables hold only
/// what can still be used (and a day of used links, for the logs' sake).
pub fn new_web_login(
    tx: &Transaction,
    token_hash: &str,
    player: PlayerId,
    now: Millis,
    expires_at: Millis,
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM web_logins WHERE expires_at < $1", args![now.saturating_sub(LOGINS_KEPT_MS)])?;
    tx.execute(
        "INSERT INTO web_logins (token_hash, player_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        args![token_hash, player, now, expires_at],
    )?;
    Ok(())
}

/// Uses the login link of digest `token_hash`: its player, when it is unused and not
/// expired at `now`; it is then marked used, in this transaction, so that it never
/// signs anyone in again (two uses at once: one wins, on either back end, as the
/// update takes the row).
pub fn use_web_login(tx: &Transaction, token_hash: &str, now: Millis) -> Result<Option<PlayerId>, StoreError> {
    tx.query_opt(
        "UPDATE web_logins SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING player_id",
        args![token_hash, now],
    )?
    .map(|r| r.get(0))
    .transpose()
}

/// Opens a session of digest `session_hash` for `player`; sessions unused since
/// `stale_before` are removed in the same transaction.
pub fn new_web_session(
    tx: &Transaction,
    session_hash: &str,
    player: PlayerId,
    via: SessionVia,
    now: Millis,
    stale_before: Millis,
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM web_sessions WHERE seen_at < $1", args![stale_before])?;
    tx.execute(
        "INSERT INTO web_sessions (session_hash, player_id, created_at, seen_at, via) VALUES ($1, $2, $3, $3, $4)",
        args![session_hash, player, now, via.key()],
    )?;
    Ok(())
}

/// The session of digest `session_hash`, if it was used since `stale_before`.
pub fn web_session(
    tx: &Transaction,
    session_hash: &str,
    stale_before: Millis,
) -> Result<Option<WebSession>, StoreError> {
    let row = tx.query_opt(
        "SELECT player_id, seen_at, via FROM web_sessions WHERE session_hash = $1 AND seen_at >= $2",
        args![session_hash, stale_before],
    )?;
    match row {
        None => Ok(None),
        Some(r) => Ok(Some(WebSession {
            player: r.get(0)?,
            seen_at: r.get(1)?,
            via: SessionVia::from_key(&r.get::<String>(2)?)?,
        })),
    }
}

/// Notes that the session of digest `session_hash` was used at `now`.
pub fn touch_web_session(tx: &Transaction, session_hash: &str, now: Millis) -> Result<(), StoreError> {
    tx.execute("UPDATE web_sessions SET seen_at = $2 WHERE session_hash = $1", args![session_hash, now])?;
    Ok(())
}

/// Ends the session of digest `session_hash`; whether there was one.
pub fn end_web_session(tx: &Transaction, session_hash: &str) -> Result<bool, StoreError> {
    Ok(tx.execute("DELETE FROM web_sessions WHERE session_hash = $1", args![session_hash])? > 0)
}

/// Ends every session of `player`, and the login links they have not used: how many
/// sessions there were.
pub fn end_web_sessions_of(tx: &Transaction, player: PlayerId) -> Result<u64, StoreError> {
    tx.execute("DELETE FROM web_logins WHERE player_id = $1 AND used_at IS NULL", args![player])?;
    Ok(tx.execute("DELETE FROM web_sessions WHERE player_id = $1", args![player])?)
}

/// How many sessions `player` has that were used since `stale_before`.
pub fn web_sessions_of(tx: &Transaction, player: PlayerId, stale_before: Millis) -> Result<u64, StoreError> {
    let n: i64 = tx
        .query_one(
            "SELECT COUNT(*) FROM web_sessions WHERE player_id = $1 AND seen_at >= $2",
            args![player, stale_before],
        )?
        .get(0)?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Keeps `game` as the game `player` last asked to play, until `expires_at` (it
/// replaces the one before); launches long over are removed in the same transaction.
pub fn note_web_launch(
    tx: &Transaction,
    player: PlayerId,
    game: GameId,
    now: Millis,
    expires_at: Millis,
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM web_launches WHERE expires_at <= $1", args![now])?;
    tx.execute(
        "INSERT INTO web_launches (player_id, game_id, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (player_id) DO UPDATE SET game_id = excluded.game_id, expires_at = excluded.expires_at",
        args![player, game, expires_at],
    )?;
    Ok(())
}

/// Takes the game `player` last asked to play, if it has not expired at `now`: it is
/// removed either way, so it opens once.
pub fn take_web_launch(tx: &Transaction, player: PlayerId, now: Millis) -> Result<Option<GameId>, StoreError> {
    let row =
        tx.query_opt("DELETE FROM web_launches WHERE player_id = $1 RETURNING game_id, expires_at", args![player])?;
    match row {
        Some(r) if r.get::<Millis>(1)? > now => Ok(Some(r.get(0)?)),
        _ => Ok(None),
    }
}

/// The platform's id of `community` (a Discord server's, a Matrix room's): a request
/// made on a game's web page is placed in its game's community.
pub fn community_key(tx: &Transaction, community: super::model::CommunityId) -> Result<Option<String>, StoreError> {
    tx.query_opt("SELECT community_id FROM communities WHERE id = $1", args![community])?.map(|r| r.get(0)).transpose()
}
