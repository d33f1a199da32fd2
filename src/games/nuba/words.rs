//! What Nuba says to people, as phrases of `locales/<lang>/nuba.ftl`: refusals of
//! moves and codes, end reasons and the parts of move labels. Each phrase words the
//! same thing as the type's `Display` (the engine's English); a test checks that
//! the English catalog and `Display` agree.

use std::fmt;

use super::code::CodeError;
use super::notation::NotationError;
use super::{home_rows, Color, End, IllegalMove, Piece, Rank};
use crate::games::{excerpt, Phrase, Worded};

impl Color {
    /// The catalog term of the colour as a word in a sentence (`green`).
    pub const fn term(self) -> &'static str {
        match self {
            Color::Green => "nuba-colour-green",
            Color::Red => "nuba-colour-red",
        }
    }
}

/// A count for a phrase; counts never come near `i64::MAX`.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// One part of a move's label after the move (`4 takes 7`, `8 becomes musician`,
/// `green wins`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    /// A placement of the champion.
    PlacesChampion,
    /// A placement of this wrestler.
    Places(Rank),
    /// A pass.
    NoMove,
    /// The stepping piece takes an enemy piece.
    Takes {
        /// The stepping piece's rank.
        piece: Rank,
        /// The taken piece's rank.
        target: Rank,
    },
    /// The champion arrives on the opponent's back row.
    ChampionArrives,
    /// The arriving piece takes the empty musician space.
    BecomesMusician(Rank),
    /// The arriving piece replaces the musician, which leaves the game.
    ReplacesMusician {
        /// The arriving piece's rank.
        piece: Rank,
        /// The musician it replaces.
        old: Piece,
    },
    /// The arriving piece leaves the game; the musician stays.
    LeavesBoard {
        /// The arriving piece's rank.
        piece: Rank,
        /// The musician that stays.
        musician: Piece,
    },
    /// The move ends the game and this colour wins.
    Wins(Color),
    /// The move ends the game in a draw.
    Draw,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Note::PlacesChampion => f.write_str("places the champion"),
            Note::Places(rank) => write!(f, "places {rank}"),
            Note::NoMove => f.write_str("no move possible"),
            Note::Takes { piece, target } => write!(f, "{piece} takes {target}"),
            Note::ChampionArrives => f.write_str("X reaches the back row"),
            Note::BecomesMusician(rank) => write!(f, "{rank} becomes musician"),
            Note::ReplacesMusician { piece, old } => {
                write!(f, "{piece} replaces {}'s musician {}", old.color, old.rank)
            }
            Note::LeavesBoard { piece, musician } => {
                write!(f, "{piece} leaves the board ({}'s musician {} stays)", musician.color, musician.rank)
            }
            Note::Wins(colour) => write!(f, "{colour} wins"),
            Note::Draw => f.write_str("draw"),
        }
    }
}

impl Worded for Note {
    fn phrase(&self) -> Phrase {
        match *self {
            Note::PlacesChampion => Phrase::new("nuba-label-places-champion"),
            Note::Places(rank) => Phrase::new("nuba-label-places").text("rank", rank),
            Note::NoMove => Phrase::new("nuba-label-no-move"),
            Note::Takes { piece, target } => Phrase::new("nuba-label-takes").text("rank", piece).text("target", target),
            Note::ChampionArrives => Phrase::new("nuba-label-champion-arrives"),
            Note::BecomesMusician(rank) => Phrase::new("nuba-label-becomes-musician").text("rank", rank),
            Note::ReplacesMusician { piece, old } => Phrase::new("nuba-label-replaces-musician")
                .text("rank", piece)
                .term("colour", old.color.term())
                .text("musician", old.rank),
            Note::LeavesBoard { piece, musician } => Phrase::new("nuba-label-leaves-board")
                .text("rank", piece)
                .term("colour", musician.color.term())
                .text("musician", musician.rank),
            Note::Wins(colour) => Phrase::new("nuba-label-wins").term("colour", colour.term()),
            Note::Draw => Phrase::new("nuba-label-draw"),
        }
    }
}

impl Worded for End {
    fn phrase(&self) -> Phrase {
        match *self {
            End::Champion(colour) => {
                Phrase::new("nuba-end-champion").term("colour", colour.term()).term("other", colour.other().term())
            }
            End::Musician(piece) => Phrase::new("nuba-end-musician")
                .term("colour", piece.color.term())
                .term("other", piece.color.other().term())
                .text("rank", piece.rank),
            End::NoMoves(Some(piece)) => {
                Phrase::new("nuba-end-no-moves").term("colour", piece.color.term()).text("rank", piece.rank)
            }
            End::NoMoves(None) => Phrase::new("nuba-end-no-moves-no-musician"),
        }
    }
}

