//! The bot before any platform: every use case, written once.
//!
//! An adapter turns what a person typed or clicked into a [`Request`] (who acts, where,
//! and a typed [`Command`]) and calls [`Service::handle`], which answers with
//! [`Reply`] values: text, an optional picture (a board, a replay, a chart), whom to mention, whether only
//! the actor sees it, where it goes and what can be done next. Nothing here knows
//! what Discord or Matrix is.
//!
//! Calls are blocking (SQLite, rendering): async adapters call them from
//! `spawn_blocking`. The service is `Clone` and shares one store.
//!
//! # Choices made here
//!
//! - **Refusals change nothing**: every check runs on what was read before the one
//!   write; a lost race surfaces as the store's `MovedOn` ("the game has moved on").
//! - **Game threads**: a reply for a game's thread carries its platform thread id once
//!   the adapter made one and recorded it ([`Service::set_thread`]); text chats without
//!   thread ids name them `kuba-K7Q2` ([`thread_name`]). A request whose
//!   `Place::thread` is either needs no `game:`.
//! - **Finding the game**: an id wins; then the thread; then the actor's only game of
//!   that kind; several give a list of ids, never a guess. `board` also finds the one
//!   game of that kind going on in the channel, for spectators.
//! - **Who moves first**: `first:` is stored with the challenge, so a restart before
//!   it is accepted keeps the choice. Random is deterministic per challenge number.
//! - **Resigning** a game of three or four players ends it: the resigner takes the
//!   last place and the others share the first. Draw offers are for two-player games.
//! - **Takeback requests** are stored with the game until answered; any move, the
//!   takeback itself or the end of the game clears them.
//! - **The outlet**: what the service says on its own (the computer's move) is written
//!   to the store's outbox in the same transaction as the move, as JSON of the
//!   [`Reply`] without the PNG plus the game and ply to redraw it from. Adapters do not
//!   read it themselves: the one delivery runtime ([`crate::chat::delivery`]) claims it
//!   with [`Service::claim_some`], hands back what must wait with [`Service::defer`],
//!   and confirms with [`Service::delivered`], woken by [`Service::outlet`].
//! - **Conditional moves** (`premoves.rs`) are a command like any other, which the web
//!   page sends through [`Service::handle`] too; their answers are played by a
//!   subscriber of the moves, through the mover.
//! - **The computer** thinks on a pool of worker threads (see `computer.rs`), taking
//!   turns between the people it plays, with the seed `game row × 1000 + ply`; with
//!   [`ComputerOptions::deterministic`] every search has its full budget, so scripted
//!   sessions repeat exactly. It answers draw offers from its evaluation and offers a
//!   draw when a position comes back a third time and it is not ahead.

mod boards;
mod challenges;
mod change;
mod clocks;
pub mod commands;
mod community_page;
mod computer;
mod deadlines;
mod dispatcher;
pub mod events;
mod finisher;
mod language;
mod leases;
mod links;
mod lists;
mod menus;
mod message;
pub mod metrics;
mod mover;
mod names;
mod offers;
mod outbox;
pub mod pages;
mod people;
mod play;
mod premoves;
mod process;
mod puzzle_pictures;
mod puzzles;
mod refusal;
mod review_pictures;
mod reviews;
mod seen;
mod subscribers;
mod tournament_table;
mod tournaments;
mod types;
mod web_play;
pub mod web_sessions;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;

use crate::lang::Lang;

/// The outbox's row of a message, as adapters confirm it.
pub use crate::store::MessageId;
pub use clocks::ClockOptions;
pub use computer::ComputerOptions;
pub use deadlines::{DAY, HOUR, MINUTE};
pub use leases::LeaseOptions;
pub use menus::MoveMenu;
pub use message::{
    AbortCause, AnnotatedMove, Attention, BoardRow, ClockNote, EndSaid, Ending, Expired, FirstSaid, GameLine,
    HeadToHead, Message, MoveSaid, Next, Opening, PairingLine, PremoveDone, PremoveDrop, PremoveLineSaid,
    RatingChangeSaid, RatingLine, RatingShown, ResultSaid, ReviewLine, StandingLine, TournamentLine, TurningPoint, Why,
};
pub use message::{PuzzleFrom, PuzzleLeader, PuzzleRatingChange, PuzzleSaid, StreakSaid};
pub use names::{
    GameTag, LanguageScope, Notify, Person, SeatRef, ThreadRef, ThreadTitle, TournamentState, TournamentTag, UserRef,
};
pub use outbox::{goes_here, lane_of, Claimed};
pub use puzzles::{PageAnswer, PageVerdict, PuzzlePage};
pub use puzzles::{PuzzleSeat, PuzzleStanding};
pub use refusal::{ChallengeState, Expected, GameChoice, PuzzleRefusal, Refusal};
pub use reviews::{annotated_parts, AnalysisOptions, MOVES_PER_MESSAGE, PART_SIZE, TURNING_POINTS};
pub use types::{
    game_of_thread, split_picked, thread_name, Action, Actor, Answer, AnswerNotifies, Board, ChartLine, ChartSpec,
    Command, Delivery, Destination, EndedBy, First, GameLinks, GameRef, Picture, Place, PremoveAsked, PuzzleBoard,
    PuzzleMode, ReplaySpec, Reply, Request, ReviewChartLine, ReviewMoment, ReviewSpec, StandingsSpec, Target,
    TimeAsked, TournamentAsked, TournamentCommand, Via,
};
pub use web_play::{Offered, Offers, PlayPanel, Square, WebGame};
pub use web_sessions::{NewSession, Signed, WebSignInError};

