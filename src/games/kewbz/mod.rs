//! Kewbz: place cubes, make corners, build towers; the highest towers under your
//! colour win (`docs/rules/kewbz.md`).
//!
//! The board is square, 4×4 to 26×26 (8×8 by default), each cell a stack of up to
//! five cubes. The rule options the sources leave open are [`KewbzSettings`]: board
//! size and cubes per player (KW-I1) and the extension model (KW-I2).
//!
//! ```
//! use boardbot::games::kewbz::{Kewbz, KewbzSettings, Square};
//! use boardbot::games::Game;
//!
//! let start = Kewbz::start(&KewbzSettings::default());
//! assert_eq!(start.to_string(), "8/8/8/8/8/8/8/8 b 32-32");
//! let mut p = start;
//! for text in ["d4", "e4"] {
//!     let m = p.parse_move(text)?;
//!     p = p.play(&m).map_err(|e| e.reason)?;
//! }
//! // d5 makes a corner at d4: Blue stacks a cube there.
//! let m = p.parse_move("d5")?;
//! assert_eq!(p.describe(&m), "d5 · corner at d4 +1 · tower d4 ×2");
//! let p = p.play(&m).map_err(|e| e.reason)?;
//! assert_eq!(p.to_string(), "8/8/8/3b4/3(bb)y3/8/8/8 y 29-31");
//! let d4 = Square::parse("d4").ok_or("no square")?;
//! assert_eq!(p.stack(d4).height(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod choice;
mod code;
mod corners;
mod notation;
mod square;
mod view;
mod words;

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

pub use code::CodeError;
pub use notation::{NotationError, Placement, PlacementNotation};
pub use square::{Square, MAX_SIZE, MIN_SIZE};
pub use words::{Note, OptionError};

use super::menu::{select, Candidate, Label};
use super::side::BySide;
use super::{BySeat, Diagram, Ending, Game, GameKind, Menu, Outcome, Phase, Phrase, PlayError, Seat, SeatInfo, Worded};
use super::{RuleOption, RuleValues};
use corners::{Gain, CAP, MAX_GAINS, OFF, OFFSETS, OPPOSITE_BIT};
use square::{CELLS, STRIDE};
use words::cubes;

/// The most cubes per player the settings accept.
pub const MAX_CUBES: u16 = 999;

/// A player's colour. Blue moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first.
    Blue,
    /// Moves second.
    Yellow,
}

impl Color {
    /// Both colours in seat order.
    pub const ALL: [Color; 2] = [Color::Blue, Color::Yellow];

    /// The other colour.
    pub const fn other(self) -> Color {
        match self {
            Color::Blue => Color::Yellow,
            Color::Yellow => Color::Blue,
        }
    }

    const fn index(self) -> usize {
        match self {
            Color::Blue => 0,
            Color::Yellow => 1,
        }
    }

    /// The seat of this colour.
    pub const fn seat(self) -> Seat {
        Seat(self.index() as u8)
    }

    /// The letter of the notation: `b` or `y`.
    pub const fn letter(self) -> char {
        match self {
            Color::Blue => 'b',
            Color::Yellow => 'y',
        }
    }

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Yellow => "yellow",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl super::side::Side for Color {
    fn index(self) -> usize {
        Color::index(self)
    }
}

/// Why a Kewbz game ended (§2.5, KW-I3): the typed reason of [`Game::outcome`],
/// with the final scores (blue, yellow) that its sentence quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// This colour placed its last cube.
    LastCube {
        /// Who placed it.
        by: Color,
        /// Blue's and Yellow's scores.
        scores: [i32; 2],
    },
    /// This colour was to move with no cube left.
    NoCubes {
        /// The player to move.
        mover: Color,
        /// Blue's and Yellow's scores.
        scores: [i32; 2],
    },
    /// No square can take a cube.
    Blocked {
        /// Blue's and Yellow's scores.
        scores: [i32; 2],
    },
}

impl Ending for End {
    const KEYS: &'static [&'static str] = &["last_cube", "no_cubes", "blocked"];

    fn key(self) -> &'static str {
        match self {
            End::LastCube { .. } => "last_cube",
            End::NoCubes { .. } => "no_cubes",
            End::Blocked { .. } => "blocked",
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scores = match *self {
            End::LastCube { by, scores } => {
                write!(f, "{by} placed the last cube")?;
                scores
            }
            End::NoCubes { mover, scores } => {
                write!(f, "{mover} has no cubes left")?;
                scores
            }
            End::Blocked { scores } => {
                f.write_str("no cube can be placed anywhere")?;
                scores
            }
        };
        write!(f, "; blue {}, yellow {}", scores[0], scores[1])
    }
}

/// How a placement extends an existing corner (KW-I2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Extension {
    /// A cube that lengthens the unbroken straight line of cubes through a vertex,
    /// on either side, extends every corner at that vertex (the recommended model).
    #[default]
    Line,
    /// A cube extends a corner only when it continues one of the corner's two arms
    /// outward from the vertex.
    Arm,
}

