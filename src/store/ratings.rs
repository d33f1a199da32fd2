//! Ratings as stored: updated in the transaction that ends a rated game, and read for
//! leaderboards.

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::error::StoreError;
use super::games::seat_players;
use super::model::{GameId, Millis, PlayerId, RatingChange, Scope};
use crate::games::GameKind;
use crate::rating::{rate_game, Rating, RatingConfig};

fn current(conn: &Connection, player: PlayerId, kind: &str, scope: i64) -> Result<Option<(Rating, u32)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = ?1 AND kind = ?2 AND scope = ?3",
    )?;
    Ok(stmt
        .query_row(params![player, kind, scope], |r| {
            Ok((Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? }, r.get(3)?))
        })
        .optional()?)
}

/// Rates a game that just ended with `places`, globally and in its community: every
/// seat against every other, one rating period. Games with a computer seat, or one
/// player in two seats, change nothing.
pub(crate) fn rate_finished_game(
    tx: &Transaction,
    game: GameId,
    places: &[u8],
    now: Millis,
    config: &RatingConfig,
) -> Result<Vec<RatingChange>, StoreError> {
    let players: Option<Vec<PlayerId>> = seat_players(tx, game)?.into_iter().collect();
    let Some(players) = players else { return Ok(Vec::new()) };
    let mut distinct = players.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != players.len() || players.len() != places.len() || players.len() < 2 {
        return Ok(Vec::new());
    }
    let (kind, community): (String, Option<i64>) = tx
        .prepare_cached("SELECT kind, community_id FROM games WHERE id = ?1")?
        .query_row([game], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let mut scopes = vec![Scope::Global];
    if let Some(c) = community {
        scopes.push(Scope::Community(super::model::CommunityId(c)));
    }
    let mut changes = Vec::new();
    for scope in scopes {
        let mut before = Vec::with_capacity(players.len());
        let mut games = Vec::with_capacity(players.len());
        for p in &players {
            let (r, g) = current(tx, *p, &kind, scope.key())?.unwrap_or((config.start, 0));
            before.push(r);
            games.push(g);
        }
        let after = rate_game(&before, places, config);
        let mut upsert = tx.prepare_cached(
            "INSERT INTO ratings (player_id, kind, scope, rating, deviation, volatility, games, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (player_id, kind, scope) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
                 updated_at = excluded.updated_at",
        )?;
        let mut history = tx.prepare_cached(
            "INSERT INTO rating_history (player_id, kind, scope, game_id, rating, deviation, volatility, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        for (i, p) in players.iter().enumerate() {
            let a = after[i];
            upsert.execute(params![p, kind, scope.key(), a.rating, a.deviation, a.volatility, games[i] + 1, now])?;
            history.execute(params![p, kind, scope.key(), game, a.rating, a.deviation, a.volatility, now])?;
            changes.push(RatingChange { player: *p, scope, before: before[i], after: a });
        }
    }
    Ok(changes)
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    /// 1 for the top; provisional players come after every established one.
    pub rank: u32,
    /// Who.
    pub player: PlayerId,
    /// Their display name.
    pub name: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played in this kind and scope.
    pub games: u32,
    /// Deviation above the threshold: shown `1512?`.
    pub provisional: bool,
}

/// Established players first, then by rating; `threshold` is the SQL parameter that
/// holds the provisional deviation.
fn order(threshold: &str) -> String {
    format!("ORDER BY (r.deviation > {threshold}) ASC, r.rating DESC, r.games DESC, r.player_id ASC")
}

/// The top `limit` players of a game kind in a scope.
pub fn leaderboard(
    conn: &Connection,
    kind: GameKind,
    scope: Scope,
    limit: u32,
    config: &RatingConfig,
) -> Result<Vec<LeaderboardRow>, StoreError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT r.player_id, p.display_name, r.rating, r.deviation, r.volatility, r.games
         FROM ratings r JOIN players p ON p.id = r.player_id
         WHERE r.kind = ?1 AND r.scope = ?2 {} LIMIT ?4",
        order("?3")
    ))?;
    let rows = stmt.query_map(params![kind.name(), scope.key(), config.provisional_deviation, limit], |r| {
        let rating = Rating { rating: r.get(2)?, deviation: r.get(3)?, volatility: r.get(4)? };
        Ok((r.get::<_, PlayerId>(0)?, r.get::<_, String>(1)?, rating, r.get::<_, u32>(5)?))
    })?;
    let mut out = Vec::new();
    for (i, row) in rows.enumerate() {
        let (player, name, rating, games) = row?;
        out.push(LeaderboardRow {
            rank: i as u32 + 1,
            player,
            name,
            rating,
            games,
            provisional: rating.is_provisional(config),
        });
    }
    Ok(out)
}

