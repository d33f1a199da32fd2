//! Challenges: an invitation to a game, answered by up to three players.

use super::error::StoreError;
use super::model::{ChallengeId, CommunityId, GameId, Millis, PlayerId, TimeControl};
use super::replay;
use super::sql::{args, Dialect, Transaction};
use crate::games::GameKind;

/// The most players one challenge invites (Cabale has four seats).
pub const MAX_CHALLENGED: usize = 3;

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    /// Waiting for answers.
    Open,
    /// Everyone accepted; the game exists.
    Accepted,
    /// Someone declined.
    Declined,
    /// Nobody answered in time.
    Expired,
    /// The challenger took it back.
    Withdrawn,
}

impl ChallengeStatus {
    fn key(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
            ChallengeStatus::Withdrawn => "withdrawn",
        }
    }

    fn from_key(k: &str) -> Result<Self, StoreError> {
        [Self::Open, Self::Accepted, Self::Declined, Self::Expired, Self::Withdrawn]
            .into_iter()
            .find(|s| s.key() == k)
            .ok_or_else(|| StoreError::Internal(format!("unknown challenge status {k:?}")))
    }
}

/// One challenged player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeAnswer {
    /// Not yet.
    Pending,
    /// Yes.
    Accepted,
    /// No.
    Declined,
}

impl ChallengeAnswer {
    fn key(self) -> &'static str {
        match self {
            ChallengeAnswer::Pending => "pending",
            ChallengeAnswer::Accepted => "accepted",
            ChallengeAnswer::Declined => "declined",
        }
    }

    fn from_key(k: &str) -> Result<Self, StoreError> {
        [Self::Pending, Self::Accepted, Self::Declined]
            .into_iter()
            .find(|s| s.key() == k)
            .ok_or_else(|| StoreError::Internal(format!("unknown challenge answer {k:?}")))
    }
}

/// Who moves first in the game a challenge starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FirstMover {
    /// The challenger.
    Challenger,
    /// The (first) challenged player.
    Challenged,
    /// Drawn when the game starts.
    #[default]
    Random,
}

impl FirstMover {
    const ALL: [FirstMover; 3] = [FirstMover::Challenger, FirstMover::Challenged, FirstMover::Random];

    fn key(self) -> &'static str {
        match self {
            FirstMover::Challenger => "challenger",
            FirstMover::Challenged => "challenged",
            FirstMover::Random => "random",
        }
    }

    fn from_key(k: &str) -> Result<FirstMover, StoreError> {
        FirstMover::ALL
            .into_iter()
            .find(|f| f.key() == k)
            .ok_or_else(|| StoreError::Internal(format!("unknown first mover {k:?}")))
    }
}

/// A challenge to create.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    /// Who challenges.
    pub challenger: PlayerId,
    /// Who is challenged, one to three players.
    pub challenged: Vec<PlayerId>,
    /// The game.
    pub kind: GameKind,
    /// Rule options as JSON; `None` for the defaults.
    pub settings: Option<String>,
    /// A start position code, for a casual game set up from a code.
    pub start_code: Option<String>,
    /// Counts for ratings.
    pub rated: bool,
    /// The time control as JSON.
    pub time_control: Option<TimeControl>,
    /// The leaderboard scope.
    pub community: Option<CommunityId>,
    /// Where it was made.
    pub channel: Option<String>,
    /// Now.
    pub now: Millis,
    /// When it lapses.
    pub expires_at: Option<Millis>,
    /// Who moves first once it is accepted.
    pub first: FirstMover,
}

/// A stored challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// The row.
    pub id: ChallengeId,
    /// Who challenges.
    pub challenger: PlayerId,
    /// Each challenged player and their answer.
    pub challenged: Vec<(PlayerId, ChallengeAnswer)>,
    /// The game.
    pub kind: GameKind,
    /// Rule options as JSON, normal form.
    pub settings: String,
    /// A start position code.
    pub start_code: Option<String>,
    /// Counts for ratings.
    pub rated: bool,
    /// The time control as JSON.
    pub time_control: Option<TimeControl>,
    /// The leaderboard scope.
    pub community: Option<CommunityId>,
    /// Where it was made.
    pub channel: Option<String>,
    /// When made.
    pub created_at: Millis,
    /// When it lapses.
    pub expires_at: Option<Millis>,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// The game it became.
    pub game: Option<GameId>,
    /// Who moves first once it is accepted.
    pub first: FirstMover,
}

/// Stores a new open challenge; the settings and start code are checked by the core.
pub fn create_challenge(tx: &Transaction, c: &NewChallenge) -> Result<ChallengeId, StoreError> {
    if c.challenged.is_empty() || c.challenged.len() > MAX_CHALLENGED {
        return Err(StoreError::Invalid(format!("a challenge names 1 to {MAX_CHALLENGED} players")));
    }
    let start = replay::replay::<&str>(c.kind, c.settings.as_deref(), c.start_code.as_deref(), &[])?;
    let id: ChallengeId = tx
        .query_one(
            "INSERT INTO challenges (challenger_id, kind, settings, start_code, rated, time_control, community_id,
                                     channel, created_at, expires_at, status, first_mover)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11) RETURNING id",
            args![
                c.challenger,
                c.kind.name(),
                start.settings,
                c.start_code,
                c.rated,
                c.time_control,
                c.community,
                c.channel,
                c.now,
                c.expires_at,
                c.first.key()
            ],
        )?
        .get(0)?;
    for p in &c.challenged {
        if *p == c.challenger {
            return Err(StoreError::Invalid("a player cannot challenge themselves".to_string()));
        }
        let inserted = tx.execute(
            "INSERT INTO challenge_targets (challenge_id, player_id, answer) VALUES ($1, $2, 'pending')",
            args![id, p],
        );
        match inserted {
            Err(e) if e.is_unique_violation() => {
                return Err(StoreError::Invalid("a player is named twice".to_string()))
            }
            other => other?,
        };
    }
    Ok(id)
}

