//! Puzzles from people's own games (issue #52): `/kuba puzzle`, `/kuba solve`,
//! streaks, the puzzle rating and a community's puzzle leaderboard, and the finder
//! that makes them in the background once a game's review is stored.
//!
//! # Choices made here
//!
//! - **Made after the review, behind people's games.** The review's storing records
//!   [`Event::ReviewStored`]; this module's subscriber queues the game for the
//!   finder ([`store::queue_puzzle_scan`], the pending row is the queue: a restart
//!   resumes it) and its jobs run on the computer's workers in the background class,
//!   one search per job ([`crate::ai::puzzle::Finder`]), as the review's do. Only
//!   finished games are reviewed, so no puzzle comes from a game in progress. The
//!   finder searches each move with half again the review's playouts (`[analysis]
//!   playouts`: 3,000 at the default), seeded by the game's row: the same game gives
//!   the same puzzles.
//! - **Who gets which puzzle** ([`store::next_puzzle`]): the asker's own mistakes
//!   first ("you played b7-S here; find better"), newest game first, then the puzzles
//!   of the community's games where they ask, nearest their puzzle rating first.
//!   Never a puzzle of a game they played in unless the mistake was theirs (an
//!   opponent knows what came next), never one they were given before. In a direct
//!   message, only their own.
//! - **One open puzzle per person and game.** Asking again shows the open one again:
//!   a puzzle is answered, not skipped, so a rating cannot be kept by skipping the
//!   hard ones. The answer is the move, typed (`/kuba solve e1-E`, any notation the
//!   game takes) or picked from the same menu as a move; a move that is not legal
//!   there is refused as a move is, and the puzzle stays open.
//! - **Right or wrong, the answer shows the line and the board**: the best move and
//!   what follows while it is forced, the board at its end, what was played in the
//!   game, and the rating's change.
//! - **Ratings**: Glicko-2 per person and game, apart from the game's rating; the
//!   puzzle has a rating too and is the person's opponent (solved: a win). Only a
//!   person's first answer to a puzzle counts, and never a streak's.
//! - **Streaks** (`/kuba puzzle streak`): the puzzles follow one another, easiest
//!   first, each solved one brings the next at once, until the first miss (or no
//!   puzzle is left); the best streak is kept.
//! - **Private**: a puzzle and its answer are for the asker alone (Discord's
//!   ephemeral answers), since the next person may get the same puzzle. The rating
//!   and the leaderboard are public.
//! - **The leaderboard** (`/kuba puzzle leaderboard`) is the community's: everyone
//!   who answered a puzzle of that game there, by puzzle rating.
//! - **On its page, signed in** ([`PuzzleStanding`]), a puzzle is answered as
//!   `/kuba solve` answers it, by the same function. One never given to the person is
//!   given with the answer, in its transaction, rated as a first answer (links are how
//!   puzzles are shared, and whoever answers one signed in expects it to count); it
//!   then counts in the community its game was played in. One answered before, one of
//!   a game where they played the other side, or one while another puzzle of that
//!   game waits for them, is refused and changes nothing.

use std::collections::HashSet;
use std::sync::{Mutex, MutexGuard, Weak};
use std::time::Duration;

use serde::Deserialize;

use super::boards::{self, here, tag};
use super::events::Event;
use super::finisher::shown;
use super::message::{Message, PuzzleFrom, PuzzleLeader, PuzzleRatingChange, PuzzleSaid, RatingShown, StreakSaid};
use super::names::{GameTag, Person, UserRef};
use super::outbox::{self, Asking};
use super::people::{colour, ensure_player, find_actor, find_community, Here, Seats};
use super::play::move_refusal;
use super::puzzle_pictures::puzzle_board;
use super::refusal::{PuzzleRefusal, Refusal};
use super::types::{Action, Board, Picture, PuzzleMode};
use super::web_sessions::Signed;
use super::{leases, Failure, Inner, Reply, Request};
use crate::ai::puzzle::{suspects, Finder, PuzzleSearch, Suspect};
use crate::ai::review::Label;
use crate::ai::Job;
use crate::games::{GameKind, Phrase, Position, MENU_LIMIT};
use crate::store::{self, GameId, GameRecord, PlayerId, PuzzleRow, SeatHolder, Status, StoreError, Transaction};

type Result<T> = std::result::Result<T, Failure>;

/// Rows of a puzzle leaderboard.
pub const LEADERS: u32 = 10;

impl From<PuzzleRefusal> for Failure {
    fn from(r: PuzzleRefusal) -> Self {
        Failure::User(Refusal::Puzzle(r))
    }
}

// ---------------------------------------------------------------------------
// The finder, in the background

