//! The computer player: its workers, its moves and its answers to draw offers.
//!
//! The computer thinks on a pool of worker threads ([`crate::ai::pool`]), never on
//! a thread that serves requests. A job is "the computer's turn to act in one
//! game": its owner is the game's person (owners take turns, so one person's many
//! games cannot starve another's), it is due when it was queued (the moment the
//! game became the computer's to answer: a person's move, a draw offer, the start of
//! the game, or the service's start for games left waiting by a restart), and its
//! budget is the level's full think time. Under load the pool grants a smaller share
//! of that budget so that every move comes within twice the level's budget.
//!
//! A job reads the game afresh and then, in this order:
//! 1. answers a person's pending draw offer from its evaluation
//!    ([`crate::ai::draw_answer`], a short search): accepting ends the game, declining
//!    withdraws the offer; either is written with its message to the outbox in one
//!    transaction;
//! 2. if it is to move, searches at the level with the seed `game row × 1000 + ply`
//!    (repeatable) and the game's history (the search avoids repeating a position
//!    while ahead), plays the move through the same store path as people's moves,
//!    and writes the board message to the outbox in the same transaction. When the
//!    position before or after its move occurs for the third time and it is not
//!    ahead ([`crate::ai::offers_draw`]), it offers a draw in the same transaction.
//!
//! At most one job per game is queued or running: a game queued again while its job
//! runs (a Kuba extra push, a draw offer made while the computer thinks) is queued
//! once more when that job ends, so two workers never act on one game at once.

use std::collections::HashMap;
use std::sync::{Mutex, Weak};
use std::time::{Duration, Instant};

use std::sync::Arc;

use super::boards::{self, tag, thread_of};
use super::finisher::{self, EndOrder, Finish};
use super::message::Message;
use super::mover::{self, AlsoWrite, MoveOrder, Mover};
use super::names::Person;
use super::people::{self, Seats};
use super::{outbox, Failure, Inner, Reply};
use crate::ai::pool::default_workers;
use crate::ai::{draw_answer, game_history, occurrences, offers_draw, position_key, Job, Level, MoveRequest};
use crate::ai::{Pool, PoolConfig, PoolError, PoolStats};
use crate::games::{Position, Seat};
use crate::store::{self, GameId, GameRecord, PlayerId, SeatHolder, Status, Store, StoreError};

/// How the computer plays in the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerOptions {
    /// Worker threads that think for the computer (`[computer] workers`).
    pub workers: usize,
    /// Whether budgets shrink when more games wait than workers. Off, every search
    /// gets its level's full budget whatever the load: scripted tests repeat exactly.
    pub adaptive: bool,
    /// The most games one player may have in progress against the computer
    /// (`[computer] max_games_per_player`).
    pub max_games_per_player: u32,
}

impl Default for ComputerOptions {
    /// One worker per core, budgets that shrink under load, 10 games per player.
    fn default() -> Self {
        ComputerOptions { workers: default_workers(), adaptive: true, max_games_per_player: 10 }
    }
}

impl ComputerOptions {
    /// The options of the `[computer]` section of the configuration.
    pub fn from_config(config: &crate::config::Computer) -> ComputerOptions {
        ComputerOptions { workers: config.workers(), adaptive: true, max_games_per_player: config.max_games_per_player }
    }

    /// `workers` threads that always grant the full budget, for repeatable tests.
    pub fn deterministic(workers: usize) -> ComputerOptions {
        ComputerOptions { workers, adaptive: false, ..ComputerOptions::default() }
    }
}

/// Whose turn it is among the pool's owners: the game's person (a game against the
/// computer has exactly one), or nobody for a game without one.
type Owner = Option<PlayerId>;

/// A game with a job queued or running.
struct Slot {
    owner: Owner,
    budget: Duration,
    /// Its job has started.
    running: bool,
    /// Queued again while its job was running: queue it once more at the end.
    again: bool,
}

/// The computer's workers and the games they are acting on.
pub(crate) struct Computer {
    pool: Pool<Owner>,
    games: Mutex<HashMap<GameId, Slot>>,
}

