//! The root scan shared by every level above `random`: each legal move is played
//! once, its result looked at and its one-ply value recorded.

use std::collections::HashSet;
use std::time::Instant;

use super::history::key;
use super::{Rewards, Rng, MAX_SEATS};
use crate::games::{Game, Outcome, Seat, Sight};

/// The root's moves with their one-ply values.
pub(crate) struct Scanned<M> {
    /// The legal moves (all of them unless the deadline cut the scan short).
    pub moves: Vec<M>,
    /// The mover's value after each move: its reward if the game ends there, a
    /// draw's 0.5 if it brings back a position of the game, otherwise
    /// [`Game::estimate`].
    pub values: Vec<f64>,
    /// Each seat's reward after each move that ends the game.
    pub proven: Vec<Option<Rewards>>,
    /// Every legal move was looked at (the deadline did not cut the scan short).
    pub complete: bool,
}

/// Every seat's reward in a final position.
pub(crate) fn rewards(outcome: &Outcome, seats: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    for (i, slot) in r.iter_mut().enumerate().take(seats) {
        *slot = outcome.reward(Seat(i as u8));
    }
    r
}

/// Every seat's reward for a draw: what a repeated position is worth in the search.
pub(crate) fn draw(seats: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    for slot in r.iter_mut().take(seats) {
        *slot = 0.5;
    }
    r
}

/// Every seat's [`Game::estimate`] in a position that goes on.
pub(crate) fn estimates<G: Game>(position: &G, seats: usize, sight: Sight) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    for (i, slot) in r.iter_mut().enumerate().take(seats) {
        *slot = position.estimate(Seat(i as u8), sight);
    }
    r
}

/// Plays every legal move once. With a deadline, stops early when it passes (the
/// moves not yet looked at are dropped, so a time budget holds even for Cabale's
/// tens of thousands of turns). A move to a position whose key is in `seen` (the
/// game has been there) is valued as a draw.
pub(crate) fn scan<G: Game>(
    position: &G,
    deadline: Option<Instant>,
    seen: &HashSet<u64>,
    sight: Sight,
) -> Scanned<G::Move> {
    let mover = position.to_move();
    let seats = position.seats().len();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut values = Vec::with_capacity(moves.len());
    let mut proven = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        if i % 256 == 255 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let mut child = position.clone();
        child.play_unchecked(m);
        match child.outcome() {
            Some(outcome) => {
                let r = rewards(&outcome, seats);
                values.push(r[mover.index()]);
                proven.push(Some(r));
            }
            None => {
                let repeated = !seen.is_empty() && seen.contains(&key(&child));
                values.push(if repeated { 0.5 } else { child.estimate(mover, sight) });
                proven.push(None);
            }
        }
    }
    let complete = values.len() == moves.len();
    moves.truncate(values.len());
    Scanned { moves, values, proven, complete }
}

impl<M> Scanned<M> {
    /// The move to play without searching: the only legal one, or one that wins at
    /// once (a random one of them when several do).
    pub fn forced_or_winning(&self, rng: &mut Rng) -> Option<usize> {
        if self.moves.len() == 1 {
            return Some(0);
        }
        let wins: Vec<usize> =
            (0..self.moves.len()).filter(|&i| self.proven[i].is_some() && self.values[i] >= 1.0).collect();
        if wins.is_empty() {
            None
        } else {
            Some(wins[rng.below(wins.len())])
        }
    }

    /// Indices of the moves, best one-ply value first; equal values in random order.
    pub fn best_first(&self, rng: &mut Rng) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.moves.len()).collect();
        rng.shuffle(&mut order);
        order.sort_by(|a, b| self.values[*b].total_cmp(&self.values[*a]));
        order
    }
}
