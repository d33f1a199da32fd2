//! Computer opponents for every game of the registry, written once over [`Game`].
//!
//! A [`Player`] picks a move in a position: `random`, `greedy` (one ply on the game's
//! [`Game::evaluate`]), Monte Carlo tree search at the levels `easy`, `medium` and
//! `hard` or with an explicit [`Budget`], and `alphabeta:<depth>`, a classic
//! fixed-depth baseline for two-seat games. Every choice is repeatable from its seed
//! (time budgets aside, which depend on the machine's speed).
//!
//! What every level above `random` shares (the scan of the root): all legal moves
//! are tried once; a move that wins at once is played at once, and a position with
//! one legal move is answered without searching.
//!
//! The search never assumes that seats alternate: each node asks the position
//! [`Game::to_move`] (Kuba's capturing seat moves again), keeps one reward per seat
//! ([`crate::games::Outcome::reward`]: 2 to 4 seats, draws and score rankings alike),
//! and turns with very many combinations (Cabale) are expanded by sampling
//! [`Game::random_move`] part by part, with progressive widening. So a capture and
//! the extra push it earns are one line, searched and valued from the same seat's
//! side, and a combination of pushes is found like any other sequence of moves.
//!
//! # Finishing won games
//!
//! Kuba has no repetition rule and a chat game no move limit, so a player that is
//! far ahead but sees no immediate gain could shuffle a marble back and forth for
//! ever against a defender that does the same. The search is therefore given the
//! game's history ([`Context::history`]: the keys of the positions played so far,
//! [`history`]) and applies two rules, both inside the search (tree search and
//! alpha-beta alike; the root scan, and so `greedy`, applies the first):
//!
//! - **A repetition is a draw.** A position that the searching seat's own move
//!   brings back, whether it occurred earlier in the game or earlier on the line
//!   being searched, is worth 0.5 to every seat, proven like a final position.
//!   When the computer is ahead (a value above 0.5), any move that keeps its
//!   advantage is preferred to a repetition, so it makes progress instead of
//!   shuffling; when it is behind, a repetition is welcome, which is what a
//!   defender wants (and then it offers a draw, [`offers_draw`]). Only the
//!   searching seat's moves are checked: the opponent returning to an old
//!   position is no draw, since nothing forces the computer to repeat in turn.
//!   This was chosen over a pure distance term because an advantage that no
//!   search horizon can convert into a win (five marbles up, no capture in
//!   reach) gives every quiet move the same value, and only the history tells
//!   the moves that go round in circles from those that explore.
//! - **Sooner is better.** A proven result carries its distance in moves: of
//!   several proven wins the nearest is played, of proven losses the farthest
//!   (alpha-beta already scored a win higher the sooner it comes).
//!
//! A search given no history plays exactly as before.
//!
//! # What the levels see
//!
//! `medium` and `hard` value positions with [`crate::games::Sight::Threats`]
//! ([`Game::estimate`]): a game that can tell cheaply what the player to move could
//! capture at once counts that capture as made. Cabale needs it: its turns are
//! sampled, and the sampled replies seldom contain the one runner path that jumps a
//! double block left hanging, so a search valuing the board alone gave won games
//! away 30 points at a time (`medium` against `medium` won 17 of 20 won positions,
//! and 20 of 20 with it). `greedy` and `easy` look at the board only: the threat is
//! part of what the stronger levels see and they do not, which keeps every level
//! ahead of the one below (given to every level, it brought `medium` against `easy`
//! in Cabale down to 12 wins of 20). Games that do not override `estimate` play
//! alike at every sight.
//!
//! # Budgets under load
//!
//! [`Context::scale`] multiplies a level's budget (playouts and time) when the
//! computer has more games to answer than workers ([`pool`]); at scale 1 a level
//! plays exactly as its full budget.

mod alphabeta;
mod arena;
mod draw;
pub mod history;
mod mcts;
pub mod pool;
pub mod puzzle;
pub mod review;
mod rng;
mod run;
mod scan;

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::games::{Game, ReplayError, SetupError, Sight};

