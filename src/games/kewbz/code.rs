//! The Kewbz position code: `<board> <to-move> <supplies>`.

use std::fmt;

use super::corners::{OFFSETS, OPPOSITE_BIT};
use super::{Color, Kewbz, KewbzSettings, Square, Stack, MAX_SIZE, MIN_SIZE};
use crate::games::text::{parse_counter, split_fields};

/// Why a Kewbz position code is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not three space-separated fields.
    #[error("expected 3 fields (board, to-move, supplies), found {0}")]
    Fields(usize),
    /// The number of rows is not a supported board side.
    #[error("the board has {0} rows: boards of {MIN_SIZE} to {MAX_SIZE} rows are supported")]
    Size(usize),
    /// A row describes a different number of cells than the others.
    #[error("rank {rank} describes {cells} squares, but the board is {size} squares wide")]
    RowLength {
        /// The rank (1 = bottom).
        rank: usize,
        /// Squares the row describes.
        cells: usize,
        /// The number of rows.
        size: usize,
    },
    /// Every row has the same length, but not as many squares as there are rows.
    #[error("the board is not square: {rows} rows of {columns} squares")]
    NotSquare {
        /// Rows.
        rows: usize,
        /// Squares per row.
        columns: usize,
    },
    /// A character that means nothing in a row.
    #[error("unknown symbol '{symbol}' in rank {rank} (use b, y, (…) stacks and digits)")]
    Symbol {
        /// The rank (1 = bottom).
        rank: usize,
        /// The character.
        symbol: char,
    },
    /// An empty run not written as 9s followed by the rest (`0`, `43`, `19`).
    #[error("non-canonical run of empty squares \"{run}\" in rank {rank} (write 10 as 91)")]
    Run {
        /// The rank (1 = bottom).
        rank: usize,
        /// The digits as written.
        run: String,
    },
    /// A parenthesised stack that is not 2–5 cubes of `b` and `y`, or is not closed.
    #[error("bad stack \"{text}\" in rank {rank}: write 2 to 5 cubes bottom to top, like (byb)")]
    Stack {
        /// The rank (1 = bottom).
        rank: usize,
        /// The stack as written.
        text: String,
    },
    /// A stack higher than the cap of five.
    #[error("the stack on {square} has {height} cubes: towers stop at 5")]
    TooHigh {
        /// The square.
        square: Square,
        /// Its height.
        height: usize,
    },
    /// Four occupied squares in a 2×2 block, which no placement can make.
    #[error("the squares {corner} to {opposite} form a 2×2 block, which the rules never allow")]
    Block {
        /// The block's lower-left square.
        corner: Square,
        /// Its upper-right square.
        opposite: Square,
    },
    /// The to-move field is not `b` or `y`.
    #[error("to-move must be b or y, found \"{0}\"")]
    ToMove(String),
    /// The supplies field is not `<blue>-<yellow>`.
    #[error("supplies must be <blue>-<yellow> like 32-32, found \"{0}\"")]
    Supplies(String),
    /// A supply above the cubes each player starts with.
    #[error("{color} has {supply} cubes left, but the game gives each player {cubes}")]
    SupplyAbove {
        /// Whose supply.
        color: Color,
        /// The supply.
        supply: u32,
        /// Cubes per player.
        cubes: u16,
    },
    /// More cubes of a colour on the board and in supply than the game has.
    #[error("{color} has {on_board} cubes on the board and {supply} left, more than the {cubes} of the game")]
    TooManyCubes {
        /// Whose cubes.
        color: Color,
        /// On the board.
        on_board: u32,
        /// In supply.
        supply: u32,
        /// Cubes per player.
        cubes: u16,
    },
}

/// One row as read: cell values, or how many squares it describes.
fn parse_row(row: &str, rank: usize, squares: &mut Vec<u8>) -> Result<usize, CodeError> {
    let mut count = 0usize;
    let mut chars = row.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        match c {
            'b' | 'y' => {
                squares.push(if c == 'y' { 8 | 1 } else { 1 });
                count += 1;
            }
            '1'..='9' | '0' => {
                let mut end = start + 1;
                while let Some((i, d)) = chars.peek().copied() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = i + 1;
                    chars.next();
                }
                let run = row.get(start..end).unwrap_or("");
                let (last, head) = run.as_bytes().split_last().map_or((b'0', &[][..]), |(l, h)| (*l, h));
                if last == b'0' || head.iter().any(|d| *d != b'9') {
                    return Err(CodeError::Run { rank, run: run.to_string() });
                }
                let n = 9 * head.len() + usize::from(last - b'0');
                count = count.saturating_add(n);
                // Rows longer than the largest board are refused below; don't store them.
                squares.extend(std::iter::repeat_n(0u8, n.min(usize::from(MAX_SIZE) + 1)));
            }
            '(' => {
                let close = row.get(start..).and_then(|r| r.find(')')).map(|i| start + i);
                let Some(close) = close else {
                    return Err(CodeError::Stack { rank, text: row.get(start..).unwrap_or("").to_string() });
                };
                let inner = row.get(start + 1..close).unwrap_or("");
                let text = row.get(start..=close).unwrap_or("").to_string();
                while chars.peek().is_some_and(|(i, _)| *i <= close) {
                    chars.next();
                }
                if inner.len() < 2 || !inner.bytes().all(|b| b == b'b' || b == b'y') {
                    return Err(CodeError::Stack { rank, text });
                }
                if inner.len() > 5 {
                    let square = Square::new(count.min(25) as u8, (rank - 1).min(25) as u8);
                    let square = square.unwrap_or(Square::from_padded(0));
                    return Err(CodeError::TooHigh { square, height: inner.len() });
                }
                let mut stack = Stack(0);
                for b in inner.bytes() {
                    stack.push(if b == b'y' { Color::Yellow } else { Color::Blue });
                }
                squares.push(stack.0);
                count += 1;
            }
            other => return Err(CodeError::Symbol { rank, symbol: other }),
        }
    }
    Ok(count)
}

