//! Why a request is refused: one variant per reason, with its data. A refusal
//! changes nothing. `locales/*/refusals.ftl` words each variant (its id is the
//! variant's name in kebab case, `refused-not-your-turn`), saying what is wrong and,
//! where there is one, what to do instead.

use serde::{Deserialize, Serialize};

use super::names::{GameTag, Person, TournamentState, TournamentTag};
use crate::games::{GameKind, Phrase};
use crate::store::Millis;

/// What an option of a command expected, in a refusal of its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Expected {
    /// `yes` or `no`.
    YesNo,
    /// A whole number (`3`).
    Number,
    /// A whole number in a range.
    Range {
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
    },
    /// One of these words.
    OneOf(Vec<String>),
    /// A number of days or `unlimited`.
    Days,
    /// A game's id (`K7Q2`).
    GameId,
    /// A person (`@bob`).
    User,
    /// Text (a Discord client sent something else).
    Text,
}

/// A challenge's state, when it is no longer open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChallengeState {
    /// It became a game.
    Accepted,
    /// Someone declined it.
    Declined,
    /// Nobody answered in time.
    Expired,
    /// Its author took it back.
    Cancelled,
}

/// A game a refusal lists, when several could be meant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameChoice {
    /// The game.
    pub game: GameTag,
    /// The others at the table.
    pub others: Vec<Person>,
    /// Whether it is the reader's turn there.
    pub your_turn: bool,
}

/// A refusal meant for the person who asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("refused: {self:?}")]
pub enum Refusal {
    // ----- who may ask
    /// Another bot sent a command.
    FromBot,
    /// A user the platform or the store does not know (`@name` as typed).
    UnknownUser(String),
    /// A user id that is not in this Matrix room.
    NotInRoom(String),
    /// Several people in the room have the name typed.
    AmbiguousName(String),

    // ----- reading the command
    /// An empty command (`/`).
    NoCommand,
    /// The first word names no game (`/chess`).
    UnknownGame(String),
    /// The command has no such subcommand.
    UnknownSubcommand {
        /// The command (`kuba`, `boardbot`).
        command: String,
        /// The word typed.
        word: String,
        /// The subcommands it has.
        known: Vec<String>,
    },
    /// An option the subcommand does not take.
    UnknownOption {
        /// The subcommand.
        sub: String,
        /// The option typed.
        option: String,
        /// The options it takes (empty: none).
        known: Vec<String>,
    },
    /// An option of another game (`size:` on Kuba).
    OptionOfOtherGames {
        /// The option.
        option: String,
        /// The games that have it.
        games: Vec<GameKind>,
        /// The game of the command.
        kind: GameKind,
    },
    /// An option's value is not what it takes.
    BadValue {
        /// The option.
        option: String,
        /// The value as typed (cut to 40 characters).
        value: String,
        /// What it takes.
        expected: Expected,
    },
    /// A required option is missing.
    MissingOption {
        /// The subcommand.
        sub: String,
        /// The option.
        option: String,
    },
    /// Words the subcommand does not take.
    ExtraWords {
        /// The subcommand.
        sub: String,
        /// The first such word (cut to 40 characters).
        word: String,
    },
    /// A mention where the subcommand names nobody.
    NoMentionHere {
        /// The subcommand.
        sub: String,
        /// The name.
        name: String,
    },
    /// More people named than the subcommand takes.
    TooManyNamed {
        /// The subcommand.
        sub: String,
    },
    /// The subcommand takes one of these words (`draw accept`), or one of these
    /// options (`vacation days:` or `end`), and was given none of them, another word
    /// or more than one.
    TakesOneOf {
        /// The subcommand.
        sub: String,
        /// The words, as typed (`accept`, `days:`).
        words: Vec<String>,
    },
    /// `settings:` that is not a JSON object.
    SettingsNotObject(String),
    /// Rule options the game refuses, with the core's reason.
    BadSettings(Phrase),
    /// `players` in the settings does not match the seats of the challenge.
    PlayersMismatch {
        /// As given.
        given: String,
        /// Seats of the challenge.
        seats: usize,
    },

