//! Games, seats and moves.

use super::error::StoreError;
use super::ids;
use super::model::{
    EndReason, Ending, GameId, GameRecord, GameResult, Millis, MoveRecord, MoveStored, NewGame, Place, PlayerId,
    PublicId, SeatHolder, SeatRecord, Status,
};
use super::players::Languages;
use super::ratings::{self, RatedGame};
use super::replay::{self, Replayed};
use super::sql::{args, Dialect, Row, ToParam, Transaction};
use crate::games::GameKind;
use crate::rating::RatingConfig;

fn parse_kind(name: &str) -> Result<GameKind, StoreError> {
    name.parse().map_err(|_| StoreError::Internal(format!("unknown game kind {name:?} in the database")))
}

fn json_of<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    Ok(serde_json::to_string(v)?)
}

/// Creates a game (its start position rebuilt through the rules core) and issues its
/// public id.
pub fn create_game(tx: &Transaction, new: &NewGame) -> Result<(GameId, PublicId), StoreError> {
    let start = replay::replay::<&str>(new.kind, new.settings.as_deref(), new.start_code.as_deref(), &[])?;
    if start.outcome.is_some() {
        return Err(StoreError::Invalid("the game would be over before its first move".to_string()));
    }
    if new.seats.len() != usize::from(start.seats) {
        return Err(StoreError::Invalid(format!("{} seats given, the game has {}", new.seats.len(), start.seats)));
    }
    if new.rated {
        if new.seats.iter().any(|s| matches!(s, SeatHolder::Computer(_))) {
            return Err(StoreError::Invalid("games against the computer are never rated".to_string()));
        }
        let mut players: Vec<_> = new.seats.iter().collect();
        players.sort_by_key(|s| match s {
            SeatHolder::Player(p) => p.0,
            SeatHolder::Computer(_) => 0,
        });
        players.dedup();
        if players.len() != new.seats.len() {
            return Err(StoreError::Invalid("a rated game needs a different player in every seat".to_string()));
        }
    }
    let public_id = ids::issue(tx, new.now)?;
    let id: GameId = tx
        .query_one(
            "INSERT INTO games (public_id, kind, settings, start_code, rated, time_control, community_id,
                                channel, thread, status, position_code, to_move, turn_deadline,
                                created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'ongoing', $10, $11, $12, $13, $13)
             RETURNING id",
            args![
                public_id.as_str(),
                new.kind.name(),
                start.settings,
                new.start_code,
                new.rated,
                new.time_control,
                new.community,
                new.place.channel,
                new.place.thread,
                start.code,
                start.to_move,
                new.turn_deadline,
                new.now,
            ],
        )?
        .get(0)?;
    for (i, holder) in new.seats.iter().enumerate() {
        let (player, level) = match holder {
            SeatHolder::Player(p) => (Some(*p), None),
            SeatHolder::Computer(level) => (None, Some(level.name())),
        };
        tx.execute(
            "INSERT INTO seats (game_id, seat, player_id, computer_level) VALUES ($1, $2, $3, $4)",
            args![id, i, player, level],
        )?;
    }
    super::web::issue_game_link(tx, id, new.now)?;
    Ok((id, public_id))
}

/// What a move or an ending needs to know of a game, without its moves.
#[derive(Clone, Debug)]
pub(crate) struct Head {
    pub kind: GameKind,
    pub settings: String,
    pub status: Status,
    pub ply: u32,
    pub code: String,
    pub to_move: u8,
}

pub(crate) fn load_head(tx: &Transaction, id: GameId) -> Result<Head, StoreError> {
    head(tx, id, false)
}

/// The head of a game; `lock`: the game's row stays locked until the transaction
/// ends, so that on PostgreSQL no other writer changes the game between this read
/// and the writes it decides (SQLite has one writer: nothing to lock).
fn head(tx: &Transaction, id: GameId, lock: bool) -> Result<Head, StoreError> {
    let sql = match (lock, tx.dialect()) {
        (true, Dialect::Postgres) => {
            "SELECT kind, settings, status, ply, position_code, to_move FROM games WHERE id = $1 FOR UPDATE"
        }
        _ => "SELECT kind, settings, status, ply, position_code, to_move FROM games WHERE id = $1",
    };
    let r = tx.query_opt(sql, args![id])?.ok_or_else(|| StoreError::NotFound(format!("game {}", id.0)))?;
    Ok(Head {
        kind: parse_kind(&r.get::<String>(0)?)?,
        settings: r.get(1)?,
        status: if r.get::<String>(2)? == "over" { Status::Over } else { Status::Ongoing },
        ply: r.get(3)?,
        code: r.get(4)?,
        to_move: r.get(5)?,
    })
}