use crate::ai::PoolStats;
use crate::config::Platform;
use crate::games::GameKind;
use crate::store::{GameRecord, Millis, Store, StoreError};

/// The clock the service reads; injected so tests control time.
pub trait Clock: Send + Sync {
    /// Now, in milliseconds since the Unix epoch.
    fn now(&self) -> Millis;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
    }
}

/// A clock that moves only when told (tests and scripted sessions).
#[derive(Debug, Default)]
pub struct TestClock(AtomicI64);

impl TestClock {
    /// A clock showing `now`.
    pub fn new(now: Millis) -> TestClock {
        TestClock(AtomicI64::new(now))
    }

    /// Moves the clock forward.
    pub fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for TestClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// A clock that can be moved forward by hand (the terminal's `/wait`).
pub trait MovableClock: Clock {
    /// Moves the clock forward by `ms`.
    fn advance(&self, ms: Millis);
}

impl MovableClock for TestClock {
    fn advance(&self, ms: Millis) {
        TestClock::advance(self, ms);
    }
}

/// The system's clock, plus however far it was moved forward by hand.
#[derive(Debug, Default)]
pub struct OffsetClock(AtomicI64);

impl Clock for OffsetClock {
    fn now(&self) -> Millis {
        SystemClock.now().saturating_add(self.0.load(Ordering::SeqCst))
    }
}

impl MovableClock for OffsetClock {
    fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

/// Options of the service.
#[derive(Clone, Debug)]
pub struct ServiceOptions {
    /// The width of board pictures in pixels.
    pub picture_px: u32,
    /// Reminders, challenge expiry and vacations.
    pub clocks: ClockOptions,
    /// Whether a thread runs the clocks' events as they fall due. Scripted sessions
    /// turn it off and move time with [`Service::run_due`] alone, so their output
    /// never depends on how fast the machine is.
    pub scheduler: bool,
    /// The language when neither the reader nor the community chose one and the
    /// platform reports none (`[chat] language`).
    pub language: Lang,
    /// The computer's workers and limits.
    pub computer: ComputerOptions,
    /// The most open challenges one player may have made (`[limits]
    /// open_challenges_per_player`).
    pub open_challenges_per_player: u32,
    /// How the clocks and the computer are shared by several processes on one
    /// PostgreSQL database (unused on SQLite).
    pub leases: LeaseOptions,
    /// The address the web pages are reached at (`[web] public_url`, or `http://ADDR`
    /// of `[web] listen` or `--web`); `None`: this bot serves no web pages.
    pub web_url: Option<String>,
    /// `web_url` is `[web] public_url`, an address people reach from anywhere (not
    /// the listening address): Discord fetches the boards there and links to it.
    pub web_public: bool,
    /// How the computer reviews finished games (`[analysis]`).
    pub analysis: AnalysisOptions,
}

impl Default for ServiceOptions {
    fn default() -> Self {
        ServiceOptions {
            picture_px: 512,
            clocks: ClockOptions::default(),
            scheduler: true,
            language: Lang::En,
            computer: ComputerOptions::default(),
            open_challenges_per_player: 20,
            leases: LeaseOptions::default(),
            web_url: None,
            web_public: false,
            analysis: AnalysisOptions::default(),
        }
    }
}

/// Why a request failed: a refusal for the person, or a fault for the logs.
#[derive(Debug)]
pub(crate) enum Failure {
    User(Refusal),
    Internal(String),
}

impl From<Refusal> for Failure {
    fn from(e: Refusal) -> Self {
        Failure::User(e)
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::MovedOn => Failure::User(Refusal::MovedOn),
            StoreError::GameOver => Failure::User(Refusal::GameOver(String::new())),
            other => Failure::Internal(other.to_string()),
        }
    }
}

/// The outlet's wake-up: a counter bumped on each new message.
#[derive(Default)]
struct Wake {
    seq: Mutex<u64>,
    bell: Condvar,
}

/// Game changes kept for a slow listener of [`Service::game_changes`] before it lags.
const GAMES_CHANGED_KEPT: usize = 256;

pub(crate) struct Inner {
    /// The service itself, for the work it hands to the computer's threads.
    me: Weak<Inner>,
    /// This process among those sharing the store: what it claims and holds is
    /// named after it.
    process: process::Process,
    /// Wakes the events' dispatcher.
    events_bell: Arc<dispatcher::Bell>,
    /// When gone processes' claims were last looked for.
    takeover: Mutex<Option<std::time::Instant>>,
    store: Store,
    clock: Arc<dyn Clock>,
    options: ServiceOptions,
    computer: computer::Computer,
    wake: Wake,
    schedule: Arc<clocks::Schedule>,
    metrics: metrics::Metrics,
    leases: leases::Leases,
    reviews: reviews::Reviews,
    /// The puzzle scans this process is making.
    puzzles: puzzles::Scans,
    /// Told the row of each game a move or an ending changed, once committed: the
    /// live web pages served by this process look at once ([`Service::game_changes`]).
    games_changed: tokio::sync::broadcast::Sender<crate::store::GameId>,
    /// Rung with the wake-up: the async deliverers' bell ([`Service::outlet`]).
    outlet: tokio::sync::watch::Sender<u64>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.schedule.stop();
        self.events_bell.stop();
        // Its claims may be taken over at once by a service started after it.
        self.process.end();
    }
}

