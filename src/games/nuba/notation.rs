use std::fmt;
use std::str::FromStr;

use super::{Rank, Square};

/// A Nuba move as written, before any position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NubaNotation {
    /// `X@c2`: put a piece from the hand on a square.
    Place {
        /// The piece's rank.
        rank: Rank,
        /// Where it goes.
        to: Square,
    },
    /// `c2-d3`: move the piece on `from` to `to` (any two squares; the position
    /// decides whether that is one forward step).
    Step {
        /// The moving piece's square.
        from: Square,
        /// The target square.
        to: Square,
    },
    /// `pass`.
    Pass,
}

/// Why a text is not a Nuba move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing was given.
    #[error("empty move: write a placement like X@c2, a step like c2-d3, or pass")]
    Empty,
    /// The piece before `@` is not 1–9 or X.
    #[error("\"{}\" is not a piece: use 1–9 or X before the @, like X@c2", crate::games::excerpt(.0))]
    BadPiece(String),
    /// Something that should be a square is not one of the board.
    #[error("\"{}\" is not a square of the 5×6 board (files a–e, ranks 1–6)", crate::games::excerpt(.0))]
    BadSquare(String),
    /// A step names its square twice.
    #[error("{0}-{0} goes nowhere: a step moves a piece to another square")]
    SameSquare(Square),
    /// A square with nothing after it.
    #[error("\"{}\" has no target: write a step like c2-d3", crate::games::excerpt(.0))]
    MissingTarget(String),
}

impl fmt::Display for NubaNotation {
    /// The canonical form: `X@c2`, `c2-d3`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NubaNotation::Place { rank, to } => write!(f, "{rank}@{to}"),
            NubaNotation::Step { from, to } => write!(f, "{from}-{to}"),
            NubaNotation::Pass => f.write_str("pass"),
        }
    }
}

fn square(text: &str) -> Result<Square, NotationError> {
    Square::parse(text).ok_or_else(|| NotationError::BadSquare(text.to_string()))
}

impl FromStr for NubaNotation {
    type Err = NotationError;

    /// Accepts the canonical forms and the lenient ones of `docs/notation.md`: `c2d3`,
    /// `C2-D3`, `c2 d3`, `x@C2`, `PASS`, with spaces around the parts.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        if text.eq_ignore_ascii_case("pass") {
            return Ok(NubaNotation::Pass);
        }
        if let Some((piece, to)) = text.split_once('@') {
            let piece = piece.trim();
            let mut chars = piece.chars();
            let rank = match (chars.next(), chars.next()) {
                (Some(c), None) => Rank::from_symbol(c),
                _ => None,
            }
            .ok_or_else(|| NotationError::BadPiece(piece.to_string()))?;
            return Ok(NubaNotation::Place { rank, to: square(to.trim())? });
        }
        // The first square is a letter and one digit; the rest, after an optional
        // hyphen, is the target.
        let split = text.char_indices().nth(2).map_or(text.len(), |(i, _)| i);
        let (from_text, rest) = text.split_at(split);
        let from = square(from_text)?;
        let rest = rest.trim_start();
        let rest = rest.strip_prefix('-').unwrap_or(rest).trim();
        if rest.is_empty() {
            return Err(NotationError::MissingTarget(text.to_string()));
        }
        let to = square(rest)?;
        if from == to {
            return Err(NotationError::SameSquare(from));
        }
        Ok(NubaNotation::Step { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<String, NotationError> {
        text.parse::<NubaNotation>().map(|n| n.to_string())
    }

    #[test]
    fn canonical_and_lenient_forms() {
        for text in ["c2-d3", "c2d3", "C2-D3", "C2d3", "c2 d3", " c2 - d3 ", "c2- d3"] {
            assert_eq!(p(text), Ok("c2-d3".to_string()), "{text}");
        }
        for text in ["X@c2", "x@c2", "X@C2", "x @ c2", " X@c2 "] {
            assert_eq!(p(text), Ok("X@c2".to_string()), "{text}");
        }
        assert_eq!(p("7@e6"), Ok("7@e6".into()));
        for text in ["pass", "PASS", "Pass", " pass "] {
            assert_eq!(p(text), Ok("pass".to_string()), "{text}");
        }
        // Any two squares are syntactically a step: the position judges the distance.
        assert_eq!(p("a1-e6"), Ok("a1-e6".into()));
    }

    #[test]
    fn malformed_moves_say_why() {
        assert_eq!(p(""), Err(NotationError::Empty));
        assert_eq!(p("   "), Err(NotationError::Empty));
        assert_eq!(p("0@c2"), Err(NotationError::BadPiece("0".into())));
        assert_eq!(p("10@c2"), Err(NotationError::BadPiece("10".into())));
        assert_eq!(p("@c2"), Err(NotationError::BadPiece("".into())));
        assert_eq!(p("Y@c2"), Err(NotationError::BadPiece("Y".into())));
        assert_eq!(p("X@f2"), Err(NotationError::BadSquare("f2".into())));
        assert_eq!(p("X@c7"), Err(NotationError::BadSquare("c7".into())));
        assert_eq!(p("X@"), Err(NotationError::BadSquare("".into())));
        assert_eq!(p("c2"), Err(NotationError::MissingTarget("c2".into())));
        assert_eq!(p("c2-"), Err(NotationError::MissingTarget("c2-".into())));
        assert_eq!(p("c2-d7"), Err(NotationError::BadSquare("d7".into())));
        assert_eq!(p("c2-d33"), Err(NotationError::BadSquare("d33".into())));
        assert_eq!(p("f2-d3"), Err(NotationError::BadSquare("f2".into())));
        assert_eq!(p("passe"), Err(NotationError::BadSquare("pa".into())));
        assert_eq!(p("é2-d3"), Err(NotationError::BadSquare("é2".into())));
        let c2 = Square::parse("c2");
        assert!(matches!(p("c2-c2"), Err(NotationError::SameSquare(s)) if Some(s) == c2));
    }
}