/// The rule options of a Kewbz game (KW-I1, KW-I2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KewbzSettings {
    /// The board side, 4–26. A position code brings its own size, which wins.
    #[serde(deserialize_with = "size_in_range")]
    pub size: u8,
    /// Cubes per player at the start, 1–999.
    #[serde(deserialize_with = "cubes_in_range")]
    pub cubes: u16,
    /// How corners are extended.
    pub extension: Extension,
}

impl Default for KewbzSettings {
    fn default() -> Self {
        KewbzSettings { size: 8, cubes: 32, extension: Extension::Line }
    }
}

/// The refusal of a board side, if it is out of range.
fn size_error(size: i128) -> Option<OptionError> {
    (!(i128::from(MIN_SIZE)..=i128::from(MAX_SIZE)).contains(&size)).then_some(OptionError::Size(size))
}

/// The refusal of a number of cubes per player, if it is out of range.
fn cubes_error(cubes: i128) -> Option<OptionError> {
    (!(1..=i128::from(MAX_CUBES)).contains(&cubes)).then_some(OptionError::Cubes(cubes))
}

fn size_in_range<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let size = u8::deserialize(d)?;
    match size_error(i128::from(size)) {
        None => Ok(size),
        Some(e) => Err(serde::de::Error::custom(e)),
    }
}

fn cubes_in_range<'de, D: Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
    let cubes = u16::deserialize(d)?;
    match cubes_error(i128::from(cubes)) {
        None => Ok(cubes),
        Some(e) => Err(serde::de::Error::custom(e)),
    }
}

/// Whole numbers out of range, typed; anything else is left to serde.
fn check_option(key: &str, value: &serde_json::Value) -> Result<(), super::OptionError> {
    let n = value.as_i64().map(i128::from).or_else(|| value.as_u64().map(i128::from));
    let error = match (key, n) {
        ("size", Some(n)) => size_error(n),
        ("cubes", Some(n)) => cubes_error(n),
        _ => None,
    };
    error.map_or(Ok(()), |e| Err(e.into()))
}

/// The cubes on one cell, bottom to top; at most five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack(u8);

impl Stack {
    /// How many cubes (0 for an empty cell).
    pub fn height(self) -> u8 {
        corners::height(self.0).min(CAP)
    }

    /// True when the cell holds no cube.
    pub fn is_empty(self) -> bool {
        self.height() == 0
    }

    /// The colour of the cube at `level` (0 = bottom), if there is one.
    pub fn get(self, level: u8) -> Option<Color> {
        (level < self.height()).then(|| if self.0 & (8 << level) != 0 { Color::Yellow } else { Color::Blue })
    }

    /// The top cube's colour, which owns a tower.
    pub fn top(self) -> Option<Color> {
        self.height().checked_sub(1).and_then(|l| self.get(l))
    }

    /// The colours bottom to top.
    pub fn colors(self) -> impl Iterator<Item = Color> {
        (0..self.height()).filter_map(move |l| self.get(l))
    }

    /// Adds a cube on top; false when the stack is already five high.
    fn push(&mut self, color: Color) -> bool {
        let h = self.height();
        if h >= CAP {
            return false;
        }
        let bit = if color == Color::Yellow { 8 << h } else { 0 };
        self.0 = (self.0 & !corners::HEIGHT) | bit | (h + 1);
        true
    }
}

/// How one vertex grows when a placement is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Growth {
    /// The vertex (the cube that forms the corners).
    pub vertex: Square,
    /// Corners the placement creates there.
    pub created: u8,
    /// Existing corners the placement extends there.
    pub extended: u8,
    /// Cubes owed there after the height cap of 5.
    pub earned: u8,
    /// Cubes actually stacked there (fewer than `earned` when the mover runs out).
    pub stacked: u8,
    /// The stack's height afterwards.
    pub height: u8,
}

/// What a placement does, for labels and pictures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// Where the cube is placed.
    pub placed: Square,
    /// Every vertex where corners are created or extended, in board order.
    pub growth: Vec<Growth>,
    /// The mover's cubes left afterwards.
    pub supply_after: u16,
}

impl Effect {
    /// Cubes stacked on towers in all.
    pub fn stacked(&self) -> u32 {
        self.growth.iter().map(|g| u32::from(g.stacked)).sum()
    }
}

