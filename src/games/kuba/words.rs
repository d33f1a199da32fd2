//! What Kuba says to people, as phrases of `locales/<lang>/kuba.ftl`: refusals of
//! moves and codes, end reasons and the parts of move labels. Each phrase words the
//! same thing as the type's `Display` (the engine's English); a test checks that
//! the English catalog and `Display` agree.

use std::fmt;

use super::code::CodeError;
use super::notation::NotationError;
use super::{Color, Dir, End, IllegalMove};
use crate::games::{excerpt, Phrase, Worded};

impl Color {
    /// The catalog term of the colour as a word in a sentence (`white`).
    pub const fn term(self) -> &'static str {
        match self {
            Color::White => "kuba-colour-white",
            Color::Black => "kuba-colour-black",
        }
    }
}

impl Dir {
    /// The catalog term of the direction (`N`).
    pub const fn term(self) -> &'static str {
        match self {
            Dir::N => "kuba-dir-n",
            Dir::E => "kuba-dir-e",
            Dir::S => "kuba-dir-s",
            Dir::W => "kuba-dir-w",
        }
    }
}

/// A count for a phrase; counts never come near `i64::MAX`.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// One part of a push's label after the move (`pushes 3`, `takes a red`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    /// The push moves this many marbles, the pushed one included (more than one).
    Pushes(u8),
    /// It pushes off the seventh red, which wins.
    TakesSeventhRed,
    /// It pushes off a red.
    TakesRed,
    /// It pushes off the opponent's last marble, which wins.
    TakesLastMarble,
    /// It pushes off an opposing marble of this colour.
    TakesMarble(Color),
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Pushes(n) => write!(f, "pushes {n}"),
            Note::TakesSeventhRed => f.write_str("takes the 7th red and wins"),
            Note::TakesRed => f.write_str("takes a red"),
            Note::TakesLastMarble => f.write_str("takes the last opposing marble and wins"),
            Note::TakesMarble(colour) => write!(f, "takes a {colour} marble"),
        }
    }
}

impl Worded for Note {
    fn phrase(&self) -> Phrase {
        match *self {
            Note::Pushes(n) => Phrase::new("kuba-label-pushes").number("n", n),
            Note::TakesSeventhRed => Phrase::new("kuba-label-takes-seventh-red"),
            Note::TakesRed => Phrase::new("kuba-label-takes-red"),
            Note::TakesLastMarble => Phrase::new("kuba-label-takes-last-marble"),
            Note::TakesMarble(colour) => Phrase::new("kuba-label-takes-marble").term("colour", colour.term()),
        }
    }
}

impl Worded for End {
    fn phrase(&self) -> Phrase {
        match *self {
            End::SevenReds(colour) => Phrase::new("kuba-end-seven-reds").term("colour", colour.term()),
            End::AllMarbles(winner) => {
                Phrase::new("kuba-end-all-marbles").term("winner", winner.term()).term("loser", winner.other().term())
            }
            End::NoPush(mover) => Phrase::new("kuba-end-no-push").term("mover", mover.term()),
        }
    }
}

impl Worded for NotationError {
    fn phrase(&self) -> Phrase {
        match self {
            NotationError::Empty => Phrase::new("kuba-malformed-empty"),
            NotationError::BadSquare(text) => Phrase::new("kuba-malformed-bad-square").text("text", excerpt(text)),
            NotationError::BadDirection(text) => {
                Phrase::new("kuba-malformed-bad-direction").text("text", excerpt(text))
            }
            NotationError::NotAdjacent(from, to) => {
                Phrase::new("kuba-malformed-not-adjacent").text("from", from).text("to", to)
            }
            NotationError::MissingDirection(text) => {
                Phrase::new("kuba-malformed-missing-direction").text("text", excerpt(text))
            }
        }
    }
}

impl Worded for IllegalMove {
    fn phrase(&self) -> Phrase {
        match self {
            IllegalMove::GameOver => Phrase::new("kuba-illegal-game-over"),
            IllegalMove::Empty(square) => Phrase::new("kuba-illegal-empty").text("square", square),
            IllegalMove::Red(square) => Phrase::new("kuba-illegal-red").text("square", square),
            IllegalMove::NotYours { square, owner } => {
                Phrase::new("kuba-illegal-not-yours").text("square", square).term("owner", owner.term())
            }
            IllegalMove::NoAccess { from, dir, behind } => {
                Phrase::new("kuba-illegal-no-access").text("from", from).term("dir", dir.term()).text("behind", behind)
            }
            IllegalMove::OwnMarbleOff => Phrase::new("kuba-illegal-own-marble-off"),
            IllegalMove::Banned(push) => Phrase::new("kuba-illegal-banned").text("push", push),
        }
    }
}

impl Worded for CodeError {
    fn phrase(&self) -> Phrase {
        match self {
            CodeError::Fields(n) => Phrase::new("kuba-code-fields").number("n", count(*n)),
            CodeError::Rows(n) => Phrase::new("kuba-code-rows").number("n", count(*n)),
            CodeError::RowLength { rank, squares } => {
                Phrase::new("kuba-code-row-length").number("rank", *rank).number("squares", count(*squares))
            }
            CodeError::Symbol { rank, symbol } => {
                Phrase::new("kuba-code-symbol").number("rank", *rank).text("symbol", symbol)
            }
            CodeError::Run { rank, run } => Phrase::new("kuba-code-run").number("rank", *rank).text("run", run),
            CodeError::ToMove(found) => Phrase::new("kuba-code-to-move").text("found", found),
            CodeError::Reds(found) => Phrase::new("kuba-code-reds").text("found", found),
            CodeError::TooMany { color, count } => {
                Phrase::new("kuba-code-too-many").term("colour", color.term()).number("count", *count)
            }
            CodeError::TooManyReds { on_board, captured } => {
                Phrase::new("kuba-code-too-many-reds").number("on-board", *on_board).number("captured", *captured)
            }
            CodeError::Ban(found) => Phrase::new("kuba-code-ban").text("found", found),
            CodeError::BanNotMover { square, to_move } => {
                Phrase::new("kuba-code-ban-not-mover").text("square", square).term("colour", to_move.term())
            }
        }
    }
}
