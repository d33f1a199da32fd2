//! The web pages' links: each game's unguessable token, and the communities whose page
//! is on, each under a token of its own (`migrations/013_web_links.sql`).
//!
//! A token is 128 bits from the system's secure random source, written in lower-case
//! base32 (26 characters): a link cannot be guessed from a game's 4-character public
//! id, nor from another link. A game gets its token in the transaction that creates
//! it ([`super::create_game`]); games made before the table existed get theirs when
//! first needed ([`game_link`] with `issue`), and all of a community's when its page
//! is turned on, so that reading a page never writes.

use super::error::StoreError;
use super::model::{CommunityId, GameId, Millis, Status};
use super::sql::{args, Transaction};

/// The bytes of randomness in a token: 128 bits, more than the 96 the issue asks.
const TOKEN_BYTES: usize = 16;
/// The length of a token as written: 128 bits in base32, without padding.
pub const TOKEN_LEN: usize = 26;

/// An unguessable link token (`k3v…`, 26 characters of `a`–`z` and `2`–`7`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token(String);

impl Token {
    /// A new token from the system's secure random source.
    pub fn draw() -> Result<Token, StoreError> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes)
            .map_err(|e| StoreError::Internal(format!("no secure randomness for a web link: {e}")))?;
        Ok(Token(data_encoding::BASE32_NOPAD.encode(&bytes).to_ascii_lowercase()))
    }

    /// Reads a token from a URL: exactly its length and alphabet, else `None` (so a
    /// malformed link is refused before any query).
    pub fn parse(text: &str) -> Option<Token> {
        let ok = text.len() == TOKEN_LEN && text.bytes().all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b));
        ok.then(|| Token(text.to_string()))
    }

    /// The token as written in URLs.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Gives `game` its token, unless it has one; returns the game's token.
pub fn issue_game_link(tx: &Transaction, game: GameId, now: Millis) -> Result<Token, StoreError> {
    if let Some(token) = game_link(tx, game)? {
        return Ok(token);
    }
    let token = Token::draw()?;
    tx.execute(
        "INSERT INTO game_links (game_id, token, created_at) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO NOTHING",
        args![game, token.as_str(), now],
    )?;
    // Another worker may have given it one meanwhile (PostgreSQL): theirs stands.
    game_link(tx, game)?.ok_or_else(|| StoreError::Internal(format!("game {} has no web link", game.0)))
}

/// The token of `game`, if it has one.
pub fn game_link(tx: &Transaction, game: GameId) -> Result<Option<Token>, StoreError> {
    tx.query_opt("SELECT token FROM game_links WHERE game_id = $1", args![game])?
        .map(|r| r.get::<String>(0).map(Token))
        .transpose()
}

/// The game a token opens, if any.
pub fn game_of_link(tx: &Transaction, token: &Token) -> Result<Option<GameId>, StoreError> {
    tx.query_opt("SELECT game_id FROM game_links WHERE token = $1", args![token.as_str()])?
        .map(|r| r.get(0))
        .transpose()
}

/// Turns `community`'s page on: its token (the one it has, or a new one), after giving
/// each of its games without a token one, so that the page lists them without writing.
pub fn turn_page_on(tx: &Transaction, community: CommunityId, now: Millis) -> Result<Token, StoreError> {
    let untokened: Vec<GameId> = tx
        .query(
            "SELECT g.id FROM games g LEFT JOIN game_links l ON l.game_id = g.id
             WHERE g.community_id = $1 AND l.game_id IS NULL",
            args![community],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect::<Result<_, _>>()?;
    for game in untokened {
        issue_game_link(tx, game, now)?;
    }
    if let Some(token) = community_page(tx, community)? {
        return Ok(token);
    }
    let token = Token::draw()?;
    tx.execute(
        "INSERT INTO community_pages (community_id, token, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (community_id) DO NOTHING",
        args![community, token.as_str(), now],
    )?;
    community_page(tx, community)?.ok_or_else(|| StoreError::Internal(format!("community {} has no page", community.0)))
}

/// Turns `community`'s page off: its link answers 404 from now on. Whether it was on.
pub fn turn_page_off(tx: &Transaction, community: CommunityId) -> Result<bool, StoreError> {
    Ok(tx.execute("DELETE FROM community_pages WHERE community_id = $1", args![community])? > 0)
}

/// The token of `community`'s page while it is on.
pub fn community_page(tx: &Transaction, community: CommunityId) -> Result<Option<Token>, StoreError> {
    tx.query_opt("SELECT token FROM community_pages WHERE community_id = $1", args![community])?
        .map(|r| r.get::<String>(0).map(Token))
        .transpose()
}

/// The community whose page a token opens, while that page is on.
pub fn community_of_page(tx: &Transaction, token: &Token) -> Result<Option<CommunityId>, StoreError> {
    tx.query_opt("SELECT community_id FROM community_pages WHERE token = $1", args![token.as_str()])?
        .map(|r| r.get(0))
        .transpose()
}

/// The name the platform gave `community`, if any.
pub fn community_name(tx: &Transaction, community: CommunityId) -> Result<Option<String>, StoreError> {
    Ok(tx
        .query_opt("SELECT name FROM communities WHERE id = $1", args![community])?
        .map(|r| r.get(0))
        .transpose()?
        .flatten())
}

/// What tells that a game changed, for the live pages: its moves played and taken
/// back, whether it is over, and when its row last changed (a draw offer, an ending).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameVersion {
    /// Moves played.
    pub ply: u32,
    /// Moves ever taken back.
    pub takebacks: i64,
    /// Whether it goes on.
    pub status: Status,
    /// When its row last changed.
    pub updated_at: Millis,
}

/// The version of `game`, one indexed row (what a live page polls); `None` once gone.
pub fn game_version(tx: &Transaction, game: GameId) -> Result<Option<GameVersion>, StoreError> {
    tx.query_opt("SELECT ply, takebacks, status, updated_at FROM games WHERE id = $1", args![game])?
        .map(|r| {
            Ok(GameVersion {
                ply: r.get(0)?,
                takebacks: r.get(1)?,
                status: if r.get::<String>(2)? == "over" { Status::Over } else { Status::Ongoing },
                updated_at: r.get(3)?,
            })
        })
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_parse_back() {
        let a = Token::draw().expect("random");
        let b = Token::draw().expect("random");
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), TOKEN_LEN);
        assert_eq!(Token::parse(a.as_str()), Some(a.clone()));
        for bad in
            ["", "K7Q2", &a.as_str().to_ascii_uppercase(), &a.as_str()[1..], &format!("{a}a"), "../../etc/passwd"]
        {
            assert_eq!(Token::parse(bad), None, "{bad:?}");
        }
        let mut with_one = a.as_str().to_string();
        with_one.replace_range(0..1, "1");
        assert_eq!(Token::parse(&with_one), None, "1 is not base32");
    }
}
