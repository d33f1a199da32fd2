//! The platform-neutral requests and replies.

use serde::{Deserialize, Serialize};

use super::message::{ClockNote, Message};
use super::names::{LanguageScope, Notify, SeatRef, ThreadTitle, UserRef};
use crate::ai::review::Label;
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
    /// The computer's review of a finished game.
    Analysis {
        /// The game (without an id: the game of the thread, else the actor's last
        /// finished game of that kind).
        game: GameRef,
    },
    /// The board from the other side, shown to the actor alone (the Flip button).
    Flip {
        /// The game.
        game: GameRef,
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
    /// Ask the actor to confirm a resignation first (the Resign button): a question
    /// shown to them alone, offering [`Action::ConfirmResign`].
    ConfirmResign {
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
    /// The actor's conditional moves in a game ("if they play X, I answer Y"): list,
    /// add a line or clear them, while the others are to move.
    Premove {
        /// The game.
        game: GameRef,
        /// What to do.
        asked: PremoveAsked,
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
    /// A link that signs the actor in on the web pages, once, within minutes
    /// (`/boardbot web login`): given to them alone.
    WebLogin,
    /// Ends every web session of the actor (`/boardbot web logout`).
    WebLogout,
    /// Play a game on its board (`/kuba play`): its page's link here; Discord launches
    /// its Activity instead, once the service found the game.
    Play {
        /// The game.
        game: GameRef,
    },
    /// `/kuba puzzle …`: a puzzle from one's own games or the community's, a
    /// streak, one's puzzle rating or the community's puzzle leaderboard.
    Puzzle {
        /// The game.
        kind: GameKind,
        /// Which.
        mode: PuzzleMode,
    },
    /// Answer one's open puzzle with a move, as typed (lenient notation).
    Solve {
        /// The game.
        kind: GameKind,
        /// The move as typed.
        text: String,
    },
}

/// What `premove` asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PremoveAsked {
    /// The actor's lines in the game.
    List,
    /// A line to add, as typed: moves in turn from the game's position, the others'
    /// and the actor's answers (`g7-S a6-E f1-N b7-S`), separated by spaces, or by
    /// commas when a move is written with a space (`a7 down, a1 right`).
    Add(String),
    /// Clear all of the actor's lines in the game.
    Clear,
}

/// What `/kuba puzzle` asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PuzzleMode {
    /// A puzzle (the open one again, if any).
    #[default]
    Next,
    /// A streak: puzzles one after another until the first miss.
    Streak,
    /// One's puzzle rating.
    Rating,
    /// The community's puzzle leaderboard.
    Leaderboard,
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

impl Command {
    /// Whether the answer is for the actor's eyes alone: their games, their own
    /// settings, a board flipped for them. The service marks such answers
    /// [`Reply::only_actor`]; an adapter that must choose before the answer exists
    /// (Discord's deferred response) chooses by this.
    pub fn answered_privately(&self) -> bool {
        matches!(
            self,
            Command::Games
                | Command::Notify { .. }
                | Command::Flip { .. }
                | Command::ConfirmResign { .. }
                | Command::Premove { .. }
                | Command::Language { scope: LanguageScope::Me, .. }
                | Command::WebLogin
                | Command::WebLogout
                | Command::Play { .. }
                | Command::Puzzle { mode: PuzzleMode::Next | PuzzleMode::Streak, .. }
                | Command::Solve { .. }
        )
    }
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
    /// An answer showing a game's board carries it by URL and notifies (Discord's
    /// HTTP endpoint with web pages: one response, the board an embed's image); an
    /// answer with another picture is an edit, as [`AnswerNotifies::TextOnly`].
    BoardsByUrl,
}

impl AnswerNotifies {
    /// Whether an answer with this picture notifies the people it names.
    pub fn notifies_with(self, picture: Option<&Picture>) -> bool {
        match (self, picture) {
            (AnswerNotifies::Always, _) | (_, None) => true,
            (AnswerNotifies::TextOnly, Some(_)) => false,
            (AnswerNotifies::BoardsByUrl, Some(Picture::Board(board))) => board.game.is_some(),
            (AnswerNotifies::BoardsByUrl, Some(_)) => false,
        }
    }
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

/// One line of a review's chart: a seat's winning chances in percent, at the start
/// and after each move.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewChartLine {
    /// The seat's colour, a catalog term.
    pub colour: Phrase,
    /// The name of who played it, as pictures write it.
    pub name: String,
    /// The chances, one per position.
    pub values: Vec<f64>,
}

/// A move that changed the game, drawn on a small board under a review's chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewMoment {
    /// Its number in the game.
    pub ply: u32,
    /// The move, in canonical notation.
    pub played: String,
    /// How bad it was.
    pub label: Label,
    /// The move the computer preferred.
    pub best: String,
    /// The position after it, the move drawn as the last one, words still phrases.
    pub view: BoardView<Phrase>,
}

