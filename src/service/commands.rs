//! One declaration of the commands: what people can ask, on every platform.
//!
//! [`commands`] lists the commands: one per game of [`GameKind::ALL`] (`kuba` …),
//! each with the same subcommands, and [`GENERAL`] (`boardbot`) for what is not about
//! one game. Each subcommand lists its options: what they take ([`Kind`]), how the text
//! syntax gives them ([`TextForm`]), whether Discord asks for them first, whether
//! Discord completes them as they are typed, and the catalog id of their description
//! (`locales/<lang>/commands.ftl`). A game's challenge has the game's own rule options
//! ([`GameKind::rule_options`]) beside the common ones.
//!
//! A command may also hold groups of subcommands ([`GroupSpec`]): `boardbot`'s
//! `tournament` group is typed `/boardbot tournament create …`, and registered on
//! Discord as a subcommand group.
//!
//! Everything else is derived from it: Discord's registration payload and its decoder
//! (`chat::discord`), the text parser of the terminal and Matrix (`chat::text`), the
//! help (`present::help`) and the commands table of README. Both ways in end in the
//! same function, [`build`]: options decoded by a platform, checked one by one with
//! [`OptionSpec::read`], become a [`Command`]. So a game added to the registry has
//! its command everywhere, and an option added here is offered, read and explained
//! everywhere.
//!
//! An option's name is a constant of `Opt` (`Opt::DAYS`), the one spelling used by
//! the declaration and by [`build`]: `build` cannot read a name given as text, and
//! a unit test (`build_reads_only_declared_options`) runs `build` for every
//! subcommand and fails when it reads an option that subcommand does not declare.

use std::sync::LazyLock;

use super::deadlines::ALLOWED_DAYS;
use super::names::{LanguageScope, Notify};
use super::refusal::{Expected, Refusal};
use super::types::{
    Answer, Command, First, GameRef, PremoveAsked, PuzzleMode, Target, TimeAsked, TournamentAsked, TournamentCommand,
};
use crate::ai::Level;
use crate::games::{excerpt, GameKind, RuleOption, RuleValue, RuleValues};
use crate::lang::Lang;
use crate::pairing::Format;
use crate::render::replay::Speed;

/// The command for what is not about one game.
pub const GENERAL: &str = "boardbot";

/// A command: the first word after `/` or `!`, a slash command on Discord.
#[derive(Clone, Debug, PartialEq)]
pub struct CommandSpec {
    /// Its name (`kuba`, `boardbot`).
    pub name: &'static str,
    /// The game it plays, `None` for [`GENERAL`].
    pub game: Option<GameKind>,
    /// The catalog id of its description (`$game` is the game's title).
    pub help: &'static str,
    /// Its subcommands, in the order help and menus show them.
    pub subs: Vec<SubSpec>,
    /// Its groups of subcommands (`/boardbot tournament …`), after the subcommands.
    pub groups: Vec<GroupSpec>,
}

/// A group of subcommands (`tournament`): its name is the word typed between the
/// command and the subcommand (`/boardbot tournament join`); on Discord a
/// subcommand group.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupSpec {
    /// Its name.
    pub name: &'static str,
    /// The catalog id of its description.
    pub help: &'static str,
    /// Its subcommands, in the order help and menus show them.
    pub subs: Vec<SubSpec>,
}

/// A subcommand (`challenge`, `move` …).
#[derive(Clone, Debug, PartialEq)]
pub struct SubSpec {
    /// Its name.
    pub name: &'static str,
    /// What it asks for.
    pub does: Does,
    /// The catalog id of its description (`$game` is the command's game's title).
    pub help: &'static str,
    /// Its options; on Discord the required ones come first.
    pub options: Vec<OptionSpec>,
    /// In text, whatever follows it is ignored (`/kuba help me`).
    pub takes_anything: bool,
    /// Its options are alternatives: exactly one of them is given
    /// (`vacation days:7` or `vacation end`).
    pub alternatives: bool,
}

/// What a subcommand asks for: which [`Command`] [`build`] makes of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Does {
    /// [`Command::Challenge`].
    Challenge,
    /// [`Command::Accept`].
    Accept,
    /// [`Command::Decline`].
    Decline,
    /// [`Command::Cancel`].
    Cancel,
    /// [`Command::Move`].
    Move,
    /// [`Command::Board`].
    Board,
    /// [`Command::Replay`].
    Replay,
    /// [`Command::Analysis`].
    Analysis,
    /// [`Command::Resign`].
    Resign,
    /// [`Command::Abort`].
    Abort,
    /// [`Command::Draw`].
    Draw,
    /// [`Command::Takeback`].
    Takeback,
    /// [`Command::Premove`].
    Premove,
    /// [`Command::History`].
    History,
    /// [`Command::Leaderboard`].
    Leaderboard,
    /// [`Command::Rating`].
    Rating,
    /// [`Command::Rules`].
    Rules,
    /// [`Command::Help`].
    Help,
    /// [`Command::Games`].
    Games,
    /// [`Command::Notify`].
    Notify,
    /// [`Command::Vacation`] or [`Command::VacationEnd`].
    Vacation,
    /// [`Command::Language`].
    Language,
    /// [`Command::Web`], [`Command::WebLogin`] or [`Command::WebLogout`].
    Web,
    /// [`Command::Play`].
    Play,
    /// [`TournamentCommand::Create`].
    TournamentCreate,
    /// [`TournamentCommand::Join`].
    TournamentJoin,
    /// [`TournamentCommand::Leave`].
    TournamentLeave,
    /// [`TournamentCommand::Start`].
    TournamentStart,
    /// [`TournamentCommand::Standings`].
    TournamentStandings,
    /// [`TournamentCommand::Pairings`].
    TournamentPairings,
    /// [`TournamentCommand::List`].
    TournamentList,
    /// [`Command::Puzzle`].
    Puzzle,
    /// [`Command::Solve`].
    Solve,
}

/// One option of a subcommand.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    /// Its name: `name:value` in text, the option's name on Discord. Lowercase ASCII
    /// letters and `_`.
    pub name: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// How text gives it.
    pub text: TextForm,
    /// Discord asks for it before sending. Text may leave it out: the use case then
    /// says what is missing (`/kuba challenge` without anyone).
    pub required: bool,
    /// Discord completes it as it is typed (the legal moves).
    pub autocomplete: bool,
    /// Only for games against the computer (`level`): help shows it on its own line.
    pub computer_only: bool,
    /// Help leaves it out (`notify`'s `user`, which can only be oneself).
    pub hidden: bool,
    /// The catalog id of its description (≤ 100 characters: Discord's limit); rule
    /// options may use `$min`, `$max` and `$default`.
    pub help: &'static str,
    /// The catalog id of what help shows for its value (`ID`, `@bob`), for options
    /// whose values are not a list of words.
    pub placeholder: Option<&'static str>,
    /// The game's rule option it sets, a key of the game's settings.
    pub rule: Option<&'static RuleOption>,
}

/// What an option takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Yes or no (`yes`, `no`, `true`, `false`, `on`, `off`, `y`, `n`).
    YesNo,
    /// A whole number, within `range` when it has one (`#3` is 3).
    Int {
        /// The least and the most allowed.
        range: Option<(i64, i64)>,
    },
    /// One of these words (Discord: a choice, or its index as poise sends it).
    Choice(Vec<Choice>),
    /// Days per move: a number, or `unlimited` (Discord: the integer 0).
    Days,
    /// A game of the registry, by name.
    Game,
    /// Any text.
    Text,
    /// A person.
    User,
    /// Up to `max` people (`@bob @carol`; Discord: `opponent`, `opponent2` …).
    Users {
        /// The most.
        max: usize,
    },
}

