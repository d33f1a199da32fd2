//! Conditional moves (`migrations/016_premoves.sql`): the lines a player leaves in a
//! game while the others are to move, "if they play X, I answer Y".
//!
//! A line is kept as the moves still to come, in canonical notation, with the ply its
//! first move is expected after. The store only keeps them: which line matches a move,
//! and what is played, is the service's (`service::premoves`), checked by the rules.
//! The lines of a player in a game are written whole ([`set_premoves`]), so that a
//! line's number is its place in the list the player is shown.

use super::error::StoreError;
use super::model::{GameId, Millis, PlayerId};
use super::sql::{args, Dialect, Row, Transaction};

/// One line of conditional moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PremoveLine {
    /// The game.
    pub game: GameId,
    /// Whose line it is.
    pub player: PlayerId,
    /// Its number among the player's lines of the game, from 1, in the order given.
    pub line: u32,
    /// The game's ply when the line's first move is due: it is expected as move
    /// `ply + 1`.
    pub ply: u32,
    /// The moves still to come, in canonical notation.
    pub moves: Vec<String>,
    /// When it was given.
    pub created_at: Millis,
}

/// A line to store: the ply its first move is expected after, its moves, and when it
/// was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPremoveLine {
    /// The game's ply when its first move is due.
    pub ply: u32,
    /// Its moves, in canonical notation (none empty, none with a space).
    pub moves: Vec<String>,
    /// When it was given.
    pub created_at: Millis,
}

fn line(r: &Row) -> Result<PremoveLine, StoreError> {
    let moves: String = r.get(4)?;
    Ok(PremoveLine {
        game: r.get(0)?,
        player: r.get(1)?,
        line: r.get(2)?,
        ply: r.get(3)?,
        moves: moves.split(' ').filter(|m| !m.is_empty()).map(str::to_string).collect(),
        created_at: r.get(5)?,
    })
}

const COLUMNS: &str = "game_id, player_id, line, ply, moves, created_at";

/// Every line of `game`, by player and number.
pub fn premoves_of_game(tx: &Transaction, game: GameId) -> Result<Vec<PremoveLine>, StoreError> {
    tx.query(&format!("SELECT {COLUMNS} FROM premoves WHERE game_id = $1 ORDER BY player_id, line"), args![game])?
        .iter()
        .map(line)
        .collect()
}

/// `player`'s lines in `game`, by number.
pub fn premoves_of(tx: &Transaction, game: GameId, player: PlayerId) -> Result<Vec<PremoveLine>, StoreError> {
    tx.query(
        &format!("SELECT {COLUMNS} FROM premoves WHERE game_id = $1 AND player_id = $2 ORDER BY line"),
        args![game, player],
    )?
    .iter()
    .map(line)
    .collect()
}

/// Locks `game`'s row until the transaction ends (PostgreSQL; SQLite has one writer),
/// so that a change of its lines cannot cross one of its moves; its ply and whether
/// it goes on. `None` for no such game.
pub fn lock_game_ply(tx: &Transaction, game: GameId) -> Result<Option<(u32, bool)>, StoreError> {
    let lock = match tx.dialect() {
        Dialect::Sqlite => "",
        Dialect::Postgres => "FOR UPDATE",
    };
    let row = tx.query_opt(&format!("SELECT ply, status FROM games WHERE id = $1 {lock}"), args![game])?;
    row.map(|r| Ok((r.get(0)?, r.get::<String>(1)? == "ongoing"))).transpose()
}

/// Replaces `player`'s lines in `game` with `lines`, numbered from 1 in their order.
pub fn set_premoves(
    tx: &Transaction,
    game: GameId,
    player: PlayerId,
    lines: &[NewPremoveLine],
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM premoves WHERE game_id = $1 AND player_id = $2", args![game, player])?;
    for (n, l) in (1u32..).zip(lines) {
        let moves = l.moves.join(" ");
        if moves.is_empty() || l.moves.iter().any(|m| m.is_empty() || m.contains(char::is_whitespace)) {
            return Err(StoreError::Invalid(format!("a conditional move line of game {}: {moves:?}", game.0)));
        }
        tx.execute(
            "INSERT INTO premoves (game_id, player_id, line, ply, moves, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
            args![game, player, n, l.ply, moves, l.created_at],
        )?;
    }
    Ok(())
}

/// Removes the lines of `game`: `player`'s, or everyone's with `None`. How many went.
pub fn clear_premoves(tx: &Transaction, game: GameId, player: Option<PlayerId>) -> Result<u64, StoreError> {
    Ok(match player {
        Some(p) => tx.execute("DELETE FROM premoves WHERE game_id = $1 AND player_id = $2", args![game, p])?,
        None => tx.execute("DELETE FROM premoves WHERE game_id = $1", args![game])?,
    })
}
