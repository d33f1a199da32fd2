//! The one list of game kinds, and the values that hold any of them.
//!
//! Adding a game is a module under `games/`, one variant of [`GameKind`] with its
//! name, one arm in [`dispatch`] and one name in [`each_game!`]; every other layer
//! reaches the game through [`Position`], [`Settings`], [`AnyMove`] and
//! [`EndReason`], whose methods all go through that one macro.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::text::excerpt;
use super::RuleOption;
use super::{cabale, kewbz, kuba, nuba, BoardView, Game, Menu, MoveError, MoveView, Outcome, Phase, Seat, SeatInfo};
use super::{BySeat, Choice, Diagram, Phrase, Worded};

/// The games this build knows, in menu order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Kuba (Traboulet): push marbles off a 7×7 board.
    Kuba,
    /// Kewbz: place cubes, make corners and build towers on a square board.
    Kewbz,
    /// Cabale: runners turn once and leave blocks on a hexagonal board, 2–4 players.
    Cabale,
    /// Nuba: wrestlers clear the way for musicians on a 5×6 board.
    Nuba,
}

/// The one `match` over the games' values: `each_game!(value, Enum, g => body)`
/// runs `body` with `g` bound to the game inside whichever variant `value` holds.
/// Every enum here has one variant per game, named like the [`GameKind`].
macro_rules! each_game {
    ($value:expr, $enum:ident, $g:pat => $body:expr) => {
        match $value {
            $enum::Kuba($g) => $body,
            $enum::Kewbz($g) => $body,
            $enum::Cabale($g) => $body,
            $enum::Nuba($g) => $body,
        }
    };
}

/// The same over two values of one game (a position and its move); `$mismatch` when
/// they belong to different games.
macro_rules! each_game_pair {
    ($a:expr, $ea:ident, $b:expr, $eb:ident, ($x:pat, $y:pat) => $body:expr, _ => $mismatch:expr) => {
        match ($a, $b) {
            ($ea::Kuba($x), $eb::Kuba($y)) => $body,
            ($ea::Kewbz($x), $eb::Kewbz($y)) => $body,
            ($ea::Cabale($x), $eb::Cabale($y)) => $body,
            ($ea::Nuba($x), $eb::Nuba($y)) => $body,
            _ => $mismatch,
        }
    };
}

/// Wraps each game's type into the variant of `$enum` of the same name.
macro_rules! game_variants {
    ($enum:ident: $kuba:ty, $kewbz:ty, $cabale:ty, $nuba:ty) => {
        impl From<$kuba> for $enum {
            fn from(v: $kuba) -> Self {
                $enum::Kuba(v)
            }
        }
        impl From<$kewbz> for $enum {
            fn from(v: $kewbz) -> Self {
                $enum::Kewbz(v)
            }
        }
        impl From<$cabale> for $enum {
            fn from(v: $cabale) -> Self {
                $enum::Cabale(v)
            }
        }
        impl From<$nuba> for $enum {
            fn from(v: $nuba) -> Self {
                $enum::Nuba(v)
            }
        }
    };
}

impl GameKind {
    /// Every available game.
    pub const ALL: &'static [GameKind] = &[GameKind::Kuba, GameKind::Kewbz, GameKind::Cabale, GameKind::Nuba];

    /// The lowercase name used in commands and storage.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Kuba => "kuba",
            GameKind::Kewbz => "kewbz",
            GameKind::Cabale => "cabale",
            GameKind::Nuba => "nuba",
        }
    }

    /// The name for the engine's command line and logs (`Kuba`); people read
    /// [`GameKind::term`].
    pub fn title(self) -> &'static str {
        dispatch(self, Title)
    }

    /// The catalog message of the game's name for people (`kuba-title`).
    pub fn term(self) -> &'static str {
        match self {
            GameKind::Kuba => "kuba-title",
            GameKind::Kewbz => "kewbz-title",
            GameKind::Cabale => "cabale-title",
            GameKind::Nuba => "nuba-title",
        }
    }

    /// Every game's name, as commands take them: `kuba, kewbz, cabale, nuba`.
    fn names() -> String {
        GameKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
    }

    /// The game's default rule options.
    pub fn default_settings(self) -> Settings {
        dispatch(self, DefaultSettings)
    }

    /// The rule options a challenge of this game may set by name (`size:10`).
    pub fn rule_options(self) -> &'static [RuleOption] {
        dispatch(self, RuleOptions)
    }

    /// How many players a game of this kind takes (the challenger included).
    pub fn players(self) -> RangeInclusive<usize> {
        dispatch(self, Players)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = SetupError;

    /// Case-insensitive game name.
    fn from_str(s: &str) -> Result<Self, SetupError> {
        let lower = s.trim().to_ascii_lowercase();
        GameKind::ALL.iter().find(|k| k.name() == lower).copied().ok_or_else(|| SetupError::UnknownGame(excerpt(s)))
    }
}

/// Code that is generic over the game and run for a kind chosen at run time.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with `G` the game of the kind being dispatched.
    fn visit<G: Game>(self) -> Self::Output;
}

/// Runs `visitor` with the game type of `kind`: the type-level twin of
/// [`each_game!`].
pub fn dispatch<V: GameVisitor>(kind: GameKind, visitor: V) -> V::Output {
    match kind {
        GameKind::Kuba => visitor.visit::<kuba::Kuba>(),
        GameKind::Kewbz => visitor.visit::<kewbz::Kewbz>(),
        GameKind::Cabale => visitor.visit::<cabale::Cabale>(),
        GameKind::Nuba => visitor.visit::<nuba::Nuba>(),
    }
}

/// Code that is generic over the game and run on a [`Position`]'s game.
pub trait PositionVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the typed position.
    fn visit<G: Game>(self, position: &G) -> Self::Output;
}

struct Title;

