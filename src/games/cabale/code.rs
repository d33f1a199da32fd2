//! The Cabale position code (`docs/notation.md`):
//! `<board> <to-move> <supplies> <doubles> <blockades> <captures> <walls>`, and, once
//! seats have left the game, an eighth field with their letters (`r`, `rg`).

use std::fmt;

use super::cell::{Cell, Wall};
use super::words::seat_name;
use super::{
    table, Cabale, CabaleSettings, Content, BLOCKADES, DOUBLE, DOUBLES, EMPTY, NO_CELL, RUNNER, SEATS, SINGLE, SUPPLY,
};
use crate::games::text::{parse_counter, split_fields};
use crate::games::{Diagram, Game, Phrase, Seat, Worded};

/// Why a Cabale position code is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not seven space-separated fields.
    #[error("expected 7 fields (board, to-move, supplies, doubles, blockades, captures, walls), or 8 with the seats that left, found {0}")]
    Fields(usize),
    /// The supplies field names a seat count other than 2, 3 or 4.
    #[error("the supplies field has {0} entries, but Cabale is for 2 to 4 players")]
    Players(usize),
    /// A per-seat field has a different number of entries than the supplies.
    #[error("the {field} field has {found} entries, expected one per seat ({expected})")]
    Entries {
        /// The field.
        field: Field,
        /// How many entries it has.
        found: usize,
        /// The seat count.
        expected: usize,
    },
    /// A counter is not a canonical decimal number.
    #[error("the {field} field has a bad counter \"{text}\"")]
    Counter {
        /// The field.
        field: Field,
        /// The entry as written.
        text: String,
    },
    /// A counter above its starting value.
    #[error("{}'s {field} counter is {value}, above its starting value {max}", seat_name(*.seat))]
    CounterTooHigh {
        /// The field.
        field: Field,
        /// The seat.
        seat: Seat,
        /// The value given.
        value: u32,
        /// The starting value.
        max: u8,
    },
    /// The board does not have nine `/`-separated rows.
    #[error("expected 9 rows separated by '/', found {0}")]
    Rows(usize),
    /// A row has the wrong number of cells.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowLength {
        /// The row letter.
        row: char,
        /// How many cells it has.
        found: usize,
        /// How many it should have.
        expected: usize,
    },
    /// A character that is no cell symbol.
    #[error("unknown symbol '{symbol}' in row {row} (use . y r g b Y R G B 1 2 3 4)")]
    Symbol {
        /// The row letter.
        row: char,
        /// The character.
        symbol: char,
    },
    /// A block or runner of a seat the game does not have.
    #[error("'{symbol}' in row {row} belongs to a seat that a {players}-player game does not have")]
    SeatNotInGame {
        /// The row letter.
        row: char,
        /// The character.
        symbol: char,
        /// The seat count.
        players: usize,
    },
    /// A runner on the board more than once.
    #[error("the runner {0} is on the board more than once")]
    DuplicateRunner(char),
    /// The to-move field is not a seat of the game.
    #[error("to-move must be one of {letters}, found \"{found}\"")]
    ToMove {
        /// The seat letters.
        letters: String,
        /// The text given.
        found: String,
    },
    /// The captures field is malformed.
    #[error("captures must be <singles>.<doubles> per seat like 0.0-2.1, found \"{0}\"")]
    Captures(String),
    /// The field of the seats that left is malformed or impossible.
    #[error("the seats that left must be letters of the game's seats in seat order, at most all but two, not the seat to move, after the runners are placed: found \"{0}\"")]
    Left(String),
    /// The walls field is malformed.
    #[error("walls must be '-' or edges like D4|D5,E5|E6, found \"{0}\"")]
    Walls(String),
    /// The walls are not in canonical order or repeat.
    #[error("walls must be listed once each, in board order: \"{0}\" is out of place")]
    WallOrder(String),
    /// Runners placed out of seat order or the wrong seat to move during placement.
    #[error("runners are placed in seat order: with {placed} placed, {} is to move and later runners are not on the board", seat_name(*.expected))]
    Placement {
        /// How many runners are on the board.
        placed: usize,
        /// The seat that should be to move.
        expected: Seat,
    },
    /// Blocks or blockades on the board before every runner is placed.
    #[error("blocks and blockades cannot be on the board while runners are still being placed")]
    PiecesDuringPlacement,
    /// A seat has more blocks than it started with.
    #[error("{} has {count} blocks on the board, in supply and captured by others, but starts with {max}", who(*.seat))]
    TooManyBlocks {
        /// The seat, or `None` for every seat together.
        seat: Option<Seat>,
        /// The blocks counted.
        count: u32,
        /// The starting supply.
        max: u32,
    },
    /// A seat has more double blocks than allowed.
    #[error(
        "{} has {count} double blocks on the board, left to build and captured by others, but may build {max}",
        who(*.seat)
    )]
    TooManyDoubles {
        /// The seat, or `None` for every seat together.
        seat: Option<Seat>,
        /// The doubles counted.
        count: u32,
        /// The limit.
        max: u32,
    },
    /// More blockades than the game has.
    #[error("{on_board} blockades on the board and {left} left, but the game has {max}")]
    TooManyBlockades {
        /// Blockades on the board.
        on_board: usize,
        /// Blockades left to the players.
        left: u32,
        /// Blockades in the game.
        max: u32,
    },
}

