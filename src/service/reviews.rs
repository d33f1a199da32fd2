//! The computer's review of finished games: `/kuba analysis`, and the reviews
//! queued when a game ends (`[analysis] after_game`).
//!
//! # Choices made here
//!
//! - **Only finished games**: a review of a game in progress would tell a player
//!   what to play. Anyone who may see the game may ask (as for `board` and
//!   `replay`): its players anywhere, others in its community.
//! - **Made once, kept**: a review is a row of the store, pending until made, then
//!   holding the review. Asking again answers at once from it; asking while it is
//!   being made says so. A person has one review pending at a time (the store's
//!   schema holds it too, so two requests at once cannot both queue one).
//! - **Behind people's games**: a review runs on the computer's workers as
//!   background jobs ([`crate::ai::Class::Background`]), one search per job (a
//!   position's first, or a deeper one where a label is in doubt), each job
//!   queueing the next: a computer move that falls due waits for at most one
//!   search, and only when every worker but none is free (see
//!   [`crate::ai::pool`]). Its budget is `[analysis] playouts` per position's first
//!   search, up to 8 times that for a deeper one, never shrunk under load: nobody
//!   waits for it at the board, and a review must not depend on how busy the bot
//!   was (its searches never read the clock: the same game gives the same review
//!   on any machine under any load).
//! - **Survives a restart**: the pending row is the queue. The service's start
//!   resumes every pending review, from its first position (a review's progress is
//!   not stored: it is minutes of one core at most). With several processes on one
//!   PostgreSQL database, only the holder of the computer's lease makes reviews, and
//!   its lease thread picks up those other processes stored.
//! - **Posted through the outbox** (the review is said to no one in particular, and
//!   later than the request): the answer to the command is only "reviewing, it will
//!   be posted here". The review goes where it was asked for (the channel, or the
//!   game's thread), or to the game's thread for one queued when the game ended,
//!   mentioning the person who asked. It is a summary with a picture (the chart and
//!   the three moves that changed the game most on small boards), then the
//!   annotated moves, [`MOVES_PER_MESSAGE`] to a message: as text rather than an
//!   attachment, so that every platform shows it as it is and no adapter needs a
//!   kind of file it does not send today; a message of 40 moves stays under
//!   Discord's 2,000 characters for every game's notation.
//! - **The picture is drawn from the stored review** when the message is delivered,
//!   like a board from its game and ply: the outbox keeps the message alone.

use std::collections::HashSet;
use std::sync::{Mutex, MutexGuard, Weak};
use std::time::Duration;

use super::boards::{self, find_game, here, tag, thread_of};
use super::message::{AnnotatedMove, Message, ReviewLine, TurningPoint, Why};
use super::people::{find_actor, find_community, Here, Seats};
use super::refusal::Refusal;
use super::review_pictures::spec;
use super::types::Picture;
use super::{leases, outbox, Failure, GameRef, Inner, Reply, Request};
use crate::ai::review::{PlyReview, Review, ReviewBudget, Reviewer, DEFAULT_PLAYOUTS};
use crate::ai::Job;
use crate::config::AfterGame;
use crate::store::{self, EndReason, GameId, GameRecord, NewReview, Queued, ReviewRow, SeatHolder, Status};
use crate::store::{StoreError, Transaction};

type Result<T> = std::result::Result<T, Failure>;

/// Annotated moves per message of a posted review, at most.
pub const MOVES_PER_MESSAGE: usize = 40;

/// About how many characters a message of annotated moves may take, counted from
/// the moves' texts (each labelled move brings a line of its own that says why, its
/// words counted as 90): a message must stay under Discord's 2,000 characters in
/// every language (a test renders long parts in all five).
pub const PART_SIZE: usize = 1_100;

pub use super::review_pictures::TURNING_POINTS;

/// How reviews are made (`[analysis]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Playouts of the search of each position.
    pub playouts: u64,
    /// Which games are reviewed when they end.
    pub after_game: AfterGame,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions { playouts: DEFAULT_PLAYOUTS, after_game: AfterGame::Rated }
    }
}

