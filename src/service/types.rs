//! The platform-neutral requests and replies.

use serde::{Deserialize, Serialize};

use super::message::{ClockNote, Message};
use super::names::{LanguageScope, Notify, SeatRef, UserRef};
use crate::ai::Level;
use crate::config::Platform;
use crate::games::view::{BoardView, Diagram};
use crate::games::{GameKind, Phrase};
use crate::lang::Lang;
use crate::render::chart::RatingPoint;
use crate::render::replay::Speed;

/// Who sends a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The platform the person is on.
    pub platform: Platform,
    /// The platform's user id.
    pub user_id: String,
    /// The name people see.
    pub display_name: String,
    /// Whether the account is a bot (bots are not served).
    pub is_bot: bool,
    /// The language the platform says the person uses (Discord's interaction
    /// `locale`), as reported; `None` where platforms do not say.
    pub locale: Option<String>,
    /// Whether the person may change the community's settings (its language): on
    /// Discord the Manage Server permission, in Matrix a power level that may change
    /// the room's name, in the terminal everyone.
    pub manages_community: bool,
}

impl Actor {
    /// A person on `platform` with no reported locale and no say over the community.
    pub fn new(platform: Platform, user_id: impl Into<String>, display_name: impl Into<String>) -> Actor {
        Actor {
            platform,
            user_id: user_id.into(),
            display_name: display_name.into(),
            is_bot: false,
            locale: None,
            manages_community: false,
        }
    }
}

/// Where a request was made: opaque platform ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The leaderboard scope: a Discord server, a Matrix space, the terminal.
    pub community: Option<String>,
    /// The channel or room.
    pub channel: Option<String>,
    /// The thread, when the request comes from one. A game's thread is named by
    /// [`thread_name`], which is how a command in it finds its game.
    pub thread: Option<String>,
    /// The community's language as its platform reports it (Discord's
    /// `guild_locale`).
    pub locale: Option<String>,
}

/// Someone a command names, as the adapter resolved the mention.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// This bot: the computer player.
    Computer,
    /// A person or another bot.
    User {
        /// The platform's user id.
        user_id: String,
        /// The name people see.
        display_name: String,
        /// Whether the account is a bot.
        is_bot: bool,
    },
}

/// Who moves first in a challenge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum First {
    /// The challenger.
    Me,
    /// The (first) opponent.
    Them,
    /// Chosen at random when the game starts (deterministic per challenge).
    #[default]
    Random,
}

/// An answer to an offer (draw) or a request (takeback); `Ask` makes one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Answer {
    /// Make the offer or the request.
    #[default]
    Ask,
    /// Accept the pending one.
    Accept,
    /// Decline the pending one.
    Decline,
}

/// How long each turn of a game may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeAsked {
    /// Days per move, as asked; the service accepts 1, 2, 3, 5, 7 or 14.
    Days(i64),
    /// No deadline (casual games only).
    Unlimited,
}

/// Which game a command is about: the command's game and an optional typed id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRef {
    /// The game of the command (`/kuba …`).
    pub kind: GameKind,
    /// `game:K7Q2`, when given.
    pub id: Option<String>,
}

