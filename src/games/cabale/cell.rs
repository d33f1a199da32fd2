//! The 61-cell hexagonal board: cells, directions, ring values and interior edges
//! (`docs/rules/cabale.md`).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Number of cells on the board.
pub const CELLS: usize = 61;
/// Number of interior edges (edges between two cells of the board).
pub const EDGES: usize = 156;
/// The value of a ring-3 cell: 3 (brettspiele.digital) rather than 2 (CA-I3).
pub const RING3_VALUE: u8 = 3;

const NONE: u8 = u8::MAX;
const ROW_LEN: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];
const ROW_START: [u8; 9] = [0, 5, 11, 18, 26, 35, 43, 50, 56];

/// The smallest cell number of row `row` (0 = A).
const fn first_number(row: u8) -> u8 {
    if row <= 4 {
        1
    } else {
        row - 3
    }
}

/// A cell of the board, `A1` … `I9`. Cells are numbered in board order: row A
/// first, then by number within the row, so comparing cells compares board order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// One of the six directions, in cyclic 60° order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Same row, number + 1.
    E,
    /// Row + 1, number + 1.
    NE,
    /// Row + 1, same number.
    NW,
    /// Same row, number − 1.
    W,
    /// Row − 1, number − 1.
    SW,
    /// Row − 1, same number.
    SE,
}

impl Dir {
    /// The six directions in cyclic order (the canonical order of move generation).
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];

    /// The index in [`Dir::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction `steps` × 60° counter-clockwise from this one.
    pub const fn rotate(self, steps: usize) -> Dir {
        Dir::ALL[(self as usize + steps) % 6]
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        self.rotate(3)
    }

    /// The angle between two directions in multiples of 60° (0 to 3).
    pub const fn angle(self, other: Dir) -> usize {
        let d = (self as usize + 6 - other as usize) % 6;
        if d > 3 {
            6 - d
        } else {
            d
        }
    }

    /// (row, number) change of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::E => (0, 1),
            Dir::NE => (1, 1),
            Dir::NW => (1, 0),
            Dir::W => (0, -1),
            Dir::SW => (-1, -1),
            Dir::SE => (-1, 0),
        }
    }

    /// The short name (`E`, `NE` …).
    pub const fn name(self) -> &'static str {
        match self {
            Dir::E => "E",
            Dir::NE => "NE",
            Dir::NW => "NW",
            Dir::W => "W",
            Dir::SW => "SW",
            Dir::SE => "SE",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

struct Tables {
    row: [u8; CELLS],
    number: [u8; CELLS],
    neighbour: [[u8; 6]; CELLS],
    edge: [[u8; 6]; CELLS],
    edge_cells: [(u8, u8); EDGES],
}

const fn index_of(row: i8, number: i8) -> u8 {
    if row < 0 || row > 8 {
        return NONE;
    }
    let first = first_number(row as u8) as i8;
    let len = ROW_LEN[row as usize] as i8;
    if number < first || number >= first + len {
        return NONE;
    }
    ROW_START[row as usize] + (number - first) as u8
}

static TABLES: Tables = build();

const fn build() -> Tables {
    let mut t = Tables {
        row: [0; CELLS],
        number: [0; CELLS],
        neighbour: [[NONE; 6]; CELLS],
        edge: [[NONE; 6]; CELLS],
        edge_cells: [(0, 0); EDGES],
    };
    let mut row = 0;
    while row < 9 {
        let mut k = 0;
        while k < ROW_LEN[row] {
            let i = (ROW_START[row] + k) as usize;
            t.row[i] = row as u8;
            t.number[i] = first_number(row as u8) + k;
            k += 1;
        }
        row += 1;
    }
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            let (dr, dn) = Dir::ALL[d].delta();
            t.neighbour[i][d] = index_of(t.row[i] as i8 + dr, t.number[i] as i8 + dn);
            d += 1;
        }
        i += 1;
    }
    // Edges in board order of their first cell, then their second: from each cell
    // the higher neighbours are E (same row), then NW and NE (next row).
    let mut e = 0;
    let mut a = 0;
    while a < CELLS {
        let order = [Dir::E, Dir::NW, Dir::NE];
        let mut j = 0;
        while j < 3 {
            let d = order[j];
            let b = t.neighbour[a][d as usize];
            if b != NONE {
                t.edge_cells[e] = (a as u8, b);
                t.edge[a][d as usize] = e as u8;
                t.edge[b as usize][d.opposite() as usize] = e as u8;
                e += 1;
            }
            j += 1;
        }
        a += 1;
    }
    assert!(e == EDGES);
    t
}

