//! Monte Carlo tree search (UCT) for any [`Game`], with per-seat rewards, an exact
//! solver for final positions, move ordering by [`Game::evaluate`] and, for turns
//! made of parts, progressive widening by sampling [`Game::random_move`].
//!
//! A line is a sequence of moves, whoever makes them: a node asks its position
//! whose move it is and keeps every seat's reward, so a seat that moves twice in a
//! row (Kuba's extra push after a capture) is searched as one line whose values
//! are never turned round between its moves.
//!
//! Finishing a won game (see [`super`] for why): a position that the searching
//! seat's own move brings back, one of the game's history or one earlier on the
//! line being searched, is a draw (every seat 0.5), proven like a final position;
//! and a proven result carries its distance in moves, so that the shortest proven
//! win is preferred, and the longest proven loss.
//!
//! Estimates are measured against the root's ([`MctsConfig::recentre`]): a game's
//! evaluation is a logistic curve, so far ahead (Kuba five marbles up: 0.95) taking
//! one more marble or losing one moves the estimate by a hundredth or two, less
//! than the noise of the playouts, and keeping the lead by shuffling looks as good
//! as increasing it. Every estimate `r` of a seat is therefore shifted on the
//! logistic scale by that seat's static value at the root `v`, to
//! `σ(logit r − logit v)`: the root's own standing becomes 0.5 and the differences
//! around it are spread out again, in the spirit of Go programs' dynamic komi.
//! The shift keeps the order of every estimate, leaves wins (1) and losses (0)
//! where they are, moves a draw like any estimate (below 0.5 for the seat that is
//! ahead, which so keeps preferring progress to a repetition), and is the identity
//! in an even position. Reported values are shifted back.

use std::cell::Cell;
use std::collections::HashSet;
use std::time::Instant;

use super::history::key;
use super::scan::{draw, estimates, rewards, Scanned};
use super::{Budget, Candidate, Rewards, Rng, MAX_SEATS};
use crate::games::{Game, Phase, Seat, Sight};

/// How a playout chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutPolicy {
    /// Moves compared at each step by [`Game::evaluate`] for the seat to move, the
    /// best one played: 1 plays uniformly at random, 0 compares every legal move
    /// (for turns made of parts, 0 means 8 samples). Comparing keeps tactics such as
    /// captures and winning moves from being left to chance.
    pub candidates: usize,
    /// The chance that a step is uniformly random instead, so playouts stay varied.
    pub epsilon: f64,
    /// Steps after which the playout stops and every seat is scored by
    /// [`Game::estimate`] at the search's own sight (not as a draw: the estimate
    /// keeps who is ahead).
    pub ply_cap: u32,
    /// What the comparisons of a step look at. Most of a playout's time is spent
    /// there, so a costlier sight means fewer playouts in a time budget.
    pub sight: Sight,
}

/// A Monte Carlo tree search player.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// What the search may spend.
    pub budget: Budget,
    /// How playouts choose their moves.
    pub playout: PlayoutPolicy,
    /// The UCB1 exploration constant (rewards are in `0..=1`).
    pub exploration: f64,
    /// Stop before the budget runs out once the most visited move can no longer be
    /// overtaken by the playouts left.
    pub settle: bool,
    /// Measure every estimate against the root's static value (see the module's
    /// documentation); final results (a win, a loss) are never moved.
    pub recentre: bool,
    /// What the static estimates look at: `medium` and `hard` count the capture
    /// the player to move has (see [`Sight`]), `easy` the board only.
    pub sight: Sight,
}

/// Playouts of the levels, compared moves at each step.
const HEAVY: PlayoutPolicy = PlayoutPolicy { candidates: 0, epsilon: 0.1, ply_cap: 8, sight: Sight::Board };