/// The bot's use cases over one store. Cheap to clone.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Service {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Service").field("store", &self.inner.store).finish_non_exhaustive()
    }
}

impl Service {
    /// Starts the service on `store`: the computer's workers begin, and every game
    /// where the computer is to move is queued (a restart loses no game).
    pub fn start(store: Store, clock: Arc<dyn Clock>, options: ServiceOptions) -> Result<Service, StoreError> {
        let computer = computer::Computer::start(options.computer).map_err(|e| StoreError::Internal(e.to_string()))?;
        let metrics =
            metrics::Metrics::new().map_err(|e| StoreError::Internal(format!("cannot set up the metrics: {e}")))?;
        let process = process::Process::start();
        let leases = leases::Leases::new(process.name(), store.shared(), options.leases.clone());
        let inner = Arc::new_cyclic(|me| Inner {
            me: me.clone(),
            process,
            events_bell: Arc::new(dispatcher::Bell::default()),
            takeover: Mutex::new(None),
            store,
            clock,
            options,
            computer,
            wake: Wake::default(),
            schedule: Arc::new(clocks::Schedule::default()),
            metrics,
            leases,
            reviews: reviews::Reviews::default(),
            puzzles: puzzles::Scans::default(),
            games_changed: tokio::sync::broadcast::channel(GAMES_CHANGED_KEPT).0,
            outlet: tokio::sync::watch::channel(0).0,
        });
        if inner.options.scheduler {
            let weak = Arc::downgrade(&inner);
            std::thread::Builder::new()
                .name("clocks".to_string())
                .spawn(move || clocks::work(weak))
                .map_err(|e| StoreError::Internal(format!("cannot start the clocks' thread: {e}")))?;
        }
        // What processes gone since left claimed or held is taken over now, not when
        // their leases run out: a restart resumes at once.
        inner.take_over_gone();
        {
            let weak = Arc::downgrade(&inner);
            std::thread::Builder::new()
                .name("events".to_string())
                .spawn(move || dispatcher::work(weak))
                .map_err(|e| StoreError::Internal(format!("cannot start the events' thread: {e}")))?;
        }
        if inner.leases.shared() {
            let weak = Arc::downgrade(&inner);
            std::thread::Builder::new()
                .name("computer-lease".to_string())
                .spawn(move || computer_sweep(weak))
                .map_err(|e| StoreError::Internal(format!("cannot start the computer's lease thread: {e}")))?;
        }
        let service = Service { inner };
        for game in computer::waiting(&service.inner.store)? {
            let record = service.inner.store.load_game(game)?;
            service.inner.queue_computer(&record);
        }
        // Reviews left pending by a restart, behind the games' moves.
        reviews::start_pending(&service.inner);
        // Puzzle scans left pending, behind them.
        puzzles::start_pending(&service.inner);
        Ok(service)
    }

    /// Whether this bot's web pages are reached at `[web] public_url`, from
    /// anywhere: its game messages then carry links a platform may fetch and show
    /// ([`Reply::web`]: Discord's link button and embedded board). Matrix and the
    /// terminal show [`Reply::web`] whenever it is set.
    pub fn serves_public_web(&self) -> bool {
        self.inner.options.web_public && self.inner.options.web_url.is_some()
    }

    /// The games changed by a move or an ending in this process, each told once
    /// committed: the live web pages look at once rather than at their next poll
    /// (changes made by other processes on the same database are found by the poll).
    /// A receiver that falls behind hears `Lagged` and should look at everything.
    pub fn game_changes(&self) -> tokio::sync::broadcast::Receiver<crate::store::GameId> {
        self.inner.games_changed.subscribe()
    }

    /// The width the board pictures are drawn at.
    pub fn picture_px(&self) -> u32 {
        self.inner.options.picture_px
    }