pub use arena::{elo_difference, Arena, ArenaGame, ArenaReport, ArenaSide, Opening, DEFAULT_PLY_CAP};
pub use draw::{assess, draw_answer, offers_draw, DRAW_THRESHOLD};
pub use history::{game_history, occurrences, position_key};
pub use mcts::{MctsConfig, PlayoutPolicy};
pub use pool::{Class, Grant, Job, Pool, PoolConfig, PoolError, PoolStats};
pub use rng::Rng;
pub use run::{ArenaRequest, ChoiceReport, MoveRequest};

/// The most seats a game may have for the search (Cabale has up to 4).
pub const MAX_SEATS: usize = 4;

/// The longest any player thinks, whatever its budget or depth: a search that
/// reaches it answers with the best move found so far.
pub const MAX_THINK: Duration = Duration::from_secs(10);

/// The deepest alpha-beta search accepted, in moves.
pub const MAX_DEPTH: u8 = 30;

/// One reward per seat, in seat order; seats beyond the game's are 0.
pub type Rewards = [f64; MAX_SEATS];

/// What goes wrong when asking a player for a move. Messages are meant for people.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The level or player text is not one we know.
    #[error("unknown player \"{0}\" (levels: random, greedy, easy, medium, hard; or playouts:N, ms:T, alphabeta:D)")]
    UnknownPlayer(String),
    /// A budget or depth that is zero, negative or not a number.
    #[error("bad budget \"{0}\": give a whole number of at least 1")]
    BadBudget(String),
    /// An alpha-beta depth outside `1..=MAX_DEPTH`.
    #[error("bad depth \"{0}\": alphabeta searches 1 to {MAX_DEPTH} moves deep")]
    BadDepth(String),
    /// The position is final: there is nothing to choose.
    #[error("the game is over: there is no move to choose")]
    Finished,
    /// The game has more seats than the search keeps rewards for.
    #[error("{0} seats: the search handles at most {MAX_SEATS}")]
    TooManySeats(usize),
    /// Alpha-beta is a two-seat search.
    #[error("alphabeta plays two-seat games only; this position has {0} seats")]
    NotTwoSeats(usize),
    /// The position, settings or game name was refused.
    #[error("{0}")]
    Game(#[from] SetupError),
    /// The position or a move given before the search was refused.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// The arena was asked for something it cannot do.
    #[error("arena: {0}")]
    Arena(String),
}

/// How much a search may spend: playouts, milliseconds or both (whichever runs out
/// first). At least one is set and none is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    playouts: Option<u64>,
    ms: Option<u64>,
}

impl Budget {
    /// A budget; refuses an empty one or a zero.
    pub fn new(playouts: Option<u64>, ms: Option<u64>) -> Result<Budget, AiError> {
        match (playouts, ms) {
            (None, None) => Err(AiError::BadBudget("none".to_string())),
            (Some(0), _) => Err(AiError::BadBudget("playouts:0".to_string())),
            (_, Some(0)) => Err(AiError::BadBudget("ms:0".to_string())),
            _ => Ok(Budget { playouts, ms }),
        }
    }

    /// A budget from the texts of `--playouts` and `--ms` (either may be absent):
    /// whole numbers of at least 1.
    pub fn parse(playouts: Option<&str>, ms: Option<&str>) -> Result<Budget, AiError> {
        Budget::new(playouts.map(positive).transpose()?, ms.map(positive).transpose()?)
    }

    /// At most this many playouts.
    pub fn playouts(n: u64) -> Result<Budget, AiError> {
        Budget::new(Some(n), None)
    }

    /// At most this many milliseconds.
    pub fn millis(ms: u64) -> Result<Budget, AiError> {
        Budget::new(None, Some(ms))
    }

    /// The playout limit, if any.
    pub fn playout_limit(&self) -> Option<u64> {
        self.playouts
    }

    /// The time limit in milliseconds, if any.
    pub fn ms_limit(&self) -> Option<u64> {
        self.ms
    }

