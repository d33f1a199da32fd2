//! Cabale (Roland Siegers): runners turn once per move and leave blocks on a
//! 61-cell hexagonal board; blocks capture by jumping, blockades wall off edges;
//! the most points wins (`docs/rules/cabale.md`).
//!
//! A turn multiplies many choices (path × block × capture sequence × blockade
//! edge, often tens of thousands of complete turns), so besides the full list of
//! [`Game::legal_moves`] this module samples turns part by part
//! ([`Game::random_move`]) and offers them in steps ([`Game::menu`]).

mod cell;
mod code;
mod notation;
mod view;
mod words;

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

pub use cell::{Cell, Dir, EdgeSet, Wall, CELLS, EDGES, RING3_VALUE};
pub use code::{CodeError, Field};
pub use notation::{CabaleNotation, Expected, NotationError, TurnNotation};
pub use words::{Note, OptionError};

use super::menu::{select, Candidate, Label};
use super::{BySeat, Diagram, Ending, Game, GameKind, Menu, Outcome, Phase, Phrase, PlayError, Seat, SeatInfo, Sight};
use super::{RuleOption, RuleValues};

const EMPTY: u8 = 0;
const SINGLE: u8 = 1;
const DOUBLE: u8 = 5;
const RUNNER: u8 = 9;
const NO_CELL: u8 = u8::MAX;

/// Blocks per player with 2, 3 and 4 players.
pub const SUPPLY: [u8; 3] = [30, 20, 15];
/// Double blocks allowed per player with 2, 3 and 4 players.
pub const DOUBLES: [u8; 3] = [6, 4, 3];
/// Blockades per player with 2, 3 and 4 players (24 shared evenly).
pub const BLOCKADES: [u8; 3] = [12, 8, 6];
/// Points for a captured enemy single block.
pub const CAPTURED_SINGLE_POINTS: i32 = 1;
/// Points for a captured enemy double block.
pub const CAPTURED_DOUBLE_POINTS: i32 = 3;

const SEATS: [SeatInfo; 4] = [
    SeatInfo { letter: "y", name: "Yellow", term: "cabale-seat-yellow" },
    SeatInfo { letter: "r", name: "Red", term: "cabale-seat-red" },
    SeatInfo { letter: "g", name: "Green", term: "cabale-seat-green" },
    SeatInfo { letter: "b", name: "Blue", term: "cabale-seat-blue" },
];

fn table(values: [u8; 3], players: u8) -> u8 {
    values[usize::from(players.clamp(2, 4) - 2)]
}

/// Which interior edges may receive a blockade (CA-I2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BlockadeEdges {
    /// Every one of the 156 interior edges (`"all"`).
    #[default]
    All,
    /// Only these edges (`{"only": ["D4|D5", …]}`), e.g. the "thick lines" of a
    /// printed board.
    Only(Vec<Wall>),
}

impl BlockadeEdges {
    fn set(&self) -> EdgeSet {
        match self {
            BlockadeEdges::All => EdgeSet::ALL,
            BlockadeEdges::Only(walls) => walls.iter().copied().collect(),
        }
    }

    fn from_set(set: EdgeSet) -> BlockadeEdges {
        if set == EdgeSet::ALL {
            BlockadeEdges::All
        } else {
            BlockadeEdges::Only(set.iter().collect())
        }
    }
}

/// The rule options of a Cabale game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CabaleSettings {
    /// Number of players, 2 to 4. A position code's own seat count wins over this.
    #[serde(deserialize_with = "players")]
    pub players: u8,
    /// Whether runners may turn by 120° as well as by 60° (CA-I1).
    pub sharp_turns: bool,
    /// The edges where blockades may be placed (CA-I2).
    pub blockade_edges: BlockadeEdges,
    /// What a runner that cannot move does with three or four players (house rule
    /// `boxed_in`); left out of the JSON when it is the sheet's rule.
    #[serde(skip_serializing_if = "BoxedIn::is_sheet")]
    pub boxed_in: BoxedIn,
}

impl Default for CabaleSettings {
    fn default() -> Self {
        CabaleSettings { players: 2, sharp_turns: true, blockade_edges: BlockadeEdges::All, boxed_in: BoxedIn::End }
    }
}

/// What happens when the runner of the player to move cannot move (house rule
/// `boxed_in`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoxedIn {
    /// The sheet's rule (§3.3 step 5): the game ends at once.
    #[default]
    End,
    /// With three or four players, that player is passed over and the others play
    /// on; the game ends when no runner can move. Two players keep the sheet's rule.
    Pass,
}

impl BoxedIn {
    fn is_sheet(&self) -> bool {
        *self == BoxedIn::End
    }
}

/// The refusal of a number of players, if it is not 2, 3 or 4.
fn players_error(n: i128) -> Option<OptionError> {
    (!(2..=4).contains(&n)).then_some(OptionError::Players(n))
}

fn players<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n = u8::deserialize(d)?;
    match players_error(i128::from(n)) {
        None => Ok(n),
        Some(e) => Err(serde::de::Error::custom(e)),
    }
}

/// A number of players out of range and blockade edges that are not edges,
/// typed; anything else is left to serde.
fn check_option(key: &str, value: &serde_json::Value) -> Result<(), super::OptionError> {
    let error = match key {
        "players" => value.as_i64().map(i128::from).or_else(|| value.as_u64().map(i128::from)).and_then(players_error),
        "blockade_edges" => value
            .get("only")
            .and_then(|only| only.as_array())
            .into_iter()
            .flatten()
            .filter_map(|edge| edge.as_str())
            .find(|edge| Wall::parse(edge).is_none())
            .map(|edge| OptionError::Edge(super::excerpt(edge))),
        _ => None,
    };
    error.map_or(Ok(()), |e| Err(e.into()))
}

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// Nothing: a runner may enter, a jumping block may land.
    Empty,
    /// A block of `seat`, single or double.
    Block {
        /// The owner.
        seat: Seat,
        /// Two stacked blocks.
        double: bool,
    },
    /// The runner of `seat`.
    Runner(Seat),
}

/// A runner's route: straight from `start` to `turn`, then straight to `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    start: Cell,
    turn: Cell,
    end: Cell,
    d1: Dir,
    d2: Dir,
}

impl Path {
    /// Where the runner starts.
    pub fn start(&self) -> Cell {
        self.start
    }