    /// The store underneath (for the adapters' maintenance commands).
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// Serves one request. Refusals and faults come back as replies too: a refusal
    /// visible to the actor only, a fault as a short apology (and a log line).
    ///
    /// A request whose [`Via::key`] changed something before (delivered twice) changes
    /// nothing again: it gets the answer the first delivery made, to deliver again
    /// (platforms drop the repeat by its send key).
    pub fn handle(&self, request: &Request) -> Vec<Reply> {
        let began = std::time::Instant::now();
        let _serving = seen::Serving::begin();
        let metrics = &self.inner.metrics;
        if let Some(answer) = self.answered_before(request) {
            return answer;
        }
        let mut replies = match dispatch(&self.inner, request) {
            Ok(replies) => {
                metrics.request(metrics::Outcome::Answered);
                // A move answered without a refusal is stored: its latency is the
                // request's, up to its durable commit.
                if matches!(request.command, Command::Move { .. }) {
                    metrics.move_latency(began.elapsed());
                }
                replies
            }
            Err(failure) => {
                // A refusal of a request delivered twice at once: the other delivery
                // changed the game first, and its answer stands.
                if let Some(answer) = self.answered_before(request) {
                    return answer;
                }
                metrics.request(match failure {
                    Failure::User(_) => metrics::Outcome::Refused,
                    Failure::Internal(_) => metrics::Outcome::Failed,
                });
                vec![self.refusal(request, failure)]
            }
        };
        if request.command.answered_privately() {
            // The answer is the actor's alone, whatever the use case made of it.
            if let Some(answer) = replies.iter_mut().find(|r| goes_here(&r.destination, &request.place)) {
                answer.only_actor = true;
            }
        }
        language::resolve(&self.inner, &request.actor, &request.place, &mut replies);
        for reply in &mut replies {
            links::link(&self.inner, reply);
        }
        replies
    }

    /// The moves a menu offers `actor` at `place` as they type a move of `kind`
    /// (Discord's autocompletion): in the game `game` names, else the game of the
    /// place's thread, else their only game of that kind; for the game's players
    /// only, each with the move number it is offered at. Empty when there is nothing
    /// to offer. Blocking (reads).
    pub fn move_menu(
        &self,
        actor: &Actor,
        place: &Place,
        kind: Option<GameKind>,
        typed: &str,
        game: Option<&str>,
    ) -> MoveMenu {
        menus::move_menu(&self.inner, actor, place, kind, typed, game)
    }

    /// The moves a menu offers `actor` as they type the answer to their open puzzle
    /// of `kind` (Discord's completion of `solve`): the moves of the puzzle's
    /// position going on with what they typed, as [`Action::Solve`]; empty when they
    /// have no open puzzle. Blocking (reads).
    pub fn solve_menu(&self, actor: &Actor, place: &Place, kind: Option<GameKind>, typed: &str) -> MoveMenu {
        let lang = language::of_reader(&self.inner, actor, place);
        let choices = kind.map(|k| puzzles::solve_menu(&self.inner, actor, k, typed)).unwrap_or_default();
        MoveMenu { lang, choices }
    }

    /// The answer a request that changed something before got (kept in the outbox),
    /// when `request` is one delivered again.
    fn answered_before(&self, request: &Request) -> Option<Vec<Reply>> {
        let key = request.via.key.as_deref()?;
        let store = &self.inner.store;
        let key_ = key.to_string();
        match store.read_once(move |tx| crate::store::request_served(tx, &key_)) {
            Ok(true) => {}
            Ok(false) => return None,
            Err(e) => {
                tracing::warn!("cannot tell whether request {key} was served: {e}");
                return None;
            }
        }
        tracing::info!("request {key} was delivered again: answered as before");
        let answers = outbox::answers_of(&self.inner, request.actor.platform, key).unwrap_or_else(|e| {
            tracing::error!("cannot read the answer of request {key}: {e:?}");
            Vec::new()
        });
        Some(answers)
    }

    /// The reply to a failed request.
    fn refusal(&self, request: &Request, failure: Failure) -> Reply {
        let message = match failure {
            Failure::User(e) => Message::Refused(e),
            Failure::Internal(e) => {
                tracing::error!(actor = %request.actor.user_id, command = ?request.command, "request failed: {e}");
                Message::Apology
            }
        };
        let mut reply = Reply::new(boards::here(&self.inner, &request.place), message);
        reply.only_actor = true;
        reply
    }

    /// A refusal made by an adapter (an unknown user, a malformed option), shaped like
    /// the service's own.
    pub fn refuse(&self, actor: &Actor, place: &Place, refusal: Refusal) -> Reply {
        let mut reply = Reply::new(boards::here(&self.inner, place), Message::Refused(refusal));
        reply.only_actor = true;
        language::resolve(&self.inner, actor, place, std::slice::from_mut(&mut reply));
        reply
    }

    /// The language `actor` reads what is shown to them alone at `place` (a menu, a
    /// confirmation an adapter makes).
    pub fn language_for(&self, actor: &Actor, place: &Place) -> Lang {
        language::of_reader(&self.inner, actor, place)
    }

    /// The language of public messages at `place`: what an adapter says there on its
    /// own is worded in it.
    pub fn language_at(&self, platform: Platform, place: &Place) -> Lang {
        language::of_place(&self.inner, platform, place)
    }

    /// Sets (or with `None` clears) a community's language, as an operator does
    /// (`boardbot local --language fr`).
    pub fn set_community_language(
        &self,
        platform: Platform,
        community: &str,
        language: Option<Lang>,
    ) -> Result<(), StoreError> {
        language::choose_for_community(&self.inner, platform, community, language).map_err(|e| match e {
            Failure::Internal(e) => StoreError::Internal(e),
            Failure::User(r) => StoreError::Internal(format!("{r:?}")),
        })
    }