/// The scans this process is making now.
#[derive(Default)]
pub(crate) struct Scans {
    making: Mutex<HashSet<GameId>>,
}

impl Scans {
    fn making(&self) -> MutexGuard<'_, HashSet<GameId>> {
        // Nothing panics while holding this lock; a poisoned set is still whole.
        self.making.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The review as the finder reads it: which moves were bad and by how much. Read
/// apart from the review's own type, so that the finder reads every review the
/// store holds whatever else the review comes to say.
#[derive(Deserialize)]
struct StoredReview {
    plies: Vec<StoredPly>,
}

#[derive(Deserialize)]
struct StoredPly {
    ply: u32,
    #[serde(default)]
    label: Option<Label>,
    #[serde(default)]
    loss: f64,
}

/// A scan being made. Dropping it lets the game be queued again.
struct Task {
    inner: Weak<Inner>,
    record: GameRecord,
    finder: Finder,
    playouts: u64,
}

impl Drop for Task {
    fn drop(&mut self) {
        if let Some(inner) = self.inner.upgrade() {
            inner.puzzles.making().remove(&self.record.id);
        }
    }
}

/// The playouts of each move's search: half again the review's per position.
fn playouts(inner: &Inner) -> u64 {
    inner.options.analysis.playouts.saturating_mul(3).div_euclid(2).max(4)
}

/// The subscriber of [`Event::ReviewStored`]: the game waits for the finder. Writes
/// only through `tx`; [`start_pending`] begins the work once it is committed.
pub(crate) fn on_event(
    inner: &Inner,
    tx: &Transaction,
    event: &Event,
    _: store::EventId,
) -> std::result::Result<(), StoreError> {
    if let Event::ReviewStored { game } = event {
        store::queue_puzzle_scan(tx, GameId(*game), inner.clock.now())?;
    }
    Ok(())
}

/// Begins every pending scan this process is not making yet: at the service's start,
/// after the subscriber queued one, and on the computer's lease thread. Only the
/// holder of the computer's lease makes them.
pub(crate) fn start_pending(inner: &Inner) {
    if !inner.leases.holds(leases::COMPUTER) {
        return;
    }
    let pending = match inner.store.read(|tx| store::pending_puzzle_scans(tx, 1_000)) {
        Ok(pending) => pending,
        Err(e) => {
            tracing::error!("cannot read the pending puzzle scans: {e}");
            return;
        }
    };
    for game in pending {
        if !inner.puzzles.making().insert(game) {
            continue;
        }
        match task(inner, game) {
            Ok(Some(task)) => submit(inner, task),
            Ok(None) => {
                inner.puzzles.making().remove(&game);
            }
            Err(e) => {
                inner.puzzles.making().remove(&game);
                tracing::error!(game = game.0, "no puzzles can be looked for in this game: {e:?}");
                close(inner, game);
            }
        }
    }
}

/// Marks a scan that cannot be made as done with nothing found, so that it is not
/// tried again at every start.
fn close(inner: &Inner, game: GameId) {
    let now = inner.clock.now();
    if let Err(e) = inner.store.write(move |tx| store::finish_puzzle_scan(tx, game, 0, now)) {
        tracing::error!(game = game.0, "cannot close a puzzle scan: {e}");
    }
}

/// The work of a pending scan; `None` when there is nothing to look at (the game
/// has no stored review, or is not over: closed at once).
fn task(inner: &Inner, game: GameId) -> Result<Option<Task>> {
    let record = inner.store.load_game(game)?;
    let review = inner.store.read(move |tx| store::load_review(tx, game))?.and_then(|r| r.result);
    let (Some(json), Status::Over) = (review, record.status) else {
        close(inner, game);
        return Ok(None);
    };
    let review: StoredReview =
        serde_json::from_str(&json).map_err(|e| Failure::Internal(format!("the review of game {game:?}: {e}")))?;
    let suspects =
        suspects(review.plies.iter().filter_map(|p| Some(Suspect { ply: p.ply, label: p.label?, loss: p.loss })));
    let settings = boards::settings(&record)?;
    let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    let playouts = playouts(inner);
    // The seed of a game's puzzles is its row, as its review's: the same game gives
    // the same puzzles.
    let search = PuzzleSearch { playouts, seed: record.id.0 as u64, exhaustive: false };
    let finder = Finder::new(&settings, record.start_code.as_deref(), &moves, &suspects, search)
        .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))?;
    Ok(Some(Task { inner: inner.me.clone(), record, finder, playouts }))
}

/// About how long one search takes, for the pool's plan: the review's estimate of a
/// fifth of a millisecond per playout in the slowest game, and twice the playouts
/// for a position's own search.
fn slice(playouts: u64) -> Duration {
    Duration::from_micros(playouts.saturating_mul(400))
}