pub(crate) fn load_seats(tx: &Transaction, id: GameId) -> Result<Vec<SeatRecord>, StoreError> {
    let rows = tx.query(
        "SELECT s.seat, s.player_id, s.computer_level, p.display_name, p.user_id
         FROM seats s LEFT JOIN players p ON p.id = s.player_id
         WHERE s.game_id = $1 ORDER BY s.seat",
        args![id],
    )?;
    rows.iter()
        .map(|r| {
            seat_record(
                id,
                SeatRow(r.get(0)?, r.get::<Option<PlayerId>>(1)?.map(|p| p.0), r.get(2)?, r.get(3)?, r.get(4)?),
            )
        })
        .collect()
}

/// A seat as read: the seat, the player's row, the computer's level, the player's
/// name and their id on their platform.
#[derive(serde::Deserialize)]
struct SeatRow(u8, Option<i64>, Option<String>, Option<String>, Option<String>);

fn seat_record(id: GameId, SeatRow(seat, player, level, name, user_id): SeatRow) -> Result<SeatRecord, StoreError> {
    let holder = match (player, level) {
        (Some(p), _) => SeatHolder::Player(PlayerId(p)),
        (None, Some(level)) => SeatHolder::Computer(
            level
                .parse()
                .map_err(|_| StoreError::Internal(format!("seat {seat} of game {}: unknown level {level}", id.0)))?,
        ),
        (None, None) => return Err(StoreError::Internal(format!("seat {seat} of game {} is empty", id.0))),
    };
    let (name, user_id) = match &holder {
        SeatHolder::Player(_) => (name.unwrap_or_default(), user_id),
        SeatHolder::Computer(level) => (format!("computer ({level})"), None),
    };
    Ok(SeatRecord { seat, holder, name, user_id })
}

/// A move as read: its ply, text, seat and time.
#[derive(serde::Deserialize)]
struct MoveRow(u32, String, u8, Millis);

fn result_from(
    end_reason: Option<String>,
    reason_key: Option<String>,
    places: Option<String>,
    scores: Option<String>,
    ended_at: Option<Millis>,
) -> Result<Option<GameResult>, StoreError> {
    let Some(end_reason) = end_reason else { return Ok(None) };
    let end_reason = EndReason::from_key(&end_reason)
        .ok_or_else(|| StoreError::Internal(format!("unknown end reason {end_reason:?}")))?;
    let places: Vec<u8> = match places {
        Some(p) => serde_json::from_str(&p)?,
        None => Vec::new(),
    };
    let scores: Option<Vec<i32>> = match scores {
        Some(s) => serde_json::from_str(&s)?,
        None => None,
    };
    Ok(Some(GameResult { places, scores, end_reason, reason_key, ended_at: ended_at.unwrap_or_default() }))
}

/// The columns of a whole game, with its seats and moves gathered as JSON, so that
/// one statement (one round trip, one snapshot) reads it all. `$2` and `$3` are a
/// [`KnownMoves`]: with the game's count of takebacks, only the moves after ply `$3`
/// are gathered (a range of the moves' key, so the rows before are not even read).
fn game_columns(dialect: Dialect, asked: bool) -> String {
    let (seats, moves) = match dialect {
        Dialect::Postgres => (
            "(SELECT json_agg(json_build_array(s.seat, s.player_id, s.computer_level, p.display_name, p.user_id)
                              ORDER BY s.seat)::text
              FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id)",
            "(SELECT json_agg(json_build_array(m.ply, m.text, m.seat, m.played_at) ORDER BY m.ply)::text
              FROM moves m
              WHERE m.game_id = g.id AND m.ply > CASE WHEN g.takebacks = $2 THEN $3 ELSE 0 END)",
        ),
        Dialect::Sqlite => (
            "(SELECT json_group_array(json_array(s.seat, s.player_id, s.computer_level, p.display_name, p.user_id))
              FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id)",
            "(SELECT json_group_array(json_array(m.ply, m.text, m.seat, m.played_at))
              FROM moves m
              WHERE m.game_id = g.id AND m.ply > CASE WHEN g.takebacks = $2 THEN $3 ELSE 0 END)",
        ),
    };
    let mut columns = format!(
        "g.id, g.public_id, g.kind, g.settings, g.start_code, g.rated, g.time_control, g.community_id, g.channel,
         g.thread, g.status, g.end_reason, g.reason_key, g.places, g.scores, g.ply, g.position_code, g.to_move,
         g.draw_offer_seat, g.turn_deadline, g.created_at, g.updated_at, g.ended_at, g.takeback_seat,
         g.takeback_ply, {seats}, {moves}, g.takebacks"
    );
    if asked {
        // What a request's answer needs beside the game (see [`Asker`]): the asker's
        // and the community's languages (`$4` platform, `$5` user, `$6` community) and
        // the seated players' vacations at `$7`, as [`super::players::languages`] and
        // [`super::clocks::active_vacation`] read them.
        let vacations = match dialect {
            Dialect::Postgres => "(SELECT json_agg(json_build_array(v.player_id, v.ends_at))::text",
            Dialect::Sqlite => "(SELECT json_group_array(json_array(v.player_id, v.ends_at))",
        };
        columns.push_str(&format!(
            ", (SELECT p.language FROM players p WHERE p.platform = $4 AND p.user_id = $5),
             (SELECT p.locale FROM players p WHERE p.platform = $4 AND p.user_id = $5),
             (SELECT c.language FROM communities c WHERE c.platform = $4 AND c.community_id = $6),
             (SELECT c.locale FROM communities c WHERE c.platform = $4 AND c.community_id = $6),
             {vacations} FROM seats s JOIN vacations v ON v.player_id = s.player_id
               WHERE s.game_id = g.id AND v.starts_at <= $7 AND v.ends_at > $7)"
        ));
    }
    columns
}

