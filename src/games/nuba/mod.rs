//! Nuba (Reiner Knizia): wrestlers 1–9 and a champion on a 5×6 board clear the way
//! for good musicians to reach the opponent's back row (`docs/rules/nuba.md`).
//!
//! A position is the board, both hands (pieces not yet placed), the single shared
//! musician space and the side to move. Whether the game is over follows from these
//! alone, so [`Game::outcome`] needs no history.
//!
//! Readings beyond the digest, chosen here:
//! - The phase is [`Phase::Placement`] while either hand holds a piece. A side to
//!   move with an empty hand in that phase (only in hand-made codes: from the start
//!   the hands shrink in turn) can only `pass`, which keeps "pass only when no move
//!   exists" true in every phase.
//! - An arrival that captures on the back row takes the enemy piece first, then
//!   follows §4.4 (a champion stays and wins, a wrestler leaves the board).
//! - NU-I1 counts the champion as "higher" than any musician, and only pieces on the
//!   board: hands are empty whenever a musician exists.
//!
//! ```
//! use boardbot::games::nuba::{Nuba, NubaSettings, Piece};
//! use boardbot::games::Game;
//!
//! let mut game = Nuba::start(&NubaSettings::default());
//! game.play_text("x@c2").unwrap();
//! game.play_text("1@a5").unwrap();
//! assert_eq!(game.to_string(), "...../R1..../...../...../..GX../..... g g:123456789 r:23456789X -");
//!
//! // A Green 8 arriving on Red's back row becomes the musician; Red has nothing
//! // higher and no champion left, so Green wins (NU-I1).
//! let mut game = Nuba::from_code("R8...R2/.G8.../...../...../...../..... g g:- r:- -", &NubaSettings::default()).unwrap();
//! let m = game.parse_move("b5-b6").unwrap();
//! assert_eq!(game.describe(&m), "b5-b6 · 8 becomes musician · green wins");
//! game.play_unchecked(&m);
//! assert_eq!(game.musician().map(|p: Piece| p.to_string()), Some("G8".to_string()));
//! assert!(game.is_over());
//! ```

mod code;
mod notation;
mod piece;
mod square;
mod view;
mod words;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use code::CodeError;
pub use notation::{NotationError, NubaNotation};
pub use piece::{Color, Piece, Rank};
pub use square::{Square, CELLS, FILES, RANKS};
pub use words::Note;

use super::side::BySide;
use super::{BySeat, Diagram, Ending, Game, GameKind, Outcome, Phase, Phrase, PlayError, Seat, SeatInfo, Worded};

/// Pieces of each side: 1–9 and the champion.
pub const PIECES: usize = 10;

/// The start position's code.
pub const START: &str = "...../...../...../...../...../..... g g:123456789X r:123456789X -";

/// A hand holding all ten pieces, one bit per [`Rank::index`].
const FULL_HAND: u16 = (1 << PIECES) - 1;

/// The low four bits of a cell byte hold the rank code: 1–9, 10 for the champion.
const RANK_MASK: u8 = 0x0f;

/// The rank code of the champion in a cell byte.
const CHAMPION_CODE: u8 = 10;

const SEATS: [SeatInfo; 2] = [
    SeatInfo { letter: "g", name: "Green", term: "nuba-seat-green" },
    SeatInfo { letter: "r", name: "Red", term: "nuba-seat-red" },
];

/// A legal Nuba move in some position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NubaMove {
    /// Placement phase: the mover puts the piece of this rank from the hand on `to`.
    Place {
        /// The placed piece's rank (its colour is the mover's).
        rank: Rank,
        /// An empty square of the mover's home rows.
        to: Square,
    },
    /// Movement phase: one step straight or diagonally forward.
    Step {
        /// The moving piece's square.
        from: Square,
        /// The square it steps to.
        to: Square,
    },
    /// Only when the mover has no other legal move.
    Pass,
}

impl fmt::Display for NubaMove {
    /// The canonical notation: `X@c2`, `c2-d3`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&NubaNotation::from(*self), f)
    }
}