/// A word a [`Kind::Choice`] takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The word, as menus and help show it.
    pub word: &'static str,
    /// Other words text takes for it (`yes` for `accept`).
    pub aliases: &'static [&'static str],
}

/// How the text syntax gives an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextForm {
    /// `name:value`.
    Named,
    /// One bare word among the choices (`/kuba draw accept`, `/boardbot notify dm`).
    Word,
    /// The bare word that is the option's name says yes (`/boardbot vacation end`).
    Flag,
    /// The `@mentions` of the line (`/kuba challenge @bob`).
    Mentions,
    /// Every word that is not another option, mentions included (`/kuba move a7 down`).
    Rest,
    /// `name:` and the rest of the line, spaces and all (`start:` a position code).
    Tail,
    /// `name:value`, or `name:"several words"` in quotes (`line:"g7-S a6-E"`).
    Quoted,
}

/// A value as a platform gives it, before it is checked against its option.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    /// Text (what is typed; a Discord string).
    Text(String),
    /// A Discord integer.
    Int(i64),
    /// A Discord boolean.
    Bool(bool),
    /// A person, resolved by the platform.
    User(Target),
}

/// An option's value, checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// For [`Kind::YesNo`].
    YesNo(bool),
    /// For [`Kind::Int`].
    Int(i64),
    /// For [`Kind::Choice`]: the choice's word.
    Word(&'static str),
    /// For [`Kind::Days`].
    Days(TimeAsked),
    /// For [`Kind::Game`].
    Game(GameKind),
    /// For [`Kind::Text`].
    Text(String),
    /// For [`Kind::User`].
    User(Target),
    /// For [`Kind::Users`], in order.
    Users(Vec<Target>),
}

/// The options given to one subcommand, checked.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Values(Vec<(&'static str, Value)>, #[cfg(test)] Asked);

/// The names [`build`] asked [`Values`] for (unit tests only), for
/// `build_reads_only_declared_options`; two [`Values`] compare equal whatever was asked.
#[cfg(test)]
#[derive(Debug, Default)]
struct Asked(std::sync::Mutex<Vec<&'static str>>);

#[cfg(test)]
impl Clone for Asked {
    fn clone(&self) -> Self {
        Asked(std::sync::Mutex::new(self.0.lock().map(|a| a.clone()).unwrap_or_default()))
    }
}

#[cfg(test)]
impl PartialEq for Asked {
    fn eq(&self, _: &Asked) -> bool {
        true
    }
}

impl Values {
    /// No options.
    pub fn new() -> Values {
        Values::default()
    }

    /// Adds `value` for `option`: it replaces an earlier value, except that people
    /// of a [`Kind::Users`] option are added to those given before.
    pub fn add(&mut self, option: &OptionSpec, value: Value) {
        match (self.0.iter_mut().find(|(n, _)| *n == option.name), value) {
            (Some((_, Value::Users(before))), Value::Users(more)) => before.extend(more),
            (Some((_, slot)), value) => *slot = value,
            (None, value) => self.0.push((option.name, value)),
        }
    }

    /// The value of the option `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The value of the option `option`, as [`build`] reads it (in unit tests, each
    /// name asked is noted, for `build_reads_only_declared_options`).
    fn of(&self, option: Opt) -> Option<&Value> {
        #[cfg(test)]
        if let Ok(mut asked) = self.1 .0.lock() {
            asked.push(option.name());
        }
        self.get(option.name())
    }

    fn days(&self, option: Opt) -> Option<TimeAsked> {
        match self.of(option) {
            Some(Value::Days(t)) => Some(*t),
            _ => None,
        }
    }

    fn yes_no(&self, option: Opt) -> Option<bool> {
        match self.of(option) {
            Some(Value::YesNo(b)) => Some(*b),
            _ => None,
        }
    }

    fn int(&self, option: Opt) -> Option<i64> {
        match self.of(option) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        }
    }

    fn word(&self, option: Opt) -> Option<&'static str> {
        match self.of(option) {
            Some(Value::Word(w)) => Some(w),
            _ => None,
        }
    }

    fn text(&self, option: Opt) -> Option<&str> {
        match self.of(option) {
            Some(Value::Text(t)) => Some(t),
            _ => None,
        }
    }

    fn game(&self, option: Opt) -> Option<GameKind> {
        match self.of(option) {
            Some(Value::Game(k)) => Some(*k),
            _ => None,
        }
    }

    fn user(&self, option: Opt) -> Option<Target> {
        match self.of(option) {
            Some(Value::User(t)) => Some(t.clone()),
            _ => None,
        }
    }

    fn users(&self, option: Opt) -> Vec<Target> {
        match self.of(option) {
            Some(Value::Users(t)) => t.clone(),
            Some(Value::User(t)) => vec![t.clone()],
            _ => Vec::new(),
        }
    }
}

// ---------------------------------------------------------------------------
// The names of the options

mod option_names {
    use crate::games::RuleOption;

    /// The name of an option, as the declaration gives it and [`super::build`] reads
    /// it: one constant per name, so a misspelled name does not compile, and no other
    /// name can be made here (the field is private to this module). Whether `build`
    /// reads only the options each subcommand declares is the test
    /// `build_reads_only_declared_options`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(super) struct Opt(&'static str);

    impl Opt {
        pub(super) const ANSWER: Opt = Opt("answer");
        pub(super) const CHALLENGE: Opt = Opt("challenge");
        pub(super) const CLEAR: Opt = Opt("clear");
        pub(super) const DAYS: Opt = Opt("days");
        pub(super) const END: Opt = Opt("end");
        pub(super) const EVERY: Opt = Opt("every");
        pub(super) const FIRST: Opt = Opt("first");
        pub(super) const FLIP: Opt = Opt("flip");
        pub(super) const FORMAT: Opt = Opt("format");
        pub(super) const GAME: Opt = Opt("game");
        pub(super) const HOW: Opt = Opt("how");
        pub(super) const LANGUAGE: Opt = Opt("language");
        pub(super) const LEVEL: Opt = Opt("level");
        pub(super) const LINE: Opt = Opt("line");
        pub(super) const MAX: Opt = Opt("max");
        pub(super) const MODE: Opt = Opt("mode");
        pub(super) const MOVE: Opt = Opt("move");
        pub(super) const NAME: Opt = Opt("name");
        pub(super) const OPPONENT: Opt = Opt("opponent");
        pub(super) const PLAYER: Opt = Opt("player");
        pub(super) const RATED: Opt = Opt("rated");
        pub(super) const ROUND: Opt = Opt("round");
        pub(super) const ROUNDS: Opt = Opt("rounds");
        pub(super) const SCOPE: Opt = Opt("scope");
        pub(super) const SETTINGS: Opt = Opt("settings");
        pub(super) const SPEED: Opt = Opt("speed");
        pub(super) const START: Opt = Opt("start");
        pub(super) const STATE: Opt = Opt("state");
        pub(super) const TOURNAMENT: Opt = Opt("tournament");
        pub(super) const USER: Opt = Opt("user");
        pub(super) const VS: Opt = Opt("vs");