impl Worded for NotationError {
    fn phrase(&self) -> Phrase {
        match self {
            NotationError::Empty => Phrase::new("nuba-malformed-empty"),
            NotationError::BadPiece(text) => Phrase::new("nuba-malformed-bad-piece").text("text", excerpt(text)),
            NotationError::BadSquare(text) => Phrase::new("nuba-malformed-bad-square").text("text", excerpt(text)),
            NotationError::SameSquare(square) => Phrase::new("nuba-malformed-same-square").text("square", square),
            NotationError::MissingTarget(text) => {
                Phrase::new("nuba-malformed-missing-target").text("text", excerpt(text))
            }
        }
    }
}

impl Worded for IllegalMove {
    fn phrase(&self) -> Phrase {
        match self {
            IllegalMove::GameOver => Phrase::new("nuba-illegal-game-over"),
            IllegalMove::PlacementOver => Phrase::new("nuba-illegal-placement-over"),
            IllegalMove::StillPlacing => Phrase::new("nuba-illegal-still-placing"),
            IllegalMove::NotInHand(rank) => Phrase::new("nuba-illegal-not-in-hand").text("rank", rank),
            IllegalMove::NotHomeRow { square, color } => Phrase::new("nuba-illegal-not-home-row")
                .text("square", square)
                .term("colour", color.term())
                .text("rows", home_rows(*color)),
            IllegalMove::Occupied { square, piece } => {
                Phrase::new("nuba-illegal-occupied").text("square", square).text("piece", piece)
            }
            IllegalMove::Empty(square) => Phrase::new("nuba-illegal-empty").text("square", square),
            IllegalMove::NotYours { square, owner } => Phrase::new("nuba-illegal-not-yours")
                .text("square", square)
                .term("owner", owner.term())
                .term("mover", owner.other().term()),
            IllegalMove::Backwards { from, to, color } => Phrase::new("nuba-illegal-backwards")
                .text("from", from)
                .text("to", to)
                .term("colour", color.term())
                .number("rank", color.goal_rank() + 1),
            IllegalMove::Sideways { from, to } => {
                Phrase::new("nuba-illegal-sideways").text("from", from).text("to", to)
            }
            IllegalMove::TooFar { from, to } => Phrase::new("nuba-illegal-too-far").text("from", from).text("to", to),
            IllegalMove::OwnPiece(square) => Phrase::new("nuba-illegal-own-piece").text("square", square),
            IllegalMove::Stronger { mover, target, square } => {
                Phrase::new("nuba-illegal-stronger").text("mover", mover).text("target", target).text("square", square)
            }
            IllegalMove::PassNotAllowed => Phrase::new("nuba-illegal-pass-not-allowed"),
        }
    }
}

impl Worded for CodeError {
    fn phrase(&self) -> Phrase {
        match self {
            CodeError::Fields(n) => Phrase::new("nuba-code-fields").number("n", count(*n)),
            CodeError::Rows(n) => Phrase::new("nuba-code-rows").number("n", count(*n)),
            CodeError::RowLength { rank, cells } => {
                Phrase::new("nuba-code-row-length").number("rank", *rank).number("cells", count(*cells))
            }
            CodeError::Token { rank, token } => {
                Phrase::new("nuba-code-token").number("rank", *rank).text("token", token)
            }
            CodeError::ToMove(found) => Phrase::new("nuba-code-to-move").text("found", found),
            CodeError::HandPrefix { color, text } => Phrase::new("nuba-code-hand-prefix")
                .term("colour", color.term())
                .text("letter", color.letter())
                .text("text", text),
            CodeError::Hand { color, text } => {
                Phrase::new("nuba-code-hand").term("colour", color.term()).text("text", text)
            }
            CodeError::HandOrder { color, text } => {
                Phrase::new("nuba-code-hand-order").term("colour", color.term()).text("text", text)
            }
            CodeError::Musician(found) => Phrase::new("nuba-code-musician").text("found", found),
            CodeError::TwoMusicians(found) => Phrase::new("nuba-code-two-musicians").text("found", found),
            CodeError::ChampionMusician(piece) => Phrase::new("nuba-code-champion-musician").text("piece", piece),
            CodeError::Duplicate(piece) => Phrase::new("nuba-code-duplicate").text("piece", piece),
            CodeError::OnGoalRow { piece, square } => Phrase::new("nuba-code-on-goal-row")
                .text("piece", piece)
                .text("square", square)
                .term("other", piece.color.other().term()),
            CodeError::TwoChampionsArrived => Phrase::new("nuba-code-two-champions-arrived"),
            CodeError::OffHomeRows { piece, square } => {
                Phrase::new("nuba-code-off-home-rows").text("piece", piece).text("square", square)
            }
            CodeError::EarlyMusician(piece) => Phrase::new("nuba-code-early-musician").text("piece", piece),
        }
    }
}
