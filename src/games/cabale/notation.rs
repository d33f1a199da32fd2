//! Cabale move notation as written (`docs/notation.md`): `@A3`, `A3>C3>C2+xC5#D4|D5`.

use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, Wall};

/// A move as written, before any position is consulted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CabaleNotation {
    /// `@A3`: put the runner on a start cell.
    Place(Cell),
    /// `A3>C3>C2+xC5#D4|D5`: a turn.
    Turn(TurnNotation),
    /// `leave`: the seat to move leaves the game (a timeout with three or four
    /// players), and the others play on.
    Leave,
}

/// The parts of a written turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnNotation {
    /// Where the runner starts.
    pub start: Cell,
    /// Where it turns (and the block goes).
    pub turn: Cell,
    /// Where it stops.
    pub end: Cell,
    /// `+`: a double block.
    pub double: bool,
    /// One landing cell per capturing jump, in order.
    pub landings: Vec<Cell>,
    /// The blockade edge, if one is placed.
    pub wall: Option<Wall>,
}

/// Why a text is not a Cabale move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing was given.
    #[error("empty move: write @A3 to place the runner, or a turn like A3>C3>C2")]
    Empty,
    /// Something that should be a cell is not a cell of the board.
    #[error("\"{}\" is not a cell of the board (rows A–I, e.g. A1–A5, E1–E9, I5–I9)", crate::games::excerpt(.0))]
    BadCell(String),
    /// A part is missing or out of place.
    #[error("expected {expected} after \"{}\", found \"{}\"", crate::games::excerpt(.after), crate::games::excerpt(.found))]
    Expected {
        /// What should have come next.
        expected: Expected,
        /// The text read so far.
        after: String,
        /// What came instead (empty at the end of the text).
        found: String,
    },
    /// A blockade between two cells that do not share an edge.
    #[error("{0} and {1} are not neighbours: a blockade goes on the edge between two adjacent cells")]
    NotNeighbours(Cell, Cell),
}

/// What a move's text should have had next, when it has something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// A cell.
    Cell,
    /// `>` and the cell where the runner turns.
    TurnCell,
    /// `>` and the cell where the runner stops.
    StopCell,
    /// `|` and the second cell of a blockade edge.
    WallCell,
    /// The end of a placement or of `leave`.
    End,
    /// What may follow a runner's path: `+`, a capture, a blockade or the end.
    TurnPart,
}

impl Expected {
    /// The catalog term that says it.
    pub const fn term(self) -> &'static str {
        match self {
            Expected::Cell => "cabale-expected-cell",
            Expected::TurnCell => "cabale-expected-turn-cell",
            Expected::StopCell => "cabale-expected-stop-cell",
            Expected::WallCell => "cabale-expected-wall-cell",
            Expected::End => "cabale-expected-end",
            Expected::TurnPart => "cabale-expected-turn-part",
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Cell => "a cell",
            Expected::TurnCell => "'>' and the cell where the runner turns",
            Expected::StopCell => "'>' and the cell where the runner stops",
            Expected::WallCell => "'|' and the second cell of the blockade edge",
            Expected::End => "the end of the move",
            Expected::TurnPart => "'+', 'x<cell>', '#<cell>|<cell>' or the end of the move",
        })
    }
}

impl fmt::Display for TurnNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}>{}", self.start, self.turn, self.end)?;
        if self.double {
            f.write_str("+")?;
        }
        for landing in &self.landings {
            write!(f, "x{landing}")?;
        }
        if let Some(wall) = self.wall {
            write!(f, "#{wall}")?;
        }
        Ok(())
    }
}

impl fmt::Display for CabaleNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CabaleNotation::Place(cell) => write!(f, "@{cell}"),
            CabaleNotation::Turn(turn) => turn.fmt(f),
            CabaleNotation::Leave => f.write_str("leave"),
        }
    }
}

/// A cursor over the text that skips spaces between parts.
struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Reader<'a> {
    fn skip_spaces(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, symbols: &[char]) -> bool {
        match self.peek() {
            Some(c) if symbols.contains(&c) => {
                self.pos += c.len_utf8();
                true
            }
            _ => false,
        }
    }

    fn read_so_far(&self) -> String {
        self.text[..self.pos].trim().to_string()
    }

    fn rest(&mut self) -> String {
        self.skip_spaces();
        self.text[self.pos..].chars().take(12).collect()
    }

    fn expect(&mut self, symbol: char, expected: Expected) -> Result<(), NotationError> {
        if self.eat(&[symbol]) {
            Ok(())
        } else {
            Err(NotationError::Expected { expected, after: self.read_so_far(), found: self.rest() })
        }
    }

    /// A row letter followed by its digits.
    fn cell(&mut self) -> Result<Cell, NotationError> {
        self.skip_spaces();
        let rest = &self.text[self.pos..];
        let mut chars = rest.char_indices();
        let len = match chars.next() {
            Some((_, c)) if c.is_alphabetic() => {
                let digits = chars.take_while(|(_, d)| d.is_ascii_digit()).last().map(|(i, d)| i + d.len_utf8());
                digits.unwrap_or(c.len_utf8())
            }
            Some((_, c)) => c.len_utf8(),
            None => 0,
        };
        let token = &rest[..len];
        match Cell::parse(token) {
            Some(cell) => {
                self.pos += len;
                Ok(cell)
            }
            None if token.is_empty() => Err(NotationError::Expected {
                expected: Expected::Cell,
                after: self.read_so_far(),
                found: String::new(),
            }),
            None => Err(NotationError::BadCell(token.to_string())),
        }
    }
}