impl AnalysisOptions {
    /// The options of the `[analysis]` section of the configuration.
    pub fn from_config(config: &crate::config::Analysis) -> AnalysisOptions {
        AnalysisOptions { playouts: config.playouts, after_game: config.after_game }
    }
}

/// The reviews this process is making now (queued or running on the workers).
#[derive(Default)]
pub(crate) struct Reviews {
    making: Mutex<HashSet<GameId>>,
}

impl Reviews {
    fn making(&self) -> MutexGuard<'_, HashSet<GameId>> {
        // Nothing panics while holding this lock; a poisoned set is still whole.
        self.making.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A review being made: the game, its row and the search so far. Dropping it (at
/// the end, or when a job panicked) lets the game be queued again.
struct Task {
    inner: Weak<Inner>,
    row: ReviewRow,
    record: GameRecord,
    reviewer: Reviewer,
}

impl Drop for Task {
    fn drop(&mut self) {
        if let Some(inner) = self.inner.upgrade() {
            inner.reviews.making().remove(&self.row.game);
        }
    }
}

/// `/kuba analysis`: the review of a finished game, at once when it was made
/// before, else queued and posted here when ready.
pub(crate) fn analysis(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, false)?;
    let destination = here(inner, &req.place);
    if record.status != Status::Over {
        return Err(Refusal::ReviewOfGameInProgress(record.public_id.to_string()).into());
    }
    if record.moves.is_empty() {
        return Err(Refusal::NothingToReview(record.public_id.to_string()).into());
    }
    let id = record.id;
    match inner.store.read(move |tx| store::load_review(tx, id))? {
        Some(ReviewRow { result: Some(json), .. }) => {
            let review: Review = serde_json::from_str(&json)
                .map_err(|e| Failure::Internal(format!("the review of game {}: {e}", record.public_id)))?;
            let mut replies = replies(&record, &review, destination)?;
            if let Some(first) = replies.first_mut() {
                first.picture = Some(Picture::Review(spec(&record, &review)?));
            }
            return Ok(replies);
        }
        Some(_) => return Ok(vec![Reply::new(destination, Message::ReviewUnderway { game: tag(&record) })]),
        None => {}
    }
    let asker = super::people::ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    let community = match find_community(inner, req.actor.platform, &req.place)? {
        Here::Known(c) => Some(c),
        Here::Unknown | Here::Nowhere => None,
    };
    let json = serde_json::to_string(&destination).map_err(|e| Failure::Internal(e.to_string()))?;
    let (platform, playouts, now) = (req.actor.platform, inner.options.analysis.playouts, inner.clock.now());
    let queued = inner.store.write(move |tx| {
        let new =
            NewReview { game: id, requested_by: Some(asker), platform, destination: &json, community, playouts, now };
        store::queue_review(tx, &new)
    })?;
    match queued {
        Queued::Yes => {
            start_pending(inner);
            Ok(vec![Reply::new(destination, Message::ReviewQueued { game: tag(&record) })])
        }
        Queued::Exists => Ok(vec![Reply::new(destination, Message::ReviewUnderway { game: tag(&record) })]),
        Queued::Busy(other) => {
            let other = inner.store.load_game(other)?;
            Err(Refusal::ReviewBusy(tag(&other)).into())
        }
    }
}

/// Queues the review of `game`, which just ended, when `[analysis] after_game`
/// asks for it (`rated`: the game counted for ratings): to be posted in the game's
/// thread. Writes only through `tx`, the transaction that records the end; call
/// [`start_pending`] once it is committed, so that the review begins (else it begins
/// at the next start of the service).
// The subscriber of the finisher's "game ended" event (`Subscriber::Reviews`).
pub(crate) fn on_game_ended(
    inner: &Inner,
    tx: &Transaction,
    game: GameId,
    rated: bool,
) -> std::result::Result<(), StoreError> {
    let wanted = match inner.options.analysis.after_game {
        AfterGame::Rated => rated,
        AfterGame::All => true,
        AfterGame::Off => false,
    };
    if !wanted {
        return Ok(());
    }
    let record = store::load_game(tx, game)?;
    let aborted = record.result.as_ref().is_some_and(|r| r.end_reason == EndReason::Aborted);
    if record.status != Status::Over || record.moves.is_empty() || aborted {
        return Ok(());
    }
    // The outbox is per platform: the platform of the game's people.
    let mut platform = crate::config::Platform::Terminal;
    for seat in &record.seats {
        if let SeatHolder::Player(p) = seat.holder {
            platform = store::load_player(tx, p)?.platform;
            break;
        }
    }
    let destination = serde_json::to_string(&thread_of(&record)).map_err(|e| StoreError::Internal(e.to_string()))?;
    let new = NewReview {
        game,
        requested_by: None,
        platform,
        destination: &destination,
        community: record.community,
        playouts: inner.options.analysis.playouts,
        now: inner.clock.now(),
    };
    store::queue_review(tx, &new)?;
    Ok(())
}

/// The subscriber's handler of an event: [`on_game_ended`] for a game's end.
pub(crate) fn on_event(
    inner: &Inner,
    tx: &Transaction,
    event: &super::events::Event,
    _: store::EventId,
) -> std::result::Result<(), StoreError> {
    match event {
        super::events::Event::GameEnded { game, rated, .. } => on_game_ended(inner, tx, GameId(*game), *rated),
        _ => Ok(()),
    }
}

/// Begins every pending review this process is not making yet: at the service's
/// start, after a review was queued, and on the computer's lease thread. Only the
/// holder of the computer's lease makes reviews.
pub(crate) fn start_pending(inner: &Inner) {
    if !inner.leases.holds(leases::COMPUTER) {
        return;
    }
    let pending = match inner.store.read(|tx| store::pending_reviews(tx, 1_000)) {
        Ok(pending) => pending,
        Err(e) => {
            tracing::error!("cannot read the pending reviews: {e}");
            return;
        }
    };
    for row in pending {
        if !inner.reviews.making().insert(row.game) {
            continue;
        }
        let game = row.game;
        match task(inner, row) {
            Ok(task) => submit(inner, task),
            Err(e) => {
                inner.reviews.making().remove(&game);
                tracing::error!(game = game.0, "a review cannot be made, dropped: {e:?}");
                if let Err(e) = inner.store.write(move |tx| store::drop_review(tx, game)) {
                    tracing::error!(game = game.0, "cannot drop a review: {e}");
                }
            }
        }
    }
}

/// The work of a pending review: its game replayed, nothing searched yet.
fn task(inner: &Inner, row: ReviewRow) -> Result<Task> {
    let record = inner.store.load_game(row.game)?;
    let settings = boards::settings(&record)?;
    let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    // The seed of a game's review is its row: the same game gives the same review.
    let budget = ReviewBudget { playouts: row.playouts, seed: record.id.0 as u64 };
    let reviewer = Reviewer::new(&settings, record.start_code.as_deref(), &moves, budget)
        .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))?;
    Ok(Task { inner: inner.me.clone(), row, record, reviewer })
}

