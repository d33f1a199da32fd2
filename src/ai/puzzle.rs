//! Puzzles from finished games: the positions where the mover made a mistake or a
//! blunder and one move is clearly best, with the line that follows while it is
//! forced (lichess's "Learn from your mistakes", for our four games).
//!
//! # How a position becomes a puzzle
//!
//! The review ([`super::review`]) says which moves were mistakes or blunders; it
//! searches each position once, at its own budget, and a label says only that the
//! move played lost points. A puzzle needs more: that **one** move is clearly best,
//! so that a person who finds it is right and everyone else is not. Each suspect
//! position (a mistake or a blunder of the review, at most [`MAX_POSITIONS`] of a
//! game, the worst first) is therefore searched again, deeper, move by move:
//!
//! 1. the position itself, with twice the budget ([`PuzzleSearch::playouts`]), for
//!    the moves the tree search likes best (its five most visited);
//! 2. every legal move, when there are at most [`SCREENED`]: each position after
//!    it is searched with a quarter of the budget (a screen), for the mover's
//!    winning chances after it (Kuba's extra push after a capture included: the
//!    search reads the mover's own chances, whoever moves next);
//! 3. the moves that matter with the whole budget: the root's favourites, the move
//!    played in the game, and every screened move within [`CLOSE`] points of the
//!    best screened one (with at most [`FULL_ALL`] legal moves, all of them).
//!    Positions with more legal moves than [`SCREENED`] (Cabale's turns, a wide
//!    Kewbz board) compare the root's favourites and the move played.
//!
//! The position is a puzzle when the best move keeps at least [`MARGIN`] (15)
//! percentage points of winning chances more than every other move compared, and
//! is not the move played (the deeper search confirms the mistake by as much). One
//! search of a position's value strays by several points, more than ten at times (a
//! Kuba position whose two best moves are even was read 75 against 60 by one seed):
//! so once a clear best appears, it and every move within [`MARGIN`] +
//! [`VERIFY_WINDOW`] points of it are searched [`VERIFY_ROUNDS`] more times, each
//! with a seed of its own, and the best move must keep its [`MARGIN`] by the means,
//! and two thirds of it in each round. A position with one legal move never is a
//! puzzle.
//!
//! # The line
//!
//! After the best move the line goes on with the move the search expects from
//! whoever is to move, as long as the solver's own moves are forced: the only legal
//! move, a proven win, or a move whose value the search puts [`MARGIN`] points above
//! the next one's with at least two thirds of the playouts. It ends on a move of the
//! solver's and holds at most [`LINE_PLIES`] moves.
//!
//! # Cost and repeatability
//!
//! Everything is a playout budget (no clock) with a seed per search derived from
//! the budget's seed, the ply and the search's place in the plan: the same game,
//! review, budget and seed give the same puzzles on any machine and under any load.
//! The work comes one search at a time ([`Finder::step`]), so the service's workers
//! run it as short background jobs. A position costs its own search (two budgets),
//! a screen of each legal move (a quarter of a budget each), a whole budget for each
//! move that matters and, once a clear best appears, [`VERIFY_ROUNDS`] more for it and
//! each close move, then one per move of the line; a game has at most
//! [`MAX_POSITIONS`] positions searched (`cargo bench --bench puzzles` measures it).
//!
//! ```
//! use boardbot::ai::puzzle::{judge, PuzzleSearch, Verdict};
//! use boardbot::games::{GameKind, Position};
//!
//! // Both sides have pushed off six reds; White's e1-E pushes off the seventh.
//! let settings = GameKind::Kuba.default_settings();
//! let position = Position::from_code("W6/7/7/7/7/7/4WBR w 6-6 -", &settings)?;
//! let search = PuzzleSearch { playouts: 200, seed: 1, exhaustive: false };
//! let Verdict::Clear { best, line, .. } = judge(&position, &[], search, Some("e1-N"))? else { panic!() };
//! assert_eq!(best, "e1-E");
//! assert_eq!(line, ["e1-E"], "the game ends with it");
//! # Ok::<(), boardbot::ai::AiError>(())
//! ```

use serde::{Deserialize, Serialize};

use super::history::position_key;
use super::review::Label;
use super::{choose_with, AiError, Budget, Certainty, Context, MctsConfig, Player};
use crate::games::{AnyMove, Game, Position, PositionVisitor, ReplayError, Seat, Settings};