/// A review's picture, drawn and worded by [`crate::present`]: the winning chances
/// along the game with the bad moves marked, and the moves that changed the game.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewSpec {
    /// The game.
    pub kind: GameKind,
    /// The game's public id.
    pub game: String,
    /// One line for two seats (the first seat's chances), else one per seat.
    pub lines: Vec<ReviewChartLine>,
    /// The labelled moves: (position after the move, line, label).
    pub flags: Vec<(u32, usize, Label)>,
    /// The moves that changed the game most, the worst first.
    pub moments: Vec<ReviewMoment>,
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
    /// A game's review: its chart and turning points (a PNG).
    Review(ReviewSpec),
    /// A tournament's standings, and a round robin's crosstable (a PNG).
    Standings(StandingsSpec),
    /// A puzzle's board (a PNG): its position, or the end of its line.
    Puzzle(PuzzleBoard),
}

/// A puzzle's board: a board of no game (the puzzle is named instead, so that no
/// link leads to the game and what came next).
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleBoard {
    /// The puzzle's number.
    pub puzzle: i64,
    /// The board at the end of its line (the answer's), else its position.
    pub line: bool,
    /// The board.
    pub board: Board,
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
        title: ThreadTitle,
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
    /// Resign a game (after a confirmation: [`Command::ConfirmResign`]).
    Resign {
        /// The game.
        kind: GameKind,
        /// Its id.
        game: String,
    },
    /// Resign a game, confirmed: the answer to the question a Resign asks.
    ConfirmResign {
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
        /// The move number the choice was offered at: picked, it is played only
        /// while the game is still there ([`Command::Move::at`]).
        #[serde(default)]
        at: u32,
    },
    /// A move answering one's open puzzle (or, for Cabale, the next part of it).
    Solve {
        /// The game.
        kind: GameKind,
        /// The move's canonical text (a prefix when `complete` is false).
        text: String,
        /// The move as people read it.
        head: String,
        /// What it does, part by part.
        parts: Vec<Phrase>,
        /// Whether `text` is a whole move.
        complete: bool,
    },
}

/// The prefix of every action id ([`Action::encode`]).
const ACTION_PREFIX: &str = "bb";

impl Action {
    /// The action of playing `choice`, a menu's choice in `game` of `kind` at move
    /// `at` (the move number it was offered at, so that a late click is refused).
    pub(crate) fn move_choice(kind: GameKind, game: &str, at: u32, choice: crate::games::Choice) -> Action {
        Action::Move {
            kind,
            game: game.to_string(),
            text: choice.text,
            head: choice.head,
            parts: choice.parts,
            complete: choice.complete,
            at,
        }
    }

    /// The action as a short id for a platform's button (Discord's `custom_id`, at
    /// most 100 characters): `bb:<verb>:<game kind>:<challenge number or game id>`,
    /// and for a move `bb:move:<kind>:<game id>:<move>@<move number>`. Buttons posted
    /// by earlier versions keep working: the ids have always been these.
    pub fn encode(&self) -> String {
        let (verb, kind, arg) = match self {
            Action::Accept { kind, challenge } => ("accept", kind, challenge.to_string()),
            Action::Decline { kind, challenge } => ("decline", kind, challenge.to_string()),
            Action::Resign { kind, game } => ("resign", kind, game.clone()),
            Action::ConfirmResign { kind, game } => ("resign-confirm", kind, game.clone()),
            Action::OfferDraw { kind, game } => ("draw", kind, game.clone()),
            Action::Flip { kind, game } => ("flip", kind, game.clone()),
            Action::Move { kind, game, text, at, .. } => ("move", kind, format!("{game}:{}", picked(text, *at))),
            Action::Solve { kind, text, .. } => ("solve", kind, text.clone()),
        };
        format!("{ACTION_PREFIX}:{verb}:{}:{arg}", kind.name())
    }

