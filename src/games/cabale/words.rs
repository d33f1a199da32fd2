//! What Cabale says to people, as phrases of `locales/<lang>/cabale.ftl`: refusals
//! of moves, codes and rule options, end reasons and the parts of move labels. Each
//! phrase words the same thing as the type's `Display` (the engine's English); a
//! test checks that the English catalog and `Display` agree.

use std::fmt;

use super::code::CodeError;
use super::notation::NotationError;
use super::{Cell, End, IllegalMove, Wall, SEATS};
use crate::games::{excerpt, Phrase, Seat, Worded};

/// The catalog term of a seat's colour (`cabale-seat-yellow`).
pub(super) fn seat_term(seat: Seat) -> &'static str {
    SEATS[seat.index() % SEATS.len()].term
}

/// A seat's colour name for the engine's English (`Yellow`).
pub(super) fn seat_name(seat: Seat) -> &'static str {
    SEATS[seat.index() % SEATS.len()].name
}

/// A count for a phrase; counts never come near `i64::MAX`.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// One part of a move's label after its head (`double on C3 (6)`, `takes 1 (to C7,
/// 3)`, `blockade D4|D5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    /// A placement: the runner starts on this cell.
    RunnerStarts(Cell),
    /// `leave`: the seat to move leaves the game.
    Leaves(Seat),
    /// The block the turn leaves where the runner turned, and the cell's value.
    Block {
        /// A double block.
        double: bool,
        /// The turning cell.
        cell: Cell,
        /// Its printed value.
        value: u8,
    },
    /// The turn uses the mover's last block, which ends the game.
    LastBlock,
    /// The block captures by jumping, and where it ends up.
    Takes {
        /// Blocks captured.
        captures: u8,
        /// The last landing cell.
        to: Cell,
        /// Its printed value.
        value: u8,
    },
    /// The turn puts a blockade on this edge.
    Blockade(Wall),
    /// A chat menu's runner path: the cell where it turns, and its value.
    TurnOn {
        /// The turning cell.
        cell: Cell,
        /// Its printed value.
        value: u8,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Note::RunnerStarts(cell) => write!(f, "runner starts on {cell}"),
            Note::Leaves(seat) => write!(f, "{} leaves the game", seat_name(seat)),
            Note::Block { double, cell, value } => {
                write!(f, "{} on {cell} ({value})", if double { "double" } else { "block" })
            }
            Note::LastBlock => f.write_str("last block, ends the game"),
            Note::Takes { captures, to, value } => write!(f, "takes {captures} (to {to}, {value})"),
            Note::Blockade(wall) => write!(f, "blockade {wall}"),
            Note::TurnOn { cell, value } => write!(f, "turn on {cell} ({value})"),
        }
    }
}

impl Worded for Note {
    fn phrase(&self) -> Phrase {
        match *self {
            Note::RunnerStarts(cell) => Phrase::new("cabale-label-runner-starts").text("cell", cell),
            Note::Leaves(seat) => Phrase::new("cabale-label-leaves").term("seat", seat_term(seat)),
            Note::Block { double: false, cell, value } => {
                Phrase::new("cabale-label-block").text("cell", cell).number("value", value)
            }
            Note::Block { double: true, cell, value } => {
                Phrase::new("cabale-label-double").text("cell", cell).number("value", value)
            }
            Note::LastBlock => Phrase::new("cabale-label-last-block"),
            Note::Takes { captures, to, value } => {
                Phrase::new("cabale-label-takes").number("captures", captures).text("to", to).number("value", value)
            }
            Note::Blockade(wall) => Phrase::new("cabale-label-blockade").text("edge", wall),
            Note::TurnOn { cell, value } => {
                Phrase::new("cabale-label-turn-on").text("cell", cell).number("value", value)
            }
        }
    }
}

