//! Puzzles as stored (`migrations/017_puzzles.sql`, PostgreSQL 012): the queue of
//! reviewed games waiting for the puzzle finder, the puzzles it found, the puzzles
//! given to people and their answers, the people's puzzle ratings (Glicko-2, apart
//! from the games' ratings) and their streaks.
//!
//! Who may be given which puzzle is decided here, in SQL, once ([`next_puzzle`]):
//! never a puzzle of a game the person played unless the mistake was theirs (an
//! opponent saw the position from the other side and knows what came next), never
//! one they were given before.

use super::error::StoreError;
use super::model::{CommunityId, GameId, Millis, PlayerId};
use super::sql::{args, Dialect, FromValue, Param, Row, ToParam, Transaction, Value};
use super::web::Token;
use crate::games::GameKind;
use crate::rating::{rate_period, Rating, RatingConfig};

/// A puzzle's row, also the number its web page and menus carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PuzzleId(pub i64);

/// A puzzle given to someone: their attempt's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttemptId(pub i64);

macro_rules! row_value {
    ($($t:ident),*) => {$(
        impl ToParam for $t {
            fn to_param(&self) -> Param<'_> {
                Param::Int(self.0)
            }
        }

        impl FromValue for $t {
            fn from_value(v: &Value) -> Result<Self, String> {
                i64::from_value(v).map($t)
            }
        }
    )*};
}
row_value!(PuzzleId, AttemptId);

/// How bad the move played was, as the review labelled it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleLabel {
    /// A mistake (`?`).
    Mistake,
    /// A blunder (`??`).
    Blunder,
}

impl PuzzleLabel {
    fn key(self) -> &'static str {
        match self {
            PuzzleLabel::Mistake => "mistake",
            PuzzleLabel::Blunder => "blunder",
        }
    }

    fn from_key(key: &str) -> Result<PuzzleLabel, StoreError> {
        match key {
            "mistake" => Ok(PuzzleLabel::Mistake),
            "blunder" => Ok(PuzzleLabel::Blunder),
            other => Err(StoreError::Internal(format!("unknown puzzle label {other:?} in the database"))),
        }
    }
}

/// A puzzle to store.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPuzzle {
    /// The finished game it comes from.
    pub game: GameId,
    /// The move of the game that was a mistake: the position is the one before it.
    pub ply: u32,
    /// The game.
    pub kind: GameKind,
    /// The seat that made the mistake.
    pub seat: u8,
    /// Who played that seat (`None`: the computer).
    pub player: Option<PlayerId>,
    /// The game's community.
    pub community: Option<CommunityId>,
    /// The position's code.
    pub code: String,
    /// The move played in the game.
    pub played: String,
    /// How bad it was.
    pub label: PuzzleLabel,
    /// The answer.
    pub best: String,
    /// The best move and what follows while it is forced.
    pub line: Vec<String>,
    /// The points of winning chances the best move keeps over the next.
    pub margin: f64,
    /// Now.
    pub now: Millis,
}

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    /// Its row.
    pub id: PuzzleId,
    /// The game it comes from.
    pub game: GameId,
    /// The move that was a mistake.
    pub ply: u32,
    /// The game.
    pub kind: GameKind,
    /// The seat to play.
    pub seat: u8,
    /// Who made the mistake (`None`: the computer).
    pub player: Option<PlayerId>,
    /// The game's community.
    pub community: Option<CommunityId>,
    /// The position's code.
    pub code: String,
    /// The move played in the game.
    pub played: String,
    /// How bad it was.
    pub label: PuzzleLabel,
    /// The answer.
    pub best: String,
    /// The best move and what follows while it is forced.
    pub line: Vec<String>,
    /// The points the best move keeps over the next.
    pub margin: f64,
    /// The puzzle's own rating.
    pub rating: Rating,
    /// Answers given to it.
    pub attempts: u32,
    /// Answers that were right.
    pub solved: u32,
    /// Its web page's token.
    pub token: Token,
}

const PUZZLE_COLUMNS: &str = "p.id, p.game_id, p.ply, p.kind, p.seat, p.player_id, p.community_id, p.code, p.played, \
                              p.label, p.best, p.line, p.margin, p.rating, p.deviation, p.volatility, p.attempts, \
                              p.solved, p.token";

fn kind_of(text: &str) -> Result<GameKind, StoreError> {
    text.parse().map_err(|_| StoreError::Internal(format!("unknown game kind {text:?} in the database")))
}