/// What a person asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Challenge one opponent (Cabale: up to three), or the computer.
    Challenge {
        /// The game.
        kind: GameKind,
        /// The opponents, in seat order after the challenger.
        opponents: Vec<Target>,
        /// Counts for ratings (never against the computer).
        rated: bool,
        /// Who moves first.
        first: First,
        /// The computer's level (only against the computer; default medium).
        level: Option<Level>,
        /// Rule options as the game's own JSON (`{"size":10}`).
        settings: Option<String>,
        /// A starting position code (casual games only).
        start: Option<String>,
        /// The time per move (default: rated 3 days, casual unlimited).
        time: Option<TimeAsked>,
    },
    /// Accept a challenge (`challenge` = its number, when several are open).
    Accept {
        /// The game.
        kind: GameKind,
        /// The challenge's number.
        challenge: Option<i64>,
    },
    /// Decline a challenge.
    Decline {
        /// The game.
        kind: GameKind,
        /// The challenge's number.
        challenge: Option<i64>,
    },
    /// Take back one's own challenge.
    Cancel {
        /// The game.
        kind: GameKind,
        /// The challenge's number.
        challenge: Option<i64>,
    },
    /// Play a move, as typed (lenient notation).
    Move {
        /// The game.
        game: GameRef,
        /// The move as typed.
        text: String,
        /// For a move picked from a menu (completion, a button, a reaction): the move
        /// number the menu was offered at. Refused once the game has gone past it, so
        /// two picks sent at once for one turn never become two moves.
        at: Option<u32>,
    },
    /// Show the board again.
    Board {
        /// The game.
        game: GameRef,
        /// Draw it from the other side.
        flip: bool,
    },
    /// An animated replay of a game, finished or in progress.
    Replay {
        /// The game (without an id: the actor's game in progress, else the one they
        /// played last).
        game: GameRef,
        /// Draw it from the other side.
        flip: bool,
        /// How fast the moves follow each other.
        speed: Speed,
    },
    /// Resign.
    Resign {
        /// The game.
        game: GameRef,
    },
    /// Abort a game before one's own first move: it ends without a result and is
    /// never rated.
    Abort {
        /// The game.
        game: GameRef,
    },
    /// Offer, accept or decline a draw.
    Draw {
        /// The game.
        game: GameRef,
        /// What to do.
        answer: Answer,
    },
    /// Ask to undo one's last move, or answer such a request.
    Takeback {
        /// The game.
        game: GameRef,
        /// What to do.
        answer: Answer,
    },
    /// The actor's games in progress.
    Games,
    /// A game's moves and position code.
    History {
        /// The game.
        game: GameRef,
    },
    /// The best players of a game.
    Leaderboard {
        /// The game.
        kind: GameKind,
        /// Everyone everywhere rather than this community.
        global: bool,
    },
    /// A player's ratings, optionally head to head with another.
    Rating {
        /// The game, or every game.
        kind: Option<GameKind>,
        /// Whose (default: the actor).
        player: Option<Target>,
        /// Head to head with.
        versus: Option<Target>,
    },
    /// The rules of one game or all.
    Rules {
        /// The game.
        kind: Option<GameKind>,
    },
    /// How to be reminded of one's turn; `user` is whose setting it is, when named
    /// (only one's own may be changed).
    Notify {
        /// How.
        how: Notify,
        /// Whose (default: the actor).
        user: Option<Target>,
    },
    /// Pause all of one's clocks for `days` days.
    Vacation {
        /// How many days (the service refuses zero, negative and beyond the cap).
        days: i64,
    },
    /// End one's vacation early.
    VacationEnd,
    /// What can be asked.
    Help {
        /// The game.
        kind: Option<GameKind>,
    },
    /// Choose the language one reads (`None`: back to the platform's or the
    /// community's), or the community's.
    Language {
        /// The language; `None` resets the choice.
        language: Option<Lang>,
        /// Whose choice it is.
        scope: LanguageScope,
    },
    /// Turn the community's web page on or off (people who manage the community).
    Web {
        /// On, or off.
        on: bool,
    },
    /// A tournament's command (`/boardbot tournament …`).
    Tournament(TournamentCommand),
}

/// What `/boardbot tournament …` asks. A tournament left out (`tournament: None`) is
/// the one of this channel the command can be about, when there is exactly one.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentCommand {
    /// Open a tournament for entries in this channel.
    Create(TournamentAsked),
    /// Enter one.
    Join {
        /// Its number.
        tournament: Option<i64>,
    },
    /// Leave one (before it starts), or withdraw from it (after).
    Leave {
        /// Its number.
        tournament: Option<i64>,
    },
    /// Start one (its creator, or someone who manages the community).
    Start {
        /// Its number.
        tournament: Option<i64>,
    },
    /// Its standings, with the standings picture.
    Standings {
        /// Its number.
        tournament: Option<i64>,
    },
    /// A round's pairings (default: the last round paired).
    Pairings {
        /// Its number.
        tournament: Option<i64>,
        /// The round.
        round: Option<i64>,
    },
    /// The tournaments of this community.
    List,
}

/// A tournament as `create` asks for it; what is left out takes its default.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentAsked {
    /// The game.
    pub kind: GameKind,
    /// Swiss or round robin.
    pub format: crate::pairing::Format,
    /// Swiss rounds (default: enough for the field when it starts, at most 7).
    pub rounds: Option<i64>,
    /// Days per move (default 3).
    pub days: Option<TimeAsked>,
    /// Rated (default yes).
    pub rated: Option<bool>,
    /// A name.
    pub name: Option<String>,
    /// The most players (default 64).
    pub max: Option<i64>,
    /// A series: the next edition starts this many days after one ends.
    pub every: Option<i64>,
}

/// One request.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// Who asks.
    pub actor: Actor,
    /// Where.
    pub place: Place,
    /// What.
    pub command: Command,
    /// How it came and how its answer goes back.
    pub via: Via,
}

impl Request {
    /// A request with nothing known of how it came ([`Via::default`]).
    pub fn new(actor: Actor, place: Place, command: Command) -> Request {
        Request { actor, place, command, via: Via::default() }
    }
}