impl MctsConfig {
    /// `easy`: 300 playouts, exploring more widely than the stronger levels. It
    /// takes immediate wins and plays sensible one- and two-move tactics, but misses
    /// most plans a few moves deep. (Exploring at 0.5 made it too weak for Kewbz:
    /// 67 % against `greedy` over 120 games; at 0.35, 78 %.)
    pub fn easy() -> MctsConfig {
        MctsConfig {
            budget: Budget { playouts: Some(300), ms: Some(300) },
            playout: HEAVY,
            exploration: 0.35,
            settle: true,
            recentre: true,
            sight: Sight::Board,
        }
    }

    /// `medium`: 3 000 heavy playouts within 900 ms (about 40 ms for Kuba, 300 ms
    /// for Cabale).
    pub fn medium() -> MctsConfig {
        MctsConfig {
            budget: Budget { playouts: Some(3_000), ms: Some(900) },
            playout: HEAVY,
            exploration: 0.25,
            settle: true,
            recentre: true,
            sight: Sight::Threats,
        }
    }

    /// `hard`: up to 100 000 heavy playouts within 2.5 s (about 1.3 s for Kuba on
    /// one core, the full 2.5 s for Kewbz and Cabale). The playout limit keeps its
    /// choices repeatable wherever the machine is fast enough to reach it.
    pub fn hard() -> MctsConfig {
        MctsConfig {
            budget: Budget { playouts: Some(100_000), ms: Some(2_500) },
            playout: PlayoutPolicy { sight: Sight::Threats, ..HEAVY },
            exploration: 0.25,
            settle: true,
            recentre: true,
            sight: Sight::Threats,
        }
    }

    /// The `hard` search with another budget (`playouts:N`, `ms:T`).
    pub fn with_budget(budget: Budget) -> MctsConfig {
        MctsConfig { budget, ..MctsConfig::hard() }
    }

    /// The same search with its budget multiplied by `scale` (see
    /// [`Budget::scaled`]); a scale of 1 changes nothing.
    pub fn scaled(&self, scale: f64) -> MctsConfig {
        MctsConfig { budget: self.budget.scaled(scale), ..self.clone() }
    }
}

/// The most nodes a tree may hold, so a long time budget cannot exhaust memory.
const MAX_NODES: usize = 1_000_000;
/// A node with more legal moves than this is expanded by sampling.
const WIDE: usize = 1_024;
/// Moves sampled when a sampled node widens.
const WIDEN_SAMPLES: usize = 8;

struct Node<M> {
    /// The move from the parent (`None` at the root).
    mv: Option<M>,
    children: Vec<u32>,
    /// Moves not yet expanded, best prior last.
    untried: Vec<M>,
    /// Children and untried moves cover every legal move.
    complete: bool,
    /// New children come by progressive widening rather than all at once.
    widening: bool,
    visits: u32,
    sum: Rewards,
    /// Exact rewards, once known.
    proven: Option<Rewards>,
    /// Moves to the end of the proven line (0 for a final or repeated position).
    dist: u32,
    /// The position's key, for positions reached by the searching seat's move (the
    /// only ones checked for repetition).
    key: Option<u64>,
    mover: u8,
}

/// What the search returns.
pub(crate) struct SearchOut<M> {
    pub mv: M,
    pub playouts: u64,
    pub candidates: Vec<Candidate<M>>,
    /// Every seat's expected share after `mv`, as the search sees it.
    pub outlook: Rewards,
    /// `outlook` is a proven result, not the mean of playouts.
    pub proven: bool,
    /// The standard error of each seat's `outlook` (0 when proven): how far the
    /// mean of the playouts through `mv` may be from what more of them would say.
    pub error: Rewards,
    /// The line the search expects: `mv`, then the most visited reply at each step
    /// (see [`LINE`]).
    pub line: Vec<M>,
    /// The positions the search evaluated ([`Game::estimate`], the root's scan
    /// included): what it cost, counted the same on any machine.
    pub work: u64,
}