fn puzzle(r: &Row) -> Result<PuzzleRow, StoreError> {
    let (kind, label, line, token): (String, String, String, String) = (r.get(3)?, r.get(9)?, r.get(11)?, r.get(18)?);
    Ok(PuzzleRow {
        id: r.get(0)?,
        game: r.get(1)?,
        ply: r.get(2)?,
        kind: kind_of(&kind)?,
        seat: r.get(4)?,
        player: r.get(5)?,
        community: r.get(6)?,
        code: r.get(7)?,
        played: r.get(8)?,
        label: PuzzleLabel::from_key(&label)?,
        best: r.get(10)?,
        line: serde_json::from_str(&line)?,
        margin: r.get(12)?,
        rating: Rating { rating: r.get(13)?, deviation: r.get(14)?, volatility: r.get(15)? },
        attempts: r.get(16)?,
        solved: r.get(17)?,
        token: Token::parse(&token).ok_or_else(|| StoreError::Internal("a malformed puzzle token".into()))?,
    })
}

// ---------------------------------------------------------------------------
// The finder's queue

/// Queues the finder for `game`, whose review was just stored; false when it was
/// queued (or done) before.
pub fn queue_puzzle_scan(tx: &Transaction, game: GameId, now: Millis) -> Result<bool, StoreError> {
    let inserted = tx.execute(
        "INSERT INTO puzzle_scans (game_id, status, created_at) VALUES ($1, 'pending', $2) ON CONFLICT DO NOTHING",
        args![game, now],
    )?;
    Ok(inserted == 1)
}

/// Up to `limit` games waiting for the finder, oldest first.
pub fn pending_puzzle_scans(tx: &Transaction, limit: u32) -> Result<Vec<GameId>, StoreError> {
    tx.query(
        "SELECT game_id FROM puzzle_scans WHERE status = 'pending' ORDER BY created_at, game_id LIMIT $1",
        args![limit],
    )?
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// Marks the scan of `game` done with `found` puzzles; false when it was not
/// pending (done by another process).
pub fn finish_puzzle_scan(tx: &Transaction, game: GameId, found: u32, now: Millis) -> Result<bool, StoreError> {
    let changed = tx.execute(
        "UPDATE puzzle_scans SET status = 'done', found = $1, done_at = $2 WHERE game_id = $3 AND status = 'pending'",
        args![found, now, game],
    )?;
    Ok(changed == 1)
}

/// What the finder made of `game`: `None` while it was never queued or is pending,
/// else the puzzles it found.
pub fn puzzle_scan(tx: &Transaction, game: GameId) -> Result<Option<u32>, StoreError> {
    Ok(tx
        .query_opt("SELECT found FROM puzzle_scans WHERE game_id = $1", args![game])?
        .map(|r| r.get(0))
        .transpose()?
        .flatten())
}

// ---------------------------------------------------------------------------
// Puzzles

/// Stores a puzzle with a new web token and the starting rating; `None` when the
/// game's move `ply` has one already.
pub fn add_puzzle(tx: &Transaction, new: &NewPuzzle, config: &RatingConfig) -> Result<Option<PuzzleId>, StoreError> {
    let token = Token::draw()?;
    let line = serde_json::to_string(&new.line).map_err(|e| StoreError::Internal(e.to_string()))?;
    let start = config.start;
    let row = tx.query_opt(
        "INSERT INTO puzzles (game_id, ply, kind, seat, player_id, community_id, code, played, label, best, line,
                              margin, rating, deviation, volatility, token, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ON CONFLICT (game_id, ply) DO NOTHING RETURNING id",
        args![
            new.game,
            new.ply,
            new.kind.name(),
            new.seat,
            new.player,
            new.community,
            new.code,
            new.played,
            new.label.key(),
            new.best,
            line,
            new.margin,
            start.rating,
            start.deviation,
            start.volatility,
            token.as_str(),
            new.now
        ],
    )?;
    row.map(|r| r.get(0)).transpose()
}

/// The puzzle `id`, if there is one.
pub fn load_puzzle(tx: &Transaction, id: PuzzleId) -> Result<Option<PuzzleRow>, StoreError> {
    tx.query_opt(&format!("SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE p.id = $1"), args![id])?
        .map(|r| puzzle(&r))
        .transpose()
}

/// The puzzle whose web page `token` opens, if any.
pub fn puzzle_of_token(tx: &Transaction, token: &Token) -> Result<Option<PuzzleRow>, StoreError> {
    tx.query_opt(&format!("SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE p.token = $1"), args![token.as_str()])?
        .map(|r| puzzle(&r))
        .transpose()
}

/// The puzzles of `game`, in the order of its moves.
pub fn puzzles_of_game(tx: &Transaction, game: GameId) -> Result<Vec<PuzzleRow>, StoreError> {
    tx.query(&format!("SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE p.game_id = $1 ORDER BY p.ply"), args![game])?
        .iter()
        .map(puzzle)
        .collect()
}

/// Where a puzzle given to someone comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleSource {
    /// A game of theirs, where the mistake was theirs.
    Own,
    /// A game of their community they did not play in.
    Community,
}

