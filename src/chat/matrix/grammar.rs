//! How Matrix writes what messages name.

use matrix_sdk::ruma::OwnedUserId;

use crate::present::{self, Grammar, ThreadSaid};
use crate::service::{Person, ThreadRef};

/// How Matrix writes what messages name: `!kuba accept`, people as pills in the HTML
/// (and `@name` in the plain body), and a game's thread as the thread under the
/// announcement itself (Matrix threads have no names).
pub struct MatrixGrammar {
    /// The bot's own user id (the computer's pill).
    pub own: OwnedUserId,
}

impl Grammar for MatrixGrammar {
    fn command(&self, command: &str, sub: &str) -> String {
        if sub.is_empty() {
            format!("!{command}")
        } else {
            format!("!{command} {sub}")
        }
    }

    fn person(&self, person: &Person) -> String {
        match person {
            Person::User(u) => format!("@{}", u.name),
            Person::Computer => format!("@{}", self.own.localpart()),
        }
    }

    fn person_html(&self, person: &Person) -> Option<String> {
        let (id, name) = match person {
            Person::User(u) => (u.user_id.clone(), u.name.clone()),
            Person::Computer => (self.own.to_string(), self.own.localpart().to_string()),
        };
        if !id.starts_with('@') {
            return None;
        }
        Some(format!(
            "<a href=\"https://matrix.to/#/{}\">{}</a>",
            present::escape_html(&id),
            present::escape_html(&name)
        ))
    }

    fn wants_html(&self) -> bool {
        true
    }

    fn thread(&self, _: &ThreadRef) -> ThreadSaid {
        ThreadSaid::ThisMessage
    }
}
