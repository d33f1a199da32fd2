//! What Kewbz says to people, as phrases of `locales/<lang>/kewbz.ftl`: refusals of
//! moves, codes and rule options, end reasons and the parts of move labels. Each
//! phrase words the same thing as the type's `Display` (the engine's English); a
//! test checks that the English catalog and `Display` agree.

use std::fmt;

use super::code::CodeError;
use super::notation::NotationError;
use super::{Color, End, IllegalMove, Square, MAX_CUBES, MAX_SIZE, MIN_SIZE};
use crate::games::{excerpt, Phrase, Worded};

impl Color {
    /// The catalog term of the colour as a word in a sentence (`blue`).
    pub const fn term(self) -> &'static str {
        match self {
            Color::Blue => "kewbz-colour-blue",
            Color::Yellow => "kewbz-colour-yellow",
        }
    }
}

/// A count for a phrase; counts never come near `i64::MAX`.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// "1 cube", "2 cubes": the English of a count of cubes.
pub(super) fn cubes(n: u32) -> String {
    if n == 1 {
        "1 cube".to_string()
    } else {
        format!("{n} cubes")
    }
}

/// One part of a placement's label after the square (`corner at d4 +1`, `tower d4
/// ×2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    /// Corners created and extended at a vertex, and the cubes stacked there.
    Growth {
        /// The vertex.
        vertex: Square,
        /// Corners created there.
        created: u8,
        /// Corners extended there.
        extended: u8,
        /// Cubes stacked there.
        stacked: u8,
    },
    /// The tower on the vertex is full: it earns nothing.
    TowerFull(Square),
    /// The tower on the vertex is this high afterwards.
    Tower {
        /// The vertex.
        vertex: Square,
        /// Its height afterwards.
        height: u8,
    },
    /// The placement uses the mover's last cube.
    LastCube,
    /// A chat menu's square where the mover runs short: the cubes it earns and the
    /// cubes left to share among the vertices.
    Earns {
        /// Cubes earned in all.
        earned: u32,
        /// Cubes the mover has after the placement.
        left: u16,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Note::Growth { vertex, created, extended, stacked } => {
                let mut what = Vec::new();
                match created {
                    0 => {}
                    1 => what.push("corner".to_string()),
                    2 => what.push("double corner".to_string()),
                    n => what.push(format!("{n} corners")),
                }
                match extended {
                    0 => {}
                    1 => what.push("extension".to_string()),
                    n => what.push(format!("{n} extensions")),
                }
                write!(f, "{} at {vertex} +{stacked}", what.join(" + "))
            }
            Note::TowerFull(vertex) => write!(f, "tower {vertex} full"),
            Note::Tower { vertex, height } => write!(f, "tower {vertex} ×{height}"),
            Note::LastCube => f.write_str("last cube"),
            Note::Earns { earned, left } => write!(f, "earns {}, {left} left: choose where they go", cubes(earned)),
        }
    }
}

impl Worded for Note {
    fn phrase(&self) -> Phrase {
        match *self {
            Note::Growth { vertex, created, extended, stacked } => {
                let corners = Phrase::new("kewbz-label-corners").number("n", created);
                let extensions = Phrase::new("kewbz-label-extensions").number("n", extended);
                let growth = Phrase::new("kewbz-label-growth").text("vertex", vertex).number("stacked", stacked);
                match (created, extended) {
                    (0, 0) => growth.text("what", ""),
                    (_, 0) => growth.phrase("what", corners),
                    (0, _) => growth.phrase("what", extensions),
                    _ => growth.phrase(
                        "what",
                        Phrase::new("kewbz-label-both").phrase("corners", corners).phrase("extensions", extensions),
                    ),
                }
            }
            Note::TowerFull(vertex) => Phrase::new("kewbz-label-tower-full").text("vertex", vertex),
            Note::Tower { vertex, height } => {
                Phrase::new("kewbz-label-tower").text("vertex", vertex).number("height", height)
            }
            Note::LastCube => Phrase::new("kewbz-label-last-cube"),
            Note::Earns { earned, left } => {
                Phrase::new("kewbz-label-earns").number("earned", earned).number("left", left)
            }
        }
    }
}

impl Worded for End {
    fn phrase(&self) -> Phrase {
        let (phrase, scores) = match *self {
            End::LastCube { by, scores } => (Phrase::new("kewbz-end-last-cube").term("colour", by.term()), scores),
            End::NoCubes { mover, scores } => (Phrase::new("kewbz-end-no-cubes").term("colour", mover.term()), scores),
            End::Blocked { scores } => (Phrase::new("kewbz-end-blocked"), scores),
        };
        phrase.number("blue", scores[0]).number("yellow", scores[1])
    }
}

impl Worded for NotationError {
    fn phrase(&self) -> Phrase {
        match self {
            NotationError::Empty => Phrase::new("kewbz-malformed-empty"),
            NotationError::BadSquare(text) => Phrase::new("kewbz-malformed-bad-square").text("text", excerpt(text)),
            NotationError::BadVertex(text) => Phrase::new("kewbz-malformed-bad-vertex").text("text", excerpt(text)),
            NotationError::EmptyChoice => Phrase::new("kewbz-malformed-empty-choice"),
        }
    }
}

