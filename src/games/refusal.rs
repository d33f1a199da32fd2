//! Refusals of a game's setup, options, moves and replays: typed by game where the
//! game says why (its variants of [`CodeError`], [`MalformedMove`],
//! [`IllegalMove`] and [`OptionError`], made by the registry), each with the phrase
//! that says it to people.

use super::registry::each_game;
use super::{CodeError, GameKind, IllegalMove, MalformedMove, MoveError, OptionError, Phrase, Worded};

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

impl From<SettingsError> for SetupError {
    fn from(e: SettingsError) -> Self {
        SetupError::BadSettings(e)
    }
}

impl Worded for CodeError {
    fn phrase(&self) -> Phrase {
        each_game!(self, CodeError, e => e.phrase())
    }
}

impl Worded for MalformedMove {
    fn phrase(&self) -> Phrase {
        each_game!(self, MalformedMove, e => e.phrase())
    }
}

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
