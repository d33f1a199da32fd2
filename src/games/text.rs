//! Small parsing helpers shared by the position codes.

/// Splits a position code into exactly `n` space-separated fields, or says how many
/// it has.
pub(crate) fn split_fields(code: &str, n: usize) -> Result<Vec<&str>, usize> {
    let fields: Vec<&str> = code.split_whitespace().collect();
    if fields.len() == n {
        Ok(fields)
    } else {
        Err(fields.len())
    }
}

/// Parses a canonical decimal counter: digits only, no sign, no leading zero.
pub(crate) fn parse_counter(text: &str) -> Option<u32> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'))
        && text.len() <= 9;
    if canonical {
        text.parse().ok()
    } else {
        None
    }
}

/// The most characters of someone's input an error message quotes.
const EXCERPT_CHARS: usize = 40;

/// What a message may quote of a text someone typed: at most a few characters,
/// control characters and quotes escaped (so a terminal or a chat shows them as
/// text), and `…` where it was cut.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(EXCERPT_CHARS) {
        if c.is_control() || c == '"' || c == '\\' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt("a6-E"), "a6-E");
        assert_eq!(excerpt("a6-E\x1b[31mRED"), "a6-E\\u{1b}[31mRED");
        assert_eq!(excerpt(&"x".repeat(130_000)), format!("{}…", "x".repeat(EXCERPT_CHARS)));
        assert_eq!(excerpt("say \"hi\"\n"), "say \\\"hi\\\"\\n");
        assert_eq!(excerpt("红".repeat(50).as_str()).chars().count(), EXCERPT_CHARS + 1);
    }

    #[test]
    fn counters_are_canonical() {
        assert_eq!(parse_counter("0"), Some(0));
        assert_eq!(parse_counter("13"), Some(13));
        assert_eq!(parse_counter("07"), None);
        assert_eq!(parse_counter("-1"), None);
        assert_eq!(parse_counter("+1"), None);
        assert_eq!(parse_counter(""), None);
        assert_eq!(parse_counter("9999999999"), None);
    }

    #[test]
    fn fields_are_counted() {
        assert_eq!(split_fields("a b  c", 3), Ok(vec!["a", "b", "c"]));
        assert_eq!(split_fields("a b", 3), Err(2));
    }
}
