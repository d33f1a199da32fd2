//! A plain description of a position for drawing ([`BoardView`]), filled in by each
//! game ([`crate::games::Game::view`] and [`crate::games::Game::move_view`]). The
//! picture code reads only this, so it never needs to know a rule.
//!
//! Cells are numbered by the geometry ([`Geometry::index`]): rank by rank from the
//! bottom-left on square boards, in board order (A1 … A5, B1 … I9) on the hexagonal
//! board.

use std::borrow::Cow;

use super::{Arg, Phrase, Worded};

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

/// A counter shown for a seat, as the game counts it: `reds 3/7`. `T` is the text:
/// [`Phrase`]s from the rules cores, words in the reader's language for the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter<T = String> {
    /// What is counted (`reds`).
    pub label: T,
    /// The value as shown (`3/7`).
    pub value: T,
}

impl<T> Counter<T> {
    /// A counter of `label` showing `value`.
    pub fn new(label: T, value: T) -> Self {
        Counter { label, value }
    }

    fn map_text<U>(self, f: &mut impl FnMut(T) -> U) -> Counter<U> {
        Counter { label: f(self.label), value: f(self.value) }
    }
}

impl Counter<Phrase> {
    /// A counter whose value is a plain number (`score 12`).
    pub fn number(label: Phrase, n: impl Into<i64>) -> Self {
        Counter::new(label, Phrase::new("game-view-number").number("n", n))
    }

    /// A counter whose value is a part of a whole (`reds 3/7`).
    pub fn fraction(label: Phrase, n: impl Into<i64>, of: impl Into<i64>) -> Self {
        Counter::new(label, Phrase::new("game-view-fraction").number("n", n).number("of", of))
    }

    /// A counter whose value is written the same in every language (`hand 139X`).
    pub fn text(label: Phrase, text: impl ToString) -> Self {
        Counter::new(label, Phrase::new("game-view-text").text("text", text))
    }
}

/// A seat as the picture's panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView<T = String> {
    /// The seat's colour.
    pub tone: Tone,
    /// The colour's name for people (`White`).
    pub colour: T,
    /// Its counters (captures, supplies, score …).
    pub counters: Vec<Counter<T>>,
}

impl<T> SeatView<T> {
    fn map_text<U>(self, f: &mut impl FnMut(T) -> U) -> SeatView<U> {
        SeatView {
            tone: self.tone,
            colour: f(self.colour),
            counters: self.counters.into_iter().map(|c| c.map_text(f)).collect(),
        }
    }
}

/// A space beside the board (Nuba's musician space).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideSpace<T = String> {
    /// Its name for people.
    pub label: T,
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView<T = String> {
    /// The move's label part by part: the move as the game writes it first
    /// (`a7-S`), then what it did (`pushes 2`, `takes a red`).
    pub parts: Vec<T>,
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

impl<T> Default for MoveView<T> {
    /// No label and no geometry.
    fn default() -> Self {
        MoveView {
            parts: Vec::new(),
            path: Vec::new(),
            marked: Vec::new(),
            raised: Vec::new(),
            jumps: Vec::new(),
            leaving: Vec::new(),
            walls: Vec::new(),
        }
    }
}

impl<T> MoveView<T> {
    /// The same move with its text turned into other text (phrases into words).
    pub fn map_text<U>(self, mut f: impl FnMut(T) -> U) -> MoveView<U> {
        self.map_with(&mut f)
    }

    fn map_with<U>(self, f: &mut impl FnMut(T) -> U) -> MoveView<U> {
        MoveView {
            parts: self.parts.into_iter().map(&mut *f).collect(),
            path: self.path,
            marked: self.marked,
            raised: self.raised,
            jumps: self.jumps,
            leaving: self.leaving,
            walls: self.walls,
        }
    }
}

impl MoveView<Phrase> {
    /// A move's view whose label is `head` (the move as written) and `notes` (what
    /// it did), with no geometry yet.
    pub fn labelled(head: impl ToString, notes: Vec<Phrase>) -> Self {
        let mut parts = Vec::with_capacity(notes.len() + 1);
        parts.push(Phrase::new("game-move").text("move", head));
        parts.extend(notes);
        MoveView { parts, ..MoveView::default() }
    }
}

/// A position as the picture shows it. `T` is the text: the rules cores give
/// [`Phrase`]s ([`crate::games::Game::view`]), the caller words them in the
/// reader's language ([`BoardView::map_text`]) and the picture draws words
/// (`BoardView<String>`, the default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView<T = String> {
    /// The game's name for people.
    pub title: T,
    /// The board's shape.
    pub geometry: Geometry,
    /// The board's look.
    pub surface: Surface,
    /// Every cell, indexed as [`Geometry::index`] says.
    pub cells: Vec<CellView>,
    /// Walls on the edges between two adjacent cells (Cabale's blockades).
    pub walls: Vec<(usize, usize)>,
    /// The seats in playing order.
    pub seats: Vec<SeatView<T>>,
    /// The seat to move, or `None` once the game is over.
    pub to_move: Option<usize>,
    /// A note on the situation (a ban in force, the phase), if any.
    pub note: Option<T>,
    /// The result, once the game is over: `White wins: …`.
    pub result: Option<T>,
    /// A space beside the board, if the game has one.
    pub side: Option<SideSpace<T>>,
    /// The panel's line about the last move, part by part: the move with what
    /// introduces it (`last: a7-S`), what it did (`takes a red`), and who moves again
    /// when that is the same seat (`White moves again`). Empty without a last move;
    /// [`BoardView::with_last`] fills it.
    pub last_line: Vec<T>,
    /// The last move, if one is to be highlighted.
    pub last: Option<MoveView<T>>,
}