/// Hands the next search of `task` to the computer's workers.
fn submit(inner: &Inner, task: Task) {
    let (budget, game) = (slice(task.playouts), task.record.id);
    let job = Job::background(None, budget, move |_| step(task));
    if let Err(e) = inner.computer.submit_background(job) {
        tracing::error!(game = game.0, "a puzzle scan waits for a restart: {e}");
    }
}

/// One job: one search; then the next job, or the puzzles stored.
fn step(mut task: Task) {
    let Some(inner) = task.inner.upgrade() else { return };
    let game = task.record.id;
    match task.finder.step() {
        Ok(true) => submit(&inner, task),
        Ok(false) => {
            if let Err(e) = store_found(&inner, &task) {
                tracing::error!(game = game.0, "puzzles were found but not stored: {e:?}");
            }
        }
        Err(e) => {
            tracing::error!(game = game.0, "a puzzle scan failed: {e}");
            close(&inner, game);
        }
    }
}

/// Stores the puzzles found and closes the scan, in one transaction.
fn store_found(inner: &Inner, task: &Task) -> Result<()> {
    let found = task.finder.puzzles().ok_or_else(|| Failure::Internal("a puzzle scan stored unfinished".into()))?;
    let record = &task.record;
    let now = inner.clock.now();
    let new: Vec<store::NewPuzzle> = found
        .into_iter()
        .map(|p| store::NewPuzzle {
            game: record.id,
            ply: p.ply,
            kind: record.kind,
            seat: p.seat,
            player: match record.seats.get(usize::from(p.seat)).map(|s| &s.holder) {
                Some(SeatHolder::Player(id)) => Some(*id),
                _ => None,
            },
            community: record.community,
            code: p.code,
            played: p.played,
            label: if p.label == Label::Blunder { store::PuzzleLabel::Blunder } else { store::PuzzleLabel::Mistake },
            best: p.best,
            line: p.line,
            margin: p.margin,
            now,
        })
        .collect();
    let (game, config) = (record.id, *inner.store.rating_config());
    let count = u32::try_from(new.len()).unwrap_or(u32::MAX);
    inner.store.write(move |tx| {
        if !store::finish_puzzle_scan(tx, game, count, now)? {
            return Ok(());
        }
        for puzzle in &new {
            store::add_puzzle(tx, puzzle, &config)?;
        }
        Ok(())
    })?;
    tracing::info!(game = game.0, "{count} puzzles found");
    Ok(())
}

// ---------------------------------------------------------------------------
// Pictures

/// The game a puzzle comes from, and its position.
fn setting(inner: &Inner, puzzle: &PuzzleRow) -> Result<(GameRecord, Position)> {
    let record = inner.store.load_game(puzzle.game)?;
    let position = Position::from_code(&puzzle.code, &boards::settings(&record)?)
        .map_err(|e| Failure::Internal(format!("puzzle {}: {e}", puzzle.id.0)))?;
    Ok((record, position))
}

/// The moves a puzzle's menu offers for what is typed (Cabale: the next part of a
/// turn), as [`Action::Solve`]s.
fn menu(kind: GameKind, position: &Position, typed: &str) -> Vec<Action> {
    position
        .menu_typed(typed, MENU_LIMIT)
        .choices
        .into_iter()
        .map(|c| Action::Solve { kind, text: c.text, head: c.head, parts: c.parts, complete: c.complete })
        .collect()
}

/// The moves of `actor`'s open puzzle of `kind` that go on with what they typed
/// (Discord's completion of `solve`); empty when they have none.
pub(crate) fn solve_menu(inner: &Inner, actor: &super::Actor, kind: GameKind, typed: &str) -> Vec<Action> {
    let found = || -> Result<Vec<Action>> {
        let Some(me) = find_actor(inner, actor)? else { return Ok(Vec::new()) };
        let Some(attempt) = inner.store.read(move |tx| store::open_attempt(tx, me, kind))? else {
            return Ok(Vec::new());
        };
        let puzzle = attempt.puzzle;
        let Some(puzzle) = inner.store.read(move |tx| store::load_puzzle(tx, puzzle))? else { return Ok(Vec::new()) };
        let (_, position) = setting(inner, &puzzle)?;
        Ok(menu(kind, &position, typed))
    };
    found().unwrap_or_else(|e| {
        tracing::error!("cannot make the puzzle menu for {}: {e:?}", actor.user_id);
        Vec::new()
    })
}

// ---------------------------------------------------------------------------
// The commands