    /// Where it turns; the block is placed here.
    pub fn turn(&self) -> Cell {
        self.turn
    }

    /// Where it stops.
    pub fn end(&self) -> Cell {
        self.end
    }

    /// The direction before the turn.
    pub fn first_dir(&self) -> Dir {
        self.d1
    }

    /// The direction after the turn.
    pub fn second_dir(&self) -> Dir {
        self.d2
    }

    /// The cells the runner enters, in order (the turning cell and the end included,
    /// the start not).
    pub fn cells(&self) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut c = self.start;
        for (dir, target) in [(self.d1, self.turn), (self.d2, self.end)] {
            while c != target {
                match c.step(dir) {
                    Some(next) => c = next,
                    None => return out,
                }
                out.push(c);
            }
        }
        out
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}>{}", self.start, self.turn, self.end)
    }
}

/// A complete turn: the runner's path, the block on the turning cell, its jumps and
/// the blockade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    path: Path,
    double: bool,
    /// The direction and number of capturing jumps.
    jump: Option<(Dir, u8)>,
    wall: Option<Wall>,
}

impl Turn {
    /// The runner's path.
    pub fn path(&self) -> Path {
        self.path
    }

    /// A double block instead of a single.
    pub fn is_double(&self) -> bool {
        self.double
    }

    /// Where the block is placed (the turning cell).
    pub fn block_cell(&self) -> Cell {
        self.path.turn
    }

    /// The landing cell of each capturing jump, in order.
    pub fn landings(&self) -> Vec<Cell> {
        self.jump_cells(2)
    }

    /// The cells of the captured blocks, in order.
    pub fn captured_cells(&self) -> Vec<Cell> {
        self.jump_cells(1)
    }

    fn jump_cells(&self, offset: u8) -> Vec<Cell> {
        match self.jump {
            Some((dir, n)) => (0..n).filter_map(|i| self.path.turn.walk(dir, 2 * i + offset)).collect(),
            None => Vec::new(),
        }
    }

    /// Where the block ends up: the last landing, or the turning cell.
    pub fn final_block_cell(&self) -> Cell {
        self.landings().last().copied().unwrap_or(self.path.turn)
    }

    /// The direction of the capturing jumps, if any.
    pub fn jump_dir(&self) -> Option<Dir> {
        self.jump.map(|(d, _)| d)
    }

    /// How many blocks the jumps capture.
    pub fn captures(&self) -> u8 {
        self.jump.map_or(0, |(_, n)| n)
    }

    /// The blockade placed, if any.
    pub fn wall(&self) -> Option<Wall> {
        self.wall
    }

    fn notation(&self) -> TurnNotation {
        TurnNotation {
            start: self.path.start,
            turn: self.path.turn,
            end: self.path.end,
            double: self.double,
            landings: self.landings(),
            wall: self.wall,
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.path.fmt(f)?;
        if self.double {
            f.write_str("+")?;
        }
        for landing in self.landings() {
            write!(f, "x{landing}")?;
        }
        if let Some(wall) = self.wall {
            write!(f, "#{wall}")?;
        }
        Ok(())
    }
}

/// A legal Cabale move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CabaleMove {
    /// Put the runner on a start cell (placement phase).
    Place(Cell),
    /// A turn (play phase).
    Turn(Turn),
    /// The seat to move leaves the game, ranked last; the others play on.
    Leave,
}

impl fmt::Display for CabaleMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CabaleMove::Place(cell) => write!(f, "@{cell}"),
            CabaleMove::Turn(turn) => turn.fmt(f),
            CabaleMove::Leave => f.write_str("leave"),
        }
    }
}

/// Why a well-formed move is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// `leave` where the game cannot go on without the seat.
    #[error("a seat can leave only after the runners are placed and while at least three seats play on")]
    CannotLeave,
    /// A turn was given while runners are still being placed.
    #[error("runners are still being placed: {} places a runner first, like @A3", words::seat_name(*.0))]
    PlaceRunnerFirst(Seat),
    /// A placement was given after every runner is on the board.
    #[error("every runner is already on the board: move yours with a turn like A3>C3>C2")]
    RunnersPlaced,
    /// A runner placed on a corner cell.
    #[error("{0} is a corner: runners start on an edge cell that is not a corner")]
    StartOnCorner(Cell),
    /// A runner placed away from the edge.
    #[error("{0} is not on the edge of the board: runners start on an edge cell")]
    StartNotOnEdge(Cell),
    /// A runner placed on an occupied cell.
    #[error("{0} is taken by another runner")]
    StartTaken(Cell),
    /// The turn does not start on the mover's runner.
    #[error("your runner is on {runner}, not on {given}")]
    NotYourRunner {
        /// The cell the move names.
        given: Cell,
        /// Where the mover's runner stands.
        runner: Cell,
    },
    /// Two cells of the path are not on one straight line.
    #[error("{0} and {1} are not on a straight line: the runner moves straight, turns once, and moves straight")]
    NotStraight(Cell, Cell),
    /// The runner does not turn.
    #[error("the runner must turn at {0}: going on straight is not a turn")]
    NoTurn(Cell),
    /// The runner turns back the way it came.
    #[error("the runner may not turn back the way it came at {0}")]
    TurnsBack(Cell),
    /// A 120° turn when only 60° turns are allowed.
    #[error("the turn at {0} is a sharp (120°) turn, which these settings do not allow")]
    SharpTurn(Cell),
    /// The runner would enter a cell that is not empty.
    #[error("the runner cannot enter {0}: it is not empty")]
    Occupied(Cell),
    /// The runner would cross a blockade.
    #[error("the runner cannot cross the blockade on {0}")]
    CrossesBlockade(Wall),
    /// No double blocks left.
    #[error("you have already built all your double blocks")]
    NoDoublesLeft,
    /// A double block with only one block left.
    #[error("a double block needs two blocks, and you have only one left")]
    NoBlockForDouble,
    /// Captures or a blockade after the last block was placed (CA-I4).
    #[error("placing your last block ends the game at once: no captures or blockade may follow")]
    AfterLastBlock,
    /// A landing cell that is not two cells straight on from the block.
    #[error("the block on {from} cannot land on {to}: a jump goes over one neighbour to the cell right behind it")]
    JumpNotStraight {
        /// Where the jumping block stands.
        from: Cell,
        /// The landing cell given.
        to: Cell,
    },
    /// A later jump changes direction.
    #[error("the jump to {0} leaves the line: further captures continue in the same direction")]
    JumpChangesDirection(Cell),
    /// The jumped cell holds no enemy block.
    #[error("there is no enemy block on {0} to capture")]
    NothingToCapture(Cell),
    /// The landing cell is not empty.
    #[error("the block cannot land on {0}: it is not empty")]
    LandingOccupied(Cell),
    /// A jump would cross a blockade.
    #[error("the block cannot jump across the blockade on {0}")]
    JumpBlocked(Wall),
    /// No blockades left.
    #[error("you have no blockades left")]
    NoBlockadesLeft,
    /// The edge already has a blockade.
    #[error("{0} already has a blockade")]
    AlreadyWalled(Wall),
    /// The settings do not allow a blockade on this edge.
    #[error("these settings do not allow a blockade on {0}")]
    EdgeNotAllowed(Wall),
}