/// How to pick the next puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleAsk {
    /// For whom.
    pub player: PlayerId,
    /// Which game.
    pub kind: GameKind,
    /// Where they ask (their community's puzzles come after their own).
    pub community: Option<CommunityId>,
    /// Their puzzle rating: the community's puzzles nearest to it come first.
    pub rating: f64,
    /// For a streak: the community's easiest puzzles first instead.
    pub easiest_first: bool,
}

/// The next puzzle for `ask.player`: their own mistakes first (newest game first,
/// then in the order of the game), then the community's puzzles (nearest to their
/// rating first, or the easiest first for a streak). Never a puzzle they were given
/// before, and never one of a game they played in unless the mistake was theirs.
pub fn next_puzzle(tx: &Transaction, ask: &PuzzleAsk) -> Result<Option<(PuzzleRow, PuzzleSource)>, StoreError> {
    let unseen = "NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id AND a.player_id = $1)";
    let own = tx.query_opt(
        &format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles p
             WHERE p.player_id = $1 AND p.kind = $2 AND {unseen}
             ORDER BY p.game_id DESC, p.ply LIMIT 1"
        ),
        args![ask.player, ask.kind.name()],
    )?;
    if let Some(r) = own {
        return Ok(Some((puzzle(&r)?, PuzzleSource::Own)));
    }
    let Some(community) = ask.community else { return Ok(None) };
    let query = |order: &str| {
        format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles p
             WHERE p.community_id = $3 AND p.kind = $2 AND {unseen}
               AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = p.game_id AND s.player_id = $1)
             ORDER BY {order} LIMIT 1"
        )
    };
    let found = if ask.easiest_first {
        tx.query_opt(&query("p.rating, p.id"), args![ask.player, ask.kind.name(), community])?
    } else {
        tx.query_opt(&query("abs(p.rating - $4), p.id"), args![ask.player, ask.kind.name(), community, ask.rating])?
    };
    found.map(|r| Ok((puzzle(&r)?, PuzzleSource::Community))).transpose()
}

// ---------------------------------------------------------------------------
// Attempts

/// A puzzle given to someone.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptRow {
    /// Its row: the number a menu's choice carries.
    pub id: AttemptId,
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// To whom.
    pub player: PlayerId,
    /// The game.
    pub kind: GameKind,
    /// Where it was asked for.
    pub community: Option<CommunityId>,
    /// Part of a streak (never rated).
    pub streak: bool,
    /// It moves the ratings when answered.
    pub rated: bool,
    /// When it was given.
    pub given_at: Millis,
    /// The move answered, once answered.
    pub answer: Option<String>,
    /// Whether it was right, once answered.
    pub solved: Option<bool>,
}

const ATTEMPT_COLUMNS: &str = "id, puzzle_id, player_id, kind, community_id, streak, rated, given_at, answer, solved";

fn attempt(r: &Row) -> Result<AttemptRow, StoreError> {
    let kind: String = r.get(3)?;
    Ok(AttemptRow {
        id: r.get(0)?,
        puzzle: r.get(1)?,
        player: r.get(2)?,
        kind: kind_of(&kind)?,
        community: r.get(4)?,
        streak: r.get(5)?,
        rated: r.get(6)?,
        given_at: r.get(7)?,
        answer: r.get(8)?,
        solved: r.get(9)?,
    })
}

/// A puzzle to give.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NewAttempt {
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// To whom.
    pub player: PlayerId,
    /// The game.
    pub kind: GameKind,
    /// Where it was asked for.
    pub community: Option<CommunityId>,
    /// Part of a streak.
    pub streak: bool,
    /// Now.
    pub now: Millis,
}

/// The puzzle of `kind` given to `player` and not answered yet, if any.
pub fn open_attempt(tx: &Transaction, player: PlayerId, kind: GameKind) -> Result<Option<AttemptRow>, StoreError> {
    tx.query_opt(
        &format!(
            "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE player_id = $1 AND kind = $2 AND answered_at IS NULL"
        ),
        args![player, kind.name()],
    )?
    .map(|r| attempt(&r))
    .transpose()
}