/// About how long one position's search takes: the pool's plan for the people's
/// jobs counts it while it runs.
fn slice(playouts: u64) -> Duration {
    // About a fifth of a millisecond per playout in the slowest game (Cabale).
    Duration::from_micros(playouts.saturating_mul(200))
}

/// Hands the next position of `task` to the computer's workers.
fn submit(inner: &Inner, task: Task) {
    // A deeper search of a position in doubt takes longer than a first one.
    let playouts = task.reviewer.next_playouts().unwrap_or(task.row.playouts);
    let (owner, budget, game) = (task.row.requested_by, slice(playouts), task.row.game);
    let job = Job::background(owner, budget, move |_| step(task));
    if let Err(e) = inner.computer.submit_background(job) {
        // The task went with the job and was dropped: the review waits for a restart.
        tracing::error!(game = game.0, "a review waits for a restart: {e}");
    }
}

/// One job of a review: one position searched; then the next job, or the review
/// stored and posted.
fn step(mut task: Task) {
    let Some(inner) = task.inner.upgrade() else { return };
    let game = task.row.game;
    match task.reviewer.step() {
        Ok(true) => submit(&inner, task),
        Ok(false) => {
            if let Err(e) = post(&inner, task) {
                tracing::error!(game = game.0, "a review was made but not posted: {e:?}");
            }
        }
        Err(e) => {
            tracing::error!(game = game.0, "a review failed, dropped: {e}");
            if let Err(e) = inner.store.write(move |tx| store::drop_review(tx, game)) {
                tracing::error!(game = game.0, "cannot drop a review: {e}");
            }
        }
    }
}

