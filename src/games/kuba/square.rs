use std::fmt;

/// A square of the 7×7 Kuba board, `a1` (bottom left, seen from White) to `g7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are below 7.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 7 && rank < 7 {
            Some(Square(rank * 7 + file))
        } else {
            None
        }
    }

    /// All 49 squares, file by file (a1, a2 … a7, b1 …): the canonical move order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..7).flat_map(|file| (0..7).map(move |rank| Square(rank * 7 + file)))
    }

    /// 0 for file a … 6 for file g.
    pub const fn file(self) -> u8 {
        self.0 % 7
    }

    /// 0 for rank 1 … 6 for rank 7.
    pub const fn rank(self) -> u8 {
        self.0 / 7
    }

    /// The index `0..49`, rank by rank from a1.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The neighbour in direction `dir`, if it is on the board.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let (df, dr) = dir.delta();
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..7).contains(&f) && (0..7).contains(&r) {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    }

    /// Index in the padded 9×9 board the rules core works on.
    pub(super) const fn padded(self) -> usize {
        (self.rank() as usize + 1) * 9 + self.file() as usize + 1
    }

    /// The square at a padded index, which must be a playing square.
    pub(super) const fn from_padded(i: usize) -> Square {
        Square(((i / 9 - 1) * 7 + (i % 9 - 1)) as u8)
    }

    /// Parses a square like `d2` (either case). `None` if it is not exactly a file
    /// letter and a rank number on this board.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::new(file, rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A direction of push. `N` is towards rank 7, `E` towards file g.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards rank 7.
    N,
    /// Towards file g.
    E,
    /// Towards rank 1.
    S,
    /// Towards file a.
    W,
}

impl Dir {
    /// The four directions in canonical order.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
        }
    }

    /// (file, rank) change of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }

    /// Index change of one step on the padded 9×9 board.
    pub(super) const fn offset(self) -> isize {
        match self {
            Dir::N => 9,
            Dir::E => 1,
            Dir::S => -9,
            Dir::W => -1,
        }
    }

    /// The canonical letter.
    pub const fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    /// Parses a direction letter or word (`N`, `north`, `up` …), either case.
    pub fn parse(text: &str) -> Option<Dir> {
        match text.to_ascii_lowercase().as_str() {
            "n" | "north" | "up" => Some(Dir::N),
            "e" | "east" | "right" => Some(Dir::E),
            "s" | "south" | "down" => Some(Dir::S),
            "w" | "west" | "left" => Some(Dir::W),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(Square::from_padded(sq.padded()), sq);
        }
        assert_eq!(Square::parse("D2"), Square::new(3, 1));
        for bad in ["h1", "a0", "a8", "", "a", "a10", "11", "é1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn steps_stay_on_the_board() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.step(Dir::S), None);
        assert_eq!(a1.step(Dir::W), None);
        assert_eq!(a1.step(Dir::N), Square::parse("a2"));
        assert_eq!(a1.step(Dir::E), Square::parse("b1"));
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.offset(), -d.opposite().offset());
        }
    }
}