/// The percentage points of winning chances the best move must keep over every
/// other move for a position to be a puzzle.
pub const MARGIN: f64 = 15.0;

/// Playouts of each move's search at the default budget (the position's own
/// search has twice as many): half again the review's per position
/// ([`super::review::DEFAULT_PLAYOUTS`]), spent on every move that matters.
pub const DEFAULT_PLAYOUTS: u64 = 3_000;

/// The most suspect positions of one game searched for puzzles (its worst
/// mistakes and blunders first): what bounds a game's cost.
pub const MAX_POSITIONS: usize = 6;

/// The most moves of a line, the best move included.
pub const LINE_PLIES: usize = 6;

/// With at most this many legal moves every one is screened.
pub const SCREENED: usize = 64;

/// With at most this many legal moves every one gets the whole budget.
pub const FULL_ALL: usize = 8;

/// A screened move within this many points of the best screened one gets the whole
/// budget: a screen's own noise is a few points, well inside it.
pub const CLOSE: f64 = 25.0;

/// The root's favourites compared in every position (its most visited moves).
const FAVOURITES: usize = 5;

/// Searches more of the best move and of every move within [`MARGIN`] and this many
/// points of it, once the first searches found a clear best, each with a seed of its
/// own: one search of a position's value strays by several points (more than ten, at
/// times, in a sharp Kuba position), which would make a puzzle of a position whose
/// two best moves are even.
pub const VERIFY_WINDOW: f64 = 15.0;

/// The searches more of each of those moves.
pub const VERIFY_ROUNDS: usize = 2;

/// A screen spends this share of the budget.
const SCREEN_SHARE: u64 = 4;

/// What the deeper search spends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleSearch {
    /// Playouts of each move's search (the position's own search has twice as
    /// many); at least 4.
    pub playouts: u64,
    /// The seed: the same position, budget and seed give the same verdict.
    pub seed: u64,
    /// Search every legal move with the whole budget (no screen), when there are at
    /// most [`SCREENED`]: for the test set's deep searches, not for the bot.
    pub exhaustive: bool,
}

impl Default for PuzzleSearch {
    fn default() -> Self {
        PuzzleSearch { playouts: DEFAULT_PLAYOUTS, seed: 1, exhaustive: false }
    }
}

/// A move of a puzzle's position with the mover's winning chances after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// The move in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The mover's winning chances after it, in percent.
    pub chances: f64,
    /// It was searched with the whole budget (else only screened).
    pub full: bool,
}

/// What the deeper search says of a position.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// One move is clearly best.
    Clear {
        /// The best move.
        best: String,
        /// The points of winning chances it keeps over the next best move.
        margin: f64,
        /// The best move and what follows while it is forced (the best move first).
        line: Vec<String>,
        /// Every move compared, best first.
        moves: Vec<Judged>,
    },
    /// No single move stands out (or the best one is the move that was played).
    Unclear {
        /// Every move compared, best first.
        moves: Vec<Judged>,
    },
    /// The position has one legal move, or none.
    Forced,
}

/// A puzzle found in a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The move of the game that was a mistake, from 1: the puzzle's position is
    /// the one before it (after `ply − 1` moves).
    pub ply: u32,
    /// The seat that made it: the solver plays this seat.
    pub seat: u8,
    /// The position's code.
    pub code: String,
    /// The move played in the game.
    pub played: String,
    /// The review's label of the move played.
    pub label: Label,
    /// The best move.
    pub best: String,
    /// The best move and what follows while it is forced.
    pub line: Vec<String>,
    /// The points the best move keeps over the next best.
    pub margin: f64,
    /// The moves compared, best first, with the mover's chances after each.
    pub moves: Vec<Judged>,
}

/// A move the review found bad: where to look for a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Suspect {
    /// The move's number, from 1.
    pub ply: u32,
    /// Its label (only mistakes and blunders make puzzles).
    pub label: Label,
    /// What the review said it lost, in points.
    pub loss: f64,
}

/// The suspects worth a deeper search among a review's labelled moves: mistakes and
/// blunders, the [`MAX_POSITIONS`] largest losses (the earlier of equal ones), in
/// the order of the game.
pub fn suspects(labelled: impl IntoIterator<Item = Suspect>) -> Vec<Suspect> {
    let mut bad: Vec<Suspect> = labelled.into_iter().filter(|s| s.label >= Label::Mistake && s.ply > 0).collect();
    bad.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    bad.truncate(MAX_POSITIONS);
    bad.sort_by_key(|s| s.ply);
    bad
}