/// Who asks for a game, and when: a request's game read then also reads what its
/// answer needs (the languages its replies are in, the vacations its clock note
/// tells), in the same statement instead of two more round trips.
#[derive(Clone, Copy, Debug)]
pub struct Asker<'a> {
    /// The asker's platform.
    pub platform: crate::config::Platform,
    /// The asker's id there.
    pub user_id: &'a str,
    /// The community asked in (its id on the platform), if any.
    pub community: Option<&'a str>,
    /// Now.
    pub now: Millis,
}

/// What [`Asker`] reads beside the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// The asker's and the community's languages, as [`super::languages`] gives them.
    pub languages: Languages,
    /// The seated players on vacation then, with when each vacation ends (the latest).
    pub vacations: Vec<(PlayerId, Millis)>,
}

/// A whole game by row: its row, seats and moves, in one statement.
pub fn load_game(tx: &Transaction, id: GameId) -> Result<GameRecord, StoreError> {
    Ok(read_game(tx, GameKey::Id(id), None, None)?.record)
}

/// A whole game by the public id someone typed, in one statement.
pub fn load_game_by_public_id(tx: &Transaction, public_id: &str) -> Result<GameRecord, StoreError> {
    Ok(read_game(tx, GameKey::Public(public_id), None, None)?.record)
}

/// Which game to read.
#[derive(Clone, Copy, Debug)]
pub(crate) enum GameKey<'a> {
    /// By row.
    Id(GameId),
    /// By the public id someone typed.
    Public(&'a str),
}

/// What a reader already knows of a game's moves: its count of takebacks and its ply
/// then. Moves are only ever appended but by a takeback (which counts), so while the
/// count is the same, the moves known are the first `ply` moves of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KnownMoves {
    pub(crate) takebacks: i64,
    pub(crate) ply: u32,
}

/// A game as read by [`read_game`].
#[derive(Debug)]
pub(crate) struct GameRead {
    /// The game; its moves are only those after the ones known when its count of
    /// takebacks is the one given, else all of them.
    pub(crate) record: GameRecord,
    /// The game's count of takebacks.
    pub(crate) takebacks: i64,
    /// What an [`Asker`] reads beside the game.
    pub(crate) seen: Option<Seen>,
}

