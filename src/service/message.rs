//! What the service says, as data: which event happened and with what, never the
//! words. [`crate::present`] words a [`Message`] for a reader's language and a
//! platform's grammar (how a command, a person and a game's thread are written).
//!
//! Messages are serde values because the outbox keeps them (a computer move, a
//! reminder, a timeout) until an adapter delivers them, and they are worded only
//! then, for whoever reads them.

use serde::{Deserialize, Serialize};

use super::names::{GameTag, LanguageScope, Notify, Person, SeatRef, ThreadRef, TournamentState, TournamentTag};
use super::refusal::Refusal;
use crate::ai::review::Label;
use crate::ai::Level;
use crate::games::{GameKind, Phrase};
use crate::lang::Lang;
use crate::store::{Millis, TimeControl};

/// How much time is left for the player to move, as boards show it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockNote {
    /// Time left of the turn, when the game has a clock.
    pub left: Option<Millis>,
    /// The player to move is away until this instant.
    pub vacation: Option<(Person, Millis)>,
}

impl ClockNote {
    /// True when there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.left.is_none() && self.vacation.is_none()
    }
}

/// A move as messages show it: the canonical text and what it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSaid {
    /// The canonical move (`a7-S`), the same in every language.
    pub text: String,
    /// What it did, part by part (`pushes 2`, `takes a red`), as the rules core says.
    pub parts: Vec<Phrase>,
}

/// What a short notice calls people's attention to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Attention {
    /// It is their move.
    YourMove,
    /// The game is over.
    GameOver,
}

/// What aborted a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbortCause {
    /// A player asked to, before their own first move (`abort`).
    Asked,
    /// A player resigned a rated game before every player had moved.
    Resigned,
    /// A player ran out of time in a rated game before every player had moved.
    TimedOut,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndSaid {
    /// By the rules, with the core's reason (`white pushed off 7 red marbles`).
    Rules(Phrase),
    /// A player resigned.
    Resigned,
    /// A player ran out of time.
    TimedOut,
    /// Ended before it really began.
    Aborted,
    /// The players agreed a draw.
    Agreed,
    /// The record has no reason (older games).
    Unknown,
}

/// The result of a game as messages tell it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// Why it ended.
    pub why: EndSaid,
    /// What became of the players.
    pub result: ResultSaid,
    /// The scores by seat, for games that count them.
    pub scores: Option<Vec<i32>>,
}

/// Who won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResultSaid {
    /// No places were recorded (aborted).
    None,
    /// Everyone shares the first place.
    Draw,
    /// One winner.
    Winner(Person),
    /// Several share the first place (games of three or four).
    Shared(Vec<Person>),
}

/// What follows a move or shows on a board: whose turn, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Next {
    /// The game goes on.
    ToMove {
        /// The seat to move.
        seat: SeatRef,
        /// The clock, if any.
        clock: ClockNote,
    },
    /// The game is over.
    Over(Ending),
}

/// Who moves first in a challenge, as said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstSaid {
    /// This person.
    Person(Person),
    /// Chosen at random when the game starts.
    Random,
}

/// How a game came to begin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opening {
    /// Someone took on the computer.
    Computer {
        /// Who.
        who: Person,
        /// At what level.
        level: Level,
    },
    /// The last challenged player accepted.
    Accepted {
        /// Who.
        who: Person,
        /// The challenge's number.
        challenge: i64,
    },
    /// A tournament paired it.
    Tournament {
        /// The tournament.
        tournament: TournamentTag,
        /// The round.
        round: u32,
    },
}

/// A player's line of a tournament's standings: `1. @carol 3 · SB 4.5 · Bh 6`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingLine {
    /// The place, from 1 (players equal on everything share it).
    pub rank: u32,
    /// Who.
    pub person: Person,
    /// Points.
    pub points: crate::pairing::Points,
    /// Sonneborn-Berger.
    pub sonneborn_berger: crate::pairing::Points,
    /// Buchholz (Swiss) or the head-to-head score (round robin).
    pub second: crate::pairing::Points,
    /// Whether they withdrew.
    pub withdrawn: bool,
}