impl<T> BoardView<T> {
    /// The same view with every text turned into other text: phrases into the
    /// reader's words (`crate::present::view::worded`).
    pub fn map_text<U>(self, mut f: impl FnMut(T) -> U) -> BoardView<U> {
        let f = &mut f;
        BoardView {
            title: f(self.title),
            geometry: self.geometry,
            surface: self.surface,
            cells: self.cells,
            walls: self.walls,
            seats: self.seats.into_iter().map(|s| s.map_text(f)).collect(),
            to_move: self.to_move,
            note: self.note.map(&mut *f),
            result: self.result.map(&mut *f),
            side: self.side.map(|s| SideSpace { label: f(s.label), piece: s.piece }),
            last_line: self.last_line.into_iter().map(&mut *f).collect(),
            last: self.last.map(|m| m.map_with(f)),
        }
    }

    /// The seat whose piece the last move brought (the piece on the path's second
    /// cell, or at its end), if it can be told.
    fn mover(&self) -> Option<usize> {
        let m = self.last.as_ref()?;
        let piece = [m.path.get(1), m.path.last()]
            .into_iter()
            .flatten()
            .find_map(|&cell| self.cells.get(cell).and_then(|c| c.piece.as_ref()))?;
        let tone = match piece {
            Piece::Marble(t) | Piece::Runner(t) | Piece::Block { tone: t, .. } | Piece::Token { tone: t, .. } => *t,
            Piece::Stack(tones) => *tones.last()?,
        };
        self.seats.iter().position(|s| s.tone == tone)
    }
}

impl BoardView<Phrase> {
    /// The view with `last` drawn as the last move, and the panel's line about it
    /// ([`BoardView::last_line`]): the move, what it did, and who moves again when
    /// the seat that moved is to move again (a Kuba capture).
    pub fn with_last(mut self, last: Option<MoveView<Phrase>>) -> Self {
        self.last = last;
        self.last_line.clear();
        let Some(m) = &self.last else { return self };
        let mut parts = m.parts.iter().cloned();
        if let Some(first) = parts.next() {
            self.last_line.push(Phrase::new("game-view-last").phrase("move", first));
        }
        self.last_line.extend(parts);
        if let (Some(i), true) = (self.mover(), self.seats.len() > 1) {
            if self.to_move == Some(i) {
                let colour = self.seats[i].colour.clone();
                self.last_line.push(Phrase::new(AGAIN).phrase("seat", colour));
            }
        }
        self
    }

    /// The view of a game that ended outside the rules (a resignation, a timeout, an
    /// agreement), whose position still has a seat to move: nobody is to move, nor
    /// "moves again".
    pub fn ended(mut self) -> Self {
        self.to_move = None;
        self.last_line.retain(|p| p.id != AGAIN);
        self
    }
}

/// The last line's phrase saying that the seat that moved moves again.
const AGAIN: &str = "game-view-again";