impl GameVisitor for Title {
    type Output = &'static str;
    fn visit<G: Game>(self) -> &'static str {
        G::TITLE
    }
}

struct RuleOptions;

impl GameVisitor for RuleOptions {
    type Output = &'static [RuleOption];
    fn visit<G: Game>(self) -> &'static [RuleOption] {
        G::RULE_OPTIONS
    }
}

struct Players;

impl GameVisitor for Players {
    type Output = RangeInclusive<usize>;
    fn visit<G: Game>(self) -> RangeInclusive<usize> {
        G::PLAYERS
    }
}

struct DefaultSettings;

impl GameVisitor for DefaultSettings {
    type Output = Settings;
    fn visit<G: Game>(self) -> Settings {
        G::start(&G::Settings::default()).settings().into()
    }
}

// ---------------------------------------------------------------------------
// Errors

/// A game, its rule options or its position code refused. Messages are meant for
/// people and say what is wrong in the game's own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// No game has this name (an excerpt of what was given).
    #[error("unknown game \"{}\" (games: {})", .0, GameKind::names())]
    UnknownGame(String),
    /// The rule options do not describe this game's options.
    #[error("{0}")]
    BadSettings(SettingsError),
    /// The position code is refused.
    #[error("bad position code: {0}")]
    BadCode(CodeError),
    /// The position code and the rule options say different things.
    #[error("the position code says {key} {code} but the rule options say {given}")]
    Conflict {
        /// The option.
        key: String,
        /// Its value in the position code, as JSON.
        code: String,
        /// Its value in the rule options, as JSON (an excerpt).
        given: String,
    },
}

impl Worded for SetupError {
    fn phrase(&self) -> Phrase {
        match self {
            SetupError::UnknownGame(name) => {
                Phrase::new("game-unknown-game").text("name", name).text("games", GameKind::names())
            }
            SetupError::BadSettings(e) => e.phrase(),
            SetupError::BadCode(e) => Phrase::new("game-bad-code").phrase("reason", e.phrase()),
            SetupError::Conflict { key, code, given } => {
                Phrase::new("game-code-conflict").text("key", key).text("code", code).text("given", given)
            }
        }
    }
}

/// Rule options refused, in the game's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// Not JSON (an excerpt of what was given).
    #[error("the rule options must be JSON like {{\"size\":10}}, not \"{0}\"")]
    NotJson(String),
    /// JSON, but not an object (an excerpt).
    #[error("the rule options must be a JSON object like {{\"size\":10}}, not {0}")]
    NotObject(String),
    /// An option given to a game that has none.
    #[error("{} has no rule options (\"{key}\" was given)", game.title())]
    NoOptions {
        /// The game.
        game: GameKind,
        /// The option given (an excerpt).
        key: String,
    },
    /// An option the game does not have.
    #[error("{} has no option \"{key}\" (its options: {})", game.title(), options.join(", "))]
    UnknownOption {
        /// The game.
        game: GameKind,
        /// The option given (an excerpt).
        key: String,
        /// The options the game has.
        options: Vec<String>,
    },
    /// An option with a value it does not take.
    #[error("{} option \"{key}\": {reason}", game.title())]
    BadOption {
        /// The game.
        game: GameKind,
        /// The option.
        key: String,
        /// What is wrong with its value.
        reason: OptionError,
    },
    /// Options that are each fine but not together.
    #[error("{}: {reason}", game.title())]
    Invalid {
        /// The game.
        game: GameKind,
        /// What is wrong.
        reason: OptionError,
    },
}

impl Worded for SettingsError {
    fn phrase(&self) -> Phrase {
        match self {
            SettingsError::NotJson(text) => Phrase::new("game-settings-not-json").text("text", text),
            SettingsError::NotObject(text) => Phrase::new("game-settings-not-object").text("text", text),
            SettingsError::NoOptions { game, key } => {
                Phrase::new("game-settings-none").term("game", game.term()).text("key", key)
            }
            SettingsError::UnknownOption { game, key, options } => Phrase::new("game-settings-unknown")
                .term("game", game.term())
                .text("key", key)
                .text("options", options.join(", ")),
            SettingsError::BadOption { game, key, reason } => Phrase::new("game-settings-bad-option")
                .term("game", game.term())
                .text("key", key)
                .phrase("reason", reason.phrase()),
            SettingsError::Invalid { game, reason } => {
                Phrase::new("game-settings-invalid").term("game", game.term()).phrase("reason", reason.phrase())
            }
        }
    }
}

/// Why the value of one rule option is refused: a game's own check, typed, or
/// serde's words for a value of the wrong kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// Kewbz's (a board size or a number of cubes out of range).
    #[error("{0}")]
    Kewbz(kewbz::OptionError),
    /// Cabale's (a number of players, a blockade edge).
    #[error("{0}")]
    Cabale(cabale::OptionError),
    /// A value of the wrong kind, in serde's words without its type names
    /// (`invalid type: string "x", expected a whole number`). These are JSON's
    /// terms and stay in English.
    #[error("{0}")]
    Value(String),
}

impl From<kewbz::OptionError> for OptionError {
    fn from(e: kewbz::OptionError) -> Self {
        OptionError::Kewbz(e)
    }
}

impl From<cabale::OptionError> for OptionError {
    fn from(e: cabale::OptionError) -> Self {
        OptionError::Cabale(e)
    }
}

impl Worded for OptionError {
    fn phrase(&self) -> Phrase {
        match self {
            OptionError::Kewbz(e) => e.phrase(),
            OptionError::Cabale(e) => e.phrase(),
            OptionError::Value(reason) => Phrase::new("game-settings-value").text("reason", reason),
        }
    }
}