/// A board of a round, as a list of pairings shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingLine {
    /// The board, from 1.
    pub board: u32,
    /// The first seat.
    pub white: Person,
    /// The second seat.
    pub black: Person,
    /// The game.
    pub game: Option<GameTag>,
    /// The result as the tournament counts it, once the game ended.
    pub result: Option<crate::pairing::GameResult>,
}

/// A tournament of a community's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentLine {
    /// The tournament.
    pub tournament: TournamentTag,
    /// Where it stands.
    pub state: TournamentState,
    /// Players entered (and not withdrawn).
    pub players: u32,
    /// The last round paired.
    pub round: u32,
    /// The rounds it has, once started.
    pub of: u32,
}

/// A challenge that expired, in a notice of expiries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expired {
    /// The challenge's number.
    pub challenge: i64,
    /// The game.
    pub kind: GameKind,
    /// Who made it.
    pub challenger: Person,
    /// Who did not answer.
    pub challenged: Vec<Person>,
}

/// A rating as shown: the rounded value and whether it is still provisional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingShown {
    /// Rounded to a whole number.
    pub value: i64,
    /// Too few games for the value to mean much yet (`1662?`).
    pub provisional: bool,
}

/// One player's rating change at the end of a rated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChangeSaid {
    /// Whose.
    pub person: Person,
    /// Before the game.
    pub before: RatingShown,
    /// After it.
    pub after: RatingShown,
    /// The change, rounded.
    pub delta: i64,
}

/// A game in the list of one's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    /// The game.
    pub game: GameTag,
    /// The others at the table (the computer with its level).
    pub others: Vec<(Person, Option<Level>)>,
    /// Moves played so far.
    pub ply: u32,
    /// Who is to move: `None` when it is the reader's turn.
    pub to_move: Option<Person>,
    /// Time left of the turn.
    pub left: Option<Millis>,
}

/// A row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardRow {
    /// The rank, from 1.
    pub rank: u32,
    /// Who.
    pub person: Person,
    /// The rating.
    pub rating: RatingShown,
    /// Rated games played.
    pub games: u32,
}

/// One of a player's ratings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingLine {
    /// The game.
    pub kind: GameKind,
    /// In this community (`true`) or everywhere.
    pub here: bool,
    /// The rating.
    pub rating: RatingShown,
    /// Rated games played.
    pub games: u32,
    /// The rank among the rated players of that scope.
    pub rank: u32,
    /// How many they are.
    pub of: u32,
}

/// Two players' record against each other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeadToHead {
    /// The other player.
    pub other: Person,
    /// Games finished between them.
    pub games: u32,
    /// Won by the first player.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost by the first player.
    pub losses: u32,
}