    /// The next choices of a turn in game `game` (its public id) for a menu: the
    /// legal moves starting with `chosen` (for Cabale, the next part of the turn after
    /// the parts already chosen), filtered by what the player has `typed`, at most
    /// `limit`. An adapter calls it for autocompletion and step-by-step menus.
    pub fn choices(&self, game: &str, chosen: &str, typed: &str, limit: usize) -> Result<Vec<Action>, Refusal> {
        let record = self.inner.store.find_game(game).map_err(|e| match e {
            StoreError::NotFound(_) => Refusal::NoSuchGame(crate::games::excerpt(game)),
            e => {
                tracing::error!("choices for {game}: {e}");
                Refusal::MovedOn
            }
        })?;
        if record.status == crate::store::Status::Over {
            return Err(Refusal::GameOver(record.public_id.to_string()));
        }
        let position = boards::current(&record).map_err(|e| {
            tracing::error!("choices for {game}: {e:?}");
            Refusal::MovedOn
        })?;
        let id = record.public_id.to_string();
        Ok(position
            .menu(chosen, typed, limit)
            .choices
            .into_iter()
            .map(|c| Action::Move {
                kind: record.kind,
                game: id.clone(),
                text: c.text,
                head: c.head,
                parts: c.parts,
                complete: c.complete,
                at: record.ply,
            })
            .collect())
    }

    /// Whether `actor` plays in game `game` and it goes on: `Ok` for a player, else
    /// the refusal a command of theirs would get (not seated, over, no such game). A
    /// read only; adapters ask before offering a player's choices (a confirmation, the
    /// legal moves).
    pub fn may_act(&self, actor: &Actor, game: &GameRef) -> Result<(), Refusal> {
        let request = Request::new(actor.clone(), Place::default(), Command::Games);
        let checked = people::find_actor(&self.inner, actor).and_then(|me| {
            let record = boards::find_game(&self.inner, &request, game, me, true)?;
            play::seated_seat(&record, me).map(|_| ())
        });
        match checked {
            Ok(()) => Ok(()),
            Err(Failure::User(refusal)) => Err(refusal),
            Err(Failure::Internal(e)) => {
                tracing::error!("cannot check a player of game {game:?}: {e}");
                Err(Refusal::MovedOn)
            }
        }
    }

    /// The game of `thread` when `text` reads as a move of it, legal or not: a text
    /// adapter takes a plain message in a game's thread as a move then, so a misplayed
    /// move gets its reason while chatter gets no answer.
    pub fn move_in_thread(&self, thread: &str, text: &str) -> Option<GameRef> {
        let text = text.trim();
        if text.is_empty() || text.len() > 200 {
            return None;
        }
        let record = boards::game_in_thread(&self.inner, thread)?;
        let position = boards::current(&record).ok()?;
        match position.parse_move(text) {
            Err(crate::games::MoveRejected::Malformed(_)) => None,
            _ => Some(GameRef { kind: record.kind, id: Some(record.public_id.as_str().to_string()) }),
        }
    }

    /// Records the platform's thread made for game `game` (its public id), after an
    /// adapter created it for a [`Destination::Thread`] without one; commands typed in
    /// that thread then find the game, and later replies name the thread.
    pub fn set_thread(&self, game: &str, thread: &str) -> Result<(), StoreError> {
        let record = self.inner.store.find_game(game)?;
        let (id, thread) = (record.id, thread.to_string());
        self.inner.store.write(move |tx| crate::store::set_thread(tx, id, &thread))
    }

    /// Records the challenges a message on `platform` offers to accept or decline, for
    /// platforms where people answer a message itself, as with a reaction in Matrix.
    /// Kept across restarts; see [`Service::actions_of`]. A message that offers no
    /// challenge (a board) writes nothing.
    pub fn remember_actions(&self, platform: Platform, message_id: &str, actions: &[Action]) {
        let kept: Vec<&Action> =
            actions.iter().filter(|a| matches!(a, Action::Accept { .. } | Action::Decline { .. })).collect();
        if kept.is_empty() {
            return;
        }
        let json = match serde_json::to_string(&kept) {
            Ok(json) => json,
            Err(e) => {
                tracing::error!("cannot write the actions of message {message_id}: {e}");
                return;
            }
        };
        let (now, message_id) = (self.inner.clock.now(), message_id.to_string());
        let written =
            self.inner.store.write(move |tx| crate::store::set_message_actions(tx, platform, &message_id, &json, now));
        if let Err(e) = written {
            tracing::error!("cannot record the actions of a message: {e}");
        }
    }