/// A game's rule options checked one by one before serde reads them, so that a
/// value out of range is refused with a typed reason ([`OptionError`]) rather than
/// serde's words. Games without such checks keep the default.
pub trait CheckOptions {
    /// Checks the JSON `value` given for the option `key`; `Ok` leaves it to serde.
    fn check_option(key: &str, value: &Value) -> Result<(), OptionError> {
        let _ = (key, value);
        Ok(())
    }
}

impl CheckOptions for kuba::KubaSettings {}
impl CheckOptions for nuba::NubaSettings {}

/// A position code refused, typed by game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not a Kuba code.
    #[error("{0}")]
    Kuba(kuba::CodeError),
    /// Not a Kewbz code.
    #[error("{0}")]
    Kewbz(kewbz::CodeError),
    /// Not a Cabale code.
    #[error("{0}")]
    Cabale(cabale::CodeError),
    /// Not a Nuba code.
    #[error("{0}")]
    Nuba(nuba::CodeError),
}

game_variants!(CodeError: kuba::CodeError, kewbz::CodeError, cabale::CodeError, nuba::CodeError);

impl Worded for CodeError {
    fn phrase(&self) -> Phrase {
        each_game!(self, CodeError, e => e.phrase())
    }
}

/// A text that is not a move of the game, typed by game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MalformedMove {
    /// Not a Kuba push.
    #[error("{0}")]
    Kuba(kuba::NotationError),
    /// Not a Kewbz placement.
    #[error("{0}")]
    Kewbz(kewbz::NotationError),
    /// Not a Cabale placement or turn.
    #[error("{0}")]
    Cabale(cabale::NotationError),
    /// Not a Nuba placement, step or pass.
    #[error("{0}")]
    Nuba(nuba::NotationError),
}

game_variants!(MalformedMove: kuba::NotationError, kewbz::NotationError, cabale::NotationError, nuba::NotationError);

impl Worded for MalformedMove {
    fn phrase(&self) -> Phrase {
        each_game!(self, MalformedMove, e => e.phrase())
    }
}

/// Why a well-formed move is not legal where it was tried, typed by game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// A Kuba push that is not allowed.
    #[error("{0}")]
    Kuba(kuba::IllegalMove),
    /// A Kewbz placement that is not allowed.
    #[error("{0}")]
    Kewbz(kewbz::IllegalMove),
    /// A Cabale placement or turn that is not allowed.
    #[error("{0}")]
    Cabale(cabale::IllegalMove),
    /// A Nuba move that is not allowed.
    #[error("{0}")]
    Nuba(nuba::IllegalMove),
}

game_variants!(IllegalMove: kuba::IllegalMove, kewbz::IllegalMove, cabale::IllegalMove, nuba::IllegalMove);

impl Worded for IllegalMove {
    fn phrase(&self) -> Phrase {
        each_game!(self, IllegalMove, e => e.phrase())
    }
}

/// A move refused: what a player sees, with the typed reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveRejected {
    /// The text is not a move of this game.
    #[error("malformed: {0}")]
    Malformed(MalformedMove),
    /// The move is well formed but not legal in this position.
    #[error("illegal: {0}")]
    Illegal(IllegalMove),
    /// A typed move of one game was played on a position of another.
    #[error("that is a move of {mv}, not of {position}")]
    OtherGame {
        /// The game of the move.
        mv: GameKind,
        /// The game of the position.
        position: GameKind,
    },
}

impl Worded for MoveRejected {
    /// The reason alone: without the `malformed: ` or `illegal: ` of `Display`,
    /// which the message around it says in its own words.
    fn phrase(&self) -> Phrase {
        match self {
            MoveRejected::Malformed(e) => e.phrase(),
            MoveRejected::Illegal(e) => e.phrase(),
            MoveRejected::OtherGame { mv, position } => {
                Phrase::new("game-other-game").text("move-game", mv.name()).text("game", position.name())
            }
        }
    }
}

impl<N: Into<MalformedMove>, I: Into<IllegalMove>> From<MoveError<N, I>> for MoveRejected {
    fn from(e: MoveError<N, I>) -> Self {
        match e {
            MoveError::Malformed(n) => MoveRejected::Malformed(n.into()),
            MoveError::Illegal(i) => MoveRejected::Illegal(i.into()),
        }
    }
}

/// A stored or typed-in game that cannot be rebuilt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The game, its options or its start code were refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move of the list was refused.
    #[error("move {ply} \"{text}\": {reason}")]
    Move {
        /// Its place in the list, from 1.
        ply: usize,
        /// An excerpt of its text.
        text: String,
        /// Why it was refused.
        reason: MoveRejected,
    },
}

