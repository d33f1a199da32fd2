use std::fmt;

/// The largest board side the engine supports: files `a`–`z`.
pub const MAX_SIZE: u8 = 26;
/// The smallest board side the engine supports.
pub const MIN_SIZE: u8 = 4;

/// Width of the padded grid the rules core works on: the largest board plus a
/// border ring, so walks and neighbour lookups never need bound checks.
pub(super) const STRIDE: usize = MAX_SIZE as usize + 2;
/// Cells of the padded grid.
pub(super) const CELLS: usize = STRIDE * STRIDE;

/// A square of a Kewbz board of any supported size, `a1` (bottom left, seen from
/// Blue) to `z26`. Whether it lies on a given board is the position's business.
///
/// The derived order is board order (`a1, b1, …, a2, …`), the order of the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    // Field order matters: the derived `Ord` compares the rank first.
    rank: u8,
    file: u8,
}

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are below 26.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIZE && rank < MAX_SIZE {
            Some(Square { rank, file })
        } else {
            None
        }
    }

    /// 0 for file a … 25 for file z.
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0 for rank 1 … 25 for rank 26.
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// True when the square lies on a board of side `size`.
    pub const fn on_board(self, size: u8) -> bool {
        self.file < size && self.rank < size
    }

    /// All squares of a board of side `size`, in board order.
    pub fn all(size: u8) -> impl Iterator<Item = Square> {
        let size = size.min(MAX_SIZE);
        (0..size).flat_map(move |rank| (0..size).map(move |file| Square { rank, file }))
    }

    /// Index in the padded grid.
    pub(super) const fn padded(self) -> usize {
        (self.rank as usize + 1) * STRIDE + self.file as usize + 1
    }

    /// The square at a padded index; meaningful only for indices of playing squares.
    pub(super) const fn from_padded(i: usize) -> Square {
        Square { rank: (i / STRIDE).saturating_sub(1) as u8, file: (i % STRIDE).saturating_sub(1) as u8 }
    }

    /// Parses a square like `d4` or `D12` (a file letter and a rank 1–26 without a
    /// leading zero). `None` otherwise.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        if !letter.is_ascii_alphabetic() || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let rank = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        Square::new(letter.to_ascii_lowercase() - b'a', rank.checked_sub(1)?)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_in_board_order() {
        let all: Vec<Square> = Square::all(26).collect();
        assert_eq!(all.len(), 676);
        assert!(all.windows(2).all(|w| w[0] < w[1] && w[0].padded() < w[1].padded()));
        for sq in all {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(Square::from_padded(sq.padded()), sq);
        }
        assert_eq!(Square::parse("D12"), Square::new(3, 11));
        assert_eq!(Square::parse("z26"), Square::new(25, 25));
    }

    #[test]
    fn malformed_squares_are_refused() {
        for bad in ["", "d", "4", "d0", "d04", "d27", "d100", "dd4", "d4x", "é1", "-1", "d+4", "d 4"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn on_board_depends_on_size() {
        let h8 = Square::parse("h8").unwrap();
        assert!(h8.on_board(8));
        assert!(!h8.on_board(7));
    }
}
