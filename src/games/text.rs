//! Small parsing helpers shared by the position codes.

/// Splits a position code into exactly `n` space-separated fields, or says how many
/// it has.
pub fn split_fields(code: &str, n: usize) -> Result<Vec<&str>, usize> {
    let fields: Vec<&str> = code.split_whitespace().collect();
    if fields.len() == n {
        Ok(fields)
    } else {
        Err(fields.len())
    }
}

/// Parses a canonical decimal counter: digits only, no sign, no leading zero.
pub fn parse_counter(text: &str) -> Option<u32> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