/// A challenge by row.
pub fn load_challenge(tx: &Transaction, id: ChallengeId) -> Result<Challenge, StoreError> {
    challenge(tx, id, false)
}

/// A challenge; `lock`: its row stays locked until the transaction ends (PostgreSQL;
/// SQLite has one writer), so that two answers given at once are counted one after
/// the other.
fn challenge(tx: &Transaction, id: ChallengeId, lock: bool) -> Result<Challenge, StoreError> {
    let columns = "challenger_id, kind, settings, start_code, rated, time_control, community_id, channel, \
                   created_at, expires_at, status, game_id, first_mover";
    let sql = match (lock, tx.dialect()) {
        (true, Dialect::Postgres) => format!("SELECT {columns} FROM challenges WHERE id = $1 FOR UPDATE"),
        _ => format!("SELECT {columns} FROM challenges WHERE id = $1"),
    };
    let r = tx.query_opt(&sql, args![id])?.ok_or_else(|| StoreError::NotFound(format!("challenge {}", id.0)))?;
    // The order the players were named in: SQLite's rowid, PostgreSQL's identity.
    let targets = match tx.dialect() {
        Dialect::Sqlite => "SELECT player_id, answer FROM challenge_targets WHERE challenge_id = $1 ORDER BY rowid",
        Dialect::Postgres => "SELECT player_id, answer FROM challenge_targets WHERE challenge_id = $1 ORDER BY id",
    };
    let challenged = tx
        .query(targets, args![id])?
        .iter()
        .map(|t| Ok((t.get::<PlayerId>(0)?, ChallengeAnswer::from_key(&t.get::<String>(1)?)?)))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let kind: String = r.get(1)?;
    Ok(Challenge {
        id,
        challenger: r.get(0)?,
        challenged,
        kind: kind.parse().map_err(|_| StoreError::Internal(format!("unknown game kind {kind:?}")))?,
        settings: r.get(2)?,
        start_code: r.get(3)?,
        rated: r.get(4)?,
        time_control: r.get(5)?,
        community: r.get(6)?,
        channel: r.get(7)?,
        created_at: r.get(8)?,
        expires_at: r.get(9)?,
        status: ChallengeStatus::from_key(&r.get::<String>(10)?)?,
        game: r.get(11)?,
        first: FirstMover::from_key(&r.get::<String>(12)?)?,
    })
}

/// Records a challenged player's answer to an open challenge; a decline closes it.
/// Returns the challenge as it now stands (all accepted: still `Open` until the caller
/// creates the game and calls [`close_challenge`]).
pub fn answer_challenge(
    tx: &Transaction,
    id: ChallengeId,
    player: PlayerId,
    answer: ChallengeAnswer,
) -> Result<Challenge, StoreError> {
    let c = challenge(tx, id, true)?;
    if c.status != ChallengeStatus::Open {
        return Err(StoreError::MovedOn);
    }
    let changed = tx.execute(
        "UPDATE challenge_targets SET answer = $1 WHERE challenge_id = $2 AND player_id = $3",
        args![answer.key(), id, player],
    )?;
    if changed == 0 {
        return Err(StoreError::NotFound(format!("player {} in challenge {}", player.0, id.0)));
    }
    if answer == ChallengeAnswer::Declined {
        close_challenge(tx, id, ChallengeStatus::Declined, None)?;
    }
    load_challenge(tx, id)
}

/// Moves an open challenge to a final status (and links the game it became).
pub fn close_challenge(
    tx: &Transaction,
    id: ChallengeId,
    status: ChallengeStatus,
    game: Option<GameId>,
) -> Result<(), StoreError> {
    if status == ChallengeStatus::Open {
        return Err(StoreError::Invalid("a challenge cannot be reopened".to_string()));
    }
    let changed = tx.execute(
        "UPDATE challenges SET status = $1, game_id = $2 WHERE id = $3 AND status = 'open'",
        args![status.key(), game, id],
    )?;
    if changed == 0 {
        load_challenge(tx, id)?;
        return Err(StoreError::MovedOn);
    }
    Ok(())
}

/// Open challenges that involve `player`, as challenger or challenged, oldest first.
pub fn open_challenges(tx: &Transaction, player: PlayerId) -> Result<Vec<Challenge>, StoreError> {
    let ids = tx.query(
        "SELECT id FROM challenges WHERE status = 'open' AND (challenger_id = $1
            OR id IN (SELECT challenge_id FROM challenge_targets WHERE player_id = $1))
         ORDER BY created_at, id",
        args![player],
    )?;
    ids.iter().map(|r| load_challenge(tx, r.get(0)?)).collect()
}

/// How many open challenges `player` has made that have not expired at `now` (an
/// expiry not yet swept does not count against the player).
pub fn count_open_challenges_by(tx: &Transaction, player: PlayerId, now: Millis) -> Result<u32, StoreError> {
    let n: i64 = tx
        .query_one(
            "SELECT count(*) FROM challenges WHERE status = 'open' AND challenger_id = $1
               AND (expires_at IS NULL OR expires_at > $2)",
            args![player, now],
        )?
        .get(0)?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Marks every open challenge past its expiry as expired and returns them.
pub fn expire_challenges(tx: &Transaction, now: Millis) -> Result<Vec<ChallengeId>, StoreError> {
    let mut ids: Vec<ChallengeId> = tx
        .query(
            "UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= $1 RETURNING id",
            args![now],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect::<Result<_, _>>()?;
    // RETURNING gives no order.
    ids.sort();
    Ok(ids)
}