/// The longest line [`SearchOut::line`] gives, in moves.
pub(crate) const LINE: usize = 6;
/// A move of the line past the first is given only when the search went through
/// it at least this many times: less is a guess, not what the search expects.
const LINE_VISITS: u32 = 8;

struct Tree<'c, G: Game> {
    nodes: Vec<Node<G::Move>>,
    seats: usize,
    config: &'c MctsConfig,
    /// Whether each phase's turns are made of parts, found out once per search.
    parts: [Option<bool>; 2],
    moves: Vec<G::Move>,
    /// The keys of the game's positions so far, the root's included.
    seen: &'c HashSet<u64>,
    /// The seat the search chooses for: its moves may not bring a position back.
    searcher: u8,
    /// Each seat's root value on the logit scale, subtracted from every estimate.
    centre: [f64; MAX_SEATS],
    /// For each root child, in the order of the root's children, the sum of the
    /// squares of every seat's rewards through it: the spread of its mean.
    squares: Vec<Rewards>,
    /// Positions evaluated so far ([`SearchOut::work`]).
    work: Cell<u64>,
}

/// The logit of a value kept inside `0.01..=0.99`, so a centre is finite.
fn logit(v: f64) -> f64 {
    let v = v.clamp(0.01, 0.99);
    (v / (1.0 - v)).ln()
}

/// `r` shifted by `centre` on the logistic scale; 0 and 1 stay put.
fn shift_one(r: f64, centre: f64) -> f64 {
    if r <= 0.0 || r >= 1.0 || centre == 0.0 {
        return r;
    }
    1.0 / (1.0 + (centre - (r / (1.0 - r)).ln()).exp())
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Placement => 0,
        Phase::Play => 1,
    }
}