/// `player`'s first answered attempt at `puzzle`, if they answered it: a puzzle's
/// page shows it, and takes no other answer of theirs.
pub fn answered_attempt(
    tx: &Transaction,
    player: PlayerId,
    puzzle: PuzzleId,
) -> Result<Option<AttemptRow>, StoreError> {
    tx.query_opt(
        &format!(
            "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts
             WHERE player_id = $1 AND puzzle_id = $2 AND answered_at IS NOT NULL ORDER BY id LIMIT 1"
        ),
        args![player, puzzle],
    )?
    .map(|r| attempt(&r))
    .transpose()
}

/// The attempt `id`, if there is one.
pub fn load_attempt(tx: &Transaction, id: AttemptId) -> Result<Option<AttemptRow>, StoreError> {
    tx.query_opt(&format!("SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE id = $1"), args![id])?
        .map(|r| attempt(&r))
        .transpose()
}

/// Gives a puzzle: rated when it is not part of a streak and the person was never
/// given it before. `None` when they have a puzzle of that game open already (the
/// schema says so too: one open puzzle per person and game).
pub fn give_puzzle(tx: &Transaction, new: &NewAttempt) -> Result<Option<AttemptRow>, StoreError> {
    if open_attempt(tx, new.player, new.kind)?.is_some() {
        return Ok(None);
    }
    let seen = tx
        .query_opt(
            "SELECT 1 FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2",
            args![new.player, new.puzzle],
        )?
        .is_some();
    let rated = !new.streak && !seen;
    let row = tx.query_opt(
        &format!(
            "INSERT INTO puzzle_attempts (puzzle_id, player_id, kind, community_id, streak, rated, given_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING {ATTEMPT_COLUMNS}"
        ),
        args![new.puzzle, new.player, new.kind.name(), new.community, new.streak, rated, new.now],
    )?;
    row.map(|r| attempt(&r)).transpose()
}

/// A person's puzzle rating in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: Rating,
    /// Puzzles answered (streaks' included).
    pub attempts: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Shown with a `?`.
    pub provisional: bool,
}

/// `player`'s puzzle rating in `kind`, if they answered a puzzle of it.
pub fn puzzle_rating(
    tx: &Transaction,
    player: PlayerId,
    kind: GameKind,
    config: &RatingConfig,
) -> Result<Option<PuzzleRating>, StoreError> {
    tx.query_opt(
        "SELECT rating, deviation, volatility, attempts, solved FROM puzzle_ratings WHERE player_id = $1 AND kind = $2",
        args![player, kind.name()],
    )?
    .map(|r| {
        let rating = Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? };
        Ok(PuzzleRating { rating, attempts: r.get(3)?, solved: r.get(4)?, provisional: rating.is_provisional(config) })
    })
    .transpose()
}

/// What answering a puzzle changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answered {
    /// Whether the answer was the best move.
    pub solved: bool,
    /// The person's puzzle rating before and after (the same when the attempt was
    /// not rated).
    pub before: Rating,
    /// After.
    pub after: Rating,
}

/// Answers the open attempt `id` with `answer` (canonical), right when it is the
/// puzzle's best move: the attempt is closed, the counters move and, for a rated
/// attempt, the person's and the puzzle's ratings (one Glicko-2 period each, the
/// puzzle as the person's opponent). `None` when the attempt is not open (answered
/// meanwhile).
pub fn answer_attempt(
    tx: &Transaction,
    id: AttemptId,
    answer: &str,
    now: Millis,
    config: &RatingConfig,
) -> Result<Option<Answered>, StoreError> {
    if tx.dialect() == Dialect::Postgres {
        // Two answers at once on two connections: the second waits, then finds the
        // attempt answered. The player's row first, as every rating change locks it.
        tx.query(
            "SELECT id FROM players WHERE id = (SELECT player_id FROM puzzle_attempts WHERE id = $1) FOR UPDATE",
            args![id],
        )?;
        tx.query("SELECT id FROM puzzle_attempts WHERE id = $1 FOR UPDATE", args![id])?;
    }
    let Some(a) = load_attempt(tx, id)? else { return Ok(None) };
    if a.solved.is_some() {
        return Ok(None);
    }
    let Some(p) = load_puzzle(tx, a.puzzle)? else {
        return Err(StoreError::Internal(format!("attempt {} has no puzzle", id.0)));
    };
    let solved = p.best == answer;
    let mine = puzzle_rating(tx, a.player, a.kind, config)?;
    let before = mine.map_or(config.start, |r| r.rating);
    let after =
        if a.rated { rate_period(before, &[(p.rating, if solved { 1.0 } else { 0.0 })], config) } else { before };
    if a.rated {
        let puzzle_after = rate_period(p.rating, &[(before, if solved { 0.0 } else { 1.0 })], config);
        tx.execute(
            "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3 WHERE id = $4",
            args![puzzle_after.rating, puzzle_after.deviation, puzzle_after.volatility, p.id],
        )?;
    }
    tx.execute(
        "UPDATE puzzles SET attempts = attempts + 1, solved = solved + $1 WHERE id = $2",
        args![u32::from(solved), p.id],
    )?;
    tx.execute(
        "INSERT INTO puzzle_ratings (player_id, kind, rating, deviation, volatility, attempts, solved, updated_at)
         VALUES ($1, $2, $3, $4, $5, 1, $6, $7)
         ON CONFLICT (player_id, kind) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1,
             solved = puzzle_ratings.solved + excluded.solved, updated_at = excluded.updated_at",
        args![a.player, a.kind.name(), after.rating, after.deviation, after.volatility, u32::from(solved), now],
    )?;
    let changed = tx.execute(
        "UPDATE puzzle_attempts SET answer = $1, solved = $2, answered_at = $3, rating_before = $4, rating_after = $5
         WHERE id = $6 AND answered_at IS NULL",
        args![answer, solved, now, before.rating, after.rating, id],
    )?;
    if changed != 1 {
        return Err(StoreError::MovedOn);
    }
    Ok(Some(Answered { solved, before, after }))
}