        /// The option of a game's rule option, named by the game.
        pub(super) fn of_rule(rule: &'static RuleOption) -> Opt {
            Opt(rule.name)
        }

        /// The name typed and registered.
        pub(super) fn name(self) -> &'static str {
            self.0
        }
    }
}

use option_names::Opt;

// ---------------------------------------------------------------------------
// The words of the choices, with what they mean: one table for the declaration and
// for build.

const FIRST: [(First, &str); 3] = [(First::Me, "me"), (First::Them, "them"), (First::Random, "random")];
const SCOPE: [(bool, &str, &[&str]); 2] = [(false, "here", &["community"]), (true, "global", &["everywhere"])];
const NOTIFY: [(Notify, &str, &[&str]); 3] =
    [(Notify::Mention, "mention", &["here"]), (Notify::Direct, "dm", &["direct"]), (Notify::Off, "off", &["none"])];
/// The languages one may choose, by code (names in English and in the language too),
/// and `reset` to clear the choice.
const LANGUAGES: [(Option<Lang>, &str, &[&str]); 6] = [
    (Some(Lang::En), "en", &["english"]),
    (Some(Lang::Fr), "fr", &["french", "français", "francais"]),
    (Some(Lang::Es), "es", &["spanish", "español", "espanol"]),
    (Some(Lang::Nl), "nl", &["dutch", "nederlands"]),
    (Some(Lang::De), "de", &["german", "deutsch"]),
    (None, "reset", &["default"]),
];
/// Whose language: one's own, or the community's (`server` on Discord, `room` in
/// Matrix — either word works everywhere).
const LANGUAGE_SCOPES: [(LanguageScope, &str, &[&str]); 3] = [
    (LanguageScope::Me, "me", &["mine"]),
    (LanguageScope::Community, "server", &["community"]),
    (LanguageScope::Community, "room", &[]),
];
/// A tournament's format (`format:swiss`).
const FORMATS: [(Format, &str, &[&str]); 2] =
    [(Format::Swiss, "swiss", &[]), (Format::RoundRobin, "roundrobin", &["round_robin", "robin", "rr"])];
/// The most rounds a Swiss may be asked for.
pub const MAX_TOURNAMENT_ROUNDS: i64 = 20;
/// The most players a tournament may be opened for.
pub const MAX_TOURNAMENT_PLAYERS: i64 = 256;
/// The most days between the editions of a series.
pub const MAX_SERIES_DAYS: i64 = 365;
/// What `/boardbot web` does: the community's page on or off, or the actor's sign-in
/// on the web pages (`login`: a link; `logout`: every session ended).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WebAsked {
    Page(bool),
    Login,
    Logout,
}
const WEB_STATES: [(WebAsked, &str, &[&str]); 4] = [
    (WebAsked::Page(true), "on", &["yes"]),
    (WebAsked::Page(false), "off", &["no"]),
    (WebAsked::Login, "login", &["signin", "sign-in"]),
    (WebAsked::Logout, "logout", &["signout", "sign-out"]),
];
/// What `/kuba puzzle` gives besides a puzzle: `/kuba puzzle streak` (a word, as
/// `draw accept`; one subcommand with an optional choice rather than a group, so that
/// `/kuba puzzle` alone is a command on Discord too).
const PUZZLE_MODES: [(PuzzleMode, &str, &[&str]); 3] = [
    (PuzzleMode::Streak, "streak", &[]),
    (PuzzleMode::Rating, "rating", &["ratings"]),
    (PuzzleMode::Leaderboard, "leaderboard", &["leaders", "board"]),
];
/// Draw offers and takeback requests: the first word asks (`offer`, `ask`).
const ANSWERS: [(Answer, &[&str]); 3] = [(Answer::Ask, &[]), (Answer::Accept, &["yes"]), (Answer::Decline, &["no"])];
const YES: [&str; 4] = ["yes", "true", "y", "on"];
const NO: [&str; 4] = ["no", "false", "n", "off"];
/// What `days:` takes for no deadline.
const UNLIMITED: [&str; 2] = ["unlimited", "none"];

fn pick<T: Copy>(table: &[(T, &str)], word: &str) -> Option<T> {
    table.iter().find(|(_, w)| *w == word).map(|(t, _)| *t)
}

// ---------------------------------------------------------------------------
// The declaration

impl OptionSpec {
    fn new(name: Opt, kind: Kind, help: &'static str) -> OptionSpec {
        OptionSpec {
            name: name.name(),
            kind,
            text: TextForm::Named,
            required: false,
            autocomplete: false,
            computer_only: false,
            hidden: false,
            help,
            placeholder: None,
            rule: None,
        }
    }

    fn text(mut self, form: TextForm) -> Self {
        self.text = form;
        self
    }

    fn required(mut self) -> Self {
        self.required = true;
        self
    }

    fn shown_as(mut self, placeholder: &'static str) -> Self {
        self.placeholder = Some(placeholder);
        self
    }

    fn with_range(mut self, min: i64, max: i64) -> Self {
        self.kind = Kind::Int { range: Some((min, max)) };
        self
    }

    /// The option of a game's rule option.
    fn rule(rule: &'static RuleOption) -> OptionSpec {
        let (kind, placeholder) = match rule.values {
            RuleValues::Int { min, max, .. } => (Kind::Int { range: Some((min, max)) }, Some("help-value-number")),
            RuleValues::Choice { words, .. } => {
                (Kind::Choice(words.iter().map(|w| Choice { word: w, aliases: &[] }).collect()), None)
            }
            RuleValues::YesNo { .. } => (Kind::YesNo, None),
        };
        OptionSpec { rule: Some(rule), placeholder, ..OptionSpec::new(Opt::of_rule(rule), kind, rule.help) }
    }
}

