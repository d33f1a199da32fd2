//! The one list of games, and the values that hold any of them.
//!
//! `games!` is invoked once, at the end of this file, with one row per game:
//! `module::Type`, the game's module under `src/games/` and its type that implements
//! [`Game`], and `{ options: OptionError }` when its rule options are checked with
//! typed refusals (`module::OptionError`, returned by [`Game::check_option`]). The
//! module's name is the game's name in commands, storage and the catalogs (`kuba`,
//! `locales/<lang>/kuba.ftl`, `kuba-title`); the type's name is the game's variant in
//! every enum below (`GameKind::Kuba`, `Position::Kuba`).
//!
//! From that list the macro makes everything that has one entry per game, and
//! nothing else: [`GameKind`] with its names, one enum per value that may belong to
//! any game ([`Position`], [`AnyMove`], [`Settings`], [`EndReason`], [`CodeError`],
//! [`MalformedMove`], [`IllegalMove`], and [`OptionError`] for the games with typed
//! checks) with the `From` of each game's value, and three macros for the rest of
//! `games`: `each_kind!` (a kind's game type), `each_game!` (the one `match` over an
//! enum above) and `with_games!` (the names as literals, for the catalogs' files).
//! Every method of those types is written once, generically, in `kind.rs`,
//! `position.rs`, `settings.rs`, `refusal.rs` and `outcome.rs`; what differs between
//! games is an item of [`Game`], in the game's module.

use serde::{Deserialize, Serialize};

#[cfg(doc)]
use super::Game;