impl Cell {
    /// The cell on `row` (0 = A … 8 = I) with `number` (1–9), if it exists.
    pub const fn new(row: u8, number: u8) -> Option<Cell> {
        if row > 8 || number > 9 {
            return None;
        }
        match index_of(row as i8, number as i8) {
            NONE => None,
            i => Some(Cell(i)),
        }
    }

    /// The cell with index `i` in board order, if `i < 61`.
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i < CELLS {
            Some(Cell(i as u8))
        } else {
            None
        }
    }

    /// All 61 cells in board order (A1 … A5, B1 …, I9).
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0..CELLS as u8).map(Cell)
    }

    /// The index `0..61` in board order.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for row A … 8 for row I.
    pub fn row(self) -> u8 {
        TABLES.row[self.0 as usize]
    }

    /// The number within the row (1–9).
    pub fn number(self) -> u8 {
        TABLES.number[self.0 as usize]
    }

    /// The neighbour in direction `dir`, if it is on the board.
    pub fn step(self, dir: Dir) -> Option<Cell> {
        match TABLES.neighbour[self.0 as usize][dir as usize] {
            NONE => None,
            i => Some(Cell(i)),
        }
    }

    /// The edge between this cell and its neighbour in direction `dir`, if that
    /// neighbour exists.
    pub fn edge(self, dir: Dir) -> Option<Wall> {
        match TABLES.edge[self.0 as usize][dir as usize] {
            NONE => None,
            e => Some(Wall(e)),
        }
    }

    /// Distance from the centre E5: 0 (centre) to 4 (the outer ring).
    pub fn ring(self) -> u8 {
        let x = self.number() as i8 - 5;
        let y = self.row() as i8 - 4;
        let z = x - y;
        let m = if x.abs() > y.abs() { x.abs() } else { y.abs() };
        (if m > z.abs() { m } else { z.abs() }) as u8
    }

    /// The printed value of the cell: 15 in the centre, then 10, 6, 3 and 1 on the
    /// outer ring (CA-I3).
    pub fn value(self) -> u8 {
        match self.ring() {
            0 => 15,
            1 => 10,
            2 => 6,
            3 => RING3_VALUE,
            _ => 1,
        }
    }

    /// On the outer ring.
    pub fn is_edge(self) -> bool {
        self.ring() == 4
    }

    /// One of the six corners A1, A5, E1, E9, I5, I9.
    pub fn is_corner(self) -> bool {
        let mut n = 0;
        let mut d = 0;
        while d < 6 {
            if TABLES.neighbour[self.0 as usize][d] != NONE {
                n += 1;
            }
            d += 1;
        }
        n == 3
    }

    /// A legal runner start cell: on the edge but not a corner (18 cells).
    pub fn is_start(self) -> bool {
        self.is_edge() && !self.is_corner()
    }

    /// The direction and distance from this cell to `other` when they lie on one
    /// straight line, else `None` (also for `other == self`).
    pub fn line_to(self, other: Cell) -> Option<(Dir, u8)> {
        let dr = other.row() as i8 - self.row() as i8;
        let dn = other.number() as i8 - self.number() as i8;
        let (dir, k) = match (dr, dn) {
            (0, n) if n > 0 => (Dir::E, n),
            (0, n) if n < 0 => (Dir::W, -n),
            (r, 0) if r > 0 => (Dir::NW, r),
            (r, 0) if r < 0 => (Dir::SE, -r),
            (r, n) if r == n && r > 0 => (Dir::NE, r),
            (r, n) if r == n && r < 0 => (Dir::SW, -r),
            _ => return None,
        };
        Some((dir, k as u8))
    }

    /// The cell `k` steps away in direction `dir`, if every step stays on the board.
    pub fn walk(self, dir: Dir, k: u8) -> Option<Cell> {
        let mut c = self;
        for _ in 0..k {
            c = c.step(dir)?;
        }
        Some(c)
    }

    /// Parses a cell like `C3` (either case). `None` unless it is exactly a row
    /// letter and a number naming a cell of the board.
    pub fn parse(text: &str) -> Option<Cell> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let row = bytes[0].to_ascii_uppercase().wrapping_sub(b'A');
        let number = bytes[1].wrapping_sub(b'0');
        if !(1..=9).contains(&number) {
            return None;
        }
        Cell::new(row, number)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.row()) as char, self.number())
    }
}

/// An interior edge between two adjacent cells, where a blockade can stand. Edges
/// are numbered in board order of their first cell, then their second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wall(u8);

impl Wall {
    /// The edge between `a` and `b` (in either order), if they are neighbours.
    pub fn between(a: Cell, b: Cell) -> Option<Wall> {
        let (dir, k) = a.line_to(b)?;
        if k == 1 {
            a.edge(dir)
        } else {
            None
        }
    }