/// How a request came and how its answer goes back, as the adapter knows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Via {
    /// The platform's id of the request (a Discord interaction's id, a Matrix event's
    /// id): a request delivered twice changes things once and gets the first answer
    /// again.
    pub key: Option<String>,
    /// How the platform finishes the answer if the process that began it is gone (a
    /// Discord interaction's token): opaque to the service, kept with the answer in
    /// the outbox.
    pub answer: Option<String>,
    /// Whether the answer notifies the people it mentions.
    pub notifies: AnswerNotifies,
}

/// Whether the answer to a request notifies the people it mentions. Where it does
/// not, the service sends them a short notice of their own through the outbox.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AnswerNotifies {
    /// Every answer is a new message (the terminal, Matrix, Discord's gateway).
    #[default]
    Always,
    /// An answer with a picture is an edit of a deferred response, which notifies
    /// nobody (Discord's HTTP endpoint without web pages); a text answer is not.
    TextOnly,
}

/// A reply kept in the outbox, delivered once: the adapter that posts it passes
/// `send_key` as the platform's idempotency key and then confirms it with
/// [`crate::service::Service::delivered`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// Its row in the outbox.
    pub id: crate::store::MessageId,
    /// Its idempotency key on the platform.
    pub send_key: String,
}

/// A board to show: the position's view and what the picture's panel says besides,
/// drawn and worded by [`crate::present`] for the reader. Not kept in the outbox (it
/// is rebuilt from the game and the ply).
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The game.
    pub kind: GameKind,
    /// The game's public id; `None` for a picture of no game (the rules' start).
    pub game: Option<String>,
    /// The number of moves played at this position.
    pub ply: u32,
    /// Drawn from the other side.
    pub flip: bool,
    /// The position as the picture shows it, its words still phrases.
    pub view: BoardView<Phrase>,
    /// The players' names by seat, as the picture writes them.
    pub names: Vec<String>,
    /// The clock of the player to move, while the game goes on.
    pub clock: ClockNote,
    /// How the game ended, when not by the rules (the rules' own result is in the
    /// view): the picture says so.
    pub ended: Option<EndedBy>,
    /// The position as a plain-text diagram, for text-only platforms.
    pub diagram: Diagram,
}

/// An animated replay to show: every position of a game, drawn and worded by
/// [`crate::present`] for the reader and fitted to the platform's upload limit.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplaySpec {
    /// The game.
    pub kind: GameKind,
    /// The game's public id.
    pub game: String,
    /// The start, then the position after each move with that move as its `last`,
    /// the words still phrases.
    pub views: Vec<BoardView<Phrase>>,
    /// The players' names by seat, as the frames write them.
    pub names: Vec<String>,
    /// Drawn from the other side.
    pub flip: bool,
    /// How fast the moves follow each other.
    pub speed: Speed,
    /// How the game ended, when not by the rules: the final frame says so.
    pub ended: Option<EndedBy>,
}

/// One line of a rating chart: a game's ratings after each rated game, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartLine {
    /// The game.
    pub kind: GameKind,
    /// The ratings.
    pub points: Vec<RatingPoint>,
}

/// A chart of a player's ratings over time, drawn and worded by [`crate::present`].
#[derive(Clone, Debug, PartialEq)]
pub struct ChartSpec {
    /// The player's name, the chart's title.
    pub player: String,
    /// One line per game they have a rating in; never empty.
    pub lines: Vec<ChartLine>,
}

/// A picture a reply carries. Each is drawn by [`crate::present::draw`], which is
/// blocking work: adapters on an async runtime call it through `spawn_blocking`.
// Boards are most pictures and a reply held one inline before replays and charts
// existed: boxing it would allocate for every board to save space in the rarer ones.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Picture {
    /// A board (a PNG).
    Board(Board),
    /// An animated replay (a GIF).
    Replay(ReplaySpec),
    /// A rating chart (a PNG).
    Chart(ChartSpec),
    /// A tournament's standings, and a round robin's crosstable (a PNG).
    Standings(StandingsSpec),
}

/// A tournament's standings to draw, worded by [`crate::present`] for the reader.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsSpec {
    /// The tournament.
    pub tournament: super::names::TournamentTag,
    /// The last round paired, and the rounds it has.
    pub round: u32,
    /// The rounds it has.
    pub of: u32,
    /// The standings, best first.
    pub standings: Vec<crate::pairing::Standing>,
    /// A round robin's results between the players, in the standings' order.
    pub crosstable: Option<crate::pairing::Crosstable>,
    /// The players' names, by their ids in the standings.
    pub names: Vec<(crate::pairing::PlayerId, String)>,
}