fn words(table: impl IntoIterator<Item = (&'static str, &'static [&'static str])>) -> Kind {
    Kind::Choice(table.into_iter().map(|(word, aliases)| Choice { word, aliases }).collect())
}

fn game_id() -> OptionSpec {
    OptionSpec::new(Opt::GAME, Kind::Text, "option-game-id").shown_as("help-value-id")
}

fn game_kind() -> OptionSpec {
    OptionSpec::new(Opt::GAME, Kind::Game, "option-game-kind").shown_as("help-value-kind")
}

fn scope() -> OptionSpec {
    OptionSpec::new(Opt::SCOPE, words(SCOPE.map(|(_, w, a)| (w, a))), "option-scope")
}

fn answer(ask: &'static str) -> OptionSpec {
    let table = ANSWERS.map(|(a, aliases)| {
        let word = match a {
            Answer::Ask => ask,
            Answer::Accept => "accept",
            Answer::Decline => "decline",
        };
        (word, aliases)
    });
    OptionSpec::new(Opt::ANSWER, words(table), "option-answer").text(TextForm::Word)
}

fn player() -> OptionSpec {
    OptionSpec::new(Opt::PLAYER, Kind::User, "option-player").text(TextForm::Mentions).shown_as("help-value-user")
}

fn versus() -> OptionSpec {
    OptionSpec::new(Opt::VS, Kind::User, "option-vs").shown_as("help-value-other")
}

fn sub(name: &'static str, does: Does, help: &'static str, options: Vec<OptionSpec>) -> SubSpec {
    SubSpec { name, does, help, options, takes_anything: false, alternatives: false }
}

fn challenge_options(kind: GameKind) -> Vec<OptionSpec> {
    let level = words(Level::ALL.map(|l| (l.name(), &[] as &[&str])));
    let mut options = vec![
        OptionSpec::new(
            Opt::OPPONENT,
            Kind::Users { max: kind.players().end().saturating_sub(1).max(1) },
            "option-opponent",
        )
        .text(TextForm::Mentions)
        .required()
        .shown_as("help-value-opponent"),
        OptionSpec::new(Opt::FIRST, words(FIRST.map(|(_, w)| (w, &[] as &[&str]))), "option-first"),
        OptionSpec::new(Opt::RATED, Kind::YesNo, "option-rated"),
        OptionSpec { computer_only: true, ..OptionSpec::new(Opt::LEVEL, level, "option-level") },
        OptionSpec::new(Opt::DAYS, Kind::Days, "option-days"),
    ];
    options.extend(kind.rule_options().iter().map(OptionSpec::rule));
    options.push(OptionSpec::new(Opt::SETTINGS, Kind::Text, "option-settings").shown_as("help-value-json"));
    options
        .push(OptionSpec::new(Opt::START, Kind::Text, "option-start").text(TextForm::Tail).shown_as("help-value-code"));
    options
}

fn game_command(kind: GameKind) -> CommandSpec {
    let challenge = || OptionSpec::new(Opt::CHALLENGE, Kind::Int { range: None }, "option-challenge");
    let numbered = |name, does, help| sub(name, does, help, vec![challenge().shown_as("help-value-number")]);
    let quiet = |name, does, help| SubSpec { takes_anything: true, ..sub(name, does, help, Vec::new()) };
    CommandSpec {
        name: kind.name(),
        game: Some(kind),
        groups: Vec::new(),
        help: "command-game",
        subs: vec![
            sub("challenge", Does::Challenge, "command-challenge", challenge_options(kind)),
            numbered("accept", Does::Accept, "command-accept"),
            numbered("decline", Does::Decline, "command-decline"),
            numbered("cancel", Does::Cancel, "command-cancel"),
            sub(
                "move",
                Does::Move,
                "command-move",
                vec![
                    OptionSpec {
                        autocomplete: true,
                        ..OptionSpec::new(Opt::MOVE, Kind::Text, "option-move")
                            .text(TextForm::Rest)
                            .required()
                            .shown_as("help-value-move")
                    },
                    game_id(),
                ],
            ),
            sub(
                "board",
                Does::Board,
                "command-board",
                vec![OptionSpec::new(Opt::FLIP, Kind::YesNo, "option-flip"), game_id()],
            ),
            sub(
                "replay",
                Does::Replay,
                "command-replay",
                vec![
                    game_id(),
                    OptionSpec::new(Opt::FLIP, Kind::YesNo, "option-flip"),
                    OptionSpec::new(Opt::SPEED, words(Speed::ALL.map(|v| (v.name(), &[] as &[&str]))), "option-speed"),
                ],
            ),
            sub("resign", Does::Resign, "command-resign", vec![game_id()]),
            sub("abort", Does::Abort, "command-abort", vec![game_id()]),
            sub("draw", Does::Draw, "command-draw", vec![answer("offer"), game_id()]),
            sub("takeback", Does::Takeback, "command-takeback", vec![answer("ask"), game_id()]),
            // `premove` lists, `premove line:"…"` adds, `premove clear` clears: on Discord
            // a subcommand with an optional string `line`, an optional boolean `clear`
            // and `game`, as `vacation` takes `days` or `end`.
            sub(
                "premove",
                Does::Premove,
                "command-premove",
                vec![
                    OptionSpec::new(Opt::LINE, Kind::Text, "option-premove-line")
                        .text(TextForm::Quoted)
                        .shown_as("help-value-line"),
                    OptionSpec::new(Opt::CLEAR, Kind::YesNo, "option-premove-clear").text(TextForm::Flag),
                    game_id(),
                ],
            ),
            sub("history", Does::History, "command-history", vec![game_id()]),
            sub("play", Does::Play, "command-play", vec![game_id()]),
            sub("analysis", Does::Analysis, "command-analysis", vec![game_id()]),
            sub("leaderboard", Does::Leaderboard, "command-leaderboard", vec![scope()]),
            sub("rating", Does::Rating, "command-rating", vec![player(), versus()]),
            sub(
                "puzzle",
                Does::Puzzle,
                "command-puzzle",
                vec![OptionSpec::new(Opt::MODE, words(PUZZLE_MODES.map(|(_, w, a)| (w, a))), "option-puzzle-mode")
                    .text(TextForm::Word)],
            ),
            sub(
                "solve",
                Does::Solve,
                "command-solve",
                vec![OptionSpec {
                    autocomplete: true,
                    ..OptionSpec::new(Opt::MOVE, Kind::Text, "option-solve-move")
                        .text(TextForm::Rest)
                        .required()
                        .shown_as("help-value-move")
                }],
            ),
            quiet("rules", Does::Rules, "command-rules"),
            quiet("help", Does::Help, "command-help"),
        ],
    }
}

fn general_command() -> CommandSpec {
    let notify = vec![
        OptionSpec::new(Opt::HOW, words(NOTIFY.map(|(_, w, a)| (w, a))), "option-how").text(TextForm::Word).required(),
        OptionSpec { hidden: true, ..OptionSpec::new(Opt::USER, Kind::User, "option-user").text(TextForm::Mentions) },
    ];
    let vacation = vec![
        OptionSpec::new(Opt::DAYS, Kind::Int { range: None }, "option-vacation-days").shown_as("help-value-number"),
        OptionSpec::new(Opt::END, Kind::YesNo, "option-vacation-end").text(TextForm::Flag),
    ];
    let language = vec![
        OptionSpec::new(Opt::LANGUAGE, words(LANGUAGES.map(|(_, w, a)| (w, a))), "option-language")
            .text(TextForm::Word)
            .required(),
        OptionSpec::new(Opt::SCOPE, words(LANGUAGE_SCOPES.map(|(_, w, a)| (w, a))), "option-language-scope"),
    ];
    CommandSpec {
        name: GENERAL,
        game: None,
        help: "command-boardbot",
        subs: vec![
            sub("games", Does::Games, "command-boardbot-games", Vec::new()),
            sub("rating", Does::Rating, "command-boardbot-rating", vec![game_kind(), player(), versus()]),
            sub(
                "leaderboard",
                Does::Leaderboard,
                "command-boardbot-leaderboard",
                vec![game_kind().required(), scope()],
            ),
            sub("notify", Does::Notify, "command-boardbot-notify", notify),
            SubSpec { alternatives: true, ..sub("vacation", Does::Vacation, "command-boardbot-vacation", vacation) },
            sub("language", Does::Language, "command-boardbot-language", language),
            sub(
                "web",
                Does::Web,
                "command-boardbot-web",
                vec![OptionSpec::new(Opt::STATE, words(WEB_STATES.map(|(_, w, a)| (w, a))), "option-web-state")
                    .text(TextForm::Word)
                    .required()],
            ),
            sub("rules", Does::Rules, "command-boardbot-rules", vec![game_kind()]),
            SubSpec { takes_anything: true, ..sub("help", Does::Help, "command-boardbot-help", Vec::new()) },
        ],
        groups: vec![tournament_group()],
    }
}

/// `/boardbot tournament …`.
fn tournament_group() -> GroupSpec {
    let number = |name: Opt, help| OptionSpec::new(name, Kind::Int { range: None }, help);
    let tournament = || number(Opt::TOURNAMENT, "option-tournament").shown_as("help-value-number");
    let create = vec![
        game_kind().required(),
        OptionSpec::new(Opt::FORMAT, words(FORMATS.map(|(_, w, a)| (w, a))), "option-format").required(),
        number(Opt::ROUNDS, "option-rounds").shown_as("help-value-number").with_range(1, MAX_TOURNAMENT_ROUNDS),
        OptionSpec::new(Opt::DAYS, Kind::Days, "option-tournament-days"),
        OptionSpec::new(Opt::RATED, Kind::YesNo, "option-tournament-rated"),
        number(Opt::MAX, "option-max").shown_as("help-value-number").with_range(2, MAX_TOURNAMENT_PLAYERS),
        number(Opt::EVERY, "option-every").shown_as("help-value-number").with_range(1, MAX_SERIES_DAYS),
        OptionSpec::new(Opt::NAME, Kind::Text, "option-tournament-name")
            .text(TextForm::Tail)
            .shown_as("help-value-text"),
    ];
    GroupSpec {
        name: "tournament",
        help: "command-boardbot-tournament",
        subs: vec![
            sub("create", Does::TournamentCreate, "command-tournament-create", create),
            sub("join", Does::TournamentJoin, "command-tournament-join", vec![tournament()]),
            sub("leave", Does::TournamentLeave, "command-tournament-leave", vec![tournament()]),
            sub("start", Does::TournamentStart, "command-tournament-start", vec![tournament()]),
            sub("standings", Does::TournamentStandings, "command-tournament-standings", vec![tournament()]),
            sub(
                "pairings",
                Does::TournamentPairings,
                "command-tournament-pairings",
                vec![tournament(), number(Opt::ROUND, "option-round").shown_as("help-value-number")],
            ),
            sub("list", Does::TournamentList, "command-tournament-list", Vec::new()),
        ],
    }
}

static COMMANDS: LazyLock<Vec<CommandSpec>> = LazyLock::new(|| {
    let mut all: Vec<CommandSpec> = GameKind::ALL.iter().map(|k| game_command(*k)).collect();
    all.push(general_command());
    all
});

/// Every command: one per game of [`GameKind::ALL`], in its order, then [`GENERAL`].
pub fn commands() -> &'static [CommandSpec] {
    &COMMANDS
}

/// The command named `name` (any case).
pub fn command(name: &str) -> Option<&'static CommandSpec> {
    commands().iter().find(|c| c.name.eq_ignore_ascii_case(name))
}

