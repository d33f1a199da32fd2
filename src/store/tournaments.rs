//! Tournaments (`migrations/012_tournaments.sql`): a tournament's settings and state,
//! its entrants, and its rounds, each board a game of `games` (or a bye).
//!
//! The store keeps what the pairing needs and nothing it computes: scores, colour
//! histories and tie-breaks are worked out by the pairing (`src/pairing`) from the entrants and
//! the rounds on each call, so they cannot drift from the games. Results are kept as
//! `pairing::GameResult::key` text (`white`, `draw`, `black_forfeit` …), which the
//! store does not read.
//!
//! A change that may race another (the last two games of a round ending at once on
//! two workers) begins with [`lock_tournament`]: the tournament's row is locked until
//! the transaction ends (PostgreSQL; SQLite has one writer), so the second sees what
//! the first wrote and a round is paired once.

use super::error::StoreError;
use super::model::{CommunityId, GameId, Millis, PlayerId, Scope, TournamentId};
use super::players::platform_from_key;
use super::sql::{args, Dialect, Row, Transaction};
use super::web::Token;
use crate::config::Platform;
use crate::games::GameKind;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Rounds paired one by one by score.
    Swiss,
    /// Everyone meets everyone once; every game starts at once.
    RoundRobin,
}

impl TournamentFormat {
    /// The key stored.
    pub fn key(self) -> &'static str {
        match self {
            TournamentFormat::Swiss => "swiss",
            TournamentFormat::RoundRobin => "round_robin",
        }
    }

    fn from_key(key: &str) -> Result<TournamentFormat, StoreError> {
        match key {
            "swiss" => Ok(TournamentFormat::Swiss),
            "round_robin" => Ok(TournamentFormat::RoundRobin),
            other => Err(StoreError::Internal(format!("unknown tournament format {other:?}"))),
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entries.
    Open,
    /// Its games are played.
    Running,
    /// Over: its standings are final.
    Finished,
    /// It never started (too few players when a series' edition was due).
    Cancelled,
}

impl TournamentStatus {
    /// The key stored.
    pub fn key(self) -> &'static str {
        match self {
            TournamentStatus::Open => "open",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    fn from_key(key: &str) -> Result<TournamentStatus, StoreError> {
        [TournamentStatus::Open, TournamentStatus::Running, TournamentStatus::Finished, TournamentStatus::Cancelled]
            .into_iter()
            .find(|s| s.key() == key)
            .ok_or_else(|| StoreError::Internal(format!("unknown tournament status {key:?}")))
    }
}

/// Why an entrant withdrew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Withdrawal {
    /// They left.
    Left,
    /// They lost two games on time and were withdrawn.
    Timeouts,
}

impl Withdrawal {
    fn key(self) -> &'static str {
        match self {
            Withdrawal::Left => "left",
            Withdrawal::Timeouts => "timeouts",
        }
    }

    fn from_key(key: &str) -> Result<Withdrawal, StoreError> {
        match key {
            "left" => Ok(Withdrawal::Left),
            "timeouts" => Ok(Withdrawal::Timeouts),
            other => Err(StoreError::Internal(format!("unknown withdrawal {other:?}"))),
        }
    }
}

