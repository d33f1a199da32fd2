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
//!
//! # Where things live
//!
//! This file holds the [`Service`] and what its modules share (`Inner`, `Failure`);
//! the `impl Service` blocks are spread by concern:
//!
//! - `handle.rs`: [`Service::handle`], the dispatch of each [`Command`] to its use
//!   case (`challenges.rs`, `play.rs`, `lists.rs` …), and refusals
//!   ([`Service::refuse`]).
//! - `lifecycle.rs`: [`ServiceOptions`], [`Service::start`], [`Service::stop`],
//!   [`Service::wait_until_idle`], health and figures, and the housekeeping of
//!   `Inner` (who is woken after a change, taking over what gone processes held, the
//!   computer's lease thread).
//! - `outbox.rs`: the outbox, written in a change's transaction and read one way
//!   only: [`Service::claim_some`], [`Service::defer`], [`Service::delivered`]
//!   (with [`Service::answered`] for a reply, and [`Service::outlet`] /
//!   [`Service::wait_for_messages`] to wake the reader). No other function reads it
//!   for delivery.
//! - `places.rs`: the platform thread of a game and the game of a thread
//!   ([`Service::set_thread`], [`Service::game_in_thread`], [`Service::move_in_thread`]
//!   …), and what a posted message offers ([`Service::remember_actions`]).
//! - `menus.rs`: the choices a menu offers ([`Service::move_menu`],
//!   [`Service::choices`], [`Service::may_act`]); `language.rs`: who reads which
//!   language ([`Service::language_for`], [`Service::language_at`]); `clocks.rs`: the
//!   clocks' events ([`Service::run_due`]); `time.rs`: the service's time
//!   ([`Clock`], [`TestClock`]).

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
mod handle;
mod language;
mod leases;
mod lifecycle;
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
mod places;
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
mod time;
mod tournament_table;
mod tournaments;
mod types;
mod web_play;
pub mod web_sessions;

use std::sync::{Arc, Mutex, Weak};

/// The outbox's row of a message, as adapters confirm it.
pub use crate::store::MessageId;
pub use clocks::ClockOptions;
pub use computer::ComputerOptions;
pub use deadlines::{DAY, HOUR, MINUTE};
pub use leases::LeaseOptions;
pub use lifecycle::ServiceOptions;
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
pub use time::{Clock, MovableClock, OffsetClock, SystemClock, TestClock};
pub use types::{
    game_of_thread, split_picked, thread_name, Action, Actor, Answer, AnswerNotifies, Board, ChartLine, ChartSpec,
    Command, Delivery, Destination, EndedBy, First, GameLinks, GameRef, Picture, Place, PremoveAsked, PuzzleBoard,
    PuzzleMode, ReplaySpec, Reply, Request, ReviewChartLine, ReviewMoment, ReviewSpec, StandingsSpec, Target,
    TimeAsked, TournamentAsked, TournamentCommand, Via,
};
pub use web_play::{Offered, Offers, PlayPanel, Square, WebGame};
pub use web_sessions::{NewSession, Signed, WebSignInError};

use crate::store::{Store, StoreError};

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
    wake: outbox::Wake,
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
}
