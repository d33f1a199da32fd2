//! Every call the store makes into the rules cores, in one place.
//!
//! The store knows no rule: it rebuilds a position from what it keeps (kind, settings
//! JSON, an optional start code and canonical move texts) through this file only.
//! Written against today's `DynGame` API; when the core gains its typed replay call
//! (issue 17) this file is the only one to change.

use crate::games::{DynGame, GameKind};

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
    /// The outcome's stable reason key. Today's core gives only English text, which is
    /// never stored, so this is `None` until the typed reasons of issue 17 land.
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

fn start(kind: GameKind, settings: Option<&str>, code: Option<&str>) -> Result<Box<dyn DynGame>, ReplayError> {
    let game = match code {
        Some(code) => kind.from_code(code, settings),
        None => kind.start(settings),
    };
    game.map_err(|e| ReplayError { ply: 0, text: code.unwrap_or_default().to_string(), reason: e.to_string() })
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
        if game.outcome().is_some() {
            return Err(ReplayError { ply, text: text.to_string(), reason: "the game is over".to_string() });
        }
        match game.play(text) {
            Ok(c) => canonical.push(c),
            Err(e) => return Err(ReplayError { ply, text: text.to_string(), reason: e.to_string() }),
        }
    }
    let outcome = game.outcome().map(|o| Ended { places: o.places, scores: o.scores, reason_key: None });
    Ok(Replayed {
        code: game.code(),
        settings: game.settings_json(),
        to_move: game.to_move().0,
        seats: game.seats().len() as u8,
        moves: canonical,
        outcome,
    })
}

/// The legal moves of a position in canonical text, for tests and tools that play
/// through the store.
pub fn legal_moves(kind: GameKind, settings: Option<&str>, code: &str) -> Result<Vec<String>, ReplayError> {
    Ok(start(kind, settings, Some(code))?.legal_moves())
}