// ---------------------------------------------------------------------------
// Streaks

/// A person's streaks in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streak {
    /// A streak runs: its open puzzle waits for an answer.
    pub running: bool,
    /// Puzzles solved in a row in the running (or last) streak.
    pub current: u32,
    /// The longest streak.
    pub best: u32,
}

/// `player`'s streaks in `kind` (all zero before the first).
pub fn streak(tx: &Transaction, player: PlayerId, kind: GameKind) -> Result<Streak, StoreError> {
    Ok(tx
        .query_opt(
            "SELECT running, current, best FROM puzzle_streaks WHERE player_id = $1 AND kind = $2",
            args![player, kind.name()],
        )?
        .map(|r| Ok::<_, StoreError>(Streak { running: r.get(0)?, current: r.get(1)?, best: r.get(2)? }))
        .transpose()?
        .unwrap_or_default())
}

/// Stores `player`'s streaks in `kind`.
pub fn set_streak(
    tx: &Transaction,
    player: PlayerId,
    kind: GameKind,
    s: Streak,
    now: Millis,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO puzzle_streaks (player_id, kind, running, current, best, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (player_id, kind) DO UPDATE SET running = excluded.running, current = excluded.current,
             best = excluded.best, updated_at = excluded.updated_at",
        args![player, kind.name(), s.running, s.current, s.best, now],
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------
// Leaderboard

/// A line of a community's puzzle leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleBoardRow {
    /// 1 for the top; provisional ratings after every established one.
    pub rank: u32,
    /// Who.
    pub player: PlayerId,
    /// The name they go by.
    pub name: String,
    /// Their puzzle rating.
    pub rating: Rating,
    /// Puzzles answered.
    pub attempts: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Shown with a `?`.
    pub provisional: bool,
    /// Their longest streak.
    pub best_streak: u32,
}

/// The best puzzle solvers of `kind` in `community`: everyone who answered a
/// puzzle of it there, by their puzzle rating (established ratings first).
pub fn puzzle_leaderboard(
    tx: &Transaction,
    kind: GameKind,
    community: CommunityId,
    limit: u32,
    config: &RatingConfig,
) -> Result<Vec<PuzzleBoardRow>, StoreError> {
    let rows = tx.query(
        "SELECT r.player_id, p.display_name, r.rating, r.deviation, r.volatility, r.attempts, r.solved,
                coalesce(s.best, 0)
         FROM puzzle_ratings r
         JOIN players p ON p.id = r.player_id
         LEFT JOIN puzzle_streaks s ON s.player_id = r.player_id AND s.kind = r.kind
         WHERE r.kind = $1 AND EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.player_id = r.player_id
                                       AND a.kind = r.kind AND a.community_id = $2 AND a.answered_at IS NOT NULL)
         ORDER BY (r.deviation > $3) ASC, r.rating DESC, r.solved DESC, r.player_id ASC
         LIMIT $4",
        args![kind.name(), community, config.provisional_deviation, limit],
    )?;
    let mut out = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let rating = Rating { rating: r.get(2)?, deviation: r.get(3)?, volatility: r.get(4)? };
        out.push(PuzzleBoardRow {
            rank: i as u32 + 1,
            player: r.get(0)?,
            name: r.get(1)?,
            rating,
            attempts: r.get(5)?,
            solved: r.get(6)?,
            provisional: rating.is_provisional(config),
            best_streak: r.get(7)?,
        });
    }
    Ok(out)
}