/// `/kuba puzzle …`.
pub(crate) fn puzzle(inner: &Inner, req: &Request, kind: GameKind, mode: PuzzleMode) -> Result<Vec<Reply>> {
    match mode {
        PuzzleMode::Next => give(inner, req, kind, false),
        PuzzleMode::Streak => give(inner, req, kind, true),
        PuzzleMode::Rating => rating(inner, req, kind),
        PuzzleMode::Leaderboard => leaderboard(inner, req, kind),
    }
}

/// A puzzle given (or given before and still open): the attempt and its puzzle.
struct Opened {
    attempt: store::AttemptRow,
    puzzle: PuzzleRow,
    again: bool,
    streak: Option<u32>,
}

/// A new puzzle for `me` in `tx` (none when none is left).
fn give_next(
    tx: &Transaction,
    me: PlayerId,
    kind: GameKind,
    community: Option<store::CommunityId>,
    streak: bool,
    now: store::Millis,
    config: &crate::rating::RatingConfig,
) -> std::result::Result<Option<(store::AttemptRow, PuzzleRow)>, StoreError> {
    let rating = store::puzzle_rating(tx, me, kind, config)?.map_or(config.start.rating, |r| r.rating.rating);
    let ask = store::PuzzleAsk { player: me, kind, community, rating, easiest_first: streak };
    let Some((puzzle, _)) = store::next_puzzle(tx, &ask)? else { return Ok(None) };
    let new = store::NewAttempt { puzzle: puzzle.id, player: me, kind, community, streak, now };
    Ok(store::give_puzzle(tx, &new)?.map(|attempt| (attempt, puzzle)))
}

/// `/kuba puzzle` and `/kuba puzzle streak`: the open puzzle again, else a new one
/// (starting a streak for `streak`).
fn give(inner: &Inner, req: &Request, kind: GameKind, streak: bool) -> Result<Vec<Reply>> {
    let me = ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    let community = match find_community(inner, req.actor.platform, &req.place)? {
        Here::Known(c) => Some(c),
        Here::Unknown | Here::Nowhere => None,
    };
    let alone = req.place.community.is_none();
    let (now, config) = (inner.clock.now(), *inner.store.rating_config());
    let given = inner.store.write(move |tx| {
        let running = store::streak(tx, me, kind)?;
        if let Some(attempt) = store::open_attempt(tx, me, kind)? {
            let Some(puzzle) = store::load_puzzle(tx, attempt.puzzle)? else {
                return Err(StoreError::Internal(format!("attempt {} has no puzzle", attempt.id.0)));
            };
            let count = attempt.streak.then_some(running.current);
            return Ok(Ok(Opened { attempt, puzzle, again: true, streak: count }));
        }
        match give_next(tx, me, kind, community, streak, now, &config)? {
            Some((attempt, puzzle)) => {
                if streak {
                    let started = store::Streak { running: true, current: 0, best: running.best };
                    store::set_streak(tx, me, kind, started, now)?;
                }
                Ok(Ok(Opened { attempt, puzzle, again: false, streak: streak.then_some(0) }))
            }
            None => Ok(Err(PuzzleRefusal::NoneLeft { kind, alone })),
        }
    })?;
    let Opened { attempt, puzzle, again, streak } = given?;
    Ok(vec![given_reply(inner, req, me, &attempt, &puzzle, again, streak)?])
}

/// The message giving `puzzle`, with its picture and its menu.
fn given_reply(
    inner: &Inner,
    req: &Request,
    me: PlayerId,
    attempt: &store::AttemptRow,
    puzzle: &PuzzleRow,
    again: bool,
    streak: Option<u32>,
) -> Result<Reply> {
    let (record, position) = setting(inner, puzzle)?;
    let from = if puzzle.player == Some(me) {
        PuzzleFrom::Own { game: tag(&record), ply: puzzle.ply, played: puzzle.played.clone() }
    } else {
        PuzzleFrom::Community
    };
    let page =
        inner.options.web_url.as_deref().map(|base| super::links::Links::new(base).puzzle(puzzle.token.as_str()));
    let config = *inner.store.rating_config();
    let message = Message::Puzzle(PuzzleSaid::Given {
        puzzle: puzzle.id.0,
        kind: attempt.kind,
        colour: colour(&position, usize::from(puzzle.seat)),
        from,
        rating: shown(&puzzle.rating, &config),
        streak,
        again,
        page,
    });
    let mut reply = Reply::new(here(inner, &req.place), message);
    reply.picture = Some(Picture::Puzzle(puzzle_board(&record, puzzle, false)?));
    reply.actions = menu(attempt.kind, &position, "");
    reply.only_actor = true;
    Ok(reply)
}