/// A game with its seats and, in the same statement, its moves: all of them, or only
/// those after `known` when the game still has the same count of takebacks (one
/// index range of a few rows instead of every move, which is most of a read's cost).
pub(crate) fn read_game(
    tx: &Transaction,
    key: GameKey<'_>,
    known: Option<KnownMoves>,
    asker: Option<&Asker<'_>>,
) -> Result<GameRead, StoreError> {
    // A count no game has: every move is read.
    let known = known.unwrap_or(KnownMoves { takebacks: -1, ply: 0 });
    let columns = game_columns(tx.dialect(), asker.is_some());
    let query = |sql: &str, game: &dyn ToParam| -> Result<Option<Row>, StoreError> {
        Ok(match asker {
            None => tx.query_opt(sql, &[game, &known.takebacks, &known.ply])?,
            Some(a) => {
                let platform = super::players::platform_key(a.platform);
                tx.query_opt(sql, &[game, &known.takebacks, &known.ply, &platform, &a.user_id, &a.community, &a.now])?
            }
        })
    };
    let row = match key {
        GameKey::Id(id) => query(&format!("SELECT {columns} FROM games g WHERE g.id = $1"), &id)?
            .ok_or_else(|| StoreError::NotFound(format!("game {}", id.0)))?,
        GameKey::Public(public_id) => {
            let not_found = || StoreError::NotFound(format!("game {}", public_id.trim()));
            let id = PublicId::parse(public_id).ok_or_else(not_found)?;
            query(&format!("SELECT {columns} FROM games g WHERE g.public_id = $1"), &id.as_str())?
                .ok_or_else(not_found)?
        }
    };
    let record = game_record(&row)?;
    let takebacks: i64 = row.get(27)?;
    let seen = match asker {
        None => None,
        Some(_) => {
            let vacations: Vec<(i64, Millis)> =
                serde_json::from_str(row.get::<Option<String>>(32)?.as_deref().unwrap_or("[]"))?;
            let mut vacations: Vec<(PlayerId, Millis)> = vacations.into_iter().map(|(p, e)| (PlayerId(p), e)).collect();
            // The latest end first, as `active_vacation` picks it.
            vacations.sort_by(|a, b| a.0 .0.cmp(&b.0 .0).then(b.1.cmp(&a.1)));
            vacations.dedup_by_key(|v| v.0);
            Some(Seen {
                languages: Languages {
                    player_choice: row.get(28)?,
                    player_locale: row.get(29)?,
                    community_choice: row.get(30)?,
                    community_locale: row.get(31)?,
                },
                vacations,
            })
        }
    };
    Ok(GameRead { record, takebacks, seen })
}

fn game_record(r: &Row) -> Result<GameRecord, StoreError> {
    let id: GameId = r.get(0)?;
    let status: String = r.get(10)?;
    let result = result_from(r.get(11)?, r.get(12)?, r.get(13)?, r.get(14)?, r.get(22)?)?;
    // An aggregate over no rows is NULL on PostgreSQL, `[]` on SQLite. Both are sorted
    // here: SQLite's aggregate keeps no promised order.
    let seats: Vec<SeatRow> = serde_json::from_str(r.get::<Option<String>>(25)?.as_deref().unwrap_or("[]"))?;
    let mut seats = seats.into_iter().map(|s| seat_record(id, s)).collect::<Result<Vec<_>, _>>()?;
    seats.sort_by_key(|s| s.seat);
    let moves: Vec<MoveRow> = serde_json::from_str(r.get::<Option<String>>(26)?.as_deref().unwrap_or("[]"))?;
    let mut moves: Vec<MoveRecord> = moves
        .into_iter()
        .map(|MoveRow(ply, text, seat, played_at)| MoveRecord { ply, text, seat, played_at })
        .collect();
    moves.sort_by_key(|m| m.ply);
    Ok(GameRecord {
        id,
        public_id: PublicId(r.get(1)?),
        kind: parse_kind(&r.get::<String>(2)?)?,
        settings: r.get(3)?,
        start_code: r.get(4)?,
        rated: r.get(5)?,
        time_control: r.get(6)?,
        community: r.get(7)?,
        place: Place { channel: r.get(8)?, thread: r.get(9)? },
        seats,
        status: if status == "over" { Status::Over } else { Status::Ongoing },
        result,
        ply: r.get(15)?,
        code: r.get(16)?,
        to_move: r.get(17)?,
        draw_offer: r.get(18)?,
        takeback: match (r.get::<Option<u8>>(23)?, r.get::<Option<u32>>(24)?) {
            (Some(seat), Some(ply)) => Some((seat, ply)),
            _ => None,
        },
        turn_deadline: r.get(19)?,
        created_at: r.get(20)?,
        updated_at: r.get(21)?,
        moves,
    })
}

/// Why a conditional update of a game changed nothing.
fn why_unchanged(tx: &Transaction, id: GameId) -> StoreError {
    match load_head(tx, id) {
        Ok(head) if head.status == Status::Over => StoreError::GameOver,
        Ok(_) => StoreError::MovedOn,
        Err(e) => e,
    }
}

/// A move to store, already played on the position it was read from.
#[derive(Clone, Debug)]
pub struct RecordMove {
    /// The game.
    pub game: GameId,
    /// The ply of this move: the game must have exactly `ply - 1` moves.
    pub ply: u32,
    /// The position code the move was played on: the game must still be there.
    pub base_code: String,
    /// The seat that played.
    pub seat: u8,
    /// The canonical text.
    pub text: String,
    /// The position after the move.
    pub after: Replayed,
    /// Now.
    pub now: Millis,
}