impl Worded for ReplayError {
    fn phrase(&self) -> Phrase {
        match self {
            ReplayError::Setup(e) => e.phrase(),
            ReplayError::Move { ply, text, reason } => {
                let id = match reason {
                    MoveRejected::Malformed(_) => "game-replay-malformed",
                    MoveRejected::Illegal(_) => "game-replay-illegal",
                    MoveRejected::OtherGame { .. } => "game-replay-other-game",
                };
                Phrase::new(id)
                    .number("ply", i64::try_from(*ply).unwrap_or(i64::MAX))
                    .text("text", text)
                    .phrase("reason", reason.phrase())
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Settings

/// The rule options of a game of any kind. Serialised whole it is tagged with the
/// game (`{"game":"kewbz","size":10,…}`); [`Settings::to_json`] and
/// [`Settings::from_json`] speak each game's own form (`{"size":10}`), which the
/// command line takes and the store keeps beside the kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum Settings {
    /// Kuba's house rules.
    Kuba(kuba::KubaSettings),
    /// Kewbz's board size, cubes and corner extension.
    Kewbz(kewbz::KewbzSettings),
    /// Cabale's players, sharp turns and blockade edges.
    Cabale(cabale::CabaleSettings),
    /// Nuba's (none).
    Nuba(nuba::NubaSettings),
}

game_variants!(Settings: kuba::KubaSettings, kewbz::KewbzSettings, cabale::CabaleSettings, nuba::NubaSettings);

impl Settings {
    /// The game these options belong to.
    pub fn kind(&self) -> GameKind {
        each_game!(self, Settings, s => settings_kind(s))
    }

    /// The game's own JSON form, as the command line takes it: `{"size":10,…}`.
    pub fn to_json(&self) -> String {
        // Settings are plain data with string keys; serialising them cannot fail.
        each_game!(self, Settings, s => serde_json::to_string(s).unwrap_or_else(|_| "{}".to_string()))
    }

    /// Reads a game's options from its own JSON form. Every key is optional;
    /// refusals name the option and what is wrong in the game's words.
    pub fn from_json(kind: GameKind, json: &str) -> Result<Settings, SetupError> {
        dispatch(kind, ParseSettings { json })
    }

    /// True when a position under these options depends on the positions before it
    /// (Kuba's house rule `repetition:draw`), so that a position code alone does not
    /// say all: such a game is rebuilt by replaying its moves, not from its code.
    pub fn needs_history(&self) -> bool {
        match self {
            Settings::Kuba(s) => s.repetition == kuba::Repetition::Draw,
            Settings::Kewbz(_) | Settings::Cabale(_) | Settings::Nuba(_) => false,
        }
    }
}

fn settings_kind<S: KindOf>(_: &S) -> GameKind {
    S::KIND
}

/// The kind a game's settings type belongs to.
trait KindOf {
    const KIND: GameKind;
}

impl KindOf for kuba::KubaSettings {
    const KIND: GameKind = GameKind::Kuba;
}
impl KindOf for kewbz::KewbzSettings {
    const KIND: GameKind = GameKind::Kewbz;
}
impl KindOf for cabale::CabaleSettings {
    const KIND: GameKind = GameKind::Cabale;
}
impl KindOf for nuba::NubaSettings {
    const KIND: GameKind = GameKind::Nuba;
}

struct ParseSettings<'a> {
    json: &'a str,
}

impl GameVisitor for ParseSettings<'_> {
    type Output = Result<Settings, SetupError>;
    fn visit<G: Game>(self) -> Self::Output {
        let settings: G::Settings = parse_settings::<G>(self.json)?;
        Ok(G::start(&settings).settings().into())
    }
}

/// The options a game has: the keys of its default settings' JSON, and the keys of
/// its rule options (a house rule's default is left out of the JSON).
fn option_names<G: Game>() -> Vec<String> {
    let mut names: Vec<String> = match serde_json::to_value(G::Settings::default()) {
        Ok(Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    };
    for option in G::RULE_OPTIONS {
        if !names.iter().any(|n| n == option.key) {
            names.push(option.key.to_string());
        }
    }
    names
}

/// Parses `json` as `G`'s options, with typed refusals in the game's words.
fn parse_settings<G: Game>(json: &str) -> Result<G::Settings, SetupError> {
    let game = G::KIND;
    let value: Value = serde_json::from_str(json).map_err(|_| SettingsError::NotJson(excerpt(json.trim())))?;
    let Value::Object(map) = value else {
        return Err(SettingsError::NotObject(excerpt(json.trim())).into());
    };
    let names = option_names::<G>();
    if let Some(key) = map.keys().find(|k| !names.contains(k)) {
        let key = excerpt(key);
        return Err(if names.is_empty() {
            SettingsError::NoOptions { game, key }
        } else {
            SettingsError::UnknownOption { game, key, options: names }
        }
        .into());
    }
    // One key at a time, so the message can name the option that is wrong.
    for (key, v) in &map {
        let bad = |reason| SettingsError::BadOption { game, key: key.clone(), reason };
        G::Settings::check_option(key, v).map_err(bad)?;
        let one: Map<String, Value> = [(key.clone(), v.clone())].into_iter().collect();
        if let Err(e) = serde_json::from_value::<G::Settings>(Value::Object(one)) {
            return Err(bad(OptionError::Value(plain_serde_message(&e.to_string()))).into());
        }
    }
    serde_json::from_value(Value::Object(map)).map_err(|e| {
        SettingsError::Invalid { game, reason: OptionError::Value(plain_serde_message(&e.to_string())) }.into()
    })
}

impl From<SettingsError> for SetupError {
    fn from(e: SettingsError) -> Self {
        SetupError::BadSettings(e)
    }
}

/// serde's message without its Rust type names and positions: "expected u8" → "expected
/// a whole number".
fn plain_serde_message(message: &str) -> String {
    let cut = message.find(" at line ").map_or(message, |i| &message[..i]);
    cut.replace('`', "\"")
        .replace("expected u8", "expected a whole number")
        .replace("expected u16", "expected a whole number")
        .replace("expected a boolean", "expected true or false")
}

// ---------------------------------------------------------------------------
// Moves and results

/// A legal move of any game, typed; `Display` prints its canonical notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A Kuba push.
    Kuba(kuba::KubaMove),
    /// A Kewbz placement.
    Kewbz(kewbz::Placement),
    /// A Cabale placement or turn.
    Cabale(cabale::CabaleMove),
    /// A Nuba placement, step or pass.
    Nuba(nuba::NubaMove),
}

game_variants!(AnyMove: kuba::KubaMove, kewbz::Placement, cabale::CabaleMove, nuba::NubaMove);

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_game!(self, AnyMove, m => fmt::Display::fmt(m, f))
    }
}

/// Why a position ended, typed by game: [`EndReason::key`] is its stable name
/// for storage, `Display` the sentence for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Kuba's.
    Kuba(kuba::End),
    /// Kewbz's.
    Kewbz(kewbz::End),
    /// Cabale's.
    Cabale(cabale::End),
    /// Nuba's.
    Nuba(nuba::End),
}

game_variants!(EndReason: kuba::End, kewbz::End, cabale::End, nuba::End);