/// `/kuba solve MOVE`: the open puzzle answered.
pub(crate) fn solve(inner: &Inner, req: &Request, kind: GameKind, text: &str) -> Result<Vec<Reply>> {
    let nothing = || Failure::from(PuzzleRefusal::NothingToSolve(kind));
    let me = find_actor(inner, &req.actor)?.ok_or_else(nothing)?;
    let attempt = inner.store.read(move |tx| store::open_attempt(tx, me, kind))?.ok_or_else(nothing)?;
    let id = attempt.puzzle;
    let puzzle = inner.store.read(move |tx| store::load_puzzle(tx, id))?.ok_or_else(nothing)?;
    answer(inner, req, me, puzzle, Some(attempt), text)
}

/// `puzzle` answered by `me` with `text`: the attempt `open` (given before), or,
/// without one, the puzzle given to them with the answer, in one transaction (a
/// puzzle answered on its page: [`standing`] says when it may be).
fn answer(
    inner: &Inner,
    req: &Request,
    me: PlayerId,
    puzzle: PuzzleRow,
    open: Option<store::AttemptRow>,
    text: &str,
) -> Result<Vec<Reply>> {
    let kind = puzzle.kind;
    let (record, position) = setting(inner, &puzzle)?;
    let text = text.trim();
    if text.is_empty() {
        let example = position.legal_moves().first().map(ToString::to_string).unwrap_or_default();
        return Err(Refusal::EmptyMove { kind, example }.into());
    }
    let answer = position.parse_move(text).map_err(|e| Failure::User(move_refusal(&e)))?.to_string();
    let seats = Seats::of(&record);
    let mover = seats.person(usize::from(puzzle.seat));
    let opponent = is_opponent(&record, &puzzle, me);
    let line_board = puzzle_board(&record, &puzzle, true)?;
    let destination = here(inner, &req.place);
    let asking = Asking::of(inner, req);
    let (now, config) = (inner.clock.now(), *inner.store.rating_config());
    let game = tag(&record);
    let done = inner.store.write(move |tx| {
        let attempt = match open {
            Some(attempt) => attempt,
            None => {
                // Given by its page: only when nothing stands in the way now.
                let standing = standing(tx, me, &puzzle, opponent)?;
                if standing != PuzzleStanding::Free {
                    return Ok(Err(standing_refusal(kind, puzzle.id.0, &standing)));
                }
                let new = store::NewAttempt {
                    puzzle: puzzle.id,
                    player: me,
                    kind,
                    community: puzzle.community,
                    streak: false,
                    now,
                };
                match store::give_puzzle(tx, &new)? {
                    Some(attempt) => attempt,
                    None => return Ok(Err(PuzzleRefusal::NothingToSolve(kind))),
                }
            }
        };
        let (attempt_id, streaking, community) = (attempt.id, attempt.streak, attempt.community);
        let Some(answered) = store::answer_attempt(tx, attempt_id, &answer, now, &config)? else {
            return Ok(Err(PuzzleRefusal::NothingToSolve(kind)));
        };
        let mut next = None;
        let streak = if streaking {
            let mut s = store::streak(tx, me, kind)?;
            let mut exhausted = false;
            if answered.solved {
                s.current += 1;
                next = give_next(tx, me, kind, community, true, now, &config)?;
                exhausted = next.is_none();
            }
            s.best = s.best.max(s.current);
            s.running = next.is_some();
            store::set_streak(tx, me, kind, s, now)?;
            Some(StreakSaid { count: s.current, best: s.best, going: s.running, exhausted })
        } else {
            None
        };
        let rating = (answered.before != answered.after).then(|| PuzzleRatingChange {
            before: shown(&answered.before, &config),
            after: shown(&answered.after, &config),
            delta: (answered.after.rating - answered.before.rating).round() as i64,
        });
        let message = Message::Puzzle(PuzzleSaid::Answered {
            puzzle: puzzle.id.0,
            kind,
            solved: answered.solved,
            answer: answer.clone(),
            line: puzzle.line.clone(),
            game: game.clone(),
            ply: puzzle.ply,
            mover: mover.clone(),
            played: puzzle.played.clone(),
            label: match puzzle.label {
                store::PuzzleLabel::Blunder => Label::Blunder,
                store::PuzzleLabel::Mistake => Label::Mistake,
            },
            rating,
            streak,
        });
        let mut reply = Reply::new(destination.clone(), message);
        reply.picture = Some(Picture::Puzzle(line_board.clone()));
        reply.only_actor = true;
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        let answers = outbox::record(tx, Some(&asking), asking.platform, community, vec![(reply, None)], now)?;
        Ok(Ok((answers, next, streak)))
    })?;
    let (mut answers, next, streak) = done?;
    if let Some((attempt, puzzle)) = next {
        let count = streak.map(|s| s.count);
        answers.push(given_reply(inner, req, me, &attempt, &puzzle, false, count)?);
    }
    Ok(answers)
}