/// Stores a move with its expected ply, the new cached position and, when the move
/// ends the game, the result and the rating changes, with no event and no message: for
/// tests and benchmarks only, through [`super::test_support`]. A stale view gets
/// [`StoreError::MovedOn`].
pub(crate) fn record_move(tx: &Transaction, m: &RecordMove, config: &RatingConfig) -> Result<MoveStored, StoreError> {
    let mut stored = append_move(tx, m)?;
    if let Some(end) = &m.after.outcome {
        let (result, changes) =
            end_by_rules(tx, m.game, &end.places, end.scores.as_deref(), end.reason_key.as_deref(), m.now, config)?;
        stored.result = Some(result);
        stored.ratings = changes;
    }
    Ok(stored)
}

/// Stores a move as [`record_move`] does, but never the result: when the move ends
/// the game, the caller ends it ([`end_by_rules`]) in the same transaction. The
/// service does so, so that one function of its own ends every game.
pub(crate) fn append_move(tx: &Transaction, m: &RecordMove) -> Result<MoveStored, StoreError> {
    let previous = m.ply.checked_sub(1).ok_or(StoreError::MovedOn)?;
    // A second writer of the same ply (on PostgreSQL, on another connection) waits
    // for the first one's row lock, then finds the ply moved on and changes nothing;
    // the moves' primary key refuses a second row for the ply in any case.
    let update = "UPDATE games SET ply = $1, position_code = $2, to_move = $3, draw_offer_seat = NULL, \
                  takeback_seat = NULL, takeback_ply = NULL, updated_at = $4 \
                  WHERE id = $5 AND ply = $6 AND position_code = $7 AND status = 'ongoing'";
    let stored = match tx.dialect() {
        // One round trip for both statements: the move is inserted only when the game
        // row was updated.
        Dialect::Postgres => tx.execute(
            &format!(
                "WITH moved AS ({update} RETURNING id)
                 INSERT INTO moves (game_id, ply, text, seat, played_at) SELECT id, $1, $8, $9, $4 FROM moved"
            ),
            args![m.ply, m.after.code, m.after.to_move, m.now, m.game, previous, m.base_code, m.text, m.seat],
        ),
        Dialect::Sqlite => {
            match tx.execute(update, args![m.ply, m.after.code, m.after.to_move, m.now, m.game, previous, m.base_code])
            {
                Ok(0) => Ok(0),
                Ok(_) => tx.execute(
                    "INSERT INTO moves (game_id, ply, text, seat, played_at) VALUES ($1, $2, $3, $4, $5)",
                    args![m.game, m.ply, m.text, m.seat, m.now],
                ),
                Err(e) => Err(e),
            }
        }
    };
    match stored {
        Ok(0) => return Err(why_unchanged(tx, m.game)),
        Ok(_) => {}
        Err(e) if e.is_unique_violation() => return Err(StoreError::MovedOn),
        Err(e) => return Err(e.into()),
    }
    Ok(MoveStored {
        ply: m.ply,
        text: m.text.clone(),
        code: m.after.code.clone(),
        to_move: m.after.to_move,
        result: None,
        ratings: Vec::new(),
    })
}

/// Ends `game` by the rules (its last move finished it): the places, scores and the
/// rules' end key (`seven_reds`), rated when the game is. In the transaction of that
/// move.
pub(crate) fn end_by_rules(
    tx: &Transaction,
    game: GameId,
    places: &[u8],
    scores: Option<&[i32]>,
    reason_key: Option<&str>,
    now: Millis,
    config: &RatingConfig,
) -> Result<(GameResult, Vec<crate::store::RatingChange>), StoreError> {
    finish(tx, game, places, scores, EndReason::Finished, reason_key, now, config)
}

