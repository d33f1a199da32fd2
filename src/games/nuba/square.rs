use std::fmt;

/// Files of the board (`a`–`e`).
pub const FILES: u8 = 5;
/// Ranks of the board (`1`–`6`).
pub const RANKS: u8 = 6;
/// Cells of the board.
pub const CELLS: usize = (FILES as usize) * (RANKS as usize);

/// A cell of the 5×6 Nuba board, `a1` (bottom left, seen from Green) to `e6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if it is on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// The square with board-order index `i` (`0..30`), if there is one.
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < CELLS {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// All 30 squares in board order (a1, b1 … e1, a2 …): the canonical move order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..CELLS as u8).map(Square)
    }

    /// 0 for file a … 4 for file e.
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0 for rank 1 … 5 for rank 6.
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The board-order index `0..30`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Parses a square like `c2` (either case). `None` unless it is exactly a file
    /// letter and a rank number of this board.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [file, rank] => Square::new(file.to_ascii_lowercase().wrapping_sub(b'a'), rank.wrapping_sub(b'1')),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(Square::from_index(sq.index()), Some(sq));
        }
        assert_eq!(Square::all().count(), 30);
        assert_eq!(Square::parse("C2"), Square::new(2, 1));
        for bad in ["f1", "a0", "a7", "", "a", "a10", "11", "é1", "e"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(Square::from_index(30), None);
    }

    #[test]
    fn board_order_is_rank_by_rank() {
        let order: Vec<String> = Square::all().take(6).map(|s| s.to_string()).collect();
        assert_eq!(order, ["a1", "b1", "c1", "d1", "e1", "a2"]);
    }
}