impl Worded for IllegalMove {
    fn phrase(&self) -> Phrase {
        match self {
            IllegalMove::GameOver => Phrase::new("kewbz-illegal-game-over"),
            IllegalMove::OffBoard { square, size } => {
                Phrase::new("kewbz-illegal-off-board").text("square", square).number("size", *size)
            }
            IllegalMove::Occupied(square) => Phrase::new("kewbz-illegal-occupied").text("square", square),
            IllegalMove::NotAdjacent(square) => Phrase::new("kewbz-illegal-not-adjacent").text("square", square),
            IllegalMove::Block { square, corner, opposite } => Phrase::new("kewbz-illegal-block")
                .text("square", square)
                .text("corner", corner)
                .text("opposite", opposite),
            IllegalMove::NothingEarned(square) => Phrase::new("kewbz-illegal-nothing-earned").text("square", square),
            IllegalMove::LastCube(square) => Phrase::new("kewbz-illegal-last-cube").text("square", square),
            IllegalMove::Enough { square, earned, left } => Phrase::new("kewbz-illegal-enough")
                .text("square", square)
                .number("earned", *earned)
                .number("left", *left),
            IllegalMove::NotEarning { vertex, square } => {
                Phrase::new("kewbz-illegal-not-earning").text("vertex", vertex).text("square", square)
            }
            IllegalMove::TooMany { vertex, named, earned } => Phrase::new("kewbz-illegal-too-many")
                .text("vertex", vertex)
                .number("named", *named)
                .number("earned", *earned),
            IllegalMove::WrongCount { named, left } => {
                Phrase::new("kewbz-illegal-wrong-count").number("named", count(*named)).number("left", *left)
            }
            IllegalMove::ChoiceNeeded { square, earned, left, example } => Phrase::new("kewbz-illegal-choice-needed")
                .text("square", square)
                .number("earned", *earned)
                .number("left", *left)
                .text("example", example),
        }
    }
}

impl Worded for CodeError {
    fn phrase(&self) -> Phrase {
        match self {
            CodeError::Fields(n) => Phrase::new("kewbz-code-fields").number("n", count(*n)),
            CodeError::Size(n) => {
                Phrase::new("kewbz-code-size").number("n", count(*n)).number("min", MIN_SIZE).number("max", MAX_SIZE)
            }
            CodeError::RowLength { rank, cells, size } => Phrase::new("kewbz-code-row-length")
                .number("rank", count(*rank))
                .number("cells", count(*cells))
                .number("size", count(*size)),
            CodeError::NotSquare { rows, columns } => {
                Phrase::new("kewbz-code-not-square").number("rows", count(*rows)).number("columns", count(*columns))
            }
            CodeError::Symbol { rank, symbol } => {
                Phrase::new("kewbz-code-symbol").number("rank", count(*rank)).text("symbol", symbol)
            }
            CodeError::Run { rank, run } => Phrase::new("kewbz-code-run").number("rank", count(*rank)).text("run", run),
            CodeError::Stack { rank, text } => {
                Phrase::new("kewbz-code-stack").number("rank", count(*rank)).text("text", text)
            }
            CodeError::TooHigh { square, height } => {
                Phrase::new("kewbz-code-too-high").text("square", square).number("height", count(*height))
            }
            CodeError::Block { corner, opposite } => {
                Phrase::new("kewbz-code-block").text("corner", corner).text("opposite", opposite)
            }
            CodeError::ToMove(found) => Phrase::new("kewbz-code-to-move").text("found", found),
            CodeError::Supplies(found) => Phrase::new("kewbz-code-supplies").text("found", found),
            CodeError::SupplyAbove { color, supply, cubes } => Phrase::new("kewbz-code-supply-above")
                .term("colour", color.term())
                .number("supply", *supply)
                .number("cubes", *cubes),
            CodeError::TooManyCubes { color, on_board, supply, cubes } => Phrase::new("kewbz-code-too-many-cubes")
                .term("colour", color.term())
                .number("on-board", *on_board)
                .number("supply", *supply)
                .number("cubes", *cubes),
        }
    }
}

/// Why a Kewbz rule option is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// A board side outside 4–26.
    #[error("board size {0} is not supported: use {MIN_SIZE} to {MAX_SIZE}")]
    Size(i128),
    /// Cubes per player outside 1–999.
    #[error("{0} cubes per player is not supported: use 1 to {MAX_CUBES}")]
    Cubes(i128),
}

impl Worded for OptionError {
    /// The value given is text: any whole number can be given, and the catalog's
    /// numbers are exact only up to 2^53.
    fn phrase(&self) -> Phrase {
        match *self {
            OptionError::Size(n) => {
                Phrase::new("kewbz-option-size").text("n", n).number("min", MIN_SIZE).number("max", MAX_SIZE)
            }
            OptionError::Cubes(n) => Phrase::new("kewbz-option-cubes").text("n", n).number("max", MAX_CUBES),
        }
    }
}