/// A tournament to create.
#[derive(Clone, Debug)]
pub struct NewTournament {
    /// The game.
    pub kind: GameKind,
    /// How it pairs.
    pub format: TournamentFormat,
    /// Its name, if it was given one.
    pub name: Option<String>,
    /// Swiss rounds asked for (`None`: chosen for the field at the start).
    pub rounds: Option<u32>,
    /// Days per move of its games.
    pub days: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// The most entrants.
    pub max_players: u32,
    /// A series: days from one edition's end to the next's start.
    pub every_days: Option<u32>,
    /// The edition before, in a series.
    pub previous: Option<TournamentId>,
    /// Its number in its series (1 for the first).
    pub edition: u32,
    /// Who made the series or the tournament.
    pub creator: PlayerId,
    /// The community it belongs to.
    pub community: Option<CommunityId>,
    /// The channel it is announced in.
    pub channel: Option<String>,
    /// When it starts by itself (a series' next edition).
    pub starts_at: Option<Millis>,
    /// Now.
    pub now: Millis,
}

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Its row, the number people type.
    pub id: TournamentId,
    /// Its web page's token.
    pub token: Token,
    /// The game.
    pub kind: GameKind,
    /// How it pairs.
    pub format: TournamentFormat,
    /// Its name.
    pub name: Option<String>,
    /// Swiss rounds asked for.
    pub rounds: Option<u32>,
    /// Days per move.
    pub days: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// The most entrants.
    pub max_players: u32,
    /// A series' days between editions.
    pub every_days: Option<u32>,
    /// The edition before.
    pub previous: Option<TournamentId>,
    /// Its number in its series.
    pub edition: u32,
    /// Who made it.
    pub creator: PlayerId,
    /// The platform of its creator, where it is announced.
    pub platform: Platform,
    /// The community.
    pub community: Option<CommunityId>,
    /// The channel.
    pub channel: Option<String>,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The last round paired (0 before the start).
    pub round: u32,
    /// The rounds it has, once started.
    pub total_rounds: Option<u32>,
    /// When it starts by itself.
    pub starts_at: Option<Millis>,
    /// When made.
    pub created_at: Millis,
    /// When started.
    pub started_at: Option<Millis>,
    /// When it finished or was cancelled.
    pub ended_at: Option<Millis>,
}

/// An entrant of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Who.
    pub player: PlayerId,
    /// Their platform id.
    pub user_id: String,
    /// The name they go by.
    pub name: String,
    /// Their order of entry (from 1, with gaps where someone left before the start).
    pub entry: u32,
    /// When they entered.
    pub entered_at: Millis,
    /// Their rating in the game when the tournament started; `None`: unrated (or not
    /// started).
    pub rating: Option<f64>,
    /// Games of the tournament they lost on time.
    pub timeouts: u32,
    /// When and why they withdrew.
    pub withdrawn: Option<(Millis, Withdrawal)>,
}

/// A board of a round, or its bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1; 0 for the bye.
    pub board: u32,
    /// The first seat (the bye's player).
    pub white: PlayerId,
    /// The second seat; `None` for the bye.
    pub black: Option<PlayerId>,
    /// The game, once started.
    pub game: Option<GameId>,
    /// The result as the tournament counts it (`pairing::GameResult::key`).
    pub result: Option<String>,
}

/// The tournament game a stored game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInTournament {
    /// The tournament.
    pub tournament: TournamentId,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
}

const COLUMNS: &str = "t.id, t.token, t.kind, t.format, t.name, t.rounds, t.days, t.rated, t.max_players, \
    t.every_days, t.previous_id, t.edition, t.creator_id, p.platform, t.community_id, t.channel, t.status, t.round, \
    t.total_rounds, t.starts_at, t.created_at, t.started_at, t.ended_at";

fn tournament_row(r: &Row) -> Result<Tournament, StoreError> {
    let kind: String = r.get(2)?;
    let platform: String = r.get(13)?;
    Ok(Tournament {
        id: r.get(0)?,
        token: Token::parse(&r.get::<String>(1)?)
            .ok_or_else(|| StoreError::Internal("a tournament's token is malformed".to_string()))?,
        kind: kind.parse().map_err(|_| StoreError::Internal(format!("unknown game kind {kind:?}")))?,
        format: TournamentFormat::from_key(&r.get::<String>(3)?)?,
        name: r.get(4)?,
        rounds: r.get(5)?,
        days: r.get(6)?,
        rated: r.get(7)?,
        max_players: r.get(8)?,
        every_days: r.get(9)?,
        previous: r.get(10)?,
        edition: r.get(11)?,
        creator: r.get(12)?,
        platform: platform_from_key(&platform)?,
        community: r.get(14)?,
        channel: r.get(15)?,
        status: TournamentStatus::from_key(&r.get::<String>(16)?)?,
        round: r.get(17)?,
        total_rounds: r.get(18)?,
        starts_at: r.get(19)?,
        created_at: r.get(20)?,
        started_at: r.get(21)?,
        ended_at: r.get(22)?,
    })
}

