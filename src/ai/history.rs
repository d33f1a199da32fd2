//! The positions a game has gone through, as keys: what the search needs to avoid
//! repeating itself, and the draw rules to count repetitions.
//!
//! A key is a 64-bit hash of the whole position ([`Game`]'s `Hash`: the board, the
//! counters, the seat to move and any state that decides the legal moves, such as
//! Kuba's push-back ban), so two positions have the same key exactly when they are
//! the same position with the same seat to move (up to a hash collision, which
//! costs nothing worse than one move scored as a repetition). Keys are computed
//! with a fixed hasher: the same position has the same key in every run of the
//! same build, but keys are not meant to be stored across versions: the caller
//! recomputes them from the game's moves ([`game_history`]).

use std::hash::{DefaultHasher, Hasher};

use super::AiError;
use crate::games::{Game, Position, PositionVisitor};

/// The key of a position of a known game.
pub fn key<G: Game>(position: &G) -> u64 {
    let mut hasher = DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

struct KeyOf;

impl PositionVisitor for KeyOf {
    type Output = u64;
    fn visit<G: Game>(self, position: &G) -> u64 {
        key(position)
    }
}

/// The key of a position of any game; the same as [`key`] of the game inside.
pub fn position_key(position: &Position) -> u64 {
    position.visit(KeyOf)
}

/// Plays `moves` (canonical or lenient text) from `start` and gives the position
/// reached with the keys of every position on the way: the start's first and the
/// position reached last, as [`crate::ai::MoveRequest::history`] takes them.
pub fn game_history<S: AsRef<str>>(start: &Position, moves: &[S]) -> Result<(Position, Vec<u64>), AiError> {
    let mut position = start.clone();
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(position_key(&position));
    for (i, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        position.play_text(text).map_err(|reason| crate::games::ReplayError::Move {
            ply: i + 1,
            text: crate::games::excerpt(text),
            reason,
        })?;
        keys.push(position_key(&position));
    }
    Ok((position, keys))
}

/// How many times the position with key `current` has occurred in a game whose
/// history is `history`, this time included. The history may or may not end with
/// the current position: it is counted once either way (two positions in a row are
/// never the same, since every move changes the position or the seat to move).
pub fn occurrences(history: &[u64], current: u64) -> usize {
    let before = history.iter().filter(|&&k| k == current).count();
    if history.last() == Some(&current) {
        before
    } else {
        before + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn keys_tell_positions_apart_and_agree_across_wrappers() {
        let start = Position::start(&GameKind::Kuba.default_settings());
        let (after, keys) = game_history(&start, &["a6-E", "g7-S"]).expect("legal");
        assert_eq!(keys.len(), 3);
        assert_eq!(keys[0], position_key(&start));
        assert_eq!(keys[2], position_key(&after));
        assert_ne!(keys[0], keys[1]);
        let Position::Kuba(inner) = &after else { panic!("a Kuba position") };
        assert_eq!(key(inner), position_key(&after));
        let refused = game_history(&start, &["a6-E", "nonsense"]).unwrap_err();
        assert!(refused.to_string().contains("move 2"), "{refused}");
    }

    #[test]
    fn a_shuffle_brings_the_start_back_and_is_counted() {
        // Each side pushes one marble out and back: after four moves the start
        // position (White to move, no ban) is on the board again.
        let start = Position::start(&GameKind::Kuba.default_settings());
        let cycle = ["a7-S", "g7-S", "a5-N", "g5-N"];
        let (position, keys) = game_history(&start, &cycle).expect("legal");
        assert_eq!(position.code(), start.code());
        assert_eq!(occurrences(&keys, position_key(&position)), 2);
        // Without the current position at the end, it is counted all the same.
        assert_eq!(occurrences(&keys[..4], position_key(&position)), 2);
        let twice: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
        let (position, keys) = game_history(&start, &twice).expect("legal");
        assert_eq!(occurrences(&keys, position_key(&position)), 3);
        assert_eq!(occurrences(&[], position_key(&position)), 1);
    }
}
