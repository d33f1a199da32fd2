//! The Nuba position code: `<board> <to-move> g:<hand> r:<hand> <musician>`.
//!
//! Besides malformed text, a code is refused when it holds a piece twice or a piece
//! where no rule can leave one:
//! - a wrestler (1–9) on the opponent's back row: arriving there always takes it off
//!   the board (§4.4);
//! - both champions on their opponent's back rows: the first arrival ends the game;
//! - the champion on the musician space: a champion that arrives wins instead;
//! - while pieces are still in hand (the placement phase): a piece outside its own
//!   home rows, or a musician, since nothing moves before every piece is placed.
//!
//! Every other square is reachable for every piece (pieces only move forward, but
//! Green's may start on row 1 and Red's on row 6), and nothing more is checked: the
//! hand sizes need not match the side to move (a side with an empty hand passes, see
//! [`super::Nuba`]), and pieces may be missing (they count as out of the game).

use std::fmt;

use super::{Color, Nuba, Piece, Rank, Square, FILES, PIECES, RANKS};
use crate::games::text::split_fields;

/// Why a Nuba position code is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not five space-separated fields.
    #[error("expected 5 fields (board, to-move, green hand, red hand, musician), found {0}")]
    Fields(usize),
    /// The board does not have six `/`-separated rows.
    #[error("expected 6 rows separated by '/', found {0}")]
    Rows(usize),
    /// A row does not describe five cells.
    #[error("rank {rank} describes {cells} cells, expected 5")]
    RowLength {
        /// The rank (1–6).
        rank: u8,
        /// How many cells it describes.
        cells: usize,
    },
    /// Something that is neither `.` nor a piece like `G7` or `RX`.
    #[error("unknown token \"{token}\" in rank {rank} (a cell is '.' or G/R followed by 1–9 or X)")]
    Token {
        /// The rank (1–6).
        rank: u8,
        /// The text that is not a cell.
        token: String,
    },
    /// The to-move field is not `g` or `r`.
    #[error("to-move must be g or r, found \"{0}\"")]
    ToMove(String),
    /// A hand field does not start with its colour's prefix.
    #[error("the {color} hand must be written {}:<pieces> or {}:-, found \"{text}\"", .color.letter(), .color.letter())]
    HandPrefix {
        /// Whose hand the field should hold.
        color: Color,
        /// The field.
        text: String,
    },
    /// A hand holds something other than `1`–`9` and `X`, or is empty instead of `-`.
    #[error("the {color} hand \"{text}\" must list pieces 1–9 and X, or be -")]
    Hand {
        /// Whose hand.
        color: Color,
        /// The pieces as written.
        text: String,
    },
    /// A hand is not in increasing order with X last.
    #[error("the {color} hand \"{text}\" is not in canonical order (increasing, X last)")]
    HandOrder {
        /// Whose hand.
        color: Color,
        /// The pieces as written.
        text: String,
    },
    /// The musician field is not a piece or `-`.
    #[error("the musician must be a piece like G7 or -, found \"{0}\"")]
    Musician(String),
    /// The musician field names more than one piece.
    #[error("\"{0}\" names more than one musician: the musician space holds one piece")]
    TwoMusicians(String),
    /// A champion on the musician space.
    #[error("{0} cannot be the musician: a champion that arrives wins instead")]
    ChampionMusician(Piece),
    /// A piece appears more than once on the board, in the hands and as musician.
    #[error("{0} appears more than once (board, hands and musician hold each piece at most once)")]
    Duplicate(Piece),
    /// A wrestler on the opponent's back row.
    #[error("{piece} on {square}: a piece other than the champion leaves the board when it reaches {}'s back row", .piece.color.other())]
    OnGoalRow {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// Both champions on their opponent's back rows.
    #[error("both champions stand on their opponent's back row: the first to arrive ends the game")]
    TwoChampionsArrived,
    /// A piece outside its home rows while pieces are still being placed.
    #[error("{piece} on {square} while pieces are still in hand: nothing moves before all pieces are placed")]
    OffHomeRows {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// A musician while pieces are still being placed.
    #[error("a musician ({0}) while pieces are still in hand: nothing moves before all pieces are placed")]
    EarlyMusician(Piece),
}

pub(super) fn parse(code: &str) -> Result<Nuba, CodeError> {
    let fields = split_fields(code, 5).map_err(CodeError::Fields)?;
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != RANKS as usize {
        return Err(CodeError::Rows(rows.len()));
    }
    let mut position = Nuba::empty();
    // How often each piece occurs, by colour and rank index.
    let mut seen = [[0u8; PIECES]; 2];
    let mut count = |piece: Piece| -> Result<(), CodeError> {
        let n = &mut seen[piece.color.index()][piece.rank.index()];
        *n += 1;
        if *n > 1 {
            Err(CodeError::Duplicate(piece))
        } else {
            Ok(())
        }
    };
    for (i, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        for (file, piece) in parse_row(rank, row)?.into_iter().enumerate() {
            let Some(piece) = piece else { continue };
            count(piece)?;
            if let Some(square) = Square::new(file as u8, rank) {
                position.cells[square.index()] = piece.cell();
            }
        }
    }
    position.to_move = match fields[1] {
        "g" => Color::Green,
        "r" => Color::Red,
        other => return Err(CodeError::ToMove(other.to_string())),
    };
    for (color, field) in Color::ALL.into_iter().zip([fields[2], fields[3]]) {
        for rank in parse_hand(color, field)? {
            count(Piece { color, rank })?;
            position.hands[color] |= 1 << rank.index();
        }
    }
    if let Some(musician) = parse_musician(fields[4])? {
        count(musician)?;
        position.musician = musician.cell();
    }
    check_squares(&position)?;
    Ok(position)
}

/// The five cells of a row, left to right.
fn parse_row(rank: u8, row: &str) -> Result<Vec<Option<Piece>>, CodeError> {
    let mut cells = Vec::with_capacity(FILES as usize);
    let mut chars = row.chars();
    while let Some(c) = chars.next() {
        match c {
            '.' => cells.push(None),
            'G' | 'R' => {
                let token: String = [Some(c), chars.next()].into_iter().flatten().collect();
                let piece = Piece::parse_token(&token).ok_or(CodeError::Token { rank: rank + 1, token })?;
                cells.push(Some(piece));
            }
            other => return Err(CodeError::Token { rank: rank + 1, token: other.to_string() }),
        }
    }
    if cells.len() != FILES as usize {
        return Err(CodeError::RowLength { rank: rank + 1, cells: cells.len() });
    }
    Ok(cells)
}

fn parse_hand(color: Color, field: &str) -> Result<Vec<Rank>, CodeError> {
    let prefix = match color {
        Color::Green => "g:",
        Color::Red => "r:",
    };
    let text = field.strip_prefix(prefix).ok_or_else(|| CodeError::HandPrefix { color, text: field.to_string() })?;
    if text == "-" {
        return Ok(Vec::new());
    }
    let bad = || CodeError::Hand { color, text: text.to_string() };
    if text.is_empty() {
        return Err(bad());
    }
    let mut ranks: Vec<Rank> = Vec::with_capacity(text.len());
    for c in text.chars() {
        // Codes print X upper case; the hand is read as strictly as the board.
        let rank = Rank::from_symbol(c).filter(|_| c != 'x').ok_or_else(bad)?;
        if ranks.contains(&rank) {
            return Err(CodeError::Duplicate(Piece { color, rank }));
        }
        ranks.push(rank);
    }
    if ranks.windows(2).any(|w| w[0] > w[1]) {
        return Err(CodeError::HandOrder { color, text: text.to_string() });
    }
    Ok(ranks)
}

fn parse_musician(field: &str) -> Result<Option<Piece>, CodeError> {
    if field == "-" {
        return Ok(None);
    }
    let piece = match Piece::parse_token(field) {
        Some(piece) => piece,
        None => {
            // Several pieces written one after the other, like `G7R8`.
            let several = field.len() >= 4
                && field.is_ascii()
                && field.len().is_multiple_of(2)
                && field
                    .as_bytes()
                    .chunks(2)
                    .all(|t| std::str::from_utf8(t).ok().and_then(Piece::parse_token).is_some());
            return Err(if several {
                CodeError::TwoMusicians(field.to_string())
            } else {
                CodeError::Musician(field.to_string())
            });
        }
    };
    if piece.rank.is_champion() {
        return Err(CodeError::ChampionMusician(piece));
    }
    Ok(Some(piece))
}

fn check_squares(position: &Nuba) -> Result<(), CodeError> {
    let placing = position.is_placing();
    let mut champions_arrived = 0;
    for square in Square::all() {
        let Some(piece) = position.piece_at(square) else { continue };
        if square.rank() == piece.color.goal_rank() {
            if !piece.rank.is_champion() {
                return Err(CodeError::OnGoalRow { piece, square });
            }
            champions_arrived += 1;
        }
        if placing && !piece.color.home_ranks().contains(&square.rank()) {
            return Err(CodeError::OffHomeRows { piece, square });
        }
    }
    if champions_arrived > 1 {
        return Err(CodeError::TwoChampionsArrived);
    }
    if let Some(musician) = position.musician().filter(|_| placing) {
        return Err(CodeError::EarlyMusician(musician));
    }
    Ok(())
}

pub(super) fn write(position: &Nuba, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in (0..RANKS).rev() {
        for file in 0..FILES {
            match Square::new(file, rank).and_then(|sq| position.piece_at(sq)) {
                Some(piece) => write!(f, "{piece}")?,
                None => f.write_str(".")?,
            }
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    write!(f, " {}", position.to_move.letter())?;
    for color in Color::ALL {
        write!(f, " {}:", color.letter())?;
        let hand = position.hand(color);
        if hand.is_empty() {
            f.write_str("-")?;
        }
        for rank in hand {
            write!(f, "{rank}")?;
        }
    }
    match position.musician() {
        Some(piece) => write!(f, " {piece}"),
        None => f.write_str(" -"),
    }
}