    /// The action an id made by [`Action::encode`] stands for; `None` for anything
    /// else (another bot's button, a malformed id). A decoded move has no label: its
    /// `head` is its text.
    pub fn decode(id: &str) -> Option<Action> {
        let mut parts = id.splitn(4, ':');
        let (Some(ACTION_PREFIX), Some(verb), Some(kind), Some(arg)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        let kind = kind.parse::<GameKind>().ok()?;
        let game = || Some(arg.to_string()).filter(|a| !a.is_empty() && !a.contains(':'));
        let challenge = || arg.parse::<i64>().ok();
        Some(match verb {
            "accept" => Action::Accept { kind, challenge: challenge()? },
            "decline" => Action::Decline { kind, challenge: challenge()? },
            "resign" => Action::Resign { kind, game: game()? },
            "resign-confirm" => Action::ConfirmResign { kind, game: game()? },
            "draw" => Action::OfferDraw { kind, game: game()? },
            "flip" => Action::Flip { kind, game: game()? },
            "solve" if !arg.is_empty() => {
                Action::Solve { kind, text: arg.to_string(), head: arg.to_string(), parts: Vec::new(), complete: true }
            }
            "move" => {
                let (game, value) = arg.split_once(':')?;
                let (text, at) = split_picked(value);
                if game.is_empty() || text.is_empty() {
                    return None;
                }
                Action::Move {
                    kind,
                    game: game.to_string(),
                    text: text.to_string(),
                    head: text.to_string(),
                    parts: Vec::new(),
                    complete: true,
                    at: at?,
                }
            }
            _ => return None,
        })
    }

    /// What doing the action asks of the service. Resign asks for a confirmation
    /// first; a move carries the move number it was offered at.
    pub fn command(&self) -> Command {
        let game = |kind: &GameKind, id: &str| GameRef { kind: *kind, id: Some(id.to_string()) };
        match self {
            Action::Accept { kind, challenge } => Command::Accept { kind: *kind, challenge: Some(*challenge) },
            Action::Decline { kind, challenge } => Command::Decline { kind: *kind, challenge: Some(*challenge) },
            Action::Resign { kind, game: id } => Command::ConfirmResign { game: game(kind, id) },
            Action::ConfirmResign { kind, game: id } => Command::Resign { game: game(kind, id) },
            Action::OfferDraw { kind, game: id } => Command::Draw { game: game(kind, id), answer: Answer::Ask },
            Action::Flip { kind, game: id } => Command::Flip { game: game(kind, id) },
            Action::Move { kind, game: id, text, at, .. } => {
                Command::Move { game: game(kind, id), text: text.clone(), at: Some(*at) }
            }
            Action::Solve { kind, text, .. } => Command::Solve { kind: *kind, text: text.clone() },
        }
    }

    /// The value a menu sends back when this choice is picked (Discord's
    /// autocompletion): a whole move with the move number it was offered at
    /// (`d2-N@12`), a part of a turn as it stands (`A3>C3>C2`: more is typed after
    /// it), a puzzle's answer as it stands (the open puzzle is the one answered).
    /// `None` for an action that is not a move.
    pub fn menu_value(&self) -> Option<String> {
        match self {
            Action::Move { text, complete: true, at, .. } => Some(picked(text, *at)),
            Action::Move { text, .. } | Action::Solve { text, .. } => Some(text.clone()),
            _ => None,
        }
    }

    /// The reaction that answers a message offering this action, where people answer
    /// by reacting (Matrix): ✅ accepts a challenge, ❌ declines it.
    pub fn reaction(&self) -> Option<&'static str> {
        match self {
            Action::Accept { .. } => Some("✅"),
            Action::Decline { .. } => Some("❌"),
            _ => None,
        }
    }

