//! A plain description of a position for drawing ([`BoardView`]), filled in by each
//! game ([`crate::games::Game::view`] and [`crate::games::Game::move_view`]). The
//! picture code reads only this, so it never needs to know a rule.
//!
//! Cells are numbered by the geometry ([`Geometry::index`]): rank by rank from the
//! bottom-left on square boards, in board order (A1 … A5, B1 … I9) on the hexagonal
//! board.

/// The shape of a board and how its cells are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// A rectangle of `files` × `ranks` squares, files `a…` left to right and ranks
    /// `1…` bottom to top; cell index `rank * files + file`.
    Square {
        /// Columns.
        files: u8,
        /// Rows.
        ranks: u8,
    },
    /// Cabale's 61 hexagons in rows A (bottom) … I (top); cell `(row, number)`
    /// exists iff `1 ≤ number ≤ 9` and `|number − (row + 1)| ≤ 4`.
    Hex61,
}

/// The cells of the hexagonal board in board order, as (row 0..9, number 1..=9).
const HEX_CELLS: [(u8, u8); 61] = {
    let mut out = [(0, 0); 61];
    let mut i = 0;
    let mut row = 0u8;
    while row < 9 {
        let mut number = 1u8;
        while number <= 9 {
            let d = number as i8 - (row as i8 + 1);
            if d >= -4 && d <= 4 {
                out[i] = (row, number);
                i += 1;
            }
            number += 1;
        }
        row += 1;
    }
    out
};

impl Geometry {
    /// How many cells the board has.
    pub fn cell_count(self) -> usize {
        match self {
            Geometry::Square { files, ranks } => usize::from(files) * usize::from(ranks),
            Geometry::Hex61 => HEX_CELLS.len(),
        }
    }

    /// The cell at (column, row): (file, rank) counted from 0 on square boards,
    /// (row 0 = A, number 1..=9) on the hexagonal board.
    pub fn index(self, a: u8, b: u8) -> Option<usize> {
        match self {
            Geometry::Square { files, ranks } => {
                (a < files && b < ranks).then(|| usize::from(b) * usize::from(files) + usize::from(a))
            }
            Geometry::Hex61 => HEX_CELLS.iter().position(|&(row, number)| row == a && number == b),
        }
    }

    /// The (column, row) pair of a cell index, the inverse of [`Geometry::index`].
    pub fn coords(self, index: usize) -> Option<(u8, u8)> {
        match self {
            Geometry::Square { files, ranks } => (index < self.cell_count() && files > 0 && ranks > 0).then(|| {
                let files = usize::from(files);
                ((index % files) as u8, (index / files) as u8)
            }),
            Geometry::Hex61 => HEX_CELLS.get(index).copied(),
        }
    }

    /// The cell's name in the notation: `d2` on square boards, `E5` on the hexagon.
    pub fn name(self, index: usize) -> Option<String> {
        let (a, b) = self.coords(index)?;
        Some(match self {
            Geometry::Square { .. } => format!("{}{}", file_letter(a), b + 1),
            Geometry::Hex61 => format!("{}{}", char::from(b'A' + a), b),
        })
    }
}

/// The letter of a file counted from 0 (`a` …); past `z` it wraps to `?`, which no
/// board here reaches.
pub fn file_letter(file: u8) -> char {
    if file < 26 {
        char::from(b'a' + file)
    } else {
        '?'
    }
}

/// How the playing surface looks between the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Round holes in a board surrounded by a catching groove (Kuba).
    Holes,
    /// Ruled squares (Kewbz, Nuba).
    Squares,
    /// Hexagonal spaces (Cabale).
    Hexes,
}

/// A colour a game gives its pieces and seats. The picture decides the exact shade
/// and the second cue (outline, shape or marker) that keeps them apart for people
/// who do not see every hue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tone {
    /// White.
    White,
    /// Black.
    Black,
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
}

/// Something standing on a cell (or on a space beside the board).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A round marble (Kuba).
    Marble(Tone),
    /// A stack of cubes, bottom first; never empty (Kewbz).
    Stack(Vec<Tone>),
    /// A block, or two stacked blocks (Cabale).
    Block {
        /// Its owner's colour.
        tone: Tone,
        /// Two blocks stacked, worth double.
        double: bool,
    },
    /// A seat's runner (Cabale).
    Runner(Tone),
    /// A piece printed with a short label: `7`, or `X` for a champion (Nuba).
    Token {
        /// Its owner's colour.
        tone: Tone,
        /// What is printed on it.
        label: String,
        /// A champion, drawn with an extra mark besides its label.
        champion: bool,
    },
}

/// One cell of the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellView {
    /// The printed value of the space, if the board has one (Cabale).
    pub value: Option<u8>,
    /// A seat's home area, drawn as a light tint (Nuba's home rows).
    pub zone: Option<Tone>,
    /// What stands on it.
    pub piece: Option<Piece>,
}