/// `/kuba puzzle rating`: the asker's puzzle rating.
fn rating(inner: &Inner, req: &Request, kind: GameKind) -> Result<Vec<Reply>> {
    let config = *inner.store.rating_config();
    let me = find_actor(inner, &req.actor)?;
    let (rating, streak) = match me {
        Some(me) => inner
            .store
            .read(move |tx| Ok((store::puzzle_rating(tx, me, kind, &config)?, store::streak(tx, me, kind)?)))?,
        None => (None, store::Streak::default()),
    };
    let message = Message::Puzzle(PuzzleSaid::Rating {
        kind,
        person: super::people::actor_person(&req.actor),
        rating: rating.map(|r| shown(&r.rating, &config)),
        attempts: rating.map_or(0, |r| r.attempts),
        solved: rating.map_or(0, |r| r.solved),
        best_streak: streak.best,
    });
    Ok(vec![Reply::new(here(inner, &req.place), message)])
}

/// `/kuba puzzle leaderboard`: the community's best puzzle solvers.
fn leaderboard(inner: &Inner, req: &Request, kind: GameKind) -> Result<Vec<Reply>> {
    let config = *inner.store.rating_config();
    let rows = match find_community(inner, req.actor.platform, &req.place)? {
        Here::Nowhere => return Err(PuzzleRefusal::NoCommunity(kind).into()),
        Here::Unknown => Vec::new(),
        Here::Known(c) => inner.store.read(move |tx| store::puzzle_leaderboard(tx, kind, c, LEADERS, &config))?,
    };
    let mut said = Vec::with_capacity(rows.len());
    for r in rows {
        let player = r.player;
        let p = inner.store.read(move |tx| store::load_player(tx, player))?;
        said.push(PuzzleLeader {
            rank: r.rank,
            person: Person::User(UserRef { user_id: p.user_id, name: p.display_name }),
            rating: shown(&r.rating, &config),
            solved: r.solved,
            attempts: r.attempts,
            best_streak: r.best_streak,
        });
    }
    let message = Message::Puzzle(PuzzleSaid::Leaderboard { kind, rows: said });
    Ok(vec![Reply::new(here(inner, &req.place), message)])
}

// ---------------------------------------------------------------------------
// The web page

/// A puzzle's web page: the position and the form; with an answer, its verdict and
/// the line.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePage {
    /// The page's token.
    pub token: String,
    /// The puzzle's number.
    pub puzzle: i64,
    /// The game.
    pub kind: GameKind,
    /// The side to move, a catalog term.
    pub colour: Phrase,
    /// The puzzle's own rating.
    pub rating: RatingShown,
    /// Answers given to it in chat.
    pub attempts: u32,
    /// Right answers among them.
    pub solved: u32,
    /// The position (its picture is [`super::links::Links::puzzle_board`]).
    pub board: Board,
    /// The answer checked, when the form was sent.
    pub answer: Option<PageAnswer>,
}

/// An answer checked on a puzzle's page: a signed-out reader's (it counts for no
/// one's rating), or the one a person signed in gave ([`super::Service::web_solve`]), shown
/// again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageAnswer {
    /// The answer: canonical when it is a legal move, else as typed (cut short).
    pub answer: String,
    /// Right, wrong, or not a move of the position.
    pub verdict: PageVerdict,
    /// The best move and what follows while it is forced (empty when refused).
    pub line: Vec<String>,
    /// The game it comes from.
    pub game: GameTag,
    /// The move of the game that was a mistake.
    pub ply: u32,
    /// What was played there.
    pub played: String,
    /// How bad it was.
    pub label: Label,
}

/// What a page's answer was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageVerdict {
    /// The best move.
    Right,
    /// A legal move, not the best.
    Wrong,
    /// Not a legal move there.
    Refused,
}

impl super::pages::Pages {
    fn puzzle_row(&self, token: &str) -> std::result::Result<(PuzzleRow, GameRecord), super::pages::PageError> {
        let token = store::Token::parse(token).ok_or(super::pages::PageError::NotFound)?;
        let puzzle =
            self.store().read(|tx| store::puzzle_of_token(tx, &token))?.ok_or(super::pages::PageError::NotFound)?;
        let record = self.store().load_game(puzzle.game)?;
        Ok((puzzle, record))
    }