impl EndReason {
    /// A short name that never changes, unique within its game (`seven_reds`).
    pub fn key(&self) -> &'static str {
        each_game!(*self, EndReason, end => end.key())
    }

    /// Every key a game's results can carry, for whoever validates stored keys.
    pub fn keys(kind: GameKind) -> &'static [&'static str] {
        match kind {
            GameKind::Kuba => &["seven_reds", "all_marbles", "no_push", "repetition"],
            GameKind::Kewbz => &["last_cube", "no_cubes", "blocked"],
            GameKind::Cabale => &["last_block", "runner_stuck", "all_stuck"],
            GameKind::Nuba => &["champion", "final_musician", "no_moves"],
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_game!(self, EndReason, end => fmt::Display::fmt(end, f))
    }
}

impl Worded for EndReason {
    fn phrase(&self) -> Phrase {
        each_game!(self, EndReason, end => end.phrase())
    }
}

impl Serialize for EndReason {
    /// As its key.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// What playing a move gives the layers above, from one parse: its canonical text
/// (for storage), its label (for people) and its view (for the picture).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The canonical notation, as stored and replayed.
    pub text: String,
    /// A short label in English, for the engine and logs: `d2-N · pushes 3 · takes
    /// a red` ([`Played::head`] and the parts joined).
    pub label: String,
    /// The label's first part: the move as people read it, the canonical text
    /// except for a Cabale turn (its runner path; the parts tell the rest).
    pub head: String,
    /// What the move did, part by part, as phrases for people: `pushes 3`, `takes a
    /// red`.
    pub parts: Vec<Phrase>,
    /// What the move did, for drawing it as the last move.
    pub view: MoveView<Phrase>,
    /// The seat that made it.
    pub seat: Seat,
}

// ---------------------------------------------------------------------------
// Positions

/// A position of any game: one of the four rules cores' values, so generic code
/// needs no strings in the middle. Strings appear only at the edges: parsing what a
/// person typed ([`Position::play_text`]), position codes ([`Position::code`]) and
/// canonical move texts for storage ([`replay`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
// Kewbz's board is large (up to 26×26 stacks); boxing it would cost an allocation
// per clone for a value the service holds one of per request.
#[allow(clippy::large_enum_variant)]
pub enum Position {
    /// A Kuba position.
    Kuba(kuba::Kuba),
    /// A Kewbz position.
    Kewbz(kewbz::Kewbz),
    /// A Cabale position.
    Cabale(cabale::Cabale),
    /// A Nuba position.
    Nuba(nuba::Nuba),
}

game_variants!(Position: kuba::Kuba, kewbz::Kewbz, cabale::Cabale, nuba::Nuba);

/// A game's typed play, checked, wrapped for [`Position`].
fn play_typed<G: Game>(position: &mut G, m: &G::Move) -> Result<Played, MoveRejected> {
    let next = position.clone().play(m).map_err(|e| MoveRejected::Illegal(e.reason.into()))?;
    let played = played(position, m);
    *position = next;
    Ok(played)
}

/// What `m` does in `position` (before it is played).
fn played<G: Game>(position: &G, m: &G::Move) -> Played {
    let notes = position.notes(m);
    let head = position.label_head(m);
    Played {
        text: m.to_string(),
        label: super::menu::join_label(&head, &notes),
        head,
        parts: notes.iter().map(Worded::phrase).collect(),
        view: position.move_view(m),
        seat: position.to_move(),
    }
}

/// Plays a move known to be legal and says what it did.
fn play_known<G: Game>(position: &mut G, m: &G::Move) -> Played {
    let played = played(position, m);
    position.play_unchecked(m);
    played
}

/// Parses and checks `text` in `position`.
fn parse_typed<G: Game>(position: &G, text: &str) -> Result<G::Move, MoveRejected> {
    position.parse_move(text).map_err(MoveRejected::from)
}

/// Plays `text` on `position`: one parse, and what [`Played`] holds.
fn play_text_typed<G: Game>(position: &mut G, text: &str) -> Result<Played, MoveRejected> {
    let m = parse_typed(position, text)?;
    Ok(play_known(position, &m))
}

fn legal_typed<G: Game>(position: &G) -> Vec<AnyMove> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.into_iter().map(Into::into).collect()
}

fn kind_of<G: Game>(_: &G) -> GameKind {
    G::KIND
}

impl Position {
    /// The start position for these options.
    pub fn start(settings: &Settings) -> Position {
        each_game!(settings, Settings, s => position_start(s))
    }

    /// A position from its code; the options supply what the code does not hold
    /// (rule options), and the code wins where both speak.
    pub fn from_code(code: &str, settings: &Settings) -> Result<Position, SetupError> {
        each_game!(settings, Settings, s => position_from_code(code, s))
    }

    /// The position a command starts from: the options as the game's JSON (`None`
    /// for the defaults), then the position code, or the start position when there
    /// is none. An option given explicitly that the code contradicts (a Kewbz code of
    /// another size, a Cabale code for another number of players) is refused.
    pub fn setup(kind: GameKind, code: Option<&str>, settings_json: Option<&str>) -> Result<Position, SetupError> {
        let settings = match settings_json {
            Some(json) => Settings::from_json(kind, json)?,
            None => kind.default_settings(),
        };
        let Some(code) = code else {
            return Ok(Position::start(&settings));
        };
        let position = Position::from_code(code, &settings)?;
        if let Some(json) = settings_json {
            conflicts(json, &position.settings())?;
        }
        Ok(position)
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        each_game!(self, Position, g => kind_of(g))
    }

    /// The position code (see the notation).
    pub fn code(&self) -> String {
        each_game!(self, Position, g => g.to_string())
    }

    /// The rule options it is played under.
    pub fn settings(&self) -> Settings {
        each_game!(self, Position, g => g.settings().into())
    }