    /// What message `message_id` on `platform` offers, as recorded by
    /// [`Service::remember_actions`]; empty for a message that offers nothing.
    pub fn actions_of(&self, platform: Platform, message_id: &str) -> Vec<Action> {
        let found = self.inner.store.read(|tx| crate::store::message_actions(tx, platform, message_id));
        match found {
            Ok(Some(json)) => serde_json::from_str(&json).unwrap_or_else(|e| {
                tracing::error!("the actions of message {message_id} do not read back: {e}");
                Vec::new()
            }),
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::error!("cannot read the actions of message {message_id}: {e}");
                Vec::new()
            }
        }
    }

    /// The platform thread of game `game` (its public id), once one is recorded.
    pub fn game_thread(&self, game: &str) -> Option<String> {
        self.inner.store.find_game(game).ok().and_then(|record| record.place.thread)
    }

    /// The game played in `thread` (a platform thread recorded with
    /// [`Service::set_thread`], or a `kuba-K7Q2` name): its kind and public id. Adapters
    /// use it to read a plain message in a game's thread as a move, and to complete moves.
    pub fn game_in_thread(&self, thread: &str) -> Option<(GameKind, String)> {
        boards::game_in_thread(&self.inner, thread).map(|r| (r.kind, r.public_id.as_str().to_string()))
    }

    /// The public id of `actor`'s only game of `kind` in progress, if exactly one:
    /// the game a move is completed for outside a game's thread.
    pub fn only_game(&self, actor: &Actor, kind: GameKind) -> Option<String> {
        let store = &self.inner.store;
        let player = store.read(|tx| crate::store::find_player(tx, actor.platform, &actor.user_id)).ok().flatten()?;
        let games = store.read(|tx| crate::store::games_in_progress(tx, player.id)).ok()?;
        let mut mine = games.into_iter().filter(|g| g.kind == kind);
        match (mine.next(), mine.next()) {
            (Some(one), None) => Some(one.public_id.as_str().to_string()),
            _ => None,
        }
    }

    /// The one way to read the outbox: claims for `claimer` (a name unique to this
    /// process, [`Service::claimer`]) at most `limit` messages the service made for
    /// `platform`, with their pictures' sources and what an adapter needs to deliver each
    /// once: its send key (the platform's idempotency key), its priority and its lane.
    /// Messages for people come before bulk notices, so a small `limit` lets a move
    /// overtake a burst of notices; a lane's messages come in order, and not while an
    /// earlier one of their lane is claimed or handed back. Each is leased to `claimer`
    /// for `lease`: confirm it with [`Service::delivered`] or hand it back with
    /// [`Service::defer`] before then, or another process takes it over.
    pub fn claim_some(&self, platform: Platform, claimer: &str, lease: Duration, limit: u32) -> Vec<Claimed> {
        self.inner.take_over_gone();
        let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX);
        match outbox::claim(&self.inner, platform, claimer, lease_ms, limit) {
            Ok(messages) => messages,
            Err(e) => {
                tracing::error!("cannot claim outbox messages: {e:?}");
                Vec::new()
            }
        }
    }

    /// Hands messages `ids`, claimed by `claimer`, back until `after` from now (their
    /// channel must wait, or they could not go now): a claim made then takes them
    /// again, in their order. Meanwhile the later messages of their lanes wait too.
    pub fn defer(&self, ids: &[MessageId], claimer: &str, after: Duration) {
        if ids.is_empty() {
            return;
        }
        let until = self.inner.clock.now().saturating_add(i64::try_from(after.as_millis()).unwrap_or(i64::MAX));
        let (claimer, ids_) = (claimer.to_string(), ids.to_vec());
        let deferred = self
            .inner
            .store
            .write(move |tx| ids_.iter().try_for_each(|id| crate::store::defer_message(tx, *id, &claimer, until)));
        match deferred {
            // The runtime looks again (a request's path hands it what it could not
            // post; a lane's task knows its own times anyway).
            Ok(()) => self.inner.ring(),
            Err(e) => tracing::error!("cannot defer messages {ids:?}: {e}"),
        }
    }

    /// Whether message `id` must wait for an earlier message of its lane, not
    /// delivered yet: a request's path then hands it to the delivery runtime rather
    /// than posting it before that one.
    pub fn behind_in_lane(&self, id: MessageId) -> bool {
        match self.inner.store.read(move |tx| crate::store::behind_in_lane(tx, id)) {
            Ok(behind) => behind,
            Err(e) => {
                tracing::warn!("cannot tell whether message {} waits in its lane: {e}", id.0);
                false
            }
        }
    }

    /// Marks a reply delivered, if it was kept in the outbox ([`Reply::delivery`]).
    pub fn answered(&self, reply: &Reply) {
        if let Some(d) = &reply.delivery {
            self.delivered(d.id);
        }
    }

    /// The name this process claims outbox messages under (for
    /// [`Service::claim_some`]): unique to this service, and known to be gone once
    /// the process has exited.
    pub fn claimer(&self) -> &str {
        self.inner.process.name()
    }

    /// How long a claim lasts: `[storage] lease_seconds`.
    pub fn lease(&self) -> Duration {
        self.inner.options.leases.ttl
    }

    /// Marks a message delivered. The deliverers are woken: a request's notices wait
    /// for its answer to be delivered, and may go now.
    pub fn delivered(&self, id: MessageId) {
        let now = self.inner.clock.now();
        match self.inner.store.write(move |tx| crate::store::mark_delivered(tx, id, now)) {
            Ok(()) => self.inner.ring(),
            Err(e) => tracing::error!("cannot mark message {} delivered: {e}", id.0),
        }
    }

    /// Rings (its value changes) whenever a message may be waiting in the outlet: a
    /// change that made one committed, one was delivered (a request's notices may go
    /// now) or handed back. For async deliverers; [`Service::wait_for_messages`] is the
    /// same for a thread.
    pub fn outlet(&self) -> tokio::sync::watch::Receiver<u64> {
        self.inner.outlet.subscribe()
    }

    /// Waits until a message may be waiting in the outlet (or `timeout` passes);
    /// `seen` is the value returned last time (start with 0).
    pub fn wait_for_messages(&self, seen: u64, timeout: Duration) -> u64 {
        let wake = &self.inner.wake;
        let Ok(guard) = wake.seq.lock() else { return seen };
        match wake.bell.wait_timeout_while(guard, timeout, |seq| *seq == seen) {
            Ok((seq, _)) => *seq,
            Err(_) => seen,
        }
    }

    /// Runs every clock event due at the service's clock now, in order: challenge
    /// expiries, timeouts, reminders. Each is done once, whatever runs it; what it
    /// says goes to the outbox. Returns how many it handled. The scheduler thread calls
    /// it; tests and the terminal's `/wait` call it after moving the clock.
    pub fn run_due(&self) -> usize {
        match clocks::run_due(&self.inner) {
            Ok(n) => n,
            Err(e) => {
                tracing::error!("the clocks could not run: {e:?}");
                0
            }
        }
    }

    /// The next instant a clock event may fall due, if any is scheduled.
    pub fn next_due(&self) -> Option<Millis> {
        clocks::next_due(&self.inner).unwrap_or_else(|e| {
            tracing::error!("cannot read the clocks: {e:?}");
            None
        })
    }

    /// The figures of this process, for the adapters to add theirs
    /// ([`metrics::Metrics::request`]).
    pub fn metrics(&self) -> &metrics::Metrics {
        &self.inner.metrics
    }

    /// The figures in Prometheus' text format (`/metrics`), the outbox's depth read
    /// now. Blocking (one query).
    pub fn render_metrics(&self) -> String {
        let depth = self.inner.store.read(crate::store::outbox_depth).map_err(|e| {
            tracing::warn!("cannot read the outbox's depth: {e}");
        });
        let stats = self.inner.computer.stats();
        self.inner.metrics.render(stats.waiting + stats.running, depth.ok(), self.inner.store.writer_stats())
    }

    /// Whether the database answers now (`/healthz`). Blocking (one round trip).
    pub fn healthy(&self) -> Result<(), StoreError> {
        self.inner.store.ping()
    }

    /// Stops the clocks and the computer's lease thread and gives up this process's
    /// leases, so another worker takes its singletons at once rather than after their
    /// time to live. Blocking; for a clean shutdown.
    pub fn stop(&self) {
        self.inner.schedule.stop();
        self.inner.leases.release_all(&self.inner);
    }

    /// Waits until the computer has no move left to make and every recorded event
    /// was handled, with what it started (a review): scripted sessions show what
    /// follows a command at the command. Never call it from the computer's own work.
    pub fn wait_until_idle(&self) {
        loop {
            self.inner.computer.wait_until_idle();
            // Handled here too, after the dispatcher's round and what it started (a
            // review's jobs): taking a queued event is transactional, so each is
            // still handled once.
            let handled = dispatcher::run_handling(&self.inner).unwrap_or(0);
            self.inner.computer.wait_until_idle();
            if handled == 0 {
                break;
            }
        }
    }

    /// The computer's workers now: games waiting and thinking, think times (metrics).
    pub fn computer_stats(&self) -> PoolStats {
        self.inner.computer.stats()
    }
}