/// A player's rating in one kind and scope, with their rank there.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    /// The game.
    pub kind: GameKind,
    /// Where.
    pub scope: Scope,
    /// The rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// Shown with a `?`.
    pub provisional: bool,
    /// Place on that leaderboard, 1 for the top.
    pub rank: u32,
    /// Players on that leaderboard.
    pub of: u32,
}

/// Every rating of a player, with ranks.
pub fn player_ratings(
    conn: &Connection,
    player: PlayerId,
    config: &RatingConfig,
) -> Result<Vec<PlayerRating>, StoreError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT kind, scope, rating, deviation, volatility, games, rank, total FROM (
             SELECT r.*, row_number() OVER (PARTITION BY r.kind, r.scope {}) AS rank,
                    count(*) OVER (PARTITION BY r.kind, r.scope) AS total
             FROM ratings r WHERE (r.kind, r.scope) IN (SELECT kind, scope FROM ratings WHERE player_id = ?1))
         WHERE player_id = ?1 ORDER BY kind, scope",
        order("?2")
    ))?;
    let rows = stmt.query_map(params![player, config.provisional_deviation], |r| {
        let rating = Rating { rating: r.get(2)?, deviation: r.get(3)?, volatility: r.get(4)? };
        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, rating, r.get(5)?, r.get(6)?, r.get(7)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (kind, scope, rating, games, rank, of) = row?;
        let kind: GameKind =
            kind.parse().map_err(|_| StoreError::Internal(format!("unknown game kind {kind:?} in the database")))?;
        out.push(PlayerRating {
            kind,
            scope: Scope::from_key(scope),
            rating,
            games,
            provisional: rating.is_provisional(config),
            rank,
            of,
        });
    }
    Ok(out)
}

/// A player's rating after each rated game, oldest first, for charts.
pub fn rating_history(
    conn: &Connection,
    player: PlayerId,
    kind: GameKind,
    scope: Scope,
) -> Result<Vec<(Millis, GameId, Rating)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT at, game_id, rating, deviation, volatility FROM rating_history
         WHERE player_id = ?1 AND kind = ?2 AND scope = ?3 ORDER BY at, id",
    )?;
    let rows = stmt.query_map(params![player, kind.name(), scope.key()], |r| {
        Ok((r.get(0)?, r.get(1)?, Rating { rating: r.get(2)?, deviation: r.get(3)?, volatility: r.get(4)? }))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The record of one player against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    /// Games both played to a result (aborted games do not count).
    pub games: u32,
    /// Games the first player finished ahead.
    pub wins: u32,
    /// Games they shared a place.
    pub draws: u32,
    /// Games the second player finished ahead.
    pub losses: u32,
}

/// `a`'s record against `b`, in one game kind or all.
pub fn head_to_head(
    conn: &Connection,
    a: PlayerId,
    b: PlayerId,
    kind: Option<GameKind>,
) -> Result<HeadToHead, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT g.places, sa.seat, sb.seat FROM games g
         JOIN seats sa ON sa.game_id = g.id AND sa.player_id = ?1
         JOIN seats sb ON sb.game_id = g.id AND sb.player_id = ?2
         WHERE g.status = 'over' AND g.places IS NOT NULL AND (?3 IS NULL OR g.kind = ?3)",
    )?;
    let rows = stmt.query_map(params![a, b, kind.map(GameKind::name)], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, usize>(1)?, r.get::<_, usize>(2)?))
    })?;
    let mut h = HeadToHead::default();
    for row in rows {
        let (places, sa, sb) = row?;
        let places: Vec<u8> = serde_json::from_str(&places)?;
        let (Some(pa), Some(pb)) = (places.get(sa), places.get(sb)) else { continue };
        if sa == sb {
            continue;
        }
        h.games += 1;
        match pa.cmp(pb) {
            std::cmp::Ordering::Less => h.wins += 1,
            std::cmp::Ordering::Equal => h.draws += 1,
            std::cmp::Ordering::Greater => h.losses += 1,
        }
    }
    Ok(h)
}