    /// The action among `offered` that the reaction `key` answers, if any: ✅ (and ✔,
    /// 👍) the one [`Action::reaction`] gives ✅, ❌ (and ✖, 👎) the one it gives ❌,
    /// with or without the emoji presentation selector (U+FE0F).
    pub fn answered_by<'a>(key: &str, offered: &'a [Action]) -> Option<&'a Action> {
        let wanted = match key.trim().trim_end_matches('\u{fe0f}') {
            "✅" | "✔" | "👍" => "✅",
            "❌" | "✖" | "👎" => "❌",
            _ => return None,
        };
        offered.iter().find(|a| a.reaction() == Some(wanted))
    }
}

/// The most digits of a move number in a menu's value.
const PLY_DIGITS: usize = 6;

/// A move picked from a menu as the menu's value writes it: `d2-N@12`. No move of
/// any game ends in `@` and digits (Cabale and Nuba write `@` before a cell), so the
/// suffix is never part of a move.
fn picked(text: &str, at: u32) -> String {
    format!("{text}@{at}")
}

/// A move as a menu's value or a person writes it: the move, and the move number a
/// menu offered it at when it ends in `@` and digits (`d2-N@12` → `d2-N`, 12). A
/// typed move has none.
pub fn split_picked(value: &str) -> (&str, Option<u32>) {
    let value = value.trim();
    if let Some((text, digits)) = value.rsplit_once('@') {
        let is_ply = !digits.is_empty() && digits.len() <= PLY_DIGITS && digits.bytes().all(|b| b.is_ascii_digit());
        if is_ply && !text.trim().is_empty() {
            if let Ok(at) = digits.parse::<u32>() {
                return (text.trim_end(), Some(at));
            }
        }
    }
    (value, None)
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
    /// The web links of the game it is about, when this bot serves web pages
    /// (`[web]`): its page and the board it shows by URL. Filled in by the service
    /// when the reply is handed to an adapter.
    pub web: Option<GameLinks>,
}