/// Everything the service says. Each variant is one event or answer with its data;
/// see `locales/en/main.ftl` for how each reads in English.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    // ----- challenges
    /// A challenge was made.
    ChallengeMade {
        /// The challenge's number.
        challenge: i64,
        /// The game.
        kind: GameKind,
        /// Who challenges.
        challenger: Person,
        /// Whom.
        challenged: Vec<Person>,
        /// Whether it counts for ratings.
        rated: bool,
        /// Who moves first.
        first: FirstSaid,
        /// From a given position rather than the start.
        from_position: bool,
        /// The time per move.
        time: Option<TimeControl>,
    },
    /// One of several challenged players accepted; others have not yet.
    ChallengeAcceptedWaiting {
        /// Who accepted.
        who: Person,
        /// The challenge's number.
        challenge: i64,
        /// Who has yet to answer.
        waiting: Vec<Person>,
    },
    /// A challenge was declined.
    ChallengeDeclined {
        /// Who declined.
        who: Person,
        /// Who had challenged.
        challenger: Person,
        /// The game.
        kind: GameKind,
        /// The challenge's number.
        challenge: i64,
    },
    /// The challenger took the challenge back.
    ChallengeCancelled {
        /// Who.
        who: Person,
        /// The game.
        kind: GameKind,
        /// The challenge's number.
        challenge: i64,
    },
    /// Challenges expired unanswered (gathered per channel).
    ChallengesExpired {
        /// Which.
        expired: Vec<Expired>,
    },
    /// A game begins: the announcement where it was agreed.
    GameBegins {
        /// How it came about.
        opening: Opening,
        /// The game.
        game: GameTag,
        /// The seats in playing order.
        seats: Vec<SeatRef>,
        /// Rated or casual.
        rated: bool,
        /// Where it is played.
        thread: ThreadRef,
    },

    // ----- boards
    /// The first board of a game.
    GameStart {
        /// The game.
        game: GameTag,
        /// Who moves first, and the clock.
        next: Next,
    },
    /// A move was played (by a person or the computer).
    Moved {
        /// Who played.
        mover: Person,
        /// The move.
        mv: MoveSaid,
        /// What follows.
        next: Next,
        /// A conditional move the player had left (`premove`), played by the bot.
        #[serde(default)]
        conditional: bool,
    },
    /// A board shown on request.
    Board {
        /// The game.
        game: GameTag,
        /// Moves played so far.
        ply: u32,
        /// Whose turn, or how it ended.
        next: Next,
    },
    /// A question to the actor alone before they resign (a resignation cannot be
    /// taken back): the reply offers [`super::Action::ConfirmResign`].
    ConfirmResign {
        /// The game.
        game: GameTag,
    },
    /// A player resigned.
    Resigned {
        /// Who.
        who: Person,
        /// The result.
        ending: Ending,
    },
    /// A draw offer was accepted.
    DrawAgreed {
        /// Who accepted.
        who: Person,
        /// The result.
        ending: Ending,
    },
    /// A game ended before it really began: aborted, without a result, not rated.
    Aborted {
        /// Who resigned, ran out of time or asked to abort.
        who: Person,
        /// What they did.
        cause: AbortCause,
        /// The result (none: aborted).
        ending: Ending,
    },
    /// A player ran out of time and the game ended.
    TimedOut {
        /// Who.
        who: Person,
        /// The result.
        ending: Ending,
    },
    /// A player of three or four ran out of time and left; the others play on.
    LeftOnTime {
        /// Who left.
        who: Person,
        /// What follows.
        next: Next,
    },
    /// A takeback was accepted.
    TakenBack {
        /// Who accepted.
        who: Person,
        /// Whose turn it is now.
        next: Next,
    },

    // ----- offers
    /// A draw was offered.
    DrawOffered {
        /// Who offers.
        who: Person,
        /// The game.
        game: GameTag,
    },
    /// The people an answer named but could not notify (an edited response notifies
    /// nobody): told in a short message of their own.
    Attention {
        /// Whom.
        people: Vec<Person>,
        /// The game.
        game: GameTag,
        /// What about.
        about: Attention,
        /// The move number it was said at: a notice of a move that is no longer the
        /// game's last (the player moved already) is not sent.
        #[serde(default)]
        ply: u32,
    },
    /// A draw offer was declined.
    DrawDeclined {
        /// Who declined.
        who: Person,
        /// Who had offered.
        offerer: Person,
    },
    /// Someone asks to take back their last move.
    TakebackAsked {
        /// Who asks.
        who: Person,
        /// The move.
        mv: String,
        /// The game.
        game: GameTag,
    },
    /// A takeback was declined.
    TakebackDeclined {
        /// Who declined.
        who: Person,
        /// Who had asked.
        asker: Person,
    },

    // ----- conditional moves
    /// The reader's conditional moves in a game, after `premove` listed, added to or
    /// cleared them: for their eyes alone.
    Premoves {
        /// The game.
        game: GameTag,
        /// Each line, its moves in canonical notation from the game's position now
        /// (the others' moves, then the reader's answer, in turn).
        lines: Vec<PremoveLineSaid>,
        /// What the request did.
        done: PremoveDone,
    },
    /// A player's conditional moves in a game were all cleared without their asking;
    /// told to them alone (a direct message).
    PremovesDropped {
        /// The game.
        game: GameTag,
        /// Why.
        why: PremoveDrop,
    },

    // ----- ratings and lists
    /// The rating changes of a rated game that just ended.
    RatingChanges {
        /// One per rated player.
        changes: Vec<RatingChangeSaid>,
    },
    /// The reader's games in progress (empty: none).
    Games {
        /// The games.
        games: Vec<GameLine>,
    },
    /// A game's moves and code.
    History {
        /// The game.
        game: GameTag,
        /// The players in seat order.
        players: Vec<Person>,
        /// The moves, in order.
        moves: Vec<String>,
        /// The position code now.
        code: String,
        /// The engine command line that replays it (the same in every language).
        replay: String,
    },
    /// A game's animated replay (the picture), with what it shows.
    Replay {
        /// The game.
        game: GameTag,
        /// The players in seat order.
        players: Vec<Person>,
        /// The moves played.
        moves: u32,
        /// How it ended; `None` while it goes on.
        ending: Option<Ending>,
    },
    /// The best players of a game (empty: no rated game yet).
    Leaderboard {
        /// The game.
        kind: GameKind,
        /// Everywhere (`true`) or this community.
        everywhere: bool,
        /// The rows, best first.
        rows: Vec<BoardRow>,
    },
    /// A player's ratings.
    Ratings {
        /// Whose.
        player: Person,
        /// The game asked about, if one.
        kind: Option<GameKind>,
        /// The ratings (empty: none yet).
        lines: Vec<RatingLine>,
        /// Against another player, when asked.
        versus: Option<HeadToHead>,
    },
    /// The reader has no rating yet.
    NoRatingYet,
    /// The rules of a game, in short.
    Rules {
        /// The game.
        kind: GameKind,
    },
    /// What can be asked (from the commands' declaration).
    Help {
        /// The game the help is shown for, if one.
        kind: Option<GameKind>,
    },

    // ----- reviews
    /// A finished game's review was queued; it will be posted where it was asked for.
    ReviewQueued {
        /// The game.
        game: GameTag,
    },
    /// A review is being made already; it will be posted where it was first asked for.
    ReviewUnderway {
        /// The game.
        game: GameTag,
    },
    /// The computer's review of a finished game: each player's accuracy and bad
    /// moves, and the moves that changed the game most (its picture shows the
    /// winning chances along the game and those moves on small boards).
    Review {
        /// The game.
        game: GameTag,
        /// One line per seat, in seat order.
        players: Vec<ReviewLine>,
        /// The moves that changed the game most, the worst first.
        turning: Vec<TurningPoint>,
        /// How many labelled moves are in doubt (the search, deepened as far as the
        /// review allows, left their loss across a label's threshold).
        #[serde(default)]
        in_doubt: u32,
    },
    /// One part of a review's annotated moves.
    ReviewMoves {
        /// The game.
        game: GameTag,
        /// The moves of this part, in order.
        moves: Vec<AnnotatedMove>,
        /// This part's number, from 1.
        part: u32,
        /// How many parts there are.
        parts: u32,
    },

    // ----- clocks
    /// How the reader will be reminded of their turn.
    NotifySet {
        /// How.
        how: Notify,
    },
    /// A language was chosen (or a choice cleared, `chosen` false): `language` is the
    /// one now in force for `scope`.
    LanguageSet {
        /// Whose.
        scope: LanguageScope,
        /// The language in force now.
        language: Lang,
        /// Whether it was chosen (`false`: the choice was cleared).
        chosen: bool,
    },
    /// The community's web page is on, at `url`.
    WebPageOn {
        /// The page's address.
        url: String,
    },
    /// The community's web page is off (`was_on` false: it was already).
    WebPageOff {
        /// Whether it was on before.
        was_on: bool,
    },
    /// A link that signs the reader in on the web pages: once, within `minutes`.
    WebLogin {
        /// The link.
        url: String,
        /// How many minutes it works.
        minutes: u32,
    },
    /// The reader's web sessions are over (`sessions` of them were open).
    WebLoggedOut {
        /// How many there were.
        sessions: u64,
    },
    /// Where to play a game on its board: its page.
    PlayOnWeb {
        /// The game.
        game: GameTag,
        /// Its page.
        url: String,
    },
    /// A vacation began.
    VacationStarted {
        /// Who.
        who: Person,
        /// Until when.
        until: Millis,
        /// In how many games deadlines moved.
        moved: usize,
    },
    /// A vacation ended.
    VacationEnded {
        /// Who.
        who: Person,
    },
    /// A reminder that it is someone's turn.
    Reminder {
        /// Whose turn.
        who: Person,
        /// The game.
        game: GameTag,
        /// Time left.
        left: Millis,
        /// The deadline.
        until: Millis,
    },

    // ----- tournaments
    /// A tournament was opened for entries: the answer to `create`.
    TournamentCreated {
        /// The tournament.
        tournament: TournamentTag,
        /// Who opened it.
        creator: Person,
        /// Whether its games are rated.
        rated: bool,
        /// Days per move.
        days: u32,
        /// The most players.
        max: u32,
        /// Swiss rounds asked for (`None`: chosen at the start).
        rounds: Option<u32>,
        /// A series: days from one edition's end to the next's start.
        every: Option<u32>,
        /// Its web page, when the bot serves them.
        page: Option<String>,
    },
    /// Someone entered.
    TournamentJoined {
        /// The tournament.
        tournament: TournamentTag,
        /// Who.
        who: Person,
        /// Players entered now.
        players: u32,
    },
    /// Someone left before the start, or withdrew after it.
    TournamentLeft {
        /// The tournament.
        tournament: TournamentTag,
        /// Who.
        who: Person,
        /// Whether it had started (a withdrawal: never paired again).
        started: bool,
        /// Their games going on, resigned.
        resigned: u32,
        /// Players still in it.
        players: u32,
    },
    /// A player lost two games of the tournament on time and was withdrawn.
    TournamentWithdrawn {
        /// The tournament.
        tournament: TournamentTag,
        /// Who.
        who: Person,
        /// Their games going on, resigned.
        resigned: u32,
        /// The tournament is one of a series: they may not enter its next edition.
        #[serde(default)]
        series: bool,
    },
    /// A tournament began: its players, and its rounds (a Swiss) or games (a round
    /// robin, all started now).
    TournamentStarted {
        /// The tournament.
        tournament: TournamentTag,
        /// The players, in their seeding.
        players: Vec<Person>,
        /// Its rounds.
        rounds: u32,
        /// The games started now.
        games: u32,
    },
    /// A Swiss round was paired (its games follow, each announced).
    TournamentRound {
        /// The tournament.
        tournament: TournamentTag,
        /// The round.
        round: u32,
        /// The rounds it has.
        of: u32,
        /// Games in it.
        games: u32,
        /// Who has the bye (a win's points).
        bye: Option<Person>,
    },
    /// A tournament is over: its final standings.
    TournamentFinished {
        /// The tournament.
        tournament: TournamentTag,
        /// The final standings.
        lines: Vec<StandingLine>,
        /// Its web page, when the bot serves them.
        page: Option<String>,
    },
    /// A series' next edition is open, with the last one's players, and starts by
    /// itself.
    TournamentNextEdition {
        /// The new edition.
        tournament: TournamentTag,
        /// When it starts.
        starts: Millis,
        /// Its players so far.
        players: Vec<Person>,
    },
    /// A series' edition did not start: too few players.
    TournamentCancelled {
        /// The tournament.
        tournament: TournamentTag,
        /// Players it had.
        players: u32,
        /// Players it needed.
        needed: u32,
    },
    /// A tournament's standings (with the standings picture).
    TournamentStandings {
        /// The tournament.
        tournament: TournamentTag,
        /// Where it stands.
        state: TournamentState,
        /// The last round paired.
        round: u32,
        /// The rounds it has.
        of: u32,
        /// Games finished.
        played: u32,
        /// Games in all so far.
        games: u32,
        /// The lines, best first (empty before the start: the entrants then).
        lines: Vec<StandingLine>,
        /// Its web page, when the bot serves them.
        page: Option<String>,
        /// When it starts by itself (a series' next edition, not started yet);
        /// `None`: its creator starts it.
        #[serde(default)]
        starts: Option<Millis>,
    },
    /// A round's pairings.
    TournamentPairings {
        /// The tournament.
        tournament: TournamentTag,
        /// The round.
        round: u32,
        /// The rounds it has.
        of: u32,
        /// Its boards.
        boards: Vec<PairingLine>,
        /// Who has the bye (a Swiss: a win's points) or rests (a round robin).
        bye: Option<Person>,
    },
    /// The tournaments of this community (empty: none yet).
    TournamentList {
        /// Newest first.
        tournaments: Vec<TournamentLine>,
    },

    // ----- refusals and faults
    /// A request was refused; nothing changed.
    Refused(Refusal),
    /// Something broke on the bot's side; nothing changed.
    Apology,
    /// What the puzzles say (`/kuba puzzle`, `/kuba solve`).
    Puzzle(PuzzleSaid),
    /// A message an older version stored in the outbox as finished English text,
    /// delivered as it was written.
    Legacy {
        /// The stored text.
        text: String,
    },
}