/// A Cabale position: board, runners, counters per seat, blockades, whose turn it
/// is, and the rule options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cabale {
    board: [u8; CELLS],
    runners: [u8; 4],
    players: u8,
    to_move: u8,
    supply: [u8; 4],
    doubles: [u8; 4],
    blockades: [u8; 4],
    captured_singles: [u8; 4],
    captured_doubles: [u8; 4],
    walls: EdgeSet,
    allowed: EdgeSet,
    sharp_turns: bool,
    /// House rule `boxed_in`: with `pass` and three or four seats, a seat whose
    /// runner cannot move is passed over.
    boxed_in: BoxedIn,
    /// The seats that left the game (bit per seat): skipped in the turn order and
    /// ranked last (`docs/rules/cabale.md`, "When a player leaves").
    gone: u8,
}

/// Why a Cabale game ended (§3.3 step 5): the typed reason of [`Game::outcome`].
/// Seats are numbered in playing order from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// This seat placed its last block.
    LastBlock(u8),
    /// This seat was to move and its runner could not move.
    Stuck(u8),
    /// No runner of the seats still playing can move (house rule `boxed_in:pass`).
    AllStuck,
}

impl Ending for End {
    const KEYS: &'static [&'static str] = &["last_block", "runner_stuck", "all_stuck"];

    fn key(self) -> &'static str {
        match self {
            End::LastBlock(_) => "last_block",
            End::Stuck(_) => "runner_stuck",
            End::AllStuck => "all_stuck",
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |seat: u8| words::seat_name(Seat(seat));
        match *self {
            End::LastBlock(seat) => write!(f, "{} placed their last block", name(seat)),
            End::Stuck(seat) => write!(f, "{}'s runner cannot move", name(seat)),
            End::AllStuck => f.write_str("no runner can move"),
        }
    }
}

impl Cabale {
    /// An empty board before runner placement, with full counters.
    fn empty(players: u8, settings: &CabaleSettings) -> Cabale {
        let players = players.clamp(2, 4);
        let per_seat = |values: [u8; 3]| {
            let v = table(values, players);
            [v, v, if players > 2 { v } else { 0 }, if players > 3 { v } else { 0 }]
        };
        Cabale {
            board: [EMPTY; CELLS],
            runners: [NO_CELL; 4],
            players,
            to_move: 0,
            supply: per_seat(SUPPLY),
            doubles: per_seat(DOUBLES),
            blockades: per_seat(BLOCKADES),
            captured_singles: [0; 4],
            captured_doubles: [0; 4],
            walls: EdgeSet::EMPTY,
            allowed: settings.blockade_edges.set(),
            sharp_turns: settings.sharp_turns,
            boxed_in: settings.boxed_in,
            gone: 0,
        }
    }

    /// Whether `seat` left the game.
    pub fn left(&self, seat: u8) -> bool {
        self.gone & (1 << seat) != 0
    }

    /// The seats still playing.
    fn playing(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.players).filter(|s| !self.left(*s))
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// What stands on `cell`.
    pub fn content(&self, cell: Cell) -> Content {
        decode(self.board[cell.index()])
    }

    /// Where the runner of `seat` stands, if it is on the board.
    pub fn runner(&self, seat: Seat) -> Option<Cell> {
        self.runners.get(seat.index()).and_then(|c| Cell::from_index(usize::from(*c)))
    }