impl FromStr for CabaleNotation {
    type Err = NotationError;

    /// Accepts the canonical form and the lenient forms of `docs/notation.md`: lower case
    /// and spaces between the parts (`a3 > c3 > c2 + x c5 # d4|d5`). A blockade's
    /// cells may come in either order.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        let mut r = Reader { text, pos: 0 };
        if r.peek().is_none() {
            return Err(NotationError::Empty);
        }
        if text.trim().eq_ignore_ascii_case("leave") {
            return Ok(CabaleNotation::Leave);
        }
        if r.eat(&['@']) {
            let cell = r.cell()?;
            return finish(&mut r, CabaleNotation::Place(cell));
        }
        let start = r.cell()?;
        r.expect('>', Expected::TurnCell)?;
        let turn = r.cell()?;
        r.expect('>', Expected::StopCell)?;
        let end = r.cell()?;
        let double = r.eat(&['+']);
        let mut landings = Vec::new();
        while r.eat(&['x', 'X']) {
            landings.push(r.cell()?);
        }
        let mut wall = None;
        if r.eat(&['#']) {
            let a = r.cell()?;
            r.expect('|', Expected::WallCell)?;
            let b = r.cell()?;
            wall = Some(Wall::between(a, b).ok_or(NotationError::NotNeighbours(a, b))?);
        }
        finish(&mut r, CabaleNotation::Turn(TurnNotation { start, turn, end, double, landings, wall }))
    }
}

fn finish(r: &mut Reader<'_>, notation: CabaleNotation) -> Result<CabaleNotation, NotationError> {
    if r.peek().is_some() {
        let expected = match notation {
            CabaleNotation::Place(_) | CabaleNotation::Leave => Expected::End,
            CabaleNotation::Turn(_) => Expected::TurnPart,
        };
        return Err(NotationError::Expected { expected, after: r.read_so_far(), found: r.rest() });
    }
    Ok(notation)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<String, NotationError> {
        text.parse::<CabaleNotation>().map(|n| n.to_string())
    }

    #[test]
    fn canonical_and_lenient_forms() {
        let canonical = "A3>C3>C2+xC5#D4|D5";
        for text in [
            canonical,
            "a3>c3>c2+xc5#d4|d5",
            " A3 > C3 > C2 + xC5 # D4|D5 ",
            "a3>c3>c2+XC5#D5|D4",
            "a3>c3>c2 + x c5 # d4 | d5",
        ] {
            assert_eq!(p(text), Ok(canonical.to_string()), "{text}");
        }
        assert_eq!(p("@a3"), Ok("@A3".into()));
        assert_eq!(p(" @ A3"), Ok("@A3".into()));
        assert_eq!(p("A3>C3>C2"), Ok("A3>C3>C2".into()));
        assert_eq!(p("A3>C3>C2xC5xC7"), Ok("A3>C3>C2xC5xC7".into()));
        assert_eq!(p("A3>C3>C2#D4|D5"), Ok("A3>C3>C2#D4|D5".into()));
    }

    #[test]
    fn malformed_moves_say_why() {
        assert_eq!(p(""), Err(NotationError::Empty));
        assert_eq!(p("   "), Err(NotationError::Empty));
        assert_eq!(p("@A6"), Err(NotationError::BadCell("A6".into())));
        assert_eq!(p("@E10"), Err(NotationError::BadCell("E10".into())));
        assert_eq!(p("J1>C3>C2"), Err(NotationError::BadCell("J1".into())));
        assert!(matches!(p("A3C3"), Err(NotationError::Expected { .. })));
        assert!(matches!(p("A3>C3"), Err(NotationError::Expected { .. })));
        assert!(matches!(p("A3>C3>C2-"), Err(NotationError::Expected { .. })));
        assert!(matches!(p("A3>C3>C2#D4"), Err(NotationError::Expected { .. })));
        assert!(matches!(p("A3>C3>C2#D4|"), Err(NotationError::Expected { .. })));
        assert!(matches!(p("@A3 @A4"), Err(NotationError::Expected { .. })));
        assert!(matches!(p("A3>C3>C2#D4|D5+"), Err(NotationError::Expected { .. })));
        let d4 = Cell::parse("D4").unwrap();
        let d6 = Cell::parse("D6").unwrap();
        assert_eq!(p("A3>C3>C2#D4|D6"), Err(NotationError::NotNeighbours(d4, d6)));
        assert_eq!(p("A3>C3>C2#D4|D4"), Err(NotationError::NotNeighbours(d4, d4)));
        assert_eq!(p("é1>C3>C2"), Err(NotationError::BadCell("é1".into())));
    }
}