/// The searches of one position, as they are planned and run.
#[derive(Clone, Debug)]
struct Judging {
    position: Position,
    /// The keys of the positions up to this one, this one last.
    keys: Vec<u64>,
    seat: Seat,
    played: Option<String>,
    search: PuzzleSearch,
    /// Where this position's seeds start.
    salt: u64,
    /// Searches run so far (each has a seed of its own).
    runs: u64,
    moves: Vec<AnyMove>,
    texts: Vec<String>,
    screened: Vec<Option<f64>>,
    full: Vec<Option<f64>>,
    /// Indexes of `moves` waiting for their screen, then their whole search.
    todo: Vec<usize>,
    /// Moves that get the whole budget whatever their screen says.
    pending_full: Vec<usize>,
    /// The moves close to the best after the first searches, and the values of
    /// each one's further searches (by move).
    contenders: Vec<usize>,
    rounds: Vec<Vec<f64>>,
    stage: Stage,
    /// The line so far, who made each of its moves, and the position and keys at
    /// its end.
    line: Vec<String>,
    movers: Vec<Seat>,
    at: Option<(Position, Vec<u64>)>,
    verdict: Option<Verdict>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Root,
    Screen,
    Full,
    Verify,
    Line,
    Done,
}

/// One search's result, for any game.
struct Searched {
    best: Option<String>,
    chances: Vec<f64>,
    certainty: Option<Certainty>,
    /// The most visited moves: text, visits, value for the mover (0–1).
    candidates: Vec<(String, u64, f64)>,
}

struct Search<'a> {
    player: &'a Player,
    seed: u64,
    history: &'a [u64],
}

impl PositionVisitor for Search<'_> {
    type Output = Result<Searched, AiError>;

    fn visit<G: Game>(self, position: &G) -> Self::Output {
        let seats = position.seats().len();
        if let Some(outcome) = position.outcome() {
            let chances = (0..seats).map(|s| 100.0 * outcome.reward(Seat(s as u8))).collect();
            return Ok(Searched { best: None, chances, certainty: None, candidates: Vec::new() });
        }
        let context = Context { history: self.history, scale: 1.0 };
        let choice = choose_with(position, self.player, self.seed, context)?;
        Ok(Searched {
            best: Some(choice.mv.to_string()),
            chances: choice.outlook.iter().take(seats).map(|v| 100.0 * v).collect(),
            certainty: Some(choice.certainty),
            candidates: choice.candidates.iter().map(|c| (c.mv.to_string(), c.visits, c.value)).collect(),
        })
    }
}

/// The search a puzzle runs: `medium`'s (it sees threats), on a playout budget
/// alone and spending all of it, as the review's does.
fn player(playouts: u64) -> Result<Player, AiError> {
    Ok(Player::Mcts(MctsConfig { budget: Budget::playouts(playouts)?, settle: false, ..MctsConfig::medium() }))
}

fn run(position: &Position, history: &[u64], playouts: u64, seed: u64) -> Result<Searched, AiError> {
    let player = player(playouts.max(1))?;
    position.visit(Search { player: &player, seed, history })
}