/// How a game ended outside the rules, as a final board says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndedBy {
    /// This seat resigned.
    Resigned(SeatRef),
    /// This seat ran out of time.
    TimedOut(SeatRef),
    /// The players agreed a draw.
    Agreed,
    /// The game was aborted.
    Aborted,
}

/// Where a reply goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Destination {
    /// A channel (or room), by the platform's id.
    Channel {
        /// The channel's id.
        channel: String,
    },
    /// A game's thread. When `thread` is `None` the platform has none yet: the adapter
    /// creates it under `channel` (titled `title` where threads have names), records it
    /// with [`crate::service::Service::set_thread`], and uses it for the rest of the
    /// replies to that game.
    Thread {
        /// The game's public id.
        game: String,
        /// The thread's name in text chats ([`thread_name`], `kuba-K7Q2`).
        name: String,
        /// A title for people: `Kuba · alice vs bob · K7Q2`.
        #[serde(default)]
        title: String,
        /// The channel (or room) the game was started in.
        channel: Option<String>,
        /// The platform's thread id, once the thread exists.
        #[serde(default)]
        thread: Option<String>,
    },
    /// A direct message.
    Direct(UserRef),
}

/// What a reply offers to do next; adapters show buttons, menus or hints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Accept a challenge.
    Accept {
        /// The game.
        kind: GameKind,
        /// The challenge's number.
        challenge: i64,
    },
    /// Decline a challenge.
    Decline {
        /// The game.
        kind: GameKind,
        /// The challenge's number.
        challenge: i64,
    },
    /// Resign a game.
    Resign {
        /// The game.
        kind: GameKind,
        /// Its id.
        game: String,
    },
    /// Offer a draw.
    OfferDraw {
        /// The game.
        kind: GameKind,
        /// Its id.
        game: String,
    },
    /// Show the board from the other side.
    Flip {
        /// The game.
        kind: GameKind,
        /// Its id.
        game: String,
    },
    /// A legal move (or, for Cabale, the next part of a turn).
    Move {
        /// The game.
        kind: GameKind,
        /// Its id.
        game: String,
        /// The move's canonical text (a prefix when `complete` is false).
        text: String,
        /// The move as people read it (Cabale shows a turn's runner path).
        head: String,
        /// What it does, part by part ([`crate::present`] words them).
        parts: Vec<Phrase>,
        /// Whether `text` is a whole move.
        complete: bool,
    },
}

/// One message to send: what the service says, as data, and where it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// What is said; [`crate::present::say`] words it for the reader.
    pub message: Message,
    /// A picture to show with it: a board, a replay, a chart.
    pub picture: Option<Picture>,
    /// Whom to notify.
    pub mentions: Vec<UserRef>,
    /// Only the actor sees it (refusals, private answers).
    pub only_actor: bool,
    /// Where it goes.
    pub destination: Destination,
    /// What can be done next.
    pub actions: Vec<Action>,
    /// The language its readers read: [`crate::service::Service::handle`] and the
    /// outbox choose it (the reader's for a private answer or a direct message, the
    /// community's for a public one).
    pub lang: Lang,
    /// Set when the reply is kept in the outbox: confirm it once delivered.
    pub delivery: Option<Delivery>,
}

impl Reply {
    /// A message to `destination`, without a picture.
    pub fn new(destination: Destination, message: Message) -> Reply {
        Reply {
            message,
            picture: None,
            mentions: Vec::new(),
            only_actor: false,
            destination,
            actions: Vec::new(),
            lang: Lang::En,
            delivery: None,
        }
    }

    /// The board the reply shows, when its picture is one.
    pub fn board(&self) -> Option<&Board> {
        match &self.picture {
            Some(Picture::Board(board)) => Some(board),
            _ => None,
        }
    }

    /// The board the reply shows, to change it.
    pub fn board_mut(&mut self) -> Option<&mut Board> {
        match &mut self.picture {
            Some(Picture::Board(board)) => Some(board),
            _ => None,
        }
    }
}

/// The name of a game's thread: `kuba-K7Q2`.
pub fn thread_name(kind: GameKind, public_id: &str) -> String {
    format!("{}-{public_id}", kind.name())
}

/// The game id in a thread named by [`thread_name`].
pub fn game_of_thread(thread: &str) -> Option<(GameKind, String)> {
    let (kind, id) = thread.split_once('-')?;
    let kind: GameKind = kind.parse().ok()?;
    let id = crate::store::PublicId::parse(id)?;
    Some((kind, id.as_str().to_string()))
}