impl Worded for End {
    fn phrase(&self) -> Phrase {
        match *self {
            End::LastBlock(seat) => Phrase::new("cabale-end-last-block").term("seat", seat_term(Seat(seat))),
            End::Stuck(seat) => Phrase::new("cabale-end-stuck").term("seat", seat_term(Seat(seat))),
        }
    }
}

impl Worded for NotationError {
    fn phrase(&self) -> Phrase {
        match self {
            NotationError::Empty => Phrase::new("cabale-malformed-empty"),
            NotationError::BadCell(text) => Phrase::new("cabale-malformed-bad-cell").text("text", excerpt(text)),
            NotationError::Expected { expected, after, found } => Phrase::new("cabale-malformed-expected")
                .term("expected", expected.term())
                .text("after", excerpt(after))
                .text("found", excerpt(found)),
            NotationError::NotNeighbours(a, b) => {
                Phrase::new("cabale-malformed-not-neighbours").text("first", a).text("second", b)
            }
        }
    }
}

impl Worded for IllegalMove {
    fn phrase(&self) -> Phrase {
        let cell = |id: &'static str, cell: &Cell| Phrase::new(id).text("cell", cell);
        let edge = |id: &'static str, wall: &Wall| Phrase::new(id).text("edge", wall);
        match self {
            IllegalMove::GameOver => Phrase::new("cabale-illegal-game-over"),
            IllegalMove::CannotLeave => Phrase::new("cabale-illegal-cannot-leave"),
            IllegalMove::PlaceRunnerFirst(seat) => {
                Phrase::new("cabale-illegal-place-runner-first").term("seat", seat_term(*seat))
            }
            IllegalMove::RunnersPlaced => Phrase::new("cabale-illegal-runners-placed"),
            IllegalMove::StartOnCorner(c) => cell("cabale-illegal-start-on-corner", c),
            IllegalMove::StartNotOnEdge(c) => cell("cabale-illegal-start-not-on-edge", c),
            IllegalMove::StartTaken(c) => cell("cabale-illegal-start-taken", c),
            IllegalMove::NotYourRunner { given, runner } => {
                Phrase::new("cabale-illegal-not-your-runner").text("runner", runner).text("given", given)
            }
            IllegalMove::NotStraight(a, b) => {
                Phrase::new("cabale-illegal-not-straight").text("first", a).text("second", b)
            }
            IllegalMove::NoTurn(c) => cell("cabale-illegal-no-turn", c),
            IllegalMove::TurnsBack(c) => cell("cabale-illegal-turns-back", c),
            IllegalMove::SharpTurn(c) => cell("cabale-illegal-sharp-turn", c),
            IllegalMove::Occupied(c) => cell("cabale-illegal-occupied", c),
            IllegalMove::CrossesBlockade(w) => edge("cabale-illegal-crosses-blockade", w),
            IllegalMove::NoDoublesLeft => Phrase::new("cabale-illegal-no-doubles-left"),
            IllegalMove::NoBlockForDouble => Phrase::new("cabale-illegal-no-block-for-double"),
            IllegalMove::AfterLastBlock => Phrase::new("cabale-illegal-after-last-block"),
            IllegalMove::JumpNotStraight { from, to } => {
                Phrase::new("cabale-illegal-jump-not-straight").text("from", from).text("to", to)
            }
            IllegalMove::JumpChangesDirection(c) => cell("cabale-illegal-jump-changes-direction", c),
            IllegalMove::NothingToCapture(c) => cell("cabale-illegal-nothing-to-capture", c),
            IllegalMove::LandingOccupied(c) => cell("cabale-illegal-landing-occupied", c),
            IllegalMove::JumpBlocked(w) => edge("cabale-illegal-jump-blocked", w),
            IllegalMove::NoBlockadesLeft => Phrase::new("cabale-illegal-no-blockades-left"),
            IllegalMove::AlreadyWalled(w) => edge("cabale-illegal-already-walled", w),
            IllegalMove::EdgeNotAllowed(w) => edge("cabale-illegal-edge-not-allowed", w),
        }
    }
}

