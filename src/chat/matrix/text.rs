//! Matrix message text, without any network: what a person wrote as a command line.
//! The HTML of a message is read with ruma's parser (`ruma::html`), its pills with
//! ruma's URIs (`MatrixToUri`, `MatrixUri`); nothing here parses HTML or a URI by
//! hand. The bot's own messages are worded by `crate::present` with the adapter's
//! grammar; what a reaction answers is the service's to say
//! ([`crate::service::Action::answered_by`]).

use matrix_sdk::ruma::html::matrix::{AnchorUri, MatrixElement};
use matrix_sdk::ruma::html::{Html, NodeRef};
use matrix_sdk::ruma::matrix_uri::MatrixId;
use matrix_sdk::ruma::{MatrixToUri, MatrixUri, OwnedUserId};

/// The command line in a message: from its HTML when it has some (a pill
/// `<a href="https://matrix.to/#/@bob:example.org">Bob</a>` becomes `@bob:example.org`,
/// the quoted message of a reply is dropped), else from its plain body (without the
/// `> ` quote of a reply).
pub fn command_line(body: &str, html: Option<&str>) -> String {
    let text = match html {
        Some(html) => html_to_text(html),
        None => strip_reply_fallback(body),
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The body without the quoted lines a reply starts with.
fn strip_reply_fallback(body: &str) -> String {
    if !body.starts_with("> ") {
        return body.to_string();
    }
    let mut lines = body.lines().skip_while(|l| l.starts_with('>'));
    let mut rest: Vec<&str> = Vec::new();
    if let Some(first) = lines.next() {
        if !first.trim().is_empty() {
            rest.push(first);
        }
    }
    rest.extend(lines);
    rest.join("\n")
}

/// HTML to text: pills become the user id they link to, other tags go (their text
/// stays), entities are decoded by the parser, and `<mx-reply>` (a reply's quote) is
/// dropped whole.
fn html_to_text(html: &str) -> String {
    let parsed = Html::parse(html);
    let mut out = String::new();
    for node in parsed.children() {
        write_text(&node, &mut out);
    }
    out
}

fn write_text(node: &NodeRef, out: &mut String) {
    if let Some(text) = node.as_text() {
        out.push_str(&text.borrow());
        return;
    }
    let Some(element) = node.as_element() else { return };
    match element.to_matrix().element {
        MatrixElement::MatrixReply => return,
        MatrixElement::A(anchor) => {
            if let Some(user) = anchor.href.as_ref().and_then(pill_of) {
                out.push_str(user.as_str());
                return;
            }
        }
        MatrixElement::Br | MatrixElement::P | MatrixElement::Div(_) | MatrixElement::Li => out.push('\n'),
        _ => {}
    }
    for child in node.children() {
        write_text(&child, out);
    }
}

/// The user a link points to, when it is a user pill (`https://matrix.to/#/@u:s` or
/// `matrix:u/u:s`).
fn pill_of(href: &AnchorUri) -> Option<OwnedUserId> {
    let id = match href {
        AnchorUri::MatrixTo(uri) => uri.id(),
        AnchorUri::Matrix(uri) => uri.id(),
        _ => return None,
    };
    match id {
        MatrixId::User(user) => Some(user.clone()),
        _ => None,
    }
}

/// The user a link points to, when it is a user's `https://matrix.to/#/…` or
/// `matrix:u/…` link (percent-encoded or not).
pub fn pill_user(href: &str) -> Option<OwnedUserId> {
    let id = match (MatrixToUri::parse(href), MatrixUri::parse(href)) {
        (Ok(uri), _) => uri.id().clone(),
        (_, Ok(uri)) => uri.id().clone(),
        _ => return None,
    };
    match id {
        MatrixId::User(user) => Some(user),
        _ => None,
    }
}

/// `line` with the first whole-word `name` (or `@name`) after the command word
/// replaced by `user_id`; `None` when the name is not there.
pub fn replace_name(line: &str, name: &str, user_id: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    // Not the command word itself: `!kuba challenge kuba` names a person called kuba.
    let start = line.find(char::is_whitespace)?;
    let mut from = start;
    while let Some(found) = line[from..].find(name) {
        let at = from + found;
        let end = at + name.len();
        let (at, before) = match line[..at].strip_suffix('@') {
            Some(rest) => (at - 1, rest.chars().next_back()),
            None => (at, line[..at].chars().next_back()),
        };
        let after = line[end..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| c.is_whitespace() || c == ':' || c == ',');
        if boundary(before) && boundary(after) {
            let after_text = line[end..].strip_prefix(':').unwrap_or(&line[end..]);
            return Some(format!("{}{user_id}{after_text}", &line[..at]));
        }
        from = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pills_become_user_ids() {
        let html = "!kuba challenge <a href=\"https://matrix.to/#/@bob:example.org\">Bob Smith</a> first:me";
        assert_eq!(
            command_line("!kuba challenge Bob Smith first:me", Some(html)),
            "!kuba challenge @bob:example.org first:me"
        );
        let encoded = "!kuba challenge <a href='https://matrix.to/#/%40bob%3Aexample.org'>Bob</a>";
        assert_eq!(command_line("", Some(encoded)), "!kuba challenge @bob:example.org");
        assert_eq!(command_line("", Some("<a href=\"matrix:u/bob:e.org?action=chat\">b</a>")), "@bob:e.org");
        // A link that is not a user keeps its text.
        assert_eq!(command_line("", Some("see <a href=\"https://example.org\">this</a>")), "see this");
        assert_eq!(
            command_line("", Some("a <a href=\"https://matrix.to/#/#room:e.org\">room</a>")),
            "a room",
            "a room's link is not a person"
        );
    }

    #[test]
    fn links_to_users_read_with_rumas_uris() {
        assert_eq!(
            pill_user("https://matrix.to/#/@bob:example.org").map(|u| u.to_string()).as_deref(),
            Some("@bob:example.org")
        );
        assert_eq!(
            pill_user("https://matrix.to/#/%40bob%3Aexample.org").map(|u| u.to_string()).as_deref(),
            Some("@bob:example.org")
        );
        assert_eq!(pill_user("matrix:u/bob:e.org?action=chat").map(|u| u.to_string()).as_deref(), Some("@bob:e.org"));
        assert_eq!(pill_user("https://matrix.to/#/!room:e.org"), None);
        assert_eq!(pill_user("https://example.org/#/@bob:example.org"), None);
    }

    #[test]
    fn replies_lose_their_quote() {
        let body = "> <@alice:e.org> !kuba challenge @bob:e.org\n\n!kuba accept";
        assert_eq!(command_line(body, None), "!kuba accept");
        let html = "<mx-reply><blockquote><a href=\"https://matrix.to/#/@alice:e.org\">alice</a> hi</blockquote></mx-reply>!kuba accept";
        assert_eq!(command_line(body, Some(html)), "!kuba accept");
    }

    #[test]
    fn entities_decode() {
        assert_eq!(
            command_line("", Some("!kuba move d2&gt;d4 &amp; &#65;&#x42; &bogus")),
            "!kuba move d2>d4 & AB &bogus"
        );
        assert_eq!(command_line("", Some("!kuba move<br>d2-N")), "!kuba move d2-N");
    }

    proptest::proptest! {
        /// Whatever people send, reading it never panics.
        #[test]
        fn any_message_reads(body in ".{0,80}", html in "[<>a-z/=\"'&;#%@:. ✅\u{fe0f}-]{0,80}") {
            let _ = command_line(&body, Some(&html));
            let _ = command_line(&body, None);
            let _ = pill_user(&body);
        }
    }

    #[test]
    fn names_of_mentioned_people_become_their_ids() {
        let id = "@bob:e.org";
        assert_eq!(
            replace_name("!kuba challenge Bob Smith first:me", "Bob Smith", id).unwrap(),
            "!kuba challenge @bob:e.org first:me"
        );
        assert_eq!(
            replace_name("!kuba challenge @bob rated:yes", "bob", id).unwrap(),
            "!kuba challenge @bob:e.org rated:yes"
        );
        assert_eq!(
            replace_name("!kuba challenge bob: first:me", "bob", id).unwrap(),
            "!kuba challenge @bob:e.org first:me"
        );
        assert_eq!(replace_name("!kuba challenge bobby", "bob", id), None);
        assert_eq!(replace_name("!bob", "bob", id), None);
        assert_eq!(replace_name("!kuba challenge x", "", id), None);
    }
}
