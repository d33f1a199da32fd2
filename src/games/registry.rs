//! The one list of game kinds and the one `match` on them.
//!
//! Adding a game is a module under `games/` plus one variant, one name and one arm
//! here; everything else (command line, AI, pictures, storage) reaches the game
//! through [`dispatch`] or [`GameKind::start`] / [`GameKind::from_code`].

use std::fmt;
use std::str::FromStr;

use super::dyn_game::{DynGame, GameError};
use super::{cabale, kewbz, kuba, nuba, Game};

/// The games this build knows, in menu order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
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

    /// The name for people.
    pub fn title(self) -> &'static str {
        dispatch(self, Title)
    }

    /// The start position, with settings given as JSON (`None` for the defaults).
    pub fn start(self, settings: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
        dispatch(self, Start { settings })
    }

    /// A position from its code, with settings given as JSON (`None` for the defaults).
    pub fn from_code(self, code: &str, settings: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
        dispatch(self, FromCode { code, settings })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = GameError;

    /// Case-insensitive game name.
    fn from_str(s: &str) -> Result<Self, GameError> {
        let lower = s.trim().to_ascii_lowercase();
        GameKind::ALL.iter().find(|k| k.name() == lower).copied().ok_or_else(|| GameError::UnknownGame(s.to_string()))
    }
}

/// Code that is generic over the game and run for a kind chosen at run time.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with `G` the game of the kind being dispatched.
    fn visit<G: Game>(self) -> Self::Output;
}

/// Runs `visitor` with the game type of `kind`: the only `match` on the kind.
pub fn dispatch<V: GameVisitor>(kind: GameKind, visitor: V) -> V::Output {
    match kind {
        GameKind::Kuba => visitor.visit::<kuba::Kuba>(),
        GameKind::Kewbz => visitor.visit::<kewbz::Kewbz>(),
        GameKind::Cabale => visitor.visit::<cabale::Cabale>(),
        GameKind::Nuba => visitor.visit::<nuba::Nuba>(),
    }
}

struct Title;

impl GameVisitor for Title {
    type Output = &'static str;
    fn visit<G: Game>(self) -> &'static str {
        G::TITLE
    }
}

/// The position a command starts from: the settings as JSON (`None` for the
/// defaults), then the position code, or the start position when there is none.
pub fn initial_position<G: Game>(code: Option<&str>, settings: Option<&str>) -> Result<G, GameError> {
    let settings: G::Settings = match settings {
        None => G::Settings::default(),
        Some(text) => serde_json::from_str(text).map_err(|e| GameError::BadSettings(e.to_string()))?,
    };
    match code {
        Some(code) => G::from_code(code, &settings).map_err(|e| GameError::BadCode(e.to_string())),
        None => Ok(G::start(&settings)),
    }
}

struct Start<'a> {
    settings: Option<&'a str>,
}

impl GameVisitor for Start<'_> {
    type Output = Result<Box<dyn DynGame>, GameError>;
    fn visit<G: Game>(self) -> Self::Output {
        Ok(Box::new(initial_position::<G>(None, self.settings)?))
    }
}

struct FromCode<'a> {
    code: &'a str,
    settings: Option<&'a str>,
}

impl GameVisitor for FromCode<'_> {
    type Output = Result<Box<dyn DynGame>, GameError>;
    fn visit<G: Game>(self) -> Self::Output {
        Ok(Box::new(initial_position::<G>(Some(self.code), self.settings)?))
    }
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

    #[test]
    fn unknown_names_are_refused() {
        assert_eq!("chess".parse::<GameKind>(), Err(GameError::UnknownGame("chess".into())));
    }

    #[test]
    fn bad_settings_are_refused() {
        for kind in GameKind::ALL {
            assert!(matches!(kind.start(Some("[1,2")), Err(GameError::BadSettings(_))));
            assert!(kind.start(Some("{}")).is_ok());
        }
    }
}
