//! The addresses of the web pages: where a game's page, its pictures, a community's
//! and a tournament's page are, and the links chat messages carry. Apart from the
//! pages themselves ([`super::pages`]) so that the outbox, which links its messages,
//! does not depend on what the pages read.

use sha2::{Digest, Sha256};

use super::boards::BOT;
use super::people::picture_name;
use super::types::GameLinks;
use super::{Inner, Message, Picture, Reply};
use crate::lang::Lang;
use crate::store::{self, GameRecord, Millis, Store, StoreError};

/// Builds the URLs of the pages under a base address (`[web] public_url`, or
/// `http://ADDR` of `--web`), without a trailing slash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Links {
    base: String,
}

impl Links {
    /// Links under `base` (`https://boards.example.org`, or a path prefix such as
    /// `https://example.org/boardbot`); a trailing `/` is dropped.
    pub fn new(base: &str) -> Links {
        Links { base: base.trim_end_matches('/').to_string() }
    }

    /// Links as paths from the server's root (`/g/…`), for the pages' own links.
    pub fn relative() -> Links {
        Links { base: String::new() }
    }

    /// A game's page at its last move.
    pub fn game(&self, token: &str) -> String {
        format!("{}/g/{token}", self.base)
    }

    /// A game's page at move `ply`.
    pub fn game_at(&self, token: &str, ply: u32) -> String {
        format!("{}/g/{token}/{ply}", self.base)
    }

    /// A board's picture.
    pub fn board(&self, token: &str, ply: u32, key: &str, lang: Lang) -> String {
        format!("{}/g/{token}/{ply}-{key}-{}.png", self.base, lang.code())
    }

    /// A board as SVG, the same picture as [`Links::board`]'s PNG (the game's page
    /// shows it).
    pub fn board_svg(&self, token: &str, ply: u32, key: &str, lang: Lang) -> String {
        format!("{}/g/{token}/{ply}-{key}-{}.svg", self.base, lang.code())
    }

    /// A game's replay.
    pub fn replay(&self, token: &str, key: &str, lang: Lang) -> String {
        format!("{}/g/{token}/replay-{key}-{}.gif", self.base, lang.code())
    }

    /// A game's live events.
    pub fn events(&self, token: &str) -> String {
        format!("{}/g/{token}/events", self.base)
    }

    /// A community's page.
    pub fn community(&self, token: &str) -> String {
        format!("{}/c/{token}", self.base)
    }

    /// A tournament's page.
    pub fn tournament(&self, token: &str) -> String {
        format!("{}/t/{token}", self.base)
    }
}

/// The links of the game `public_id` under `links`, read from `store` at `now`
/// (`None`: it has no move `ply`). Gives the game its token if it has none yet (a
/// game made before the web pages existed): a write, once.
pub(crate) fn links_in(
    store: &Store,
    now: Millis,
    public_id: &str,
    ply: Option<u32>,
    links: &Links,
    lang: Lang,
) -> Result<Option<GameLinks>, StoreError> {
    let record = store.find_game(public_id)?;
    let ply = ply.unwrap_or(record.ply);
    if ply > record.ply {
        return Ok(None);
    }
    let game = record.id;
    let known = store.read_once(|tx| store::game_link(tx, game))?;
    let token = match known {
        Some(token) => token,
        None => store.write(move |tx| store::issue_game_link(tx, game, now))?,
    };
    Ok(Some(GameLinks {
        page: links.game(token.as_str()),
        board: links.board(token.as_str(), ply, &picture_key(&record, ply), lang),
        replay: links.replay(token.as_str(), &replay_key(&record), lang),
    }))
}

/// Fills in [`Reply::web`] when this bot serves web pages: the links of the
/// game the reply shows (its board, its replay) or names (a "your move" notice).
/// Without them the reply goes as it would without web pages (logged).
pub(crate) fn link(inner: &Inner, reply: &mut Reply) {
    let about = match (&reply.picture, &reply.message) {
        (Some(Picture::Board(b)), _) => b.game.as_deref().map(|g| (g, Some(b.ply))),
        (Some(Picture::Replay(r)), _) => Some((r.game.as_str(), None)),
        (_, Message::Attention { game, ply, .. }) => Some((game.id.as_str(), Some(*ply))),
        _ => None,
    };
    if let Some((game, ply)) = about {
        reply.web = game_links(inner, game, ply, reply.lang);
    }
}

/// The links of the game `public_id` (the board of move `ply`, default the last, in
/// `lang`) under the address the pages are reached at; `None` when this bot serves
/// no web pages, the game has no such move, or the links cannot be had (logged).
pub(crate) fn game_links(inner: &Inner, public_id: &str, ply: Option<u32>, lang: Lang) -> Option<GameLinks> {
    let base = inner.options.web_url.as_deref()?;
    links_in(&inner.store, inner.clock.now(), public_id, ply, &Links::new(base), lang).unwrap_or_else(|e| {
        tracing::warn!("no web links for game {public_id}: {e}");
        None
    })
}

/// The players' names as pictures write them.
pub(crate) fn names(record: &GameRecord) -> Vec<String> {
    (0..record.seats.len()).map(|i| picture_name(record, i, BOT)).collect()
}

/// A short hash of what a picture of `record` shows, as 16 hex digits.
fn key_of(record: &GameRecord, upto: u32, whole: bool) -> String {
    let mut hash = Sha256::new();
    let mut field = |bytes: &[u8]| {
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(bytes);
    };
    field(record.kind.name().as_bytes());
    field(record.settings.as_bytes());
    field(record.start_code.as_deref().unwrap_or("").as_bytes());
    for name in names(record) {
        field(name.as_bytes());
    }
    for m in record.moves.iter().take_while(|m| m.ply <= upto) {
        field(m.text.as_bytes());
    }
    // How the game ended shows on its last picture and in its replay's last frame;
    // a game that goes on adds nothing, so a move's picture keeps its version when
    // the next move is played.
    if let Some(result) = record.result.as_ref().filter(|_| whole || upto == record.ply) {
        field(format!("{}:{:?}", result.end_reason.key(), result.places).as_bytes());
    }
    let digest = hash.finalize();
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// The version of the board picture of `record` after move `ply`.
pub(crate) fn picture_key(record: &GameRecord, ply: u32) -> String {
    key_of(record, ply, false)
}

/// The version of `record`'s replay.
pub(crate) fn replay_key(record: &GameRecord) -> String {
    key_of(record, record.ply, true)
}

/// Whether `key` could be a picture's version (16 lower-case hex digits).
pub fn is_key(key: &str) -> bool {
    key.len() == 16 && key.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
