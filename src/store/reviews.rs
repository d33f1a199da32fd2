//! The computer's reviews of finished games: one row per game, pending until made,
//! then kept.
//!
//! A pending review holds where to post it and who asked, as the service wrote them
//! (the destination is the service's JSON, which the store does not read); a done
//! one holds the review (the service's JSON too). A person has at most one pending
//! review: a partial unique index says so, so that two requests at once cannot both
//! queue one.

use super::error::StoreError;
use super::model::{CommunityId, GameId, Millis, PlayerId};
use super::players::{platform_from_key, platform_key};
use super::sql::{args, Row, Transaction};
use crate::config::Platform;

/// A review to queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewReview<'a> {
    /// The finished game.
    pub game: GameId,
    /// Who asked; `None` for a review queued when the game ended.
    pub requested_by: Option<PlayerId>,
    /// The platform of the outbox it is posted through.
    pub platform: Platform,
    /// Where it is posted (the service's JSON).
    pub destination: &'a str,
    /// The community whose language words it.
    pub community: Option<CommunityId>,
    /// Playouts per position.
    pub playouts: u64,
    /// Now.
    pub now: Millis,
}

/// A stored review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewRow {
    /// The game.
    pub game: GameId,
    /// Who asked, if anyone did.
    pub requested_by: Option<PlayerId>,
    /// The platform it is posted on.
    pub platform: Platform,
    /// Where it is posted (the service's JSON).
    pub destination: String,
    /// The community whose language words it.
    pub community: Option<CommunityId>,
    /// Playouts per position.
    pub playouts: u64,
    /// The review (the service's JSON) once made; `None` while pending.
    pub result: Option<String>,
    /// When it was queued.
    pub created_at: Millis,
    /// When it was made.
    pub done_at: Option<Millis>,
}

/// Why a review was not queued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Queued {
    /// It is queued now.
    Yes,
    /// The game has a review already, pending or made.
    Exists,
    /// The person who asked has another review pending: this game's.
    Busy(GameId),
}

const COLUMNS: &str =
    "game_id, requested_by, platform, destination, community_id, playouts, result, created_at, done_at";

fn review(r: &Row) -> Result<ReviewRow, StoreError> {
    let platform: String = r.get(2)?;
    let playouts: i64 = r.get(5)?;
    Ok(ReviewRow {
        game: r.get(0)?,
        requested_by: r.get(1)?,
        platform: platform_from_key(&platform)?,
        destination: r.get(3)?,
        community: r.get(4)?,
        playouts: u64::try_from(playouts).unwrap_or(1),
        result: r.get(6)?,
        created_at: r.get(7)?,
        done_at: r.get(8)?,
    })
}

/// Queues a review as pending, unless the game has one or the person who asked has
/// another one pending (checked by the schema as well, so two requests at once
/// cannot both pass).
pub fn queue_review(tx: &Transaction, new: &NewReview<'_>) -> Result<Queued, StoreError> {
    if load_review(tx, new.game)?.is_some() {
        return Ok(Queued::Exists);
    }
    if let Some(asker) = new.requested_by {
        if let Some(other) = pending_review_of(tx, asker)? {
            return Ok(Queued::Busy(other));
        }
    }
    let inserted = tx.execute(
        "INSERT INTO reviews (game_id, status, requested_by, platform, destination, community_id, playouts,
                              created_at)
         VALUES ($1, 'pending', $2, $3, $4, $5, $6, $7)
         ON CONFLICT DO NOTHING",
        args![
            new.game,
            new.requested_by,
            platform_key(new.platform),
            new.destination,
            new.community,
            new.playouts,
            new.now
        ],
    )?;
    if inserted == 1 {
        return Ok(Queued::Yes);
    }
    // Another request got in between the reads and the insert.
    match new.requested_by.map(|p| pending_review_of(tx, p)).transpose()?.flatten() {
        Some(other) if other != new.game => Ok(Queued::Busy(other)),
        _ => Ok(Queued::Exists),
    }
}

/// The review of `game`, pending or made, if there is one.
pub fn load_review(tx: &Transaction, game: GameId) -> Result<Option<ReviewRow>, StoreError> {
    tx.query_opt(&format!("SELECT {COLUMNS} FROM reviews WHERE game_id = $1"), args![game])?
        .map(|r| review(&r))
        .transpose()
}

/// The game whose review `player` asked for and is still pending, if any.
pub fn pending_review_of(tx: &Transaction, player: PlayerId) -> Result<Option<GameId>, StoreError> {
    tx.query_opt("SELECT game_id FROM reviews WHERE requested_by = $1 AND status = 'pending'", args![player])?
        .map(|r| r.get(0))
        .transpose()
}

/// Up to `limit` pending reviews, oldest first.
pub fn pending_reviews(tx: &Transaction, limit: u32) -> Result<Vec<ReviewRow>, StoreError> {
    tx.query(
        &format!("SELECT {COLUMNS} FROM reviews WHERE status = 'pending' ORDER BY created_at, game_id LIMIT $1"),
        args![limit],
    )?
    .iter()
    .map(review)
    .collect()
}

/// Stores the made review of `game` (`result`, the service's JSON). False when it
/// was not pending (made already, by another process, or dropped).
pub fn finish_review(tx: &Transaction, game: GameId, result: &str, now: Millis) -> Result<bool, StoreError> {
    let changed = tx.execute(
        "UPDATE reviews SET status = 'done', result = $1, done_at = $2 WHERE game_id = $3 AND status = 'pending'",
        args![result, now, game],
    )?;
    Ok(changed == 1)
}

/// Forgets the pending review of `game` (it could not be made); a made one stays.
pub fn drop_review(tx: &Transaction, game: GameId) -> Result<(), StoreError> {
    tx.execute("DELETE FROM reviews WHERE game_id = $1 AND status = 'pending'", args![game])?;
    Ok(())
}