/// A line of conditional moves as messages show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PremoveLineSaid {
    /// The line's moves in turn, each with whether it is the reader's own (an answer)
    /// or another player's (a condition).
    pub moves: Vec<(String, bool)>,
}

/// What a `premove` request did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PremoveDone {
    /// Listed them.
    Listed,
    /// Added a line; `replaced` lines that answered the same moves differently gave way.
    Added {
        /// The lines it replaced.
        replaced: u32,
    },
    /// The line was there already (it, or a longer line that begins with it).
    AlreadyThere,
    /// Cleared `count` lines.
    Cleared {
        /// How many.
        count: u32,
    },
}

/// Why a player's conditional moves were cleared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PremoveDrop {
    /// The move played is none of the lines' next move.
    NoMatch {
        /// Who played it.
        mover: Person,
        /// The move, in canonical notation.
        mv: String,
    },
    /// The answer a line gave is not legal when it comes to be played.
    Illegal {
        /// The answer.
        mv: String,
        /// The rules' reason.
        reason: Phrase,
    },
    /// A move was taken back: the lines were left for a position that is gone.
    TakenBack,
}

/// A player's line of a review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewLine {
    /// Who played the seat, and its colour.
    pub seat: SeatRef,
    /// Their accuracy in percent, rounded; `None` when they made no move.
    pub accuracy: Option<u32>,
    /// Their inaccuracies.
    pub inaccuracies: u32,
    /// Their mistakes.
    pub mistakes: u32,
    /// Their blunders.
    pub blunders: u32,
}

