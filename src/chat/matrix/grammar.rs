//! How Matrix writes what messages name, and a reply's words as a message's body and
//! HTML.

use matrix_sdk::ruma::OwnedUserId;

use crate::present::{self, Grammar, ThreadSaid};
use crate::service::{Person, Reply, ThreadRef};

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

/// A reply's words as a Matrix body and HTML (the bot being `own`); what it offers
/// also says which reaction answers it, and a game's page is on a line of its own.
pub(super) fn words(reply: &Reply, own: &OwnedUserId) -> (String, String) {
    let grammar = MatrixGrammar { own: own.clone() };
    let words = present::say(&reply.message, reply.lang, &grammar);
    let (mut body, mut html) = (words.text, words.html.unwrap_or_default());
    if reply.actions.iter().any(|a| a.reaction().is_some()) {
        let hint = present::catalog::text(reply.lang, "matrix-react-to-answer", None);
        body.push('\n');
        body.push_str(&hint);
        html.push_str("<br>");
        html.push_str(&present::escape_html(&hint));
    }
    if let Some(web) = &reply.web {
        // The game's page on a line of its own: clients and Synapse preview it from
        // its Open Graph tags.
        let line = present::catalog::words(reply.lang, "web-link-line", &[("url", web.page.clone())]);
        let url = present::escape_html(&web.page);
        body.push('\n');
        body.push_str(&line);
        html.push_str("<br>");
        html.push_str(&present::escape_html(&line).replacen(&url, &format!("<a href=\"{url}\">{url}</a>"), 1));
    }
    (body, html)
}