/// A counter shown for a seat, as the game counts it: `reds 3/7`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// What is counted, for people.
    pub label: String,
    /// The value as shown.
    pub value: String,
}

impl Counter {
    /// A counter from anything printable.
    pub fn new(label: impl Into<String>, value: impl ToString) -> Self {
        Counter { label: label.into(), value: value.to_string() }
    }
}

/// A seat as the picture's panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// The seat's colour.
    pub tone: Tone,
    /// The colour's name for people (`White`).
    pub colour: String,
    /// Its counters (captures, supplies, score …).
    pub counters: Vec<Counter>,
}

/// A space beside the board (Nuba's musician space).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideSpace {
    /// Its name for people.
    pub label: String,
    /// What stands on it.
    pub piece: Option<Piece>,
}

/// Where a piece went when the last move took it off its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Removed where it stood (captured, or taken out of the game).
    Here,
    /// Pushed off the board across the edge, one step in this (file, rank)
    /// direction from its cell.
    OffBoard(i8, i8),
    /// Moved to the space beside the board.
    ToSide,
}

/// A piece the last move removed from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaving {
    /// The cell it was last on.
    pub cell: usize,
    /// The piece.
    pub piece: Piece,
    /// Where it went.
    pub exit: Exit,
}

/// The geometry of the last move, computed from the position before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveView {
    /// The move as the game writes it, with a short description.
    pub label: String,
    /// The cells the moving piece passed through, first to last, drawn as an arrow
    /// (Kuba: the pushed line and one step; Cabale: the runner's path; Nuba: from
    /// and to). Empty for moves that place without moving.
    pub path: Vec<usize>,
    /// Cells to highlight: where something was placed or arrived.
    pub marked: Vec<usize>,
    /// Towers that grew, with by how many cubes.
    pub raised: Vec<(usize, u8)>,
    /// Capturing jumps, from cell to cell.
    pub jumps: Vec<(usize, usize)>,
    /// Pieces that left the board.
    pub leaving: Vec<Leaving>,
    /// Walls the move put on edges between two cells.
    pub walls: Vec<(usize, usize)>,
}

/// A position as the picture shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The game's name for people.
    pub title: String,
    /// The board's shape.
    pub geometry: Geometry,
    /// The board's look.
    pub surface: Surface,
    /// Every cell, indexed as [`Geometry::index`] says.
    pub cells: Vec<CellView>,
    /// Walls on the edges between two adjacent cells (Cabale's blockades).
    pub walls: Vec<(usize, usize)>,
    /// The seats in playing order.
    pub seats: Vec<SeatView>,
    /// The seat to move, or `None` once the game is over.
    pub to_move: Option<usize>,
    /// A note on the situation (a ban in force, the phase), if any.
    pub note: Option<String>,
    /// The result, once the game is over: `White wins: …`.
    pub result: Option<String>,
    /// A space beside the board, if the game has one.
    pub side: Option<SideSpace>,
    /// The last move, if one is to be highlighted.
    pub last: Option<MoveView>,
}

/// The panel's line for a finished game: who won (or a draw) and why.
pub fn result_line(outcome: &super::Outcome, seats: &[super::SeatInfo]) -> String {
    let winners = outcome.winners();
    let names: Vec<&str> = winners.iter().filter_map(|s| seats.get(s.index())).map(|s| s.name).collect();
    match names.as_slice() {
        [] => format!("Draw: {}", outcome.reason),
        [one] => format!("{one} wins: {}", outcome.reason),
        many => format!("{} share the win: {}", many.join(" and "), outcome.reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_cells_follow_the_notation() {
        let g = Geometry::Hex61;
        assert_eq!(g.cell_count(), 61);
        assert_eq!(g.name(0).as_deref(), Some("A1"));
        assert_eq!(g.name(5).as_deref(), Some("B1"));
        assert_eq!(g.name(60).as_deref(), Some("I9"));
        assert_eq!(g.index(4, 5), Some(30));
        assert_eq!(g.name(30).as_deref(), Some("E5"));
        assert_eq!(g.index(5, 1), None);
        for i in 0..61 {
            let (a, b) = g.coords(i).unwrap();
            assert_eq!(g.index(a, b), Some(i));
        }
        assert_eq!(g.coords(61), None);
    }

    #[test]
    fn square_cells_go_rank_by_rank() {
        let g = Geometry::Square { files: 7, ranks: 7 };
        assert_eq!(g.index(3, 1), Some(10));
        assert_eq!(g.name(10).as_deref(), Some("d2"));
        assert_eq!(g.coords(48), Some((6, 6)));
        assert_eq!(g.coords(49), None);
        assert_eq!(g.index(7, 0), None);
    }
}