    // ----- challenges
    /// No opponent was named.
    NoOpponent(GameKind),
    /// The computer plays one to one.
    ComputerOneToOne(GameKind),
    /// Too many opponents for the game.
    TooManyOpponents {
        /// The game.
        kind: GameKind,
        /// The most players it takes.
        max_players: usize,
    },
    /// Someone is named twice.
    NamedTwice(Person),
    /// The actor named themselves.
    ChallengeSelf,
    /// The opponent is another bot.
    OtherBot(Person),
    /// A challenge to the same person is waiting.
    AlreadyChallenged {
        /// Whom.
        who: Person,
        /// The waiting challenge.
        challenge: i64,
    },
    /// The challenger already has as many open challenges as one player may have.
    TooManyChallenges {
        /// The limit (`[limits] open_challenges_per_player`).
        limit: u32,
    },
    /// Games against the computer are never rated.
    ComputerRated,
    /// The actor already has as many games in progress against the computer as one
    /// player may (`[computer] max_games_per_player`).
    ComputerGamesLimit {
        /// The most games in progress against the computer one player may have.
        max: u32,
    },
    /// `level:` without the computer.
    LevelWithoutComputer,
    /// A start position for a rated game.
    StartRated,
    /// The start code is refused, with the core's reason.
    StartCode(Phrase),
    /// The start position is already over.
    StartOver,
    /// A rated game without a clock.
    RatedNeedsClock,
    /// Days per move outside the allowed set.
    BadDays(i64),
    /// No challenge waits for the actor's answer.
    NoChallengeWaiting(GameKind),
    /// The actor has no open challenge to cancel.
    NoChallengeToCancel(GameKind),
    /// No challenge has that number.
    NoSuchChallenge(i64),
    /// The challenge is closed.
    ChallengeClosed {
        /// Its number.
        challenge: i64,
        /// What became of it.
        state: ChallengeState,
    },
    /// The challenge is for another game.
    ChallengeOfOtherGame {
        /// Its number.
        challenge: i64,
        /// Its game.
        actual: GameKind,
        /// The command's game.
        asked: GameKind,
    },
    /// The actor's own challenge, which others answer.
    OwnChallenge {
        /// Its number.
        challenge: i64,
        /// Its game.
        kind: GameKind,
    },
    /// The challenge is not addressed to the actor.
    NotYourChallenge(i64),
    /// The actor already accepted.
    AlreadyAccepted(i64),
    /// Only the challenger may cancel.
    NotChallenger(i64),
    /// Several challenges fit.
    SeveralChallenges {
        /// The game.
        kind: GameKind,
        /// Each with who made it.
        open: Vec<(i64, Person)>,
    },
    /// The challenge waited too long.
    ChallengeExpired(i64),

    // ----- finding the game
    /// A game id that names no game.
    NoSuchGame(String),
    /// A game of another community (server or room), asked for by id by someone who
    /// does not play in it: games are shown where they were made and to their players.
    GameElsewhere(String),
    /// A game id of another game.
    WrongKind {
        /// The id.
        id: String,
        /// Its game.
        actual: GameKind,
        /// The command's game.
        asked: GameKind,
    },
    /// The actor has no game of that kind in progress.
    NoGameOfKind(GameKind),
    /// Several games could be meant.
    SeveralGames {
        /// The game.
        kind: GameKind,
        /// The candidates.
        games: Vec<GameChoice>,
    },
    /// The actor has no seat.
    NotSeated(String),
    /// Not the actor's turn.
    NotYourTurn {
        /// The game.
        game: String,
        /// Who is to move.
        waiting: Person,
    },
    /// The game has ended.
    GameOver(String),
    /// `abort` after the actor's own first move in that game.
    AbortTooLate(String),

