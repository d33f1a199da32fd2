//! Every call the store makes into the rules cores, in one place.
//!
//! The store knows no rule: it rebuilds a position from what it keeps (kind, settings
//! JSON, an optional start code and canonical move texts) through the core's
//! [`games::replay`], in this file only.

use crate::games::{self, GameKind, Position, Settings};

/// What the store keeps of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The position code, cached with the game.
    pub code: String,
    /// The settings in the core's normal form (every option spelled out).
    pub settings: String,
    /// The seat to move.
    pub to_move: u8,
    /// Number of seats.
    pub seats: u8,
    /// The canonical text of each move replayed, in order.
    pub moves: Vec<String>,
    /// The result when the position is over.
    pub outcome: Option<Ended>,
}

/// The result of a position that is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The place of each seat, 1 for first, ties sharing a place.
    pub places: Vec<u8>,
    /// Each seat's score where the game counts one.
    pub scores: Option<Vec<i32>>,
    /// The outcome's stable reason key ([`games::EndReason::key`]).
    pub reason_key: Option<String>,
}

/// Why a replay failed: the move at `ply` (1-based; 0 for the start) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} \"{text}\": {reason}")]
pub struct ReplayError {
    /// The ply of the refused move, 0 when the start itself (settings, code) is refused.
    pub ply: u32,
    /// The refused text.
    pub text: String,
    /// Why, for people.
    pub reason: String,
}

fn settings(kind: GameKind, settings: Option<&str>) -> Result<Settings, ReplayError> {
    match settings {
        Some(json) => Settings::from_json(kind, json),
        None => Ok(kind.default_settings()),
    }
    .map_err(|e| ReplayError { ply: 0, text: String::new(), reason: e.to_string() })
}

fn start(kind: GameKind, settings_json: Option<&str>, code: Option<&str>) -> Result<Position, ReplayError> {
    let settings = settings(kind, settings_json)?;
    let (position, _) = games::replay::<&str>(&settings, code, &[]).map_err(|e| ReplayError {
        ply: 0,
        text: code.map(games::excerpt).unwrap_or_default(),
        reason: e.to_string(),
    })?;
    Ok(position)
}

/// Replays `moves` from the start (or from `start_code`) of a game of `kind`. The
/// moves may be any accepted spelling; the result holds their canonical texts. `first_ply`
/// numbers the first move in errors (1 from the start).
pub fn replay<S: AsRef<str>>(
    kind: GameKind,
    settings: Option<&str>,
    start_code: Option<&str>,
    moves: &[S],
) -> Result<Replayed, ReplayError> {
    from_position(kind, settings, start_code, moves, 1)
}

/// Plays `moves` on the position `code`, whose next move has ply `first_ply`: the fast
/// path of a move, from the cached position instead of the whole list.
pub fn advance<S: AsRef<str>>(
    kind: GameKind,
    settings: Option<&str>,
    code: &str,
    moves: &[S],
    first_ply: u32,
) -> Result<Replayed, ReplayError> {
    from_position(kind, settings, Some(code), moves, first_ply)
}

fn from_position<S: AsRef<str>>(
    kind: GameKind,
    settings: Option<&str>,
    code: Option<&str>,
    moves: &[S],
    first_ply: u32,
) -> Result<Replayed, ReplayError> {
    let mut game = start(kind, settings, code)?;
    let mut canonical = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let ply = first_ply.saturating_add(i as u32);
        let text = text.as_ref();
        match game.play_text(text) {
            Ok(played) => canonical.push(played.text),
            Err(e) => return Err(ReplayError { ply, text: games::excerpt(text), reason: e.to_string() }),
        }
    }
    let outcome = game.outcome().map(|o| Ended {
        places: o.places.to_vec(),
        scores: o.scores.map(|s| s.to_vec()),
        reason_key: Some(o.reason.key().to_string()),
    });
    Ok(Replayed {
        code: game.code(),
        settings: game.settings().to_json(),
        to_move: game.to_move().0,
        seats: game.seats().len() as u8,
        moves: canonical,
        outcome,
    })
}

/// The legal moves of a position in canonical text, for tests and tools that play
/// through the store.
pub fn legal_moves(kind: GameKind, settings: Option<&str>, code: &str) -> Result<Vec<String>, ReplayError> {
    Ok(start(kind, settings, Some(code))?.legal_moves().iter().map(ToString::to_string).collect())
}