    /// The moment the time runs out, for a search started at `start`.
    fn deadline(&self, start: Instant) -> Option<Instant> {
        self.ms.map(|ms| start + Duration::from_millis(ms))
    }

    /// This budget times `scale` (clamped to [`MIN_SCALE`]`..=1`; a scale that is
    /// not a number counts as 1), each limit rounded up and at least 1.
    pub fn scaled(&self, scale: f64) -> Budget {
        let scale = clamp_scale(scale);
        if scale >= 1.0 {
            return *self;
        }
        let times = |n: u64| ((n as f64 * scale).ceil() as u64).max(1);
        Budget { playouts: self.playouts.map(times), ms: self.ms.map(times) }
    }
}

/// The smallest budget scale granted: under any load a search keeps a twentieth of
/// its budget (`hard`: 5 000 playouts or 125 ms), so it still plays sensibly.
pub const MIN_SCALE: f64 = 0.05;

/// A scale in `MIN_SCALE..=1`; what is not a number counts as 1.
fn clamp_scale(scale: f64) -> f64 {
    if scale.is_nan() {
        1.0
    } else {
        scale.clamp(MIN_SCALE, 1.0)
    }
}

/// The named strengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// The move with the best immediate gain by [`Game::evaluate`].
    Greedy,
    /// A short search: sensible moves, beatable by a beginner.
    Easy,
    /// A search within one second.
    Medium,
    /// The strongest search within three seconds.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level::Random, Level::Greedy, Level::Easy, Level::Medium, Level::Hard];

    /// The level's name in commands.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The longest this level thinks at its full budget (the time limit of its
    /// search; `random` and `greedy` take a few milliseconds, counted as 50). The
    /// pool's promise is a move within twice this.
    pub fn full_budget(self) -> Duration {
        match self.player() {
            Player::Mcts(config) => Duration::from_millis(config.budget.ms.unwrap_or(MAX_THINK.as_millis() as u64)),
            _ => Duration::from_millis(50),
        }
    }

    /// The player this level stands for.
    pub fn player(self) -> Player {
        match self {
            Level::Random => Player::Random,
            Level::Greedy => Player::Greedy,
            Level::Easy => Player::Mcts(MctsConfig::easy()),
            Level::Medium => Player::Mcts(MctsConfig::medium()),
            Level::Hard => Player::Mcts(MctsConfig::hard()),
        }
    }
}

impl FromStr for Level {
    type Err = AiError;

    fn from_str(s: &str) -> Result<Level, AiError> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL.into_iter().find(|l| l.name() == lower).ok_or_else(|| AiError::UnknownPlayer(s.to_string()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who picks the move.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    /// A uniformly random legal move ([`Game::random_move`]).
    Random,
    /// One ply: the best immediate gain by [`Game::evaluate`], ties broken at random.
    Greedy,
    /// Monte Carlo tree search.
    Mcts(MctsConfig),
    /// Fixed-depth alpha-beta on [`Game::evaluate`], depth in single moves (a Kuba
    /// extra push counts as one); two-seat games only.
    AlphaBeta(u8),
}

impl Player {
    /// The same player with its budget multiplied by `scale` (tree searches only:
    /// `random`, `greedy` and alpha-beta's depth are unchanged). A scale of 1, or
    /// more, gives the player unchanged.
    pub fn scaled(&self, scale: f64) -> Player {
        match self {
            Player::Mcts(config) => Player::Mcts(config.scaled(scale)),
            other => other.clone(),
        }
    }
}

/// Parses a whole number of at least 1.
fn positive(text: &str) -> Result<u64, AiError> {
    match text.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(AiError::BadBudget(crate::games::excerpt(text))),
    }
}

impl FromStr for Player {
    type Err = AiError;