/// Stores the finished review and queues its messages, in one transaction.
fn post(inner: &Inner, task: Task) -> Result<()> {
    let review = task.reviewer.review().ok_or_else(|| Failure::Internal("a review posted unfinished".into()))?;
    let json = serde_json::to_string(&review).map_err(|e| Failure::Internal(e.to_string()))?;
    let destination = serde_json::from_str(&task.row.destination)
        .map_err(|e| Failure::Internal(format!("the destination of a review: {e}")))?;
    let mut replies = replies(&task.record, &review, destination)?;
    if let (Some(first), Some(asker)) = (replies.first_mut(), task.row.requested_by) {
        let player = inner.store.read(move |tx| store::load_player(tx, asker))?;
        first.mentions = vec![super::UserRef { user_id: player.user_id, name: player.display_name }];
    }
    let (game, platform, community, now) = (task.row.game, task.row.platform, task.row.community, inner.clock.now());
    inner.store.write(move |tx| {
        if !store::finish_review(tx, game, &json, now)? {
            return Ok(());
        }
        // What follows a stored review (the puzzles of the game) is a subscriber's.
        super::subscribers::record(tx, &super::events::Event::ReviewStored { game: game.0 }, now)?;
        for reply in replies {
            outbox::push(tx, platform, reply, None, community, now)?;
        }
        Ok(())
    })?;
    inner.changed();
    Ok(())
}

/// The messages of a review: the summary (its picture is added by the caller or
/// when the outbox delivers it), then the annotated moves.
fn replies(record: &GameRecord, review: &Review, destination: super::Destination) -> Result<Vec<Reply>> {
    let position = boards::current(record)?;
    let seats = Seats::of(record);
    let players = review
        .seats
        .iter()
        .map(|s| ReviewLine {
            seat: seats.seat(&position, usize::from(s.seat)),
            accuracy: s.accuracy.map(|a| a.round().clamp(0.0, 100.0) as u32),
            inaccuracies: s.inaccuracies,
            mistakes: s.mistakes,
            blunders: s.blunders,
        })
        .collect();
    let turning = review
        .turning_points(TURNING_POINTS)
        .into_iter()
        .filter_map(|i| {
            let p = &review.plies[i];
            Some(TurningPoint {
                ply: p.ply,
                seat: seats.seat(&position, usize::from(p.seat)),
                played: p.mv.clone(),
                label: p.label?,
                best: p.best.clone()?,
                loss: points(p.loss),
                why: why(p),
            })
        })
        .collect();
    let game = tag(record);
    let in_doubt = review.plies.iter().filter(|p| p.label.is_some() && !p.decided).count() as u32;
    let summary = Message::Review { game: game.clone(), players, turning, in_doubt };
    let mut out = vec![Reply::new(destination.clone(), summary)];
    let moves: Vec<AnnotatedMove> = review
        .plies
        .iter()
        .map(|p| AnnotatedMove {
            ply: p.ply,
            text: p.mv.clone(),
            label: p.label,
            best: p.label.and(p.best.clone()),
            why: p.label.and(why(p)).map(|why| (points(p.loss), why)),
        })
        .collect();
    let chunks = annotated_parts(&moves);
    let parts = chunks.len().max(1) as u32;
    for (i, chunk) in chunks.into_iter().enumerate() {
        let message = Message::ReviewMoves { game: game.clone(), moves: chunk.to_vec(), part: i as u32 + 1, parts };
        out.push(Reply::new(destination.clone(), message));
    }
    Ok(out)
}

