//! What the clocks need: each player's choice of reminders, vacations, the reminders
//! already sent, and when the next clock event falls due.

use super::error::StoreError;
use super::model::{GameId, Millis, PlayerId};
use super::sql::{args, Row, Transaction};

/// How a player is reminded that it is their turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NotifyBy {
    /// A mention in the game's place.
    #[default]
    Mention,
    /// A direct message.
    Direct,
    /// Not at all.
    Off,
}

impl NotifyBy {
    fn key(self) -> &'static str {
        match self {
            NotifyBy::Mention => "mention",
            NotifyBy::Direct => "direct",
            NotifyBy::Off => "off",
        }
    }

    fn from_key(key: &str) -> Result<NotifyBy, StoreError> {
        match key {
            "mention" => Ok(NotifyBy::Mention),
            "direct" => Ok(NotifyBy::Direct),
            "off" => Ok(NotifyBy::Off),
            other => Err(StoreError::Internal(format!("unknown notify choice {other:?}"))),
        }
    }
}

/// Sets how `player` is reminded.
pub fn set_notify(tx: &Transaction, player: PlayerId, by: NotifyBy) -> Result<(), StoreError> {
    let changed = tx.execute("UPDATE players SET notify = $1 WHERE id = $2", args![by.key(), player])?;
    if changed == 0 {
        return Err(StoreError::NotFound(format!("player {}", player.0)));
    }
    Ok(())
}

/// How `player` is reminded.
pub fn notify_of(tx: &Transaction, player: PlayerId) -> Result<NotifyBy, StoreError> {
    match tx.query_opt("SELECT notify FROM players WHERE id = $1", args![player])? {
        Some(r) => NotifyBy::from_key(&r.get::<String>(0)?),
        None => Err(StoreError::NotFound(format!("player {}", player.0))),
    }
}

/// A vacation: the player's clocks stand still from `starts_at` to `ends_at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// The row.
    pub id: i64,
    /// Whose.
    pub player: PlayerId,
    /// When it began.
    pub starts_at: Millis,
    /// When it ends (or ended, when ended early).
    pub ends_at: Millis,
    /// The days it takes from the yearly allowance.
    pub days: u32,
}

fn vacation_row(r: &Row) -> Result<Vacation, StoreError> {
    Ok(Vacation { id: r.get(0)?, player: r.get(1)?, starts_at: r.get(2)?, ends_at: r.get(3)?, days: r.get(4)? })
}

/// `player`'s vacation going on at `now`, if any.
pub fn active_vacation(tx: &Transaction, player: PlayerId, now: Millis) -> Result<Option<Vacation>, StoreError> {
    tx.query_opt(
        "SELECT id, player_id, starts_at, ends_at, days FROM vacations
         WHERE player_id = $1 AND starts_at <= $2 AND ends_at > $2 ORDER BY ends_at DESC LIMIT 1",
        args![player, now],
    )?
    .as_ref()
    .map(vacation_row)
    .transpose()
}

/// The vacation days `player` has taken in vacations that began in `[from, to)`.
pub fn vacation_days_taken(tx: &Transaction, player: PlayerId, from: Millis, to: Millis) -> Result<u32, StoreError> {
    // PostgreSQL sums integers as numeric: the cast keeps it an integer on both.
    let days: i64 = tx
        .query_one(
            "SELECT CAST(coalesce(sum(days), 0) AS BIGINT) FROM vacations
             WHERE player_id = $1 AND starts_at >= $2 AND starts_at < $3",
            args![player, from, to],
        )?
        .get(0)?;
    Ok(u32::try_from(days).unwrap_or(u32::MAX))
}

/// Records a vacation.
pub fn start_vacation(
    tx: &Transaction,
    player: PlayerId,
    starts_at: Millis,
    ends_at: Millis,
    days: u32,
) -> Result<Vacation, StoreError> {
    let id = tx
        .query_one(
            "INSERT INTO vacations (player_id, starts_at, ends_at, days) VALUES ($1, $2, $3, $4) RETURNING id",
            args![player, starts_at, ends_at, days],
        )?
        .get(0)?;
    Ok(Vacation { id, player, starts_at, ends_at, days })
}