impl From<NubaMove> for NubaNotation {
    fn from(m: NubaMove) -> NubaNotation {
        match m {
            NubaMove::Place { rank, to } => NubaNotation::Place { rank, to },
            NubaMove::Step { from, to } => NubaNotation::Step { from, to },
            NubaMove::Pass => NubaNotation::Pass,
        }
    }
}

/// What a piece does when it ends a step on the opponent's back row (§4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arrival {
    /// The champion arrived: it stays on the square and its owner wins.
    ChampionWins,
    /// The musician space was empty: the piece leaves the board and takes it.
    BecomesMusician,
    /// The piece is worth more than the musician: it leaves the board and replaces
    /// it; the old musician (this piece) leaves the game (NU-I4).
    ReplacesMusician(Piece),
    /// The piece is worth no more than the musician (this piece), which stays: the
    /// arriving piece leaves the game.
    Removed(Piece),
}

/// What a legal move does, for labels and pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveEffect {
    /// A piece left the hand for `to`.
    Placed {
        /// The placed piece.
        piece: Piece,
        /// Its square.
        to: Square,
    },
    /// A piece stepped from `from` to `to`.
    Stepped {
        /// The moving piece.
        piece: Piece,
        /// Where it was.
        from: Square,
        /// The square it stepped to (where it stays unless it arrived).
        to: Square,
        /// The enemy piece that stood on `to` and left the game.
        captured: Option<Piece>,
        /// Set when `to` is the opponent's back row.
        arrival: Option<Arrival>,
    },
    /// Nothing moved.
    Passed,
}

impl MoveEffect {
    /// Pieces that leave the game with this move: a captured piece, a replaced
    /// musician, a removed arrival.
    pub fn pieces_out(&self) -> usize {
        match self {
            MoveEffect::Stepped { captured, arrival, .. } => {
                let arrived = matches!(arrival, Some(Arrival::ReplacesMusician(_) | Arrival::Removed(_)));
                usize::from(captured.is_some()) + usize::from(arrived)
            }
            _ => 0,
        }
    }
}

/// How a finished game ended; the reason of [`Game::outcome`] in typed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// A champion stands on the opponent's back row: its owner won (§4.4).
    Champion(Color),
    /// The musician can no longer be replaced (NU-I1): its owner won.
    Musician(Piece),
    /// Neither player can move (NU-I2): the musician's owner wins, or a draw if
    /// there is no musician.
    NoMoves(Option<Piece>),
}

impl End {
    /// The winning colour, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            End::Champion(color) => Some(color),
            End::Musician(piece) => Some(piece.color),
            End::NoMoves(musician) => musician.map(|p| p.color),
        }
    }
}

impl Ending for End {
    const KEYS: &'static [&'static str] = &["champion", "final_musician", "no_moves"];

    fn key(self) -> &'static str {
        match self {
            End::Champion(_) => "champion",
            End::Musician(_) => "final_musician",
            End::NoMoves(_) => "no_moves",
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            End::Champion(color) => write!(f, "{color}'s champion reached {}'s back row", color.other()),
            End::Musician(piece) => write!(
                f,
                "{} has no piece above {} and no champion left: {}'s {} is the final musician",
                piece.color.other(),
                piece.rank,
                piece.color,
                piece.rank,
            ),
            End::NoMoves(Some(piece)) => {
                write!(f, "neither player can move: {}'s musician {} decides", piece.color, piece.rank)
            }
            End::NoMoves(None) => f.write_str("neither player can move and there is no musician"),
        }
    }
}

