//! Ratings as stored: updated in the transaction that ends a rated game, and read for
//! leaderboards.

use super::error::StoreError;
use super::model::{CommunityId, GameId, Millis, PlayerId, RatingChange, Scope};
use super::sql::{args, Dialect, Transaction};
use crate::games::GameKind;
use crate::rating::{rate_game, Rating, RatingConfig};

fn current(tx: &Transaction, player: PlayerId, kind: &str, scope: i64) -> Result<Option<(Rating, u32)>, StoreError> {
    tx.query_opt(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = $1 AND kind = $2 AND scope = $3",
        args![player, kind, scope],
    )?
    .map(|r| Ok((Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? }, r.get(3)?)))
    .transpose()
}

/// A game that just ended, as the ratings need it.
#[derive(Clone, Debug)]
pub(crate) struct RatedGame {
    /// The game.
    pub id: GameId,
    /// Its kind's name.
    pub kind: String,
    /// Its community, rated as a second scope.
    pub community: Option<CommunityId>,
    /// Who sits in each seat (`None`: the computer).
    pub players: Vec<Option<PlayerId>>,
}

/// Rates a game that just ended with `places`, globally and in its community: every
/// seat against every other, one rating period. Games with a computer seat, or one
/// player in two seats, change nothing.
pub(crate) fn rate_finished_game(
    tx: &Transaction,
    game: &RatedGame,
    places: &[u8],
    now: Millis,
    config: &RatingConfig,
) -> Result<Vec<RatingChange>, StoreError> {
    let players: Option<Vec<PlayerId>> = game.players.iter().copied().collect();
    let Some(players) = players else { return Ok(Vec::new()) };
    let mut distinct = players.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != players.len() || players.len() != places.len() || players.len() < 2 {
        return Ok(Vec::new());
    }
    if tx.dialect() == Dialect::Postgres {
        // Two games of one player ending at once on two connections would each read
        // the rating before the other's change: the players' rows are locked first,
        // always in the same order so that two such games never wait on each other.
        for p in &distinct {
            tx.query("SELECT id FROM players WHERE id = $1 FOR UPDATE", args![p])?;
        }
    }
    let kind = game.kind.as_str();
    let mut scopes = vec![Scope::Global];
    if let Some(c) = game.community {
        scopes.push(Scope::Community(c));
    }
    let mut changes = Vec::new();
    for scope in scopes {
        let mut before = Vec::with_capacity(players.len());
        let mut games = Vec::with_capacity(players.len());
        for p in &players {
            let (r, g) = current(tx, *p, kind, scope.key())?.unwrap_or((config.start, 0));
            before.push(r);
            games.push(g);
        }
        let after = rate_game(&before, places, config);
        for (i, p) in players.iter().enumerate() {
            let a = after[i];
            tx.execute(
                "INSERT INTO ratings (player_id, kind, scope, rating, deviation, volatility, games, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (player_id, kind, scope) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
                     updated_at = excluded.updated_at",
                args![p, kind, scope.key(), a.rating, a.deviation, a.volatility, games[i] + 1, now],
            )?;
            tx.execute(
                "INSERT INTO rating_history (player_id, kind, scope, game_id, rating, deviation, volatility, at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                args![p, kind, scope.key(), game.id, a.rating, a.deviation, a.volatility, now],
            )?;
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
    tx: &Transaction,
    kind: GameKind,
    scope: Scope,
    limit: u32,
    config: &RatingConfig,
) -> Result<Vec<LeaderboardRow>, StoreError> {
    let rows = tx.query(
        &format!(
            "SELECT r.player_id, p.display_name, r.rating, r.deviation, r.volatility, r.games
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.kind = $1 AND r.scope = $2 {} LIMIT $4",
            order("$3")
        ),
        args![kind.name(), scope.key(), config.provisional_deviation, limit],
    )?;
    let mut out = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let rating = Rating { rating: r.get(2)?, deviation: r.get(3)?, volatility: r.get(4)? };
        let (player, name, games): (PlayerId, String, u32) = (r.get(0)?, r.get(1)?, r.get(5)?);
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
    tx: &Transaction,
    player: PlayerId,
    config: &RatingConfig,
) -> Result<Vec<PlayerRating>, StoreError> {
    let rows = tx.query(
        &format!(
            "SELECT kind, scope, rating, deviation, volatility, games, rank, total FROM (
                 SELECT r.*, row_number() OVER (PARTITION BY r.kind, r.scope {}) AS rank,
                        count(*) OVER (PARTITION BY r.kind, r.scope) AS total
                 FROM ratings r WHERE (r.kind, r.scope) IN (SELECT kind, scope FROM ratings WHERE player_id = $1)
             ) AS ranked
             WHERE player_id = $1 ORDER BY kind, scope",
            order("$2")
        ),
        args![player, config.provisional_deviation],
    )?;
    let mut out = Vec::new();
    for r in &rows {
        let rating = Rating { rating: r.get(2)?, deviation: r.get(3)?, volatility: r.get(4)? };
        let (kind, scope, games, rank, of): (String, i64, u32, u32, u32) =
            (r.get(0)?, r.get(1)?, r.get(5)?, r.get(6)?, r.get(7)?);
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
    tx: &Transaction,
    player: PlayerId,
    kind: GameKind,
    scope: Scope,
) -> Result<Vec<(Millis, GameId, Rating)>, StoreError> {
    tx.query(
        "SELECT at, game_id, rating, deviation, volatility FROM rating_history
         WHERE player_id = $1 AND kind = $2 AND scope = $3 ORDER BY at, id",
        args![player, kind.name(), scope.key()],
    )?
    .iter()
    .map(|r| Ok((r.get(0)?, r.get(1)?, Rating { rating: r.get(2)?, deviation: r.get(3)?, volatility: r.get(4)? })))
    .collect()
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
    tx: &Transaction,
    a: PlayerId,
    b: PlayerId,
    kind: Option<GameKind>,
) -> Result<HeadToHead, StoreError> {
    let rows = tx.query(
        "SELECT g.places, sa.seat, sb.seat FROM games g
         JOIN seats sa ON sa.game_id = g.id AND sa.player_id = $1
         JOIN seats sb ON sb.game_id = g.id AND sb.player_id = $2
         WHERE g.status = 'over' AND g.places IS NOT NULL AND (CAST($3 AS TEXT) IS NULL OR g.kind = $3)",
        args![a, b, kind.map(GameKind::name)],
    )?;
    let mut h = HeadToHead::default();
    for r in &rows {
        let (places, sa, sb): (String, usize, usize) = (r.get(0)?, r.get(1)?, r.get(2)?);
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