impl<G: Game> Tree<'_, G> {
    /// Every seat's reward measured against the root (see the module's documentation).
    fn shift(&self, mut r: Rewards) -> Rewards {
        for (x, c) in r.iter_mut().zip(self.centre).take(self.seats) {
            *x = shift_one(*x, c);
        }
        r
    }

    /// What a seat's shifted reward is worth on the game's own scale.
    fn unshift(&self, r: f64, seat: usize) -> f64 {
        shift_one(r, -self.centre.get(seat).copied().unwrap_or(0.0))
    }

    /// Every seat's reward at the end of a line: the result, or the estimates.
    fn score(&self, position: &G) -> Rewards {
        self.shift(match position.outcome() {
            Some(outcome) => rewards(&outcome, self.seats),
            None => {
                self.count(self.seats);
                estimates(position, self.seats, self.config.sight)
            }
        })
    }

    /// Counts `n` positions evaluated.
    fn count(&self, n: usize) {
        self.work.set(self.work.get().saturating_add(n as u64));
    }

    /// True when turns in this position's phase are built from parts (Cabale's
    /// path, block, capture, blockade), so listing them all would be too slow.
    fn sampled(&mut self, position: &G) -> bool {
        let i = phase_index(position.phase());
        match self.parts[i] {
            Some(known) => known,
            None => {
                let composite = position.builds_in_parts();
                // A final position says nothing about its phase's turns.
                if composite || position.outcome().is_none() {
                    self.parts[i] = Some(composite);
                }
                composite
            }
        }
    }

    /// A new node for `position`, reached by `mv`, with its key when the searching
    /// seat made `mv`. A repeated position is a proven draw.
    fn node(
        &mut self,
        position: &G,
        mv: Option<G::Move>,
        key: Option<u64>,
        repeated: bool,
        rng: &mut Rng,
    ) -> Node<G::Move> {
        let mover = position.to_move();
        let mut node = Node {
            mv,
            children: Vec::new(),
            untried: Vec::new(),
            complete: true,
            widening: false,
            visits: 0,
            sum: [0.0; MAX_SEATS],
            proven: None,
            dist: 0,
            key,
            mover: mover.0,
        };
        if repeated && position.outcome().is_none() {
            node.proven = Some(self.shift(draw(self.seats)));
            return node;
        }
        if self.sampled(position) {
            match position.outcome() {
                Some(outcome) => node.proven = Some(self.shift(rewards(&outcome, self.seats))),
                None => {
                    node.complete = false;
                    node.widening = true;
                }
            }
            return node;
        }
        self.moves.clear();
        position.legal_moves(&mut self.moves);
        if self.moves.is_empty() {
            node.proven = Some(self.score(position));
        } else if self.moves.len() > WIDE {
            node.complete = false;
            node.widening = true;
        } else {
            rng.shuffle(&mut self.moves);
            self.count(self.moves.len());
            let mut scored: Vec<(f64, G::Move)> = self
                .moves
                .drain(..)
                .map(|m| {
                    let mut child = position.clone();
                    child.play_unchecked(&m);
                    (child.estimate(mover, self.config.sight), m)
                })
                .collect();
            scored.sort_by(|a, b| a.0.total_cmp(&b.0));
            node.untried = scored.into_iter().map(|(_, m)| m).collect();
        }
        node
    }

    /// How many children a widening node may have after `visits` visits.
    fn allowed(visits: u32) -> usize {
        2 + f64::from(visits).sqrt() as usize
    }

    /// A move for a new child of a sampled node: the best by evaluation of a few
    /// samples that are not children yet.
    fn widen(&self, index: usize, position: &G, rng: &mut Rng) -> Option<G::Move> {
        let node = &self.nodes[index];
        let mover = position.to_move();
        let mut best: Option<(f64, G::Move)> = None;
        for _ in 0..WIDEN_SAMPLES {
            let Some(m) = position.random_move(&mut |n| rng.below(n)) else { break };
            if node.children.iter().any(|&c| self.nodes[c as usize].mv.as_ref() == Some(&m)) {
                continue;
            }
            let mut child = position.clone();
            child.play_unchecked(&m);
            self.count(1);
            let v = child.estimate(mover, self.config.sight);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// The child UCB1 prefers; proven children count at their exact value.
    fn select(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        let mover = usize::from(node.mover);
        let log = f64::from(node.visits.max(1)).ln();
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for &c in &node.children {
            let child = &self.nodes[c as usize];
            let score = match child.proven {
                Some(p) => p[mover],
                None => {
                    let n = f64::from(child.visits.max(1));
                    child.sum[mover] / n + self.config.exploration * (log / n).sqrt()
                }
            };
            if score > best_score {
                best_score = score;
                best = Some(c as usize);
            }
        }
        best
    }

    /// A move for a playout step, or `None` when the game is over.
    fn playout_move(&mut self, position: &G, rng: &mut Rng) -> Option<G::Move> {
        let policy = self.config.playout;
        let random = policy.candidates == 1 || rng.unit() < policy.epsilon;
        let mover = position.to_move();
        if self.sampled(position) {
            if random {
                return position.random_move(&mut |n| rng.below(n));
            }
            let k = if policy.candidates == 0 { WIDEN_SAMPLES } else { policy.candidates };
            let mut best: Option<(f64, G::Move)> = None;
            for _ in 0..k {
                let m = position.random_move(&mut |n| rng.below(n))?;
                let mut child = position.clone();
                child.play_unchecked(&m);
                self.count(1);
                let v = child.estimate(mover, policy.sight);
                if best.as_ref().is_none_or(|(b, _)| v > *b) {
                    best = Some((v, m));
                }
            }
            return best.map(|(_, m)| m);
        }
        self.moves.clear();
        position.legal_moves(&mut self.moves);
        let n = self.moves.len();
        if n == 0 {
            return None;
        }
        if random {
            return Some(self.moves.swap_remove(rng.below(n)));
        }
        let k = if policy.candidates == 0 { n } else { policy.candidates.min(n) };
        let offset = rng.below(n);
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for j in 0..k {
            let i = if k == n { (offset + j) % n } else { rng.below(n) };
            let mut child = position.clone();
            child.play_unchecked(&self.moves[i]);
            self.count(1);
            let v = child.estimate(mover, policy.sight);
            if v > best_value {
                best_value = v;
                best = i;
                if v >= 1.0 {
                    break;
                }
            }
        }
        Some(self.moves.swap_remove(best))
    }

    /// Plays on from `position` and scores the end for every seat.
    fn playout(&mut self, mut position: G, rng: &mut Rng) -> Rewards {
        for _ in 0..self.config.playout.ply_cap {
            match self.playout_move(&position, rng) {
                Some(m) => position.play_unchecked(&m),
                None => return self.score(&position),
            }
        }
        self.score(&position)
    }

    /// Marks `index` proven when a child wins outright for its mover (the nearest
    /// such win), or when every legal move is a proven child (the best of them; of
    /// equal losses the longest, of other equal results the shortest). Returns
    /// whether it is proven now.
    fn prove(&mut self, index: usize) -> bool {
        let node = &self.nodes[index];
        if node.proven.is_some() {
            return true;
        }
        let mover = usize::from(node.mover);
        let mut all = node.complete && node.untried.is_empty();
        let mut win: Option<(Rewards, u32)> = None;
        let mut best: Option<(Rewards, u32)> = None;
        for &c in &node.children {
            let child = &self.nodes[c as usize];
            match child.proven {
                Some(p) if p[mover] >= 1.0 => {
                    if win.is_none_or(|(_, d)| child.dist < d) {
                        win = Some((p, child.dist));
                    }
                }
                Some(p) => {
                    let better = best.is_none_or(|(b, d)| {
                        if p[mover] != b[mover] {
                            p[mover] > b[mover]
                        } else if p[mover] <= 0.0 {
                            child.dist > d
                        } else {
                            child.dist < d
                        }
                    });
                    if better {
                        best = Some((p, child.dist));
                    }
                }
                None => all = false,
            }
        }
        let proven = match (win, best) {
            (Some(w), _) => w,
            (None, Some(b)) if all => b,
            _ => return false,
        };
        let node = &mut self.nodes[index];
        node.proven = Some(proven.0);
        node.dist = proven.1.saturating_add(1);
        true
    }

    /// One selection, expansion, playout and backup. Returns false when the tree
    /// can grow no more.
    fn iterate(&mut self, root: &G, rng: &mut Rng) -> bool {
        let mut position = root.clone();
        let mut path = vec![0usize];
        let mut index = 0usize;
        let result = loop {
            if let Some(p) = self.nodes[index].proven {
                break p;
            }
            let node = &self.nodes[index];
            let grow =
                if node.widening { node.children.len() < Self::allowed(node.visits) } else { !node.untried.is_empty() };
            let fresh = if !grow {
                None
            } else if let Some(m) = self.nodes[index].untried.pop() {
                Some(m)
            } else if self.nodes[index].complete {
                None
            } else {
                self.widen(index, &position, rng)
            };
            if let Some(m) = fresh {
                if self.nodes.len() >= MAX_NODES {
                    return false;
                }
                let by_searcher = self.nodes[index].mover == self.searcher;
                position.play_unchecked(&m);
                let (child_key, repeated) = if by_searcher {
                    let k = key(&position);
                    let repeated = self.seen.contains(&k) || path.iter().any(|&i| self.nodes[i].key == Some(k));
                    (Some(k), repeated)
                } else {
                    (None, false)
                };
                let child = self.node(&position, Some(m), child_key, repeated, rng);
                let proven = child.proven;
                let id = self.nodes.len();
                self.nodes.push(child);
                self.nodes[index].children.push(id as u32);
                path.push(id);
                break match proven {
                    Some(p) => p,
                    None => self.playout(position, rng),
                };
            }
            match self.select(index) {
                Some(c) => {
                    if let Some(m) = &self.nodes[c].mv {
                        position.play_unchecked(m);
                    }
                    index = c;
                    path.push(c);
                }
                None => break self.playout(position, rng),
            }
        };
        for &i in &path {
            let node = &mut self.nodes[i];
            node.visits = node.visits.saturating_add(1);
            for (s, r) in node.sum.iter_mut().zip(result) {
                *s += r;
            }
        }
        if let Some(&child) = path.get(1) {
            // Root children are made in the order of their ids.
            if let Ok(slot) = self.nodes[0].children.binary_search(&(child as u32)) {
                if self.squares.len() <= slot {
                    self.squares.resize(slot + 1, [0.0; MAX_SEATS]);
                }
                for (q, r) in self.squares[slot].iter_mut().zip(result) {
                    *q += r * r;
                }
            }
        }
        for &i in path.iter().rev() {
            if !self.prove(i) {
                break;
            }
        }
        true
    }
}

/// Searches from `position`, whose legal moves `root` has scanned (none of them an
/// immediate win, more than one of them). `seen` holds the keys of the game's
/// positions so far, the root's included.
pub(crate) fn search<G: Game>(
    position: &G,
    root: Scanned<G::Move>,
    config: &MctsConfig,
    seen: &HashSet<u64>,
    rng: &mut Rng,
    start: Instant,
) -> SearchOut<G::Move> {
    let seats = position.seats().len();
    let mover = position.to_move();
    let deadline = config.budget.deadline(start);
    // A time budget stops at MAX_THINK at most. A budget of playouts alone never
    // reads the clock, so that it gives the same search on any machine under any
    // load (a review relies on it); the playouts and the tree's size bound it.
    let cap = deadline.map(|_| start + super::MAX_THINK);
    let mut tree: Tree<'_, G> = Tree {
        nodes: Vec::new(),
        seats,
        config,
        parts: [None; 2],
        moves: Vec::new(),
        seen,
        searcher: mover.0,
        centre: [0.0; MAX_SEATS],
        squares: Vec::new(),
        work: Cell::new(root.values.len() as u64),
    };
    if config.recentre {
        for (i, c) in tree.centre.iter_mut().enumerate().take(seats) {
            *c = logit(position.estimate(Seat(i as u8), config.sight));
        }
    }
    let order = root.best_first(rng);
    let widening = tree.sampled(position) || root.moves.len() > WIDE;
    let untried: Vec<G::Move> = order.iter().rev().map(|&i| root.moves[i].clone()).collect();
    tree.nodes.push(Node {
        mv: None,
        children: Vec::new(),
        untried,
        complete: root.complete,
        widening,
        visits: 0,
        sum: [0.0; MAX_SEATS],
        proven: None,
        dist: 0,
        key: Some(key(position)),
        mover: mover.0,
    });
    let limit = config.budget.playouts.unwrap_or(u64::MAX);
    let mut playouts = 0u64;
    while playouts < limit && tree.nodes[0].proven.is_none() {
        let now = cap.map(|cap| (Instant::now(), cap));
        if let (Some((now, cap)), Some(d)) = (now, deadline) {
            if now >= d || now >= cap {
                break;
            }
        }
        if config.settle && playouts % SETTLE_EVERY == SETTLE_EVERY - 1 {
            // What the rest of the budget could still buy: the playouts left, and
            // at the rate so far, the time left.
            let mut left = limit - playouts;
            if let (Some(d), Some((now, _))) = (deadline, now) {
                let spent = now.duration_since(start).as_secs_f64().max(1e-6);
                let rate = playouts as f64 / spent;
                left = left.min((rate * d.duration_since(now).as_secs_f64() * 1.5) as u64 + SETTLE_EVERY);
            }
            if tree.settled(left) {
                break;
            }
        }
        if !tree.iterate(position, rng) {
            break;
        }
        playouts += 1;
    }
    finish(tree, position, &root, order, mover, playouts)
}

