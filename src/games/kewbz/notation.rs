use std::fmt;
use std::str::FromStr;

use super::Square;

/// A legal placement: the square where the cube goes and, only when the mover is
/// short of cubes and must choose (§2.4, KW-I4), the vertices that get the cubes he
/// has left, in board order, a vertex repeated once per cube.
///
/// `Display` prints the canonical notation: `d4`, or `d4>e5,e5`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub(super) at: Square,
    pub(super) choice: Option<Box<[Square]>>,
}

impl Placement {
    /// The square where the cube is placed.
    pub fn square(&self) -> Square {
        self.at
    }

    /// The vertices chosen for the remaining cubes, in board order, when the mover
    /// had to choose; `None` when every earned cube is stacked (or none can be).
    pub fn choice(&self) -> Option<&[Square]> {
        self.choice.as_deref()
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, at: Square, list: Option<&[Square]>) -> fmt::Result {
    write!(f, "{at}")?;
    if let Some(list) = list {
        f.write_str(">")?;
        for (i, v) in list.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{v}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self.at, self.choice())
    }
}

/// A placement as written, before any position is consulted: a square and, if the
/// text has a `>` part, the vertices it names (in the order written).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacementNotation {
    /// The square where the cube goes.
    pub at: Square,
    /// The vertices after `>`, as written; `None` without a `>`.
    pub choice: Option<Vec<Square>>,
}

/// Why a text is not a Kewbz move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing was given.
    #[error("empty move: write the square where your cube goes, like d4")]
    Empty,
    /// The placement square is not a square.
    #[error("\"{}\" is not a square: write a file letter and a rank, like d4", crate::games::excerpt(.0))]
    BadSquare(String),
    /// A vertex after `>` is not a square.
    #[error("\"{}\" after '>' is not a square: list vertices like d4>e5,f6", crate::games::excerpt(.0))]
    BadVertex(String),
    /// A `>` with nothing after it.
    #[error("nothing after '>': list the vertices that get your cubes, like d4>e5,f6")]
    EmptyChoice,
}

impl fmt::Display for PlacementNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self.at, self.choice.as_deref())
    }
}

impl FromStr for PlacementNotation {
    type Err = NotationError;

    /// Accepts `d4` and `d4>e5,e5` in either case, with spaces around the parts;
    /// vertices after `>` may be separated by commas or spaces, in any order.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        let (head, tail) = match text.split_once('>') {
            Some((head, tail)) => (head.trim(), Some(tail)),
            None => (text, None),
        };
        let at = Square::parse(head).ok_or_else(|| NotationError::BadSquare(head.to_string()))?;
        let choice = match tail {
            None => None,
            Some(tail) => {
                let parts: Vec<&str> = tail.split(|c: char| c == ',' || c.is_whitespace()).collect();
                if parts.iter().all(|p| p.is_empty()) {
                    return Err(NotationError::EmptyChoice);
                }
                let mut vertices = Vec::with_capacity(parts.len());
                for part in parts {
                    // Tolerate doubled separators such as ", " but not an empty name
                    // between two commas.
                    if part.is_empty() {
                        continue;
                    }
                    vertices.push(Square::parse(part).ok_or_else(|| NotationError::BadVertex(part.to_string()))?);
                }
                Some(vertices)
            }
        };
        Ok(PlacementNotation { at, choice })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<String, NotationError> {
        text.parse::<PlacementNotation>().map(|n| n.to_string())
    }

    #[test]
    fn canonical_and_lenient_forms() {
        assert_eq!(p("d4"), Ok("d4".into()));
        assert_eq!(p(" D4 "), Ok("d4".into()));
        assert_eq!(p("d4>e5,e5"), Ok("d4>e5,e5".into()));
        assert_eq!(p("D4 > E5, F6"), Ok("d4>e5,f6".into()));
        assert_eq!(p("d4>f6 e5"), Ok("d4>f6,e5".into()));
        assert_eq!(p("z26"), Ok("z26".into()));
    }

    #[test]
    fn malformed_moves_say_why() {
        assert_eq!(p(""), Err(NotationError::Empty));
        assert_eq!(p("  "), Err(NotationError::Empty));
        assert_eq!(p("d0"), Err(NotationError::BadSquare("d0".into())));
        assert_eq!(p("4d"), Err(NotationError::BadSquare("4d".into())));
        assert_eq!(p("d27"), Err(NotationError::BadSquare("d27".into())));
        assert_eq!(p(">e5"), Err(NotationError::BadSquare("".into())));
        assert_eq!(p("d4>"), Err(NotationError::EmptyChoice));
        assert_eq!(p("d4> , "), Err(NotationError::EmptyChoice));
        assert_eq!(p("d4>e5,x"), Err(NotationError::BadVertex("x".into())));
        assert_eq!(p("d4>e5>f6"), Err(NotationError::BadVertex("e5>f6".into())));
    }
}
