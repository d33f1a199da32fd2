//! The classic baseline: fixed-depth alpha-beta on [`Game::evaluate`] for two-seat
//! games. Values are seat 0's; the seat to move maximises its own, so a seat that
//! moves twice in a row (Kuba's extra push) is handled like any other node. Depth
//! counts single moves. Children are ordered by their static value, and a win is
//! worth more the sooner it comes. As in the tree search, a position that the
//! searching seat's own move brings back (from the game's history or from earlier
//! on the line) is a draw, 0.5.

use std::collections::HashSet;
use std::time::Instant;

use super::history::key;
use super::mcts::SearchOut;
use super::scan::{estimates, Scanned};
use super::{Candidate, Rng, MAX_SEATS};
use crate::games::{Game, Seat, Sight};

/// Moves sampled in a position whose turns are made of parts (Cabale), which could
/// not all be searched.
const SAMPLED_MOVES: usize = 48;
/// Legal moves above which a position counts as made of parts.
const WIDE: usize = 1_024;

struct Search<'s> {
    leaves: u64,
    rng: Rng,
    /// When the search gives up: past it every node answers with its static value.
    cap: Instant,
    stopped: bool,
    /// The keys of the game's positions so far, the root's included.
    seen: &'s HashSet<u64>,
    /// The keys of the positions the searching seat's moves reached on this line.
    line: Vec<u64>,
    /// The seat the search chooses for.
    searcher: Seat,
}

/// A draw's value for seat 0.
const DRAW: f64 = 0.5;

/// Leaves between two looks at the clock.
const CLOCK_EVERY: u64 = 1_024;

/// A final position's value for seat 0: a win is above every estimate and worth
/// more with more depth left (it comes sooner), a loss is below them all.
fn final_value(reward: f64, depth: u8) -> f64 {
    if reward >= 1.0 {
        2.0 + f64::from(depth)
    } else if reward <= 0.0 {
        -1.0 - f64::from(depth)
    } else {
        reward
    }
}

impl Search<'_> {
    /// The value of `child`, reached from a position where `mover` was to move:
    /// a draw when the searching seat's move brings a position back, otherwise its
    /// search `depth` deep.
    fn child_value<G: Game>(&mut self, mover: Seat, child: &G, depth: u8, alpha: f64, beta: f64) -> f64 {
        if mover != self.searcher || child.is_over() {
            return self.value(child, depth, alpha, beta);
        }
        let k = key(child);
        if self.seen.contains(&k) || self.line.contains(&k) {
            self.leaves += 1;
            return DRAW;
        }
        self.line.push(k);
        let v = self.value(child, depth, alpha, beta);
        self.line.pop();
        v
    }

    /// True once the time cap has passed (looked up every [`CLOCK_EVERY`] leaves).
    fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.leaves % CLOCK_EVERY == CLOCK_EVERY - 1 && Instant::now() >= self.cap {
            self.stopped = true;
        }
        self.stopped
    }

    /// The moves searched in `position`: all of them, or a sample when too many.
    fn moves<G: Game>(&mut self, position: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if moves.len() > WIDE {
            self.rng.shuffle(&mut moves);
            moves.truncate(SAMPLED_MOVES);
        }
        moves
    }

    fn value<G: Game>(&mut self, position: &G, depth: u8, mut alpha: f64, mut beta: f64) -> f64 {
        if let Some(outcome) = position.outcome() {
            self.leaves += 1;
            return final_value(outcome.reward(Seat(0)), depth);
        }
        if depth == 0 || self.out_of_time() {
            self.leaves += 1;
            return position.evaluate(Seat(0));
        }
        let mover = position.to_move();
        let maximise = mover == Seat(0);
        let moves = self.moves(position);
        if moves.is_empty() {
            self.leaves += 1;
            return position.evaluate(Seat(0));
        }
        let mut children: Vec<(f64, G)> = moves
            .iter()
            .map(|m| {
                let mut child = position.clone();
                child.play_unchecked(m);
                (if depth > 1 { child.evaluate(Seat(0)) } else { 0.0 }, child)
            })
            .collect();
        if depth > 1 {
            if maximise {
                children.sort_by(|a, b| b.0.total_cmp(&a.0));
            } else {
                children.sort_by(|a, b| a.0.total_cmp(&b.0));
            }
        }
        let mut best = if maximise { f64::NEG_INFINITY } else { f64::INFINITY };
        for (_, child) in &children {
            let v = self.child_value(mover, child, depth - 1, alpha, beta);
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Searches `depth` moves deep from `position`, whose moves `root` has scanned,
/// or until `cap`: then the moves searched so far (at least the first) are ranked
/// as they stand. `seen` holds the keys of the game's positions so far.
pub(crate) fn search<G: Game>(
    position: &G,
    root: Scanned<G::Move>,
    depth: u8,
    seen: &HashSet<u64>,
    rng: &mut Rng,
    cap: Instant,
) -> SearchOut<G::Move> {
    let mover = position.to_move();
    let maximise = mover == Seat(0);
    let mut search = Search {
        leaves: 0,
        rng: Rng::new(rng.next_u64()),
        cap,
        stopped: false,
        seen,
        line: Vec::new(),
        searcher: mover,
    };
    let mut order = root.best_first(rng);
    if root.moves.len() > WIDE {
        order.truncate(SAMPLED_MOVES);
    }
    // Seat 0's value, from the mover's side: ties keep the random order of the scan.
    let mut scored: Vec<(f64, usize)> = Vec::with_capacity(order.len());
    let mut alpha = f64::NEG_INFINITY;
    let mut beta = f64::INFINITY;
    for &i in &order {
        if search.stopped && !scored.is_empty() {
            break;
        }
        let mut child = position.clone();
        child.play_unchecked(&root.moves[i]);
        let v = search.child_value(mover, &child, depth - 1, alpha, beta);
        // Only strictly better moves tighten the window, so equal ones stay exact.
        if maximise {
            alpha = alpha.max(v - 1e-9);
        } else {
            beta = beta.min(v + 1e-9);
        }
        scored.push((v, i));
    }
    let own = |v: f64| if maximise { v } else { 1.0 - v };
    let mut ranked: Vec<(f64, usize)> = scored.iter().map(|&(v, i)| (own(v), i)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let candidates = ranked
        .iter()
        .take(5)
        .map(|&(v, i)| Candidate { mv: root.moves[i].clone(), visits: 1, value: v.clamp(0.0, 1.0) })
        .collect();
    let best = ranked.first().map_or(order[0], |&(_, i)| i);
    let outlook = match root.proven[best] {
        Some(p) => p,
        None => match ranked.first() {
            Some(&(v, _)) => {
                // The searched value, from seat 0's side, as two seats' shares.
                let zero = if maximise { v } else { 1.0 - v }.clamp(0.0, 1.0);
                let mut r = [0.0; MAX_SEATS];
                r[0] = zero;
                r[1] = 1.0 - zero;
                r
            }
            None => {
                let mut child = position.clone();
                child.play_unchecked(&root.moves[best]);
                estimates(&child, 2, Sight::Board)
            }
        },
    };
    let mv = root.moves[best].clone();
    // An evaluation at the leaves, not a mean of playouts: no spread to tell.
    let error = [0.5; MAX_SEATS];
    let (playouts, work) = (search.leaves, search.leaves);
    SearchOut { line: vec![mv.clone()], mv, playouts, candidates, outlook, proven: false, error, work }
}