    /// The seats in playing order.
    pub fn seats(&self) -> &'static [SeatInfo] {
        each_game!(self, Position, g => g.seats())
    }

    /// The seat to move (after the end: whoever would be next).
    pub fn to_move(&self) -> Seat {
        each_game!(self, Position, g => g.to_move())
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        each_game!(self, Position, g => g.phase())
    }

    /// Each seat's score where the game counts one.
    pub fn scores(&self) -> Option<BySeat<i32>> {
        each_game!(self, Position, g => g.scores())
    }

    /// The result, once the position is final.
    pub fn outcome(&self) -> Option<Outcome> {
        each_game!(self, Position, g => g.outcome())
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// True when turns here are offered in steps ([`Position::menu`]).
    pub fn builds_in_parts(&self) -> bool {
        each_game!(self, Position, g => g.builds_in_parts())
    }

    /// Every legal move, in canonical order. Cabale's turns can number tens of
    /// thousands: chat menus use [`Position::menu`].
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each_game!(self, Position, g => legal_typed(g))
    }

    /// Parses a move as a person typed it (lenient forms included) and checks it.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveRejected> {
        each_game!(self, Position, g => parse_typed(g, text).map(Into::into))
    }

    /// A short label for a move of this position.
    pub fn describe(&self, m: &AnyMove) -> Result<String, MoveRejected> {
        each_game_pair!(self, Position, m, AnyMove, (g, m) => {
            play_typed(&mut g.clone(), m).map(|p| p.label)
        }, _ => Err(self.other_game(m)))
    }

    /// Plays a typed move after checking it; on refusal the position is untouched.
    pub fn play(&mut self, m: &AnyMove) -> Result<Played, MoveRejected> {
        let other = self.other_game(m);
        each_game_pair!(self, Position, m, AnyMove, (g, m) => play_typed(g, m), _ => Err(other))
    }

    /// Parses `text` (lenient forms included), checks it and plays it: the
    /// canonical text, the label and the picture's view, from one parse. On refusal
    /// the position is untouched.
    pub fn play_text(&mut self, text: &str) -> Result<Played, MoveRejected> {
        each_game!(self, Position, g => play_text_typed(g, text))
    }

    /// A chat menu: at most `limit` next choices of the turn after the parts
    /// `chosen` so far, whose text starts with what the user `typed` (ignoring
    /// case). When `typed` is itself a legal move in any lenient form (`d2 up`), that
    /// move comes first.
    pub fn menu(&self, chosen: &str, typed: &str, limit: usize) -> Menu {
        let menu = each_game!(self, Position, g => g.menu(chosen, typed, limit));
        self.typed_first(menu, typed, limit)
    }

    /// The menu for what a person has typed so far, as a whole (a chat's
    /// autocompletion): when turns here are offered in steps
    /// ([`Position::builds_in_parts`]), the steps already chosen are the longest start
    /// of `typed` after which a step offers choices that go on with `typed` (`A3>C3>C2`
    /// picked, then `+x` typed: the block and capture choices after that path), else
    /// the first step's; as with [`Position::menu`], a legal move typed whole comes
    /// first.
    pub fn menu_typed(&self, typed: &str, limit: usize) -> Menu {
        let typed = typed.trim();
        if !typed.is_empty() && self.builds_in_parts() {
            let cuts: Vec<usize> = typed.char_indices().map(|(i, _)| i).skip(1).chain([typed.len()]).collect();
            for &cut in cuts.iter().rev() {
                let menu = each_game!(self, Position, g => g.menu(&typed[..cut], typed, limit));
                if !menu.choices.is_empty() {
                    return self.typed_first(menu, typed, limit);
                }
            }
        }
        self.menu("", typed, limit)
    }

    /// `menu` with the move `typed` first when it is a legal move in any lenient form
    /// that the menu does not hold already.
    fn typed_first(&self, mut menu: Menu, typed: &str, limit: usize) -> Menu {
        if limit == 0 || typed.trim().is_empty() {
            return menu;
        }
        if let Ok(m) = self.parse_move(typed) {
            let text = m.to_string();
            if !menu.choices.iter().any(|c| c.text == text) {
                let played = each_game_pair!(self, Position, &m, AnyMove, (g, m) => Some(played(g, m)), _ => None);
                let (label, head, parts) = match played {
                    Some(p) => (p.label, p.head, p.parts),
                    None => (text.clone(), text.clone(), Vec::new()),
                };
                if menu.choices.len() == limit {
                    menu.choices.pop();
                    menu.cut = true;
                }
                menu.choices.insert(0, Choice { text, label, head, parts, complete: true, more: false });
            }
        }
        menu
    }

    /// A diagram for terminals: the board as text and the lines below it as
    /// phrases (`crate::present::view::diagram_text` words them).
    pub fn diagram(&self) -> Diagram {
        each_game!(self, Position, g => g.diagram())
    }

    /// A plain description for pictures, with `last` drawn as the last move; its
    /// texts are phrases (`crate::present::view::worded` words them).
    pub fn view(&self, last: Option<MoveView<Phrase>>) -> BoardView<Phrase> {
        each_game!(self, Position, g => g.view()).with_last(last)
    }

    /// Plays `moves` in order (lenient forms accepted) and gives what the last one
    /// did. A refusal names the move (from 1 in this list), an excerpt of its text
    /// and the reason; the moves before it stay played.
    pub fn play_all<S: AsRef<str>>(&mut self, moves: &[S]) -> Result<Option<Played>, ReplayError> {
        let mut last = None;
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let played =
                self.play_text(text).map_err(|reason| ReplayError::Move { ply: i + 1, text: excerpt(text), reason })?;
            last = Some(played);
        }
        Ok(last)
    }

    /// Runs generic code on the game inside: for layers that work through
    /// [`Game`] itself (the search).
    pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        each_game!(self, Position, g => visitor.visit(g))
    }

    fn other_game(&self, m: &AnyMove) -> MoveRejected {
        let mv = match m {
            AnyMove::Kuba(_) => GameKind::Kuba,
            AnyMove::Kewbz(_) => GameKind::Kewbz,
            AnyMove::Cabale(_) => GameKind::Cabale,
            AnyMove::Nuba(_) => GameKind::Nuba,
        };
        MoveRejected::OtherGame { mv, position: self.kind() }
    }
}