/// Playouts between two looks at whether the choice is settled.
const SETTLE_EVERY: u64 = 128;

impl<G: Game> Tree<'_, G> {
    /// True when `left` more playouts could not change the root's choice: the most
    /// visited move leads every other by more than that (or wins outright), so the
    /// rest of the budget is saved. [`finish`] ranks the same way.
    fn settled(&self, left: u64) -> bool {
        let root = &self.nodes[0];
        let mover = usize::from(root.mover);
        let (mut best, mut second) = (0u64, 0u64);
        for &c in &root.children {
            let child = &self.nodes[c as usize];
            let visits = match child.proven {
                Some(p) if p[mover] >= 1.0 => return true,
                // A proven loss is ranked last whatever its visits.
                Some(p) if p[mover] <= 0.0 => continue,
                _ => u64::from(child.visits),
            };
            if visits > best {
                second = best;
                best = visits;
            } else if visits > second {
                second = visits;
            }
        }
        best > second.saturating_add(left)
    }
}

/// The most visited root child (the nearest exact win first, an exact loss last,
/// the longest first), and the top candidates. Falls back on the scan's best move
/// if no child was expanded.
fn finish<G: Game>(
    tree: Tree<'_, G>,
    position: &G,
    root: &Scanned<G::Move>,
    order: Vec<usize>,
    mover: Seat,
    playouts: u64,
) -> SearchOut<G::Move> {
    let s = mover.index();
    let work = tree.work.get();
    let mut ranked: Vec<(f64, u32, f64, Rewards, bool, usize)> = tree.nodes[0]
        .children
        .iter()
        .filter_map(|&c| {
            let child = &tree.nodes[c as usize];
            let mut mean = [0.0; MAX_SEATS];
            if child.visits > 0 {
                for (m, s) in mean.iter_mut().zip(child.sum) {
                    *m = s / f64::from(child.visits);
                }
            }
            let (key, shifted) = match child.proven {
                Some(p) => (tree.rank(child, s), p),
                None => (f64::from(child.visits), mean),
            };
            let mut outlook = [0.0; MAX_SEATS];
            for (seat, o) in outlook.iter_mut().enumerate().take(tree.seats) {
                *o = tree.unshift(shifted[seat], seat);
            }
            let value = outlook[s];
            child.mv.as_ref().map(|_| (key, child.visits, value, outlook, child.proven.is_some(), c as usize))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.2.total_cmp(&a.2)));
    let move_of = |id: usize| tree.nodes[id].mv.clone();
    let candidates: Vec<Candidate<G::Move>> = ranked
        .iter()
        .take(5)
        .filter_map(|&(_, visits, value, _, _, id)| {
            move_of(id).map(|mv| Candidate { mv, visits: u64::from(visits), value })
        })
        .collect();
    match ranked.first().and_then(|&(_, _, _, outlook, proven, id)| Some((move_of(id)?, outlook, proven, id))) {
        Some((mv, outlook, proven, id)) => {
            let error = if proven { [0.0; MAX_SEATS] } else { tree.error(id) };
            let line = tree.line(id);
            SearchOut { mv, playouts, candidates, outlook, proven, error, line, work }
        }
        None => {
            let i = order[0];
            let mv = root.moves[i].clone();
            let outlook = root.proven[i].unwrap_or_else(|| {
                let mut child = position.clone();
                child.play_unchecked(&mv);
                estimates(&child, tree.seats, tree.config.sight)
            });
            let proven = root.proven[i].is_some();
            // Nothing was searched: an estimate with no playout behind it.
            let error = if proven { [0.0; MAX_SEATS] } else { [0.5; MAX_SEATS] };
            SearchOut { mv: mv.clone(), playouts, candidates, outlook, proven, error, line: vec![mv], work }
        }
    }
}