/// A seed from a base and two indexes, spread so that nearby indexes give unrelated
/// seeds.
fn mix(base: u64, a: u64, b: u64) -> u64 {
    let mut x = base ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

impl Judging {
    fn new(
        position: Position,
        keys: Vec<u64>,
        played: Option<String>,
        search: PuzzleSearch,
        salt: u64,
    ) -> Result<Judging, AiError> {
        if search.playouts < SCREEN_SHARE {
            return Err(AiError::BadBudget(format!("playouts:{}", search.playouts)));
        }
        let seat = position.to_move();
        // The move played, canonical, when it is legal here.
        let played = played.and_then(|p| position.parse_move(&p).ok()).map(|m| m.to_string());
        let mut judging = Judging {
            seat,
            played,
            search,
            salt,
            runs: 0,
            moves: Vec::new(),
            texts: Vec::new(),
            screened: Vec::new(),
            full: Vec::new(),
            todo: Vec::new(),
            pending_full: Vec::new(),
            contenders: Vec::new(),
            rounds: Vec::new(),
            stage: Stage::Root,
            line: Vec::new(),
            movers: Vec::new(),
            at: None,
            verdict: None,
            position,
            keys,
        };
        let legal = if judging.position.is_over() { Vec::new() } else { judging.position.legal_moves() };
        if legal.len() <= 1 {
            judging.verdict = Some(Verdict::Forced);
            judging.stage = Stage::Done;
        } else if legal.len() <= SCREENED {
            judging.texts = legal.iter().map(ToString::to_string).collect();
            judging.moves = legal;
        }
        Ok(judging)
    }

    fn seed(&mut self) -> u64 {
        self.runs += 1;
        mix(self.search.seed, self.salt, self.runs)
    }

    fn done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// The mover's chances after `moves[i]`, searched with `playouts`.
    fn value(&mut self, i: usize, playouts: u64) -> Result<f64, AiError> {
        let seed = self.seed();
        let mut child = self.position.clone();
        child.play(&self.moves[i]).map_err(|reason| {
            AiError::Replay(ReplayError::Move { ply: self.keys.len(), text: self.texts[i].clone(), reason })
        })?;
        let mut keys = self.keys.clone();
        keys.push(position_key(&child));
        let searched = run(&child, &keys, playouts, seed)?;
        Ok(searched.chances.get(self.seat.index()).copied().unwrap_or(0.0))
    }

    /// Adds `text` to the moves compared (a root favourite or the move played), when
    /// it is legal and not there yet; its index.
    fn include(&mut self, text: &str) -> Option<usize> {
        if let Some(i) = self.texts.iter().position(|t| t == text) {
            return Some(i);
        }
        let mv = self.position.parse_move(text).ok()?;
        let canonical = mv.to_string();
        if let Some(i) = self.texts.iter().position(|t| *t == canonical) {
            return Some(i);
        }
        self.moves.push(mv);
        self.texts.push(canonical);
        self.screened.push(None);
        self.full.push(None);
        Some(self.moves.len() - 1)
    }

    /// Runs the next search; true while searches remain.
    fn step(&mut self) -> Result<bool, AiError> {
        match self.stage {
            Stage::Done => return Ok(false),
            Stage::Root => self.root()?,
            Stage::Screen => {
                if let Some(i) = self.todo.pop() {
                    let v = self.value(i, self.search.playouts / SCREEN_SHARE)?;
                    self.screened[i] = Some(v);
                }
                if self.todo.is_empty() {
                    self.plan_full();
                }
            }
            Stage::Full => {
                if let Some(i) = self.todo.pop() {
                    let v = self.value(i, self.search.playouts)?;
                    self.full[i] = Some(v);
                }
                if self.todo.is_empty() {
                    self.decide();
                }
            }
            Stage::Verify => {
                if let Some(i) = self.todo.pop() {
                    let v = self.value(i, self.search.playouts)?;
                    self.rounds[i].push(v);
                }
                if self.todo.is_empty() {
                    self.conclude();
                }
            }
            Stage::Line => self.extend()?,
        }
        Ok(!self.done())
    }

    /// The position's own search: its favourites join the moves compared.
    fn root(&mut self) -> Result<(), AiError> {
        let seed = self.seed();
        let searched = run(&self.position, &self.keys, 2 * self.search.playouts, seed)?;
        let known = self.moves.len();
        self.screened = vec![None; known];
        self.full = vec![None; known];
        let must: Vec<String> = searched
            .candidates
            .iter()
            .take(FAVOURITES)
            .map(|c| c.0.clone())
            .chain(searched.best.clone())
            .chain(self.played.clone())
            .collect();
        let mut wanted: Vec<usize> = Vec::new();
        for text in &must {
            if let Some(i) = self.include(text) {
                if !wanted.contains(&i) {
                    wanted.push(i);
                }
            }
        }
        if self.search.exhaustive || (known > 0 && known <= FULL_ALL) {
            self.todo = (0..self.moves.len()).rev().collect();
            self.stage = Stage::Full;
        } else if known > 0 {
            // Every legal move is screened; the favourites and the move played get
            // the whole budget whatever their screen says.
            self.pending_full = wanted;
            self.todo = (0..known).rev().collect();
            self.stage = Stage::Screen;
        } else {
            self.todo = wanted.into_iter().rev().collect();
            self.stage = Stage::Full;
        }
        if self.todo.is_empty() {
            self.decide();
        }
        Ok(())
    }

    /// After the screens: the moves that get the whole budget.
    fn plan_full(&mut self) {
        let best = self.screened.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut wanted: Vec<usize> = std::mem::take(&mut self.pending_full);
        for (i, v) in self.screened.iter().enumerate() {
            if v.is_some_and(|v| v >= best - CLOSE) && !wanted.contains(&i) {
                wanted.push(i);
            }
        }
        wanted.sort_unstable();
        wanted.dedup();
        self.todo = wanted.into_iter().rev().collect();
        self.stage = Stage::Full;
        if self.todo.is_empty() {
            self.decide();
        }
    }

    /// Every move compared, with its best-known value, best first (the earlier move
    /// in canonical order first among equals).
    fn compared(&self) -> Vec<Judged> {
        let mut moves: Vec<(usize, Judged)> = (0..self.moves.len())
            .filter_map(|i| {
                let (chances, full) = match (self.full[i], self.screened[i]) {
                    (Some(v), _) => (v, true),
                    (None, Some(v)) => (v, false),
                    (None, None) => return None,
                };
                Some((i, Judged { mv: self.texts[i].clone(), chances, full }))
            })
            .collect();
        moves.sort_by(|(i, a), (j, b)| b.chances.total_cmp(&a.chances).then(b.full.cmp(&a.full)).then(i.cmp(j)));
        moves.into_iter().map(|(_, j)| j).collect()
    }

    /// After the first searches: no clear best move ends it; else the moves close to
    /// the best are searched again ([`VERIFY_ROUNDS`] times each).
    fn decide(&mut self) {
        let moves = self.compared();
        let clear = match moves.as_slice() {
            [best, next, ..] if best.full && best.chances - next.chances >= MARGIN => {
                self.played.as_deref() != Some(best.mv.as_str())
            }
            _ => false,
        };
        if !clear {
            self.verdict = Some(Verdict::Unclear { moves });
            self.stage = Stage::Done;
            return;
        }
        let top = moves[0].chances;
        self.contenders = moves
            .iter()
            .filter(|m| m.chances >= top - MARGIN - VERIFY_WINDOW)
            .filter_map(|m| self.texts.iter().position(|t| *t == m.mv))
            .collect();
        self.rounds = vec![Vec::new(); self.moves.len()];
        self.todo = self.contenders.iter().rev().flat_map(|&i| std::iter::repeat_n(i, VERIFY_ROUNDS)).collect();
        self.stage = Stage::Verify;
    }

    /// After the further searches: each close move's value is the mean of its
    /// searches, and the best move is clear when it keeps [`MARGIN`] points over
    /// every other by those means, and two thirds of it in each round of searches.
    fn conclude(&mut self) {
        let mean = |first: Option<f64>, more: &[f64]| {
            let all: Vec<f64> = first.into_iter().chain(more.iter().copied()).collect();
            all.iter().sum::<f64>() / all.len().max(1) as f64
        };
        let means: Vec<(usize, f64)> =
            self.contenders.iter().map(|&i| (i, mean(self.full[i].or(self.screened[i]), &self.rounds[i]))).collect();
        let Some(&(best, best_mean)) = means.iter().max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0))) else {
            self.verdict = Some(Verdict::Unclear { moves: self.compared() });
            self.stage = Stage::Done;
            return;
        };
        let each_round = |other: usize| {
            let (a, b) = (&self.rounds[best], &self.rounds[other]);
            a.iter().zip(b).all(|(x, y)| x - y >= MARGIN * 2.0 / 3.0)
        };
        let close_ok = means.iter().filter(|(i, _)| *i != best).all(|&(i, m)| best_mean - m >= MARGIN && each_round(i));
        for &(i, m) in &means {
            self.full[i] = Some(m);
        }
        let moves = self.compared();
        let far_ok = moves.iter().filter(|m| m.mv != self.texts[best]).all(|m| best_mean - m.chances >= MARGIN);
        let played = self.played.as_deref() == Some(self.texts[best].as_str());
        if !(close_ok && far_ok) || played || moves.first().is_none_or(|m| m.mv != self.texts[best]) {
            self.verdict = Some(Verdict::Unclear { moves });
            self.stage = Stage::Done;
            return;
        }
        let best = self.texts[best].clone();
        let margin = moves.get(1).map_or(100.0, |next| best_mean - next.chances);
        let mut after = self.position.clone();
        if after.play_text(&best).is_err() {
            self.verdict = Some(Verdict::Unclear { moves });
            self.stage = Stage::Done;
            return;
        }
        let mut keys = self.keys.clone();
        keys.push(position_key(&after));
        self.line = vec![best.clone()];
        self.movers = vec![self.seat];
        self.at = Some((after, keys));
        self.verdict = Some(Verdict::Clear { best, margin, line: Vec::new(), moves });
        self.stage = Stage::Line;
        self.close_line_if_over();
    }

    /// Ends the line when the position at its end is over or the line is full.
    fn close_line_if_over(&mut self) {
        let over = self.at.as_ref().is_none_or(|(p, _)| p.is_over());
        if over || self.line.len() >= LINE_PLIES {
            self.end_line();
        }
    }

    /// The line is finished: it ends on a move of the solver's.
    fn end_line(&mut self) {
        let seat = self.seat;
        // Drop the replies after the solver's last forced move.
        while self.line.len() > 1 && self.movers.last().is_some_and(|s| *s != seat) {
            self.line.pop();
            self.movers.pop();
        }
        if let Some(Verdict::Clear { line, .. }) = &mut self.verdict {
            *line = self.line.clone();
        }
        self.at = None;
        self.stage = Stage::Done;
    }

    /// One more move of the line.
    fn extend(&mut self) -> Result<(), AiError> {
        let Some((position, keys)) = self.at.take() else {
            self.end_line();
            return Ok(());
        };
        let seed = self.seed();
        let searched = run(&position, &keys, self.search.playouts, seed)?;
        let Some(mv) = searched.best.clone() else {
            self.end_line();
            return Ok(());
        };
        let mover = position.to_move();
        if mover == self.seat && !forced(&searched, self.seat, self.search.playouts) {
            self.end_line();
            return Ok(());
        }
        let mut next = position;
        if next.play_text(&mv).is_err() {
            self.end_line();
            return Ok(());
        }
        let mut keys = keys;
        keys.push(position_key(&next));
        self.line.push(mv);
        self.movers.push(mover);
        self.at = Some((next, keys));
        self.close_line_if_over();
        Ok(())
    }
}