    /// The blockades on the board, in board order.
    pub fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        self.walls.iter()
    }

    /// True when `wall` holds a blockade.
    pub fn has_wall(&self, wall: Wall) -> bool {
        self.walls.contains(wall)
    }

    /// The edges where blockades may go under these settings.
    pub fn allowed_walls(&self) -> EdgeSet {
        self.allowed
    }

    fn seat_value(values: &[u8; 4], seat: Seat) -> u8 {
        values.get(seat.index()).copied().unwrap_or(0)
    }

    /// Blocks `seat` has left to place.
    pub fn supply(&self, seat: Seat) -> u8 {
        Self::seat_value(&self.supply, seat)
    }

    /// Double blocks `seat` may still build.
    pub fn doubles_left(&self, seat: Seat) -> u8 {
        Self::seat_value(&self.doubles, seat)
    }

    /// Blockades `seat` has left.
    pub fn blockades_left(&self, seat: Seat) -> u8 {
        Self::seat_value(&self.blockades, seat)
    }

    /// Enemy blocks `seat` has captured: (singles, doubles).
    pub fn captured(&self, seat: Seat) -> (u8, u8) {
        (Self::seat_value(&self.captured_singles, seat), Self::seat_value(&self.captured_doubles, seat))
    }

    /// True when 120° turns are allowed.
    pub fn sharp_turns(&self) -> bool {
        self.sharp_turns
    }

    fn in_placement(&self) -> bool {
        self.playing().any(|s| self.runners[usize::from(s)] == NO_CELL)
    }

    fn next_seat(&self) -> u8 {
        let mut next = self.to_move;
        for _ in 0..self.players {
            next = (next + 1) % self.players;
            if !self.left(next) {
                break;
            }
        }
        if self.passes_boxed_in() && !self.in_placement() {
            // A boxed-in runner passes: the turn goes to the first seat in order,
            // the mover last, whose runner can move; if none can, the game ends on
            // the plain next seat.
            return self.first_movable(next).unwrap_or(next);
        }
        next
    }

    /// The first seat from `from` on in playing order (wrapping, seats that left
    /// skipped) whose runner can move.
    fn first_movable(&self, from: u8) -> Option<u8> {
        (0..self.players).map(|k| (from + k) % self.players).filter(|s| !self.left(*s)).find(|s| {
            let mut probe = self.clone();
            probe.to_move = *s;
            probe.has_runner_move()
        })
    }

    /// Under `boxed_in:pass`, a position read from a code whose player to move is
    /// boxed in gives the turn to the next player who can move, as play would have.
    pub(super) fn pass_boxed_in(&mut self) {
        if self.passes_boxed_in() && !self.in_placement() && !self.has_runner_move() {
            if let Some(seat) = self.first_movable(self.to_move) {
                self.to_move = seat;
            }
        }
    }

    /// True when a runner that cannot move is passed over (house rule
    /// `boxed_in:pass`, three or four seats).
    pub fn passes_boxed_in(&self) -> bool {
        self.boxed_in == BoxedIn::Pass && self.players > 2
    }

    /// Why the game has ended, if it has. Cheap: used on every playout step.
    fn end(&self) -> Option<End> {
        if self.in_placement() {
            return None;
        }
        if let Some(seat) = self.playing().find(|s| self.supply[usize::from(*s)] == 0) {
            return Some(End::LastBlock(seat));
        }
        if !self.has_runner_move() {
            // Under `boxed_in:pass` the turn only reaches a boxed-in runner when no
            // runner can move (see `next_seat`).
            return Some(if self.passes_boxed_in() { End::AllStuck } else { End::Stuck(self.to_move) });
        }
        None
    }

    #[inline]
    fn turn_allowed(&self, d1: Dir, d2: Dir) -> bool {
        match d1.angle(d2) {
            1 => true,
            2 => self.sharp_turns,
            _ => false,
        }
    }

    /// The neighbour of `c` in direction `d` if a runner can step there: on the
    /// board, no blockade between, empty.
    #[inline]
    fn runner_step(&self, c: Cell, d: Dir) -> Option<Cell> {
        let next = c.step(d)?;
        let edge = c.edge(d)?;
        (!self.walls.contains(edge) && self.board[next.index()] == EMPTY).then_some(next)
    }

    fn mover_runner(&self) -> Option<Cell> {
        Cell::from_index(usize::from(self.runners[usize::from(self.to_move)]))
    }

    /// Calls `f` with each runner path of the player to move in canonical order
    /// (first direction, first length, second direction, second length) until it
    /// returns false. Returns false if stopped.
    #[inline]
    fn for_each_path(&self, mut f: impl FnMut(Path) -> bool) -> bool {
        let Some(start) = self.mover_runner() else {
            return true;
        };
        for d1 in Dir::ALL {
            let mut turn = start;
            while let Some(t) = self.runner_step(turn, d1) {
                turn = t;
                for d2 in Dir::ALL {
                    if !self.turn_allowed(d1, d2) {
                        continue;
                    }
                    let mut end = turn;
                    while let Some(e) = self.runner_step(end, d2) {
                        end = e;
                        if !f(Path { start, turn, end, d1, d2 }) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    fn has_runner_move(&self) -> bool {
        !self.for_each_path(|_| false)
    }

    /// Every runner path of the player to move, in canonical order (empty when the
    /// game is over or runners are being placed).
    pub fn paths(&self) -> Vec<Path> {
        let mut out = Vec::new();
        if self.end().is_none() && !self.in_placement() {
            self.for_each_path(|p| {
                out.push(p);
                true
            });
        }
        out
    }

    fn can_double(&self) -> bool {
        let s = usize::from(self.to_move);
        self.supply[s] >= 2 && self.doubles[s] > 0
    }

    fn supply_after(&self, double: bool) -> u8 {
        self.supply[usize::from(self.to_move)].saturating_sub(if double { 2 } else { 1 })
    }

    #[inline]
    fn is_enemy_block(&self, c: Cell) -> bool {
        let v = self.board[c.index()];
        v != EMPTY && v < RUNNER && (v - 1) % 4 != self.to_move
    }

    /// True when a jumping block may land on `c` once the runner has taken `path`.
    #[inline]
    fn landing_free(&self, path: &Path, c: Cell) -> bool {
        c != path.end && (c == path.start || self.board[c.index()] == EMPTY)
    }

    /// How many jumps in a row the block on the turning cell of `path` can make in
    /// direction `d`.
    #[inline]
    fn jump_reach(&self, path: &Path, d: Dir) -> u8 {
        let mut x = path.turn;
        let mut n = 0;
        loop {
            let Some(over) = x.step(d) else { return n };
            let Some(land) = over.step(d) else { return n };
            let crosses = |a: Cell| a.edge(d).is_some_and(|e| self.walls.contains(e));
            if crosses(x) || crosses(over) || !self.is_enemy_block(over) || !self.landing_free(path, land) {
                return n;
            }
            n += 1;
            x = land;
        }
    }

    fn free_walls(&self) -> EdgeSet {
        if self.blockades[usize::from(self.to_move)] == 0 {
            EdgeSet::EMPTY
        } else {
            self.allowed.minus(&self.walls)
        }
    }

    /// The capture choices after `path`: no capture first, then by direction and
    /// number of jumps.
    fn jump_options(&self, path: &Path, out: &mut Vec<Option<(Dir, u8)>>) {
        out.push(None);
        for d in Dir::ALL {
            for k in 1..=self.jump_reach(path, d) {
                out.push(Some((d, k)));
            }
        }
    }

    fn check_place(&self, cell: Cell) -> Result<CabaleMove, IllegalMove> {
        if !self.in_placement() {
            return Err(IllegalMove::RunnersPlaced);
        }
        if cell.is_corner() {
            return Err(IllegalMove::StartOnCorner(cell));
        }
        if !cell.is_edge() {
            return Err(IllegalMove::StartNotOnEdge(cell));
        }
        if self.board[cell.index()] != EMPTY {
            return Err(IllegalMove::StartTaken(cell));
        }
        Ok(CabaleMove::Place(cell))
    }

    fn check_path(&self, n: &TurnNotation) -> Result<Path, IllegalMove> {
        let runner = self.mover_runner().ok_or(IllegalMove::PlaceRunnerFirst(Seat(self.to_move)))?;
        if n.start != runner {
            return Err(IllegalMove::NotYourRunner { given: n.start, runner });
        }
        let (d1, _) = n.start.line_to(n.turn).ok_or(IllegalMove::NotStraight(n.start, n.turn))?;
        let (d2, _) = n.turn.line_to(n.end).ok_or(IllegalMove::NotStraight(n.turn, n.end))?;
        match d1.angle(d2) {
            0 => return Err(IllegalMove::NoTurn(n.turn)),
            3 => return Err(IllegalMove::TurnsBack(n.turn)),
            2 if !self.sharp_turns => return Err(IllegalMove::SharpTurn(n.turn)),
            _ => {}
        }
        let mut c = n.start;
        for (dir, target) in [(d1, n.turn), (d2, n.end)] {
            while c != target {
                let (Some(next), Some(edge)) = (c.step(dir), c.edge(dir)) else {
                    return Err(IllegalMove::NotStraight(c, target));
                };
                if self.walls.contains(edge) {
                    return Err(IllegalMove::CrossesBlockade(edge));
                }
                if self.board[next.index()] != EMPTY {
                    return Err(IllegalMove::Occupied(next));
                }
                c = next;
            }
        }
        Ok(Path { start: n.start, turn: n.turn, end: n.end, d1, d2 })
    }

    fn check_jumps(&self, path: &Path, landings: &[Cell]) -> Result<Option<(Dir, u8)>, IllegalMove> {
        let Some(first) = landings.first() else {
            return Ok(None);
        };
        let dir = match path.turn.line_to(*first) {
            Some((d, 2)) => d,
            _ => return Err(IllegalMove::JumpNotStraight { from: path.turn, to: *first }),
        };
        let mut x = path.turn;
        for (i, landing) in landings.iter().enumerate() {
            match x.line_to(*landing) {
                Some((d, 2)) if d == dir => {}
                Some((_, 2)) if i > 0 => return Err(IllegalMove::JumpChangesDirection(*landing)),
                _ => return Err(IllegalMove::JumpNotStraight { from: x, to: *landing }),
            }
            let (Some(over), Some(e1)) = (x.step(dir), x.edge(dir)) else {
                return Err(IllegalMove::JumpNotStraight { from: x, to: *landing });
            };
            let Some(e2) = over.edge(dir) else {
                return Err(IllegalMove::JumpNotStraight { from: x, to: *landing });
            };
            for e in [e1, e2] {
                if self.walls.contains(e) {
                    return Err(IllegalMove::JumpBlocked(e));
                }
            }
            if !self.is_enemy_block(over) {
                return Err(IllegalMove::NothingToCapture(over));
            }
            if !self.landing_free(path, *landing) {
                return Err(IllegalMove::LandingOccupied(*landing));
            }
            x = *landing;
        }
        Ok(Some((dir, landings.len() as u8)))
    }

    fn check_wall(&self, wall: Wall) -> Result<(), IllegalMove> {
        if self.blockades[usize::from(self.to_move)] == 0 {
            return Err(IllegalMove::NoBlockadesLeft);
        }
        if self.walls.contains(wall) {
            return Err(IllegalMove::AlreadyWalled(wall));
        }
        if !self.allowed.contains(wall) {
            return Err(IllegalMove::EdgeNotAllowed(wall));
        }
        Ok(())
    }

    fn check_block(&self, double: bool) -> Result<(), IllegalMove> {
        let s = usize::from(self.to_move);
        if double && self.doubles[s] == 0 {
            return Err(IllegalMove::NoDoublesLeft);
        }
        if double && self.supply[s] < 2 {
            return Err(IllegalMove::NoBlockForDouble);
        }
        Ok(())
    }

    fn check_turn(&self, n: &TurnNotation) -> Result<Turn, IllegalMove> {
        let path = self.check_path(n)?;
        self.check_block(n.double)?;
        if self.supply_after(n.double) == 0 && (!n.landings.is_empty() || n.wall.is_some()) {
            return Err(IllegalMove::AfterLastBlock);
        }
        let jump = self.check_jumps(&path, &n.landings)?;
        if let Some(wall) = n.wall {
            self.check_wall(wall)?;
        }
        Ok(Turn { path, double: n.double, jump, wall: n.wall })
    }

    fn check(&self, notation: &CabaleNotation) -> Result<CabaleMove, IllegalMove> {
        if self.end().is_some() {
            return Err(IllegalMove::GameOver);
        }
        match notation {
            CabaleNotation::Place(cell) => self.check_place(*cell),
            CabaleNotation::Turn(turn) => self.check_turn(turn).map(CabaleMove::Turn),
            CabaleNotation::Leave if self.in_placement() || self.playing().count() < 3 => Err(IllegalMove::CannotLeave),
            CabaleNotation::Leave => Ok(CabaleMove::Leave),
        }
    }

    /// Calls `f` with every complete turn built on `path`, in canonical order.
    fn for_each_turn_on(&self, path: Path, jumps: &mut Vec<Option<(Dir, u8)>>, f: &mut impl FnMut(Turn)) {
        let free = self.free_walls();
        for double in [false, true] {
            if double && !self.can_double() {
                continue;
            }
            if self.supply_after(double) == 0 {
                f(Turn { path, double, jump: None, wall: None });
                continue;
            }
            jumps.clear();
            self.jump_options(&path, jumps);
            for jump in jumps.iter() {
                f(Turn { path, double, jump: *jump, wall: None });
                for wall in free.iter() {
                    f(Turn { path, double, jump: *jump, wall: Some(wall) });
                }
            }
        }
    }

    /// Number of complete turns open to the player to move, counted without listing
    /// them.
    pub fn count_turns(&self) -> u64 {
        if self.end().is_some() || self.in_placement() {
            return 0;
        }
        let walls = 1 + self.free_walls().len() as u64;
        let mut total = 0u64;
        self.for_each_path(|path| {
            for double in [false, true] {
                if double && !self.can_double() {
                    continue;
                }
                if self.supply_after(double) == 0 {
                    total += 1;
                    continue;
                }
                let jumps: u64 = 1 + Dir::ALL.iter().map(|d| u64::from(self.jump_reach(&path, *d))).sum::<u64>();
                total += jumps * walls;
            }
            true
        });
        total
    }

    /// Each seat's score (§3.4): cell values of its blocks (doubled for a double
    /// block), 1 per captured single and 3 per captured double.
    fn score_list(&self) -> Vec<i32> {
        self.score_array()[..self.players()].to_vec()
    }

    /// Each seat's points (§3.4), in seat order; seats beyond the game's are 0.
    fn score_array(&self) -> [i32; 4] {
        let mut scores = [0i32; 4];
        for (s, score) in scores.iter_mut().enumerate().take(self.players()) {
            *score = i32::from(self.captured_singles[s]) * CAPTURED_SINGLE_POINTS
                + i32::from(self.captured_doubles[s]) * CAPTURED_DOUBLE_POINTS;
        }
        for cell in Cell::all() {
            if let Content::Block { seat, double } = self.content(cell) {
                if let Some(score) = scores.get_mut(seat.index()) {
                    *score += i32::from(cell.value()) * if double { 2 } else { 1 };
                }
            }
        }
        scores
    }

    /// What each seat's score would change by if the player to move made its best
    /// capture next (the most points taken from others and won, a run of jumps
    /// counted whole), in seat order; all zero when it has none. Checked without
    /// listing paths: any cell the runner can reach in a straight line and leave
    /// again by turning is a turning cell. A landing on the cell the runner ends on
    /// is not told apart (the runner can nearly always stop elsewhere).
    fn capture_threat(&self) -> [i32; 4] {
        let mut best = [0i32; 4];
        let Some(start) = self.mover_runner() else { return best };
        let me = usize::from(self.to_move);
        // The last block ends the game before any capture.
        if self.supply[me] <= 1 {
            return best;
        }
        let mut best_swing = 0;
        for d1 in Dir::ALL {
            let mut turn = start;
            while let Some(t) = self.runner_step(turn, d1) {
                turn = t;
                if !Dir::ALL.iter().any(|d2| self.turn_allowed(d1, *d2) && self.runner_step(turn, *d2).is_some()) {
                    continue;
                }
                for d in Dir::ALL {
                    let crosses = |a: Cell| a.edge(d).is_some_and(|e| self.walls.contains(e));
                    let (mut x, mut delta, mut swing) = (turn, [0i32; 4], 0);
                    while let Some(over) = x.step(d) {
                        let Some(land) = over.step(d) else { break };
                        if crosses(x) || crosses(over) || !(land == start || self.board[land.index()] == EMPTY) {
                            break;
                        }
                        let Content::Block { seat, double } = self.content(over) else { break };
                        if seat.index() == me {
                            break;
                        }
                        let lost = i32::from(over.value()) * if double { 2 } else { 1 };
                        let points = if double { CAPTURED_DOUBLE_POINTS } else { CAPTURED_SINGLE_POINTS };
                        delta[seat.index() % 4] -= lost;
                        delta[me % 4] += points;
                        swing += lost + points;
                        if swing > best_swing {
                            best_swing = swing;
                            best = delta;
                        }
                        x = land;
                    }
                }
            }
        }
        best
    }

    /// A menu entry for a complete move, labelled only if it is shown.
    fn part(&self, m: CabaleMove, more: bool) -> Candidate<Part> {
        Candidate { text: m.to_string(), complete: true, more, label: Part::Move(m) }
    }

    /// True when a turn along `path` can be extended past its single block: a
    /// double block, a capture or a blockade.
    fn path_has_more(&self, path: &Path) -> bool {
        self.can_double()
            || self.walls_can_follow(false)
            || (self.supply_after(false) > 0 && Dir::ALL.iter().any(|d| self.jump_reach(path, *d) > 0))
    }

    /// True when walls can follow a block choice on `path`.
    fn walls_can_follow(&self, double: bool) -> bool {
        self.supply_after(double) > 0 && !self.free_walls().is_empty()
    }
}

fn decode(v: u8) -> Content {
    match v {
        SINGLE..DOUBLE => Content::Block { seat: Seat(v - SINGLE), double: false },
        DOUBLE..RUNNER => Content::Block { seat: Seat(v - DOUBLE), double: true },
        RUNNER..=12 => Content::Runner(Seat(v - RUNNER)),
        _ => Content::Empty,
    }
}

impl fmt::Display for Cabale {
    /// The position code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        code::write(self, f)
    }
}

impl Game for Cabale {
    type Settings = CabaleSettings;
    type Move = CabaleMove;
    type Notation = CabaleNotation;
    type NotationError = NotationError;
    type Illegal = IllegalMove;
    type CodeError = CodeError;
    type End = End;
    type Note = Note;

    const KIND: GameKind = GameKind::Cabale;
    const TITLE: &'static str = "Cabale";
    const RULE_OPTIONS: &'static [RuleOption] = &[
        RuleOption {
            name: "sharp",
            key: "sharp_turns",
            values: RuleValues::YesNo { default: true },
            help: "option-cabale-sharp",
        },
        RuleOption {
            name: "boxed_in",
            key: "boxed_in",
            values: RuleValues::Choice { words: &["end", "pass"], default: "end" },
            help: "option-cabale-boxed-in",
        },
    ];
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;
    const PLAYERS_OPTION: Option<&'static str> = Some("players");

    fn check_option(key: &str, value: &serde_json::Value) -> Result<(), super::OptionError> {
        check_option(key, value)
    }

    fn start(settings: &CabaleSettings) -> Cabale {
        Cabale::empty(settings.players, settings)
    }

    fn from_code(code: &str, settings: &CabaleSettings) -> Result<Cabale, CodeError> {
        code::parse(code, settings)
    }

    fn settings(&self) -> CabaleSettings {
        CabaleSettings {
            players: self.players,
            sharp_turns: self.sharp_turns,
            blockade_edges: BlockadeEdges::from_set(self.allowed),
            boxed_in: self.boxed_in,
        }
    }

    fn seats(&self) -> &'static [SeatInfo] {
        &SEATS[..self.players()]
    }

    fn to_move(&self) -> Seat {
        Seat(self.to_move)
    }

    fn leave_move(&self) -> Option<CabaleMove> {
        self.legalize(&CabaleNotation::Leave).ok()
    }

    fn has_left(&self, seat: Seat) -> bool {
        seat.index() < self.players() && self.left(seat.0)
    }

    fn view(&self) -> crate::games::BoardView<Phrase> {
        view::view(self)
    }

    fn move_view(&self, m: &CabaleMove) -> crate::games::MoveView<Phrase> {
        view::move_view(self, m)
    }

    fn phase(&self) -> Phase {
        if self.in_placement() {
            Phase::Placement
        } else {
            Phase::Play
        }
    }

    fn scores(&self) -> Option<BySeat<i32>> {
        Some(BySeat::from_slice(&self.score_array()[..self.players()]))
    }

    /// The default's score comparison (a lead of 10 points over each other seat is
    /// worth about 0.73, averaged over the others), computed without allocating,
    /// since the AI calls it for every sampled turn it weighs.
    fn evaluate(&self, seat: Seat) -> f64 {
        self.estimate(seat, Sight::Board)
    }

    /// With [`Sight::Threats`], the scores are counted as if the player to move had
    /// already made its best capture (see [`Cabale::capture_threat`]).
    fn estimate(&self, seat: Seat, sight: Sight) -> f64 {
        if self.end().is_some() {
            return self.outcome().map_or(0.5, |o| o.reward(seat));
        }
        let mut scores = self.score_array();
        if sight == Sight::Threats {
            // The player to move takes what is left hanging: without this, a double
            // block put where the next runner can jump it looks as good as a safe
            // one, and a search whose sampled replies seldom include the jump walks
            // into it (issue #32: `medium` threw away 3 of 20 won positions so).
            for (score, change) in scores.iter_mut().zip(self.capture_threat()) {
                *score += change;
            }
        }
        super::compare_scores(&scores[..self.players().min(scores.len())], seat)
    }

    /// The game ends when a player has placed his last block, or when the player
    /// to move has no runner move (§3.3 step 5); the most points wins (§3.4).
    fn outcome(&self) -> Option<Outcome> {
        let end = self.end()?;
        let scores = BySeat::from_slice(&self.score_array()[..self.players()]);
        let mut outcome = Outcome::by_scores(scores, end);
        if self.gone != 0 {
            // The seats still playing are ranked by score among themselves; the seats
            // that left share the last place.
            let playing: Vec<u8> = self.playing().collect();
            let last = playing.len() as u8 + 1;
            outcome.places = BySeat::from_fn(self.players(), |s| {
                if self.left(s.0) {
                    return last;
                }
                let mine = scores[s.index()];
                1 + playing.iter().filter(|t| scores[usize::from(**t)] > mine).count() as u8
            });
        }
        Some(outcome)
    }

    /// Placements in board order; turns by path (see [`Cabale::paths`]), then
    /// single before double, no capture before captures (by direction, then number
    /// of jumps), no blockade before blockades (in board order).
    fn legal_moves(&self, out: &mut Vec<CabaleMove>) {
        if self.in_placement() {
            out.extend(Cell::all().filter_map(|c| self.check_place(c).ok()));
            return;
        }
        if self.end().is_some() {
            return;
        }
        let mut jumps = Vec::new();
        let mut push = |t: Turn| out.push(CabaleMove::Turn(t));
        self.for_each_path(|path| {
            self.for_each_turn_on(path, &mut jumps, &mut push);
            true
        });
    }

    fn legalize(&self, notation: &CabaleNotation) -> Result<CabaleMove, IllegalMove> {
        self.check(notation)
    }

    fn play(mut self, m: &CabaleMove) -> Result<Cabale, PlayError<Cabale>> {
        let notation = match m {
            CabaleMove::Place(cell) => CabaleNotation::Place(*cell),
            CabaleMove::Turn(turn) => CabaleNotation::Turn(turn.notation()),
            CabaleMove::Leave => CabaleNotation::Leave,
        };
        // A move's text names it completely, so the checked move is `m` itself.
        match self.check(&notation) {
            Ok(checked) => {
                self.play_unchecked(&checked);
                Ok(self)
            }
            Err(reason) => Err(PlayError { position: self, reason }),
        }
    }

    fn play_unchecked(&mut self, m: &CabaleMove) {
        let s = self.to_move;
        let si = usize::from(s % 4);
        match m {
            CabaleMove::Place(cell) => {
                self.board[cell.index()] = RUNNER + s;
                self.runners[si] = cell.index() as u8;
            }
            CabaleMove::Leave => {
                // The runner leaves the board; the blocks stay and score nothing for
                // anyone's place but their owner's record.
                if let Some(cell) = Cell::from_index(usize::from(self.runners[si])) {
                    self.board[cell.index()] = EMPTY;
                }
                self.runners[si] = NO_CELL;
                self.gone |= 1 << s;
            }
            CabaleMove::Turn(turn) => {
                let path = turn.path;
                self.board[path.start.index()] = EMPTY;
                self.board[path.end.index()] = RUNNER + s;
                self.runners[si] = path.end.index() as u8;
                let block = if turn.double { DOUBLE + s } else { SINGLE + s };
                self.supply[si] = self.supply_after(turn.double);
                if turn.double {
                    self.doubles[si] = self.doubles[si].saturating_sub(1);
                }
                let mut x = path.turn;
                if self.supply[si] > 0 {
                    if let Some((dir, n)) = turn.jump {
                        for _ in 0..n {
                            let Some(over) = x.step(dir) else { break };
                            let Some(land) = over.step(dir) else { break };
                            match decode(self.board[over.index()]) {
                                Content::Block { double: true, .. } => {
                                    self.captured_doubles[si] = self.captured_doubles[si].saturating_add(1)
                                }
                                _ => self.captured_singles[si] = self.captured_singles[si].saturating_add(1),
                            }
                            self.board[over.index()] = EMPTY;
                            x = land;
                        }
                    }
                    if let Some(wall) = turn.wall {
                        self.walls.insert(wall);
                        self.blockades[si] = self.blockades[si].saturating_sub(1);
                    }
                }
                self.board[x.index()] = block;
            }
        }
        self.to_move = self.next_seat();
    }

    /// `A3>C3>C2 · double on C3 (6) · takes 1 (to C7, 3) · blockade D4|D5`.
    fn notes(&self, m: &CabaleMove) -> Vec<Note> {
        let turn = match m {
            CabaleMove::Place(cell) => return vec![Note::RunnerStarts(*cell)],
            CabaleMove::Leave => return vec![Note::Leaves(Seat(self.to_move))],
            CabaleMove::Turn(turn) => turn,
        };
        let cell = turn.block_cell();
        let mut notes = vec![Note::Block { double: turn.double, cell, value: cell.value() }];
        if self.supply_after(turn.double) == 0 {
            notes.push(Note::LastBlock);
        }
        if turn.captures() > 0 {
            let to = turn.final_block_cell();
            notes.push(Note::Takes { captures: turn.captures(), to, value: to.value() });
        }
        if let Some(wall) = turn.wall {
            notes.push(Note::Blockade(wall));
        }
        notes
    }

    /// A turn's label starts with the runner's path: its notes tell the block,
    /// captures and blockade that the canonical text spells out.
    fn label_head(&self, m: &CabaleMove) -> String {
        match m {
            CabaleMove::Turn(turn) => turn.path.to_string(),
            CabaleMove::Place(_) | CabaleMove::Leave => m.to_string(),
        }
    }

    fn diagram(&self) -> Diagram {
        code::diagram(self)
    }

    /// Samples part by part: a placement uniformly; otherwise a runner path
    /// uniformly, then single or double (each equally likely when both are open),
    /// then a capture choice uniformly (none included), then a blockade edge
    /// uniformly (none included). Not uniform over complete turns, which would
    /// favour turns with many blockade choices; no list of turns is built.
    fn random_move(&self, below: &mut dyn FnMut(usize) -> usize) -> Option<CabaleMove> {
        if self.in_placement() {
            let free = Cell::all().filter(|c| self.check_place(*c).is_ok());
            let n = free.clone().count();
            return if n == 0 { None } else { free.clone().nth(below(n)).map(CabaleMove::Place) };
        }
        if (0..self.players()).any(|s| self.supply[s] == 0) {
            return None;
        }
        let mut count = 0usize;
        self.for_each_path(|_| {
            count += 1;
            true
        });
        if count == 0 {
            return None;
        }
        let mut pick = below(count);
        let mut chosen = None;
        self.for_each_path(|p| {
            if pick == 0 {
                chosen = Some(p);
                return false;
            }
            pick -= 1;
            true
        });
        let path = chosen?;
        let double = self.can_double() && below(2) == 1;
        if self.supply_after(double) == 0 {
            return Some(CabaleMove::Turn(Turn { path, double, jump: None, wall: None }));
        }
        let reach: [u8; 6] = Dir::ALL.map(|d| self.jump_reach(&path, d));
        let options: usize = 1 + reach.iter().map(|r| usize::from(*r)).sum::<usize>();
        let mut j = below(options);
        let mut jump = None;
        if j > 0 {
            j -= 1;
            for (d, r) in Dir::ALL.iter().zip(reach) {
                if j < usize::from(r) {
                    jump = Some((*d, j as u8 + 1));
                    break;
                }
                j -= usize::from(r);
            }
        }
        let free = self.free_walls();
        let w = below(free.len() + 1);
        let wall = if w == 0 { None } else { free.nth(w - 1) };
        Some(CabaleMove::Turn(Turn { path, double, jump, wall }))
    }

    /// True during the turns proper: a turn is a path, then a block or capture
    /// choice, then a blockade, and tens of thousands of combinations are common.
    fn builds_in_parts(&self) -> bool {
        !self.in_placement() && self.paths().iter().any(|path| self.path_has_more(path))
    }

    /// Steps: `""` → every runner path (`A3>C3>C2`, itself a complete turn with a
    /// single block); a path → its other block and capture choices (`…+`, `…xC5`,
    /// `…+xC5`), followed by the blockades after a plain single block (`…#D4|D5`);
    /// a block or capture choice → its blockades. Every entry is a complete turn;
    /// `more` says whether it can be extended further. Invalid `chosen` gives none.
    fn menu(&self, chosen: &str, typed: &str, limit: usize) -> Menu {
        let label = |part: Part| match part {
            Part::Move(m) => Label { head: self.label_head(&m), notes: self.notes(&m) },
            Part::Path(path) => Label {
                head: path.to_string(),
                notes: vec![Note::TurnOn { cell: path.turn, value: path.turn.value() }],
            },
        };
        let chosen = chosen.trim();
        if chosen.is_empty() {
            if self.in_placement() {
                let mut moves = Vec::new();
                self.legal_moves(&mut moves);
                return select(moves.into_iter().map(|m| self.part(m, false)), typed, limit, label);
            }
            let parts = self.paths().into_iter().map(|path| {
                let m = CabaleMove::Turn(Turn { path, double: false, jump: None, wall: None });
                Candidate {
                    text: m.to_string(),
                    complete: true,
                    more: self.path_has_more(&path),
                    label: Part::Path(path),
                }
            });
            return select(parts, typed, limit, label);
        }
        let Ok(CabaleNotation::Turn(notation)) = chosen.parse::<CabaleNotation>() else {
            return Menu::default();
        };
        if self.end().is_some() {
            return Menu::default();
        }
        let Ok(turn) = self.check_turn(&notation) else {
            return Menu::default();
        };
        if turn.wall.is_some() {
            return Menu::default();
        }
        let walls_of = |t: Turn| -> Vec<Candidate<Part>> {
            if !self.walls_can_follow(t.double) {
                return Vec::new();
            }
            self.free_walls()
                .iter()
                .map(|wall| self.part(CabaleMove::Turn(Turn { wall: Some(wall), ..t }), false))
                .collect()
        };
        if turn.double || turn.jump.is_some() {
            return select(walls_of(turn), typed, limit, label);
        }
        let mut out = Vec::new();
        let mut jumps = Vec::new();
        for double in [false, true] {
            if double && !self.can_double() {
                continue;
            }
            jumps.clear();
            if self.supply_after(double) == 0 {
                jumps.push(None);
            } else {
                self.jump_options(&turn.path, &mut jumps);
            }
            for jump in &jumps {
                if !double && jump.is_none() {
                    continue;
                }
                let t = Turn { path: turn.path, double, jump: *jump, wall: None };
                out.push(self.part(CabaleMove::Turn(t), self.walls_can_follow(double)));
            }
        }
        out.extend(walls_of(turn));
        select(out, typed, limit, label)
    }
}

/// What a menu entry's label is made from: a whole move, or a runner path that
/// further parts may extend.
enum Part {
    Move(CabaleMove),
    Path(Path),
}

#[cfg(test)]
mod tests;