    // ----- moves
    /// No move text was given.
    EmptyMove {
        /// The game.
        kind: GameKind,
        /// A legal move to show as an example.
        example: String,
    },
    /// The text is not a move of this game, with the core's reason.
    Malformed(Phrase),
    /// The move is not legal here, with the core's reason.
    Illegal(Phrase),
    /// Another request changed the game first.
    MovedOn,
    /// A move picked from a menu offered at an earlier move of the game.
    MenuMovePassed {
        /// The game.
        game: String,
        /// The move number the menu was offered at.
        offered: u32,
        /// The move number now.
        now: u32,
    },

    // ----- draws and takebacks
    /// Draw offers are for two players.
    DrawForTwo,
    /// The actor's offer is waiting.
    DrawAlreadyOffered,
    /// No draw is offered.
    NoDrawOffered(String),
    /// The actor answered their own offer.
    OwnDrawOffer,
    /// No move to take back.
    NoMoveYet,
    /// Only one's own last move.
    TakebackNotYours,
    /// Rated games take back only before the opponent moved.
    TakebackRated,
    /// A takeback is waiting already.
    TakebackPending,
    /// The computer does not take moves back.
    ComputerNoTakeback,
    /// No takeback is asked for.
    NoTakebackAsked(String),
    /// The actor answered their own request.
    OwnTakeback,

    // ----- conditional moves
    /// Conditional moves in a game against the computer.
    PremoveComputer(String),
    /// Conditional moves asked for on the actor's own turn.
    PremoveYourTurn(String),
    /// A move of a line is not a move, or not legal where the line reaches it.
    PremoveMove {
        /// Its place in the line, from 1.
        n: u32,
        /// The move as typed.
        text: String,
        /// The rules' reason, as a refused move says it.
        reason: Phrase,
    },
    /// A line that ends with another player's move rather than the actor's answer.
    PremoveEndsWithTheirs {
        /// The last move, in canonical notation.
        text: String,
        /// Whose move it is.
        who: Person,
    },
    /// `line:` without a move.
    PremoveEmpty {
        /// The game.
        kind: GameKind,
        /// A legal line to show as an example.
        example: String,
    },
    /// A line longer than this many moves.
    PremoveTooLong {
        /// The most moves in a line.
        max: u32,
    },
    /// The actor has this many lines in the game already, the most there may be.
    PremoveTooMany {
        /// The game.
        game: GameTag,
        /// The most lines.
        max: u32,
    },

    // ----- reviews
    /// A review of a game still being played (it would tell a player what to play).
    ReviewOfGameInProgress(String),
    /// A game that ended before its first move: nothing to review.
    NothingToReview(String),
    /// The actor's review of this game is still being made: one at a time.
    ReviewBusy(GameTag),

    // ----- ratings
    /// The computer has no rating.
    ComputerNoRating,
    /// The player has not played yet.
    NotPlayedYet(Person),

    // ----- clocks
    /// Only one's own reminders.
    NotifyOthers,
    /// A vacation of zero, negative or too many days.
    VacationDays {
        /// As asked.
        days: i64,
        /// The yearly cap.
        cap: i64,
    },
    /// A vacation is running.
    OnVacation {
        /// Until when.
        until: Millis,
    },
    /// Not enough vacation left this year.
    VacationCap {
        /// Days left.
        left: i64,
        /// The yearly cap.
        cap: i64,
        /// Days taken.
        taken: i64,
    },
    /// Not on vacation.
    NotOnVacation,

    // ----- languages
    /// Only people who may manage the community choose its language.
    LanguageNotManager,
    /// A community's language asked where there is none (a direct message).
    LanguageNoCommunity,

    // ----- web pages
    /// Only people who may manage the community turn its web page on or off.
    WebNotManager,
    /// A web page asked for where there is no community (a direct message).
    WebNoCommunity,
    /// This bot serves no web pages (`[web]` is not configured).
    WebNotServed,