impl Inner {
    /// Something was written that others may wait for: the scheduler looks again at
    /// its deadlines, the outbox's deliverers at its messages, the events' dispatcher
    /// at its queue.
    fn changed(&self) {
        self.wake_scheduler();
        self.ring();
        self.events_bell.ring();
    }

    /// Ends the claims and leases of processes known to be gone (on this machine), so
    /// they are taken over at once; at most every few seconds.
    fn take_over_gone(&self) {
        const EVERY: Duration = Duration::from_secs(5);
        if let Ok(mut last) = self.takeover.lock() {
            if last.is_some_and(|at| at.elapsed() < EVERY) {
                return;
            }
            *last = Some(std::time::Instant::now());
        }
        let now = self.clock.now();
        let wall = SystemClock.now();
        let found = self
            .store
            .read_once(move |tx| Ok((crate::store::claimers(tx, now)?, crate::store::lease_holders(tx, wall)?)));
        let (claimers, holders) = match found {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!("cannot look for claims of gone processes: {e}");
                return;
            }
        };
        let gone: Vec<String> = claimers.into_iter().filter(|c| process::Process::is_gone(c)).collect();
        let gone_holders: Vec<String> = holders.into_iter().filter(|h| process::Process::is_gone(h)).collect();
        if gone.is_empty() && gone_holders.is_empty() {
            return;
        }
        let taken = self.store.write(move |tx| {
            let mut n = 0;
            for claimer in &gone {
                n += crate::store::release_claims(tx, claimer, now)?;
            }
            for holder in &gone_holders {
                crate::store::release_leases_of(tx, holder)?;
            }
            Ok(n)
        });
        match taken {
            Ok(n) => {
                if n > 0 {
                    tracing::info!("took over {n} outbox messages claimed by processes that are gone");
                }
                self.ring();
            }
            Err(e) => tracing::warn!("cannot take over the claims of gone processes: {e}"),
        }
    }

    /// Hands the computer its turn in `record`'s game (a move, or an answer to a
    /// draw offer); nothing for a game without the computer.
    ///
    /// With several processes on one database, only the holder of the computer's
    /// lease plays: elsewhere the game is left for the holder, which finds it within
    /// [`LeaseOptions::computer_poll`].
    fn queue_computer(&self, record: &GameRecord) {
        if !self.leases.holds(leases::COMPUTER) {
            return;
        }
        self.computer.queue(&self.me, record);
    }

    /// A deadline or an expiry changed: the scheduler looks again.
    fn wake_scheduler(&self) {
        self.schedule.wake();
    }

    /// `game` changed (a move, an ending), committed: who follows it looks again.
    fn game_changed(&self, game: crate::store::GameId) {
        // Nobody listening (no web pages here) is not an error.
        let _ = self.games_changed.send(game);
    }

    fn ring(&self) {
        if let Ok(mut seq) = self.wake.seq.lock() {
            *seq += 1;
            self.wake.bell.notify_all();
        }
        self.outlet.send_modify(|n| *n = n.wrapping_add(1));
    }
}