/// Why a well-formed placement is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The square is outside this board.
    #[error("{square} is off the {size}×{size} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board side.
        size: u8,
    },
    /// The square already holds a cube.
    #[error("{0} is occupied: cubes are placed on empty squares")]
    Occupied(Square),
    /// The square touches no cube.
    #[error("{0} touches no cube: place next to a cube on the board (diagonals count)")]
    NotAdjacent(Square),
    /// The cube would complete a 2×2 block.
    #[error("{square} would complete a 2×2 square of cubes ({corner} to {opposite})")]
    Block {
        /// The square.
        square: Square,
        /// The block's lower-left square.
        corner: Square,
        /// The block's upper-right square.
        opposite: Square,
    },
    /// A `>` list was given, but the placement earns no cube.
    #[error("{0} earns no cube, so there is nothing to choose: write it without '>'")]
    NothingEarned(Square),
    /// A `>` list was given, but the placement uses the mover's last cube.
    #[error("{0} places your last cube, so none are left to stack: write it without '>'")]
    LastCube(Square),
    /// A `>` list was given, but the mover has cubes for everything earned.
    #[error("{square} earns {} and you have {left} left, enough for all: write it without '>'", cubes(*earned))]
    Enough {
        /// The square.
        square: Square,
        /// Cubes earned in all (after the height cap).
        earned: u32,
        /// Cubes the mover has after the placement.
        left: u16,
    },
    /// A vertex in the `>` list earns nothing from this placement.
    #[error("{vertex} earns no cube when the cube goes on {square}")]
    NotEarning {
        /// The vertex named.
        vertex: Square,
        /// The square of the placement.
        square: Square,
    },
    /// A vertex is named more often than the cubes it earned.
    #[error("{vertex} is named {named} times but earns only {earned}")]
    TooMany {
        /// The vertex.
        vertex: Square,
        /// How often it is named.
        named: u32,
        /// What it earned.
        earned: u8,
    },
    /// The `>` list does not use exactly the cubes left.
    #[error("the '>' list names {}, but you have {left} left to stack: name exactly {left}", cubes(*named as u32))]
    WrongCount {
        /// Cubes named.
        named: usize,
        /// Cubes the mover has after the placement.
        left: u16,
    },
    /// The mover must choose where his last cubes go, and the move does not say.
    #[error("{square} earns {} but you have only {left} left: choose where they go, like {example}", cubes(*earned))]
    ChoiceNeeded {
        /// The square.
        square: Square,
        /// Cubes earned in all.
        earned: u32,
        /// Cubes left.
        left: u16,
        /// A canonical move with a choice.
        example: String,
    },
}

/// Words of a bitset over the padded grid.
const WORDS: usize = CELLS.div_ceil(64);

/// The set bits of a bitset, in increasing order.
fn bits(set: &[u64; WORDS]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + b
            })
        })
    })
}

/// The `n`-th set bit (from 0), if there are that many.
fn nth_bit(set: &[u64; WORDS], mut n: usize) -> Option<usize> {
    for (w, &word) in set.iter().enumerate() {
        let count = word.count_ones() as usize;
        if n >= count {
            n -= count;
            continue;
        }
        let mut word = word;
        for _ in 0..n {
            word &= word - 1;
        }
        return Some(w * 64 + word.trailing_zeros() as usize);
    }
    None
}

/// A Kewbz position: the stacks, whose turn it is, the cubes each player has left,
/// and the rule options.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Kewbz {
    /// A padded 28×28 grid whatever the board size; cells outside the board are
    /// `OFF`, so walks stop without bound checks. Low 3 bits: height; bit 3 + k:
    /// the cube at level k is yellow.
    cells: [u8; CELLS],
    /// Per cell, the mask of occupied 8-neighbours (derived from `cells`).
    nbrs: [u8; CELLS],
    size: u8,
    to_move: Color,
    supply: BySide<u16>,
    cubes: u16,
    extension: Extension,
    /// Occupied cells and cubes on the board (derived from `cells`).
    occupied: u16,
    on_board: u16,
}

const SEATS: [SeatInfo; 2] = [
    SeatInfo { letter: "b", name: "Blue", term: "kewbz-seat-blue" },
    SeatInfo { letter: "y", name: "Yellow", term: "kewbz-seat-yellow" },
];

/// The gains of one placement, in a fixed buffer (no allocation on the fast path).
struct Gains {
    items: [Gain; MAX_GAINS],
    len: usize,
    total: u32,
}

impl Gains {
    fn slice(&self) -> &[Gain] {
        self.items.get(..self.len).unwrap_or(&[])
    }

    fn sort(&mut self) {
        if let Some(s) = self.items.get_mut(..self.len) {
            s.sort_unstable_by_key(|g| g.idx);
        }
    }
}