pub(super) fn parse(code: &str, settings: &KewbzSettings) -> Result<Kewbz, CodeError> {
    let fields = split_fields(code, 3).map_err(CodeError::Fields)?;
    let rows: Vec<&str> = fields[0].split('/').collect();
    let size = rows.len();
    if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&size) {
        return Err(CodeError::Size(size));
    }
    let mut board: Vec<Vec<u8>> = Vec::with_capacity(size);
    let mut lengths = Vec::with_capacity(size);
    for (i, row) in rows.iter().enumerate() {
        let rank = size - i;
        let mut squares = Vec::with_capacity(size);
        lengths.push(parse_row(row, rank, &mut squares)?);
        board.push(squares);
    }
    if lengths.iter().all(|l| *l == lengths[0]) {
        if lengths[0] != size {
            return Err(CodeError::NotSquare { rows: size, columns: lengths[0] });
        }
    } else if let Some((i, cells)) = lengths.iter().enumerate().find(|(_, l)| **l != size) {
        return Err(CodeError::RowLength { rank: size - i, cells: *cells, size });
    }
    let mut position = Kewbz::empty(&KewbzSettings { size: size as u8, ..*settings });
    for (i, row) in board.iter().enumerate() {
        let rank = (size - 1 - i) as u8;
        for (file, cell) in row.iter().enumerate() {
            if let Some(sq) = Square::new(file as u8, rank) {
                if let Some(c) = position.cells.get_mut(sq.padded()) {
                    *c = *cell;
                }
            }
        }
    }
    derive(&mut position);
    for sq in Square::all(position.size) {
        let full =
            |df: u8, dr: u8| Square::new(sq.file() + df, sq.rank() + dr).is_some_and(|s| !position.stack(s).is_empty());
        if full(0, 0) && full(1, 0) && full(0, 1) && full(1, 1) {
            let opposite = Square::new(sq.file() + 1, sq.rank() + 1).unwrap_or(sq);
            return Err(CodeError::Block { corner: sq, opposite });
        }
    }
    position.to_move = match fields[1] {
        "b" => Color::Blue,
        "y" => Color::Yellow,
        other => return Err(CodeError::ToMove(other.to_string())),
    };
    let supplies = fields[2]
        .split_once('-')
        .and_then(|(b, y)| Some([parse_counter(b)?, parse_counter(y)?]))
        .ok_or_else(|| CodeError::Supplies(fields[2].to_string()))?;
    let cubes = position.cubes;
    for (color, supply) in Color::ALL.into_iter().zip(supplies) {
        if supply > u32::from(cubes) {
            return Err(CodeError::SupplyAbove { color, supply, cubes });
        }
        let on_board = position.on_board(color);
        if on_board + supply > u32::from(cubes) {
            return Err(CodeError::TooManyCubes { color, on_board, supply, cubes });
        }
    }
    // Both are at most `cubes`, which fits.
    let [blue, yellow] = supplies.map(|s| u16::try_from(s).unwrap_or(cubes));
    position.supply = crate::games::BySide::new(blue, yellow);
    Ok(position)
}

/// Recomputes the neighbour masks and counters from the cells.
fn derive(position: &mut Kewbz) {
    position.nbrs = [0; super::CELLS];
    position.occupied = 0;
    position.on_board = 0;
    for sq in Square::all(position.size) {
        let h = position.stack(sq).height();
        if h == 0 {
            continue;
        }
        position.occupied += 1;
        position.on_board += u16::from(h);
        let i = sq.padded();
        for (off, bit) in OFFSETS.iter().zip(OPPOSITE_BIT) {
            if let Some(m) = position.nbrs.get_mut(i.wrapping_add_signed(*off)) {
                *m |= bit;
            }
        }
    }
}

pub(super) fn write(position: &Kewbz, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let n = position.size;
    let flush = |f: &mut fmt::Formatter<'_>, empty: &mut usize| -> fmt::Result {
        while *empty > 9 {
            f.write_str("9")?;
            *empty -= 9;
        }
        if *empty > 0 {
            write!(f, "{empty}")?;
        }
        *empty = 0;
        Ok(())
    };
    for rank in (0..n).rev() {
        let mut empty = 0usize;
        for file in 0..n {
            let stack = Square::new(file, rank).map_or(Stack(0), |sq| position.stack(sq));
            if stack.is_empty() {
                empty += 1;
                continue;
            }
            flush(f, &mut empty)?;
            let letters: String = stack.colors().map(Color::letter).collect();
            if letters.len() == 1 {
                f.write_str(&letters)?;
            } else {
                write!(f, "({letters})")?;
            }
        }
        flush(f, &mut empty)?;
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    write!(f, " {} {}-{}", position.to_move.letter(), position.supply[Color::Blue], position.supply[Color::Yellow])
}