/// Stores a new open tournament, with the token of its web page; returns its row.
pub fn create_tournament(tx: &Transaction, t: &NewTournament) -> Result<TournamentId, StoreError> {
    let token = Token::draw()?;
    tx.query_one(
        "INSERT INTO tournaments (token, kind, format, name, rounds, days, rated, max_players, every_days,
                                  previous_id, edition, creator_id, community_id, channel, status, starts_at,
                                  created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'open', $15, $16) RETURNING id",
        args![
            token.as_str(),
            t.kind.name(),
            t.format.key(),
            t.name,
            t.rounds,
            t.days,
            t.rated,
            t.max_players,
            t.every_days,
            t.previous,
            t.edition,
            t.creator,
            t.community,
            t.channel,
            t.starts_at,
            t.now
        ],
    )?
    .get(0)
}

/// A tournament by row.
pub fn load_tournament(tx: &Transaction, id: TournamentId) -> Result<Tournament, StoreError> {
    tournament(tx, id, false)
}

/// A tournament by row, its row locked until the transaction ends (PostgreSQL; SQLite
/// has one writer): every change to a tournament that may race another begins here.
pub fn lock_tournament(tx: &Transaction, id: TournamentId) -> Result<Tournament, StoreError> {
    tournament(tx, id, true)
}

fn tournament(tx: &Transaction, id: TournamentId, lock: bool) -> Result<Tournament, StoreError> {
    if lock && tx.dialect() == Dialect::Postgres {
        tx.query_opt("SELECT id FROM tournaments WHERE id = $1 FOR UPDATE", args![id])?;
    }
    let sql = format!("SELECT {COLUMNS} FROM tournaments t JOIN players p ON p.id = t.creator_id WHERE t.id = $1");
    let row = tx.query_opt(&sql, args![id])?.ok_or_else(|| StoreError::NotFound(format!("tournament {}", id.0)))?;
    tournament_row(&row)
}

/// The tournament a web page's token opens, if any.
pub fn tournament_of_page(tx: &Transaction, token: &Token) -> Result<Option<TournamentId>, StoreError> {
    tx.query_opt("SELECT id FROM tournaments WHERE token = $1", args![token.as_str()])?.map(|r| r.get(0)).transpose()
}

/// The tournaments of `community`, newest first, at most `limit`.
pub fn community_tournaments(
    tx: &Transaction,
    community: CommunityId,
    limit: u32,
) -> Result<Vec<Tournament>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments t JOIN players p ON p.id = t.creator_id
         WHERE t.community_id = $1 ORDER BY t.id DESC LIMIT $2"
    );
    tx.query(&sql, args![community, limit])?.iter().map(tournament_row).collect()
}

/// The tournaments of `community` still open or running, oldest first.
pub fn active_tournaments(tx: &Transaction, community: CommunityId) -> Result<Vec<Tournament>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments t JOIN players p ON p.id = t.creator_id
         WHERE t.community_id = $1 AND t.status IN ('open', 'running') ORDER BY t.id"
    );
    tx.query(&sql, args![community])?.iter().map(tournament_row).collect()
}