    /// The edge with index `i`, if `i < 156`.
    pub const fn from_index(i: usize) -> Option<Wall> {
        if i < EDGES {
            Some(Wall(i as u8))
        } else {
            None
        }
    }

    /// All 156 interior edges in board order.
    pub fn all() -> impl Iterator<Item = Wall> + Clone {
        (0..EDGES as u8).map(Wall)
    }

    /// The index `0..156`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The two cells, in board order.
    pub fn cells(self) -> (Cell, Cell) {
        let (a, b) = TABLES.edge_cells[self.0 as usize];
        (Cell(a), Cell(b))
    }

    /// Parses `D4|D5` (either order, either case).
    pub fn parse(text: &str) -> Option<Wall> {
        let (a, b) = text.split_once('|')?;
        Wall::between(Cell::parse(a.trim())?, Cell::parse(b.trim())?)
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.cells();
        write!(f, "{a}|{b}")
    }
}

impl Serialize for Wall {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Wall {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Wall::parse(&text).ok_or_else(|| serde::de::Error::custom(super::OptionError::Edge(text)))
    }
}

/// A set of interior edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EdgeSet([u64; 3]);

impl EdgeSet {
    /// No edge.
    pub const EMPTY: EdgeSet = EdgeSet([0; 3]);
    /// All 156 interior edges.
    pub const ALL: EdgeSet = EdgeSet([u64::MAX, u64::MAX, (1u64 << (EDGES - 128)) - 1]);

    /// True when `wall` is in the set.
    #[inline]
    pub const fn contains(&self, wall: Wall) -> bool {
        self.0[(wall.0 >> 6) as usize] >> (wall.0 & 63) & 1 == 1
    }

    /// Adds `wall`.
    #[inline]
    pub fn insert(&mut self, wall: Wall) {
        self.0[(wall.0 >> 6) as usize] |= 1 << (wall.0 & 63);
    }

    /// Removes `wall`.
    #[inline]
    pub fn remove(&mut self, wall: Wall) {
        self.0[(wall.0 >> 6) as usize] &= !(1 << (wall.0 & 63));
    }

    /// How many edges the set holds.
    #[inline]
    pub const fn len(&self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()) as usize
    }

    /// True when the set holds no edge.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The edges in `self` but not in `other`.
    #[inline]
    pub const fn minus(&self, other: &EdgeSet) -> EdgeSet {
        EdgeSet([self.0[0] & !other.0[0], self.0[1] & !other.0[1], self.0[2] & !other.0[2]])
    }

    /// The `n`-th edge of the set in board order (from 0), if there are that many.
    #[inline]
    pub fn nth(&self, mut n: usize) -> Option<Wall> {
        for (w, word) in self.0.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if n < ones {
                let mut bits = *word;
                for _ in 0..n {
                    bits &= bits - 1;
                }
                return Some(Wall((w * 64) as u8 + bits.trailing_zeros() as u8));
            }
            n -= ones;
        }
        None
    }

    /// The edges in board order.
    pub fn iter(&self) -> impl Iterator<Item = Wall> + '_ {
        self.0.iter().enumerate().flat_map(|(w, word)| {
            let mut bits = *word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Wall((w * 64) as u8 + b as u8))
            })
        })
    }
}