    /// A puzzle's page, with `answer` checked when the form sent one.
    pub fn puzzle(
        &self,
        token: &str,
        answer: Option<&str>,
    ) -> std::result::Result<PuzzlePage, super::pages::PageError> {
        let (puzzle, record) = self.puzzle_row(token)?;
        let shown_board = puzzle_board(&record, &puzzle, false)?;
        let position = Position::from_code(&puzzle.code, &boards::settings(&record)?)
            .map_err(|e| super::pages::PageError::Internal(format!("puzzle {}: {e}", puzzle.id.0)))?;
        let config = *self.store().rating_config();
        let answer = answer.map(str::trim).filter(|a| !a.is_empty()).map(|typed| {
            let (answer, verdict) = match position.parse_move(typed) {
                Ok(mv) => {
                    let text = mv.to_string();
                    let verdict = if text == puzzle.best { PageVerdict::Right } else { PageVerdict::Wrong };
                    (text, verdict)
                }
                Err(_) => (crate::games::excerpt(typed), PageVerdict::Refused),
            };
            PageAnswer {
                answer,
                line: if verdict == PageVerdict::Refused { Vec::new() } else { puzzle.line.clone() },
                verdict,
                game: tag(&record),
                ply: puzzle.ply,
                played: puzzle.played.clone(),
                label: match puzzle.label {
                    store::PuzzleLabel::Blunder => Label::Blunder,
                    store::PuzzleLabel::Mistake => Label::Mistake,
                },
            }
        });
        Ok(PuzzlePage {
            token: puzzle.token.as_str().to_string(),
            puzzle: puzzle.id.0,
            kind: puzzle.kind,
            colour: colour(&position, usize::from(puzzle.seat)),
            rating: shown(&puzzle.rating, &config),
            attempts: puzzle.attempts,
            solved: puzzle.solved,
            board: shown_board.board,
            answer,
        })
    }

    /// A puzzle's picture: its position, or the board at the end of its line.
    pub fn puzzle_picture(&self, token: &str, line: bool) -> std::result::Result<Board, super::pages::PageError> {
        let (puzzle, record) = self.puzzle_row(token)?;
        Ok(puzzle_board(&record, &puzzle, line)?.board)
    }
}

// ---------------------------------------------------------------------------
// Answered on the page, signed in

/// Where a person signed in on the pages stands with a puzzle whose page they opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStanding {
    /// Given to them (in chat, or by its page) and waiting for their answer, as
    /// `/kuba solve` answers it.
    Open {
        /// Part of a streak (never rated).
        streak: bool,
        /// The answer moves their puzzle rating.
        rated: bool,
    },
    /// Never given to them: their answer on the page gives it to them and answers it
    /// at once, rated as a first answer in chat is.
    Free,
    /// They answered it already (in chat or on the page): no other answer of theirs.
    Answered {
        /// Their answer.
        answer: String,
        /// It was the best move.
        solved: bool,
    },
    /// They played the other side of its game: it is never theirs to answer.
    Opponent,
    /// Another puzzle of the same game waits for their answer (one open puzzle per
    /// person and game, as in chat): that one first.
    OtherOpen {
        /// Its number.
        puzzle: i64,
        /// Its page's token.
        token: String,
    },
}

/// Whether `me` played the side of the puzzle's game that did not make the mistake.
fn is_opponent(record: &GameRecord, puzzle: &PuzzleRow, me: PlayerId) -> bool {
    record.seat_of(me).is_some_and(|seat| seat != puzzle.seat)
}

/// Where `me` stands with `puzzle`, read in `tx` (`opponent`: [`is_opponent`]).
fn standing(
    tx: &Transaction,
    me: PlayerId,
    puzzle: &PuzzleRow,
    opponent: bool,
) -> std::result::Result<PuzzleStanding, StoreError> {
    let open = store::open_attempt(tx, me, puzzle.kind)?;
    if let Some(a) = open.as_ref().filter(|a| a.puzzle == puzzle.id) {
        return Ok(PuzzleStanding::Open { streak: a.streak, rated: a.rated });
    }
    if let Some(a) = store::answered_attempt(tx, me, puzzle.id)? {
        return Ok(PuzzleStanding::Answered { answer: a.answer.unwrap_or_default(), solved: a.solved == Some(true) });
    }
    if opponent {
        return Ok(PuzzleStanding::Opponent);
    }
    if let Some(a) = open {
        let token = store::load_puzzle(tx, a.puzzle)?.map(|p| p.token.as_str().to_string()).unwrap_or_default();
        return Ok(PuzzleStanding::OtherOpen { puzzle: a.puzzle.0, token });
    }
    Ok(PuzzleStanding::Free)
}

/// Why an answer on the page of puzzle `puzzle` is refused, standing so.
fn standing_refusal(kind: GameKind, puzzle: i64, standing: &PuzzleStanding) -> PuzzleRefusal {
    match standing {
        PuzzleStanding::Answered { .. } => PuzzleRefusal::AnsweredBefore { kind, puzzle },
        PuzzleStanding::Opponent => PuzzleRefusal::NotForYou { kind, puzzle },
        PuzzleStanding::OtherOpen { puzzle: other, .. } => PuzzleRefusal::OtherOpen { kind, puzzle: *other },
        PuzzleStanding::Open { .. } | PuzzleStanding::Free => PuzzleRefusal::NothingToSolve(kind),
    }
}