impl Kewbz {
    fn empty(settings: &KewbzSettings) -> Kewbz {
        let size = settings.size.clamp(MIN_SIZE, MAX_SIZE);
        let cubes = settings.cubes.clamp(1, MAX_CUBES);
        let mut cells = [OFF; CELLS];
        for sq in Square::all(size) {
            if let Some(c) = cells.get_mut(sq.padded()) {
                *c = 0;
            }
        }
        Kewbz {
            cells,
            nbrs: [0; CELLS],
            size,
            to_move: Color::Blue,
            supply: BySide::both(cubes),
            cubes,
            extension: settings.extension,
            occupied: 0,
            on_board: 0,
        }
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Cubes each player had at the start.
    pub fn cubes(&self) -> u16 {
        self.cubes
    }

    /// The extension model in force.
    pub fn extension(&self) -> Extension {
        self.extension
    }

    /// The colour to move (after the end: whoever would be next).
    pub fn turn(&self) -> Color {
        self.to_move
    }

    /// Cubes `color` has left.
    pub fn supply(&self, color: Color) -> u16 {
        self.supply[color]
    }

    /// The stack on `square` (empty off the board).
    pub fn stack(&self, square: Square) -> Stack {
        if !square.on_board(self.size) {
            return Stack(0);
        }
        Stack(self.cells.get(square.padded()).copied().unwrap_or(0))
    }

    /// Cubes on the board of `color`.
    pub fn on_board(&self, color: Color) -> u32 {
        Square::all(self.size).map(|sq| self.stack(sq).colors().filter(|c| *c == color).count() as u32).sum()
    }

    /// `color`'s score now: the heights of the towers (2 cubes or more) it tops, minus
    /// the cubes it has left (§2.5).
    pub fn score(&self, color: Color) -> i32 {
        self.score_pair()[color.index()]
    }

    /// Both scores, blue first, from one pass over the board.
    fn score_pair(&self) -> [i32; 2] {
        let towers = self.tower_points();
        Color::ALL.map(|c| towers[c.index()] - i32::from(self.supply(c)))
    }

    /// The heights of the towers (2 cubes or more) each colour tops, blue first.
    fn tower_points(&self) -> [i32; 2] {
        let mut points = [0i32; 2];
        let n = usize::from(self.size);
        for rank in 1..=n {
            let row = rank * STRIDE + 1;
            for &cell in self.cells.get(row..row + n).unwrap_or(&[]) {
                let h = cell & 7;
                if h < 2 || cell == OFF {
                    continue;
                }
                let top = if (cell >> (3 + h - 1)) & 1 == 1 { Color::Yellow } else { Color::Blue };
                points[top.index()] += i32::from(h);
            }
        }
        points
    }

    fn cell(&self, i: usize) -> u8 {
        self.cells.get(i).copied().unwrap_or(OFF)
    }

    fn mask(&self, i: usize) -> u8 {
        self.nbrs.get(i).copied().unwrap_or(0)
    }

    /// Calls `f` with every placeable cell, in board order, until it returns false.
    #[inline]
    fn for_each_candidate(&self, mut f: impl FnMut(usize) -> bool) {
        let n = usize::from(self.size);
        let first = self.occupied == 0;
        for rank in 1..=n {
            let row = rank * STRIDE + 1;
            let (Some(cells), Some(masks)) = (self.cells.get(row..row + n), self.nbrs.get(row..row + n)) else {
                return;
            };
            for (k, (&cell, &mask)) in cells.iter().zip(masks).enumerate() {
                if cell == 0 && (mask != 0 || first) && !corners::completes_block(mask) && !f(row + k) {
                    return;
                }
            }
        }
    }

    fn has_candidate(&self) -> bool {
        let mut any = false;
        self.for_each_candidate(|_| {
            any = true;
            false
        });
        any
    }

    /// True when a supply is empty: the game ends once a player has placed his last
    /// cube (§2.5).
    fn supply_out(&self) -> bool {
        self.supply[Color::Blue] == 0 || self.supply[Color::Yellow] == 0
    }

    /// An upper bound on what any placement earns: 4 at the placed cube plus the room
    /// under the cap of every occupied cell. When the mover has at least this many
    /// cubes after placing, no placement can leave him short.
    fn earn_bound(&self) -> u32 {
        4 + 5 * u32::from(self.occupied) - u32::from(self.on_board).min(5 * u32::from(self.occupied))
    }

    fn gains(&self, p: usize) -> Gains {
        let mut g = Gains { items: [Gain::default(); MAX_GAINS], len: 0, total: 0 };
        corners::for_each_vertex(&self.cells, &self.nbrs, p, self.extension, |v, created, extended, cap| {
            let earned = (created + extended).min(cap);
            if let Some(slot) = g.items.get_mut(g.len) {
                *slot = Gain { idx: v as u16, created, extended, earned };
                g.len += 1;
                g.total += u32::from(earned);
            }
        });
        g
    }

    #[inline]
    fn earned_total(&self, p: usize) -> u32 {
        let mut total = 0u32;
        corners::for_each_vertex(&self.cells, &self.nbrs, p, self.extension, |_, created, extended, cap| {
            total += u32::from((created + extended).min(cap));
        });
        total
    }

    /// Cubes the mover has after placing one.
    fn left_after(&self) -> u16 {
        self.supply[self.to_move].saturating_sub(1)
    }

    /// The 2×2 block a cube on `square` would complete, as its lower-left square.
    fn block_at(&self, square: Square) -> Option<Square> {
        let (f, r) = (i16::from(square.file()), i16::from(square.rank()));
        [(f - 1, r - 1), (f, r - 1), (f - 1, r), (f, r)].into_iter().find_map(|(bf, br)| {
            let corner = Square::new(u8::try_from(bf).ok()?, u8::try_from(br).ok()?)?;
            let cells = [(0, 0), (1, 0), (0, 1), (1, 1)];
            let full = cells.iter().all(|(df, dr)| {
                let c = Square::new(corner.file() + df, corner.rank() + dr);
                c.is_some_and(|c| c == square || !self.stack(c).is_empty())
            });
            full.then_some(corner)
        })
    }

    /// Checks a placement and, when the mover must choose, its `>` list. Without a
    /// list, `fill` picks the canonical first choice; otherwise a missing list is
    /// refused.
    fn check(&self, at: Square, choice: Option<&[Square]>, fill: bool) -> Result<Placement, IllegalMove> {
        if self.supply_out() {
            return Err(IllegalMove::GameOver);
        }
        if !at.on_board(self.size) {
            return Err(IllegalMove::OffBoard { square: at, size: self.size });
        }
        let p = at.padded();
        if self.cell(p) != 0 {
            return Err(IllegalMove::Occupied(at));
        }
        if self.occupied > 0 && self.mask(p) == 0 {
            return Err(IllegalMove::NotAdjacent(at));
        }
        if corners::completes_block(self.mask(p)) {
            let corner = self.block_at(at).unwrap_or(at);
            let opposite = Square::new(corner.file() + 1, corner.rank() + 1).unwrap_or(corner);
            return Err(IllegalMove::Block { square: at, corner, opposite });
        }
        let left = self.left_after();
        let mut gains = self.gains(p);
        let needs_choice = left >= 1 && u32::from(left) < gains.total;
        let Some(named) = choice else {
            if !needs_choice {
                return Ok(Placement { at, choice: None });
            }
            gains.sort();
            let first = self.first_choice(&gains, left);
            if fill {
                return Ok(Placement { at, choice: Some(first) });
            }
            let example = Placement { at, choice: Some(first) }.to_string();
            return Err(IllegalMove::ChoiceNeeded { square: at, earned: gains.total, left, example });
        };
        if gains.total == 0 {
            return Err(IllegalMove::NothingEarned(at));
        }
        if left == 0 {
            return Err(IllegalMove::LastCube(at));
        }
        if !needs_choice {
            return Err(IllegalMove::Enough { square: at, earned: gains.total, left });
        }
        let mut sorted = named.to_vec();
        sorted.sort_unstable();
        for run in sorted.chunk_by(|a, b| a == b) {
            let Some(&vertex) = run.first() else { continue };
            let earned = gains.slice().iter().find(|g| usize::from(g.idx) == vertex.padded()).map_or(0, |g| g.earned);
            if earned == 0 || !vertex.on_board(self.size) {
                return Err(IllegalMove::NotEarning { vertex, square: at });
            }
            let times = u32::try_from(run.len()).unwrap_or(u32::MAX);
            if times > u32::from(earned) {
                return Err(IllegalMove::TooMany { vertex, named: times, earned });
            }
        }
        if named.len() != usize::from(left) {
            return Err(IllegalMove::WrongCount { named: named.len(), left });
        }
        Ok(Placement { at, choice: Some(sorted.into_boxed_slice()) })
    }

    /// The canonical first choice: vertices in board order, each filled up to what it
    /// earned, until the cubes run out. `gains` must be sorted.
    fn first_choice(&self, gains: &Gains, left: u16) -> Box<[Square]> {
        let mut out = Vec::with_capacity(usize::from(left));
        for g in gains.slice() {
            for _ in 0..g.earned {
                if out.len() < usize::from(left) {
                    out.push(Square::from_padded(usize::from(g.idx)));
                }
            }
        }
        out.into_boxed_slice()
    }

    /// Appends the moves of placing on cell `p`: one, or one per choice.
    fn moves_at(&self, p: usize, left: u16, bound: u32, out: &mut Vec<Placement>) {
        let at = Square::from_padded(p);
        if left == 0 || u32::from(left) >= bound || u32::from(left) >= self.earned_total(p) {
            out.push(Placement { at, choice: None });
            return;
        }
        let mut gains = self.gains(p);
        gains.sort();
        let earning: Vec<&Gain> = gains.slice().iter().filter(|g| g.earned > 0).collect();
        let earned: Vec<u8> = earning.iter().map(|g| g.earned).collect();
        choice::for_each(&earned, usize::from(left), &mut |counts| {
            let mut list = Vec::with_capacity(usize::from(left));
            for (g, c) in earning.iter().zip(counts) {
                for _ in 0..*c {
                    list.push(Square::from_padded(usize::from(g.idx)));
                }
            }
            out.push(Placement { at, choice: Some(list.into_boxed_slice()) });
        });
    }

    /// What a legal placement does. For a move that is not legal here the result is
    /// meaningless (but nothing panics).
    pub fn effect(&self, m: &Placement) -> Effect {
        let p = m.at.padded();
        let mut gains = self.gains(p);
        gains.sort();
        let left = self.left_after();
        let mut remaining = left;
        let growth = gains
            .slice()
            .iter()
            .map(|g| {
                let vertex = Square::from_padded(usize::from(g.idx));
                let stacked = if u32::from(left) >= gains.total {
                    g.earned
                } else if let Some(list) = m.choice() {
                    list.iter().filter(|v| **v == vertex).count().min(usize::from(g.earned)) as u8
                } else {
                    let s = g.earned.min(remaining.min(255) as u8);
                    remaining -= u16::from(s);
                    s
                };
                let before = if g.idx as usize == p { 1 } else { self.stack(vertex).height() };
                Growth {
                    vertex,
                    created: g.created,
                    extended: g.extended,
                    earned: g.earned,
                    stacked,
                    height: (before + stacked).min(CAP),
                }
            })
            .collect::<Vec<_>>();
        let stacked: u32 = growth.iter().map(|g| u32::from(g.stacked)).sum();
        let supply_after = left.saturating_sub(u16::try_from(stacked).unwrap_or(u16::MAX));
        Effect { placed: m.at, growth, supply_after }
    }

    fn stack_on(&mut self, i: usize, color: Color) -> bool {
        let Some(c) = self.cells.get_mut(i) else { return false };
        let mut s = Stack(*c);
        let pushed = s.push(color);
        *c = s.0;
        pushed
    }

    /// Puts a single cube on the empty padded cell `i` and updates the derived data.
    fn put(&mut self, i: usize, color: Color) {
        if let Some(c) = self.cells.get_mut(i) {
            *c = if color == Color::Yellow { 8 | 1 } else { 1 };
        }
        for (off, bit) in OFFSETS.iter().zip(OPPOSITE_BIT) {
            if let Some(m) = self.nbrs.get_mut(i.wrapping_add_signed(*off)) {
                *m |= bit;
            }
        }
        // Saturating: `play_unchecked` of illegal moves must not panic.
        self.occupied = self.occupied.saturating_add(1);
        self.on_board = self.on_board.saturating_add(1);
    }

    /// A uniformly chosen legal move without listing every choice; see
    /// [`Game::random_move`]. Ranks below the number of squares without a choice
    /// name those squares in board order; the rest name the choices of the squares
    /// where the mover runs short.
    fn pick(&self, below: &mut dyn FnMut(usize) -> usize) -> Option<Placement> {
        if self.supply_out() {
            return None;
        }
        let left = self.left_after();
        let may_be_short = left > 0 && u32::from(left) < self.earn_bound();
        // Candidate cells as bitsets over the padded grid: no buffer to clear.
        let mut plain = [0u64; WORDS];
        let mut short = [0u64; WORDS];
        let mut n_plain = 0usize;
        let mut any_short = false;
        self.for_each_candidate(|i| {
            let (w, bit) = (i / 64, 1u64 << (i % 64));
            // Without an orthogonal neighbour a cube makes no corner: skip the walk.
            let set = if may_be_short && self.mask(i) & 15 != 0 && u32::from(left) < self.earned_total(i) {
                any_short = true;
                &mut short
            } else {
                n_plain += 1;
                &mut plain
            };
            if let Some(word) = set.get_mut(w) {
                *word |= bit;
            }
            true
        });
        let at = |i: usize| Square::from_padded(i);
        if !any_short {
            if n_plain == 0 {
                return None;
            }
            let i = nth_bit(&plain, below(n_plain))?;
            return Some(Placement { at: at(i), choice: None });
        }
        let earned_at = |i: usize| -> Vec<(u16, u8)> {
            let mut gains = self.gains(i);
            gains.sort();
            gains.slice().iter().filter(|g| g.earned > 0).map(|g| (g.idx, g.earned)).collect()
        };
        let weight = |i: usize| {
            let earned: Vec<u8> = earned_at(i).iter().map(|g| g.1).collect();
            choice::count(&earned, usize::from(left))
        };
        let total = bits(&short).fold(n_plain as u64, |a, i| a.saturating_add(weight(i)));
        let r = below(usize::try_from(total).unwrap_or(usize::MAX));
        if r < n_plain {
            return Some(Placement { at: at(nth_bit(&plain, r)?), choice: None });
        }
        let mut r = (r - n_plain) as u64;
        for i in bits(&short) {
            let w = weight(i);
            if r >= w {
                r -= w;
                continue;
            }
            let earning = earned_at(i);
            let earned: Vec<u8> = earning.iter().map(|g| g.1).collect();
            let counts = choice::unrank(&earned, usize::from(left), r);
            let mut list = Vec::with_capacity(usize::from(left));
            for (g, c) in earning.iter().zip(counts) {
                list.extend(std::iter::repeat_n(at(usize::from(g.0)), usize::from(c)));
            }
            return Some(Placement { at: at(i), choice: Some(list.into_boxed_slice()) });
        }
        None
    }

    /// Why the game ended, if it did.
    fn end(&self) -> Option<End> {
        let out = |c: Color| self.supply[c] == 0;
        let scores = self.score_pair();
        if out(self.to_move.other()) {
            Some(End::LastCube { by: self.to_move.other(), scores })
        } else if out(self.to_move) {
            Some(End::NoCubes { mover: self.to_move, scores })
        } else if !self.has_candidate() {
            Some(End::Blocked { scores })
        } else {
            None
        }
    }
}

impl fmt::Display for Kewbz {
    /// The position code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        code::write(self, f)
    }
}

