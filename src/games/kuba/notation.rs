use std::fmt;
use std::str::FromStr;

use super::{Dir, Square};

/// A push as written, before any position is consulted: the pushed marble's square
/// and the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PushNotation {
    /// The square of the marble the player pushes.
    pub from: Square,
    /// The direction of the push.
    pub dir: Dir,
}

/// A Kuba move as written: a push, or `pass` (declining an extra push under the
/// house rule `extra_push:optional`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KubaNotation {
    /// A push.
    Push(PushNotation),
    /// `pass`, in any case.
    Pass,
}

impl fmt::Display for KubaNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KubaNotation::Push(push) => push.fmt(f),
            KubaNotation::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for KubaNotation {
    type Err = NotationError;

    /// `pass` (any case), else a push as [`PushNotation`] reads it.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        if text.trim().eq_ignore_ascii_case("pass") {
            return Ok(KubaNotation::Pass);
        }
        text.parse().map(KubaNotation::Push)
    }
}

/// Why a text is not a Kuba move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing was given.
    #[error("empty move: write a square and a direction, like d2-N")]
    Empty,
    /// The first part is not a square of the board.
    #[error("\"{}\" is not a square of the 7×7 board (files a–g, ranks 1–7)", crate::games::excerpt(.0))]
    BadSquare(String),
    /// The second part is neither a direction nor a square.
    #[error("\"{}\" is not a direction: use N, E, S or W (or a target square)", crate::games::excerpt(.0))]
    BadDirection(String),
    /// The from-to form names squares that are not neighbours.
    #[error("{0} and {1} are not neighbours: a push moves a marble one square")]
    NotAdjacent(Square, Square),
    /// No direction was given.
    #[error("\"{}\" has no direction: write it like d2-N", crate::games::excerpt(.0))]
    MissingDirection(String),
}

impl fmt::Display for PushNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.dir)
    }
}

impl FromStr for PushNotation {
    type Err = NotationError;

    /// Accepts `d2-N` and the lenient forms of `docs/notation.md`: `d2N`, `d2 n`,
    /// `d2-north`, `d2 up`, `d2-d3`, `d2d3`, in either case.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        let split = text.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit()).map_or(text.len(), |(i, _)| i);
        let (square_text, rest) = text.split_at(split);
        let from = Square::parse(square_text).ok_or_else(|| {
            // Quote the whole first word: "zz" rather than the "z" before its rank.
            let word = text.split(|c: char| c == '-' || c.is_whitespace()).next().unwrap_or(square_text);
            NotationError::BadSquare(if square_text.len() < 2 { word } else { square_text }.to_string())
        })?;
        let rest = rest.trim_start();
        let rest = rest.strip_prefix('-').unwrap_or(rest).trim();
        if rest.is_empty() {
            return Err(NotationError::MissingDirection(text.to_string()));
        }
        if let Some(dir) = Dir::parse(rest) {
            return Ok(PushNotation { from, dir });
        }
        let starts_like_square = rest.len() >= 2 && rest.as_bytes()[1].is_ascii_digit();
        if !starts_like_square {
            return Err(NotationError::BadDirection(rest.to_string()));
        }
        let to = Square::parse(rest).ok_or_else(|| NotationError::BadSquare(rest.to_string()))?;
        Dir::ALL
            .into_iter()
            .find(|d| from.step(*d) == Some(to))
            .map(|dir| PushNotation { from, dir })
            .ok_or(NotationError::NotAdjacent(from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<String, NotationError> {
        text.parse::<PushNotation>().map(|n| n.to_string())
    }

    #[test]
    fn canonical_and_lenient_forms() {
        for text in
            ["d2-N", "d2N", "d2n", "D2-n", "d2 N", "d2 - N", "d2-north", "d2 up", "d2-d3", "d2d3", "D2 D3", " d2-N "]
        {
            assert_eq!(p(text), Ok("d2-N".to_string()), "{text}");
        }
        assert_eq!(p("a7 right"), Ok("a7-E".into()));
        assert_eq!(p("a7 down"), Ok("a7-S".into()));
        assert_eq!(p("b1 left"), Ok("b1-W".into()));
        assert_eq!(p("b1a1"), Ok("b1-W".into()));
        assert_eq!(p("g7-west"), Ok("g7-W".into()));
    }

    #[test]
    fn malformed_moves_say_why() {
        assert_eq!(p(""), Err(NotationError::Empty));
        assert_eq!(p("h2-N"), Err(NotationError::BadSquare("h2".into())));
        assert_eq!(p("d8-N"), Err(NotationError::BadSquare("d8".into())));
        assert_eq!(p("d22-N"), Err(NotationError::BadSquare("d22".into())));
        assert_eq!(p("d2-Q"), Err(NotationError::BadDirection("Q".into())));
        assert_eq!(p("d2-NE"), Err(NotationError::BadDirection("NE".into())));
        assert_eq!(p("d2"), Err(NotationError::MissingDirection("d2".into())));
        assert_eq!(p("d2-h3"), Err(NotationError::BadSquare("h3".into())));
        let d2 = Square::parse("d2").unwrap();
        let d4 = Square::parse("d4").unwrap();
        assert_eq!(p("d2-d4"), Err(NotationError::NotAdjacent(d2, d4)));
        assert_eq!(p("d2-e3"), Err(NotationError::NotAdjacent(d2, Square::parse("e3").unwrap())));
        assert_eq!(p("d2-d2"), Err(NotationError::NotAdjacent(d2, d2)));
    }
}