    // ----- tournaments
    /// A tournament asked for where there is no community (a direct message).
    TournamentNoCommunity,
    /// A tournament without a clock (`days:unlimited`).
    TournamentNoClock,
    /// `rounds:` for a round robin (its rounds follow from its players).
    TournamentRoundsForSwiss,
    /// A tournament's name longer than this many characters.
    TournamentNameTooLong {
        /// The most characters.
        max: usize,
    },
    /// No tournament has that number.
    NoSuchTournament(i64),
    /// The tournament is another community's.
    TournamentElsewhere(i64),
    /// No tournament here the command could be about.
    NoTournamentHere,
    /// Several tournaments here could be meant.
    SeveralTournaments(Vec<TournamentTag>),
    /// The tournament no longer takes entries (or has already started, or ended).
    TournamentNotOpen {
        /// The tournament.
        tournament: TournamentTag,
        /// Where it stands.
        state: TournamentState,
    },
    /// The tournament has as many players as it takes.
    TournamentFull {
        /// The tournament.
        tournament: TournamentTag,
        /// The most players.
        max: u32,
    },
    /// The actor is in the tournament already.
    AlreadyEntered(TournamentTag),
    /// The actor is not in the tournament.
    NotEntered(TournamentTag),
    /// The actor has withdrawn from the tournament already.
    AlreadyWithdrawn(TournamentTag),
    /// Only its creator, or someone who manages the community, starts a tournament.
    TournamentNotYours(TournamentTag),
    /// Too few players to start.
    TournamentTooFew {
        /// The tournament.
        tournament: TournamentTag,
        /// Players entered.
        players: u32,
        /// Players needed.
        needed: u32,
    },
    /// The actor was withdrawn from the series' last edition for losing on time, and
    /// may not enter this one.
    TournamentBarred {
        /// The tournament.
        tournament: TournamentTag,
        /// The edition they were withdrawn from.
        previous: i64,
    },
    /// A tournament's game cannot be aborted (its player resigns it instead).
    TournamentNoAbort(GameTag),
    /// No such round (yet).
    TournamentNoRound {
        /// The tournament.
        tournament: TournamentTag,
        /// The round asked.
        round: i64,
        /// The rounds paired so far.
        paired: u32,
    },

    // ----- puzzles
    /// A puzzle request refused (`refused-puzzle-…`).
    Puzzle(PuzzleRefusal),

    // ----- the adapters' own
    /// A text value of several words given without quotes (`line:a b`): the words
    /// after the first would be read as other options.
    Unquoted {
        /// The option.
        option: String,
        /// What followed it, as typed.
        value: String,
    },
    /// A kind of interaction the bot does not answer.
    NotAnswered,
    /// A button of an older version, or of another bot.
    StaleButton,
}

/// Why a puzzle request is refused (one variant of [`Refusal`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleRefusal {
    /// No puzzle for the asker now: none made yet from their games or their
    /// community's, or they were given all of them.
    NoneLeft {
        /// The game.
        kind: GameKind,
        /// Asked in a direct message: only their own games count there.
        alone: bool,
    },
    /// `solve` without an open puzzle.
    NothingToSolve(GameKind),
    /// A community's leaderboard asked for where there is none.
    NoCommunity(GameKind),
    /// An answer on a puzzle's page from someone who answered it before.
    AnsweredBefore {
        /// The game.
        kind: GameKind,
        /// The puzzle's number.
        puzzle: i64,
    },
    /// An answer on a puzzle's page from someone who played the other side of its
    /// game: they know what came next.
    NotForYou {
        /// The game.
        kind: GameKind,
        /// The puzzle's number.
        puzzle: i64,
    },
    /// An answer on a puzzle's page while another puzzle of that game waits for the
    /// person's answer.
    OtherOpen {
        /// The game.
        kind: GameKind,
        /// The number of the puzzle that waits.
        puzzle: i64,
    },
}