    /// A level name, `playouts:N`, `ms:T` or `alphabeta:D`.
    fn from_str(s: &str) -> Result<Player, AiError> {
        let lower = s.trim().to_ascii_lowercase();
        match lower.split_once(':') {
            None => lower.parse::<Level>().map(Level::player).map_err(|_| AiError::UnknownPlayer(s.to_string())),
            Some(("playouts", n)) => Ok(Player::Mcts(MctsConfig::with_budget(Budget::playouts(positive(n)?)?))),
            Some(("ms", t)) => Ok(Player::Mcts(MctsConfig::with_budget(Budget::millis(positive(t)?)?))),
            Some(("alphabeta", d)) => match d.trim().parse::<u8>() {
                Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => Ok(Player::AlphaBeta(depth)),
                _ => Err(AiError::BadDepth(crate::games::excerpt(d))),
            },
            Some(_) => Err(AiError::UnknownPlayer(crate::games::excerpt(s))),
        }
    }
}

/// A root move with what the search learned about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate<M> {
    /// The move.
    pub mv: M,
    /// How often the search went through it (for alpha-beta and greedy: 1).
    pub visits: u64,
    /// Its value for the seat to move, `0.0..=1.0` (mean reward, or the evaluation).
    pub value: f64,
}

/// A chosen move and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<M> {
    /// The move to play.
    pub mv: M,
    /// Playouts run (alpha-beta: positions evaluated at the leaves).
    pub playouts: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The best root moves, best first (at most 5).
    pub candidates: Vec<Candidate<M>>,
    /// Every seat's expected share of the result after the move, `0.0..=1.0` in
    /// seat order (seats beyond the game's are 0): what the search believes, a
    /// final result when it proved one.
    pub outlook: Rewards,
    /// How far [`Choice::outlook`] can be trusted: the only legal move (nothing was
    /// searched), a proven result, or an estimate.
    pub certainty: Certainty,
    /// The standard error of each seat's [`Choice::outlook`], `0.0..=0.5`: for a
    /// tree search, the spread of the playouts through the move over the root of
    /// their number; 0 for a proven result, 0.5 (knowing nothing) for an estimate
    /// no playout stands behind.
    pub error: Rewards,
    /// The line the player expects: the move, then the replies its search found
    /// best, as long as it looked at them enough (a tree search gives up to 6
    /// moves; the other players the move alone).
    pub line: Vec<M>,
    /// What the choice cost, counted the same on any machine: the positions
    /// evaluated ([`Game::estimate`] and [`Game::evaluate`], the scan of the root
    /// included; alpha-beta: its leaves).
    pub work: u64,
}

/// How far a [`Choice`]'s outlook can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Certainty {
    /// The position had one legal move: it was played without looking further, and
    /// the outlook is a static estimate of the position it leads to.
    Only,
    /// The outlook is a result the search proved (the game ends, or every line was
    /// solved to its end), not an estimate.
    Proven,
    /// The outlook is an estimate: for a tree search, the mean of the playouts through
    /// the move ([`Candidate::visits`] of the first candidate says how many).
    Estimated,
}

/// What a search knows besides the position: the game's history and the share of
/// its budget it may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Context<'h> {
    /// The keys ([`history::key`]) of the positions the game has gone through, from
    /// its start; ending with the current position or not. Empty: no history.
    pub history: &'h [u64],
    /// The share of the player's budget to spend, in `(0, 1]` (see
    /// [`Budget::scaled`]); 1 is the full budget.
    pub scale: f64,
}

impl Default for Context<'_> {
    fn default() -> Self {
        Context { history: &[], scale: 1.0 }
    }
}

/// Asks `player` for a move in `position` with no history and the full budget; the
/// same seed gives the same move (for playout and depth budgets).
pub fn choose<G: Game>(position: &G, player: &Player, seed: u64) -> Result<Choice<G::Move>, AiError> {
    choose_with(position, player, seed, Context::default())
}