/// A game's links for chat: under `[web] public_url` (or `http://ADDR` of `--web`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLinks {
    /// Its page.
    pub page: String,
    /// The picture of its board at the move the reply shows.
    pub board: String,
    /// Its replay.
    pub replay: String,
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
            web: None,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn kuba(id: &str) -> GameRef {
        GameRef { kind: GameKind::Kuba, id: Some(id.to_string()) }
    }

    #[test]
    fn the_ids_of_buttons_already_posted_still_read() {
        let read = |id: &str| Action::decode(id).map(|a| a.command());
        assert_eq!(read("bb:accept:kuba:17"), Some(Command::Accept { kind: GameKind::Kuba, challenge: Some(17) }));
        assert_eq!(read("bb:decline:nuba:3"), Some(Command::Decline { kind: GameKind::Nuba, challenge: Some(3) }));
        assert_eq!(read("bb:resign:kuba:K7Q2"), Some(Command::ConfirmResign { game: kuba("K7Q2") }));
        assert_eq!(read("bb:resign-confirm:kuba:K7Q2"), Some(Command::Resign { game: kuba("K7Q2") }));
        assert_eq!(read("bb:draw:kuba:K7Q2"), Some(Command::Draw { game: kuba("K7Q2"), answer: Answer::Ask }));
        assert_eq!(read("bb:flip:kuba:K7Q2"), Some(Command::Flip { game: kuba("K7Q2") }));
        assert_eq!(
            read("bb:move:kuba:K7Q2:d2-N@12"),
            Some(Command::Move { game: kuba("K7Q2"), text: "d2-N".into(), at: Some(12) })
        );
        for stale in [
            "something-else",
            "bb:accept:kuba:K7Q2",
            "bb:resign:chess:K7Q2",
            "bb:castle:kuba:K7Q2",
            "bb:resign:kuba:",
            "bb:move:kuba:K7Q2:d2-N",
            "xx:accept:kuba:1",
            "bb:accept:kuba",
        ] {
            assert_eq!(Action::decode(stale), None, "{stale}");
        }
    }

    #[test]
    fn every_action_reads_back_from_its_id() {
        let game = || "K7Q2".to_string();
        let kind = GameKind::Cabale;
        let all = [
            Action::Accept { kind, challenge: 4 },
            Action::Decline { kind, challenge: 4 },
            Action::Resign { kind, game: game() },
            Action::ConfirmResign { kind, game: game() },
            Action::OfferDraw { kind, game: game() },
            Action::Flip { kind, game: game() },
            Action::Move {
                kind,
                game: game(),
                text: "A3>C3>C2+xC5#D4|D5".into(),
                head: "A3>C3>C2+xC5#D4|D5".into(),
                parts: Vec::new(),
                complete: true,
                at: 31,
            },
            Action::Solve {
                kind,
                text: "A3>C3>C2+xC5#D4|D5".into(),
                head: "A3>C3>C2+xC5#D4|D5".into(),
                parts: Vec::new(),
                complete: true,
            },
        ];
        for action in all {
            let id = action.encode();
            assert!(id.len() <= 100, "{id}");
            assert_eq!(Action::decode(&id).as_ref(), Some(&action), "{id}");
        }
    }

    #[test]
    fn a_picked_move_carries_its_move_number_and_a_typed_one_none() {
        assert_eq!(split_picked("d2-N@12"), ("d2-N", Some(12)));
        assert_eq!(split_picked(" d2 up @0 "), ("d2 up", Some(0)));
        // `@` before a cell is part of the move (Cabale and Nuba placements).
        assert_eq!(split_picked("@A3"), ("@A3", None));
        assert_eq!(split_picked("X@c2"), ("X@c2", None));
        assert_eq!(split_picked("X@c2@7"), ("X@c2", Some(7)));
        assert_eq!(split_picked("@12"), ("@12", None));
        assert_eq!(split_picked("d2-N@"), ("d2-N@", None));
        assert_eq!(split_picked("d2-N@99999999999"), ("d2-N@99999999999", None));
        let choice = Action::Move {
            kind: GameKind::Kuba,
            game: "K7Q2".into(),
            text: "d2-N".into(),
            head: "d2-N".into(),
            parts: Vec::new(),
            complete: true,
            at: 12,
        };
        assert_eq!(choice.menu_value().as_deref(), Some("d2-N@12"));
        let Action::Move { kind, game, head, parts, at, .. } = choice else { return };
        let part = Action::Move { kind, game, text: "A3>C3>C2".into(), head, parts, complete: false, at };
        assert_eq!(part.menu_value().as_deref(), Some("A3>C3>C2"));
    }

    #[test]
    fn reactions_answer_the_challenge_a_message_offers() {
        let offered = [
            Action::Accept { kind: GameKind::Kuba, challenge: 2 },
            Action::Decline { kind: GameKind::Kuba, challenge: 2 },
        ];
        assert_eq!(Action::answered_by("✅", &offered), Some(&offered[0]));
        assert_eq!(Action::answered_by("✅\u{fe0f}", &offered), Some(&offered[0]));
        assert_eq!(Action::answered_by("👍", &offered), Some(&offered[0]));
        assert_eq!(Action::answered_by("❌", &offered), Some(&offered[1]));
        assert_eq!(Action::answered_by("❌\u{fe0f}", &offered), Some(&offered[1]));
        assert_eq!(Action::answered_by("🎉", &offered), None);
        assert_eq!(Action::answered_by("✅", &offered[1..]), None);
    }

    proptest::proptest! {
        /// Whatever id a platform hands back, reading it never panics, and what reads
        /// writes the same id again.
        #[test]
        fn any_id_reads(id in "(bb:)?[a-z-]{0,14}:?[a-z]{0,6}:?[A-Za-z0-9:@>#|+-]{0,24}") {
            if let Some(action) = Action::decode(&id) {
                proptest::prop_assert_eq!(Action::decode(&action.encode()), Some(action));
            }
            let _ = split_picked(&id);
        }
    }
}