const ROW_LEN: [usize; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];

fn row_letter(row: usize) -> char {
    (b'A' + row as u8) as char
}

fn symbol(v: u8) -> char {
    const SINGLES: [char; 4] = ['y', 'r', 'g', 'b'];
    const DOUBLES_SYM: [char; 4] = ['Y', 'R', 'G', 'B'];
    match super::decode(v) {
        Content::Empty => '.',
        Content::Block { seat, double: false } => SINGLES[seat.index() % 4],
        Content::Block { seat, double: true } => DOUBLES_SYM[seat.index() % 4],
        Content::Runner(seat) => (b'1' + seat.0 % 4) as char,
    }
}

fn parse_symbol(c: char) -> Option<u8> {
    let seat_of = |s: &str| s.find(c).map(|i| i as u8);
    match c {
        '.' => Some(EMPTY),
        _ => seat_of("yrgb")
            .map(|s| SINGLE + s)
            .or_else(|| seat_of("YRGB").map(|s| DOUBLE + s))
            .or_else(|| seat_of("1234").map(|s| RUNNER + s)),
    }
}

fn seat_of(v: u8) -> u8 {
    (v - 1) % 4
}

fn counters(field: Field, text: &str, players: usize) -> Result<Vec<u32>, CodeError> {
    let entries: Vec<&str> = text.split('-').collect();
    if entries.len() != players {
        return Err(CodeError::Entries { field, found: entries.len(), expected: players });
    }
    entries.iter().map(|e| parse_counter(e).ok_or_else(|| CodeError::Counter { field, text: e.to_string() })).collect()
}

fn capped(field: Field, values: &[u32], max: u8) -> Result<[u8; 4], CodeError> {
    let mut out = [0u8; 4];
    for (i, v) in values.iter().enumerate() {
        if *v > u32::from(max) {
            return Err(CodeError::CounterTooHigh { field, seat: Seat(i as u8), value: *v, max });
        }
        out[i] = *v as u8;
    }
    Ok(out)
}

/// A per-seat field of the code, named in refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The blocks each seat has left.
    Supplies,
    /// The double blocks each seat may still build.
    Doubles,
    /// The blockades each seat has left.
    Blockades,
    /// The blocks each seat has captured.
    Captures,
}

impl Field {
    /// The catalog term that names it.
    pub const fn term(self) -> &'static str {
        match self {
            Field::Supplies => "cabale-field-supplies",
            Field::Doubles => "cabale-field-doubles",
            Field::Blockades => "cabale-field-blockades",
            Field::Captures => "cabale-field-captures",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Supplies => "supplies",
            Field::Doubles => "doubles",
            Field::Blockades => "blockades",
            Field::Captures => "captures",
        })
    }
}

/// A seat's colour name, or every seat together.
fn who(seat: Option<Seat>) -> &'static str {
    seat.map_or("every seat together", seat_name)
}