/// Deletes the last move (ply `ply`) and puts back the position before it, under the
/// same discipline as a move: a stale view gets [`StoreError::MovedOn`].
pub(crate) fn take_back(
    tx: &Transaction,
    game: GameId,
    ply: u32,
    base_code: &str,
    before: &Replayed,
    now: Millis,
) -> Result<(), StoreError> {
    let previous = ply.checked_sub(1).ok_or(StoreError::MovedOn)?;
    let changed = tx.execute(
        "UPDATE games SET ply = $1, position_code = $2, to_move = $3, draw_offer_seat = NULL, takeback_seat = NULL, takeback_ply = NULL, updated_at = $4,
         takebacks = takebacks + 1
         WHERE id = $5 AND ply = $6 AND position_code = $7 AND status = 'ongoing'",
        args![previous, before.code, before.to_move, now, game, ply, base_code],
    )?;
    if changed == 0 {
        return Err(why_unchanged(tx, game));
    }
    let deleted = tx.execute("DELETE FROM moves WHERE game_id = $1 AND ply = $2", args![game, ply])?;
    if deleted != 1 {
        return Err(StoreError::Internal(format!("game {}: no move {ply} to take back", game.0)));
    }
    Ok(())
}

/// Ends a game by the players or the clock (resigned, timed out, aborted, drawn by
/// agreement), with its rating changes when rated.
pub(crate) fn end_game(
    tx: &Transaction,
    game: GameId,
    ending: &Ending,
    config: &RatingConfig,
) -> Result<(GameResult, Vec<crate::store::RatingChange>), StoreError> {
    if ending.reason == EndReason::Finished {
        return Err(StoreError::Invalid("only the rules finish a game".to_string()));
    }
    // Locked: the expected ply is checked against the game as it stays until commit.
    let head = head(tx, game, true)?;
    if head.status == Status::Over {
        return Err(StoreError::GameOver);
    }
    if ending.expected_ply.is_some_and(|p| p != head.ply) {
        return Err(StoreError::MovedOn);
    }
    let seats = load_seats(tx, game)?.len();
    let places: &[u8] = if ending.reason == EndReason::Aborted { &[] } else { &ending.places };
    if ending.reason != EndReason::Aborted
        && (places.len() != seats || places.iter().any(|p| *p == 0 || usize::from(*p) > seats))
    {
        return Err(StoreError::Invalid(format!("{} places for {seats} seats", places.len())));
    }
    finish(tx, game, places, ending.scores.as_deref(), ending.reason, None, ending.now, config)
}

#[allow(clippy::too_many_arguments)]
fn finish(
    tx: &Transaction,
    game: GameId,
    places: &[u8],
    scores: Option<&[i32]>,
    reason: EndReason,
    reason_key: Option<&str>,
    now: Millis,
    config: &RatingConfig,
) -> Result<(GameResult, Vec<crate::store::RatingChange>), StoreError> {
    let places_json = (!places.is_empty()).then(|| json_of(&places)).transpose()?;
    let scores_json = scores.map(|s| json_of(&s)).transpose()?;
    let changed = tx.execute(
        "UPDATE games SET status = 'over', end_reason = $1, reason_key = $2, places = $3, scores = $4,
                          ended_at = $5, updated_at = $5, draw_offer_seat = NULL, takeback_seat = NULL, takeback_ply = NULL, turn_deadline = NULL
         WHERE id = $6 AND status = 'ongoing'",
        args![reason.key(), reason_key, places_json, scores_json, now, game],
    )?;
    if changed == 0 {
        return Err(why_unchanged(tx, game));
    }
    let r = tx.query_one("SELECT rated, kind, community_id FROM games WHERE id = $1", args![game])?;
    let rated: bool = r.get(0)?;
    let changes = if rated && reason != EndReason::Aborted {
        let rated = RatedGame { id: game, kind: r.get(1)?, community: r.get(2)?, players: seat_players(tx, game)? };
        ratings::rate_finished_game(tx, &rated, places, now, config)?
    } else {
        Vec::new()
    };
    let result = GameResult {
        places: places.to_vec(),
        scores: scores.map(<[i32]>::to_vec),
        end_reason: reason,
        reason_key: reason_key.map(str::to_string),
        ended_at: now,
    };
    Ok((result, changes))
}

/// Records (or withdraws, with `None`) a seat's pending draw offer.
pub fn set_draw_offer(tx: &Transaction, game: GameId, seat: Option<u8>, now: Millis) -> Result<(), StoreError> {
    let changed = tx.execute(
        "UPDATE games SET draw_offer_seat = $1, updated_at = $2 WHERE id = $3 AND status = 'ongoing'",
        args![seat, now, game],
    )?;
    if changed == 0 {
        return Err(why_unchanged(tx, game));
    }
    Ok(())
}

/// Records (or clears, with `None`) a pending takeback request: the seat that asked
/// and the ply it would undo.
pub fn set_takeback(tx: &Transaction, game: GameId, request: Option<(u8, u32)>, now: Millis) -> Result<(), StoreError> {
    let (seat, ply) = (request.map(|r| r.0), request.map(|r| r.1));
    let changed = tx.execute(
        "UPDATE games SET takeback_seat = $1, takeback_ply = $2, updated_at = $3 WHERE id = $4 AND status = 'ongoing'",
        args![seat, ply, now, game],
    )?;
    if changed == 0 {
        return Err(why_unchanged(tx, game));
    }
    Ok(())
}