/// The command of a game.
pub fn game_command_of(kind: GameKind) -> &'static CommandSpec {
    // Every game of the registry has its command (built from GameKind::ALL).
    commands().iter().find(|c| c.game == Some(kind)).unwrap_or(&commands()[0])
}

/// The first words of our commands (`kuba` … `boardbot`), for platforms that share a
/// room with other bots (Matrix).
pub fn heads() -> impl Iterator<Item = &'static str> {
    commands().iter().map(|c| c.name)
}

impl CommandSpec {
    /// The subcommand named `name` (any case), not in a group.
    pub fn sub(&self, name: &str) -> Option<&SubSpec> {
        self.subs.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The group named `name` (any case).
    pub fn group(&self, name: &str) -> Option<&GroupSpec> {
        self.groups.iter().find(|g| g.name.eq_ignore_ascii_case(name))
    }

    /// Every subcommand with its group, if any: the command's own, then each group's.
    pub fn all_subs(&self) -> impl Iterator<Item = (Option<&GroupSpec>, &SubSpec)> {
        let own = self.subs.iter().map(|s| (None, s));
        own.chain(self.groups.iter().flat_map(|g| g.subs.iter().map(move |s| (Some(g), s))))
    }

    /// Refuses `word` as a subcommand, listing the ones it has (and its groups).
    pub fn unknown_sub(&self, word: &str) -> Refusal {
        Refusal::UnknownSubcommand {
            command: self.name.to_string(),
            word: excerpt(word),
            known: self
                .subs
                .iter()
                .map(|s| s.name)
                .chain(self.groups.iter().map(|g| g.name))
                .map(str::to_string)
                .collect(),
        }
    }

    /// Refuses the option `name` of `sub`: as an option of other games when some
    /// have it (`size:` on Kuba), else as unknown, listing `known`.
    pub fn unknown_option(&self, sub: &SubSpec, name: &str, known: Vec<String>) -> Refusal {
        if let Some(kind) = self.game {
            let games: Vec<GameKind> = commands()
                .iter()
                .filter(|c| c.game.is_some_and(|g| g != kind))
                .filter(|c| c.sub(sub.name).is_some_and(|s| s.option(name).is_some()))
                .filter_map(|c| c.game)
                .collect();
            if !games.is_empty() {
                return Refusal::OptionOfOtherGames { option: name.to_string(), games, kind };
            }
        }
        Refusal::UnknownOption { sub: sub.name.to_string(), option: excerpt(name), known }
    }
}

impl GroupSpec {
    /// The subcommand named `name` (any case).
    pub fn sub(&self, name: &str) -> Option<&SubSpec> {
        self.subs.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// Refuses `word` as a subcommand of the group of `command`, listing the group's.
    pub fn unknown_sub(&self, command: &CommandSpec, word: &str) -> Refusal {
        Refusal::UnknownSubcommand {
            command: format!("{} {}", command.name, self.name),
            word: excerpt(word),
            known: self.subs.iter().map(|s| s.name.to_string()).collect(),
        }
    }
}

impl SubSpec {
    /// The option named `name` (any case).
    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// What the bare words of text may be, for a refusal: the words of its
    /// [`TextForm::Word`] options and the names of its [`TextForm::Flag`] ones; for
    /// [`SubSpec::alternatives`], each option as it is written (`days:`, `end`).
    pub fn word_hint(&self) -> Refusal {
        let mut words = Vec::new();
        for o in &self.options {
            match (o.text, &o.kind) {
                (TextForm::Word, Kind::Choice(choices)) => words.extend(choices.iter().map(|c| c.word.to_string())),
                (TextForm::Flag, _) => words.push(o.name.to_string()),
                (TextForm::Named | TextForm::Tail | TextForm::Quoted, _) if self.alternatives => {
                    words.push(format!("{}:", o.name))
                }
                _ => {}
            }
        }
        Refusal::TakesOneOf { sub: self.name.to_string(), words }
    }
}

impl OptionSpec {
    /// What the option expects, for a refusal of its value.
    pub fn expected(&self) -> Expected {
        match &self.kind {
            Kind::YesNo => Expected::YesNo,
            Kind::Int { range: Some((min, max)) } => Expected::Range { min: *min, max: *max },
            Kind::Int { range: None } => Expected::Number,
            Kind::Choice(choices) => Expected::OneOf(choices.iter().map(|c| c.word.to_string()).collect()),
            Kind::Days => Expected::Days,
            Kind::Game => Expected::OneOf(GameKind::ALL.iter().map(|k| k.name().to_string()).collect()),
            Kind::Text if self.name == "game" => Expected::GameId,
            Kind::Text => Expected::Text,
            Kind::User | Kind::Users { .. } => Expected::User,
        }
    }

    /// Refuses `value` (as given, cut to 40 characters) for this option.
    pub fn refused(&self, value: &str) -> Refusal {
        Refusal::BadValue { option: self.name.to_string(), value: excerpt(value), expected: self.expected() }
    }