/// A position for terminals: the board as text, and lines about it (what each
/// seat has, whose turn it is, the result) as phrases for the reader's language
/// (`crate::present::view::diagram_text`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The board, row by row, with its coordinates; no words, each row ending in a
    /// line break.
    pub grid: String,
    /// The lines below the board, in order.
    pub lines: Vec<Phrase>,
}

/// The panel's line for a finished game: who won (or a draw) and why.
pub fn result_line(outcome: &super::Outcome, seats: &[super::SeatInfo]) -> Phrase {
    let winners = outcome.winners();
    let terms: Vec<&'static str> = winners.iter().filter_map(|s| seats.get(s.index())).map(|s| s.term).collect();
    let reason = outcome.reason.phrase();
    match terms.as_slice() {
        [] => Phrase::new("game-result-draw").phrase("reason", reason),
        [one] => Phrase::new("game-result-win").term("seat", *one).phrase("reason", reason),
        [first, rest @ ..] => {
            // "Yellow and Red and Green": each further seat joins what came before.
            let seats = rest.iter().fold(Arg::Term(Cow::Borrowed(*first)), |all, next| {
                Arg::Phrase(Box::new(Phrase::new("game-and").arg("first", all).term("second", *next)))
            });
            Phrase::new("game-result-shared").arg("seats", seats).phrase("reason", reason)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kuba::Kuba;
    use crate::games::Game;

    #[test]
    fn the_last_line_says_the_move_and_who_moves_again() {
        let mut view = Kuba::start(&Default::default()).view();
        view.geometry = Geometry::Square { files: 3, ranks: 1 };
        view.cells = vec![CellView::default(); 3];
        view.cells[1].piece = Some(Piece::Marble(Tone::White));
        view.to_move = Some(0);
        let last =
            MoveView { path: vec![0, 1], ..MoveView::labelled("a1-E", vec![Phrase::new("kuba-label-takes-red")]) };
        let again = view.clone().with_last(Some(last.clone()));
        let head = Phrase::new("game-view-last").phrase("move", Phrase::new("game-move").text("move", "a1-E"));
        let white = Phrase::new("game-view-again").phrase("seat", Phrase::new("kuba-seat-white"));
        assert_eq!(again.last_line, [head.clone(), Phrase::new("kuba-label-takes-red"), white]);
        assert_eq!(again.last, Some(last.clone()));
        let ended = again.ended();
        assert_eq!(
            (ended.to_move, &ended.last_line[..]),
            (None, &[head.clone(), Phrase::new("kuba-label-takes-red")][..])
        );
        view.to_move = Some(1);
        let not_again = view.clone().with_last(Some(last));
        assert_eq!(not_again.last_line, [head, Phrase::new("kuba-label-takes-red")]);
        assert!(view.with_last(None).last_line.is_empty());
    }

    #[test]
    fn map_text_reaches_every_text() {
        let mut view = Kuba::start(&Default::default()).view().with_last(None);
        view.note = Some(Phrase::new("note"));
        view.result = Some(Phrase::new("result"));
        view.side = Some(SideSpace { label: Phrase::new("side"), piece: None });
        view.last_line = vec![Phrase::new("line")];
        view.last = Some(MoveView::labelled("a1-E", vec![Phrase::new("part")]));
        let mut seen = Vec::new();
        let worded = view.map_text(|p| {
            seen.push(p.id.to_string());
            p.id.to_uppercase()
        });
        assert_eq!(worded.title, "KUBA-TITLE");
        assert_eq!(worded.seats[1].colour, "KUBA-SEAT-BLACK");
        assert_eq!(worded.seats[0].counters[0].label, "KUBA-VIEW-REDS");
        assert_eq!(worded.seats[0].counters[0].value, "GAME-VIEW-FRACTION");
        assert_eq!(worded.note.as_deref(), Some("NOTE"));
        assert_eq!(worded.result.as_deref(), Some("RESULT"));
        assert_eq!(worded.side.map(|s| s.label).as_deref(), Some("SIDE"));
        assert_eq!(worded.last_line, ["LINE"]);
        assert_eq!(worded.last.map(|m| m.parts), Some(vec!["GAME-MOVE".to_string(), "PART".to_string()]));
        // title, 2 seats × (colour + 2 counters × 2), note, result, side, line, 2 parts
        assert_eq!(seen.len(), 1 + 2 * 5 + 3 + 1 + 2);
    }

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