/// What a puzzle's page offers the person signed in: where they stand with it and,
/// when they may answer it, the position's moves as a game's page offers a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSeat {
    /// Where they stand.
    pub standing: PuzzleStanding,
    /// The board's cells, each with the moves that begin on it (when they may answer
    /// and no part of a turn is chosen); empty otherwise.
    pub squares: Vec<super::Square>,
    /// The square picked, by name, when it has moves.
    pub picked: Option<String>,
    /// The parts of a turn chosen so far (Cabale), canonical text.
    pub chosen: String,
    /// The moves offered now.
    pub offered: Vec<super::Offered>,
}

impl super::Service {
    /// The puzzle `token` opens, and its game: `NotFound` when none.
    fn page_puzzle(&self, token: &str) -> std::result::Result<(PuzzleRow, GameRecord), super::pages::PageError> {
        let token = store::Token::parse(token).ok_or(super::pages::PageError::NotFound)?;
        let store = &self.inner.store;
        let puzzle =
            store.read_once(|tx| store::puzzle_of_token(tx, &token))?.ok_or(super::pages::PageError::NotFound)?;
        let record = store.load_game(puzzle.game)?;
        Ok((puzzle, record))
    }

    /// What the page of the puzzle `token` offers `signed`: where they stand with it
    /// and, when they may answer it, its moves (`pick` a square picked, `chosen` the
    /// parts of a turn chosen, as the page sent them back: checked against the
    /// menu). Blocking (reads, and the menu).
    pub fn web_puzzle(
        &self,
        token: &str,
        signed: &Signed,
        pick: Option<&str>,
        chosen: &str,
    ) -> std::result::Result<PuzzleSeat, super::pages::PageError> {
        let (puzzle, record) = self.page_puzzle(token)?;
        let me = signed.player;
        let opponent = is_opponent(&record, &puzzle, me);
        let standing = {
            let puzzle = puzzle.clone();
            self.inner.store.read_once(move |tx| standing(tx, me, &puzzle, opponent))?
        };
        let answers = matches!(standing, PuzzleStanding::Open { .. } | PuzzleStanding::Free);
        let turn = if answers {
            let (_, position) = setting(&self.inner, &puzzle).map_err(super::pages::PageError::from)?;
            super::web_play::Turn::of(&position, pick, chosen)
        } else {
            super::web_play::Turn::default()
        };
        Ok(PuzzleSeat {
            standing,
            squares: turn.squares,
            picked: turn.picked,
            chosen: turn.chosen,
            offered: turn.offered,
        })
    }

    /// `signed`'s answer `text` on the page of the puzzle `token`, as `/kuba solve`
    /// answers one: the same checks, rating, streak and answer (kept in the outbox as
    /// the request's, its `key` making a form sent twice one answer). A puzzle never
    /// given to them is given with the answer, in the same transaction; one they
    /// answered before, one of a game where they played the other side, or one while
    /// another of that game waits for them is refused, changing nothing. Blocking.
    pub fn web_solve(
        &self,
        token: &str,
        signed: &Signed,
        text: &str,
        key: Option<String>,
    ) -> std::result::Result<Vec<Reply>, super::pages::PageError> {
        let (puzzle, record) = self.page_puzzle(token)?;
        let inner = &self.inner;
        let community = match puzzle.community {
            Some(c) => inner.store.read_once(move |tx| store::community_key(tx, c))?,
            None => None,
        };
        // In the puzzle's community (its language, its leaderboard), in no channel:
        // the answer is the page's alone.
        let place = super::Place { community, ..super::Place::default() };
        let command = super::Command::Solve { kind: puzzle.kind, text: text.to_string() };
        let via = super::Via { key, ..super::Via::default() };
        let request = Request { actor: signed.actor.clone(), place, command, via };
        let me = signed.player;
        let opponent = is_opponent(&record, &puzzle, me);
        Ok(self.serve(&request, || {
            let standing = {
                let puzzle = puzzle.clone();
                inner.store.read_once(move |tx| standing(tx, me, &puzzle, opponent))?
            };
            let open = match standing {
                PuzzleStanding::Open { .. } => {
                    inner.store.read_once(move |tx| store::open_attempt(tx, me, puzzle.kind))?
                }
                PuzzleStanding::Free => None,
                other => return Err(standing_refusal(puzzle.kind, puzzle.id.0, &other).into()),
            };
            answer(inner, &request, me, puzzle, open, text)
        }))
    }
}
