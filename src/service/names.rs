//! The names messages, refusals and requests share: people, games, seats and
//! threads as the service names them, and the settings people choose. The bottom of
//! the service's vocabulary: `message`, `refusal` and `types` all read it.

use serde::{Deserialize, Serialize};

use crate::games::{GameKind, Phrase};

/// A person (or the bot) as a reply names them; adapters turn it into a mention.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserRef {
    /// The platform's user id.
    pub user_id: String,
    /// The name people see.
    pub name: String,
}

/// Someone a message names.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Person {
    /// A person (or another bot) on the platform.
    User(UserRef),
    /// This bot, playing as the computer.
    Computer,
}

impl Person {
    /// The person's user reference, `None` for the computer.
    pub fn user(&self) -> Option<&UserRef> {
        match self {
            Person::User(u) => Some(u),
            Person::Computer => None,
        }
    }
}

/// A seat of a game as messages name it: who holds it and its colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRef {
    /// Who plays it.
    pub person: Person,
    /// The seat's colour, a catalog term (`kuba-seat-white`).
    pub colour: Phrase,
}

/// A game as messages name it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameTag {
    /// Which game.
    pub kind: GameKind,
    /// Its public id (`K7Q2`).
    pub id: String,
}

/// A game's thread as a message names it; each platform writes it its own way
/// (`kuba-K7Q2` in the terminal, the thread's title on Discord, "this message's
/// thread" in Matrix).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadRef {
    /// The game.
    pub game: GameTag,
    /// The text chats' name (`kuba-K7Q2`).
    pub name: String,
    /// The title for people (`Kuba · alice vs bob · K7Q2`).
    pub title: ThreadTitle,
    /// The platform's thread id, once there is one.
    pub thread: Option<String>,
}

/// A game's thread's title for people (`Kuba · alice vs bob · K7Q2`), worded in the
/// reader's language where the platform names threads (`present::thread_title`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ThreadTitle {
    /// The game, and its players' names in seat order.
    Game {
        /// The game.
        game: GameTag,
        /// The players as pictures name them (`alice`, `boardbot`).
        players: Vec<String>,
    },
    /// A title already worded: what older versions queued in the outbox.
    Worded(String),
}

impl Default for ThreadTitle {
    fn default() -> Self {
        ThreadTitle::Worded(String::new())
    }
}

/// How a player wants to hear that it is their turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Notify {
    /// A mention in the game's place.
    #[default]
    Mention,
    /// A direct message.
    Direct,
    /// No reminders.
    Off,
}

/// Whose language a `language` command sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LanguageScope {
    /// The person's own: what they read privately and what answers them.
    #[default]
    Me,
    /// The community's (`scope:server` on Discord, `scope:room` in Matrix): its
    /// public messages.
    Community,
}

/// A tournament as messages name it: its number, and its name or its game and format
/// (`“Autumn league” (tournament 3)`, `Kuba Swiss (tournament 3)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TournamentTag {
    /// Its number (`tournament:3`).
    pub id: i64,
    /// Its game.
    pub kind: GameKind,
    /// Swiss or round robin.
    pub format: crate::pairing::Format,
    /// The name its creator gave it.
    pub name: Option<String>,
    /// Its edition in its series (1 for the first, or a tournament alone).
    pub edition: u32,
}

/// Where a tournament stands, as messages say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TournamentState {
    /// Taking entries.
    Open,
    /// Its games are played.
    Running,
    /// Over.
    Finished,
    /// Cancelled before it started.
    Cancelled,
}