impl Computer {
    /// Starts the workers.
    pub(crate) fn start(options: ComputerOptions) -> Result<Computer, PoolError> {
        let config = if options.adaptive {
            PoolConfig::new(options.workers)
        } else {
            PoolConfig::deterministic(options.workers)
        };
        Ok(Computer { pool: Pool::start(config)?, games: Mutex::new(HashMap::new()) })
    }

    /// The pool's figures (queue length, think times).
    pub(crate) fn stats(&self) -> PoolStats {
        self.pool.stats()
    }

    /// Whether `game` has a job queued or running.
    pub(crate) fn has(&self, game: GameId) -> bool {
        self.slots().contains_key(&game)
    }

    /// Queues background work (a review) on the workers, behind every game's move.
    pub(crate) fn submit_background(&self, job: Job<Owner>) -> Result<(), PoolError> {
        debug_assert_eq!(job.class, crate::ai::Class::Background);
        self.pool.submit(job)
    }

    /// Blocks until no job waits or runs.
    pub(crate) fn wait_until_idle(&self) {
        self.pool.wait_until_idle();
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Slot>> {
        // Nothing panics while holding this lock; a poisoned map is still whole.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues the computer's turn in `record`'s game (a move or an answer to a draw
    /// offer) for the service `inner`; nothing when the game has no computer seat.
    pub(crate) fn queue(&self, inner: &Weak<Inner>, record: &GameRecord) {
        let Some(level) = computer_level(record) else { return };
        let owner = record.seats.iter().find_map(|s| match s.holder {
            SeatHolder::Player(p) => Some(p),
            SeatHolder::Computer(_) => None,
        });
        let mut slots = self.slots();
        if let Some(slot) = slots.get_mut(&record.id) {
            // A queued job reads the game when it starts; a running one may have read
            // it before this change.
            slot.again |= slot.running;
            return;
        }
        slots.insert(record.id, Slot { owner, budget: level.full_budget(), running: false, again: false });
        self.submit(inner, &mut slots, record.id);
    }

    /// Submits the job of `game`, whose slot is in `slots`.
    fn submit(&self, inner: &Weak<Inner>, slots: &mut HashMap<GameId, Slot>, game: GameId) {
        let Some(slot) = slots.get(&game) else { return };
        let weak = inner.clone();
        let job = Job::new(slot.owner, Instant::now(), slot.budget, move |grant: crate::ai::Grant| {
            let Some(inner) = weak.upgrade() else { return };
            inner.computer.started(game);
            if let Err(e) = act(&inner, game, grant.scale) {
                tracing::error!(game = game.0, "the computer could not move: {e:?}");
            }
            inner.computer.finished(&weak, game);
        });
        if let Err(e) = self.pool.submit(job) {
            tracing::error!(game = game.0, "the computer's turn waits for a restart: {e}");
            slots.remove(&game);
        }
    }

    fn started(&self, game: GameId) {
        if let Some(slot) = self.slots().get_mut(&game) {
            slot.running = true;
            slot.again = false;
        }
    }

    /// The job of `game` ended: queued again if something came up while it ran.
    fn finished(&self, inner: &Weak<Inner>, game: GameId) {
        let mut slots = self.slots();
        match slots.get_mut(&game) {
            Some(slot) if slot.again => {
                slot.running = false;
                slot.again = false;
                self.submit(inner, &mut slots, game);
            }
            _ => {
                slots.remove(&game);
            }
        }
    }
}

/// Every ongoing game where the computer is to move.
pub(crate) fn waiting(store: &Store) -> Result<Vec<GameId>, StoreError> {
    store.read(store::games_with_computer_to_move)
}

/// The level of the game's computer seat, if it has one.
fn computer_level(record: &GameRecord) -> Option<Level> {
    record.seats.iter().find_map(|s| match s.holder {
        SeatHolder::Computer(level) => Some(level),
        SeatHolder::Player(_) => None,
    })
}

/// The computer's turn in `game`: the answer to a person's draw offer, then its move.
fn act(inner: &Inner, game: GameId, scale: f64) -> Result<(), Failure> {
    let mut record = inner.store.load_game(game)?;
    if record.status != Status::Ongoing {
        return Ok(());
    }
    let Some((seat, level)) = record.seats.iter().find_map(|s| match s.holder {
        SeatHolder::Computer(level) => Some((s.seat, level)),
        SeatHolder::Player(_) => None,
    }) else {
        return Ok(());
    };
    let start = crate::games::replay(&boards::settings(&record)?, record.start_code.as_deref(), &[] as &[&str])
        .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))?
        .0;
    let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    let (position, history) =
        game_history(&start, &moves).map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))?;
    if let Some(offerer) = record.draw_offer.filter(|s| *s != seat) {
        if draw_answer(&position, Seat(seat), &history, level) {
            return accept_draw(inner, &record);
        }
        decline_draw(inner, &record, offerer)?;
        record.draw_offer = None;
    }
    if record.to_move == seat {
        play_one(inner, &record, position, history, level, scale)?;
    }
    Ok(())
}