/// Asks `player` for a move in `position` knowing the game's history (repeating a
/// position is a draw for the searching seat) within `context.scale` of its budget.
pub fn choose_with<G: Game>(
    position: &G,
    player: &Player,
    seed: u64,
    context: Context<'_>,
) -> Result<Choice<G::Move>, AiError> {
    let start = Instant::now();
    let scaled;
    let player = if clamp_scale(context.scale) < 1.0 {
        scaled = player.scaled(context.scale);
        &scaled
    } else {
        player
    };
    let seats = position.seats().len();
    if seats > MAX_SEATS {
        return Err(AiError::TooManySeats(seats));
    }
    if position.is_over() {
        return Err(AiError::Finished);
    }
    let mut rng = Rng::new(seed);
    let done = |mv: G::Move, playouts: u64, candidates: Vec<Candidate<G::Move>>, outlook: Rewards, certainty| {
        let error = if certainty == Certainty::Proven { [0.0; MAX_SEATS] } else { [0.5; MAX_SEATS] };
        let line = vec![mv.clone()];
        Choice { line, mv, playouts, elapsed: start.elapsed(), candidates, outlook, certainty, error, work: 0 }
    };
    // Only the searching levels that are told to look for threats do: `greedy` and
    // the baselines weigh the board as it stands.
    let sight = match player {
        Player::Mcts(config) => config.sight,
        _ => Sight::Board,
    };
    // What a move leads to, for the players that do not search beyond it.
    let after = |mv: &G::Move| {
        let mut child = position.clone();
        child.play_unchecked(mv);
        match child.outcome() {
            Some(outcome) => scan::rewards(&outcome, seats),
            None => scan::estimates(&child, seats, sight),
        }
    };
    if let Player::Random = player {
        let mv = position.random_move(&mut |n| rng.below(n)).ok_or(AiError::Finished)?;
        let outlook = after(&mv);
        return Ok(done(mv, 0, Vec::new(), outlook, Certainty::Estimated));
    }
    if let Player::AlphaBeta(depth) = player {
        if !(1..=MAX_DEPTH).contains(depth) {
            return Err(AiError::BadDepth(depth.to_string()));
        }
        if seats != 2 {
            return Err(AiError::NotTwoSeats(seats));
        }
    }
    let deadline = match player {
        Player::Mcts(config) => config.budget.deadline(start),
        _ => None,
    };
    let mut seen: HashSet<u64> = context.history.iter().copied().collect();
    seen.insert(history::key(position));
    let root = scan::scan(position, deadline, &seen, sight);
    if root.moves.is_empty() {
        return Err(AiError::Finished);
    }
    let scanned = root.values.len() as u64;
    if let Some(i) = root.forced_or_winning(&mut rng) {
        let value = root.values[i];
        let mv = root.moves[i].clone();
        let (outlook, certainty) = match root.proven[i] {
            Some(proven) => (proven, Certainty::Proven),
            None => (after(&mv), Certainty::Only),
        };
        let candidates = vec![Candidate { mv: mv.clone(), visits: 1, value }];
        return Ok(Choice { work: scanned, ..done(mv, 0, candidates, outlook, certainty) });
    }
    match player {
        // `Player::Random` has returned above.
        Player::Random | Player::Greedy => {
            let order = root.best_first(&mut rng);
            let candidates: Vec<_> = order
                .iter()
                .take(5)
                .map(|&i| Candidate { mv: root.moves[i].clone(), visits: 1, value: root.values[i] })
                .collect();
            let mv = root.moves[order[0]].clone();
            let outlook = after(&mv);
            Ok(Choice { work: scanned, ..done(mv, 0, candidates, outlook, Certainty::Estimated) })
        }
        Player::Mcts(config) => {
            let out = mcts::search(position, root, config, &seen, &mut rng, start);
            let certainty = if out.proven { Certainty::Proven } else { Certainty::Estimated };
            let (error, line, work) = (out.error, out.line, out.work);
            Ok(Choice { error, line, work, ..done(out.mv, out.playouts, out.candidates, out.outlook, certainty) })
        }
        Player::AlphaBeta(depth) => {
            let out = alphabeta::search(position, root, *depth, &seen, &mut rng, start + MAX_THINK);
            let work = scanned.saturating_add(out.work);
            Ok(Choice { work, ..done(out.mv, out.playouts, out.candidates, out.outlook, Certainty::Estimated) })
        }
    }
}

#[cfg(test)]
mod tests;