impl FromIterator<Wall> for EdgeSet {
    fn from_iter<I: IntoIterator<Item = Wall>>(iter: I) -> Self {
        let mut set = EdgeSet::EMPTY;
        for w in iter {
            set.insert(w);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Cell {
        Cell::parse(text).unwrap()
    }

    #[test]
    fn cells_are_named_as_in_the_notation() {
        let names: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
        assert_eq!(names.len(), 61);
        assert_eq!(&names[..6], ["A1", "A2", "A3", "A4", "A5", "B1"]);
        assert_eq!(names[26], "E1");
        assert_eq!(names[35], "F2");
        assert_eq!(names[60], "I9");
        for cell in Cell::all() {
            assert_eq!(Cell::parse(&cell.to_string()), Some(cell));
            assert_eq!(Cell::parse(&cell.to_string().to_lowercase()), Some(cell));
        }
        for bad in ["A6", "A0", "F1", "I4", "J5", "E10", "", "E", "E55", "é1"] {
            assert_eq!(Cell::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn ring_values_follow_the_value_map() {
        assert_eq!(c("E5").value(), 15);
        for name in ["D4", "D5", "E4", "E6", "F5", "F6"] {
            assert_eq!(c(name).value(), 10, "{name}");
        }
        for name in ["C3", "C4", "C5", "D3", "D6", "E3", "E7", "F4", "F7", "G5", "G6", "G7"] {
            assert_eq!(c(name).value(), 6, "{name}");
        }
        let by_value = |v: u8| Cell::all().filter(|c| c.value() == v).count();
        assert_eq!((by_value(15), by_value(10), by_value(6), by_value(3), by_value(1)), (1, 6, 12, 18, 24));
        assert_eq!(c("B2").value(), RING3_VALUE);
        assert_eq!(c("A3").value(), 1);
    }

    #[test]
    fn start_cells_are_the_eighteen_non_corner_edge_cells() {
        let starts: Vec<String> = Cell::all().filter(|c| c.is_start()).map(|c| c.to_string()).collect();
        let expected = "A2 A3 A4 B1 B6 C1 C7 D1 D8 F2 F9 G3 G9 H4 H9 I6 I7 I8";
        assert_eq!(starts.join(" "), expected);
        let corners: Vec<String> = Cell::all().filter(|c| c.is_corner()).map(|c| c.to_string()).collect();
        assert_eq!(corners.join(" "), "A1 A5 E1 E9 I5 I9");
    }

    #[test]
    fn directions_and_neighbours() {
        let e5 = c("E5");
        let around: Vec<String> = Dir::ALL.iter().map(|d| e5.step(*d).unwrap().to_string()).collect();
        assert_eq!(around.join(" "), "E6 F6 F5 E4 D4 D5");
        assert_eq!(c("A1").step(Dir::SW), None);
        assert_eq!(c("A1").step(Dir::W), None);
        assert_eq!(c("E9").step(Dir::NE), None);
        assert_eq!(c("E9").step(Dir::NW), Some(c("F9")));
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.angle(d), 0);
            assert_eq!(d.angle(d.opposite()), 3);
            assert_eq!(d.angle(d.rotate(1)), 1);
            assert_eq!(d.angle(d.rotate(5)), 1);
            assert_eq!(d.angle(d.rotate(2)), 2);
            for cell in Cell::all() {
                if let Some(n) = cell.step(d) {
                    assert_eq!(n.step(d.opposite()), Some(cell));
                    assert_eq!(cell.line_to(n), Some((d, 1)));
                }
            }
        }
        assert_eq!(c("A3").line_to(c("C3")), Some((Dir::NW, 2)));
        assert_eq!(c("A3").line_to(c("C5")), Some((Dir::NE, 2)));
        assert_eq!(c("A3").line_to(c("B5")), None);
        assert_eq!(c("A3").line_to(c("A3")), None);
    }

    #[test]
    fn there_are_156_interior_edges_in_board_order() {
        let walls: Vec<Wall> = Wall::all().collect();
        assert_eq!(walls.len(), EDGES);
        let pairs: Vec<(Cell, Cell)> = walls.iter().map(|w| w.cells()).collect();
        let mut sorted = pairs.clone();
        sorted.sort();
        assert_eq!(pairs, sorted);
        for w in &walls {
            let (a, b) = w.cells();
            assert!(a < b);
            assert_eq!(Wall::between(a, b), Some(*w));
            assert_eq!(Wall::between(b, a), Some(*w));
            assert_eq!(Wall::parse(&w.to_string()), Some(*w));
        }
        let degree: usize = Cell::all().map(|c| Dir::ALL.iter().filter(|d| c.step(**d).is_some()).count()).sum();
        assert_eq!(degree, 2 * EDGES);
        assert_eq!(Wall::parse("D5|D4").map(|w| w.to_string()), Some("D4|D5".into()));
        assert_eq!(Wall::between(c("D4"), c("D6")), None);
        assert_eq!(Wall::parse("D4|D4"), None);
    }

    #[test]
    fn edge_sets_count_and_index() {
        assert_eq!(EdgeSet::ALL.len(), EDGES);
        assert!(EdgeSet::EMPTY.is_empty());
        let mut set = EdgeSet::EMPTY;
        let w = Wall::from_index(130).unwrap();
        set.insert(w);
        set.insert(Wall::from_index(3).unwrap());
        assert!(set.contains(w));
        assert_eq!(set.len(), 2);
        assert_eq!(set.nth(1), Some(w));
        assert_eq!(set.nth(2), None);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Wall::from_index(3).unwrap(), w]);
        let rest = EdgeSet::ALL.minus(&set);
        assert_eq!(rest.len(), EDGES - 2);
        assert_eq!(rest.nth(EDGES - 3), Wall::from_index(155));
        set.remove(w);
        assert!(!set.contains(w));
    }
}