/// Ends vacation `id` at `now`, counting `days` from the allowance.
pub fn end_vacation(tx: &Transaction, id: i64, now: Millis, days: u32) -> Result<(), StoreError> {
    let changed = tx
        .execute("UPDATE vacations SET ends_at = $1, days = $2 WHERE id = $3 AND ends_at > $1", args![now, days, id])?;
    if changed == 0 {
        return Err(StoreError::NotFound(format!("vacation {id} going on")));
    }
    Ok(())
}

/// Moves by `delta` the turn deadline of every game going on where `player` is to
/// move, never to before `floor`; returns those games.
pub fn shift_deadlines(
    tx: &Transaction,
    player: PlayerId,
    delta: Millis,
    floor: Millis,
) -> Result<Vec<GameId>, StoreError> {
    let mut ids: Vec<GameId> = tx
        .query(
            "UPDATE games SET turn_deadline = CASE WHEN turn_deadline + $1 > $2 THEN turn_deadline + $1 ELSE $2 END
             WHERE status = 'ongoing' AND turn_deadline IS NOT NULL
               AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.seat = games.to_move AND s.player_id = $3)
             RETURNING id",
            args![delta, floor, player],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect::<Result<_, _>>()?;
    // RETURNING gives no order.
    ids.sort();
    Ok(ids)
}

/// Games going on whose turn deadline falls in `(now, now + horizon]`, with it: those
/// a reminder may be due for.
pub fn games_to_remind(tx: &Transaction, now: Millis, horizon: Millis) -> Result<Vec<(GameId, Millis)>, StoreError> {
    tx.query(
        "SELECT id, turn_deadline FROM games
         WHERE status = 'ongoing' AND turn_deadline > $1 AND turn_deadline <= $2 ORDER BY turn_deadline, id",
        args![now, now.saturating_add(horizon)],
    )?
    .iter()
    .map(|r| Ok((r.get(0)?, r.get(1)?)))
    .collect()
}

/// Records the reminder of `game` for `deadline` at `point` before it; false when it
/// was recorded already (then it must not be sent again).
pub fn mark_reminder(
    tx: &Transaction,
    game: GameId,
    deadline: Millis,
    point: Millis,
    now: Millis,
) -> Result<bool, StoreError> {
    let inserted = tx.execute(
        "INSERT INTO reminders_sent (game_id, deadline, point_ms, sent_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING",
        args![game, deadline, point, now],
    )?;
    Ok(inserted == 1)
}

/// The earliest instant after which something may fall due: an open challenge's
/// expiry, a turn deadline, the start of a tournament that starts by itself (a
/// series' next edition), or a reminder point (`deadline - point` for each of
/// `points`) still ahead of `now`. `None` when nothing is scheduled.
pub fn next_clock_event(tx: &Transaction, now: Millis, points: &[Millis]) -> Result<Option<Millis>, StoreError> {
    let mut next: Option<Millis> = tx
        .query_one(
            "SELECT min(t) FROM (
                 SELECT min(expires_at) AS t FROM challenges WHERE status = 'open' AND expires_at IS NOT NULL
                 UNION ALL
                 SELECT min(turn_deadline) FROM games WHERE status = 'ongoing' AND turn_deadline IS NOT NULL
                 UNION ALL
                 SELECT min(starts_at) FROM tournaments WHERE status = 'open' AND starts_at IS NOT NULL
             ) AS due",
            args![],
        )?
        .get(0)?;
    for point in points {
        let at: Option<Millis> = tx
            .query_one(
                "SELECT min(turn_deadline - $1) FROM games
                 WHERE status = 'ongoing' AND turn_deadline IS NOT NULL AND turn_deadline - $1 > $2",
                args![point, now],
            )?
            .get(0)?;
        next = match (next, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(next)
}

/// The turn deadline of `game` as stored now.
pub fn turn_deadline_of(tx: &Transaction, game: GameId) -> Result<Option<Millis>, StoreError> {
    match tx.query_opt("SELECT turn_deadline FROM games WHERE id = $1", args![game])? {
        Some(r) => r.get(0),
        None => Err(StoreError::NotFound(format!("game {}", game.0))),
    }
}