/// Sets (or clears) the deadline of the current turn.
pub fn set_turn_deadline(tx: &Transaction, game: GameId, deadline: Option<Millis>) -> Result<(), StoreError> {
    let changed =
        tx.execute("UPDATE games SET turn_deadline = $1 WHERE id = $2 AND status = 'ongoing'", args![deadline, game])?;
    if changed == 0 {
        return Err(why_unchanged(tx, game));
    }
    Ok(())
}

/// Records the platform's thread for `game` (its id as the platform gives it, kept
/// as opaque text), so that [`games_at_place`] finds the game from a command typed in
/// that thread. An adapter creates the thread after [`create_game`], hence a separate
/// write; a game that has ended keeps its thread, so any status is accepted.
pub fn set_thread(tx: &Transaction, game: GameId, thread: &str) -> Result<(), StoreError> {
    let changed = tx.execute("UPDATE games SET thread = $1 WHERE id = $2", args![thread, game])?;
    if changed == 0 {
        return Err(StoreError::NotFound(format!("game {}", game.0)));
    }
    Ok(())
}

/// A game in a list: no moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The row.
    pub id: GameId,
    /// The id people type.
    pub public_id: PublicId,
    /// The game.
    pub kind: GameKind,
    /// The seats in playing order.
    pub seats: Vec<SeatRecord>,
    /// Whether it goes on.
    pub status: Status,
    /// How it ended.
    pub result: Option<GameResult>,
    /// Moves played.
    pub ply: u32,
    /// The seat to move.
    pub to_move: u8,
    /// When last changed.
    pub updated_at: Millis,
    /// When the turn's time runs out, for games with a clock.
    pub turn_deadline: Option<Millis>,
}

impl GameSummary {
    /// True when `player` holds the seat to move of a game that goes on.
    pub fn is_turn_of(&self, player: PlayerId) -> bool {
        self.status == Status::Ongoing
            && self.seats.iter().any(|s| s.seat == self.to_move && s.holder == SeatHolder::Player(player))
    }
}

fn summaries(tx: &Transaction, sql: &str, params: &[&dyn ToParam]) -> Result<Vec<GameSummary>, StoreError> {
    let rows = tx.query(sql, params)?;
    rows.iter().map(|r| summary(tx, r)).collect()
}

fn summary(tx: &Transaction, r: &Row) -> Result<GameSummary, StoreError> {
    let id: GameId = r.get(0)?;
    Ok(GameSummary {
        id,
        public_id: PublicId(r.get(1)?),
        kind: parse_kind(&r.get::<String>(2)?)?,
        seats: load_seats(tx, id)?,
        status: if r.get::<String>(3)? == "over" { Status::Over } else { Status::Ongoing },
        result: result_from(r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?)?,
        ply: r.get(9)?,
        to_move: r.get(10)?,
        updated_at: r.get(11)?,
        turn_deadline: r.get(12)?,
    })
}

const SUMMARY_COLUMNS: &str = "g.id, g.public_id, g.kind, g.status, g.end_reason, g.reason_key, g.places, g.scores, \
                               g.ended_at, g.ply, g.to_move, g.updated_at, g.turn_deadline";

/// The games `player` is playing, most recently changed first.
pub fn games_in_progress(tx: &Transaction, player: PlayerId) -> Result<Vec<GameSummary>, StoreError> {
    summaries(
        tx,
        &format!(
            "SELECT DISTINCT {SUMMARY_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id
             WHERE s.player_id = $1 AND g.status = 'ongoing' ORDER BY g.updated_at DESC, g.id DESC"
        ),
        args![player],
    )
}