/// A move that changed the game, in a review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurningPoint {
    /// Its number in the game, from 1.
    pub ply: u32,
    /// Who made it.
    pub seat: SeatRef,
    /// The move, in canonical notation.
    pub played: String,
    /// How bad it was.
    pub label: Label,
    /// The move the computer preferred.
    pub best: String,
    /// What it lost, in whole percentage points of winning chances (rounded down, as
    /// the labels' thresholds count them).
    pub loss: u32,
    /// Why: what the computer expects after the move and after its own; absent
    /// from reviews made before they kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
}

/// Why a move was called bad: the line the computer expects after it, the line it
/// expected after its own move, and how sure the loss is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Why {
    /// The moves the computer expects after the move played, the reply first
    /// (empty when the game ended with it), in canonical notation.
    pub line: Vec<String>,
    /// The moves it expected after its own move, that move excluded.
    pub then: Vec<String>,
    /// When the label is in doubt (the search could not settle it): the lowest and
    /// highest loss, in whole points, that its interval allows.
    pub doubt: Option<(u32, u32)>,
    /// For the game's first move: its player's winning chances in whole percent
    /// with the computer's move and after the move played (a first move is judged
    /// from the start position's chances, which are seldom even).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<(u32, u32)>,
}

/// A move of a review's annotated list: `12. c3-N?? (d5-W)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnotatedMove {
    /// Its number in the game, from 1.
    pub ply: u32,
    /// The move, in canonical notation.
    pub text: String,
    /// How bad it was, when it was.
    pub label: Option<Label>,
    /// The move the computer preferred, for a labelled move.
    pub best: Option<String>,
    /// For a labelled move, what it lost in whole points and why; absent from
    /// messages stored before it was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<(u32, Why)>,
}