fn position_start<S: SettingsOf>(s: &S) -> Position {
    S::start(s)
}

fn position_from_code<S: SettingsOf>(code: &str, s: &S) -> Result<Position, SetupError> {
    S::from_code(code, s)
}

/// From a game's settings type back to its game, for [`Position`]'s constructors.
trait SettingsOf {
    fn start(&self) -> Position;
    fn from_code(code: &str, settings: &Self) -> Result<Position, SetupError>;
}

macro_rules! settings_of {
    ($settings:ty, $game:ty) => {
        impl SettingsOf for $settings {
            fn start(&self) -> Position {
                <$game as Game>::start(self).into()
            }
            fn from_code(code: &str, settings: &Self) -> Result<Position, SetupError> {
                <$game as Game>::from_code(code, settings).map(Into::into).map_err(|e| SetupError::BadCode(e.into()))
            }
        }
    };
}

settings_of!(kuba::KubaSettings, kuba::Kuba);
settings_of!(kewbz::KewbzSettings, kewbz::Kewbz);
settings_of!(cabale::CabaleSettings, cabale::Cabale);
settings_of!(nuba::NubaSettings, nuba::Nuba);

/// Refuses options given in `json` that the position (made from a code) does not
/// have.
fn conflicts(json: &str, actual: &Settings) -> Result<(), SetupError> {
    let (Ok(Value::Object(given)), Ok(Value::Object(actual))) =
        (serde_json::from_str::<Value>(json), serde_json::from_str::<Value>(&actual.to_json()))
    else {
        return Ok(());
    };
    for (key, value) in &given {
        if let Some(code_value) = actual.get(key) {
            if code_value != value {
                return Err(SetupError::Conflict {
                    key: key.clone(),
                    code: code_value.to_string(),
                    given: excerpt(&value.to_string()),
                });
            }
        }
    }
    Ok(())
}