/// Whether the solver's move of a search is forced: the only legal move, a proven
/// win, or clearly the best with most of the playouts behind it.
fn forced(searched: &Searched, seat: Seat, playouts: u64) -> bool {
    match searched.certainty {
        Some(Certainty::Only) => true,
        Some(Certainty::Proven) => searched.chances.get(seat.index()).is_some_and(|c| *c >= 100.0),
        Some(Certainty::Estimated) => match searched.candidates.as_slice() {
            [(_, visits, first), (_, _, second), ..] => {
                (first - second) * 100.0 >= MARGIN && visits.saturating_mul(3) >= playouts.saturating_mul(2)
            }
            _ => false,
        },
        None => false,
    }
}

/// Runs every search of one position at once and gives the verdict: `history` holds
/// the keys of the game's positions up to this one (this one last or not; empty for
/// a position without a game), `played` the move the game played there, if any.
pub fn judge(
    position: &Position,
    history: &[u64],
    search: PuzzleSearch,
    played: Option<&str>,
) -> Result<Verdict, AiError> {
    let mut keys = history.to_vec();
    let key = position_key(position);
    if keys.last() != Some(&key) {
        keys.push(key);
    }
    let mut judging = Judging::new(position.clone(), keys, played.map(str::to_string), search, 0)?;
    while judging.step()? {}
    Ok(judging.verdict.unwrap_or(Verdict::Forced))
}