impl Message {
    /// Whose turn it is or how the game ended, for the messages that say so.
    pub fn next(&self) -> Option<&Next> {
        match self {
            Message::GameStart { next, .. }
            | Message::Moved { next, .. }
            | Message::Board { next, .. }
            | Message::LeftOnTime { next, .. }
            | Message::TakenBack { next, .. } => Some(next),
            _ => None,
        }
    }
}

// ----- puzzles (`service::puzzles`)

/// Where a puzzle comes from, as its message says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleFrom {
    /// A game of the solver's, where they made the mistake.
    Own {
        /// The game.
        game: GameTag,
        /// The move that was a mistake.
        ply: u32,
        /// What they played.
        played: String,
    },
    /// A game of the community's they did not play in.
    Community,
}

/// A rating's change, as an answer says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleRatingChange {
    /// Before.
    pub before: RatingShown,
    /// After.
    pub after: RatingShown,
    /// The change, rounded.
    pub delta: i64,
}

/// Where a streak stands after an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StreakSaid {
    /// Puzzles solved in a row.
    pub count: u32,
    /// The best streak so far.
    pub best: u32,
    /// It goes on (the next puzzle follows).
    pub going: bool,
    /// It ended because no puzzle was left.
    pub exhausted: bool,
}

/// A line of a puzzle leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleLeader {
    /// The rank, from 1.
    pub rank: u32,
    /// Who.
    pub person: Person,
    /// Their puzzle rating.
    pub rating: RatingShown,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles answered.
    pub attempts: u32,
    /// Their best streak.
    pub best_streak: u32,
}