/// Why a well-formed move is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A placement after all pieces are placed.
    #[error("all pieces are placed: move a piece one step forward, like c2-d3")]
    PlacementOver,
    /// A step while pieces are still being placed.
    #[error("the pieces are still being placed: place one from your hand, like X@c2")]
    StillPlacing,
    /// The piece is not in the mover's hand.
    #[error("your {0} is already placed")]
    NotInHand(Rank),
    /// The target of a placement is outside the mover's home rows.
    #[error("{square} is not on your home rows: {color} places on rows {}", home_rows(*.color))]
    NotHomeRow {
        /// The square named.
        square: Square,
        /// The mover.
        color: Color,
    },
    /// The target of a placement is taken.
    #[error("{square} is occupied by {piece}")]
    Occupied {
        /// The square named.
        square: Square,
        /// What stands there.
        piece: Piece,
    },
    /// No piece to move.
    #[error("there is no piece on {0}")]
    Empty(Square),
    /// The piece belongs to the opponent.
    #[error("{square} holds a {owner} piece, but {} is to move", .owner.other())]
    NotYours {
        /// The square named.
        square: Square,
        /// Whose piece it is.
        owner: Color,
    },
    /// The step leads away from the opponent.
    #[error("{from}-{to} goes backwards: {color} pieces only move towards rank {}", .color.goal_rank() + 1)]
    Backwards {
        /// Where the piece is.
        from: Square,
        /// Where it would go.
        to: Square,
        /// The mover.
        color: Color,
    },
    /// The step stays on the same row.
    #[error("{from}-{to} goes sideways: pieces move only straight or diagonally forward")]
    Sideways {
        /// Where the piece is.
        from: Square,
        /// Where it would go.
        to: Square,
    },
    /// The target is not a neighbour.
    #[error("{from}-{to} is more than one step: a piece moves one square straight or diagonally forward")]
    TooFar {
        /// Where the piece is.
        from: Square,
        /// Where it would go.
        to: Square,
    },
    /// The target holds one of the mover's pieces.
    #[error("{0} holds your own piece")]
    OwnPiece(Square),
    /// The target holds a stronger enemy wrestler.
    #[error("your {mover} cannot take the {target} on {square}: a lower number is a stronger wrestler")]
    Stronger {
        /// The moving piece's rank.
        mover: Rank,
        /// The enemy piece's rank.
        target: Rank,
        /// Its square.
        square: Square,
    },
    /// A pass while a move exists.
    #[error("you may pass only when you have no other move")]
    PassNotAllowed,
}

fn home_rows(color: Color) -> &'static str {
    match color {
        Color::Green => "1–2",
        Color::Red => "5–6",
    }
}

/// Nuba has no rule options: the end-of-game reading is fixed by NU-I1 and NU-I2.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NubaSettings {}

/// A Nuba position: the board, both hands, the musician space and the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nuba {
    /// Board order (a1, b1 … e6); `0` empty, else [`Piece::cell`].
    cells: [u8; CELLS],
    /// Unplaced pieces per colour, one bit per [`Rank::index`].
    hands: BySide<u16>,
    /// The piece on the musician space as a cell byte, `0` when empty.
    musician: u8,
    to_move: Color,
}

impl Nuba {
    fn empty() -> Nuba {
        Nuba { cells: [0; CELLS], hands: BySide::both(0), musician: 0, to_move: Color::Green }
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_cell(self.cells[square.index()])
    }

    /// The colour to move (after the end: whoever would be next).
    pub fn turn(&self) -> Color {
        self.to_move
    }

    /// The unplaced pieces of `color`, in canonical order (1 … 9, X).
    pub fn hand(&self, color: Color) -> Vec<Rank> {
        let bits = self.hands[color];
        Rank::ALL.into_iter().filter(|r| bits & (1 << r.index()) != 0).collect()
    }

    /// True when `color` still has `rank` to place.
    pub fn in_hand(&self, color: Color, rank: Rank) -> bool {
        self.hands[color] & (1 << rank.index()) != 0
    }

    /// The piece on the musician space, if any.
    pub fn musician(&self) -> Option<Piece> {
        Piece::from_cell(self.musician)
    }

    /// Pieces of `color` on the board.
    pub fn on_board(&self, color: Color) -> usize {
        self.cells.iter().filter_map(|c| Piece::from_cell(*c)).filter(|p| p.color == color).count()
    }