pub(super) fn parse(code: &str, settings: &CabaleSettings) -> Result<Cabale, CodeError> {
    let fields = match split_fields(code, 7) {
        Ok(fields) => fields,
        Err(8) => code.split_whitespace().collect(),
        Err(n) => return Err(CodeError::Fields(n)),
    };
    let players = fields[2].split('-').count();
    if !(2..=4).contains(&players) {
        return Err(CodeError::Players(players));
    }
    let mut position = Cabale::empty(players as u8, settings);
    let n = players as u8;
    parse_board(&mut position, fields[0])?;

    let letters: Vec<&str> = SEATS[..players].iter().map(|s| s.letter).collect();
    position.to_move = letters
        .iter()
        .position(|l| *l == fields[1])
        .ok_or_else(|| CodeError::ToMove { letters: letters.join(" "), found: fields[1].to_string() })?
        as u8;

    let supply = counters(Field::Supplies, fields[2], players)?;
    position.supply = capped(Field::Supplies, &supply, table(SUPPLY, n))?;
    let doubles = counters(Field::Doubles, fields[3], players)?;
    position.doubles = capped(Field::Doubles, &doubles, table(DOUBLES, n))?;
    let blockades = counters(Field::Blockades, fields[4], players)?;
    position.blockades = capped(Field::Blockades, &blockades, table(BLOCKADES, n))?;
    parse_captures(&mut position, fields[5], players)?;
    parse_walls(&mut position, fields[6])?;
    if let Some(left) = fields.get(7) {
        parse_left(&mut position, left)?;
    }
    check_placement(&position)?;
    check_counts(&position)?;
    Ok(position)
}

fn parse_board(position: &mut Cabale, board: &str) -> Result<(), CodeError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 9 {
        return Err(CodeError::Rows(rows.len()));
    }
    let players = position.players();
    for (i, text) in rows.iter().enumerate() {
        let row = 8 - i;
        let letter = row_letter(row);
        let found = text.chars().count();
        if found != ROW_LEN[row] {
            return Err(CodeError::RowLength { row: letter, found, expected: ROW_LEN[row] });
        }
        let first = Cell::new(row as u8, if row <= 4 { 1 } else { row as u8 - 3 }).map_or(0, |c| c.index());
        for (k, c) in text.chars().enumerate() {
            let v = parse_symbol(c).ok_or(CodeError::Symbol { row: letter, symbol: c })?;
            if v != EMPTY && usize::from(seat_of(v)) >= players {
                return Err(CodeError::SeatNotInGame { row: letter, symbol: c, players });
            }
            let index = first + k;
            if v >= RUNNER {
                let seat = usize::from(seat_of(v));
                if position.runners[seat] != NO_CELL {
                    return Err(CodeError::DuplicateRunner(c));
                }
                position.runners[seat] = index as u8;
            }
            if let Some(cell) = position.board.get_mut(index) {
                *cell = v;
            }
        }
    }
    Ok(())
}

fn parse_captures(position: &mut Cabale, text: &str, players: usize) -> Result<(), CodeError> {
    let bad = || CodeError::Captures(text.to_string());
    let entries: Vec<&str> = text.split('-').collect();
    if entries.len() != players {
        return Err(CodeError::Entries { field: Field::Captures, found: entries.len(), expected: players });
    }
    for (i, entry) in entries.iter().enumerate() {
        let (s, d) = entry.split_once('.').ok_or_else(bad)?;
        let s = parse_counter(s).filter(|v| *v <= 255).ok_or_else(bad)?;
        let d = parse_counter(d).filter(|v| *v <= 255).ok_or_else(bad)?;
        position.captured_singles[i] = s as u8;
        position.captured_doubles[i] = d as u8;
    }
    Ok(())
}

fn parse_walls(position: &mut Cabale, text: &str) -> Result<(), CodeError> {
    if text == "-" {
        return Ok(());
    }
    let mut last: Option<Wall> = None;
    for part in text.split(',') {
        let wall = Wall::parse(part).filter(|w| w.to_string() == part).ok_or_else(|| CodeError::Walls(text.into()))?;
        if last.is_some_and(|l| l >= wall) {
            return Err(CodeError::WallOrder(part.to_string()));
        }
        last = Some(wall);
        position.walls.insert(wall);
    }
    Ok(())
}

