//! The Kuba position code: `<board> <to-move> <reds> <ban>`. Under the house rule
//! `extra_push:optional` the ban field is `+` while the player to move has just
//! captured and may decline the extra push; the sheet's rules never write it, so
//! their codes are unchanged.

use std::fmt;

use super::{Color, ExtraPush, Kuba, KubaSettings, Push, Square, BLACK, RED, WHITE};
use crate::games::text::{parse_counter, split_fields};
use crate::games::Game;

/// Why a Kuba position code is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not four space-separated fields.
    #[error("expected 4 fields (board, to-move, reds, ban), found {0}")]
    Fields(usize),
    /// The board does not have seven `/`-separated rows.
    #[error("expected 7 rows separated by '/', found {0}")]
    Rows(usize),
    /// A row does not describe seven squares.
    #[error("rank {rank} describes {squares} squares, expected 7")]
    RowLength {
        /// The rank (1–7).
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is not `W`, `B`, `R` or a digit 1–7.
    #[error("unknown symbol '{symbol}' in rank {rank} (use W, B, R and digits 1–7)")]
    Symbol {
        /// The rank (1–7).
        rank: u8,
        /// The character.
        symbol: char,
    },
    /// An empty run written as `0` or as several digits.
    #[error("non-canonical run of empty squares \"{run}\" in rank {rank}")]
    Run {
        /// The rank (1–7).
        rank: u8,
        /// The digits as written.
        run: String,
    },
    /// The to-move field is not `w` or `b`.
    #[error("to-move must be w or b, found \"{0}\"")]
    ToMove(String),
    /// The reds field is not `<white>-<black>`.
    #[error("red counts must be <by white>-<by black> like 0-0, found \"{0}\"")]
    Reds(String),
    /// More white or black marbles than the game has.
    #[error("{count} {color} marbles on the board, the game has 8")]
    TooMany {
        /// Whose marbles.
        color: Color,
        /// How many there are.
        count: u8,
    },
    /// More reds on the board and captured than the game has.
    #[error("{on_board} red marbles on the board and {captured} captured, the game has 13")]
    TooManyReds {
        /// Reds on the board.
        on_board: u8,
        /// Reds captured by both players.
        captured: u32,
    },
    /// The ban field is not a push or `-` (or `+`).
    #[error("ban must be a push like d4-W or -, found \"{0}\"")]
    Ban(String),
    /// The ban field is `+` (an extra push that may be declined) but the game's
    /// extra push is mandatory.
    #[error("the ban field + marks an extra push that may be declined: the code needs extra_push:optional")]
    NeedsOptionalExtraPush,
    /// The ban names a square without a marble of the player to move.
    #[error("the ban names {square}, which holds no {to_move} marble, but {to_move} is to move")]
    BanNotMover {
        /// The square named by the ban.
        square: Square,
        /// The player to move.
        to_move: Color,
    },
}

pub(super) fn parse(code: &str, settings: &KubaSettings) -> Result<Kuba, CodeError> {
    let fields = split_fields(code, 4).map_err(CodeError::Fields)?;
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 7 {
        return Err(CodeError::Rows(rows.len()));
    }
    let mut position = Kuba::empty(settings);
    for (i, row) in rows.iter().enumerate() {
        let rank = 6 - i as u8;
        parse_row(&mut position, rank, row)?;
    }
    for color in [Color::White, Color::Black] {
        let count = position.counts[color.cell() as usize];
        if count > 8 {
            return Err(CodeError::TooMany { color, count });
        }
    }
    position.to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(CodeError::ToMove(other.to_string())),
    };
    let reds = fields[2]
        .split_once('-')
        .and_then(|(w, b)| Some((parse_counter(w)?, parse_counter(b)?)))
        .ok_or_else(|| CodeError::Reds(fields[2].to_string()))?;
    let on_board = position.counts[RED as usize];
    let captured = reds.0 + reds.1;
    if u32::from(on_board) + captured > 13 {
        return Err(CodeError::TooManyReds { on_board, captured });
    }
    position.reds = crate::games::BySide::new(reds.0 as u8, reds.1 as u8);
    if fields[3] == "+" {
        if settings.extra_push != ExtraPush::Optional {
            return Err(CodeError::NeedsOptionalExtraPush);
        }
        position.extra = true;
    } else {
        position.ban = parse_ban(fields[3])?;
    }
    if let Some(ban) = position.ban {
        if position.cells[ban.from.padded()] != position.to_move.cell() {
            return Err(CodeError::BanNotMover { square: ban.from, to_move: position.to_move });
        }
    }
    Ok(position)
}

fn parse_row(position: &mut Kuba, rank: u8, row: &str) -> Result<(), CodeError> {
    let mut file = 0usize;
    let mut previous_digit = false;
    for symbol in row.chars() {
        let cell = match symbol {
            'W' => WHITE,
            'B' => BLACK,
            'R' => RED,
            '0'..='9' => {
                let run = symbol as usize - '0' as usize;
                if run == 0 || previous_digit {
                    return Err(CodeError::Run { rank: rank + 1, run: digit_run(row, symbol) });
                }
                file += run;
                previous_digit = true;
                continue;
            }
            _ => return Err(CodeError::Symbol { rank: rank + 1, symbol }),
        };
        previous_digit = false;
        if let Some(square) = Square::new(file as u8, rank) {
            position.cells[square.padded()] = cell;
            position.counts[cell as usize] += 1;
        }
        file += 1;
    }
    if file != 7 {
        return Err(CodeError::RowLength { rank: rank + 1, squares: file });
    }
    Ok(())
}

/// The whole run of digits that contains the offending one, for the message.
fn digit_run(row: &str, symbol: char) -> String {
    row.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.contains(symbol) && (run.len() > 1 || symbol == '0'))
        .unwrap_or("0")
        .to_string()
}

fn parse_ban(text: &str) -> Result<Option<Push>, CodeError> {
    if text == "-" {
        return Ok(None);
    }
    let bad = || CodeError::Ban(text.to_string());
    let (square, dir) = text.split_once('-').ok_or_else(bad)?;
    let from = Square::parse(square).filter(|s| s.to_string() == square).ok_or_else(bad)?;
    let dir = match dir {
        "N" => super::Dir::N,
        "E" => super::Dir::E,
        "S" => super::Dir::S,
        "W" => super::Dir::W,
        _ => return Err(bad()),
    };
    Ok(Some(Push { from, dir }))
}

pub(super) fn write(position: &Kuba, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in (0..7u8).rev() {
        let mut empty = 0;
        for file in 0..7u8 {
            let symbol = match Square::new(file, rank).map(|sq| position.cells[sq.padded()]) {
                Some(WHITE) => 'W',
                Some(BLACK) => 'B',
                Some(RED) => 'R',
                _ => {
                    empty += 1;
                    continue;
                }
            };
            if empty > 0 {
                write!(f, "{empty}")?;
                empty = 0;
            }
            write!(f, "{symbol}")?;
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    let to_move = Game::seats(position)[position.to_move.index()].letter;
    write!(f, " {to_move} {}-{} ", position.reds[Color::White], position.reds[Color::Black])?;
    match position.ban {
        Some(ban) => write!(f, "{ban}"),
        None if position.extra => f.write_str("+"),
        None => f.write_str("-"),
    }
}