/// Open tournaments whose start is due at `now`, oldest due first.
pub fn tournaments_due(tx: &Transaction, now: Millis) -> Result<Vec<TournamentId>, StoreError> {
    tx.query(
        "SELECT id FROM tournaments WHERE status = 'open' AND starts_at IS NOT NULL AND starts_at <= $1
         ORDER BY starts_at, id",
        args![now],
    )?
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// Enters `player` (last in the order of entry); false when they already were.
pub fn add_entrant(tx: &Transaction, id: TournamentId, player: PlayerId, now: Millis) -> Result<bool, StoreError> {
    let entered = tx.execute(
        "INSERT INTO tournament_entrants (tournament_id, player_id, entry, entered_at)
         SELECT $1, $2, coalesce(max(entry), 0) + 1, $3 FROM tournament_entrants WHERE tournament_id = $1
         ON CONFLICT (tournament_id, player_id) DO NOTHING",
        args![id, player, now],
    )?;
    Ok(entered == 1)
}

/// Takes `player` out of a tournament that has not started; false when they were not
/// in it.
pub fn remove_entrant(tx: &Transaction, id: TournamentId, player: PlayerId) -> Result<bool, StoreError> {
    Ok(tx.execute("DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2", args![id, player])?
        == 1)
}

/// The entrants, in their order of entry.
pub fn entrants(tx: &Transaction, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
    tx.query(
        "SELECT e.player_id, p.user_id, p.display_name, e.entry, e.entered_at, e.rating, e.timeouts, e.left_at,
                e.left_why
         FROM tournament_entrants e JOIN players p ON p.id = e.player_id
         WHERE e.tournament_id = $1 ORDER BY e.entry",
        args![id],
    )?
    .iter()
    .map(|r| {
        let withdrawn = match (r.get::<Option<Millis>>(7)?, r.get::<Option<String>>(8)?) {
            (Some(at), Some(why)) => Some((at, Withdrawal::from_key(&why)?)),
            _ => None,
        };
        Ok(Entrant {
            player: r.get(0)?,
            user_id: r.get(1)?,
            name: r.get(2)?,
            entry: r.get(3)?,
            entered_at: r.get(4)?,
            rating: r.get(5)?,
            timeouts: r.get(6)?,
            withdrawn,
        })
    })
    .collect()
}

/// The ratings of `players` in `kind` in `scope`, for those who have one.
pub fn ratings_of(
    tx: &Transaction,
    kind: GameKind,
    scope: Scope,
    players: &[PlayerId],
) -> Result<Vec<(PlayerId, f64)>, StoreError> {
    let mut out = Vec::new();
    for player in players {
        let found = tx.query_opt(
            "SELECT rating FROM ratings WHERE player_id = $1 AND kind = $2 AND scope = $3",
            args![player, kind.name(), scope.key()],
        )?;
        if let Some(r) = found {
            out.push((*player, r.get(0)?));
        }
    }
    Ok(out)
}

/// Sets the rating an entrant is paired with (`None`: unrated).
pub fn set_entrant_rating(
    tx: &Transaction,
    id: TournamentId,
    player: PlayerId,
    rating: Option<f64>,
) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE tournament_entrants SET rating = $1 WHERE tournament_id = $2 AND player_id = $3",
        args![rating, id, player],
    )?;
    Ok(())
}

/// Withdraws `player` at `now` for `why`; false when they had withdrawn already (or
/// were not entered).
pub fn withdraw_entrant(
    tx: &Transaction,
    id: TournamentId,
    player: PlayerId,
    why: Withdrawal,
    now: Millis,
) -> Result<bool, StoreError> {
    Ok(tx.execute(
        "UPDATE tournament_entrants SET left_at = $1, left_why = $2
         WHERE tournament_id = $3 AND player_id = $4 AND left_at IS NULL",
        args![now, why.key(), id, player],
    )? == 1)
}

/// Counts a game `player` lost on time; their count now.
pub fn add_timeout(tx: &Transaction, id: TournamentId, player: PlayerId) -> Result<u32, StoreError> {
    tx.query_opt(
        "UPDATE tournament_entrants SET timeouts = timeouts + 1 WHERE tournament_id = $1 AND player_id = $2
         RETURNING timeouts",
        args![id, player],
    )?
    .map_or(Ok(0), |r| r.get(0))
}

/// Whether `player` was withdrawn from tournament `id` for losing on time.
pub fn withdrawn_for_timeouts(tx: &Transaction, id: TournamentId, player: PlayerId) -> Result<bool, StoreError> {
    Ok(tx
        .query_opt(
            "SELECT 1 FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2 AND left_why = 'timeouts'",
            args![id, player],
        )?
        .is_some())
}

/// Adds the boards of round `round`: `(board, white, black)`, `black` `None` for the
/// bye (board 0). Their games are linked once made ([`link_game`]).
pub fn add_round(
    tx: &Transaction,
    id: TournamentId,
    round: u32,
    boards: &[(u32, PlayerId, Option<PlayerId>)],
) -> Result<(), StoreError> {
    for (board, white, black) in boards {
        tx.execute(
            "INSERT INTO tournament_games (tournament_id, round, board, white_id, black_id) VALUES ($1, $2, $3, $4, $5)",
            args![id, round, board, white, black],
        )?;
    }
    Ok(())
}

/// Links board `board` of round `round` to its game.
pub fn link_game(tx: &Transaction, id: TournamentId, round: u32, board: u32, game: GameId) -> Result<(), StoreError> {
    let changed = tx.execute(
        "UPDATE tournament_games SET game_id = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4
           AND black_id IS NOT NULL",
        args![game, id, round, board],
    )?;
    if changed == 0 {
        return Err(StoreError::NotFound(format!("board {board} of round {round} of tournament {}", id.0)));
    }
    Ok(())
}