/// The puzzles of one game, found one search at a time, so that a caller can share
/// the work out (the service's workers run one search per background job).
#[derive(Clone, Debug)]
pub struct Finder {
    /// Each suspect with its position's searches, in the order of the game.
    positions: Vec<(Suspect, Judging)>,
    /// The first position not done yet.
    next: usize,
}

impl Finder {
    /// The search for puzzles in the game with these rule options, start (a position
    /// code, or the start position) and moves (canonical or lenient text), at the
    /// `suspects` ([`suspects`] picks them from a review). Refuses a move that is
    /// not legal or a budget under 4 playouts; ignores a suspect beyond the game.
    pub fn new<S: AsRef<str>>(
        settings: &Settings,
        start: Option<&str>,
        moves: &[S],
        suspects: &[Suspect],
        search: PuzzleSearch,
    ) -> Result<Finder, AiError> {
        let mut position = match start {
            Some(code) => Position::from_code(code, settings)?,
            None => Position::start(settings),
        };
        let mut keys = vec![position_key(&position)];
        let mut before = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            before.push(position.clone());
            position.play_text(text).map_err(|reason| ReplayError::Move {
                ply: i + 1,
                text: crate::games::excerpt(text),
                reason,
            })?;
            keys.push(position_key(&position));
        }
        let mut positions = Vec::new();
        for suspect in suspects {
            let i = suspect.ply as usize;
            let (Some(at), Some(played)) = (i.checked_sub(1).and_then(|j| before.get(j)), moves.get(i.wrapping_sub(1)))
            else {
                continue;
            };
            let played = Some(played.as_ref().to_string());
            let judging = Judging::new(at.clone(), keys[..i].to_vec(), played, search, u64::from(suspect.ply))?;
            positions.push((*suspect, judging));
        }
        Ok(Finder { positions, next: 0 })
    }

    /// The positions to judge.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// The searches run so far.
    pub fn searches(&self) -> u64 {
        self.positions.iter().map(|(_, j)| j.runs).sum()
    }

    /// Runs the next search; true while searches remain.
    pub fn step(&mut self) -> Result<bool, AiError> {
        while let Some((_, judging)) = self.positions.get_mut(self.next) {
            if judging.done() {
                self.next += 1;
                continue;
            }
            judging.step()?;
            if judging.done() {
                self.next += 1;
            }
            break;
        }
        Ok(self.positions[self.next..].iter().any(|(_, j)| !j.done()))
    }

    /// The puzzles, once every search ran ([`Finder::step`] said none remain);
    /// `None` before.
    pub fn puzzles(&self) -> Option<Vec<Puzzle>> {
        if self.positions.iter().any(|(_, j)| !j.done()) {
            return None;
        }
        let mut out = Vec::new();
        for (suspect, judging) in &self.positions {
            let Some(Verdict::Clear { best, margin, line, moves }) = &judging.verdict else { continue };
            let Some(played) = judging.played.clone() else { continue };
            out.push(Puzzle {
                ply: suspect.ply,
                seat: judging.seat.0,
                code: judging.position.code(),
                played,
                label: suspect.label,
                best: best.clone(),
                line: line.clone(),
                margin: *margin,
                moves: moves.clone(),
            });
        }
        Some(out)
    }

    /// Runs whatever is left and gives the puzzles.
    pub fn finish(mut self) -> Result<Vec<Puzzle>, AiError> {
        while self.step()? {}
        Ok(self.puzzles().unwrap_or_default())
    }
}

