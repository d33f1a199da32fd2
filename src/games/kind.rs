//! What a kind of game says of itself, from its [`Game`] items: each method one line
//! through `each_kind!`, the one `match` over the kinds.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use super::registry::each_kind;
use super::text::excerpt;
use super::{Game, GameKind, RuleOption, Settings, SetupError};

impl GameKind {
    /// The name for the engine's command line and logs (`Kuba`); people read
    /// [`GameKind::term`].
    pub fn title(self) -> &'static str {
        each_kind!(self, G => G::TITLE)
    }

    /// Every game's name, as commands take them: `kuba, kewbz, cabale, nuba`.
    pub(super) fn names() -> String {
        GameKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
    }

    /// The game's default rule options.
    pub fn default_settings(self) -> Settings {
        each_kind!(self, G => G::start(&<G as Game>::Settings::default()).settings().into())
    }

    /// The rule options a challenge of this game may set by name (`size:10`).
    pub fn rule_options(self) -> &'static [RuleOption] {
        each_kind!(self, G => G::RULE_OPTIONS)
    }

    /// How many players a game of this kind takes (the challenger included).
    pub fn players(self) -> RangeInclusive<usize> {
        each_kind!(self, G => G::PLAYERS)
    }

    /// The rule option that holds the number of players, for a game whose number of
    /// players is chosen ([`Game::PLAYERS_OPTION`]): a challenge fills it from its
    /// seats.
    pub fn players_option(self) -> Option<&'static str> {
        each_kind!(self, G => G::PLAYERS_OPTION)
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

/// Runs `visitor` with the game type of `kind`.
pub fn dispatch<V: GameVisitor>(kind: GameKind, visitor: V) -> V::Output {
    each_kind!(kind, G => visitor.visit::<G>())
}

/// Code that is generic over the game and run on a [`crate::games::Position`]'s game.
pub trait PositionVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the typed position.
    fn visit<G: Game>(self, position: &G) -> Self::Output;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(*kind));
            assert_eq!(kind.name().to_uppercase().parse::<GameKind>(), Ok(*kind));
        }
    }

    /// A kind's name is its module's, and serde's lowercase of its type's: stored
    /// kinds and tagged settings read back whatever the spelling of a new game.
    #[test]
    fn the_name_is_serdes_name_and_the_terms_follow_it() {
        for &kind in GameKind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), serde_json::json!(kind.name()));
            assert_eq!(kind.name(), format!("{kind:?}").to_lowercase());
            assert_eq!(kind.term(), format!("{}-title", kind.name()));
            let tagged = serde_json::to_value(kind.default_settings()).unwrap();
            assert_eq!(tagged["game"], serde_json::json!(kind.name()));
        }
    }

    #[test]
    fn unknown_names_are_refused() {
        assert_eq!("chess".parse::<GameKind>(), Err(SetupError::UnknownGame("chess".into())));
    }
}