/// The computer accepts the person's draw offer: the game ends drawn, through the
/// finisher, its final board to the outbox in the same transaction.
fn accept_draw(inner: &Inner, record: &GameRecord) -> Result<(), Failure> {
    finisher::end(
        inner,
        EndOrder {
            record,
            finish: Finish::agreed(record.seats.len(), true),
            say: Box::new(|ending| Message::DrawAgreed { who: Person::Computer, ending }),
            asking: None,
            deadline: None,
        },
    )?;
    Ok(())
}

/// The computer declines the draw offered by seat `offerer`: the offer is withdrawn
/// and the answer goes to the outbox in the same transaction.
fn decline_draw(inner: &Inner, record: &GameRecord, offerer: u8) -> Result<(), Failure> {
    let seats = Seats::of(record);
    let message = Message::DrawDeclined { who: Person::Computer, offerer: seats.person(usize::from(offerer)) };
    let reply = Reply::new(thread_of(record), message);
    let platform = people::platform_of(inner, record)?;
    let (game, now, community) = (record.id, inner.clock.now(), record.community);
    inner.store.write(move |tx| {
        store::set_draw_offer(tx, game, None, now)?;
        outbox::push(tx, platform, reply, None, community, now)
    })?;
    inner.ring();
    Ok(())
}

/// The computer's move in `record`'s game, from `position` (its current position)
/// with the game's `history`, at `level` with `scale` of its budget.
fn play_one(
    inner: &Inner,
    record: &GameRecord,
    mut position: Position,
    mut history: Vec<u64>,
    level: Level,
    scale: f64,
) -> Result<(), Failure> {
    let game = record.id;
    let seed = (game.0 as u64).wrapping_mul(1000).wrapping_add(u64::from(record.ply));
    let player = level.player();
    let thinking = std::time::Instant::now();
    let choice = MoveRequest { position: &position, player: &player, seed, history: &history, scale }
        .run()
        .map_err(|e| Failure::Internal(format!("ai: {e}")))?;
    inner.metrics.think(thinking.elapsed());
    // Offered with the move when the person's last move brought a position back a
    // third time, or the computer's move does; once per position (the third time
    // only), so a declined offer is not repeated at every later return.
    let third_time = |position: &Position, history: &[u64]| {
        occurrences(history, position_key(position)) == 3 && offers_draw(position, Seat(record.to_move), history, level)
    };
    let offer_before = third_time(&position, &history);
    let played = position.play_text(&choice.mv).map_err(|e| Failure::Internal(format!("ai move refused: {e}")))?;
    history.push(position_key(&position));
    let offer = offer_before || third_time(&position, &history);
    let offer = offer && !position.is_over();
    let also = offer.then(|| {
        // Offered with the move, which withdraws any earlier offer: written after it.
        // (The game's thread, tag and seats are the same after the move.)
        let seats = Seats::of(record);
        let mut reply =
            Reply::new(thread_of(record), Message::DrawOffered { who: Person::Computer, game: tag(record) });
        reply.mentions = seats.users(|i| i != usize::from(record.to_move));
        let (game, seat, now) = (record.id, record.to_move, inner.clock.now());
        let write: AlsoWrite =
            Arc::new(move |tx: &store::Transaction| store::set_draw_offer(tx, game, Some(seat), now));
        (write, vec![(reply, None)])
    });
    let order = MoveOrder {
        record,
        position: &position,
        played: &played,
        by: Mover::Computer,
        asking: None,
        deadline: None,
        also,
    };
    // The mover queues the computer again when the turn gives it another move
    // (Kuba's extra push).
    mover::play(inner, order)?;
    Ok(())
}