/// Finds the puzzles of a whole game at once (see [`Finder::new`]). The same
/// arguments give the same puzzles.
pub fn find<S: AsRef<str>>(
    settings: &Settings,
    start: Option<&str>,
    moves: &[S],
    suspects: &[Suspect],
    search: PuzzleSearch,
) -> Result<Vec<Puzzle>, AiError> {
    Finder::new(settings, start, moves, suspects, search)?.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    /// Both sides have pushed off six reds: White's e1-E pushes off the seventh; e1-N
    /// lets Black push f1-E for the seventh at once.
    const LAST_RED: &str = "W6/7/7/7/7/7/4WBR w 6-6 -";

    fn search(playouts: u64, seed: u64) -> PuzzleSearch {
        PuzzleSearch { playouts, seed, exhaustive: false }
    }

    #[test]
    fn suspects_are_the_worst_mistakes_and_blunders_in_the_order_of_the_game() {
        let s = |ply, label, loss| Suspect { ply, label, loss };
        let mut labelled = vec![s(3, Label::Inaccuracy, 8.0), s(9, Label::Mistake, 11.0), s(4, Label::Blunder, 40.0)];
        labelled.extend((10..20).map(|ply| s(ply, Label::Blunder, 20.0 + f64::from(ply))));
        let picked = suspects(labelled);
        assert_eq!(picked.len(), MAX_POSITIONS);
        assert!(picked.iter().all(|p| p.label >= Label::Mistake));
        assert!(picked.windows(2).all(|w| w[0].ply < w[1].ply), "{picked:?}");
        // The largest losses: 40 (ply 4) and 39 down to 35 (plies 19 to 15).
        assert_eq!(picked.iter().map(|p| p.ply).collect::<Vec<_>>(), [4, 15, 16, 17, 18, 19]);
    }

    #[test]
    fn the_winning_move_is_clearly_best_and_the_line_ends_with_the_game() {
        let position = Position::from_code(LAST_RED, &GameKind::Kuba.default_settings()).expect("a position");
        let verdict = judge(&position, &[], search(120, 5), Some("e1-N")).expect("a verdict");
        let Verdict::Clear { best, margin, line, moves } = verdict else { panic!("{verdict:?}") };
        assert_eq!((best.as_str(), line.as_slice()), ("e1-E", ["e1-E".to_string()].as_slice()));
        assert!(margin >= MARGIN, "{margin}");
        assert_eq!(moves[0].chances, 100.0);
        // Every legal move was compared (few moves: all searched whole); the move
        // played lets Black win at once.
        assert_eq!(moves.len(), position.legal_moves().len());
        assert!(moves.iter().all(|m| m.full));
        assert_eq!(moves.iter().find(|m| m.mv == "e1-N").map(|m| m.chances), Some(0.0));
    }

    #[test]
    fn a_position_whose_best_move_was_played_is_no_puzzle() {
        let position = Position::from_code(LAST_RED, &GameKind::Kuba.default_settings()).expect("a position");
        let verdict = judge(&position, &[], search(120, 5), Some("e1-E")).expect("a verdict");
        assert!(matches!(verdict, Verdict::Unclear { .. }), "{verdict:?}");
    }

    #[test]
    fn the_start_of_kuba_has_no_clearly_best_move() {
        // The review once called a7-E a blunder losing 16 to 26 points: no move of the
        // start stands 15 points above the others.
        let position = Position::start(&GameKind::Kuba.default_settings());
        let verdict = judge(&position, &[], search(200, 3), Some("a7-E")).expect("a verdict");
        assert!(matches!(verdict, Verdict::Unclear { .. }), "{verdict:?}");
    }

    #[test]
    fn a_forced_or_final_position_is_never_a_puzzle() {
        let settings = GameKind::Kuba.default_settings();
        let (mut over, _) = crate::games::replay(&settings, Some(LAST_RED), &["e1-E"]).expect("legal");
        assert!(over.is_over());
        assert_eq!(judge(&over, &[], search(40, 1), None).expect("a verdict"), Verdict::Forced);
        assert!(over.play_text("a7-S").is_err());
        assert!(matches!(judge(&over, &[], search(3, 1), None), Err(AiError::BadBudget(_))));
    }

    #[test]
    fn the_finder_is_repeatable_and_works_one_search_at_a_time() {
        let settings = GameKind::Kuba.default_settings();
        let moves = ["e1-N", "f1-E"];
        let suspect = [Suspect { ply: 1, label: Label::Blunder, loss: 100.0 }];
        let found = find(&settings, Some(LAST_RED), &moves, &suspect, search(100, 9)).expect("puzzles");
        assert_eq!(found.len(), 1);
        let p = &found[0];
        assert_eq!((p.ply, p.seat, p.played.as_str(), p.best.as_str()), (1, 0, "e1-N", "e1-E"));
        assert_eq!((p.code.as_str(), p.label), (LAST_RED, Label::Blunder));
        let mut finder = Finder::new(&settings, Some(LAST_RED), &moves, &suspect, search(100, 9)).expect("a finder");
        assert_eq!(finder.positions(), 1);
        assert_eq!(finder.puzzles(), None, "nothing before the searches");
        let mut steps: u64 = 0;
        while finder.step().expect("a search") {
            steps += 1;
        }
        assert_eq!(steps + 1, finder.searches(), "one search a step");
        assert_eq!(finder.puzzles().as_deref(), Some(found.as_slice()));
        // A suspect beyond the game, or before it, is left out; a refused move is an
        // error.
        let far = [
            Suspect { ply: 7, label: Label::Blunder, loss: 50.0 },
            Suspect { ply: 0, label: Label::Mistake, loss: 20.0 },
        ];
        assert_eq!(
            Finder::new(&settings, Some(LAST_RED), &moves, &far, search(100, 9)).expect("a finder").positions(),
            0
        );
        assert!(Finder::new(&settings, Some(LAST_RED), &["e1-W"], &suspect, search(100, 9)).is_err());
    }
}
