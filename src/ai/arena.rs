//! Matches between two players: many games with seats rotating, scored for side A,
//! with an Elo difference and its 95 % interval. Or, from a list of openings (won
//! positions, say), one game from each with side A in the seat the opening names.
//! Every player is given the game's history, as in chat.

use serde::Serialize;

use super::history::key;
use super::{choose_with, AiError, Context, Player};
use crate::games::{Game, Position, Seat};

/// Moves after which an arena game that has not ended is stopped and scored a draw
/// (Kuba positions can repeat forever).
pub const DEFAULT_PLY_CAP: u32 = 400;

/// One of the two sides of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ArenaSide {
    /// The first player named.
    A,
    /// The second.
    B,
}

/// A position to start a game from, and the seat side A takes in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// Where the game starts.
    pub position: Position,
    /// Side A's seat.
    pub seat: Seat,
}

/// A match: who plays, how many games, from which position.
#[derive(Clone, Debug)]
pub struct Arena<G: Game> {
    /// The start position of every game, unless there are openings.
    pub start: G,
    /// When not empty, game `i` starts from opening `i mod len` with side A in its
    /// seat, instead of from `start` with the seats rotating.
    pub openings: Vec<(G, Seat)>,
    /// Side A.
    pub a: Player,
    /// Side B.
    pub b: Player,
    /// Number of games.
    pub games: u32,
    /// Seeds every choice of every game.
    pub seed: u64,
    /// Moves after which a game is stopped and scored a draw.
    pub ply_cap: u32,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaGame {
    /// Side A's seat (every other seat is side B's).
    pub a_seat: u8,
    /// Side A's reward, `0.0..=1.0`.
    pub a_reward: f64,
    /// Moves played.
    pub plies: u32,
    /// Stopped at the ply cap and scored a draw.
    pub capped: bool,
}

/// The score of a match, from side A's point of view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaReport {
    /// Games played.
    pub games: u32,
    /// Games A won outright.
    pub a_wins: u32,
    /// Games neither won nor lost outright by A (draws, stopped games, and with
    /// three or four seats a place between first and last).
    pub draws: u32,
    /// Games A lost (finished last).
    pub a_losses: u32,
    /// Games stopped at the ply cap.
    pub capped: u32,
    /// A's mean reward.
    pub score_rate: f64,
    /// Elo difference of A over B.
    pub elo: f64,
    /// The 95 % interval of the Elo difference.
    pub elo_interval: (f64, f64),
    /// Mean moves per game.
    pub mean_plies: f64,
}

/// The Elo difference that a score rate `p` implies; rates beyond 0.1 % and 99.9 %
/// are clamped (about ±1200).
pub fn elo_difference(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

impl ArenaReport {
    /// Sums up the games.
    pub fn from_games(games: &[ArenaGame]) -> ArenaReport {
        let n = games.len().max(1) as f64;
        let rewards: Vec<f64> = games.iter().map(|g| g.a_reward).collect();
        let mean = rewards.iter().sum::<f64>() / n;
        // Wilson's interval for a rate: unlike mean ± 1.96 σ it stays honest when
        // every game went one way (σ = 0). Draws only narrow the true interval.
        let z2 = 1.96f64 * 1.96;
        let centre = (mean + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = 1.96 * (mean * (1.0 - mean) / n + z2 / (4.0 * n * n)).max(0.0).sqrt() / (1.0 + z2 / n);
        ArenaReport {
            games: games.len() as u32,
            a_wins: games.iter().filter(|g| g.a_reward >= 1.0).count() as u32,
            a_losses: games.iter().filter(|g| g.a_reward <= 0.0).count() as u32,
            draws: games.iter().filter(|g| g.a_reward > 0.0 && g.a_reward < 1.0).count() as u32,
            capped: games.iter().filter(|g| g.capped).count() as u32,
            score_rate: mean,
            elo: elo_difference(mean),
            elo_interval: (elo_difference(centre - half), elo_difference(centre + half)),
            mean_plies: games.iter().map(|g| f64::from(g.plies)).sum::<f64>() / n,
        }
    }
}

impl<G: Game> Arena<G> {
    /// Plays game number `index` (0-based): side A sits in seat `index mod seats`,
    /// or from an opening, in the opening's seat.
    pub fn play(&self, index: u32) -> Result<ArenaGame, AiError> {
        let seats = self.start.seats().len();
        if seats == 0 {
            return Err(AiError::Arena("the game has no seats".to_string()));
        }
        let (mut position, a_seat) = if self.openings.is_empty() {
            (self.start.clone(), Seat((index as usize % seats) as u8))
        } else {
            self.openings[index as usize % self.openings.len()].clone()
        };
        let game_seed = self.seed ^ (u64::from(index) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut plies = 0u32;
        let mut history = vec![key(&position)];
        while !position.is_over() {
            if plies >= self.ply_cap {
                return Ok(ArenaGame { a_seat: a_seat.0, a_reward: 0.5, plies, capped: true });
            }
            let player = if position.to_move() == a_seat { &self.a } else { &self.b };
            let seed = game_seed.wrapping_add(u64::from(plies).wrapping_mul(0xD1B5_4A32_D192_ED03));
            let choice = choose_with(&position, player, seed, Context { history: &history, scale: 1.0 })?;
            position.play_unchecked(&choice.mv);
            history.push(key(&position));
            plies += 1;
        }
        let reward = position.outcome().map_or(0.5, |o| o.reward(a_seat));
        Ok(ArenaGame { a_seat: a_seat.0, a_reward: reward, plies, capped: false })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(r: f64) -> ArenaGame {
        ArenaGame { a_seat: 0, a_reward: r, plies: 10, capped: false }
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert!(elo_difference(0.5).abs() < 1e-9);
        assert!((elo_difference(0.75) - 190.85).abs() < 0.1);
        assert!(elo_difference(1.0) > 1000.0 && elo_difference(0.0) < -1000.0);
    }

    #[test]
    fn report_counts_and_interval() {
        let games = [game(1.0), game(1.0), game(0.5), game(0.0)];
        let r = ArenaReport::from_games(&games);
        assert_eq!((r.a_wins, r.draws, r.a_losses), (2, 1, 1));
        assert!((r.score_rate - 0.625).abs() < 1e-9);
        assert!(r.elo_interval.0 < r.elo && r.elo < r.elo_interval.1);
        let sweep = ArenaReport::from_games(&std::iter::repeat_n(game(1.0), 20).collect::<Vec<_>>());
        // 20 wins of 20: the rate's lower bound is about 0.84, some +290 Elo.
        assert!((250.0..330.0).contains(&sweep.elo_interval.0), "{:?}", sweep.elo_interval);
    }
}