/// A loss in whole points, rounded down so that the number agrees with the label
/// (14.97 is a mistake).
fn points(loss: f64) -> u32 {
    loss.floor().clamp(0.0, 100.0) as u32
}

/// Why a move was called what it was: the review's lines, and the loss's interval
/// when the label is in doubt; `None` for a review made before it kept its lines
/// (the computer's own line always holds its move).
fn why(p: &PlyReview) -> Option<Why> {
    if p.best_line.is_empty() {
        return None;
    }
    let doubt = (!p.decided && p.margin > 0.0).then(|| (points(p.loss - p.margin), points(p.loss + p.margin)));
    let percent = |chances: f64| chances.round().clamp(0.0, 100.0) as u32;
    let first = (p.ply == 1).then(|| (percent(p.before), percent(p.after)));
    // The computer's own line starts with its move, which the message names apart.
    Some(Why { line: p.line.clone(), then: p.best_line.iter().skip(1).cloned().collect(), doubt, first })
}

/// What a move takes in a message of annotated moves, about: its number and move,
/// and for a labelled move the line that says why (words and moves).
fn planned_size(m: &AnnotatedMove) -> usize {
    let moves = |line: &[String]| line.iter().map(|t| t.chars().count() + 1).sum::<usize>();
    let own = m.text.chars().count() + m.best.as_ref().map_or(0, |b| b.chars().count() + 3) + 8;
    own + m.why.as_ref().map_or(0, |(_, why)| 90 + own + moves(&why.line) + moves(&why.then))
}

