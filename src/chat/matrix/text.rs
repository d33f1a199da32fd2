//! Matrix message text, without any network: what a person wrote as a command line
//! (pills become user ids, reply quotes go), and what a reaction answers. The bot's
//! own messages are worded by `crate::present` with the adapter's grammar.

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

/// HTML to text: pills become the user id they link to, other tags go, entities are
/// decoded, and `<mx-reply>` (a reply's quote) is dropped whole.
fn html_to_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    // The text of a pill is replaced by its user id: skip it until </a>.
    let mut in_pill = false;
    let mut in_reply = 0usize;
    while let Some(open) = rest.find('<') {
        if !in_pill && in_reply == 0 {
            out.push_str(&decode_entities(&rest[..open]));
        }
        let Some(close) = rest[open..].find('>') else {
            // An unclosed tag: the rest is text.
            if !in_pill && in_reply == 0 {
                out.push_str(&decode_entities(&rest[open..]));
            }
            return out;
        };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let name: String =
            tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        let closing = tag.starts_with('/');
        match name.to_ascii_lowercase().as_str() {
            "mx-reply" if closing => in_reply = in_reply.saturating_sub(1),
            "mx-reply" => in_reply += 1,
            "a" if closing => in_pill = false,
            "a" if in_reply == 0 => {
                if let Some(user) = href(tag).and_then(|h| pill_user(&h)) {
                    out.push_str(&user);
                    in_pill = true;
                }
            }
            "br" | "p" | "div" | "li" if in_reply == 0 => out.push('\n'),
            _ => {}
        }
    }
    if !in_pill && in_reply == 0 {
        out.push_str(&decode_entities(rest));
    }
    out
}

/// The value of an `href` attribute in the inside of a tag.
fn href(tag: &str) -> Option<String> {
    let at = tag.find("href=")?;
    let value = &tag[at + 5..];
    let (quote, value) = match value.chars().next()? {
        q @ ('"' | '\'') => (q, &value[1..]),
        _ => (' ', value),
    };
    let end = value.find(quote).unwrap_or(value.len());
    Some(decode_entities(&value[..end]))
}

/// The user id a link points to, when it is a user pill: `https://matrix.to/#/@u:s`
/// (perhaps percent-encoded) or `matrix:u/u:s`.
pub fn pill_user(href: &str) -> Option<String> {
    let id = if let Some(rest) = href.strip_prefix("https://matrix.to/#/") {
        percent_decode(rest.split('?').next().unwrap_or(""))
    } else if let Some(rest) = href.strip_prefix("matrix:u/") {
        format!("@{}", percent_decode(rest.split('?').next().unwrap_or("")))
    } else {
        return None;
    };
    let ok = id.starts_with('@') && id.contains(':') && !id.contains(char::is_whitespace) && id.len() <= 255;
    ok.then_some(id)
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 3 <= bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find(';').filter(|e| *e <= 10);
        let decoded = end.and_then(|end| {
            let name = &rest[1..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => name
                    .strip_prefix("#x")
                    .or_else(|| name.strip_prefix("#X"))
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            };
            c.map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
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

/// What a reaction key answers: `Some(true)` for ✅, `Some(false)` for ❌ (with or
/// without the emoji presentation selector U+FE0F), `None` for anything else.
pub fn reaction_answer(key: &str) -> Option<bool> {
    match key.trim().trim_end_matches('\u{fe0f}') {
        "✅" | "✔" | "👍" => Some(true),
        "❌" | "✖" | "👎" => Some(false),
        _ => None,
    }
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
    }

    #[test]
    fn check_marks_with_and_without_the_selector() {
        assert_eq!(reaction_answer("✅"), Some(true));
        assert_eq!(reaction_answer("✅\u{fe0f}"), Some(true));
        assert_eq!(reaction_answer("❌"), Some(false));
        assert_eq!(reaction_answer("❌\u{fe0f}"), Some(false));
        assert_eq!(reaction_answer("🎉"), None);
    }

    proptest::proptest! {
        /// Whatever people send, reading it never panics, and pills stay whole.
        #[test]
        fn any_message_reads(body in ".{0,80}", html in "[<>a-z/=\"'&;#%@:. ✅\u{fe0f}]{0,80}") {
            let _ = command_line(&body, Some(&html));
            let _ = command_line(&body, None);
            let _ = reaction_answer(&body);
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
