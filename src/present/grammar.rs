//! How a platform writes the things a message names: a command, a person, a game's
//! thread. Each adapter implements [`Grammar`]; the words around them come from the
//! catalogs.

use crate::service::{Person, ThreadRef};

/// How a message names a game's thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThreadSaid {
    /// By its name: `kuba-K7Q2` in the terminal, a link on Discord.
    Named(String),
    /// By its title, quoted, in the message's language (a Discord thread not made yet).
    Titled,
    /// The thread hangs under the message itself (Matrix).
    ThisMessage,
}

/// A platform's way of writing what messages name.
pub trait Grammar {
    /// A command to type, with its subcommand: `/kuba accept`, `!kuba accept`, or a
    /// clickable `</kuba accept:123>`. `sub` is empty for the command alone.
    fn command(&self, command: &str, sub: &str) -> String;

    /// A person as plain text: `@alice`, `<@123>`, or a Matrix display name.
    fn person(&self, person: &Person) -> String;

    /// A person in HTML (a Matrix pill), for platforms that send HTML beside the text;
    /// `None` on the others.
    fn person_html(&self, _person: &Person) -> Option<String> {
        None
    }

    /// Whether messages also need an HTML form ([`crate::present::Words::html`]).
    fn wants_html(&self) -> bool {
        false
    }

    /// How the announcement of a game names its thread.
    fn thread(&self, thread: &ThreadRef) -> ThreadSaid;
}

/// The terminal's grammar, also the plainest: `/kuba accept`, `@alice`, threads by
/// name. `bot` is the name the computer goes by.
#[derive(Clone, Debug)]
pub struct Plain {
    /// The command prefix, `/` or `!`.
    pub prefix: char,
    /// The bot's own name (`boardbot`), for the computer.
    pub bot: String,
}

impl Default for Plain {
    fn default() -> Self {
        Plain { prefix: '/', bot: "boardbot".to_string() }
    }
}

impl Grammar for Plain {
    fn command(&self, command: &str, sub: &str) -> String {
        if sub.is_empty() {
            format!("{}{command}", self.prefix)
        } else {
            format!("{}{command} {sub}", self.prefix)
        }
    }

    fn person(&self, person: &Person) -> String {
        match person {
            Person::User(u) => format!("@{}", u.name),
            Person::Computer => format!("@{}", self.bot),
        }
    }

    fn thread(&self, thread: &ThreadRef) -> ThreadSaid {
        ThreadSaid::Named(thread.name.clone())
    }
}