    /// Pieces of `color` out of the game: captured, replaced as musician or removed
    /// on arrival (10 minus those on the board, in hand and on the musician space).
    pub fn out_of_game(&self, color: Color) -> usize {
        let in_hand = self.hands[color].count_ones() as usize;
        let musician = usize::from(self.musician().is_some_and(|p| p.color == color));
        PIECES.saturating_sub(self.on_board(color) + in_hand + musician)
    }

    /// How the game ended, or `None` while it goes on.
    ///
    /// Checked in this order: a champion on the opponent's back row (it wins at once,
    /// §4.4); nothing else while pieces are in hand (no musician exists yet and a
    /// placement or pass is always possible); the musician rule NU-I1; the safety net
    /// NU-I2. NU-I1 cannot contradict a champion's win: a champion on the board
    /// keeps the opponent's musician from being final.
    pub fn end(&self) -> Option<End> {
        for color in Color::ALL {
            let champion = Piece { color, rank: Rank::CHAMPION }.cell();
            let row = usize::from(color.goal_rank()) * usize::from(FILES);
            if self.cells[row..row + usize::from(FILES)].contains(&champion) {
                return Some(End::Champion(color));
            }
        }
        if self.is_placing() {
            return None;
        }
        if let Some(musician) = self.musician() {
            let value = self.musician & RANK_MASK;
            let rival = musician.color.other();
            // The champion's rank code is above every value, so one comparison
            // covers "a higher piece or a champion".
            let challenger = self
                .cells
                .iter()
                .any(|&c| c != 0 && Piece::from_cell(c).is_some_and(|p| p.color == rival) && c & RANK_MASK > value);
            if !challenger {
                return Some(End::Musician(musician));
            }
        }
        if !self.has_step(Color::Green) && !self.has_step(Color::Red) {
            return Some(End::NoMoves(self.musician()));
        }
        None
    }

    fn is_placing(&self) -> bool {
        self.hands[Color::Green] | self.hands[Color::Red] != 0
    }

    /// The target of the step from `from` by `color` with file change `df`
    /// (−1, 0, +1), if it is on the board.
    #[inline]
    fn forward(from: usize, color: Color, df: i8) -> Option<usize> {
        let file = (from % FILES as usize) as i8 + df;
        let rank = (from / FILES as usize) as i8 + color.forward();
        if (0..FILES as i8).contains(&file) && (0..RANKS as i8).contains(&rank) {
            Some(rank as usize * FILES as usize + file as usize)
        } else {
            None
        }
    }

    /// True when the piece `cell` of the mover may step onto `target`.
    #[inline]
    fn may_enter(cell: u8, target: u8) -> bool {
        if target == 0 {
            return true;
        }
        if (target ^ cell) & 0x10 == 0 {
            return false;
        }
        let (m, t) = (cell & RANK_MASK, target & RANK_MASK);
        m == CHAMPION_CODE || t == CHAMPION_CODE || t >= m
    }

    /// Calls `f` with every step of `color` in canonical order (from-square in board
    /// order, then file change −1, 0, +1) until it returns false.
    #[inline]
    fn for_each_step(&self, color: Color, mut f: impl FnMut(usize, usize) -> bool) {
        let own = color.index() as u8;
        for (s, &cell) in self.cells.iter().enumerate() {
            if cell == 0 || cell >> 4 != own {
                continue;
            }
            for df in [-1, 0, 1] {
                if let Some(t) = Nuba::forward(s, color, df) {
                    if Nuba::may_enter(cell, self.cells[t]) && !f(s, t) {
                        return;
                    }
                }
            }
        }
    }

    fn has_step(&self, color: Color) -> bool {
        let mut any = false;
        self.for_each_step(color, |_, _| {
            any = true;
            false
        });
        any
    }