/// Rebuilds a game from its options, its start code (`None` for the start
/// position) and its moves in order: what the store keeps. Gives the position and
/// what the last move did; refusals name the move (from 1), an excerpt of its text
/// and the reason.
pub fn replay<S: AsRef<str>>(
    settings: &Settings,
    start: Option<&str>,
    moves: &[S],
) -> Result<(Position, Option<Played>), ReplayError> {
    let mut position = match start {
        Some(code) => Position::from_code(code, settings)?,
        None => Position::start(settings),
    };
    let last = position.play_all(moves)?;
    Ok((position, last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::MENU_LIMIT;

    /// A menu follows what is typed part by part: after a whole path, that path's next
    /// parts (the path itself first, a legal turn), after a part typed halfway the
    /// choices that go on with it; a game without parts is offered from the start.
    #[test]
    fn typed_menus_walk_a_turn_in_parts() {
        let mut cabale = Position::setup(GameKind::Cabale, None, None).expect("a start");
        cabale.play_all(&["@A3", "@I7"]).expect("the runners placed");
        assert!(cabale.builds_in_parts());
        let paths = cabale.menu_typed("", MENU_LIMIT).choices;
        let path = paths.iter().find(|c| c.more).expect("a path with more to choose").text.clone();
        let next = cabale.menu_typed(&path, usize::MAX).choices;
        assert_eq!(next[0].text, path, "the path typed whole is a turn: first");
        assert!(next.len() > 1 && next.iter().all(|c| c.text.starts_with(&path)), "{next:?}");
        assert_eq!(next[1..], cabale.menu(&path, "", usize::MAX).choices[..]);
        let part = next[1].text.clone();
        let halfway = &part[..part.len() - 1];
        let going_on = cabale.menu_typed(halfway, usize::MAX).choices;
        assert!(going_on.iter().any(|c| c.text == part), "{halfway}: {going_on:?}");
        assert!(going_on.iter().all(|c| c.text.to_lowercase().starts_with(&halfway.to_lowercase())));
        let lower = cabale.menu_typed(&path.to_lowercase(), usize::MAX).choices;
        assert_eq!(lower.len(), next.len(), "case is ignored");
        assert!(cabale.menu_typed("Z9>", MENU_LIMIT).choices.is_empty());

        let kuba = Position::setup(GameKind::Kuba, None, None).expect("a start");
        assert!(!kuba.builds_in_parts());
        assert_eq!(kuba.menu_typed("a7", MENU_LIMIT), kuba.menu("", "a7", MENU_LIMIT));
        assert_eq!(kuba.menu_typed(" a7 down ", MENU_LIMIT).choices[0].text, "a7-S");
    }

    #[test]
    fn names_round_trip() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(*kind));
            assert_eq!(kind.name().to_uppercase().parse::<GameKind>(), Ok(*kind));
        }
    }

    #[test]
    fn unknown_names_are_refused() {
        assert_eq!("chess".parse::<GameKind>(), Err(SetupError::UnknownGame("chess".into())));
    }

    #[test]
    fn bad_settings_are_refused_in_the_games_words() {
        let message = |kind: GameKind, json: &str| Settings::from_json(kind, json).unwrap_err().to_string();
        for kind in GameKind::ALL {
            assert!(matches!(Settings::from_json(*kind, "[1,2"), Err(SetupError::BadSettings(_))));
            assert_eq!(Settings::from_json(*kind, "{}"), Ok(kind.default_settings()));
            assert!(message(*kind, "null").contains("must be a JSON object"));
            assert!(message(*kind, "[]").contains("must be a JSON object"));
        }
        assert_eq!(message(GameKind::Nuba, r#"{"players":2}"#), r#"Nuba has no rule options ("players" was given)"#);
        let kuba = message(GameKind::Kuba, r#"{"players":2}"#);
        assert!(kuba.contains("extra_push") && kuba.contains("repetition"), "{kuba}");
        assert_eq!(
            message(GameKind::Cabale, r#"{"players":7}"#),
            "Cabale option \"players\": Cabale is for 2 to 4 players, not 7"
        );
        let size = message(GameKind::Kewbz, r#"{"size":100000}"#);
        assert!(size.contains("\"size\"") && !size.contains("u8") && !size.contains("line"), "{size}");
        let unknown = message(GameKind::Kewbz, r#"{"players":2}"#);
        assert_eq!(unknown, "Kewbz has no option \"players\" (its options: size, cubes, extension)");
    }

    #[test]
    fn settings_serialise_tagged_and_in_the_games_own_form() {
        let s = Settings::from_json(GameKind::Kewbz, r#"{"size":10}"#).unwrap();
        assert_eq!(s.kind(), GameKind::Kewbz);
        assert_eq!(s.to_json(), r#"{"size":10,"cubes":32,"extension":"line"}"#);
        let tagged = serde_json::to_string(&s).unwrap();
        assert_eq!(tagged, r#"{"game":"kewbz","size":10,"cubes":32,"extension":"line"}"#);
        assert_eq!(serde_json::from_str::<Settings>(&tagged).unwrap(), s);
    }

    #[test]
    fn a_code_that_contradicts_the_options_is_refused() {
        let eight = Position::start(&GameKind::Kewbz.default_settings()).code();
        let e = Position::setup(GameKind::Kewbz, Some(&eight), Some(r#"{"size":10}"#)).unwrap_err();
        assert_eq!(e.to_string(), "the position code says size 8 but the rule options say 10");
        assert!(Position::setup(GameKind::Kewbz, Some(&eight), Some(r#"{"size":8}"#)).is_ok());
        let two = Position::start(&GameKind::Cabale.default_settings()).code();
        assert!(Position::setup(GameKind::Cabale, Some(&two), Some(r#"{"players":3}"#)).is_err());
    }

    #[test]
    fn typed_moves_of_another_game_are_refused() {
        let mut kuba = Position::start(&GameKind::Kuba.default_settings());
        let nuba = Position::start(&GameKind::Nuba.default_settings());
        let m = nuba.legal_moves().remove(0);
        assert_eq!(kuba.play(&m), Err(MoveRejected::OtherGame { mv: GameKind::Nuba, position: GameKind::Kuba }));
        let before = kuba.clone();
        let first = kuba.legal_moves().remove(0);
        let played = kuba.play(&first).unwrap();
        assert_eq!(played.text, first.to_string());
        assert_ne!(kuba, before);
    }

    #[test]
    fn replay_names_the_refused_move() {
        let settings = GameKind::Kuba.default_settings();
        let e = replay(&settings, None, &["a6-E", "g7-S", "b7-W"]).unwrap_err();
        assert_eq!(e.to_string(), "move 3 \"b7-W\": illegal: it would push your own marble off the board");
        let (position, last) = replay(&settings, None, &["a6-E"]).unwrap();
        assert_eq!(last.unwrap().text, "a6-E");
        assert_eq!(position.to_move(), Seat(1));
    }

    #[test]
    fn every_reason_key_is_listed() {
        use crate::games::kuba::Color;
        let ends: [EndReason; 4] = [
            kuba::End::SevenReds(Color::White).into(),
            kuba::End::AllMarbles(Color::Black).into(),
            kuba::End::NoPush(Color::White).into(),
            kuba::End::Repetition.into(),
        ];
        for end in ends {
            assert!(EndReason::keys(GameKind::Kuba).contains(&end.key()));
        }
    }

    #[test]
    fn rule_options_are_keys_of_the_settings_with_their_defaults() {
        use crate::games::{RuleValue, RuleValues};
        for &kind in GameKind::ALL {
            let defaults: Value = serde_json::from_str(&kind.default_settings().to_json()).unwrap();
            for option in kind.rule_options() {
                let name_ok = option.name.len() <= 32
                    && option.name.starts_with(|c: char| c.is_ascii_lowercase())
                    && option.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
                assert!(name_ok, "{kind} {}", option.name);
                // A house rule's default may be left out of the JSON (games under the
                // sheet's rules keep `{}`); given explicitly it is the same settings.
                match defaults.get(option.key) {
                    Some(value) => assert_eq!(value, &option.default_json(), "{kind} {}", option.key),
                    None => {
                        let json = serde_json::json!({ option.key: option.default_json() }).to_string();
                        let explicit = Settings::from_json(kind, &json).unwrap();
                        assert_eq!(explicit, kind.default_settings(), "{kind} {}", option.key);
                    }
                }
                let values: Vec<RuleValue> = match option.values {
                    RuleValues::Int { min, max, .. } => vec![RuleValue::Int(min), RuleValue::Int(max)],
                    RuleValues::Choice { words, .. } => words.iter().map(|w| RuleValue::Word(w)).collect(),
                    RuleValues::YesNo { .. } => vec![RuleValue::YesNo(true), RuleValue::YesNo(false)],
                };
                for value in values {
                    let json = serde_json::json!({ option.key: option.json(value).unwrap() }).to_string();
                    assert!(Settings::from_json(kind, &json).is_ok(), "{kind} {json}");
                }
            }
            assert!(*kind.players().start() >= 2 && kind.players().end() <= &crate::games::MAX_SEATS, "{kind}");
        }
        assert_eq!(GameKind::Cabale.players(), 2..=4);
        assert_eq!(GameKind::Kuba.players(), 2..=2);
    }
}
