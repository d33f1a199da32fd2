//! The AI reached with a game kind chosen at run time, through [`dispatch`]: what
//! the command line calls.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use serde::Serialize;

use super::{choose_with, AiError, Arena, ArenaGame, Context, Opening, Player};
use crate::games::{Game, Position, PositionVisitor};

/// Asks for one move in a position of any game.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// Where the move is wanted.
    pub position: &'a Position,
    /// Who chooses.
    pub player: &'a Player,
    /// The seed.
    pub seed: u64,
    /// The keys of the positions the game has gone through, from its start
    /// ([`super::game_history`]), ending with the current one or not; `&[]` when
    /// there is no game around the position. The search avoids bringing one back.
    pub history: &'a [u64],
    /// The share of the player's budget to spend, in `(0, 1]` (the pool's
    /// [`super::Grant::scale`]); 1 for the full budget.
    pub scale: f64,
}

/// A chosen move in text, with what it cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceReport {
    /// The move in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its label for people.
    pub label: String,
    /// Playouts run (alpha-beta: leaves evaluated).
    pub playouts: u64,
    /// Milliseconds spent.
    pub ms: u64,
    /// The best root moves with visits and value for the mover.
    pub candidates: Vec<CandidateReport>,
}

/// One root move in a [`ChoiceReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CandidateReport {
    /// The move in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Times the search went through it.
    pub visits: u64,
    /// Its value for the mover, `0.0..=1.0`.
    pub value: f64,
}

impl MoveRequest<'_> {
    /// Asks the player.
    pub fn run(&self) -> Result<ChoiceReport, AiError> {
        self.position.visit(self.clone())
    }
}

impl PositionVisitor for MoveRequest<'_> {
    type Output = Result<ChoiceReport, AiError>;
    fn visit<G: Game>(self, position: &G) -> Self::Output {
        let context = Context { history: self.history, scale: self.scale };
        let choice = choose_with(position, self.player, self.seed, context)?;
        Ok(ChoiceReport {
            mv: choice.mv.to_string(),
            label: position.describe(&choice.mv),
            playouts: choice.playouts,
            ms: choice.elapsed.as_millis() as u64,
            candidates: choice
                .candidates
                .iter()
                .map(|c| CandidateReport { mv: c.mv.to_string(), visits: c.visits, value: c.value })
                .collect(),
        })
    }
}

/// A match between two players.
#[derive(Clone)]
pub struct ArenaRequest<'a> {
    /// Where every game starts.
    pub start: &'a Position,
    /// Side A.
    pub a: &'a Player,
    /// Side B.
    pub b: &'a Player,
    /// Number of games.
    pub games: u32,
    /// Seeds every game.
    pub seed: u64,
    /// Moves after which a game is stopped and scored a draw.
    pub ply_cap: u32,
    /// When not empty, game `i` starts from opening `i mod len`, side A in its
    /// seat; they must be positions of `start`'s game.
    pub openings: &'a [Opening],
    /// Games played at once, each on its own thread.
    pub threads: usize,
    /// Called after each finished game.
    pub on_game: &'a (dyn Fn(&ArenaGame) + Sync),
}

impl ArenaRequest<'_> {
    /// Plays the match; the games come back in order.
    pub fn run(&self) -> Result<Vec<ArenaGame>, AiError> {
        self.start.visit(self.clone())
    }
}

impl PositionVisitor for ArenaRequest<'_> {
    type Output = Result<Vec<ArenaGame>, AiError>;
    fn visit<G: Game>(self, start: &G) -> Self::Output {
        let start = start.clone();
        if start.is_over() {
            return Err(AiError::Finished);
        }
        let mut openings = Vec::with_capacity(self.openings.len());
        for (i, o) in self.openings.iter().enumerate() {
            let code = o.position.code();
            let position = G::from_code(&code, &start.settings())
                .map_err(|e| AiError::Arena(format!("opening {}: not a {} position: {e}", i + 1, G::TITLE)))?;
            if position.is_over() {
                return Err(AiError::Arena(format!("opening {}: the game is over", i + 1)));
            }
            if o.seat.index() >= position.seats().len() {
                return Err(AiError::Arena(format!("opening {}: no seat {}", i + 1, o.seat.index() + 1)));
            }
            openings.push((position, o.seat));
        }
        let arena = Arena {
            start,
            openings,
            a: self.a.clone(),
            b: self.b.clone(),
            games: self.games,
            seed: self.seed,
            ply_cap: self.ply_cap,
        };
        let next = AtomicU32::new(0);
        let results: Mutex<Vec<Option<Result<ArenaGame, AiError>>>> = Mutex::new(vec![None; self.games as usize]);
        let worker = || loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= arena.games {
                break;
            }
            let game = arena.play(i);
            if let Ok(g) = &game {
                (self.on_game)(g);
            }
            if let Ok(mut slots) = results.lock() {
                slots[i as usize] = Some(game);
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..self.threads.max(1) {
                scope.spawn(worker);
            }
            worker();
        });
        let slots = results.into_inner().map_err(|_| AiError::Arena("a game thread failed".to_string()))?;
        slots
            .into_iter()
            .map(|slot| slot.unwrap_or_else(|| Err(AiError::Arena("a game was not played".to_string()))))
            .collect()
    }
}