    /// What a legal move does. For a move that is not legal here the answer is
    /// meaningless but nothing panics.
    pub fn effect(&self, m: &NubaMove) -> MoveEffect {
        let mover = self.to_move;
        match *m {
            NubaMove::Place { rank, to } => MoveEffect::Placed { piece: Piece { color: mover, rank }, to },
            NubaMove::Step { from, to } => {
                let piece = self.piece_at(from).unwrap_or(Piece { color: mover, rank: Rank::CHAMPION });
                let captured = self.piece_at(to);
                let arrival = (to.rank() == piece.color.goal_rank()).then(|| {
                    if piece.rank.is_champion() {
                        return Arrival::ChampionWins;
                    }
                    match self.musician() {
                        None => Arrival::BecomesMusician,
                        Some(old) if piece.rank > old.rank => Arrival::ReplacesMusician(old),
                        Some(old) => Arrival::Removed(old),
                    }
                });
                MoveEffect::Stepped { piece, from, to, captured, arrival }
            }
            NubaMove::Pass => MoveEffect::Passed,
        }
    }

    fn check(&self, notation: &NubaNotation) -> Result<NubaMove, IllegalMove> {
        if self.end().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let mover = self.to_move;
        let placing = self.is_placing();
        match *notation {
            NubaNotation::Place { rank, to } => {
                if !placing {
                    return Err(IllegalMove::PlacementOver);
                }
                if !self.in_hand(mover, rank) {
                    return Err(IllegalMove::NotInHand(rank));
                }
                if !mover.home_ranks().contains(&to.rank()) {
                    return Err(IllegalMove::NotHomeRow { square: to, color: mover });
                }
                if let Some(piece) = self.piece_at(to) {
                    return Err(IllegalMove::Occupied { square: to, piece });
                }
                Ok(NubaMove::Place { rank, to })
            }
            NubaNotation::Step { from, to } => {
                if placing {
                    return Err(IllegalMove::StillPlacing);
                }
                let piece = self.piece_at(from).ok_or(IllegalMove::Empty(from))?;
                if piece.color != mover {
                    return Err(IllegalMove::NotYours { square: from, owner: piece.color });
                }
                let rank_change = i16::from(to.rank()) - i16::from(from.rank());
                let file_change = i16::from(to.file()) - i16::from(from.file());
                if rank_change == 0 {
                    return Err(IllegalMove::Sideways { from, to });
                }
                if rank_change.signum() != i16::from(mover.forward()) {
                    return Err(IllegalMove::Backwards { from, to, color: mover });
                }
                if rank_change.abs() > 1 || file_change.abs() > 1 {
                    return Err(IllegalMove::TooFar { from, to });
                }
                match self.piece_at(to) {
                    Some(target) if target.color == mover => Err(IllegalMove::OwnPiece(to)),
                    Some(target) if !piece.rank.can_take(target.rank) => {
                        Err(IllegalMove::Stronger { mover: piece.rank, target: target.rank, square: to })
                    }
                    _ => Ok(NubaMove::Step { from, to }),
                }
            }
            NubaNotation::Pass => {
                let can_act = if placing { self.hands[mover] != 0 } else { self.has_step(mover) };
                if can_act {
                    Err(IllegalMove::PassNotAllowed)
                } else {
                    Ok(NubaMove::Pass)
                }
            }
        }
    }
}

impl fmt::Display for Nuba {
    /// The position code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        code::write(self, f)
    }
}

impl Game for Nuba {
    type Settings = NubaSettings;
    type Move = NubaMove;
    type Notation = NubaNotation;
    type NotationError = NotationError;
    type Illegal = IllegalMove;
    type CodeError = CodeError;
    type End = End;
    type Note = Note;

    const KIND: GameKind = GameKind::Nuba;
    const TITLE: &'static str = "Nuba";

    fn start(_settings: &NubaSettings) -> Nuba {
        Nuba { hands: BySide::both(FULL_HAND), ..Nuba::empty() }
    }

    fn from_code(code: &str, _settings: &NubaSettings) -> Result<Nuba, CodeError> {
        code::parse(code)
    }

    fn settings(&self) -> NubaSettings {
        NubaSettings {}
    }

