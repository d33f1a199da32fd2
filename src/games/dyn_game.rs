//! Games as trait objects, for layers that pick the game at run time (storage,
//! service, chat). Every method is one call whatever the game.

use super::{BoardView, Game, GameKind, MoveView, Outcome, Phase, Seat, SeatInfo};

/// What goes wrong when a game is reached through the registry. Messages are meant
/// for people: they name what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// No game has this name.
    #[error("unknown game \"{0}\" (games: kuba, kewbz, cabale, nuba)")]
    UnknownGame(String),
    /// The settings do not describe this game's options.
    #[error("bad settings: {0}")]
    BadSettings(String),
    /// The position code is refused.
    #[error("bad position code: {0}")]
    BadCode(String),
    /// The move text is not a move of this game.
    #[error("malformed: {0}")]
    Malformed(String),
    /// The move is not legal in this position.
    #[error("illegal: {0}")]
    Illegal(String),
}

/// One choice in a turn built in steps (see [`Game::next_parts`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MovePart {
    /// The canonical text of the turn so far, this part included.
    pub text: String,
    /// A short label for a menu entry.
    pub label: String,
    /// `text` is a complete legal move.
    pub complete: bool,
    /// Further parts can follow `text`.
    pub more: bool,
}

/// A position of any game, object-safe. Implemented for every [`Game`].
pub trait DynGame: Send + Sync + std::fmt::Debug {
    /// Which game this is.
    fn kind(&self) -> GameKind;
    /// The position code.
    fn code(&self) -> String;
    /// The rule options, as JSON (what [`GameKind::start`] takes back).
    fn settings_json(&self) -> String;
    /// The seats in playing order.
    fn seats(&self) -> &'static [SeatInfo];
    /// The seat to move.
    fn to_move(&self) -> Seat;
    /// The current phase.
    fn phase(&self) -> Phase;
    /// Each seat's score where the game counts one.
    fn scores(&self) -> Option<Vec<i32>>;
    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Every legal move in canonical notation, in canonical order.
    fn legal_moves(&self) -> Vec<String>;
    /// Every legal move with its label for people.
    fn described_moves(&self) -> Vec<(String, String)>;
    /// Legal moves whose canonical text starts with what the user typed
    /// (case-insensitive), with labels.
    fn complete(&self, typed: &str) -> Vec<(String, String)>;
    /// The next parts of a turn built in steps.
    fn next_parts(&self, chosen: &str) -> Vec<MovePart>;
    /// Parses and plays a move; returns its canonical text. The position is unchanged
    /// on error.
    fn play(&mut self, text: &str) -> Result<String, GameError>;
    /// A label for a move text, if it is legal here.
    fn describe(&self, text: &str) -> Result<String, GameError>;
    /// A plain-text diagram.
    fn diagram(&self) -> String;
    /// A plain description of the position for pictures.
    fn view(&self) -> BoardView;
    /// What a move text would do here, for pictures (see [`Game::move_view`]).
    fn move_view(&self, text: &str) -> Result<MoveView, GameError>;
    /// A copy in a box.
    fn box_clone(&self) -> Box<dyn DynGame>;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

fn parse<G: Game>(g: &G, text: &str) -> Result<G::Move, GameError> {
    g.parse_move(text).map_err(|e| match e {
        super::MoveError::Malformed(m) => GameError::Malformed(m.to_string()),
        super::MoveError::Illegal(i) => GameError::Illegal(i.to_string()),
    })
}

impl<G: Game> DynGame for G {
    fn kind(&self) -> GameKind {
        G::KIND
    }
    fn code(&self) -> String {
        self.to_string()
    }
    fn settings_json(&self) -> String {
        // Settings are plain data; serialising them cannot fail.
        serde_json::to_string(&Game::settings(self)).unwrap_or_else(|_| "{}".to_string())
    }
    fn seats(&self) -> &'static [SeatInfo] {
        Game::seats(self)
    }
    fn to_move(&self) -> Seat {
        Game::to_move(self)
    }
    fn phase(&self) -> Phase {
        Game::phase(self)
    }
    fn scores(&self) -> Option<Vec<i32>> {
        Game::scores(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        Game::legal_moves(self, &mut moves);
        moves.iter().map(ToString::to_string).collect()
    }
    fn described_moves(&self) -> Vec<(String, String)> {
        let mut moves = Vec::new();
        Game::legal_moves(self, &mut moves);
        moves.iter().map(|m| (m.to_string(), Game::describe(self, m))).collect()
    }
    fn complete(&self, typed: &str) -> Vec<(String, String)> {
        let typed = typed.trim().to_ascii_lowercase();
        let mut moves = Vec::new();
        Game::legal_moves(self, &mut moves);
        // Labels cost a look-ahead each: make them only for the moves that match.
        moves
            .iter()
            .map(|m| (m, m.to_string()))
            .filter(|(_, text)| text.to_ascii_lowercase().starts_with(&typed))
            .map(|(m, text)| (text, Game::describe(self, m)))
            .collect()
    }
    fn next_parts(&self, chosen: &str) -> Vec<MovePart> {
        Game::next_parts(self, chosen)
    }
    fn play(&mut self, text: &str) -> Result<String, GameError> {
        let m = parse(self, text)?;
        let canonical = m.to_string();
        self.play_unchecked(&m);
        Ok(canonical)
    }
    fn describe(&self, text: &str) -> Result<String, GameError> {
        let m = parse(self, text)?;
        Ok(Game::describe(self, &m))
    }
    fn diagram(&self) -> String {
        Game::diagram(self)
    }
    fn view(&self) -> BoardView {
        Game::view(self)
    }
    fn move_view(&self, text: &str) -> Result<MoveView, GameError> {
        let m = parse(self, text)?;
        Ok(Game::move_view(self, &m))
    }
    fn box_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use crate::games::GameKind;

    #[test]
    fn completion_filters_by_what_was_typed_and_labels_the_rest() {
        let game = GameKind::Kuba.start(None).expect("start");
        assert_eq!(
            game.complete(" A7"),
            vec![
                ("a7-E".to_string(), "a7-E · pushes 2".to_string()),
                ("a7-S".to_string(), "a7-S · pushes 2".to_string())
            ]
        );
        assert_eq!(game.complete("").len(), game.legal_moves().len());
        assert!(game.complete("d4").is_empty());
    }
}
