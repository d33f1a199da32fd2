use std::fmt;

/// A side. Green places and moves first, from rows 1–2 upwards (NU-I3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; home rows 1–2, moves towards rank 6.
    Green,
    /// Moves second; home rows 5–6, moves towards rank 1.
    Red,
}

impl Color {
    /// Both colours in seat order.
    pub const ALL: [Color; 2] = [Color::Green, Color::Red];

    /// The other colour.
    pub const fn other(self) -> Color {
        match self {
            Color::Green => Color::Red,
            Color::Red => Color::Green,
        }
    }

    /// 0 for Green, 1 for Red: the seat index.
    pub const fn index(self) -> usize {
        match self {
            Color::Green => 0,
            Color::Red => 1,
        }
    }

    /// The two home rows (0-based ranks) where this colour places its pieces.
    pub const fn home_ranks(self) -> [u8; 2] {
        match self {
            Color::Green => [0, 1],
            Color::Red => [4, 5],
        }
    }

    /// The opponent's back row (0-based rank), where this colour's pieces arrive.
    pub const fn goal_rank(self) -> u8 {
        match self {
            Color::Green => 5,
            Color::Red => 0,
        }
    }

    /// The rank change of a forward step: +1 for Green, −1 for Red.
    pub const fn forward(self) -> i8 {
        match self {
            Color::Green => 1,
            Color::Red => -1,
        }
    }

    /// The lowercase letter of position codes (`g`, `r`).
    pub const fn letter(self) -> char {
        match self {
            Color::Green => 'g',
            Color::Red => 'r',
        }
    }

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Green => "green",
            Color::Red => "red",
        }
    }
}

impl crate::games::side::Side for Color {
    fn index(self) -> usize {
        Color::index(self)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece's kind: a wrestler of value 1–9 (1 the strongest wrestler, 9 the best
/// musician) or the champion X.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The champion X.
    pub const CHAMPION: Rank = Rank(10);

    /// Every rank in canonical order: 1 … 9, then X.
    pub const ALL: [Rank; 10] =
        [Rank(1), Rank(2), Rank(3), Rank(4), Rank(5), Rank(6), Rank(7), Rank(8), Rank(9), Rank(10)];

    /// The wrestler of value `value`, if it is 1–9.
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 9 {
            Some(Rank(value))
        } else {
            None
        }
    }

    /// The value 1–9, or `None` for the champion.
    pub const fn value(self) -> Option<u8> {
        if self.0 <= 9 {
            Some(self.0)
        } else {
            None
        }
    }

    /// True for the champion X.
    pub const fn is_champion(self) -> bool {
        self.0 == Rank::CHAMPION.0
    }

    /// The position `0..10` in canonical order (1 → 0 … X → 9).
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// True when a piece of this rank may step onto an enemy piece of rank `target`
    /// (§4.3): a champion takes anything and is taken by anything, otherwise the
    /// target's value must be at least the mover's.
    pub const fn can_take(self, target: Rank) -> bool {
        self.is_champion() || target.is_champion() || target.0 >= self.0
    }

    /// The canonical character: `1`–`9` or `X`.
    pub const fn symbol(self) -> char {
        if self.is_champion() {
            'X'
        } else {
            (b'0' + self.0) as char
        }
    }

    /// Parses `1`–`9`, `X` or `x`.
    pub const fn from_symbol(c: char) -> Option<Rank> {
        match c {
            'X' | 'x' => Some(Rank::CHAMPION),
            '1'..='9' => Some(Rank(c as u8 - b'0')),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// One of the 20 pieces: a colour and a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Its value or the champion.
    pub rank: Rank,
}

impl Piece {
    /// The cell byte of the rules core: `0` is empty, so every piece is non-zero.
    pub(super) const fn cell(self) -> u8 {
        (self.color.index() as u8) << 4 | self.rank.0
    }

    /// The piece a non-empty cell byte holds.
    pub(super) const fn from_cell(cell: u8) -> Option<Piece> {
        let rank = cell & 0x0f;
        if rank == 0 || rank > 10 {
            return None;
        }
        let color = if cell & 0x10 == 0 { Color::Green } else { Color::Red };
        Some(Piece { color, rank: Rank(rank) })
    }

    /// Parses the code token `G7`, `RX` (upper-case colour, as codes write it).
    pub fn parse_token(text: &str) -> Option<Piece> {
        let mut chars = text.chars();
        let color = match chars.next()? {
            'G' => Color::Green,
            'R' => Color::Red,
            _ => return None,
        };
        let rank = match chars.next()? {
            'X' => Rank::CHAMPION,
            c => Rank::from_symbol(c).filter(|r| !r.is_champion())?,
        };
        if chars.next().is_some() {
            return None;
        }
        Some(Piece { color, rank })
    }
}

impl fmt::Display for Piece {
    /// The code token: `G7`, `RX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self.color {
            Color::Green => 'G',
            Color::Red => 'R',
        };
        write!(f, "{c}{}", self.rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip() {
        for color in Color::ALL {
            for rank in Rank::ALL {
                let piece = Piece { color, rank };
                assert_ne!(piece.cell(), 0);
                assert_eq!(Piece::from_cell(piece.cell()), Some(piece));
                assert_eq!(Piece::parse_token(&piece.to_string()), Some(piece));
            }
        }
        assert_eq!(Piece::from_cell(0), None);
        for bad in ["g7", "G0", "Gx", "B1", "G", "G77", "RX ", ""] {
            assert_eq!(Piece::parse_token(bad), None, "{bad}");
        }
    }

    #[test]
    fn strength_rule() {
        let r = |v| Rank::new(v).unwrap_or(Rank::CHAMPION);
        assert!(r(4).can_take(r(7)));
        assert!(r(4).can_take(r(4)));
        assert!(!r(4).can_take(r(3)));
        assert!(Rank::CHAMPION.can_take(r(1)));
        assert!(r(9).can_take(Rank::CHAMPION));
        assert!(Rank::CHAMPION.can_take(Rank::CHAMPION));
    }
}