    fn seats(&self) -> &'static [SeatInfo] {
        &SEATS
    }

    fn to_move(&self) -> Seat {
        Seat(self.to_move.index() as u8)
    }

    fn view(&self) -> crate::games::BoardView<Phrase> {
        view::view(self)
    }

    fn move_view(&self, m: &NubaMove) -> crate::games::MoveView<Phrase> {
        view::move_view(self, m)
    }

    fn phase(&self) -> Phase {
        if self.is_placing() {
            Phase::Placement
        } else {
            Phase::Play
        }
    }

    fn scores(&self) -> Option<BySeat<i32>> {
        None
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end()?;
        Some(match end.winner() {
            Some(color) => Outcome::win(2, Seat(color.index() as u8), None, end),
            None => Outcome::draw(2, None, end),
        })
    }

    /// Canonical order. Placement: pieces in hand order (1 … 9, X), each on the empty
    /// home squares in board order (a1, b1 … e1, a2 …). Movement: from-squares in
    /// board order, each with its targets by file change −1, 0, +1. `pass` alone when
    /// nothing else is legal.
    fn legal_moves(&self, out: &mut Vec<NubaMove>) {
        if self.end().is_some() {
            return;
        }
        let mover = self.to_move;
        let before = out.len();
        if self.is_placing() {
            let hand = self.hands[mover];
            for rank in Rank::ALL {
                if hand & (1 << rank.index()) == 0 {
                    continue;
                }
                for row in mover.home_ranks() {
                    for file in 0..FILES {
                        if let Some(to) = Square::new(file, row) {
                            if self.cells[to.index()] == 0 {
                                out.push(NubaMove::Place { rank, to });
                            }
                        }
                    }
                }
            }
        } else {
            self.for_each_step(mover, |s, t| {
                if let (Some(from), Some(to)) = (Square::from_index(s), Square::from_index(t)) {
                    out.push(NubaMove::Step { from, to });
                }
                true
            });
        }
        if out.len() == before {
            out.push(NubaMove::Pass);
        }
    }

    fn legalize(&self, notation: &NubaNotation) -> Result<NubaMove, IllegalMove> {
        self.check(notation)
    }

    fn play(mut self, m: &NubaMove) -> Result<Nuba, PlayError<Nuba>> {
        match self.check(&NubaNotation::from(*m)) {
            Ok(m) => {
                self.play_unchecked(&m);
                Ok(self)
            }
            Err(reason) => Err(PlayError { position: self, reason }),
        }
    }

    fn play_unchecked(&mut self, m: &NubaMove) {
        let mover = self.to_move;
        match *m {
            NubaMove::Place { rank, to } => {
                self.cells[to.index()] = Piece { color: mover, rank }.cell();
                self.hands[mover] &= !(1 << rank.index());
            }
            NubaMove::Step { from, to } => {
                let cell = self.cells[from.index()];
                self.cells[from.index()] = 0;
                let rank = cell & RANK_MASK;
                if to.rank() != mover.goal_rank() || rank == CHAMPION_CODE {
                    self.cells[to.index()] = cell;
                } else {
                    // The arriving wrestler leaves the board whatever the musician
                    // space holds; it only takes the space when it is empty or the
                    // musician is worth less (§4.4).
                    self.cells[to.index()] = 0;
                    if self.musician == 0 || rank > self.musician & RANK_MASK {
                        self.musician = cell;
                    }
                }
            }
            NubaMove::Pass => {}
        }
        self.to_move = mover.other();
    }

    /// `c2-d3 · 4 takes 7`, `b5-b6 · 8 becomes musician`, `X@c2 · places the champion`;
    /// a move that ends the game says so.
    fn notes(&self, m: &NubaMove) -> Vec<Note> {
        let mut notes = Vec::new();
        match self.effect(m) {
            MoveEffect::Placed { piece, .. } if piece.rank.is_champion() => notes.push(Note::PlacesChampion),
            MoveEffect::Placed { piece, .. } => notes.push(Note::Places(piece.rank)),
            MoveEffect::Passed => notes.push(Note::NoMove),
            MoveEffect::Stepped { piece, captured, arrival, .. } => {
                if let Some(target) = captured {
                    notes.push(Note::Takes { piece: piece.rank, target: target.rank });
                }
                match arrival {
                    Some(Arrival::ChampionWins) => notes.push(Note::ChampionArrives),
                    Some(Arrival::BecomesMusician) => notes.push(Note::BecomesMusician(piece.rank)),
                    Some(Arrival::ReplacesMusician(old)) => {
                        notes.push(Note::ReplacesMusician { piece: piece.rank, old })
                    }
                    Some(Arrival::Removed(old)) => notes.push(Note::LeavesBoard { piece: piece.rank, musician: old }),
                    None => {}
                }
            }
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        if let Some(end) = after.end() {
            notes.push(match end.winner() {
                Some(color) => Note::Wins(color),
                None => Note::Draw,
            });
        }
        notes
    }

    /// Material and progress, for search: every piece counts, strong wrestlers (low
    /// numbers) a little more; a good musician (high number) more the nearer it is to
    /// the opponent's back row, the champion most of all, growing as it nears the
    /// back row where it wins. The holder of the musician space gains with its value.
    /// The difference goes through a logistic curve; a finished game gives 1, 0.5 or 0.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(end) = self.end() {
            return match end.winner() {
                Some(color) if color.index() == seat.index() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let wrestler = |code: u8| 1.0 + 0.08 * f64::from(10u8.saturating_sub(code));
        let mut worth = [0.0f64; 2];
        for (i, &cell) in self.cells.iter().enumerate() {
            let Some(piece) = Piece::from_cell(cell) else { continue };
            let rank = (i / usize::from(FILES)) as f64;
            let progress = match piece.color {
                Color::Green => rank,
                Color::Red => f64::from(RANKS - 1) - rank,
            } / f64::from(RANKS - 1);
            let code = cell & RANK_MASK;
            worth[piece.color.index()] += if code == CHAMPION_CODE {
                4.0 + 5.0 * progress * progress
            } else {
                wrestler(code) + 0.15 * f64::from(code) * progress
            };
        }
        for color in Color::ALL {
            for rank in self.hand(color) {
                worth[color.index()] += if rank.is_champion() { 4.0 } else { wrestler(rank.index() as u8 + 1) };
            }
        }
        if let Some(musician) = self.musician() {
            worth[musician.color.index()] += 0.4 * f64::from(self.musician & RANK_MASK);
        }
        let me = seat.index().min(1);
        let tempo = if self.to_move.index() == me { 0.1 } else { -0.1 };
        let diff = worth[me] - worth[1 - me] + tempo;
        1.0 / (1.0 + (-0.5 * diff).exp())
    }

    fn diagram(&self) -> Diagram {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..FILES {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some(piece) => out.push_str(&format!(" {piece}")),
                    None => out.push_str(" . "),
                }
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out.push_str("   a  b  c  d  e\n");
        let mut lines: Vec<Phrase> = Color::ALL
            .into_iter()
            .map(|color| {
                let hand: Vec<String> = self.hand(color).iter().map(ToString::to_string).collect();
                let hand = if hand.is_empty() { "-".to_string() } else { hand.join(" ") };
                Phrase::new("nuba-diagram-seat")
                    .term("seat", SEATS[color.index()].term)
                    .text("hand", hand)
                    .number("out", i64::try_from(self.out_of_game(color)).unwrap_or(i64::MAX))
            })
            .collect();
        lines.push(match self.musician() {
            Some(piece) => {
                Phrase::new("nuba-diagram-musician").term("colour", piece.color.term()).text("rank", piece.rank)
            }
            None => Phrase::new("nuba-diagram-no-musician"),
        });
        let seat = SEATS[self.to_move.index()].term;
        lines.push(match self.end() {
            Some(end) => Phrase::new("game-diagram-over").phrase("reason", end.phrase()),
            None if self.is_placing() => Phrase::new("nuba-diagram-to-place").term("seat", seat),
            None => Phrase::new("game-diagram-to-move").term("seat", seat),
        });
        Diagram { grid: out, lines }
    }
}

#[cfg(test)]
mod tests;