    /// Checks a value given for this option: the same checks for every platform,
    /// and a refusal that names the option.
    pub fn read(&self, given: Given) -> Result<Value, Refusal> {
        let in_range = |n: i64, range: Option<(i64, i64)>| match range {
            Some((min, max)) if !(min..=max).contains(&n) => Err(self.refused(&n.to_string())),
            _ => Ok(Value::Int(n)),
        };
        match (&self.kind, given) {
            (Kind::YesNo, Given::Bool(b)) => Ok(Value::YesNo(b)),
            (Kind::YesNo, Given::Text(t)) => {
                let lower = t.trim().to_ascii_lowercase();
                if YES.contains(&lower.as_str()) {
                    Ok(Value::YesNo(true))
                } else if NO.contains(&lower.as_str()) {
                    Ok(Value::YesNo(false))
                } else {
                    Err(self.refused(&t))
                }
            }
            (Kind::Int { range }, Given::Int(n)) => in_range(n, *range),
            (Kind::Int { range }, Given::Text(t)) => match t.trim().trim_start_matches('#').parse::<i64>() {
                Ok(n) => in_range(n, *range),
                Err(_) => Err(self.refused(&t)),
            },
            (Kind::Choice(choices), Given::Text(t)) => {
                let lower = t.trim().to_ascii_lowercase();
                choices
                    .iter()
                    .find(|c| c.word == lower || c.aliases.contains(&lower.as_str()))
                    .map(|c| Value::Word(c.word))
                    .ok_or_else(|| self.refused(&t))
            }
            // A choice sent as its index, as poise's ChoiceParameter registers them.
            (Kind::Choice(choices), Given::Int(i)) => usize::try_from(i)
                .ok()
                .and_then(|i| choices.get(i))
                .map(|c| Value::Word(c.word))
                .ok_or_else(|| self.refused(&i.to_string())),
            (Kind::Days, Given::Int(0)) => Ok(Value::Days(TimeAsked::Unlimited)),
            (Kind::Days, Given::Int(n)) => Ok(Value::Days(TimeAsked::Days(n))),
            (Kind::Days, Given::Text(t)) => {
                let lower = t.trim().to_ascii_lowercase();
                if UNLIMITED.contains(&lower.as_str()) {
                    Ok(Value::Days(TimeAsked::Unlimited))
                } else {
                    lower.parse::<i64>().map(|n| Value::Days(TimeAsked::Days(n))).map_err(|_| self.refused(&t))
                }
            }
            (Kind::Game, Given::Text(t)) => t.parse::<GameKind>().map(Value::Game).map_err(|_| self.refused(&t)),
            (Kind::Game, Given::Int(i)) => usize::try_from(i)
                .ok()
                .and_then(|i| GameKind::ALL.get(i))
                .map(|k| Value::Game(*k))
                .ok_or_else(|| self.refused(&i.to_string())),
            (Kind::Text, Given::Text(t)) => Ok(Value::Text(t)),
            (Kind::User, Given::User(t)) => Ok(Value::User(t)),
            (Kind::Users { .. }, Given::User(t)) => Ok(Value::Users(vec![t])),
            (_, other) => Err(self.refused(&given_text(&other))),
        }
    }
}

/// A given value as text, for a refusal.
fn given_text(given: &Given) -> String {
    match given {
        Given::Text(t) => t.clone(),
        Given::Int(n) => n.to_string(),
        Given::Bool(b) => b.to_string(),
        Given::User(Target::Computer) => format!("@{GENERAL}"),
        Given::User(Target::User { display_name, .. }) => format!("@{display_name}"),
    }
}

// ---------------------------------------------------------------------------
// Options to a command

/// The command `sub` of `command` asks for, with the options given: the one place
/// where text and Discord options become a [`Command`].
pub fn build(command: &CommandSpec, sub: &SubSpec, values: &Values) -> Result<Command, Refusal> {
    let per_game = || command.game.ok_or_else(|| command.unknown_sub(sub.name));
    let game = |kind: GameKind| GameRef { kind, id: values.text(Opt::GAME).map(str::to_string) };
    // Read only by the subcommands that declare `game`, as every option is.
    let kind_asked = || command.game.or_else(|| values.game(Opt::GAME));
    Ok(match sub.does {
        Does::Challenge => {
            let kind = per_game()?;
            Command::Challenge {
                kind,
                opponents: values.users(Opt::OPPONENT),
                rated: values.yes_no(Opt::RATED).unwrap_or(false),
                first: values.word(Opt::FIRST).and_then(|w| pick(&FIRST, w)).unwrap_or_default(),
                level: values.word(Opt::LEVEL).and_then(|w| w.parse::<Level>().ok()),
                settings: settings(sub, values)?,
                start: values.text(Opt::START).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string),
                time: values.days(Opt::DAYS),
            }
        }
        Does::Accept => Command::Accept { kind: per_game()?, challenge: values.int(Opt::CHALLENGE) },
        Does::Decline => Command::Decline { kind: per_game()?, challenge: values.int(Opt::CHALLENGE) },
        Does::Cancel => Command::Cancel { kind: per_game()?, challenge: values.int(Opt::CHALLENGE) },
        Does::Move => {
            // A move picked from a menu carries the move number it was offered at.
            let (text, at) = super::types::split_picked(values.text(Opt::MOVE).unwrap_or_default());
            Command::Move { game: game(per_game()?), text: text.to_string(), at }
        }
        Does::Board => Command::Board { game: game(per_game()?), flip: values.yes_no(Opt::FLIP).unwrap_or(false) },
        Does::Replay => Command::Replay {
            game: game(per_game()?),
            flip: values.yes_no(Opt::FLIP).unwrap_or(false),
            speed: values.word(Opt::SPEED).and_then(|w| w.parse::<Speed>().ok()).unwrap_or_default(),
        },
        Does::Analysis => Command::Analysis { game: game(per_game()?) },
        Does::Resign => Command::Resign { game: game(per_game()?) },
        Does::Abort => Command::Abort { game: game(per_game()?) },
        Does::Draw => Command::Draw { game: game(per_game()?), answer: answer_of(sub, values) },
        Does::Takeback => Command::Takeback { game: game(per_game()?), answer: answer_of(sub, values) },
        Does::Premove => {
            // `line:""` is a line without moves: the use case says how one is written.
            let line = values.text(Opt::LINE).map(unquoted);
            let asked = match (line, values.yes_no(Opt::CLEAR).unwrap_or(false)) {
                (None, false) => PremoveAsked::List,
                (None, true) => PremoveAsked::Clear,
                (Some(line), false) => PremoveAsked::Add(line.to_string()),
                (Some(_), true) => {
                    return Err(Refusal::TakesOneOf {
                        sub: sub.name.to_string(),
                        words: vec![format!("{}:", Opt::LINE.name()), Opt::CLEAR.name().to_string()],
                    })
                }
            };
            Command::Premove { game: game(per_game()?), asked }
        }
        Does::History => Command::History { game: game(per_game()?) },
        Does::Leaderboard => Command::Leaderboard {
            kind: kind_asked().ok_or_else(|| Refusal::MissingOption {
                sub: sub.name.to_string(),
                option: Opt::GAME.name().to_string(),
            })?,
            global: values.word(Opt::SCOPE).and_then(|w| SCOPE.iter().find(|s| s.1 == w)).is_some_and(|s| s.0),
        },
        Does::Rating => {
            Command::Rating { kind: kind_asked(), player: values.user(Opt::PLAYER), versus: values.user(Opt::VS) }
        }
        Does::Rules => Command::Rules { kind: kind_asked() },
        Does::Help => Command::Help { kind: command.game },
        Does::Games => Command::Games,
        Does::Notify => {
            let how = values.word(Opt::HOW).and_then(|w| NOTIFY.iter().find(|n| n.1 == w)).map(|n| n.0);
            Command::Notify { how: how.ok_or_else(|| sub.word_hint())?, user: values.user(Opt::USER) }
        }
        Does::Language => {
            let asked = values.word(Opt::LANGUAGE).and_then(|w| LANGUAGES.iter().find(|l| l.1 == w));
            let scope = values.word(Opt::SCOPE).and_then(|w| LANGUAGE_SCOPES.iter().find(|s| s.1 == w));
            Command::Language {
                language: asked.ok_or_else(|| sub.word_hint())?.0,
                scope: scope.map_or(LanguageScope::Me, |s| s.0),
            }
        }
        Does::Web => {
            let state = values.word(Opt::STATE).and_then(|w| WEB_STATES.iter().find(|s| s.1 == w));
            match state.ok_or_else(|| sub.word_hint())?.0 {
                WebAsked::Page(on) => Command::Web { on },
                WebAsked::Login => Command::WebLogin,
                WebAsked::Logout => Command::WebLogout,
            }
        }
        Does::Play => Command::Play { game: game(per_game()?) },
        Does::Vacation => match (values.int(Opt::DAYS), values.yes_no(Opt::END).unwrap_or(false)) {
            (Some(days), false) => Command::Vacation { days },
            (None, true) => Command::VacationEnd,
            _ => return Err(sub.word_hint()),
        },
        Does::TournamentCreate => {
            let missing =
                |option: Opt| Refusal::MissingOption { sub: sub.name.to_string(), option: option.name().to_string() };
            let format = values.word(Opt::FORMAT).and_then(|w| FORMATS.iter().find(|f| f.1 == w)).map(|f| f.0);
            Command::Tournament(TournamentCommand::Create(TournamentAsked {
                kind: values.game(Opt::GAME).ok_or_else(|| missing(Opt::GAME))?,
                format: format.ok_or_else(|| missing(Opt::FORMAT))?,
                rounds: values.int(Opt::ROUNDS),
                days: values.days(Opt::DAYS),
                rated: values.yes_no(Opt::RATED),
                name: values.text(Opt::NAME).map(str::trim).filter(|n| !n.is_empty()).map(str::to_string),
                max: values.int(Opt::MAX),
                every: values.int(Opt::EVERY),
            }))
        }
        Does::TournamentJoin => {
            Command::Tournament(TournamentCommand::Join { tournament: values.int(Opt::TOURNAMENT) })
        }
        Does::TournamentLeave => {
            Command::Tournament(TournamentCommand::Leave { tournament: values.int(Opt::TOURNAMENT) })
        }
        Does::TournamentStart => {
            Command::Tournament(TournamentCommand::Start { tournament: values.int(Opt::TOURNAMENT) })
        }
        Does::TournamentStandings => {
            Command::Tournament(TournamentCommand::Standings { tournament: values.int(Opt::TOURNAMENT) })
        }
        Does::TournamentPairings => Command::Tournament(TournamentCommand::Pairings {
            tournament: values.int(Opt::TOURNAMENT),
            round: values.int(Opt::ROUND),
        }),
        Does::TournamentList => Command::Tournament(TournamentCommand::List),
        Does::Puzzle => Command::Puzzle {
            kind: per_game()?,
            mode: values
                .word(Opt::MODE)
                .and_then(|w| PUZZLE_MODES.iter().find(|m| m.1 == w))
                .map_or_else(PuzzleMode::default, |m| m.0),
        },
        Does::Solve => {
            // A choice of the menu is the move as it stands (no move number: the
            // open puzzle is the one answered).
            Command::Solve { kind: per_game()?, text: values.text(Opt::MOVE).unwrap_or_default().trim().to_string() }
        }
    })
}

/// A value without the quotes around it (`"g7-S a6-E"`, or typographic ones a phone
/// puts), as Discord passes what was typed in its box.
fn unquoted(text: &str) -> &str {
    let text = text.trim();
    let inner = text.strip_prefix(['"', '“', '”', '«']).unwrap_or(text);
    inner.strip_suffix(['"', '“', '”', '»']).unwrap_or(inner).trim()
}

/// A draw's or a takeback's answer: the choices are declared in [`ANSWERS`] order.
fn answer_of(sub: &SubSpec, values: &Values) -> Answer {
    let words = match sub.option(Opt::ANSWER.name()).map(|o| &o.kind) {
        Some(Kind::Choice(choices)) => choices.iter().map(|c| c.word).collect(),
        _ => Vec::new(),
    };
    let at = values.word(Opt::ANSWER).and_then(|w| words.iter().position(|x| *x == w));
    at.and_then(|i| ANSWERS.get(i)).map_or(Answer::Ask, |(a, _)| *a)
}

/// The rule options of a challenge as the game's JSON: `settings:{…}` with the
/// game's named rule options over it; `None` when there are none.
fn settings(sub: &SubSpec, values: &Values) -> Result<Option<String>, Refusal> {
    let mut map = match values.text(Opt::SETTINGS) {
        None => serde_json::Map::new(),
        Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => return Err(Refusal::SettingsNotObject(excerpt(text))),
        },
    };
    for option in &sub.options {
        let (Some(rule), Some(value)) = (option.rule, values.get(option.name)) else { continue };
        let chosen = match value {
            Value::Int(n) => RuleValue::Int(*n),
            Value::Word(w) => RuleValue::Word(w),
            Value::YesNo(b) => RuleValue::YesNo(*b),
            _ => return Err(option.refused(&format!("{value:?}"))),
        };
        let json = rule.json(chosen).ok_or_else(|| option.refused(&format!("{value:?}")))?;
        map.insert(rule.key.to_string(), json);
    }
    Ok((!map.is_empty()).then(|| serde_json::Value::Object(map).to_string()))
}