/// An enum with one variant per game, named like the game's type and holding its
/// `$item` (`Self`: the game's type itself), and the `From` of each game's value;
/// `error` first makes it an error that displays as the game's own.
macro_rules! one_per_game {
    (error $(#[$attr:meta])* $name:ident holds $item:tt, $what:literal; $( $module:ident :: $game:ident ),+) => {
        one_per_game! { $(#[$attr])* $name holds $item, $what; $( $module::$game ),+ }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $( $name::$game(e) => std::fmt::Display::fmt(e, f), )+
                }
            }
        }

        impl std::error::Error for $name {}
    };
    ($(#[$attr:meta])* $name:ident holds $item:tt, $what:literal; $( $module:ident :: $game:ident ),+) => {
        $(#[$attr])*
        pub enum $name {
            $(
                #[doc = concat!(stringify!($game), "'s ", $what, ".")]
                $game(one_per_game!(@type $module::$game, $item)),
            )+
        }

        $(
            impl From<one_per_game!(@type $module::$game, $item)> for $name {
                fn from(value: one_per_game!(@type $module::$game, $item)) -> Self {
                    $name::$game(value)
                }
            }
        )+
    };
    (@type $module:ident :: $game:ident, Self) => { crate::games::$module::$game };
    (@type $module:ident :: $game:ident, $item:ident) => {
        <crate::games::$module::$game as crate::games::Game>::$item
    };
}

/// Everything that has one entry per game, from the list of games (see the module's
/// comment). Its first token is `$`, which the macros it defines need for their own
/// variables (stable `macro_rules!` cannot write a `$` otherwise).
macro_rules! games {
    (
        $d:tt
        $(
            $(#[$doc:meta])*
            $module:ident :: $game:ident $({ options: $options:ident })?
        ),+ $(,)?
    ) => {
        /// The games this build knows, in menu order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum GameKind {
            $( $(#[$doc])* $game, )+
        }

        impl GameKind {
            /// Every available game, in menu order.
            pub const ALL: &'static [GameKind] = &[$( GameKind::$game ),+];

            /// The lowercase name used in commands and storage: the game's module
            /// (`kuba`).
            pub fn name(self) -> &'static str {
                match self {
                    $( GameKind::$game => stringify!($module), )+
                }
            }

            /// The catalog message of the game's name for people (`kuba-title`, in
            /// `locales/<lang>/kuba.ftl`).
            pub fn term(self) -> &'static str {
                match self {
                    $( GameKind::$game => concat!(stringify!($module), "-title"), )+
                }
            }
        }

        /// `each_kind!(kind, G => body)`: `body` with `G` the type of the game of
        /// `kind`, a [`GameKind`].
        macro_rules! each_kind {
            ($d kind:expr, $d g:ident => $d body:expr) => {
                match $d kind {
                    $(
                        crate::games::GameKind::$game => {
                            type $d g = crate::games::$module::$game;
                            $d body
                        }
                    )+
                }
            };
        }
        pub(crate) use each_kind;

        /// `each_game!(value, Enum, g => body)`: `body` with `g` bound to what the
        /// variant of `Enum` (one of the enums here) in `value` holds;
        /// `each_game!(value, Enum, G: g => body)` also names the game's type `G`.
        /// The one `match` over the games' values, which every method delegates
        /// through.
        macro_rules! each_game {
            ($d value:expr, $d enum:ident, $d ty:ident : $d g:pat => $d body:expr) => {
                match $d value {
                    $(
                        $d enum::$game($d g) => {
                            type $d ty = crate::games::$module::$game;
                            $d body
                        }
                    )+
                }
            };
            ($d value:expr, $d enum:ident, $d g:pat => $d body:expr) => {
                match $d value {
                    $( $d enum::$game($d g) => $d body, )+
                }
            };
        }
        pub(crate) use each_game;

        /// The same over two values that should be of one game (a position and its
        /// move); `$mismatch` when they are not.
        macro_rules! each_game_pair {
            (
                $d a:expr, $d ea:ident, $d b:expr, $d eb:ident,
                ($d x:pat, $d y:pat) => $d body:expr, _ => $d mismatch:expr
            ) => {
                match ($d a, $d b) {
                    $( ($d ea::$game($d x), $d eb::$game($d y)) => $d body, )+
                    _ => $d mismatch,
                }
            };
        }
        pub(crate) use each_game_pair;

        /// `with_games!(callback!(args…))` is `callback!(args… ; kuba, kewbz, …)`:
        /// the games' modules in menu order, for code that needs their names as
        /// literals (`stringify!`), like the catalogs' files (`present::catalog`).
        macro_rules! with_games {
            ($d callback:ident ! ( $d ($d args:tt)* )) => {
                $d callback!($d ($d args)* ; $( $module ),+)
            };
        }
        pub(crate) use with_games;

        one_per_game! {
            /// A position of any game: one of the rules cores' values, so generic
            /// code needs no strings in the middle. Strings appear only at the edges:
            /// parsing what a person typed ([`Position::play_text`]), position codes
            /// ([`Position::code`]) and canonical move texts for storage
            /// ([`crate::games::replay`]).
            #[derive(Clone, Debug, PartialEq, Eq, Hash)]
            // Kewbz's board is large (up to 26×26 stacks); boxing it would cost an
            // allocation per clone for a value the service holds one of per request.
            #[allow(clippy::large_enum_variant)]
            Position holds Self, "position";
            $( $module::$game ),+
        }

        one_per_game! {
            /// A legal move of any game, typed; `Display` prints its canonical
            /// notation.
            #[derive(Clone, Debug, PartialEq, Eq, Hash)]
            AnyMove holds Move, "move";
            $( $module::$game ),+
        }

        one_per_game! {
            /// The rule options of a game of any kind. Serialised whole it is tagged
            /// with the game (`{"game":"kewbz","size":10,…}`); [`Settings::to_json`]
            /// and [`Settings::from_json`] speak each game's own form (`{"size":10}`),
            /// which the command line takes and the store keeps beside the kind.
            #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
            #[serde(tag = "game", rename_all = "lowercase")]
            Settings holds Settings, "rule options";
            $( $module::$game ),+
        }

        one_per_game! {
            /// Why a position ended, typed by game: [`EndReason::key`] is its stable
            /// name for storage, `Display` the sentence for the engine, its phrase the
            /// sentence for people.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            EndReason holds End, "reason";
            $( $module::$game ),+
        }

        one_per_game! {
            error
            /// A position code refused, typed by game.
            #[derive(Clone, Debug, PartialEq, Eq)]
            CodeError holds CodeError, "refusal of a position code";
            $( $module::$game ),+
        }

        one_per_game! {
            error
            /// A text that is not a move of the game, typed by game.
            #[derive(Clone, Debug, PartialEq, Eq)]
            MalformedMove holds NotationError, "refusal of a move's text";
            $( $module::$game ),+
        }

        one_per_game! {
            error
            /// Why a well-formed move is not legal where it was tried, typed by game.
            #[derive(Clone, Debug, PartialEq, Eq)]
            IllegalMove holds Illegal, "refusal of a move";
            $( $module::$game ),+
        }

        /// Why the value of one rule option is refused: a game's own check, typed
        /// ([`Game::check_option`]), or serde's words for a value of the wrong kind.
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum OptionError {
            $($(
                #[doc = concat!(stringify!($game), "'s check.")]
                #[error("{0}")]
                $game(crate::games::$module::$options),
            )?)+
            /// A value of the wrong kind, in serde's words without its type names
            /// (`invalid type: string "x", expected a whole number`). These are JSON's
            /// terms and stay in English.
            #[error("{0}")]
            Value(String),
        }

        $($(
            impl From<crate::games::$module::$options> for OptionError {
                fn from(e: crate::games::$module::$options) -> Self {
                    OptionError::$game(e)
                }
            }
        )?)+

        impl crate::games::Worded for OptionError {
            fn phrase(&self) -> crate::games::Phrase {
                match self {
                    $($(
                        OptionError::$game(e) => {
                            <crate::games::$module::$options as crate::games::Worded>::phrase(e)
                        }
                    )?)+
                    OptionError::Value(reason) => {
                        crate::games::Phrase::new("game-settings-value").text("reason", reason)
                    }
                }
            }
        }
    };
}

games! {
    $
    /// Kuba (Traboulet): push marbles off a 7×7 board.
    kuba::Kuba,
    /// Kewbz: place cubes, make corners and build towers on a square board.
    kewbz::Kewbz { options: OptionError },
    /// Cabale: runners turn once and leave blocks on a hexagonal board, 2–4 players.
    cabale::Cabale { options: OptionError },
    /// Nuba: wrestlers clear the way for musicians on a 5×6 board.
    nuba::Nuba,
}