/// Runs the use case a request asks for.
fn dispatch(inner: &Inner, req: &Request) -> Result<Vec<Reply>, Failure> {
    if req.actor.is_bot {
        return Err(Refusal::FromBot.into());
    }
    match &req.command {
        Command::Challenge { kind, opponents, rated, first, level, settings, start, time } => challenges::challenge(
            inner,
            req,
            &challenges::Challenged {
                kind: *kind,
                opponents,
                rated: *rated,
                first: *first,
                level: *level,
                settings: settings.as_deref(),
                start: start.as_deref(),
                time: *time,
            },
        ),
        Command::Accept { kind, challenge } => challenges::accept(inner, req, *kind, *challenge),
        Command::Decline { kind, challenge } => challenges::decline(inner, req, *kind, *challenge),
        Command::Cancel { kind, challenge } => challenges::cancel(inner, req, *kind, *challenge),
        Command::Move { game, text, at } => play::play(inner, req, game, text, *at),
        Command::Board { game, flip } => play::board(inner, req, game, *flip),
        Command::Replay { game, flip, speed } => lists::replay(inner, req, game, *flip, *speed),
        Command::Analysis { game } => reviews::analysis(inner, req, game),
        Command::Resign { game } => play::resign(inner, req, game),
        Command::ConfirmResign { game } => menus::confirm_resign(inner, req, game),
        Command::Flip { game } => menus::flip(inner, req, game),
        Command::Abort { game } => play::abort(inner, req, game),
        Command::Draw { game, answer } => offers::draw(inner, req, game, *answer),
        Command::Takeback { game, answer } => offers::takeback(inner, req, game, *answer),
        Command::Premove { game, asked } => premoves::premove(inner, req, game, asked),
        Command::Games => lists::games(inner, req),
        Command::History { game } => lists::history(inner, req, game),
        Command::Leaderboard { kind, global } => lists::leaderboard(inner, req, *kind, *global),
        Command::Rating { kind, player, versus } => lists::rating(inner, req, *kind, player.as_ref(), versus.as_ref()),
        Command::Rules { kind } => lists::rules(inner, req, *kind),
        Command::Help { kind } => Ok(vec![Reply::new(boards::here(inner, &req.place), Message::Help { kind: *kind })]),
        Command::Notify { how, user } => clocks::notify(inner, req, *how, user.as_ref()),
        Command::Vacation { days } => clocks::vacation(inner, req, *days),
        Command::VacationEnd => clocks::vacation_end(inner, req),
        Command::Language { language, scope } => language::language(inner, req, *language, *scope),
        Command::Web { on } => community_page::turn(inner, req, *on),
        Command::Tournament(asked) => tournaments::dispatch(inner, req, asked),
        Command::WebLogin => web_sessions::login(inner, req),
        Command::WebLogout => web_sessions::logout(inner, req),
        Command::Play { game } => web_sessions::play(inner, req, game),
        Command::Puzzle { kind, mode } => puzzles::puzzle(inner, req, *kind, *mode),
        Command::Solve { kind, text } => puzzles::solve(inner, req, *kind, text),
    }
}

/// The computer's lease thread (PostgreSQL): takes the computer's lease when it is
/// free, and while it holds it queues every game where the computer is to move (moves
/// stored by other workers, or games a dead holder left); the computer's workers take
/// each game once, however often it is queued.
fn computer_sweep(inner: Weak<Inner>) {
    loop {
        let Some(strong) = inner.upgrade() else { return };
        if strong.leases.hold(&strong, leases::COMPUTER) {
            match computer::waiting(&strong.store) {
                Ok(games) => {
                    for game in games {
                        if strong.computer.has(game) {
                            continue;
                        }
                        match strong.store.load_game(game) {
                            Ok(record) => strong.queue_computer(&record),
                            Err(e) => tracing::warn!("cannot read game {}: {e}", game.0),
                        }
                    }
                }
                Err(e) => tracing::warn!("cannot look for the computer's games: {e}"),
            }
            // Reviews other processes queued.
            reviews::start_pending(&strong);
            puzzles::start_pending(&strong);
        }
        let (schedule, wait) = (Arc::clone(&strong.schedule), strong.leases.computer_poll());
        drop(strong);
        schedule.sleep_unwoken(wait);
        if schedule.stopped() {
            return;
        }
    }
}