/// Every board and bye of every round, in round and board order (byes first).
pub fn tournament_games(tx: &Transaction, id: TournamentId) -> Result<Vec<TournamentGame>, StoreError> {
    tx.query(
        "SELECT round, board, white_id, black_id, game_id, result FROM tournament_games
         WHERE tournament_id = $1 ORDER BY round, board",
        args![id],
    )?
    .iter()
    .map(|r| {
        Ok(TournamentGame {
            round: r.get(0)?,
            board: r.get(1)?,
            white: r.get(2)?,
            black: r.get(3)?,
            game: r.get(4)?,
            result: r.get(5)?,
        })
    })
    .collect()
}

/// The tournament, round and board `game` is, if it is a tournament's game.
pub fn tournament_of_game(tx: &Transaction, game: GameId) -> Result<Option<GameInTournament>, StoreError> {
    tx.query_opt("SELECT tournament_id, round, board FROM tournament_games WHERE game_id = $1", args![game])?
        .map(|r| Ok(GameInTournament { tournament: r.get(0)?, round: r.get(1)?, board: r.get(2)? }))
        .transpose()
}

/// Records the result of board `board` of round `round` (a result key); false when it
/// had one already.
pub fn set_board_result(
    tx: &Transaction,
    id: TournamentId,
    round: u32,
    board: u32,
    result: &str,
) -> Result<bool, StoreError> {
    Ok(tx.execute(
        "UPDATE tournament_games SET result = $1
         WHERE tournament_id = $2 AND round = $3 AND board = $4 AND black_id IS NOT NULL AND result IS NULL",
        args![result, id, round, board],
    )? == 1)
}

/// The games of tournament `id` going on where `player` has a seat.
pub fn running_games_of(tx: &Transaction, id: TournamentId, player: PlayerId) -> Result<Vec<GameId>, StoreError> {
    tx.query(
        "SELECT t.game_id FROM tournament_games t JOIN games g ON g.id = t.game_id
         WHERE t.tournament_id = $1 AND (t.white_id = $2 OR t.black_id = $2) AND g.status = 'ongoing'
         ORDER BY t.round, t.board",
        args![id, player],
    )?
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// Starts an open tournament: running, round 1 of `total_rounds`.
pub fn start_tournament(tx: &Transaction, id: TournamentId, total_rounds: u32, now: Millis) -> Result<(), StoreError> {
    let changed = tx.execute(
        "UPDATE tournaments SET status = 'running', round = 1, total_rounds = $1, started_at = $2
         WHERE id = $3 AND status = 'open'",
        args![total_rounds, now, id],
    )?;
    if changed == 0 {
        return Err(StoreError::MovedOn);
    }
    Ok(())
}

/// Moves a running tournament to round `round`.
pub fn set_tournament_round(tx: &Transaction, id: TournamentId, round: u32) -> Result<(), StoreError> {
    let changed =
        tx.execute("UPDATE tournaments SET round = $1 WHERE id = $2 AND status = 'running'", args![round, id])?;
    if changed == 0 {
        return Err(StoreError::MovedOn);
    }
    Ok(())
}

/// Ends a tournament: `Finished` (its standings are final) or `Cancelled` (it never
/// started).
pub fn end_tournament(
    tx: &Transaction,
    id: TournamentId,
    status: TournamentStatus,
    now: Millis,
) -> Result<(), StoreError> {
    if !matches!(status, TournamentStatus::Finished | TournamentStatus::Cancelled) {
        return Err(StoreError::Invalid("a tournament ends finished or cancelled".to_string()));
    }
    let changed = tx.execute(
        "UPDATE tournaments SET status = $1, ended_at = $2, starts_at = NULL
         WHERE id = $3 AND status IN ('open', 'running')",
        args![status.key(), now, id],
    )?;
    if changed == 0 {
        return Err(StoreError::MovedOn);
    }
    Ok(())
}

/// The edition that follows `id` in its series, if one was made.
pub fn next_edition(tx: &Transaction, id: TournamentId) -> Result<Option<TournamentId>, StoreError> {
    tx.query_opt("SELECT id FROM tournaments WHERE previous_id = $1", args![id])?.map(|r| r.get(0)).transpose()
}