/// The term of a seat, or of every seat together.
fn who_term(seat: Option<Seat>) -> &'static str {
    seat.map_or("cabale-code-every-seat", seat_term)
}

impl Worded for CodeError {
    fn phrase(&self) -> Phrase {
        match self {
            CodeError::Fields(n) => Phrase::new("cabale-code-fields").number("n", count(*n)),
            CodeError::Players(n) => Phrase::new("cabale-code-players").number("n", count(*n)),
            CodeError::Entries { field, found, expected } => Phrase::new("cabale-code-entries")
                .term("field", field.term())
                .number("found", count(*found))
                .number("expected", count(*expected)),
            CodeError::Counter { field, text } => {
                Phrase::new("cabale-code-counter").term("field", field.term()).text("text", text)
            }
            CodeError::CounterTooHigh { field, seat, value, max } => Phrase::new("cabale-code-counter-too-high")
                .term("seat", seat_term(*seat))
                .term("field", field.term())
                .number("value", *value)
                .number("max", *max),
            CodeError::Rows(n) => Phrase::new("cabale-code-rows").number("n", count(*n)),
            CodeError::RowLength { row, found, expected } => Phrase::new("cabale-code-row-length")
                .text("row", row)
                .number("found", count(*found))
                .number("expected", count(*expected)),
            CodeError::Symbol { row, symbol } => {
                Phrase::new("cabale-code-symbol").text("row", row).text("symbol", symbol)
            }
            CodeError::SeatNotInGame { row, symbol, players } => Phrase::new("cabale-code-seat-not-in-game")
                .text("row", row)
                .text("symbol", symbol)
                .number("players", count(*players)),
            CodeError::DuplicateRunner(runner) => Phrase::new("cabale-code-duplicate-runner").text("runner", runner),
            CodeError::ToMove { letters, found } => {
                Phrase::new("cabale-code-to-move").text("letters", letters).text("found", found)
            }
            CodeError::Captures(found) => Phrase::new("cabale-code-captures").text("found", found),
            CodeError::Left(found) => Phrase::new("cabale-code-left").text("found", found),
            CodeError::Walls(found) => Phrase::new("cabale-code-walls").text("found", found),
            CodeError::WallOrder(found) => Phrase::new("cabale-code-wall-order").text("found", found),
            CodeError::Placement { placed, expected } => {
                Phrase::new("cabale-code-placement").number("placed", count(*placed)).term("seat", seat_term(*expected))
            }
            CodeError::PiecesDuringPlacement => Phrase::new("cabale-code-pieces-during-placement"),
            CodeError::TooManyBlocks { seat, count, max } => Phrase::new("cabale-code-too-many-blocks")
                .term("seat", who_term(*seat))
                .number("count", *count)
                .number("max", *max),
            CodeError::TooManyDoubles { seat, count, max } => Phrase::new("cabale-code-too-many-doubles")
                .term("seat", who_term(*seat))
                .number("count", *count)
                .number("max", *max),
            CodeError::TooManyBlockades { on_board, left, max } => Phrase::new("cabale-code-too-many-blockades")
                .number("on-board", count(*on_board))
                .number("left", *left)
                .number("max", *max),
        }
    }
}

/// Why a Cabale rule option is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// A number of players other than 2, 3 or 4.
    #[error("Cabale is for 2 to 4 players, not {0}")]
    Players(i128),
    /// A blockade edge that is not between two neighbouring cells (an excerpt).
    #[error("\"{0}\" is not an edge between two neighbouring cells (like D4|D5)")]
    Edge(String),
}

impl Worded for OptionError {
    fn phrase(&self) -> Phrase {
        match self {
            // Text: any whole number can be given, and the catalog's numbers are exact
            // only up to 2^53.
            OptionError::Players(n) => Phrase::new("cabale-option-players").text("n", n),
            OptionError::Edge(text) => Phrase::new("cabale-option-edge").text("text", text),
        }
    }
}