/// What the puzzles say (one variant of [`Message`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleSaid {
    /// A puzzle to solve (its picture: the position, from the solver's side).
    Given {
        /// The puzzle's number.
        puzzle: i64,
        /// The game.
        kind: GameKind,
        /// The colour the solver plays, a catalog term.
        colour: Phrase,
        /// Where it comes from.
        from: PuzzleFrom,
        /// The puzzle's own rating.
        rating: RatingShown,
        /// In a streak: the puzzles solved in it so far.
        streak: Option<u32>,
        /// It was given before and is still waiting for its answer.
        again: bool,
        /// Its web page, when the bot serves them.
        page: Option<String>,
    },
    /// A puzzle answered (its picture: the board at the end of the line).
    Answered {
        /// The puzzle's number.
        puzzle: i64,
        /// The game.
        kind: GameKind,
        /// The answer was the best move.
        solved: bool,
        /// The move answered.
        answer: String,
        /// The best move and what follows while it is forced.
        line: Vec<String>,
        /// The game it comes from.
        game: GameTag,
        /// The move of the game that was a mistake.
        ply: u32,
        /// Who played it.
        mover: Person,
        /// What they played.
        played: String,
        /// How bad it was.
        label: Label,
        /// The solver's puzzle rating, when the answer counted.
        rating: Option<PuzzleRatingChange>,
        /// In a streak: where it stands.
        streak: Option<StreakSaid>,
    },
    /// A person's puzzle rating in one game.
    Rating {
        /// The game.
        kind: GameKind,
        /// Whose.
        person: Person,
        /// The rating; `None` before their first answer.
        rating: Option<RatingShown>,
        /// Puzzles answered.
        attempts: u32,
        /// Puzzles solved.
        solved: u32,
        /// Their best streak.
        best_streak: u32,
    },
    /// A community's puzzle leaderboard (empty: nobody answered one here yet).
    Leaderboard {
        /// The game.
        kind: GameKind,
        /// Best first.
        rows: Vec<PuzzleLeader>,
    },
}
