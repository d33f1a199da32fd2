//! Where the data is: an SQLite file, or a PostgreSQL database named by its URL.
//!
//! A URL may hold a password; it is shown (in `Display`, `Debug`, logs and errors)
//! with the password replaced by `***`, and given whole only to the client that
//! connects.

use std::fmt;
use std::path::PathBuf;

/// The database a store opens.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file (created with the latest schema when missing).
    Sqlite(PathBuf),
    /// A PostgreSQL database (its schema brought up to date at start).
    Postgres(PostgresUrl),
}

impl Database {
    /// What someone wrote in `--db`, `[storage]` or `BOARDBOT_DATABASE_URL`: a
    /// `postgres://` or `postgresql://` URL names a PostgreSQL database, anything else
    /// an SQLite file.
    pub fn parse(text: &str) -> Database {
        match PostgresUrl::parse(text) {
            Some(url) => Database::Postgres(url),
            None => Database::Sqlite(PathBuf::from(text)),
        }
    }

    /// The SQLite file, if this is one.
    pub fn sqlite_path(&self) -> Option<&std::path::Path> {
        match self {
            Database::Sqlite(p) => Some(p),
            Database::Postgres(_) => None,
        }
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(p) => write!(f, "{}", p.display()),
            Database::Postgres(url) => write!(f, "{url}"),
        }
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(p) => f.debug_tuple("Sqlite").field(p).finish(),
            Database::Postgres(url) => f.debug_tuple("Postgres").field(url).finish(),
        }
    }
}

/// A PostgreSQL connection URL, `postgres://user:password@host:5432/boardbot`. Shown
/// without its password.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresUrl(String);

impl PostgresUrl {
    /// `text` as a PostgreSQL URL, when it starts with `postgres://` or
    /// `postgresql://` (in any case).
    pub fn parse(text: &str) -> Option<PostgresUrl> {
        let t = text.trim();
        let lower = t.get(..13).unwrap_or(t).to_ascii_lowercase();
        (lower.starts_with("postgres://") || lower.starts_with("postgresql://")).then(|| PostgresUrl(t.to_string()))
    }

    /// The whole URL, password included: only for the client that connects.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The URL with any password replaced by `***`.
    pub fn redacted(&self) -> String {
        redact(&self.0)
    }
}

impl fmt::Display for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

impl fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.redacted())
    }
}

/// `url` without the password of its user part (`user:secret@`) nor of a `password=`
/// parameter. Errs on the side of hiding: a user part is everything before the last
/// `@` that comes before the parameters, so a password holding an unescaped `/` or
/// `@` is hidden whole.
fn redact(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else { return "***".to_string() };
    let (scheme, rest) = url.split_at(scheme_end);
    let (before_query, query) = match rest.find('?') {
        Some(q) => rest.split_at(q),
        None => (rest, ""),
    };
    let mut out = scheme.to_string();
    match before_query.rfind('@') {
        Some(at) => {
            let (userinfo, host) = before_query.split_at(at);
            match userinfo.find(':') {
                Some(colon) => {
                    out.push_str(&userinfo[..colon]);
                    out.push_str(":***");
                }
                None => out.push_str(userinfo),
            }
            out.push_str(host);
        }
        None => out.push_str(before_query),
    }
    if let Some(params) = query.strip_prefix('?') {
        let hidden: Vec<String> = params
            .split('&')
            .map(|kv| match kv.split_once('=') {
                Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
                _ => kv.to_string(),
            })
            .collect();
        out.push('?');
        out.push_str(&hidden.join("&"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_postgres_and_anything_else_a_file() {
        assert!(matches!(Database::parse("postgres://u@h/db"), Database::Postgres(_)));
        assert!(matches!(Database::parse("PostgreSQL://u@h/db"), Database::Postgres(_)));
        assert_eq!(Database::parse("data/boardbot.sqlite"), Database::Sqlite(PathBuf::from("data/boardbot.sqlite")));
        assert_eq!(Database::parse("postgres.sqlite"), Database::Sqlite(PathBuf::from("postgres.sqlite")));
    }

    #[test]
    fn passwords_never_show() {
        let cases = [
            ("postgres://bob:s3cret@db.example:5432/boardbot", "postgres://bob:***@db.example:5432/boardbot"),
            ("postgres://bob@db/boardbot", "postgres://bob@db/boardbot"),
            ("postgres://db/boardbot?user=bob&password=s3cret", "postgres://db/boardbot?user=bob&password=***"),
            ("postgresql://bob:s3/cr@t@db/boardbot", "postgresql://bob:***@db/boardbot"),
            ("postgres://:s3cret@db/x", "postgres://:***@db/x"),
        ];
        for (url, shown) in cases {
            let db = Database::parse(url);
            assert_eq!(db.to_string(), shown);
            assert!(!format!("{db:?}").contains("s3"), "{db:?}");
        }
    }
}