/// The eighth field: the letters of the seats that left, in seat order. They have no
/// runner on the board, at least two seats play on, and one of those is to move.
fn parse_left(position: &mut Cabale, text: &str) -> Result<(), CodeError> {
    let bad = || CodeError::Left(text.to_string());
    let players = position.players();
    let mut last = None;
    for c in text.chars() {
        let seat = SEATS[..players].iter().position(|s| s.letter.starts_with(c)).ok_or_else(bad)?;
        if last.is_some_and(|l| l >= seat) || position.runners[seat] != NO_CELL || seat == usize::from(position.to_move)
        {
            return Err(bad());
        }
        last = Some(seat);
        position.gone |= 1 << seat;
    }
    let staying = (0..players).filter(|s| position.gone & (1 << s) == 0).count();
    let all_placed = (0..players).all(|s| position.gone & (1 << s) != 0 || position.runners[s] != NO_CELL);
    if text.is_empty() || staying < 2 || !all_placed {
        return Err(bad());
    }
    Ok(())
}

fn check_placement(position: &Cabale) -> Result<(), CodeError> {
    if position.gone != 0 {
        // parse_left checked that every seat still playing has placed its runner.
        return Ok(());
    }
    let players = position.players();
    let placed = position.runners[..players].iter().take_while(|r| **r != NO_CELL).count();
    if placed == players {
        return Ok(());
    }
    let later = position.runners[placed..players].iter().any(|r| *r != NO_CELL);
    if later || usize::from(position.to_move) != placed {
        return Err(CodeError::Placement { placed, expected: Seat(placed as u8) });
    }
    let blocks = position.board.iter().any(|v| *v != EMPTY && *v < RUNNER);
    if blocks || !position.walls.is_empty() {
        return Err(CodeError::PiecesDuringPlacement);
    }
    Ok(())
}

fn check_counts(position: &Cabale) -> Result<(), CodeError> {
    let players = position.players();
    let n = position.players;
    let start = u32::from(table(SUPPLY, n));
    let max_doubles = u32::from(table(DOUBLES, n));
    let mut blocks = [0u32; 4];
    let mut doubles = [0u32; 4];
    for v in position.board {
        match super::decode(v) {
            Content::Block { seat, double } => {
                blocks[seat.index() % 4] += if double { 2 } else { 1 };
                doubles[seat.index() % 4] += u32::from(double);
            }
            Content::Empty | Content::Runner(_) => {}
        }
    }
    let captured = |s: usize| (u32::from(position.captured_singles[s]), u32::from(position.captured_doubles[s]));
    // With two players every capture is of the other seat's blocks; with more the
    // victims' colours are not recorded, so only the total can be checked.
    for s in 0..players {
        let (cs, cd) = if players == 2 { captured(1 - s) } else { (0, 0) };
        let count = blocks[s] + u32::from(position.supply[s]) + cs + 2 * cd;
        if count > start {
            return Err(CodeError::TooManyBlocks { seat: Some(Seat(s as u8)), count, max: start });
        }
        let count = doubles[s] + u32::from(position.doubles[s]) + cd;
        if count > max_doubles {
            return Err(CodeError::TooManyDoubles { seat: Some(Seat(s as u8)), count, max: max_doubles });
        }
    }
    let all_captured: u32 = (0..players).map(|s| captured(s).0 + 2 * captured(s).1).sum();
    let all: u32 = (0..players).map(|s| blocks[s] + u32::from(position.supply[s])).sum::<u32>() + all_captured;
    if all > start * players as u32 {
        return Err(CodeError::TooManyBlocks { seat: None, count: all, max: start * players as u32 });
    }
    let all_doubles: u32 = (0..players).map(|s| doubles[s] + u32::from(position.doubles[s]) + captured(s).1).sum();
    if all_doubles > max_doubles * players as u32 {
        return Err(CodeError::TooManyDoubles { seat: None, count: all_doubles, max: max_doubles * players as u32 });
    }
    let left: u32 = position.blockades[..players].iter().map(|b| u32::from(*b)).sum();
    let max = u32::from(table(BLOCKADES, n)) * players as u32;
    if position.walls.len() as u32 + left > max {
        return Err(CodeError::TooManyBlockades { on_board: position.walls.len(), left, max });
    }
    Ok(())
}

