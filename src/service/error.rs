//! What a player is told when a request is refused.

use crate::games::GameKind;

/// A refusal meant for the person who asked: every message says what is wrong and,
/// where there is one, what to do instead. A refusal changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UserError {
    /// The actor named themselves as an opponent.
    #[error("You cannot challenge yourself: name someone else, or @boardbot to play the computer.")]
    ChallengeSelf,
    /// The opponent is another bot.
    #[error("@{0} is a bot; the only bot you can play here is me (challenge @boardbot).")]
    OtherBot(String),
    /// An open challenge to the same person exists already.
    #[error("You already have a challenge waiting for @{0} (challenge {1}); cancel it first or wait for an answer.")]
    AlreadyChallenged(String, i64),
    /// Too many or too few opponents for the game.
    #[error("{0}")]
    Opponents(String),
    /// The game's options were refused by the rules.
    #[error("Those rule options do not work: {0}")]
    Settings(String),
    /// A start position for a rated game.
    #[error("A starting position is for casual games only: add rated:no, or leave out start:.")]
    StartRated,
    /// The start code was refused.
    #[error("That starting position is refused: {0}")]
    StartCode(String),
    /// Playing the computer: not rated, one opponent.
    #[error("Games against the computer are never rated: leave out rated:yes.")]
    ComputerRated,
    /// A level was given for a game between people.
    #[error("level: is for games against the computer (challenge @boardbot).")]
    LevelWithoutComputer,
    /// No open challenge fits.
    #[error("{0}")]
    NoChallenge(String),
    /// Several challenges fit.
    #[error("{0}")]
    AmbiguousChallenge(String),
    /// The actor is not one of the challenged players.
    #[error("Challenge {0} is not addressed to you.")]
    NotYourChallenge(i64),
    /// The actor already accepted.
    #[error("You have already accepted challenge {0}; waiting for the others.")]
    AlreadyAccepted(i64),
    /// Only the challenger may cancel.
    #[error("Only the player who made challenge {0} can cancel it; you can decline it.")]
    NotChallenger(i64),
    /// A game id that names no game.
    #[error("There is no game {0}.")]
    NoSuchGame(String),
    /// A game id of another kind.
    #[error("Game {id} is a {} game, not {}: use /{actual} for it.", actual.title(), asked.title())]
    WrongKind {
        /// The id.
        id: String,
        /// Its game.
        actual: GameKind,
        /// The game the command was for.
        asked: GameKind,
    },
    /// No game to act on.
    #[error("{0}")]
    NoGame(String),
    /// Several games could be meant.
    #[error("{0}")]
    Ambiguous(String),
    /// The actor has no seat.
    #[error("You are not playing in game {0}.")]
    NotSeated(String),
    /// Not the actor's turn.
    #[error("It is not your turn in game {id}: {waiting} is to move.")]
    NotYourTurn {
        /// The game.
        id: String,
        /// Who is to move.
        waiting: String,
    },
    /// The game has ended.
    #[error("Game {0} is over; start a new one with challenge.")]
    GameOver(String),
    /// The move was refused by the rules.
    #[error("That move is refused: {0}")]
    Move(String),
    /// Another request changed the game first.
    #[error("The game has moved on while you were typing; look at the board again.")]
    MovedOn,
    /// Draw offers.
    #[error("{0}")]
    Draw(String),
    /// Takebacks.
    #[error("{0}")]
    Takeback(String),
    /// A user the platform or the store does not know.
    #[error("I do not know @{0}.")]
    UnknownUser(String),
    /// Something about the request itself.
    #[error("{0}")]
    Other(String),
}

impl UserError {
    /// The refusal of a game of `kind` asked for with an id of another game.
    pub(crate) fn wrong_kind(id: &str, actual: GameKind, asked: GameKind) -> UserError {
        UserError::WrongKind { id: id.to_string(), actual, asked }
    }
}