/// The days a challenge's clock may be given, for menus and help: each number of
/// days, then `unlimited`.
pub fn day_choices() -> Vec<String> {
    ALLOWED_DAYS.iter().map(|d| d.to_string()).chain([UNLIMITED[0].to_string()]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(sub: &SubSpec, given: Vec<(&str, Given)>) -> Result<Values, Refusal> {
        let mut v = Values::new();
        for (name, g) in given {
            let option = sub.option(name).expect("declared");
            v.add(option, option.read(g)?);
        }
        Ok(v)
    }

    fn bob() -> Target {
        Target::User { user_id: "bob".into(), display_name: "bob".into(), is_bot: false }
    }

    /// A value `option` reads: its first word for a choice, the least of its range
    /// for a number, else the first of a few values of each kind that it takes.
    fn some_value(option: &OptionSpec) -> Value {
        let mut candidates = Vec::new();
        match &option.kind {
            Kind::Choice(choices) => candidates.extend(choices.first().map(|c| Given::Text(c.word.to_string()))),
            Kind::Int { range: Some((min, _)) } => candidates.push(Given::Int(*min)),
            _ => {}
        }
        candidates.extend([
            Given::Bool(true),
            Given::Int(3),
            Given::User(bob()),
            Given::Text(GameKind::ALL[0].name().to_string()),
            Given::Text("{}".to_string()),
        ]);
        candidates
            .into_iter()
            .find_map(|g| option.read(g).ok())
            .unwrap_or_else(|| panic!("no value for `{}`", option.name))
    }

    /// For every command and subcommand, `build` run with no option, every option,
    /// each option alone and every option but one asks only for options that the
    /// subcommand declares (a name read but not declared would never be given).
    #[test]
    fn build_reads_only_declared_options() {
        let mut asked_in_all = 0;
        for command in commands() {
            for (_, sub) in command.all_subs() {
                let given: Vec<(&OptionSpec, Value)> = sub.options.iter().map(|o| (o, some_value(o))).collect();
                let n = given.len();
                let mut sets: Vec<Vec<usize>> = vec![Vec::new(), (0..n).collect()];
                for i in 0..n {
                    sets.push(vec![i]);
                    sets.push((0..n).filter(|j| *j != i).collect());
                }
                for set in sets {
                    let mut values = Values::new();
                    for i in set {
                        values.add(given[i].0, given[i].1.clone());
                    }
                    let _ = build(command, sub, &values);
                    let asked = values.1 .0.lock().expect("not poisoned").clone();
                    for name in &asked {
                        assert!(
                            sub.options.iter().any(|o| o.name == *name),
                            "`{} {}` reads the option `{name}`, which it does not declare",
                            command.name,
                            sub.name
                        );
                    }
                    asked_in_all += asked.len();
                }
            }
        }
        // The check sees what build reads.
        assert!(asked_in_all > 100, "{asked_in_all}");
    }

    #[test]
    fn every_game_has_its_command_and_its_rule_options() {
        let names: Vec<&str> = heads().collect();
        assert_eq!(names.len(), GameKind::ALL.len() + 1);
        for kind in GameKind::ALL {
            let c = game_command_of(*kind);
            assert_eq!(c.name, kind.name());
            let challenge = c.sub("challenge").expect("challenge");
            for rule in kind.rule_options() {
                assert_eq!(challenge.option(rule.name).and_then(|o| o.rule), Some(rule));
            }
        }
        assert_eq!(command("BoardBot").map(|c| c.name), Some(GENERAL));
    }

    #[test]
    fn rule_options_become_the_games_settings() {
        let kewbz = game_command_of(GameKind::Kewbz);
        let sub = kewbz.sub("challenge").unwrap();
        let v = values(
            sub,
            vec![
                ("opponent", Given::User(bob())),
                ("size", Given::Int(10)),
                ("extension", Given::Text("ARM".into())),
                ("settings", Given::Text(r#"{"cubes":20}"#.into())),
            ],
        )
        .unwrap();
        let Command::Challenge { settings, opponents, .. } = build(kewbz, sub, &v).unwrap() else { panic!() };
        let settings: serde_json::Value = serde_json::from_str(&settings.unwrap()).unwrap();
        assert_eq!(settings, serde_json::json!({"cubes": 20, "extension": "arm", "size": 10}));
        assert_eq!(opponents, vec![bob()]);
        let refused = values(sub, vec![("size", Given::Int(30))]).unwrap_err();
        assert_eq!(
            refused,
            Refusal::BadValue {
                option: "size".into(),
                value: "30".into(),
                expected: Expected::Range { min: 4, max: 26 }
            }
        );
        let v = values(sub, vec![("settings", Given::Text("[1]".into()))]).unwrap();
        assert_eq!(build(kewbz, sub, &v), Err(Refusal::SettingsNotObject("[1]".into())));
    }

    #[test]
    fn values_of_the_wrong_type_are_refused_naming_the_option() {
        let kewbz = game_command_of(GameKind::Kewbz);
        let sub = kewbz.sub("challenge").unwrap();
        let size = sub.option("size").unwrap();
        assert!(
            matches!(size.read(Given::Text("x".into())), Err(Refusal::BadValue { option, .. }) if option == "size")
        );
        assert!(matches!(size.read(Given::Bool(true)), Err(Refusal::BadValue { option, .. }) if option == "size"));
        let rated = sub.option("rated").unwrap();
        assert!(matches!(rated.read(Given::Int(1)), Err(Refusal::BadValue { option, .. }) if option == "rated"));
        let opponent = sub.option("opponent").unwrap();
        assert!(
            matches!(opponent.read(Given::Text("bob".into())), Err(Refusal::BadValue { option, .. }) if option == "opponent")
        );
    }

    #[test]
    fn choices_are_read_as_words_aliases_or_indexes() {
        let kuba = game_command_of(GameKind::Kuba);
        let first = kuba.sub("challenge").unwrap().option("first").unwrap();
        assert_eq!(first.read(Given::Int(1)), Ok(Value::Word("them")));
        assert_eq!(first.read(Given::Text("Me".into())), Ok(Value::Word("me")));
        assert!(first.read(Given::Int(3)).is_err());
        let draw = kuba.sub("draw").unwrap();
        for (given, answer) in [("yes", Answer::Accept), ("decline", Answer::Decline), ("offer", Answer::Ask)] {
            let v = values(draw, vec![("answer", Given::Text(given.into()))]).unwrap();
            assert_eq!(answer_of(draw, &v), answer, "{given}");
        }
        let days = kuba.sub("challenge").unwrap().option("days").unwrap();
        assert_eq!(days.read(Given::Int(0)), Ok(Value::Days(TimeAsked::Unlimited)));
        assert_eq!(days.read(Given::Text("5".into())), Ok(Value::Days(TimeAsked::Days(5))));
    }

    #[test]
    fn web_takes_on_or_off() {
        let general = command(GENERAL).unwrap();
        let sub = general.sub("web").unwrap();
        for (word, on) in [("on", true), ("OFF", false), ("yes", true), ("no", false)] {
            let v = values(sub, vec![("state", Given::Text(word.into()))]).unwrap();
            assert_eq!(build(general, sub, &v), Ok(Command::Web { on }), "{word}");
        }
        for (word, command) in [("login", Command::WebLogin), ("LOGOUT", Command::WebLogout)] {
            let v = values(sub, vec![("state", Given::Text(word.into()))]).unwrap();
            assert_eq!(build(general, sub, &v), Ok(command), "{word}");
        }
        assert!(values(sub, vec![("state", Given::Text("maybe".into()))]).is_err());
        assert!(build(general, sub, &Values::new()).is_err());
    }

    #[test]
    fn vacation_takes_days_or_end() {
        let general = command(GENERAL).unwrap();
        let sub = general.sub("vacation").unwrap();
        let days = values(sub, vec![("days", Given::Int(7))]).unwrap();
        assert_eq!(build(general, sub, &days), Ok(Command::Vacation { days: 7 }));
        let end = values(sub, vec![("end", Given::Bool(true))]).unwrap();
        assert_eq!(build(general, sub, &end), Ok(Command::VacationEnd));
        let hint = Refusal::TakesOneOf { sub: "vacation".into(), words: vec!["days:".into(), "end".into()] };
        assert_eq!(build(general, sub, &Values::new()), Err(hint.clone()));
        let both = values(sub, vec![("days", Given::Int(7)), ("end", Given::Bool(true))]).unwrap();
        assert_eq!(build(general, sub, &both), Err(hint));
    }
}