impl fmt::Debug for Kewbz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kewbz(\"{self}\", {} cubes, {:?})", self.cubes, self.extension)
    }
}

impl Game for Kewbz {
    type Settings = KewbzSettings;
    type Move = Placement;
    type Notation = PlacementNotation;
    type NotationError = NotationError;
    type Illegal = IllegalMove;
    type CodeError = CodeError;
    type End = End;
    type Note = Note;

    const KIND: GameKind = GameKind::Kewbz;
    const TITLE: &'static str = "Kewbz";
    const RULE_OPTIONS: &'static [RuleOption] = &[
        RuleOption {
            name: "size",
            key: "size",
            values: RuleValues::Int { min: MIN_SIZE as i64, max: MAX_SIZE as i64, default: 8 },
            help: "option-kewbz-size",
        },
        RuleOption {
            name: "extension",
            key: "extension",
            values: RuleValues::Choice { words: &["line", "arm"], default: "line" },
            help: "option-kewbz-extension",
        },
    ];

    /// The empty board. Settings out of range (possible only when built in code, not
    /// through serde) are clamped to 4–26 squares and 1–999 cubes.
    fn check_option(key: &str, value: &serde_json::Value) -> Result<(), super::OptionError> {
        check_option(key, value)
    }

    fn start(settings: &KewbzSettings) -> Kewbz {
        Kewbz::empty(settings)
    }

    fn from_code(code: &str, settings: &KewbzSettings) -> Result<Kewbz, CodeError> {
        code::parse(code, settings)
    }

    fn settings(&self) -> KewbzSettings {
        KewbzSettings { size: self.size, cubes: self.cubes, extension: self.extension }
    }

    fn seats(&self) -> &'static [SeatInfo] {
        &SEATS
    }

    fn to_move(&self) -> Seat {
        self.to_move.seat()
    }

    fn view(&self) -> crate::games::BoardView<Phrase> {
        view::view(self)
    }

    fn move_view(&self, m: &Placement) -> crate::games::MoveView<Phrase> {
        view::move_view(self, m)
    }

    fn phase(&self) -> Phase {
        Phase::Play
    }

    fn scores(&self) -> Option<BySeat<i32>> {
        Some(self.score_pair().into())
    }

    /// §2.5: a supply ran out, or the player to move cannot place (KW-I3); scored,
    /// equal scores a draw (KW-I5).
    fn outcome(&self) -> Option<Outcome> {
        let end = self.end()?;
        Some(Outcome::by_scores(self.score_pair().into(), end))
    }

    /// The default's score comparison (§2.5: a lead of 10 points is worth about
    /// 0.73), computed without allocating, since the AI calls it for every move it
    /// weighs. Discounting towers below the height cap or adding a tempo bonus was
    /// tried and measured worse (`easy` fell from 74 % to 43 % against `greedy` over
    /// 40 games).
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.supply_out() || !self.has_candidate() {
            return self.outcome().map_or(0.5, |o| o.reward(seat));
        }
        super::compare_scores(&self.score_pair(), seat)
    }

    fn legal_moves(&self, out: &mut Vec<Placement>) {
        if self.supply_out() {
            return;
        }
        let left = self.left_after();
        let bound = self.earn_bound();
        self.for_each_candidate(|p| {
            self.moves_at(p, left, bound, out);
            true
        });
    }

    fn legalize(&self, notation: &PlacementNotation) -> Result<Placement, IllegalMove> {
        self.check(notation.at, notation.choice.as_deref(), true)
    }

    fn play(mut self, m: &Placement) -> Result<Kewbz, PlayError<Kewbz>> {
        // `check` returns the move itself when it is legal: a list it accepts comes
        // back sorted, and lists in `Placement`s are always sorted.
        match self.check(m.at, m.choice(), false) {
            Ok(_) => {
                self.play_unchecked(m);
                Ok(self)
            }
            Err(reason) => Err(PlayError { position: self, reason }),
        }
    }

    fn play_unchecked(&mut self, m: &Placement) {
        let p = m.at.padded();
        let mover = self.to_move;
        let left = self.left_after();
        if self.earned_total(p) == 0 {
            // Most placements make no corner: skip the gains buffer.
            self.put(p, mover);
            self.supply[mover] = left;
            self.to_move = mover.other();
            return;
        }
        let mut gains = self.gains(p);
        self.put(p, mover);
        let mut stacked = 0u16;
        if u32::from(left) >= gains.total {
            for g in gains.slice() {
                for _ in 0..g.earned {
                    stacked = stacked.saturating_add(u16::from(self.stack_on(usize::from(g.idx), mover)));
                }
            }
        } else if let Some(list) = m.choice() {
            for v in list.iter().take(usize::from(left)) {
                stacked = stacked.saturating_add(u16::from(self.stack_on(v.padded(), mover)));
            }
        } else {
            gains.sort();
            for v in self.first_choice(&gains, left).iter() {
                stacked = stacked.saturating_add(u16::from(self.stack_on(v.padded(), mover)));
            }
        }
        self.on_board = self.on_board.saturating_add(stacked);
        self.supply[mover] = left.saturating_sub(stacked);
        self.to_move = mover.other();
    }

    fn notes(&self, m: &Placement) -> Vec<Note> {
        let effect = self.effect(m);
        let mut notes = Vec::new();
        for g in &effect.growth {
            notes.push(Note::Growth { vertex: g.vertex, created: g.created, extended: g.extended, stacked: g.stacked });
            if g.earned == 0 {
                notes.push(Note::TowerFull(g.vertex));
            } else if g.stacked > 0 {
                notes.push(Note::Tower { vertex: g.vertex, height: g.height });
            }
        }
        if effect.supply_after == 0 {
            notes.push(Note::LastCube);
        }
        notes
    }

    fn diagram(&self) -> Diagram {
        let n = self.size;
        let mut out = String::new();
        for rank in (0..n).rev() {
            out.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..n {
                let stack = Square::new(file, rank).map_or(Stack(0), |sq| self.stack(sq));
                let text = match (stack.height(), stack.top()) {
                    (0, _) | (_, None) => ".".to_string(),
                    (1, Some(c)) => c.letter().to_string(),
                    (h, Some(c)) => format!("{}{h}", c.letter().to_ascii_uppercase()),
                };
                out.push_str(&format!(" {text:<2}"));
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out.push_str("   ");
        for file in 0..n {
            out.push_str(&format!(" {:<2}", (b'a' + file) as char));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
        let mut lines: Vec<Phrase> = Color::ALL
            .into_iter()
            .map(|color| {
                Phrase::new("kewbz-diagram-seat")
                    .term("seat", SEATS[color.index()].term)
                    .number("cubes", self.supply(color))
                    .number("score", self.score(color))
            })
            .collect();
        lines.push(match self.outcome() {
            Some(outcome) => Phrase::new("game-diagram-over").phrase("reason", outcome.reason.phrase()),
            None => Phrase::new("game-diagram-to-move").term("seat", SEATS[self.to_move.index()].term),
        });
        Diagram { grid: out, lines }
    }

    fn random_move(&self, below: &mut dyn FnMut(usize) -> usize) -> Option<Placement> {
        self.pick(below)
    }

    /// True when the mover runs short of cubes somewhere: such turns are offered in
    /// two steps ([`Game::menu`]).
    fn builds_in_parts(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.iter().any(|m| m.choice().is_some())
    }

    /// Two steps when the mover runs short: first the squares (a square whose cubes
    /// must be shared is not complete and has `more`), then, after such a square,
    /// each way to share the cubes. Otherwise a single step of complete moves.
    fn menu(&self, chosen: &str, typed: &str, limit: usize) -> Menu {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let chosen = chosen.trim();
        let label = |(m, square): (Placement, bool)| {
            if square {
                let earned: u32 = self.effect(&m).growth.iter().map(|g| u32::from(g.earned)).sum();
                Label { head: m.at.to_string(), notes: vec![Note::Earns { earned, left: self.left_after() }] }
            } else {
                Label { head: self.label_head(&m), notes: self.notes(&m) }
            }
        };
        if chosen.is_empty() {
            let mut parts: Vec<Candidate<(Placement, bool)>> = Vec::new();
            for m in moves {
                if m.choice().is_none() {
                    parts.push(Candidate { text: m.to_string(), complete: true, more: false, label: (m, false) });
                } else if parts.last().is_none_or(|last| last.text != m.at.to_string()) {
                    parts.push(Candidate { text: m.at.to_string(), complete: false, more: true, label: (m, true) });
                }
            }
            return select(parts, typed, limit, label);
        }
        let Ok(PlacementNotation { at, choice: None }) = chosen.parse::<PlacementNotation>() else {
            return Menu::default();
        };
        let parts = moves.into_iter().filter(|m| m.at == at && m.choice().is_some()).map(|m| Candidate {
            text: m.to_string(),
            complete: true,
            more: false,
            label: (m, false),
        });
        select(parts, typed, limit, label)
    }
}

#[cfg(test)]
mod tests;