/// The annotated moves cut into messages: at most [`MOVES_PER_MESSAGE`] moves and
/// about [`PART_SIZE`] characters each (a message holds one move at least).
pub fn annotated_parts(moves: &[AnnotatedMove]) -> Vec<&[AnnotatedMove]> {
    let mut out = Vec::new();
    let (mut start, mut size) = (0, 0);
    for (i, m) in moves.iter().enumerate() {
        let more = planned_size(m);
        if i > start && (i - start >= MOVES_PER_MESSAGE || size + more > PART_SIZE) {
            out.push(&moves[start..i]);
            (start, size) = (i, 0);
        }
        size += more;
    }
    if start < moves.len() {
        out.push(&moves[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::config::Platform;
    use crate::games::GameKind;
    use crate::service::{
        Actor, Command, ComputerOptions, First, Place, Request, Service, ServiceOptions, Target, TestClock,
    };
    use crate::store::{Priority, Store};

    struct Here {
        service: Service,
        dir: std::path::PathBuf,
    }

    impl Drop for Here {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    fn start(name: &str, after_game: AfterGame) -> Here {
        let dir = std::env::temp_dir().join(format!("boardbot-reviews-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        let store = Store::open(&dir.join("db.sqlite")).expect("a store");
        let options = ServiceOptions {
            scheduler: false,
            computer: ComputerOptions::deterministic(1),
            analysis: AnalysisOptions { playouts: 30, after_game },
            ..ServiceOptions::default()
        };
        let service = Service::start(store, Arc::new(TestClock::new(1_800_000_000_000)), options).expect("a service");
        Here { service, dir }
    }

    fn ask(service: &Service, who: &str, command: Command) -> Vec<Reply> {
        let place = Place { community: Some("server".into()), channel: Some("chan".into()), ..Place::default() };
        service.handle(&Request::new(Actor::new(Platform::Discord, format!("id-{who}"), who), place, command))
    }

    /// A Kuba game between alice and bob with two moves, then resigned by bob.
    fn finished(service: &Service, rated: bool) -> GameId {
        let opponents = vec![Target::User { user_id: "id-bob".into(), display_name: "bob".into(), is_bot: false }];
        let (kind, settings, start, time, level) = (GameKind::Kuba, None, None, None, None);
        ask(
            service,
            "alice",
            Command::Challenge { kind, opponents, rated, first: First::Me, level, settings, start, time },
        );
        ask(service, "bob", Command::Accept { kind, challenge: None });
        let game = |who| Command::Move { game: crate::service::GameRef { kind, id: None }, text: who, at: None };
        ask(service, "alice", game("a6-E".to_string()));
        ask(service, "bob", game("g7-S".to_string()));
        ask(service, "bob", Command::Resign { game: crate::service::GameRef { kind, id: None } });
        let games = service.store().read(store::all_games).expect("games");
        let id = *games.last().expect("a game");
        assert_eq!(service.store().load_game(id).expect("the game").status, Status::Over);
        id
    }

    /// Runs [`on_game_ended`] in a transaction of its own, as the finisher's
    /// subscriber does, and says whether a review was queued.
    fn ended(service: &Service, game: GameId, rated: bool) -> Option<ReviewRow> {
        let inner = Arc::clone(&service.inner);
        service.store().write(move |tx| on_game_ended(&inner, tx, game, rated)).expect("written");
        service.store().read(move |tx| store::load_review(tx, game)).expect("read")
    }

    #[test]
    fn a_rated_game_that_ends_is_reviewed_in_its_thread_and_a_casual_one_is_not() {
        let here = start("rated", AfterGame::Rated);
        let service = &here.service;
        let casual = finished(service, false);
        assert_eq!(ended(service, casual, false), None);
        let rated = finished(service, true);
        let row = ended(service, rated, true).expect("queued");
        assert_eq!((row.requested_by, row.result.as_deref(), row.playouts), (None, None, 30));
        let record = service.store().load_game(rated).expect("the game");
        assert_eq!(row.destination, serde_json::to_string(&thread_of(&record)).expect("JSON"));
        // Once committed, the review is made and posted in the game's thread.
        start_pending(&service.inner);
        service.wait_until_idle();
        let made = service.store().read(move |tx| store::load_review(tx, rated)).expect("read").expect("a row");
        assert!(made.result.is_some() && made.done_at.is_some(), "{made:?}");
        let claimed = service.claim_some(Platform::Discord, "test", std::time::Duration::ZERO, 100);
        let posted: Vec<_> = claimed.into_iter().map(|m| (m.id, m.reply)).collect();
        let review = posted.iter().find(|(_, r)| matches!(r.message, Message::Review { .. })).expect("posted");
        assert!(matches!(review.1.destination, crate::service::Destination::Thread { .. }));
        assert!(matches!(review.1.picture, Some(Picture::Review(_))), "drawn again from the stored review");
        assert!(review.1.mentions.is_empty(), "nobody asked");
        assert!(posted.iter().any(|(_, r)| matches!(r.message, Message::ReviewMoves { part: 1, parts: 1, .. })));
        // A second end of the same game (a retried event) queues nothing more.
        assert_eq!(ended(service, rated, true).map(|r| r.result.is_some()), Some(true));
        assert_eq!(crate::service::outbox::priority_of(&review.1.message), Priority::People);
    }

    #[test]
    fn after_game_all_reviews_casual_games_and_off_reviews_none() {
        let all = start("all", AfterGame::All);
        let casual = finished(&all.service, false);
        assert!(ended(&all.service, casual, false).is_some());
        let off = start("off", AfterGame::Off);
        let rated = finished(&off.service, true);
        assert_eq!(ended(&off.service, rated, true), None);
    }

    #[test]
    fn a_game_aborted_before_any_move_is_not_reviewed() {
        let here = start("aborted", AfterGame::All);
        let service = &here.service;
        let opponents = vec![Target::User { user_id: "id-bob".into(), display_name: "bob".into(), is_bot: false }];
        let kind = GameKind::Kuba;
        ask(
            service,
            "alice",
            Command::Challenge {
                kind,
                opponents,
                rated: false,
                first: First::Me,
                level: None,
                settings: None,
                start: None,
                time: None,
            },
        );
        ask(service, "bob", Command::Accept { kind, challenge: None });
        ask(service, "alice", Command::Abort { game: crate::service::GameRef { kind, id: None } });
        let game = *service.store().read(store::all_games).expect("games").last().expect("a game");
        assert_eq!(ended(service, game, false), None);
    }
}