fn join(values: &[u8]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("-")
}

pub(super) fn write(position: &Cabale, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut rows = Vec::with_capacity(9);
    for row in (0..9u8).rev() {
        let text: String = Cell::all().filter(|c| c.row() == row).map(|c| symbol(position.board[c.index()])).collect();
        rows.push(text);
    }
    let players = position.players();
    let to_move = Game::seats(position).get(usize::from(position.to_move)).map_or("?", |s| s.letter);
    let captures: Vec<String> =
        (0..players).map(|s| format!("{}.{}", position.captured_singles[s], position.captured_doubles[s])).collect();
    let walls: Vec<String> = position.walls.iter().map(|w| w.to_string()).collect();
    write!(
        f,
        "{} {to_move} {} {} {} {} {}",
        rows.join("/"),
        join(&position.supply[..players]),
        join(&position.doubles[..players]),
        join(&position.blockades[..players]),
        captures.join("-"),
        if walls.is_empty() { "-".to_string() } else { walls.join(",") },
    )?;
    if position.gone != 0 {
        let left: String = (0..players).filter(|s| position.gone & (1 << s) != 0).map(|s| SEATS[s].letter).collect();
        write!(f, " {left}")?;
    }
    Ok(())
}

pub(super) fn diagram(position: &Cabale) -> Diagram {
    let mut out = String::new();
    for row in (0..9u8).rev() {
        out.push(row_letter(usize::from(row)));
        out.push(' ');
        out.push_str(&" ".repeat(usize::from(row.abs_diff(4))));
        let cells: Vec<String> =
            Cell::all().filter(|c| c.row() == row).map(|c| symbol(position.board[c.index()]).to_string()).collect();
        out.push_str(&cells.join(" "));
        let first = Cell::all().find(|c| c.row() == row).map_or(1, |c| c.number());
        out.push_str(&format!(
            "   ({}{}–{}{})\n",
            row_letter(usize::from(row)),
            first,
            row_letter(usize::from(row)),
            first + ROW_LEN[usize::from(row)] as u8 - 1
        ));
    }
    let walls: Vec<String> = position.walls().map(|w| w.to_string()).collect();
    let mut lines = vec![if walls.is_empty() {
        Phrase::new("cabale-diagram-no-blockades")
    } else {
        Phrase::new("cabale-diagram-blockades").text("edges", walls.join(" "))
    }];
    let scores = position.score_list();
    for (s, info) in SEATS.iter().enumerate().take(position.players()) {
        let seat = Seat(s as u8);
        let (cs, cd) = position.captured(seat);
        let runner = match position.runner(seat) {
            Some(cell) => Phrase::new("cabale-diagram-runner-on").text("cell", cell),
            None => Phrase::new("cabale-diagram-runner-not-placed"),
        };
        lines.push(
            Phrase::new("cabale-diagram-seat")
                .term("seat", info.term)
                .text("letter", info.letter)
                .number("number", s as i64 + 1)
                .phrase("runner", runner)
                .number("blocks", position.supply(seat))
                .number("doubles", position.doubles_left(seat))
                .number("blockades", position.blockades_left(seat))
                .number("single", cs)
                .number("double", cd)
                .number("points", scores.get(s).copied().unwrap_or(0)),
        );
    }
    let seat = SEATS[usize::from(position.to_move % 4)].term;
    lines.push(match Game::outcome(position) {
        Some(outcome) => Phrase::new("game-diagram-over").phrase("reason", outcome.reason.phrase()),
        None if position.in_placement() => Phrase::new("cabale-diagram-to-place").term("seat", seat),
        None => Phrase::new("game-diagram-to-move").term("seat", seat),
    });
    Diagram { grid: out, lines }
}