impl<G: Game> Tree<'_, G> {
    /// The rank of a proven child for `seat` among its siblings, as [`finish`] orders
    /// them: the nearest win first, the farthest loss last, anything else by visits.
    fn rank(&self, child: &Node<G::Move>, seat: usize) -> f64 {
        let dist = f64::from(child.dist);
        match child.proven {
            Some(p) if p[seat] >= 1.0 => 1e15 - dist,
            Some(p) if p[seat] <= 0.0 => dist - 1e12,
            _ => f64::from(child.visits),
        }
    }

    /// The standard error of each seat's mean through root child `id`, on the
    /// game's own scale: the spread of its playouts over the root of their number,
    /// carried through the shift back (see the module's documentation).
    fn error(&self, id: usize) -> Rewards {
        let mut error = [0.5; MAX_SEATS];
        let node = &self.nodes[id];
        let n = f64::from(node.visits);
        let slot = self.nodes[0].children.binary_search(&(id as u32)).ok();
        let Some(squares) = slot.and_then(|slot| self.squares.get(slot)) else { return error };
        if node.visits < 2 {
            return error;
        }
        for (seat, e) in error.iter_mut().enumerate().take(self.seats) {
            let mean = node.sum[seat] / n;
            // The sample variance, never below 0 from rounding.
            let variance = ((squares[seat] - n * mean * mean) / (n - 1.0)).max(0.0);
            let se = (variance / n).sqrt();
            let (low, high) = ((mean - se).max(0.0), (mean + se).min(1.0));
            *e = (self.unshift(high, seat) - self.unshift(low, seat)) / 2.0;
        }
        error
    }

    /// The line from root child `id`: its move, then at each node the child the
    /// search would choose there (ranked as at the root) while the search went
    /// through it at least [`LINE_VISITS`] times or proved it, [`LINE`] moves at most.
    fn line(&self, id: usize) -> Vec<G::Move> {
        let mut line: Vec<G::Move> = self.nodes[id].mv.iter().cloned().collect();
        let mut at = id;
        while line.len() < LINE {
            let node = &self.nodes[at];
            let mover = usize::from(node.mover);
            let best = node.children.iter().map(|&c| c as usize).max_by(|&a, &b| {
                let (x, y) = (&self.nodes[a], &self.nodes[b]);
                self.rank(x, mover).total_cmp(&self.rank(y, mover)).then(b.cmp(&a))
            });
            let Some(next) = best else { break };
            let child = &self.nodes[next];
            if child.proven.is_none() && child.visits < LINE_VISITS {
                break;
            }
            let Some(mv) = child.mv.clone() else { break };
            line.push(mv);
            at = next;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shift_keeps_order_and_results_and_undoes_itself() {
        let ahead = logit(0.95);
        // The root's own standing becomes even; a draw is worth less to the seat ahead.
        assert!((shift_one(0.95, ahead) - 0.5).abs() < 1e-9);
        assert!(shift_one(0.5, ahead) < 0.1);
        // Far ahead, one marble more or less is a difference five times as large.
        let (less, more) = (shift_one(0.93, ahead), shift_one(0.965, ahead));
        assert!(more - less > 5.0 * (0.965 - 0.93), "{less} {more}");
        let values = [0.01, 0.2, 0.5, 0.8, 0.93, 0.95, 0.965, 0.99];
        for w in values.windows(2) {
            assert!(shift_one(w[0], ahead) < shift_one(w[1], ahead));
        }
        for v in values {
            assert!((shift_one(shift_one(v, ahead), -ahead) - v).abs() < 1e-9);
            assert_eq!(shift_one(v, 0.0), v, "even: no shift");
        }
        assert_eq!((shift_one(0.0, ahead), shift_one(1.0, ahead)), (0.0, 1.0));
        assert!(logit(1.0).is_finite() && logit(0.0).is_finite());
    }
}