/// How many games `player` is playing against the computer: what
/// `[computer] max_games_per_player` limits.
pub fn games_against_computer_in_progress(tx: &Transaction, player: PlayerId) -> Result<u32, StoreError> {
    let n: i64 = tx
        .query_one(
            "SELECT count(DISTINCT g.id) FROM games g
             JOIN seats s ON s.game_id = g.id AND s.player_id = $1
             JOIN seats c ON c.game_id = g.id AND c.computer_level IS NOT NULL
             WHERE g.status = 'ongoing'",
            args![player],
        )?
        .get(0)?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// `player`'s games that ended, most recent first.
pub fn recent_games(tx: &Transaction, player: PlayerId, limit: u32) -> Result<Vec<GameSummary>, StoreError> {
    summaries(
        tx,
        &format!(
            "SELECT DISTINCT {SUMMARY_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id
             WHERE s.player_id = $1 AND g.status = 'over' ORDER BY g.ended_at DESC, g.id DESC LIMIT $2"
        ),
        args![player, limit],
    )
}

/// The game of `kind` that `player` played last: the one that ended last, for a
/// replay asked for without an id.
pub fn last_game_of_kind(tx: &Transaction, player: PlayerId, kind: GameKind) -> Result<Option<GameId>, StoreError> {
    Ok(last_finished_game(tx, player, kind)?.map(|g| g.id))
}

/// The game of `kind` that `player` finished last, if any: what `history` and
/// `board` show without a game id once no game of that kind is going on.
pub fn last_finished_game(
    tx: &Transaction,
    player: PlayerId,
    kind: crate::games::GameKind,
) -> Result<Option<GameSummary>, StoreError> {
    let found = summaries(
        tx,
        &format!(
            "SELECT DISTINCT {SUMMARY_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id
             WHERE s.player_id = $1 AND g.kind = $2 AND g.status = 'over' ORDER BY g.ended_at DESC, g.id DESC LIMIT 1"
        ),
        args![player, kind.name()],
    )?;
    Ok(found.into_iter().next())
}

/// The games played in a thread or channel (or room), those going on first: a command
/// in a game's thread finds its game.
pub fn games_at_place(tx: &Transaction, place: &str) -> Result<Vec<GameSummary>, StoreError> {
    summaries(
        tx,
        &format!(
            "SELECT {SUMMARY_COLUMNS} FROM games g WHERE g.thread = $1
             UNION
             SELECT {SUMMARY_COLUMNS} FROM games g WHERE g.channel = $1 AND g.status = 'ongoing'
             ORDER BY 4 ASC, 12 DESC"
        ),
        args![place],
    )
}

/// Games going on whose turn deadline is at or before `now`, most overdue first (for
/// the clocks).
pub fn games_past_deadline(tx: &Transaction, now: Millis) -> Result<Vec<GameId>, StoreError> {
    ids(
        tx,
        "SELECT id FROM games WHERE turn_deadline <= $1 AND status = 'ongoing' ORDER BY turn_deadline, id",
        args![now],
    )
}

/// The first column of every row, as ids.
fn ids(tx: &Transaction, sql: &str, params: &[&dyn ToParam]) -> Result<Vec<GameId>, StoreError> {
    tx.query(sql, params)?.iter().map(|r| r.get(0)).collect()
}

/// Games going on whose seat to move is held by the computer, oldest first: what
/// the computer's worker must take up again after a restart. One indexed join instead
/// of loading every game ever played.
pub fn games_with_computer_to_move(tx: &Transaction) -> Result<Vec<GameId>, StoreError> {
    ids(
        tx,
        "SELECT g.id FROM games g
         JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move
         WHERE g.status = 'ongoing' AND s.computer_level IS NOT NULL
         ORDER BY g.id",
        args![],
    )
}

/// Every game's row id, in creation order.
pub fn all_games(tx: &Transaction) -> Result<Vec<GameId>, StoreError> {
    ids(tx, "SELECT id FROM games ORDER BY id", args![])
}

/// Which players sit where, for the ratings.
fn seat_players(tx: &Transaction, game: GameId) -> Result<Vec<Option<PlayerId>>, StoreError> {
    Ok(load_seats(tx, game)?
        .into_iter()
        .map(|s| match s.holder {
            SeatHolder::Player(p) => Some(p),
            SeatHolder::Computer(_) => None,
        })
        .collect())
}

/// The latest `limit` games of `community`, most recently changed first, each with its
/// web link's token (a community's page lists them; every game listed has one once
/// the page is on, see [`super::web::turn_page_on`]).
pub fn community_games(
    tx: &Transaction,
    community: crate::store::CommunityId,
    limit: u32,
) -> Result<Vec<(GameSummary, Option<super::web::Token>)>, StoreError> {
    let games = summaries(
        tx,
        &format!(
            "SELECT {SUMMARY_COLUMNS} FROM games g WHERE g.community_id = $1
             ORDER BY g.updated_at DESC, g.id DESC LIMIT $2"
        ),
        args![community, limit],
    )?;
    games
        .into_iter()
        .map(|g| {
            let token = super::web::game_link(tx, g.id)?;
            Ok((g, token))
        })
        .collect()
}
